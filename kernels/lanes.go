package kernels

// LaneEfficiency models how busy a warp's 32 lanes are when a warp walks
// mazes whose walks take turns[i] steps, in that order: the share of lane
// steps that move a mouse. It returns two figures:
//   - longest, for lanes that wait for their warp's longest walk (the warp
//     takes 32 mazes, walks until all have ended, then takes 32 more), as
//     a kernel whose threads reconverge after their walk loop does;
//   - rounds, for lanes refilled in rounds of refill steps as walk.cu's
//     are (RefillSteps): at the start of a round every lane without a
//     mouse takes the next maze, and the round lasts until every lane has
//     walked refill steps or ended its walk.
//
// It counts steps only (not the refills' loading and feasibility work),
// so it is a model of the kernels, not a measurement of them.
func LaneEfficiency(turns []int64, refill int) (longest, rounds float64) {
	var useful int64
	for _, t := range turns {
		useful += t
	}
	if useful == 0 || refill < 1 {
		return 1, 1
	}
	var warpSteps int64
	for i := 0; i < len(turns); i += 32 {
		var m int64
		for _, t := range turns[i:min(i+32, len(turns))] {
			m = max(m, t)
		}
		warpSteps += m
	}
	longest = float64(useful) / float64(32*warpSteps)

	var left [32]int64 // steps left of each lane's walk; 0: no mouse
	next := 0
	warpSteps = 0
	for {
		live := false
		for l := range left {
			if left[l] == 0 && next < len(turns) {
				left[l] = turns[next]
				next++
			}
			live = live || left[l] > 0
		}
		if !live {
			break
		}
		var round int64
		for l := range left {
			s := min(left[l], int64(refill))
			left[l] -= s
			round = max(round, s)
		}
		warpSteps += round
	}
	rounds = float64(useful) / float64(32*warpSteps)
	return longest, rounds
}
