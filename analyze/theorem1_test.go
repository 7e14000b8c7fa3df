package analyze

import (
	"fmt"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestTheorem1Counterexamples pins the Theorem 1 counterexamples found by
// TestTheorem1SearchAll (default rules): each has a 2×2 loop on the main path
// that turns the mouse back twice before he continues on the main path
// (he steps onto the loop's entrance from the main path once, and back
// over that step twice). The 4×6 maze is the smallest (24 cells; no maze
// of at most 25 cells but it and eight 5×5 ones fails). The 5×5 one is
// the first 5×5 failure and the thesis's own optimal 5×5 maze (54 turns,
// testdata/thesis-mazes.txt), in which three loops reverse him twice. Both
// break the theorem's hypothesis of no overlapping loops.
func TestTheorem1Counterexamples(t *testing.T) {
	tests := []struct {
		name, maze string
		turns      int64
		bad        []Loop
		hypothesis string
	}{
		{
			name: "smallest, 4x6", maze: ".....X\nXX....\n......\n.X.X..\n", turns: 45,
			bad: []Loop{
				{Top: Cell{2, 4}, OnMain: true, Entrance: Cell{2, 5}, Exit: Cell{2, 4}, Arrivals: 1, Reversals: 2, ReversalsBefore: 2},
			},
			hypothesis: "overlapping 2x2 loops: 6 blocks of open cells share cells, 6 independent cycles",
		},
		{
			name: "thesis optimum, 5x5", maze: "..X..\nX....\n..X..\nX..X.\n.....\n", turns: 54,
			bad: []Loop{
				{Top: Cell{0, 3}, OnMain: true, Entrance: Cell{1, 3}, Exit: Cell{1, 3}, Arrivals: 1, Reversals: 2, ReversalsBefore: 2},
				{Top: Cell{1, 3}, OnMain: true, Entrance: Cell{1, 3}, Exit: Cell{2, 4}, Arrivals: 1, Reversals: 2, ReversalsBefore: 2},
				{Top: Cell{3, 1}, OnMain: true, Entrance: Cell{4, 2}, Exit: Cell{4, 1}, Arrivals: 1, Reversals: 2, ReversalsBefore: 2},
			},
			hypothesis: "overlapping 2x2 loops: 3 blocks of open cells share cells, 4 independent cycles",
		},
	}
	for _, tc := range tests {
		m := mustParse(t, tc.maze)
		rep, err := Loops(m, mousemaze.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Theorem1Holds() {
			t.Errorf("%s: Theorem 1 holds", tc.name)
			continue
		}
		var bad []Loop
		for _, l := range rep.Loops {
			if l.OnMain && l.ReversalsBefore > 1 {
				bad = append(bad, l)
			}
		}
		if len(bad) != len(tc.bad) {
			t.Errorf("%s: failing loops %+v, want %+v", tc.name, bad, tc.bad)
			continue
		}
		for i := range bad {
			if bad[i] != tc.bad[i] {
				t.Errorf("%s: failing loop %d: %+v, want %+v", tc.name, i, bad[i], tc.bad[i])
			}
		}
		c := &Theorem1Case{Maze: m, Loop: bad[0], Report: rep}
		if got := c.Hypothesis(); got != tc.hypothesis {
			t.Errorf("%s: hypothesis %q, want %q", tc.name, got, tc.hypothesis)
		}
		if res, _ := mousemaze.Walk(m, mousemaze.Config{}); res.Turns != tc.turns {
			t.Errorf("%s: %d turns, want %d", tc.name, res.Turns, tc.turns)
		}
	}
}

// TestSearchTheorem1Small checks every maze of at most 20 cells with both
// sides up to 5 (4×5 and 5×4 the largest): Theorem 1 holds on all of them
// (the long search goes on to every size of at most 25 cells).
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

// TestTheorem1SearchAll searches every maze of at most 25 cells with sides up
// to 12 (every size of at most 25 cells) and prints the failures:
//
//	go test ./analyze -run TestTheorem1SearchAll -analyze.long -v -timeout 60m
func TestTheorem1SearchAll(t *testing.T) {
	if !*long {
		t.Skip("needs -analyze.long")
	}
	sizes, err := SearchTheorem1(12, 12, 25, mousemaze.Config{})
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
