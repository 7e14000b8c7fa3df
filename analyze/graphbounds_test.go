package analyze

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func TestCheckGraphBoundsPath(t *testing.T) {
	// s – a – x, exit x. He enters s (turn 1), moves to a (turn 2): a's
	// neighbours are s (1 visit) and x (the exit, 0): exit on turn 3.
	// Theorem 8: |V| = 3, Δ = 2, diameter 2: 3·(2 + 4) = 18.
	g := mousemaze.Graph{Prefs: [][]int{{1}, {0, 2}, {1}}, Start: 0, Exit: 2}
	bc, err := CheckGraphBounds(g)
	if err != nil {
		t.Fatal(err)
	}
	if bc.Turns != 3 || bc.Bound != 18 || bc.Departures != 2 || bc.Lemma6 != "" || bc.VertexBound != "" || bc.Theorem8 != "" {
		t.Errorf("got %+v", bc)
	}
	if math.Abs(bc.Ratio-3.0/18) > 1e-12 {
		t.Errorf("ratio %v, want 1/6", bc.Ratio)
	}
	// The start joined only to the exit: 2 turns, bound |V|·Δ = 2·1 = 2,
	// visits(M) = 0 < 2; the start (distance 1) has 1 visit ≤ Δ = 1.
	bc, err = CheckGraphBounds(mousemaze.Graph{Prefs: [][]int{{1}, {0}}, Start: 0, Exit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if bc.Turns != 2 || bc.Bound != 2 || bc.Theorem8 != "" || bc.VertexBound != "" {
		t.Errorf("start–exit: got %+v", bc)
	}
}

func TestCheckGraphBoundsTriangle(t *testing.T) {
	// Triangle s, a, b and exit x hanging from b; s prefers a, a prefers
	// s, b prefers a then s then x. Walk: s(1) → a (both 0, a preferred)
	// → b? a's neighbours s (1), b (0): b → b's neighbours a (1), s (1),
	// x (0): exit. Turns: s, a, b, exit = 4. Departures 3.
	g := mousemaze.Graph{Prefs: [][]int{{1, 2}, {0, 2}, {1, 0, 3}, {2}}, Start: 0, Exit: 3}
	bc, err := CheckGraphBounds(g)
	if err != nil {
		t.Fatal(err)
	}
	if bc.Turns != 4 || bc.Departures != 3 || bc.Lemma6 != "" {
		t.Errorf("got %+v", bc)
	}
}

func TestCheckGraphBoundsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 0))
	for i := 0; i < 400; i++ {
		n := 2 + rng.IntN(30)
		g := RandomGraph(rng, n, rng.Float64()*0.3)
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		bc, err := CheckGraphBounds(g)
		if err != nil {
			t.Fatal(err)
		}
		if bc.Lemma6 != "" || bc.VertexBound != "" || bc.Theorem8 != "" {
			t.Fatalf("graph %d: %+v", i, bc)
		}
	}
	// Grid graphs too: the general check must agree with the grid walk.
	for i := 0; i < 100; i++ {
		m := mousemaze.RandomFeasible(rng, 2+rng.IntN(8), 2+rng.IntN(8), 0.3, mousemaze.Config{})
		g, err := mousemaze.GridGraph(m, mousemaze.Config{})
		if err != nil {
			t.Fatal(err)
		}
		bc, err := CheckGraphBounds(g)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := mousemaze.Walk(m, mousemaze.Config{})
		if bc.Turns != want.Turns || bc.Lemma6 != "" || bc.VertexBound != "" {
			t.Fatalf("grid %d: %+v, walk %d turns", i, bc, want.Turns)
		}
	}
}

// TestGraphBoundsSurvey prints the largest turns / Theorem 8 ratio over
// random general graphs per vertex count (2000 graphs each, edge
// density 0 to 0.3, seed 9):
//
//	go test ./analyze -run TestGraphBoundsSurvey -analyze.long -v
func TestGraphBoundsSurvey(t *testing.T) {
	if !*long {
		t.Skip("needs -analyze.long")
	}
	fmt.Println("vertices  graphs  departures  Lemma6-violations  vertex-bound-violations  Theorem8-violations  max-turns  max-turns/bound  log10")
	for _, n := range []int{4, 8, 12, 16, 24, 32, 48, 64} {
		rng := rand.New(rand.NewPCG(9, uint64(n)))
		var deps, l6, vb, t8, maxTurns int64
		best := 0.0
		for i := 0; i < 2000; i++ {
			bc, err := CheckGraphBounds(RandomGraph(rng, n, rng.Float64()*0.3))
			if err != nil {
				t.Fatal(err)
			}
			deps += bc.Departures
			if bc.Lemma6 != "" {
				l6++
				t.Errorf("Lemma 6: %s", bc.Lemma6)
			}
			if bc.VertexBound != "" {
				vb++
				t.Errorf("vertex bound: %s", bc.VertexBound)
			}
			if bc.Theorem8 != "" {
				t8++
				t.Errorf("Theorem 8: %s", bc.Theorem8)
			}
			maxTurns = max(maxTurns, bc.Turns)
			best = max(best, bc.Ratio)
		}
		fmt.Printf("%-9d %-7d %-11d %-18d %-24d %-20d %-10d %-16.3g %.2f\n", n, 2000, deps, l6, vb, t8, maxTurns, best, math.Log10(best))
	}
}
