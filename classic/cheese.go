package classic

// Cheese is §3.6: the cheese in the goal cell spreads its aroma while the
// rat waits in the start cell. The total aroma rating (TAR) of the goal is
// always 1; every other cell starts at 0, and at each tick of simulated
// time its TAR becomes the average of its own and those of the cells one
// move away (so that on a board with one-way doors aroma flows against the
// moves and leads the rat along them). After each tick the rat moves to
// the neighbour with the strongest aroma when that is stronger than its own
// cell's (ties in Options.Order), and waits otherwise. Ticks are bounded
// by the cap. A goal the start cannot reach (its aroma never gets there)
// is reported unreachable without a tick (cutOff).
func Cheese(nav *Nav, opt Options) Result {
	if res, ok := cutOff(nav, opt); ok {
		return res
	}
	t := newTrail(nav, opt)
	n := nav.Cells()
	tar := make([]float64, n)
	next := make([]float64, n)
	tar[nav.Goal] = 1
	order := opt.order()
	p := nav.Start
	var ticks int64
	for p != nav.Goal {
		if ticks >= opt.cap() {
			res := t.result(Capped)
			res.Ticks = ticks
			return res
		}
		ticks++
		for i := range n {
			sum, k := tar[i], 1.0
			for _, j := range nav.Next[i] {
				if j >= 0 {
					sum += tar[j]
					k++
				}
			}
			next[i] = sum / k
		}
		next[nav.Goal] = 1
		tar, next = next, tar
		best, bestTAR := -1, tar[p]
		for _, d := range order {
			if j := nav.Next[p][d]; j >= 0 && tar[j] > bestTAR {
				best, bestTAR = j, tar[j]
			}
		}
		if best >= 0 {
			p = best
			t.move(p)
		}
	}
	res := t.result(Reached)
	res.Ticks = ticks
	return res
}
