package sweep

import (
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func mustMaze(t *testing.T, text string) mousemaze.Maze {
	t.Helper()
	ms, err := mousemaze.Parse(strings.NewReader(text), "test")
	if err != nil || len(ms) != 1 {
		t.Fatalf("parse: %v", err)
	}
	return ms[0]
}

// TestTrapSweepExact checks the enumeration against the known optima
// with exact counting: 12 turns on 3×3 and 27 on 4×4 (no maze traps).
func TestTrapSweepExact(t *testing.T) {
	for _, tc := range []struct {
		size  mousemaze.Size
		turns int64
	}{{mousemaze.Size{Rows: 3, Cols: 3}, 12}, {mousemaze.Size{Rows: 4, Cols: 4}, 27}} {
		rep, err := TrapSweep(TrapOptions{Max: tc.size, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Smallest != nil || rep.Longest == nil || rep.Longest.Result.Turns != tc.turns {
			t.Errorf("%s: smallest %v, longest %+v, want none and %d turns", tc.size, rep.Smallest, rep.Longest, tc.turns)
		}
	}
}

// TestTrapSweepK pins the smallest grid traps of 2- and 3-mod mice up to
// 4×4 (default order and ends) and checks that the result does not depend
// on the number of workers.
func TestTrapSweepK(t *testing.T) {
	trap := mustMaze(t, "..XX\nX.XX\n....\n")
	for _, tc := range []struct {
		k     int
		want  mousemaze.Result
		long  int64
		traps int64
	}{
		{2, mousemaze.Result{Feasible: true, Trapped: true, Turns: 9, CycleStart: 5, CycleLen: 4, TrapTurn: 5}, 25, 368 + 5 + 17},
		{3, mousemaze.Result{Feasible: true, Trapped: true, Turns: 17, CycleStart: 11, CycleLen: 6, TrapTurn: 11}, 31, 97 + 2 + 3},
	} {
		var reps []*TrapReport
		for _, w := range []int{1, 3} {
			rep, err := TrapSweep(TrapOptions{Max: mousemaze.Size{Rows: 4, Cols: 4}, Config: mousemaze.Config{K: tc.k}, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			reps = append(reps, rep)
		}
		for _, rep := range reps {
			s := rep.Smallest
			if s == nil || !s.Maze.Equal(trap) || !s.Result.Same(tc.want) || s.Cells != 7 || s.Area != 12 {
				t.Fatalf("k=%d: smallest %+v, want %+v on\n%s", tc.k, s, tc.want, trap)
			}
			if rep.Longest.Result.Turns != tc.long {
				t.Errorf("k=%d: longest escape %d turns, want %d", tc.k, rep.Longest.Result.Turns, tc.long)
			}
			var traps int64
			for _, sz := range rep.Sizes {
				traps += sz.Trapped
			}
			if traps != tc.traps {
				t.Errorf("k=%d: %d trapping mazes, want %d", tc.k, traps, tc.traps)
			}
		}
		if !reps[0].Longest.Maze.Equal(reps[1].Longest.Maze) {
			t.Errorf("k=%d: the longest escape depends on the workers:\n%s\n%s", tc.k, reps[0].Longest.Maze, reps[1].Longest.Maze)
		}
	}
}

// TestTrapSweepSpan checks the span bound: with R+C ≤ 8 (every maze of at
// most 7 cells fits such a grid) the 7-cell trap is still the smallest, so
// no maze of fewer cells traps a 2-mod mouse.
func TestTrapSweepSpan(t *testing.T) {
	rep, err := TrapSweep(TrapOptions{Max: mousemaze.Size{Rows: 7, Cols: 7}, MaxSpan: 8, Config: mousemaze.Config{K: 2}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Smallest == nil || rep.Smallest.Cells != 7 || len(rep.Sizes) != 28 {
		t.Errorf("smallest %+v over %d sizes", rep.Smallest, len(rep.Sizes))
	}
	for _, s := range rep.Sizes {
		if s.Size.Rows+s.Size.Cols > 8 {
			t.Errorf("size %s swept", s.Size)
		}
	}
}
