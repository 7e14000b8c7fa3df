package sweep

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// TestEdgeSweep pins the exhaustive Mouse Maze 2 optima of small boards
// (default order and ends). The 2×2 optimum is the board traced by hand
// in the root package's TestWalkEdgesTraced (5 turns).
func TestEdgeSweep(t *testing.T) {
	for _, tc := range []struct {
		size            mousemaze.Size
		feasible, turns int64
		count           int64
	}{
		{mousemaze.Size{Rows: 2, Cols: 2}, 9, 5, 1},
		{mousemaze.Size{Rows: 2, Cols: 3}, 73, 9, 2},
		{mousemaze.Size{Rows: 3, Cols: 3}, 1494, 20, 3},
	} {
		for _, w := range []int{1, 3} {
			rep, err := EdgeSweep(context.Background(), tc.size, mousemaze.Config{}, w)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Feasible != tc.feasible || rep.BestResult.Turns != tc.turns || rep.Count != tc.count {
				t.Errorf("%s, %d workers: %d feasible, best %d turns on %d boards; want %d, %d, %d",
					tc.size, w, rep.Feasible, rep.BestResult.Turns, rep.Count, tc.feasible, tc.turns, tc.count)
			}
			if res, _ := mousemaze.WalkEdges(rep.Best, mousemaze.Config{}); res.Turns != tc.turns {
				t.Errorf("%s: the reported board walks %d turns", tc.size, res.Turns)
			}
		}
	}
	if _, err := EdgeSweep(context.Background(), mousemaze.Size{Rows: 5, Cols: 5}, mousemaze.Config{}, 1); err == nil {
		t.Error("a 5×5 edge sweep (40 edges) was accepted")
	}
}

// TestEdgeSweepStops wants an edge sweep whose context has ended to stop
// at once with the context's error (a 4x4 board has 2^24 boards, tens of
// seconds of work).
func TestEdgeSweepStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	rep, err := EdgeSweep(ctx, mousemaze.Size{Rows: 4, Cols: 4}, mousemaze.Config{}, 2)
	if !errors.Is(err, context.Canceled) || rep != nil {
		t.Fatalf("EdgeSweep after cancel: %v, %v; want context.Canceled", rep, err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the cancelled sweep took %v", took)
	}
}
