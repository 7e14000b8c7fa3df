package neural

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze/classic"
)

// The move nodes inhibit each other until one is left: the strongest
// input wins; walls (−∞) never win; with no positive input the strongest
// input is taken.
func TestWinnerTakeAll(t *testing.T) {
	inf := math.Inf(-1)
	tests := []struct {
		in   [Moves]float64
		want int
	}{
		{[Moves]float64{0.5, inf, 0.7, inf}, 2},
		{[Moves]float64{0.9, 0.2, 0.3, 0.1}, 0},
		{[Moves]float64{-0.5, inf, -0.7, -0.2}, 3},
		{[Moves]float64{inf, inf, inf, -40}, 3},
		{[Moves]float64{0.5, inf, 0.5, inf}, 0}, // a tie stays a tie: the first active node
	}
	for _, tc := range tests {
		if got := winnerTakeAll(tc.in, 0.3); got != tc.want {
			t.Errorf("winnerTakeAll(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// The net never tries a wall: on a 1x3 corridor every cell type leaves
// one or two ways, and every move it makes is possible; with the goal one
// door away from a dead-end start it needs exactly one move.
func TestRunMovesOnlyThroughDoors(t *testing.T) {
	b := classic.NewBoard(classic.SpanningTree(1, 2, classic.NewRand(1)))
	net := New(DefaultParams(), rand.New(rand.NewPCG(1, 2)))
	if ok, steps := net.Run(b.Nav(), 10); !ok || steps != 1 {
		t.Errorf("1x2: reached %v in %d, want true in 1", ok, steps)
	}
	for seed := range 5 {
		m := classic.SpanningTree(6, 6, classic.NewRand(uint64(seed)))
		nav := classic.NewBoard(m).Nav()
		net := New(DefaultParams(), rand.New(rand.NewPCG(uint64(seed), 2)))
		net.Reset()
		p := nav.Start
		for range 500 {
			d := net.Choose(doorMask(nav, p))
			if nav.Next[p][d] < 0 {
				t.Fatalf("seed %d: move %v into a wall", seed, classic.Dir(d))
			}
			p = nav.Next[p][d]
			net.Observe(doorMask(nav, p), p == nav.Goal)
		}
		for _, w := range [][][]float64{net.wd, net.wm, net.wp} {
			for _, row := range w {
				for _, v := range row {
					if math.IsNaN(v) || math.Abs(v) > 20 {
						t.Fatalf("seed %d: weight %v", seed, v)
					}
				}
			}
		}
	}
}

// The measurement is reproducible: the same seed gives the same trials.
func TestMeasureReproducible(t *testing.T) {
	a := Measure(DefaultParams(), 3, 4, 4, 2, 200, 9)
	b := Measure(DefaultParams(), 3, 4, 4, 2, 200, 9)
	for k := range a {
		if !slices.Equal(a[k].NetSteps, b[k].NetSteps) || a[k].RandSteps != b[k].RandSteps {
			t.Fatalf("trial %d differs: %+v, %+v", k, a[k], b[k])
		}
		// A run that reaches the corner of a 4x4 maze needs at least 6
		// moves; one that does not stops at the cap.
		for e, ok := range a[k].NetReached {
			if s := a[k].NetSteps[e]; ok && (s < 6 || s > 200) || !ok && s != 200 {
				t.Fatalf("trial %d episode %d: reached %v after %d", k, e, ok, s)
			}
		}
	}
}

// Summaries count successes and average their steps: two trials, the
// first reaching in 10 then failing, the second in 20 then 30; the random
// walk reaches in 40 and fails.
func TestSummarize(t *testing.T) {
	trials := []Trial{
		{NetReached: []bool{true, false}, NetSteps: []int64{10, 99}, RandReached: true, RandSteps: 40},
		{NetReached: []bool{true, true}, NetSteps: []int64{20, 30}, RandReached: false, RandSteps: 99},
	}
	net, random := Summarize(trials)
	want := []Summary{{2, 2, 15}, {1, 2, 30}}
	if !slices.Equal(net, want) || random != (Summary{1, 2, 40}) {
		t.Errorf("net %v random %v, want %v and {1 2 40}", net, random, want)
	}
}

// TestParamsCheck wants the default parameters accepted and each bound
// enforced.
func TestParamsCheck(t *testing.T) {
	if err := DefaultParams().Check(); err != nil {
		t.Errorf("default: %v", err)
	}
	for _, f := range []func(*Params){
		func(p *Params) { p.Hidden = 0 }, func(p *Params) { p.Trace = -1 }, func(p *Params) { p.Rate = -0.1 },
		func(p *Params) { p.Reward = -1 }, func(p *Params) { p.Noise = -1 }, func(p *Params) { p.Inhibition = 0 },
	} {
		p := DefaultParams()
		f(&p)
		if p.Check() == nil {
			t.Errorf("%+v: no error", p)
		}
	}
}
