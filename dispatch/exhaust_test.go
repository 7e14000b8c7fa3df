package dispatch

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestOneFeasibleMaze runs every method with its default-sized budget on
// grids of one column, where the open maze is the only feasible one: each
// must end on its own, long before its budget, with that maze (41 turns on
// 40×1) and Exhausted set. Before, random draws there spun for ever.
func TestOneFeasibleMaze(t *testing.T) {
	for _, rows := range []int{40} {
		for _, algo := range Algos {
			t.Run(fmt.Sprintf("%dx1/%s", rows, algo), func(t *testing.T) {
				p, _ := Preset(algo)
				p.Rows, p.Cols, p.Evals, p.Seed = rows, 1, 10000000, 1
				s, err := New(p, refEvaluator(t), nil)
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				if err := s.Run(ctx, Hooks{}); err != nil {
					t.Fatalf("%v after %d evaluations, %d rejected", err, s.Evals(), s.Rejected())
				}
				b := s.Best()
				if !s.Exhausted() || b.Score.Turns != int64(rows+1) || s.Evals() >= p.Evals {
					t.Errorf("exhausted %v, best %d turns, %d evaluations; want exhausted, %d turns, far fewer evaluations", s.Exhausted(), b.Score.Turns, s.Evals(), rows+1)
				}
			})
		}
	}
}
