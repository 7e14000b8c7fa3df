package viennese

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze/dispatch"
)

// TestProblemOps checks the Viennese problem's moves, sites, crossover
// and checks with exact values.
func TestProblemOps(t *testing.T) {
	p := &Problem{Streets: 3}
	c := Colouring{0, 1, 2}
	if p.Moves(c) != 6 {
		t.Fatalf("moves %d, want 6", p.Moves(c))
	}
	for _, tc := range []struct {
		moves []int
		want  Colouring
	}{
		{[]int{0}, Colouring{1, 1, 2}}, {[]int{1}, Colouring{2, 1, 2}},
		{[]int{2}, Colouring{0, 2, 2}}, {[]int{3}, Colouring{0, 0, 2}},
		{[]int{4}, Colouring{0, 1, 0}}, {[]int{5}, Colouring{0, 1, 1}},
		{[]int{1, 3, 4}, Colouring{2, 0, 0}},
	} {
		if got := p.Apply(c, tc.moves...); !slices.Equal(got, tc.want) {
			t.Errorf("Apply %v: %v, want %v", tc.moves, got, tc.want)
		}
		for _, m := range tc.moves {
			if p.Site(c, m) != m/2 {
				t.Errorf("site of %d: %d", m, p.Site(c, m))
			}
		}
	}
	if !slices.Equal(c, Colouring{0, 1, 2}) {
		t.Fatal("Apply changed its argument")
	}
	rng := rand.New(rand.NewPCG(1, 1))
	a, b := Colouring{0, 0, 0}, Colouring{2, 2, 2}
	seen := map[uint8]bool{}
	for range 50 {
		x := p.Cross(rng, a, b)
		for _, v := range x {
			if v != 0 && v != 2 {
				t.Fatalf("cross gave %v", x)
			}
			seen[v] = true
		}
	}
	if len(seen) != 2 || !p.Feasible(a) || !p.Equal(p.Repair(rng, a, b), a) || p.Hash(a) == p.Hash(b) {
		t.Error("cross, feasibility, repair or hash")
	}
	for _, bad := range []Colouring{{0, 1}, {0, 1, 3}} {
		if p.Check(bad) == nil {
			t.Errorf("Check accepted %v", bad)
		}
	}
	if p.Check(c) != nil {
		t.Error("Check refused a colouring")
	}
	// Every method's Spec is a valid engine Spec of the Viennese problem.
	for _, algo := range Algos {
		q, _ := DefaultParams(algo)
		s, err := q.Spec(24)
		if err != nil || s.Problem != dispatch.ProblemViennese || s.Cols != 24 {
			t.Errorf("%s: %+v %v", algo, s, err)
		}
	}
}
