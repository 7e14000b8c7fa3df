package dispatch

import (
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestGridScore scores walks under each objective.
func TestGridScore(t *testing.T) {
	// The 3×3 traced example of docs/rules.md: 12 turns, cell (1,2) and
	// others visited twice.
	m := mousemaze.NewMaze(3, 3)
	m.SetWall(1, 0, true)
	exact, err := mousemaze.Walk(m, mousemaze.Config{Heat: true})
	if err != nil || exact.Turns != 12 {
		t.Fatalf("%+v %v", exact, err)
	}
	trapMaze := mousemaze.NewMaze(3, 4) // ..XX / X.XX / ....
	trapMaze.Walls[0], trapMaze.Walls[1] = 0b1100, 0b1101
	trapped, err := mousemaze.Walk(trapMaze, mousemaze.Config{K: 2})
	if err != nil || !trapped.Trapped {
		t.Fatalf("%+v %v", trapped, err)
	}
	capped := mousemaze.Result{Feasible: true, Turns: 5}
	for _, tc := range []struct {
		p    Spec
		m    mousemaze.Maze
		res  mousemaze.Result
		want Score
	}{
		{Spec{}, m, exact, TurnsScore(12)},
		{Spec{Cap: 5}, m, capped, Score{Feasible: true, Value: 5, Turns: 5, Capped: true}},
		{Spec{K: 2}, trapMaze, trapped, Score{Feasible: true, Value: 1, Turns: trapped.Turns}},
		{Spec{K: 2}, m, capped, Score{Feasible: true, Value: 1, Turns: 5}},
		{Spec{Objective: ObjTrap, K: 2}, trapMaze, trapped,
			Score{Feasible: true, Turns: trapped.Turns, Trapped: true, TrapCells: 7, TrapArea: 12}},
		{Spec{Objective: ObjTrap, K: 2}, m, exact, TurnsScore(12)},
		{Spec{Objective: ObjMaxCell}, m, exact, Score{Feasible: true, Value: 2, Turns: 12}},
	} {
		tc.p.Rows, tc.p.Cols, tc.p.Order = tc.m.Rows, tc.m.Cols, "DRLU"
		prob, err := NewGridProblem(tc.p, refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		got, err := prob.score(tc.m, prob.Config, tc.res)
		if err != nil || got != tc.want {
			t.Errorf("%+v on\n%s: score %+v (%v), want %+v", tc.p, tc.m, got, err, tc.want)
		}
	}
	prob, _ := NewGridProblem(Spec{Rows: 3, Cols: 3, Order: "DRLU"}, refEvaluator(t))
	if _, err := prob.score(m, prob.Config, mousemaze.Result{}); err == nil {
		t.Error("an infeasible result of a feasible maze is not an error")
	}
}

// TestScoreOrder checks Cmp: infeasible below every value, trapped above
// every untrapped score, smaller traps (cells, then area) first, then
// higher values; and that the order is antisymmetric.
func TestScoreOrder(t *testing.T) {
	trap := func(cells, area int) Score {
		return Score{Feasible: true, Trapped: true, TrapCells: cells, TrapArea: area}
	}
	// Worst first; each ranks strictly above the ones before it.
	ladder := []Score{
		Infeasible,
		{Feasible: true, Value: -5},
		TurnsScore(0),
		TurnsScore(2),
		TurnsScore(12),
		{Feasible: true, Value: 12.5},
		TurnsScore(1 << 40),
		trap(9, 20),
		trap(9, 12),
		trap(3, 12),
		trap(3, 4),
	}
	for i, a := range ladder {
		for j, b := range ladder {
			want := intCmp(i, j)
			if got := a.Cmp(b); got != want {
				t.Errorf("%+v Cmp %+v = %d, want %d", a, b, got, want)
			}
			if a.Better(b) != (want > 0) {
				t.Errorf("%+v Better %+v = %v", a, b, a.Better(b))
			}
		}
	}
	// Equal ranks: infeasible scores whatever they hold, traps of one size
	// whatever their turns.
	for _, c := range [][2]Score{
		{Infeasible, {Value: 7}},
		{{Feasible: true, Trapped: true, TrapCells: 3, TrapArea: 4, Turns: 10}, trap(3, 4)},
		{TurnsScore(7), {Feasible: true, Value: 7, Turns: 9}},
	} {
		if c[0].Cmp(c[1]) != 0 || c[1].Cmp(c[0]) != 0 {
			t.Errorf("%+v and %+v do not rank equal", c[0], c[1])
		}
	}
	for _, c := range []struct {
		s    Score
		want string
	}{
		{Infeasible, "infeasible"},
		{TurnsScore(12345), "12345"},
		{trap(7, 12), "trapped in 7 cells (area 12)"},
		{Score{Feasible: true, Value: 2.5}, "2.5"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("String(%+v) = %q, want %q", c.s, got, c.want)
		}
	}
}
