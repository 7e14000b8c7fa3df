package dispatch

import (
	"context"
	"errors"
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

// TestRandomCutResumes interrupts a random search of large batches again
// and again, often inside a batch (a cut step), resumes it from its state
// each time and wants exactly the uninterrupted run's result, generations
// and rejections included.
func TestRandomCutResumes(t *testing.T) {
	p, _ := Preset(AlgoRandom)
	p.Rows, p.Cols, p.Evals, p.Seed, p.Pop = 8, 8, 12000, 4, 6000
	ev := refEvaluator(t)
	whole, err := New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := whole.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}
	s, err := New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	cuts := 0
	for round := 0; !s.Done(); round++ {
		if round > 10000 {
			t.Fatal("the search makes no progress between interruptions")
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(2+round%5)*time.Millisecond)
		err := s.Run(ctx, Hooks{})
		cancel()
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatal(err)
		}
		st, err := s.State()
		if err != nil {
			t.Fatal(err)
		}
		if len(st.Pop) > 0 {
			cuts++
		}
		if s, err = Resume(st, ev); err != nil {
			t.Fatal(err)
		}
	}
	a, b := s.Best(), whole.Best()
	if !s.Problem().Equal(a.Genome, b.Genome) || a.Score != b.Score || s.Evals() != whole.Evals() || s.Gen() != whole.Gen() || s.Rejected() != whole.Rejected() {
		t.Fatalf("interrupted: %v after %d evaluations, %d generations, %d rejected\nwhole: %v, %d, %d, %d",
			a.Score, s.Evals(), s.Gen(), s.Rejected(), b.Score, whole.Evals(), whole.Gen(), whole.Rejected())
	}
	t.Logf("%d interruptions inside a batch", cuts) // timing: may be 0 on a fast machine
}
