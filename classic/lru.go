package classic

import "slices"

// LRUWalk is §3.3, the least recently used door walk: every door starts
// marked 0; the walker leaves its cell through the door with the lowest
// mark (ties broken at random, or in Options.Order with FixedTies), and
// the i-th move marks both sides of the door it passed with i.
//
// With fixed ties the walk is deterministic, and its future depends only
// on its cell and, in every cell, on the order of that cell's marks (a new
// mark is always the largest). The walk checks that state for repeats
// with Brent's method and reports a repeat as a loop; the loop start it
// reports is a move from which the walk is periodic (not always the
// first). A random walk is bounded by the cap. A goal the start cannot
// reach is reported unreachable without walking (cutOff), with either tie
// rule.
func LRUWalk(nav *Nav, opt Options) Result {
	if res, ok := cutOff(nav, opt); ok {
		return res
	}
	t := newTrail(nav, opt)
	s := newLRUStepper(nav, opt.Rand, opt.order(), opt.FixedTies)
	p := nav.Start
	detect := opt.FixedTies
	var (
		power, lam int64 = 1, 0
		tortP            = p
		tortKey          = lruKey(nav, s.marks, p)
		tortStep   int64
	)
	for p != nav.Goal {
		if t.steps >= opt.cap() {
			return t.result(Capped)
		}
		if p = s.Step(p); p < 0 {
			return t.result(Stuck)
		}
		t.move(p)
		if !detect {
			continue
		}
		lam++
		if p == tortP && string(lruKey(nav, s.marks, p)) == string(tortKey) {
			r := t.result(Looped)
			r.LoopStart, r.LoopLength = tortStep, lam
			return r
		}
		if lam == power {
			tortP, tortKey, tortStep = p, lruKey(nav, s.marks, p), t.steps
			power *= 2
			lam = 0
		}
	}
	return t.result(Reached)
}

// lruKey encodes the LRU walker's state: its cell and, for every cell, the
// dense rank of each passable door's mark among that cell's doors (255 for
// sides without a passable door).
func lruKey(nav *Nav, marks [][4]int64, p int) []byte {
	key := make([]byte, 0, 4+4*len(marks))
	key = append(key, byte(p), byte(p>>8), byte(p>>16), byte(p>>24))
	var vals []int64
	for c := range marks {
		vals = vals[:0]
		for d := range 4 {
			if nav.Next[c][d] >= 0 {
				vals = append(vals, marks[c][d])
			}
		}
		slices.Sort(vals)
		vals = slices.Compact(vals)
		for d := range 4 {
			if nav.Next[c][d] < 0 {
				key = append(key, 255)
				continue
			}
			key = append(key, byte(slices.Index(vals, marks[c][d])))
		}
	}
	return key
}
