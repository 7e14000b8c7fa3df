package analyze

import (
	"fmt"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestSurvey4x4 runs the exhaustive checks of parts 2-4 over every maze of
// every size up to 4×4 under the game's rules, with exact counts: the
// thesis's case table, the tree evaluator's agreement with the walk, and
// Theorem 1 on the mazes whose only cycle is a 2×2 loop on the main path.
func TestSurvey4x4(t *testing.T) {
	s, err := SurveyAll(4, 4, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Mazes != 74954 || s.Loopless != 2959 || s.TreeMismatch != 0 {
		t.Errorf("mazes %d, loop-less %d, tree mismatches %d; want 74954, 2959, 0", s.Mazes, s.Loopless, s.TreeMismatch)
	}
	want := map[string][2]int64{
		CaseT2Unvisited: {3076, 0},
		CaseT3Prev:      {30, 3},
		CaseT3Last:      {80, 164},
		CaseT5First:     {7, 3},
		CaseTotal:       {2800, 159},
	}
	stats := s.Table.Stats()
	if len(stats) != len(want) {
		t.Errorf("%d cases met, want %d", len(stats), len(want))
	}
	for _, st := range stats {
		if w := want[st.Case]; st.Held != w[0] || st.Failed != w[1] {
			t.Errorf("%s: held %d failed %d, want %d %d", st.Case, st.Held, st.Failed, w[0], w[1])
		}
	}
	if s.SingleLoop != 1035 || s.Theorem1Failed != 0 || s.MaxReversals != 1 {
		t.Errorf("single-loop mazes %d, Theorem 1 failures %d, most reversals %d; want 1035, 0, 1", s.SingleLoop, s.Theorem1Failed, s.MaxReversals)
	}
}

// tableMaze builds a maze for one row of the thesis's Table 5.1. The text
// of Figure 5.4 is lost (only its caption survives), so the worked example
// cannot be rebuilt as one maze; what the text does give, per crossroad,
// is the side path's length n, the formula and the steps, and that
// crossroad 2 "has priority towards the previous square at the outer end".
// Each row is rebuilt as the smallest maze we could draw with that side
// path: the main path runs left along row 0 from the entry in the last
// column to column 0 and down column 0 to the exit; the side path hangs
// down from (0,2), which the mouse enters from the right, so down (the
// side path) comes before left (the main path) and the path is visited.
// A straight dead end has "last priority" (2n+2: from the middle of the
// last three squares, down beats up). Crossroad 2's dead end (n = 11,
// previous priority, 2n) goes down 6, right 2 and up 3, so that from its
// tenth square the step back (down) beats the step deeper (up). The
// thesis's "crossroad 3 is visited twice" cannot be rebuilt from the text.
func tableMaze(n int, bent bool) mousemaze.Maze {
	rows, cols := n+1, 4
	if bent {
		rows, cols = 7, 6
	}
	m := mousemaze.NewMaze(rows, cols)
	for r := 1; r < rows; r++ {
		m.Walls[r] = mousemaze.RowMask(cols) &^ 1
	}
	open := func(r, c int) { m.SetWall(r, c, false) }
	if !bent {
		for r := 1; r <= n; r++ {
			open(r, 2)
		}
		return m
	}
	for r := 1; r <= 6; r++ {
		open(r, 2)
	}
	open(6, 3)
	open(6, 4)
	for r := 5; r >= 3; r-- {
		open(r, 4)
	}
	return m
}

func TestThesisTable51(t *testing.T) {
	tests := []struct {
		crossroad int
		n         int
		bent      bool
		formula   string
		steps     int64 // the thesis's Table 5.1
		walk      int64 // what the reference walk spends in the side path
	}{
		{1, 2, false, CaseT3Last, 6, 6},
		{2, 11, true, CaseT3Prev, 22, 22},
		{3, 2, false, CaseT3Last, 6, 6},
		{4, 5, false, CaseT3Last, 12, 12},
		{5, 3, false, CaseT3Last, 8, 8},
		{6, 1, false, CaseT3Last, 4, 2}, // the walk goes back to the main path at once
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("crossroad=%d", tc.crossroad), func(t *testing.T) {
			m := tableMaze(tc.n, tc.bent)
			cfg := mousemaze.Config{Entry: m.Cols - 1}
			d, err := Decompose(m, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if !d.Loopless || len(d.Branches) != 1 {
				t.Fatalf("want one side path, got %+v on\n%s", d, m)
			}
			b := d.Branches[0]
			if b.Length != tc.n || !b.Chain || b.Case != tc.formula || b.Predicted != tc.steps {
				t.Errorf("n=%d %s: predicted %d (%s), thesis %d (%s)\n%s", b.Length, b.Dir, b.Predicted, b.Case, tc.steps, tc.formula, m)
			}
			if b.Actual != tc.walk {
				t.Errorf("walk spends %d, want %d", b.Actual, tc.walk)
			}
			if (d.Predicted == d.Turns) != (tc.steps == tc.walk) {
				t.Errorf("maze predicted %d, walk %d", d.Predicted, d.Turns)
			}
		})
	}
}

// TestLoopReversal checks the 2×2 loop analysis on a hand-traced maze:
// the empty 2×3 grid entered at column 2 with LURD (see the root
// package's TestOrdersAndEnds) walks round the loop before leaving.
func TestLoopReversal(t *testing.T) {
	lurd, _ := mousemaze.ParseOrder("LURD")
	m := mustParse(t, "...\n...\n")
	rep, err := Loops(m, mousemaze.Config{Order: lurd, Entry: 1, Exit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Cycles != 2 || len(rep.Loops) != 2 || !rep.Overlapping() {
		t.Fatalf("%+v", rep)
	}
	// Path: (0,1) (0,0) (1,0) (1,1) (1,2) (0,2) (0,1) (0,0) (1,0) (1,1)
	// (1,2) exit; loop-erased: (0,1) (0,0) (1,0) (1,1) (1,2) - the
	// return to (0,1) erases the first lap.
	want := []Cell{{0, 1}, {0, 0}, {1, 0}, {1, 1}, {1, 2}}
	if fmt.Sprint(rep.MainPath) != fmt.Sprint(want) {
		t.Errorf("main path %v, want %v", rep.MainPath, want)
	}
}

// TestBounds checks the paper's Lemma 6 at every departure and the
// Theorem 8 bound on random mazes and the thesis's record mazes.
func TestBounds(t *testing.T) {
	mazes, err := mousemaze.ParseFile("../testdata/thesis-mazes.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range RandomMazes(11, 300, 10) {
		mazes = append(mazes, m)
	}
	for _, m := range mazes {
		bc, err := CheckBounds(m, mousemaze.Config{}, true)
		if err != nil {
			t.Fatal(err)
		}
		if bc.Lemma6 != "" {
			t.Errorf("Lemma 6: %s on\n%s", bc.Lemma6, m)
		}
		if bc.Turns >= bc.Guard || bc.Log10PaperRatio >= 0 {
			t.Errorf("turns %d, guard %d, log10 paper ratio %.2f on\n%s", bc.Turns, bc.Guard, bc.Log10PaperRatio, m)
		}
	}
}
