package classic

// RandomWalk is §3.1: from the start, move through a door chosen at random
// until the goal is reached or the cap is hit. A goal the start cannot
// reach is reported unreachable without walking (cutOff).
func RandomWalk(nav *Nav, opt Options) Result {
	if res, ok := cutOff(nav, opt); ok {
		return res
	}
	t := newTrail(nav, opt)
	s := &randomStepper{nav: nav, rng: opt.Rand}
	for p := nav.Start; p != nav.Goal; {
		if t.steps >= opt.cap() {
			return t.result(Capped)
		}
		if p = s.Step(p); p < 0 {
			return t.result(Stuck)
		}
		t.move(p)
	}
	return t.result(Reached)
}

// handStep returns the hand walker's next heading from cell p facing h:
// with the left hand on the wall it tries left, ahead, right, back in
// turn (the right hand mirrors it); ok is false when no move exists.
func handStep(nav *Nav, p int, h Dir, left bool) (Dir, bool) {
	try := [4]Dir{h.Left(), h, h.Right(), h.Back()}
	if !left {
		try = [4]Dir{h.Right(), h, h.Left(), h.Back()}
	}
	for _, d := range try {
		if nav.Next[p][d] >= 0 {
			return d, true
		}
	}
	return 0, false
}

// handMove makes the hand walker's move from cell p facing h (handStep)
// and returns the new cell and heading; ok is false when no move exists.
func (t *trail) handMove(nav *Nav, p int, h Dir, left bool) (int, Dir, bool) {
	d, ok := handStep(nav, p, h, left)
	if !ok {
		return p, h, false
	}
	t.move(nav.Next[p][d])
	return nav.Next[p][d], d, true
}

// HandWalk is §3.2: keep the left (or right) hand on the wall and walk.
// The walker's state is its cell and heading, so a repeated state means
// it would walk the same loop forever: that is reported as a loop with the
// move at which the loop starts and its length.
func HandWalk(nav *Nav, left bool, opt Options) Result {
	t := newTrail(nav, opt)
	p, h := nav.Start, opt.Heading
	first := make([]int64, 4*nav.Cells()) // move+1 at which each state was first held
	for p != nav.Goal {
		s := 4*p + int(h)
		if first[s] > 0 {
			r := t.result(Looped)
			r.LoopStart, r.LoopLength = first[s]-1, t.steps-(first[s]-1)
			return r
		}
		first[s] = t.steps + 1
		var ok bool
		if p, h, ok = t.handMove(nav, p, h, left); !ok {
			return t.result(Stuck)
		}
	}
	return t.result(Reached)
}

// SwitchWalk is §3.2's improvement: walk with one hand, keeping track of
// where it has been; on coming back to a cell already visited with the
// same heading (the hand walk has closed a loop and would repeat it), switch
// hands and start a fresh record. The walk after a switch depends only on
// the cell, heading and hand at the switch, so when such a switch state
// repeats the whole walk is periodic and is reported as a loop.
func SwitchWalk(nav *Nav, left bool, opt Options) Result {
	t := newTrail(nav, opt)
	p, h := nav.Start, opt.Heading
	n := nav.Cells()
	mark := make([]int64, 4*n) // epoch in which the state was held
	epoch := int64(1)
	switches := map[int]int64{} // switch state → move at which it happened
	for p != nav.Goal {
		s := 4*p + int(h)
		if mark[s] == epoch {
			left = !left
			epoch++
			key := 2*s + map[bool]int{true: 1, false: 0}[left]
			if at, ok := switches[key]; ok {
				r := t.result(Looped)
				r.LoopStart, r.LoopLength = at, t.steps-at
				return r
			}
			switches[key] = t.steps
		}
		mark[s] = epoch
		var ok bool
		if p, h, ok = t.handMove(nav, p, h, left); !ok {
			return t.result(Stuck)
		}
	}
	return t.result(Reached)
}
