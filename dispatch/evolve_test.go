package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func refEvaluator(t *testing.T) mousemaze.Evaluator {
	t.Helper()
	ev, err := mousemaze.NewEvaluator("ref", mousemaze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// recorder wraps an evaluator, checks every maze it is given is feasible,
// records the batch sizes and can evaluate a batch in reversed chunks, as
// a parallel backend might, to show the order does not matter.
type recorder struct {
	t       *testing.T
	inner   mousemaze.Evaluator
	reverse bool
	batches []int
}

func (r *recorder) Name() string { return "recorder" }

// Close does nothing: the recorder does not own inner.
func (r *recorder) Close() error { return nil }

func (r *recorder) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	r.batches = append(r.batches, pop.Len())
	for i := 0; i < pop.Len(); i++ {
		if !mousemaze.Feasible(pop.Maze(i), cfg) {
			r.t.Errorf("infeasible maze sent to the evaluator:\n%s", pop.Maze(i))
		}
	}
	if !r.reverse {
		return r.inner.Evaluate(pop, cfg, dst)
	}
	const chunk = 7
	for hi := pop.Len(); hi > 0; hi -= chunk {
		lo := max(hi-chunk, 0)
		if err := r.inner.Evaluate(pop.Slice(lo, hi), cfg, dst[lo:hi]); err != nil {
			return err
		}
	}
	return nil
}

// testParams returns a small search of every method.
func testParams(t *testing.T, algo string, freeEnds bool) Params {
	t.Helper()
	p, err := Preset(algo)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.Evals, p.Seed, p.FreeEnds = 5, 6, 4000, 7, freeEnds
	switch algo {
	case AlgoMemetic:
		p.Pop, p.Migrate, p.Stagnation = 20, 3, 10 // exercise migration and restarts
	case AlgoRandom:
		p.Pop = 100
	}
	return p
}

type variant struct {
	algo     string
	freeEnds bool
}

func variants() []variant {
	var vs []variant
	for _, a := range Algos {
		vs = append(vs, variant{a, false}, variant{a, true})
	}
	return vs
}

func (v variant) String() string { return fmt.Sprintf("algo=%s/free_ends=%v", v.algo, v.freeEnds) }

func runToEnd(t *testing.T, p Params, ev mousemaze.Evaluator) *Search {
	t.Helper()
	s, err := New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}
	return s
}

func stateJSON(t *testing.T, s *Search) string {
	t.Helper()
	b, err := json.Marshal(s.State())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSearchesAreReproducible runs every method twice, once with the
// reference evaluator and once with batches evaluated in reversed chunks,
// and wants the same final state, byte for byte. It also checks the budget
// is spent exactly, only feasible mazes are walked, batches hold more than
// one maze and the best maze's turns are what Walk gives.
func TestSearchesAreReproducible(t *testing.T) {
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			p := testParams(t, v.algo, v.freeEnds)
			a := &recorder{t: t, inner: refEvaluator(t)}
			b := &recorder{t: t, inner: refEvaluator(t), reverse: true}
			sa, sb := runToEnd(t, p, a), runToEnd(t, p, b)
			if ja, jb := stateJSON(t, sa), stateJSON(t, sb); ja != jb {
				t.Fatalf("same seed, different evaluation order, different states:\n%s\n%s", ja, jb)
			}
			if sa.Evals() != p.Evals {
				t.Errorf("evaluated %d mazes, budget %d", sa.Evals(), p.Evals)
			}
			var walked int64
			for _, n := range a.batches {
				walked += int64(n)
			}
			if walked != p.Evals {
				t.Errorf("evaluator walked %d mazes, search counted %d", walked, p.Evals)
			}
			if !v.freeEnds {
				for i, n := range a.batches[:len(a.batches)-1] {
					if n < 2 {
						t.Fatalf("batch %d holds %d maze(s)", i, n)
					}
				}
			}
			best := sa.Best()
			res, err := mousemaze.Walk(sa.BestMaze(), sa.BestConfig())
			if err != nil || res.Turns != best.Turns {
				t.Fatalf("best maze walks %d turns (%v), search says %d:\n%s", res.Turns, err, best.Turns, sa.BestMaze())
			}
			if !v.freeEnds && (best.Entry != p.Entry || best.Exit != p.Exit) {
				t.Errorf("fixed ends moved to %d, %d", best.Entry, best.Exit)
			}
			if best.Turns < 10 {
				t.Errorf("best %d turns on 5x6 after %d evaluations", best.Turns, p.Evals)
			}
		})
	}
}

// TestResumeIsExact interrupts every method after a few generations, saves
// its state through JSON, resumes it and wants exactly the final state of
// an uninterrupted run.
func TestResumeIsExact(t *testing.T) {
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			p := testParams(t, v.algo, v.freeEnds)
			ev := refEvaluator(t)
			want := stateJSON(t, runToEnd(t, p, ev))

			s, err := New(p, ev, nil)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			const stopAt = 5
			err = s.Run(ctx, Hooks{Generation: func(s *Search) error {
				if s.Gen() == stopAt {
					cancel()
				}
				return nil
			}})
			if !errors.Is(err, context.Canceled) || s.Gen() != stopAt || s.Done() {
				t.Fatalf("interrupted run: err %v at generation %d, done %v", err, s.Gen(), s.Done())
			}
			data, err := json.Marshal(s.State())
			if err != nil {
				t.Fatal(err)
			}
			var st State
			if err := json.Unmarshal(data, &st); err != nil {
				t.Fatal(err)
			}
			r, err := Resume(&st, ev)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.Run(context.Background(), Hooks{}); err != nil {
				t.Fatal(err)
			}
			if got := stateJSON(t, r); got != want {
				t.Fatalf("resumed run ends in another state:\n got %s\nwant %s", got, want)
			}
		})
	}
}

// TestHooks checks Improved reports strictly increasing bests and that a
// Generation error stops the search and is returned.
func TestHooks(t *testing.T) {
	p := testParams(t, AlgoGA, false)
	s, err := New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	var last int64
	stop := errors.New("stop")
	err = s.Run(context.Background(), Hooks{
		Improved: func(s *Search) {
			if b := s.Best().Turns; b <= last {
				t.Errorf("improved to %d after %d", b, last)
			} else {
				last = b
			}
		},
		Generation: func(s *Search) error {
			if s.Gen() == 3 {
				return stop
			}
			return nil
		},
	})
	if !errors.Is(err, stop) || s.Gen() != 3 {
		t.Fatalf("Run = %v at generation %d, want the hook's error at 3", err, s.Gen())
	}
	if last != s.Best().Turns || last == 0 {
		t.Errorf("last improvement %d, best %d", last, s.Best().Turns)
	}
}

// TestInitialMazes starts from given mazes, one of them infeasible (a full
// wall row), which is opened up, and wants the best to be at least the
// best given feasible maze.
func TestInitialMazes(t *testing.T) {
	good, err := mousemaze.Parse(stringsReader("..X..\nX....\n...X.\n.X...\n.....\n"), "good")
	if err != nil {
		t.Fatal(err)
	}
	bad := mousemaze.NewMaze(5, 5)
	bad.Walls[2] = mousemaze.RowMask(5)
	ev := refEvaluator(t)
	want, err := mousemaze.Walk(good[0], mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range Algos {
		p, _ := Preset(algo)
		p.Rows, p.Cols, p.Evals, p.Seed = 5, 5, 300, 1
		s, err := New(p, ev, []mousemaze.Maze{good[0], bad})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Run(context.Background(), Hooks{}); err != nil {
			t.Fatal(err)
		}
		if s.Best().Turns < want.Turns {
			t.Errorf("%s: best %d turns, the initial maze has %d", algo, s.Best().Turns, want.Turns)
		}
	}
	p, _ := Preset(AlgoGA)
	p.Rows, p.Cols, p.Evals = 6, 6, 100
	if _, err := New(p, ev, good); !errors.Is(err, ErrParams) {
		t.Errorf("5x5 initial maze in a 6x6 search: err %v, want ErrParams", err)
	}
}

// TestRepair checks that a repaired child is feasible and differs from
// its parent only where it differed before.
func TestRepair(t *testing.T) {
	p := testParams(t, AlgoGA, false)
	p.Rows, p.Cols = 8, 9
	s, err := New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	repaired := 0
	for i := 0; i < 200; i++ {
		parent := s.randomIndividual()
		child := Individual{Walls: make([]uint64, p.Rows)}
		for r := range child.Walls {
			child.Walls[r] = rng.Uint64() & mousemaze.RowMask(p.Cols)
		}
		before := child.clone()
		s.openEnds(&before)
		if s.feasible(before) {
			continue
		}
		repaired++
		s.repair(&child, parent)
		if !s.feasible(child) {
			t.Fatalf("repaired child is infeasible:\n%s", child.Maze(p.Rows, p.Cols))
		}
		for r := range child.Walls {
			if d := child.Walls[r] ^ parent.Walls[r]; d&^(before.Walls[r]^parent.Walls[r]) != 0 {
				t.Fatalf("row %d: repair changed cells that agreed with the parent", r)
			}
		}
	}
	if repaired < 50 {
		t.Fatalf("only %d of 200 random children needed repair", repaired)
	}
}

func TestParamsValidate(t *testing.T) {
	base := testParams(t, AlgoMemetic, false)
	for name, edit := range map[string]func(*Params){
		"algo":    func(p *Params) { p.Algo = "tabu" },
		"size":    func(p *Params) { p.Rows = 0 },
		"evals":   func(p *Params) { p.Evals = 0 },
		"pop":     func(p *Params) { p.Pop = 0 },
		"entry":   func(p *Params) { p.Entry = 6 },
		"order":   func(p *Params) { p.Order = "DDLU" },
		"radius":  func(p *Params) { p.Radius = 3 },
		"parents": func(p *Params) { p.Parents = 0 },
		"density": func(p *Params) { p.Density = 1 },
	} {
		p := base
		edit(&p)
		if err := p.Validate(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := base.Validate(); err != nil {
		t.Errorf("valid params: %v", err)
	}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
