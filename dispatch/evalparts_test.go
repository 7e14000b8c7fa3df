package dispatch

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// failAt is an evaluator that walks with inner, but reports maze bad of
// each call as infeasible (so its scoring fails), or fails the call whose
// first maze is callErr (when non-negative).
type failAt struct {
	inner        mousemaze.Evaluator
	bad, callErr int
	seen         int
}

func (f *failAt) Name() string { return "failat" }
func (f *failAt) Close() error { return nil }
func (f *failAt) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if f.callErr >= 0 && f.seen <= f.callErr && f.callErr < f.seen+pop.Len() {
		return errors.New("planted failure")
	}
	f.seen += pop.Len()
	if err := f.inner.Evaluate(pop, cfg, dst); err != nil {
		return err
	}
	if f.bad >= 0 && f.bad < len(dst) {
		dst[f.bad].Feasible = false
	}
	return nil
}

// TestEvaluatePartsIsPerMaze checks the pipelined Evaluate of a batch of
// several parts (packing, walking and scoring overlapped, each split among
// goroutines) against scoring every maze alone, on shapes whose batches end
// inside a part and on a part's edge; and that a failing walk or scoring
// comes back as an error.
func TestEvaluatePartsIsPerMaze(t *testing.T) {
	for _, tc := range []struct {
		rows, cols, n int
	}{{5, 6, 3*evalBatch + 17}, {13, 13, 2 * evalBatch}, {3, 40, evalBatch + hostChunk - 1}, {8, 8, 5}} {
		spec := testParams(t, AlgoGA, false)
		spec.Rows, spec.Cols = tc.rows, tc.cols
		ev := evaluator(t, "cpu", 2)
		p, err := NewGridProblem(spec, ev)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(tc.n), 3))
		batch := make([]Grid, tc.n)
		for i := range batch {
			for batch[i] = p.Random(rng); !p.Feasible(batch[i]); batch[i] = p.Random(rng) {
			}
		}
		got := make([]Score, tc.n)
		if err := p.Evaluate(batch, got); err != nil {
			t.Fatalf("%dx%d: %v", tc.rows, tc.cols, err)
		}
		for i := range batch {
			if i%97 != 0 && i < tc.n-3 && i%evalBatch > 2 {
				continue // every 97th maze, and the edges of the parts
			}
			res, err := mousemaze.Walk(batch[i].Maze(p.Rows, p.Cols), p.ConfigOf(batch[i]))
			if err != nil {
				t.Fatal(err)
			}
			want, err := p.score(batch[i].Maze(p.Rows, p.Cols), p.ConfigOf(batch[i]), res)
			if err != nil {
				t.Fatal(err)
			}
			if got[i] != want {
				t.Fatalf("%dx%d maze %d of %d: score %+v, want %+v", tc.rows, tc.cols, i, tc.n, got[i], want)
			}
		}
		for _, f := range []*failAt{{inner: ev, bad: min(5, tc.n-1), callErr: -1}, {inner: ev, bad: -1, callErr: tc.n - 1}} {
			q, err := NewGridProblem(spec, f)
			if err != nil {
				t.Fatal(err)
			}
			err = q.Evaluate(batch, make([]Score, tc.n))
			if err == nil || !strings.Contains(err.Error(), "planted failure") && !strings.Contains(err.Error(), "for a feasible maze") {
				t.Errorf("%dx%d, %+v: error %v, want the planted one", tc.rows, tc.cols, *f, err)
			}
		}
		ev.Close()
	}
}

// TestAccountLargeIsSerial checks that account gives the same state for a
// batch above accountParallel (hashed in parallel first) as for the same
// members accounted in small batches (compared one by one): the best, the
// evaluation at which it was found, and the repeats of the best, with a
// run of copies of an early best, then of a later one, inside the batch.
func TestAccountLargeIsSerial(t *testing.T) {
	spec := testParams(t, AlgoGA, false)
	spec.Rows, spec.Cols = 6, 6
	rng := rand.New(rand.NewPCG(5, 6))
	p, err := NewGridProblem(spec, refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	n := 3*accountParallel + 11
	distinct := make([]Grid, 40)
	for i := range distinct {
		distinct[i] = p.Random(rng)
	}
	batch := make([]Member[Grid], n)
	scores := make([]Score, n)
	for i := range batch {
		g := distinct[rng.IntN(len(distinct))]
		switch {
		case i > 100 && i < 2000:
			g = distinct[3] // an early best, repeated
		case i > 5000 && i < 9000, i >= n-50:
			g = distinct[7] // a later best, repeated
		}
		batch[i] = Member[Grid]{Genome: p.Clone(g)}
		turns := int64(10 + rng.IntN(5))
		switch {
		case g.Entry == distinct[3].Entry && slices.Equal(g.Walls, distinct[3].Walls):
			turns = 100
		case g.Entry == distinct[7].Entry && slices.Equal(g.Walls, distinct[7].Walls) && i > 5000:
			turns = 200
		}
		scores[i] = TurnsScore(turns)
	}
	run := func(step int) *Engine[Grid] {
		s, err := NewEngine(spec, Problem[Grid](p), nil)
		if err != nil {
			t.Fatal(err)
		}
		s.SetWorkers(3) // the hashed path, whatever the machine
		b := slices.Clone(batch)
		for lo := 0; lo < n; lo += step {
			hi := min(lo+step, n)
			if _, err := s.account(b[lo:hi], scores[lo:hi]); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	one, small := run(n), run(1000)
	a, b := one.st, small.st
	if !p.Equal(a.Best.Genome, b.Best.Genome) || a.Best.Score != b.Best.Score || a.BestEvals != b.BestEvals || a.Repeats != b.Repeats || a.Evals != b.Evals {
		t.Fatalf("one batch: best %v at %d, repeats %d, evals %d; small batches: best %v at %d, repeats %d, evals %d",
			a.Best.Score, a.BestEvals, a.Repeats, a.Evals, b.Best.Score, b.BestEvals, b.Repeats, b.Evals)
	}
	if a.Repeats == 0 || a.Best.Score.Turns != 200 {
		t.Fatalf("the batch should end on repeats of the 200-turn best: best %v, repeats %d", a.Best.Score, a.Repeats)
	}
}

// TestAccountLargeImproves holds accountLarge to the serial account on
// batches whose best improves many times, inside chunks and across them,
// among members that only beat the members before them in their chunk:
// the same improvements, each at the same count, reported to the hook in
// the same order; in a search and in its polish.
func TestAccountLargeImproves(t *testing.T) {
	spec := testParams(t, AlgoGA, false)
	spec.Rows, spec.Cols = 6, 6
	p, err := NewGridProblem(spec, refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 9))
	n := 4*accountParallel + 123
	batch := make([]Member[Grid], n)
	scores := make([]Score, n)
	for i := range batch {
		batch[i] = Member[Grid]{Genome: p.Random(rng)}
		turns := int64(10 + rng.IntN(20))
		switch {
		case rng.IntN(300) == 0: // a record of the batch so far
			turns = int64(100 + i)
		case rng.IntN(100) == 0: // a record of its chunk at most
			turns = int64(50 + i%accountParallel/200)
		}
		scores[i] = TurnsScore(turns)
	}
	type gain struct {
		evals, polishEvals int64
		turns              int64
	}
	run := func(workers, step int, polish bool) ([]gain, EngineState[Grid]) {
		s, err := NewEngine(spec, Problem[Grid](p), nil)
		if err != nil {
			t.Fatal(err)
		}
		s.SetWorkers(workers)
		s.polish = polish
		var gains []gain
		s.hooks.Improved = func(s *Engine[Grid]) {
			gains = append(gains, gain{s.st.BestEvals, s.st.PolishEvals, s.st.Best.Score.Turns})
		}
		b := slices.Clone(batch)
		for lo := 0; lo < n; lo += step {
			hi := min(lo+step, n)
			if _, err := s.account(b[lo:hi], scores[lo:hi]); err != nil {
				t.Fatal(err)
			}
		}
		return gains, s.st
	}
	for _, polish := range []bool{false, true} {
		want, ws := run(1, n, polish)
		got, gs := run(3, n, polish)
		if len(want) < 20 {
			t.Fatalf("only %d improvements: the test wants many", len(want))
		}
		if !slices.Equal(got, want) || gs.Evals != ws.Evals || gs.PolishEvals != ws.PolishEvals || gs.BestEvals != ws.BestEvals {
			t.Fatalf("polish %v: accountLarge improves %d times (evals %d, %d), account %d times (evals %d, %d)",
				polish, len(got), gs.Evals, gs.PolishEvals, len(want), ws.Evals, ws.PolishEvals)
		}
	}
}
