package dispatch

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestMoveWeights checks GridProblem.MoveWeights against the reference
// walk's heat: (visits + 1)^alpha for a cell move, 1 for an end move and
// for every move of an infeasible maze.
func TestMoveWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for i := 0; i < 200; i++ {
		prob, _ := openGridProblem(t, 2+rng.IntN(9), 2+rng.IntN(9), i%2 == 0, 0, 0)
		g := prob.Random(rng)
		alpha := []float64{0.5, 1, 2}[i%3]
		w := prob.MoveWeights(g, alpha)
		if len(w) != prob.Moves(g) {
			t.Fatalf("%d weights for %d moves", len(w), prob.Moves(g))
		}
		cfg := prob.ConfigOf(g)
		cfg.Heat = true
		res, err := mousemaze.Walk(g.Maze(prob.Rows, prob.Cols), cfg)
		feasible := err == nil && res.Escaped
		cells, _, _ := prob.cellMoves(g)
		for m, x := range w {
			want := 1.0
			if feasible && m < cells {
				want = math.Pow(float64(res.Heat[prob.Site(g, m)])+1, alpha)
			}
			if x != want {
				t.Fatalf("%dx%d move %d (feasible %v): weight %v, want %v", prob.Rows, prob.Cols, m, feasible, x, want)
			}
		}
	}
}

// TestHeatMoves checks heatMoves' draws: in proportion to the weights
// (100,000 draws of one move with weights 1, 2, 3, 4), and distinct sites.
func TestHeatMoves(t *testing.T) {
	ev := refEvaluator(t)
	p, err := PresetFor(ProblemGrid, AlgoILS)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.KickHeat, p.Evals = 3, 2, 1, 10 // 4 cell moves
	s, err := New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := Grid{Walls: make([]uint64, 3)}
	cum := []float64{1, 3, 6, 10}
	counts := make([]int, 4)
	const n = 100000
	for range n {
		counts[s.heatMoves(g, cum, 1)[0]]++
	}
	for m, c := range counts {
		if want := float64(m+1) / 10; math.Abs(float64(c)/n-want) > 0.01 {
			t.Errorf("move %d drawn %.4f of the time, want %.2f", m, float64(c)/n, want)
		}
	}
	for range 100 {
		moves := s.heatMoves(g, cum, 3)
		if len(moves) != 3 || moves[0] == moves[1] || moves[0] == moves[2] || moves[1] == moves[2] {
			t.Fatalf("heatMoves(3) = %v", moves)
		}
	}
}

// TestKickHeatResume checks that an ils search with heat-guided kicks,
// interrupted and resumed from JSON, ends in the state of one never
// interrupted, and that the kicks do change the search.
func TestKickHeatResume(t *testing.T) {
	ev := refEvaluator(t)
	p, err := PresetFor(ProblemGrid, AlgoILS)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.Seed, p.Evals, p.Deepen, p.KickHeat = 7, 7, 4, 20000, 0, 1
	want := stateJSON(t, runToEnd(t, p, ev))
	if got := stateJSON(t, interruptAt(t, p, ev, func(s *Search) bool { return s.Evals() >= p.Evals/2 })); got != want {
		t.Error("the resumed search ends in another state")
	}
	p.KickHeat = 0
	if stateJSON(t, runToEnd(t, p, ev)) == want {
		t.Error("--kick-heat 1 ends in the state of uniform kicks")
	}
}
