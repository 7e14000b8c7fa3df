package dispatch

import (
	"context"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestEvolveEdges checks that the edge search finds the exhaustive 3×3
// optimum (20 turns, see sweep.TestEdgeSweep) and that its result does not
// depend on the number of workers.
func TestEvolveEdges(t *testing.T) {
	var boards []mousemaze.EdgeMaze
	for _, w := range []int{1, 3} {
		p := DefaultEdgeParams()
		p.Rows, p.Cols, p.Evals, p.Workers = 3, 3, 4000, w
		best, err := EvolveEdges(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if best.Score != 20 || best.Result.Turns != 20 || best.Evals != 4000 {
			t.Errorf("%d workers: score %d, %d turns, %d evaluations", w, best.Score, best.Result.Turns, best.Evals)
		}
		boards = append(boards, best.Maze)
	}
	if !boards[0].Equal(boards[1]) {
		t.Errorf("the result depends on the workers:\n%s\n%s", boards[0], boards[1])
	}
	p := DefaultEdgeParams()
	p.Rows, p.Cols, p.Objective, p.Config.K = 3, 3, ObjMaxCell, 2
	if _, err := EvolveEdges(context.Background(), p, nil); err == nil {
		t.Error("max-cell with k=2 accepted")
	}
	p.Config.K, p.Evals = 0, 2000
	best, err := EvolveEdges(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := mousemaze.WalkEdges(best.Maze, mousemaze.Config{Heat: true})
	var hi uint32
	for _, h := range res.Heat {
		hi = max(hi, h)
	}
	if best.Score != int64(hi) {
		t.Errorf("max-cell score %d, the board's largest count %d", best.Score, hi)
	}
}
