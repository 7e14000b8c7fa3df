package dispatch

import (
	"context"
	"errors"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// Maximising the wall count over 3x3 boards whose top-left cell is open
// to the right (boards without that door score 0 and are dropped) must
// find the 11 walls of the full board less that door, and the result must
// not depend on the number of workers.
func TestEvolveEdgesScored(t *testing.T) {
	score := func(m mousemaze.EdgeMaze) int64 {
		if m.Right[0]&1 != 0 {
			return 0
		}
		return int64(m.WallCount()) + 1
	}
	p := DefaultEdgeParams()
	p.Rows, p.Cols, p.Evals, p.Seed = 3, 3, 3000, 7
	var bests []EdgeBest
	for _, w := range []int{1, 3} {
		p.Workers = w
		best, err := EvolveEdgesScored(context.Background(), p, score, nil)
		if err != nil {
			t.Fatal(err)
		}
		if best.Score != 12 || best.Maze.WallCount() != 11 || best.Maze.Right[0]&1 != 0 || best.Evals != 3000 {
			t.Fatalf("workers %d: score %d, %d walls, %d evals; want 12, 11, 3000\n%s", w, best.Score, best.Maze.WallCount(), best.Evals, best.Maze)
		}
		bests = append(bests, best)
	}
	if !bests[0].Maze.Equal(bests[1].Maze) {
		t.Error("the best board depends on the number of workers")
	}
	p.Evals = 0
	if _, err := EvolveEdgesScored(context.Background(), p, score, nil); !errors.Is(err, ErrParams) {
		t.Errorf("evals 0: %v", err)
	}
	p.Evals = 10
	if _, err := EvolveEdgesScored(context.Background(), p, func(mousemaze.EdgeMaze) int64 { return 0 }, nil); !errors.Is(err, ErrParams) {
		t.Errorf("nothing feasible: %v", err)
	}
}
