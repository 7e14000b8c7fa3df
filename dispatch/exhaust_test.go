package dispatch

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// TestOneFeasibleMaze runs every method with a large budget on grids and
// edge boards of one column, where the open maze is the only feasible one:
// each must end on its own after exactly one evaluation of that maze
// (rows+1 turns), Exhausted, within a deadline. Before, random draws there
// spun for ever, and sa and hill took seconds of rejected proposals.
func TestOneFeasibleMaze(t *testing.T) {
	for _, edges := range []bool{false, true} {
		for _, rows := range []int{1, 2, 40, 64} {
			for _, algo := range Algos {
				t.Run(fmt.Sprintf("edges=%v/%dx1/%s", edges, rows, algo), func(t *testing.T) {
					p, _ := Preset(algo)
					p.Rows, p.Cols, p.Evals, p.Seed = rows, 1, 100000000, 1
					ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
					defer cancel()
					var best Member[Grid]
					var evals int64
					var exhausted bool
					if edges {
						p.Problem = ProblemEdges
						prob, err := NewEdgeProblem(p, nil, 1)
						if err != nil {
							t.Fatal(err)
						}
						e, err := NewEngine[mousemaze.EdgeMaze](p, prob, nil)
						if err != nil {
							t.Fatal(err)
						}
						if err := e.Run(ctx, EngineHooks[mousemaze.EdgeMaze]{}); err != nil {
							t.Fatalf("%v after %d evaluations, %d rejected", err, e.Evals(), e.Rejected())
						}
						b := e.Best()
						best.Score, evals, exhausted = b.Score, e.Evals(), e.Exhausted()
					} else {
						s, err := New(p, refEvaluator(t), nil)
						if err != nil {
							t.Fatal(err)
						}
						if err := s.Run(ctx, Hooks{}); err != nil {
							t.Fatalf("%v after %d evaluations, %d rejected", err, s.Evals(), s.Rejected())
						}
						best, evals, exhausted = s.Best(), s.Evals(), s.Exhausted()
					}
					if !exhausted || best.Score.Turns != int64(rows+1) || evals != 1 {
						t.Errorf("exhausted %v, best %d turns, %d evaluations; want exhausted, %d turns, 1 evaluation", exhausted, best.Score.Turns, evals, rows+1)
					}
				})
			}
		}
	}
}

// TestOneFeasibleMazePolish checks that a search of a one-maze space with
// a polish ends too, certified at the polish's radius, and that a resumed
// checkpoint of it is done.
func TestOneFeasibleMazePolish(t *testing.T) {
	p, _ := Preset(AlgoPipeline)
	p.Rows, p.Cols, p.Evals, p.Seed, p.Polish = 30, 1, 1000, 2, 3
	s, err := New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := s.Run(ctx, Hooks{}); err != nil {
		t.Fatal(err)
	}
	if !s.Exhausted() || s.Certified() != 3 || s.Evals() != 1 || s.Best().Score.Turns != 31 {
		t.Fatalf("exhausted %v, certified %d, %d evaluations, %d turns; want true, 3, 1, 31", s.Exhausted(), s.Certified(), s.Evals(), s.Best().Score.Turns)
	}
}
