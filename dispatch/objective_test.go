package dispatch

import (
	"errors"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func TestScore(t *testing.T) {
	// The 3×3 traced example of docs/rules.md: 12 turns, cell (1,2) and
	// others visited twice.
	m := mousemaze.NewMaze(3, 3)
	m.SetWall(1, 0, true)
	exact, err := mousemaze.Walk(m, mousemaze.Config{Heat: true})
	if err != nil {
		t.Fatal(err)
	}
	trapMaze := mousemaze.NewMaze(3, 4) // ..XX / X.XX / ....
	trapMaze.Walls[0], trapMaze.Walls[1] = 0b1100, 0b1101
	trapped, err := mousemaze.Walk(trapMaze, mousemaze.Config{K: 2})
	if err != nil || !trapped.Trapped {
		t.Fatalf("%+v %v", trapped, err)
	}
	capped := mousemaze.Result{Feasible: true, Turns: 5}
	for _, tc := range []struct {
		p    Params
		m    mousemaze.Maze
		res  mousemaze.Result
		want int64
	}{
		{Params{}, m, exact, 12},
		{Params{}, m, capped, 5},
		{Params{K: 2}, trapMaze, trapped, 1},
		{Params{K: 2}, m, capped, 1},
		{Params{Objective: ObjTrap, K: 2}, trapMaze, trapped, trapBase - 7<<13 - 12},
		{Params{Objective: ObjTrap, K: 2}, m, exact, 12},
		{Params{Objective: ObjMaxCell}, m, exact, 2},
	} {
		if got := tc.p.Score(tc.m, mousemaze.Config{}, tc.res); got != tc.want {
			t.Errorf("%+v on\n%s: score %d, want %d", tc.p, tc.m, got, tc.want)
		}
	}
	if !Trapping(trapBase-7<<13-12) || Trapping(1<<40) {
		t.Error("Trapping is wrong")
	}
	p, _ := Preset(AlgoGA)
	p.Rows, p.Cols, p.Evals, p.Objective, p.K = 4, 4, 10, ObjMaxCell, 2
	if err := p.Validate(); !errors.Is(err, ErrParams) {
		t.Errorf("max-cell with k=2: %v", err)
	}
	p.K, p.Objective = 0, "longest"
	if err := p.Validate(); !errors.Is(err, ErrParams) {
		t.Errorf("objective longest: %v", err)
	}
}
