package kernels

import (
	"math"
	"testing"
)

// TestLaneEfficiency checks the model on walks whose figures are known.
func TestLaneEfficiency(t *testing.T) {
	same := make([]int64, 64)
	for i := range same {
		same[i] = 64
	}
	// One walk of 100 steps, then 63 of one step. Waiting for the longest:
	// 100 warp steps for the first 32 mazes, 1 for the next 32. In rounds
	// of 32 the short walks fill the other lanes while the long one goes
	// on (31 in each of the first two rounds, the last in the third), so
	// the warp takes 32+32+32+4 steps; in rounds of 1, 100.
	skew := []int64{100}
	for range 63 {
		skew = append(skew, 1)
	}
	// Lane 0's first walk is 96 steps, every other walk 32. Waiting for
	// the longest: 96 + 32 warp steps. In rounds of 32: the 31 other lanes
	// take the next 31 mazes in round 2 and the last one in round 3, while
	// lane 0 ends its walk: 96 warp steps.
	first := []int64{96}
	for range 63 {
		first = append(first, 32)
	}
	for _, c := range []struct {
		name            string
		turns           []int64
		refill          int
		longest, rounds float64
	}{
		{"equal walks", same, 32, 1, 1},
		{"one long walk", skew, 32, 163.0 / (32 * 101), 163.0 / (32 * (32 + 32 + 32 + 4))},
		{"one long walk, refill 1", skew, 1, 163.0 / (32 * 101), 163.0 / (32 * 100)},
		{"one walk three times as long", first, 32, 2112.0 / (32 * 128), 2112.0 / (32 * 96)},
		{"nothing", nil, 32, 1, 1},
	} {
		longest, rounds := LaneEfficiency(c.turns, c.refill)
		if math.Abs(longest-c.longest) > 1e-12 || math.Abs(rounds-c.rounds) > 1e-12 {
			t.Errorf("%s: got %.6f, %.6f; want %.6f, %.6f", c.name, longest, rounds, c.longest, c.rounds)
		}
	}
}
