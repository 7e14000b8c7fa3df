package dispatch

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestToward checks GridProblem.Toward on many random pairs of mazes:
// increasing moves, one per differing cell that is not an end of a, and
// applying them all to a gives b's walls wherever a's ends allow.
func TestToward(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 500; i++ {
		prob, _ := openGridProblem(t, 2+rng.IntN(12), 2+rng.IntN(12), i%2 == 1, 0, 0)
		a, b := prob.Random(rng), prob.Random(rng)
		moves := prob.Toward(a, b)
		if !slices.IsSorted(moves) {
			t.Fatalf("Toward = %v, not increasing", moves)
		}
		got := prob.Apply(a, moves...)
		for r := range got.Walls {
			for c := 0; c < prob.Cols; c++ {
				want := b.Walls[r]>>uint(c)&1 != 0
				if (r == 0 && c == a.Entry) || (r == prob.Rows-1 && c == a.Exit) {
					want = false // a's ends stay open
				}
				if g := got.Walls[r]>>uint(c)&1 != 0; g != want {
					t.Fatalf("%dx%d: cell (%d,%d) after Toward's moves: wall %v, want %v", prob.Rows, prob.Cols, r, c, g, want)
				}
			}
		}
		if !prob.FreeEnds && len(prob.Toward(got, b)) != 0 {
			t.Fatalf("Toward from a maze equal to b = %v", prob.Toward(got, b))
		}
	}
}

// TestRelink checks path relinking: the genome it returns is scored, lies
// strictly between home and other (closer to each than they are to each
// other), and an ils search with --crossover relink resumes exactly.
func TestRelink(t *testing.T) {
	ev := refEvaluator(t)
	p, err := PresetFor(ProblemGrid, AlgoILS)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.Seed, p.Evals, p.Deepen, p.Crossover = 7, 7, 2, 20000, 0, CrossRelink
	s, err := New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	prob := s.Problem().(*GridProblem)
	rng := rand.New(rand.NewPCG(1, 1))
	var home, other Grid
	for {
		home, other = prob.Random(rng), prob.Random(rng)
		if prob.Feasible(home) && prob.Feasible(other) && len(prob.Toward(home, other)) >= 8 {
			break
		}
	}
	d := len(prob.Toward(home, other))
	m, ok, err := s.relink(prob, home, other)
	if err != nil || !ok || !m.Scored || !m.Score.Feasible {
		t.Fatalf("relink: %+v, %v, %v", m, ok, err)
	}
	if a, b := len(prob.Toward(home, m.Genome)), len(prob.Toward(m.Genome, other)); a < 1 || a > d/2 || a+b != d {
		t.Errorf("relink's genome is %d moves from home and %d from other, which are %d apart", a, b, d)
	}
	if s.Evals() == 0 {
		t.Error("relink evaluated nothing")
	}
	want := stateJSON(t, runToEnd(t, p, ev))
	if got := stateJSON(t, interruptAt(t, p, ev, func(s *Search) bool { return s.Evals() >= p.Evals/2 })); got != want {
		t.Error("the resumed search ends in another state")
	}
	p.Crossover = CrossUniform
	if stateJSON(t, runToEnd(t, p, ev)) == want {
		t.Error("--crossover relink ends in the state of uniform crossing")
	}
}
