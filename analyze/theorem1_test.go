package analyze

import (
	"fmt"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// theorem1Smallest is the smallest maze found on which a 2×2 loop reverses
// the mouse twice before he continues on the main path (default rules):
// the first of the 8 such 5×5 mazes, and no maze of fewer cells has one
// (see TestLongTheorem1). It has three 2×2 blocks of open cells, with
// top-left cells (0,3), (1,3) and (3,1); the first two share the cells
// (1,3) and (1,4). Traced by Loops, all three reverse the mouse twice
// before he continues on the main path: he steps onto the block's
// entrance from the main path once and turns back over that step twice.
const theorem1Smallest = "..X..\nX....\n..X..\nX..X.\n.....\n"

func TestTheorem1Smallest(t *testing.T) {
	m := mustParse(t, theorem1Smallest)
	rep, err := Loops(m, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Theorem1Holds() {
		t.Fatal("Theorem 1 holds on the pinned counterexample")
	}
	var bad []Loop
	for _, l := range rep.Loops {
		if l.OnMain && l.ReversalsBefore > 1 {
			bad = append(bad, l)
		}
	}
	want := []Loop{
		{Top: Cell{0, 3}, OnMain: true, Entrance: Cell{1, 3}, Exit: Cell{1, 3}, Arrivals: 1, Reversals: 2, ReversalsBefore: 2},
		{Top: Cell{1, 3}, OnMain: true, Entrance: Cell{1, 3}, Exit: Cell{2, 4}, Arrivals: 1, Reversals: 2, ReversalsBefore: 2},
		{Top: Cell{3, 1}, OnMain: true, Entrance: Cell{4, 2}, Exit: Cell{4, 1}, Arrivals: 1, Reversals: 2, ReversalsBefore: 2},
	}
	if len(bad) != len(want) {
		t.Fatalf("failing loops %+v, want %+v", bad, want)
	}
	for i := range want {
		if bad[i] != want[i] {
			t.Errorf("failing loop %d: %+v, want %+v", i, bad[i], want[i])
		}
	}
	c := &Theorem1Case{Maze: m, Loop: bad[0], Report: rep}
	if got := c.Hypothesis(); got != "overlapping 2x2 loops: 3 blocks of open cells share cells, 4 independent cycles" {
		t.Errorf("hypothesis %q", got)
	}
}

// TestSearchTheorem1Small checks every maze of at most 20 cells with both
// sides up to 5 (4×5 and 5×4 the largest): Theorem 1 holds on all of them,
// so the pinned 5×5 counterexample has the fewest cells among sides ≤ 5.
func TestSearchTheorem1Small(t *testing.T) {
	sizes, err := SearchTheorem1(5, 5, 20, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, s := range sizes {
		checked += s.Checked
		if s.Failed != 0 {
			t.Errorf("%dx%d: Theorem 1 failed on %d mazes, first\n%s", s.Rows, s.Cols, s.Failed, s.First.Maze)
		}
	}
	// 4x4 alone has 3454 feasible mazes with a 2x2 block of open cells.
	if checked < 3454 {
		t.Errorf("checked %d mazes", checked)
	}
}

// TestLongTheorem1 searches every maze of at most 25 cells with sides up
// to 8 and prints the failures:
//
//	go test ./analyze -run TestLongTheorem1 -analyze.long -v -timeout 60m
func TestLongTheorem1(t *testing.T) {
	if !*long {
		t.Skip("needs -analyze.long")
	}
	sizes, err := SearchTheorem1(8, 8, 25, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sizes {
		fmt.Printf("%dx%d: %d feasible mazes with a 2x2 block of open cells, Theorem 1 failed on %d\n", s.Rows, s.Cols, s.Checked, s.Failed)
		for i, c := range s.Cases {
			fmt.Printf("  #%d %+v\n  violates: %s\n%s", i+1, c.Loop, c.Hypothesis(), c.Maze)
		}
	}
}
