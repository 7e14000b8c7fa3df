package bench

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/kernels"
)

// TestNullEvaluator wants every maze scored feasible and escaped with
// 2..1001 turns, the same turns on a second call and for the same maze
// alone, varied turns across a population, and ErrSize for a short dst.
func TestNullEvaluator(t *testing.T) {
	for _, tc := range []struct {
		rows, cols, n int
		density       float64
	}{
		{6, 6, 200, 0.3},
		{13, 13, 100, 0.25},
		{32, 32, 50, 0.25},
		{1, 1, 3, 0},
	} {
		pop := mousemaze.RandomPopulation(rand.New(rand.NewPCG(uint64(tc.rows), 7)), tc.rows, tc.cols, tc.n, tc.density)
		var ev NullEvaluator
		a := make([]mousemaze.Result, tc.n)
		b := make([]mousemaze.Result, tc.n)
		if err := ev.Evaluate(pop, mousemaze.Config{}, a); err != nil {
			t.Fatalf("%dx%d: %v", tc.rows, tc.cols, err)
		}
		if err := ev.Evaluate(pop, mousemaze.Config{}, b); err != nil {
			t.Fatalf("%dx%d: %v", tc.rows, tc.cols, err)
		}
		distinct := map[int64]bool{}
		for i := range a {
			r := a[i]
			if !r.Feasible || !r.Escaped || r.Turns < 2 || r.Turns > 1001 || r.Heat != nil {
				t.Fatalf("%dx%d maze %d: %+v; want feasible, escaped, 2..1001 turns", tc.rows, tc.cols, i, r)
			}
			if b[i].Turns != r.Turns {
				t.Fatalf("%dx%d maze %d: %d turns, then %d", tc.rows, tc.cols, i, r.Turns, b[i].Turns)
			}
			one := make([]mousemaze.Result, 1)
			if err := ev.Evaluate(pop.Slice(i, i+1), mousemaze.Config{}, one); err != nil || one[0].Turns != r.Turns {
				t.Fatalf("%dx%d maze %d alone: %+v, %v; in the population %d turns", tc.rows, tc.cols, i, one[0], err, r.Turns)
			}
			if r.Turns != NullTurns(pop.Maze(i).Walls) {
				t.Fatalf("%dx%d maze %d: %d turns, NullTurns says %d", tc.rows, tc.cols, i, r.Turns, NullTurns(pop.Maze(i).Walls))
			}
			distinct[r.Turns] = true
		}
		if tc.n >= 50 && len(distinct) < tc.n/2 {
			t.Errorf("%dx%d: %d distinct turns among %d mazes; want varied scores", tc.rows, tc.cols, len(distinct), tc.n)
		}
		if err := ev.Evaluate(pop, mousemaze.Config{}, a[:tc.n-1]); !errors.Is(err, mousemaze.ErrSize) {
			t.Errorf("%dx%d: short dst gives %v, want ErrSize", tc.rows, tc.cols, err)
		}
	}
	if got := (NullEvaluator{}).Name(); got != NullBackend {
		t.Errorf("Name() = %q, want %q", got, NullBackend)
	}
}

// TestLoopTable runs tiny loop tables through the Go API: per method a
// null row and a cpu row, each spending exactly the budget, with positive
// rates and eval_seconds + host_seconds = seconds, and the same rejected
// candidates on every worker count.
func TestLoopTable(t *testing.T) {
	six := mousemaze.Size{Rows: 6, Cols: 6}
	for _, tc := range []struct {
		algo    string
		evals   int64
		pop     int
		workers []int
	}{
		{dispatch.AlgoGA, 3000, 500, []int{1}},
		{dispatch.AlgoILS, 1500, 0, []int{1}},
		{dispatch.AlgoGA, 2500, 2000, []int{1, 2}}, // generations above 1,024: bred in chunks
	} {
		o := LoopOptions{Algos: []string{tc.algo}, Sizes: []mousemaze.Size{six}, Workers: tc.workers,
			Evals: tc.evals, Pop: tc.pop, Seed: 3, Backends: []string{"cpu"}}
		var progress strings.Builder
		o.Progress = &progress
		recs, err := LoopTable(context.Background(), o)
		if err != nil {
			t.Fatalf("%s: %v", tc.algo, err)
		}
		// A null row, a null-breed row where the generations would be
		// bred on a device, and a cpu row, for each worker count.
		backends := []string{NullBackend, "cpu"}
		if tc.pop > 1024 {
			backends = []string{NullBackend, NullBreedBackend, "cpu"}
		}
		per := len(backends)
		if want := per * len(tc.workers); len(recs) != want {
			t.Fatalf("%s: %d rows, want %d: %+v", tc.algo, len(recs), want, recs)
		}
		for i, r := range recs {
			wantBackend := backends[i%per]
			if r.Algo != tc.algo || r.Size != "6x6" || r.Backend != wantBackend || r.Workers != tc.workers[i/per] || r.CPU == "" {
				t.Errorf("%s row %d: %+v; want %s 6x6 %s workers %d with a cpu name", tc.algo, i, r, tc.algo, wantBackend, tc.workers[i/per])
			}
			// The device breeds with no rejected candidates: only the
			// initial population's count.
			if r.Backend == NullBreedBackend && r.Rejected >= recs[i-1].Rejected {
				t.Errorf("%s row %d: %d rejected, not below the null row's %d: the generations were not handed to the breeder", tc.algo, i, r.Rejected, recs[i-1].Rejected)
			}
			if r.Evals != tc.evals {
				t.Errorf("%s row %d (%s): %d evals, want the budget %d", tc.algo, i, r.Backend, r.Evals, tc.evals)
			}
			if r.Seconds <= 0 || r.EvalsPerS <= 0 || r.EvalsPerSPerWorker <= 0 || r.EvalSeconds <= 0 || r.HostSeconds < 0 || r.SetupSeconds <= 0 {
				t.Errorf("%s row %d (%s): %+v; want positive times and rates", tc.algo, i, r.Backend, r)
			}
			if d := r.EvalSeconds + r.HostSeconds - r.Seconds; math.Abs(d) > 1e-6*max(1, r.Seconds) {
				t.Errorf("%s row %d (%s): eval %g s + host %g s = %g s, want seconds %g", tc.algo, i, r.Backend, r.EvalSeconds, r.HostSeconds, r.EvalSeconds+r.HostSeconds, r.Seconds)
			}
			if math.Abs(r.EvalsPerS-float64(r.Evals)/r.Seconds) > 1e-9*r.EvalsPerS ||
				math.Abs(r.EvalsPerSPerWorker*float64(r.Workers)-r.EvalsPerS) > 1e-9*r.EvalsPerS {
				t.Errorf("%s row %d (%s): rates %g/s, %g/s/worker from %d evals in %g s on %d workers", tc.algo, i, r.Backend,
					r.EvalsPerS, r.EvalsPerSPerWorker, r.Evals, r.Seconds, r.Workers)
			}
		}
		for i, r := range recs {
			if tc.algo == dispatch.AlgoGA && r.Rejected <= 0 {
				t.Errorf("%s row %d (%s): rejected %d; a GA on 6x6 throws infeasible children away", tc.algo, i, r.Backend, r.Rejected)
			}
			// The same seed breeds the same candidates on every worker count.
			if i >= per && r.Rejected != recs[i%per].Rejected {
				t.Errorf("%s row %d (%s, %d workers): rejected %d, but %d on %d workers", tc.algo, i, r.Backend, r.Workers, r.Rejected, recs[i%per].Rejected, recs[i%per].Workers)
			}
		}
		if n := strings.Count(progress.String(), "\n"); n != len(recs) {
			t.Errorf("%s: %d progress lines for %d rows:\n%s", tc.algo, n, len(recs), progress.String())
		}
		var table strings.Builder
		if err := WriteLoopTable(&table, o, recs); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"search loop on " + cpuName(), "evals/s/worker", "rejected", "host %", " null ", " cpu "} {
			if !strings.Contains(table.String(), want) {
				t.Errorf("%s: table lacks %q:\n%s", tc.algo, want, table.String())
			}
		}
	}
}

// TestLoopUnavailable wants a backend that cannot be opened skipped when
// Unavailable says so, and the table failing otherwise.
func TestLoopUnavailable(t *testing.T) {
	const missing = "loop-test-missing"
	if !slices.Contains(mousemaze.Backends(), missing) { // not again under -count
		mousemaze.RegisterMissing(missing, errors.New("not built in"))
	}
	o := LoopOptions{Algos: []string{dispatch.AlgoILS}, Sizes: []mousemaze.Size{{Rows: 5, Cols: 5}}, Workers: []int{1, 2},
		Evals: 200, Backends: []string{missing}}
	var skipped []string
	o.Unavailable = func(b string, err error) bool { skipped = append(skipped, b); return true }
	recs, err := LoopTable(context.Background(), o)
	if err != nil || len(recs) != 2 || recs[0].Backend != NullBackend || recs[1].Backend != NullBackend {
		t.Errorf("skipping: %+v, %v; want the two null rows", recs, err)
	}
	if len(skipped) != 1 || skipped[0] != missing {
		t.Errorf("Unavailable called for %v, want once for %s", skipped, missing)
	}
	o.Unavailable = nil
	if _, err := LoopTable(context.Background(), o); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("without Unavailable: %v, want an error naming %s", err, missing)
	}
}

// TestLoopOptionsCheck wants each bad option refused with an error naming
// its flag.
func TestLoopOptionsCheck(t *testing.T) {
	good := LoopOptions{Algos: []string{"ga"}, Sizes: []mousemaze.Size{{Rows: 6, Cols: 6}}, Workers: []int{1}, Backends: []string{"cpu"}}
	if err := good.Check(); err != nil {
		t.Fatalf("good options: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(*LoopOptions)
		want string
	}{
		{"unknown algo", func(o *LoopOptions) { o.Algos = []string{"ga", "tabu"} }, `unknown search method "tabu"`},
		{"no algos", func(o *LoopOptions) { o.Algos = nil }, "--algos"},
		{"workers 0", func(o *LoopOptions) { o.Workers = []int{1, 0} }, "--workers-list: 0: must be above 0"},
		{"no sizes", func(o *LoopOptions) { o.Sizes = nil }, "--sizes"},
		{"bad size", func(o *LoopOptions) { o.Sizes = []mousemaze.Size{{Rows: 0, Cols: 5}} }, "--sizes"},
		{"negative evals", func(o *LoopOptions) { o.Evals = -1 }, "--evals -1"},
		{"pop too large", func(o *LoopOptions) { o.Pop = dispatch.MaxPop + 1 }, "--pop"},
		{"unknown backend", func(o *LoopOptions) { o.Backends = []string{"foo"} }, `--backends: unknown backend "foo"`},
	} {
		o := good
		tc.edit(&o)
		if err := o.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error containing %q", tc.name, err, tc.want)
		}
		if _, err := LoopTable(context.Background(), o); err == nil {
			t.Errorf("%s: LoopTable ran", tc.name)
		}
	}
}

// TestParseWorkers reads worker lists and refuses counts below 1.
func TestParseWorkers(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  string
	}{
		{"1,2", []int{1, 2}, ""},
		{" 4 , 1,4", []int{4, 1}, ""},
		{"0", nil, "--workers-list: 0: must be above 0"},
		{"1,-2", nil, "must be above 0"},
		{"1,x", nil, `"x" is not a number`},
		{"", nil, "is not a number"},
	} {
		got, err := ParseWorkers(tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseWorkers(%q) = %v, %v; want an error containing %q", tc.in, got, err, tc.err)
		case tc.err == "" && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("ParseWorkers(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestLoopSpec wants the presets with their budget, the generation size
// for the breeding methods only, and no deepening or polish.
func TestLoopSpec(t *testing.T) {
	size := mousemaze.Size{Rows: 13, Cols: 13}
	for _, tc := range []struct {
		algo    string
		wantPop int
		evals   int64
	}{
		{dispatch.AlgoGA, 5000, DefaultLoopBreedEvals},
		{dispatch.AlgoPipeline, 5000, DefaultLoopBreedEvals},
		{dispatch.AlgoILS, 1, DefaultLoopClimbEvals},
		{dispatch.AlgoRandom, 1000, DefaultLoopClimbEvals},
	} {
		o := LoopOptions{Pop: 5000}
		p, err := LoopSpec(tc.algo, size, o.evals(tc.algo), o.Pop, 9)
		if err != nil {
			t.Fatalf("%s: %v", tc.algo, err)
		}
		if p.Pop != tc.wantPop || p.Evals != tc.evals || p.Deepen != 0 || p.Polish != 0 || p.Rows != 13 || p.Cols != 13 || p.Seed != 9 {
			t.Errorf("%s: spec %+v; want pop %d, %d evals, no deepen or polish", tc.algo, p, tc.wantPop, tc.evals)
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", tc.algo, err)
		}
	}
}

// TestNullBreeder wants each child a parent with an odd number of cells
// up to nullFlips flipped (two flips of one cell cancel), scored as
// NullEvaluator scores it, hashed, kept in the generation the job names,
// no rejected candidates, and errors for a bad job or slices of the wrong
// length.
func TestNullBreeder(t *testing.T) {
	j := &kernels.BreedJob{Rows: 3, Cols: 5, Parents: []uint64{1, 2, 3, 4, 5, 6}, N: 9, Chunk: 4, Seeds: []uint64{7, 8, 9},
		Binom: kernels.BinomAll, CellOf: []uint16{1, 1<<6 | 2, 2<<6 | 4}, MaxRedraws: 4, Slot: 1, At: 2, Total: 11}
	rejected, hashes, dst := make([]uint8, 9), make([]uint64, 9), make([]mousemaze.Result, 9)
	for i := range rejected {
		rejected[i] = 9
	}
	b := &NullBreeder{}
	if err := b.BreedWalk(j, mousemaze.Config{}, rejected, hashes, dst); err != nil {
		t.Fatal(err)
	}
	children, idx := make([]uint64, 27), []int{2, 3, 4, 5, 6, 7, 8, 9, 10}
	if err := b.Children(1, 3, idx, children); err != nil {
		t.Fatal(err)
	}
	for g := 0; g < 9; g++ {
		c := children[g*3 : g*3+3]
		flips := min(bits.OnesCount64(c[0]^1)+bits.OnesCount64(c[1]^2)+bits.OnesCount64(c[2]^3),
			bits.OnesCount64(c[0]^4)+bits.OnesCount64(c[1]^5)+bits.OnesCount64(c[2]^6))
		if r := dst[g]; flips%2 != 1 || flips > nullFlips || rejected[g] != 0 || !r.Feasible || !r.Escaped || r.Turns != NullTurns(c) {
			t.Errorf("child %d: %v (%d cells from a parent), rejected %d, %+v", g, c, flips, rejected[g], dst[g])
		}
		if hashes[g] != kernels.ChildHash(c, 0, 0) {
			t.Errorf("child %d: hash %#x, want %#x", g, hashes[g], kernels.ChildHash(c, 0, 0))
		}
	}
	if err := b.BreedWalk(j, mousemaze.Config{}, rejected, hashes[:8], dst); err == nil {
		t.Error("too few hashes: no error")
	}
	j.Seeds = j.Seeds[:2]
	if err := b.BreedWalk(j, mousemaze.Config{}, rejected, hashes, dst); err == nil {
		t.Error("too few seeds: no error")
	}
}

// BenchmarkNullBreedHost runs a GA of 2^18 13×13 children a generation
// for eight generations on NullBreeder and one breeding worker: the
// host's side of a GA bred on a device (selection, the reads of kept
// children, scoring, accounting), with breeding and walking at almost no
// cost. It reports the host's nanoseconds a child (the run's wall time
// less the evaluator's).
func BenchmarkNullBreedHost(b *testing.B) {
	const pop = 1 << 18
	spec, err := LoopSpec(dispatch.AlgoGA, mousemaze.Size{Rows: 13, Cols: 13}, 8*pop, pop, 1)
	if err != nil {
		b.Fatal(err)
	}
	var host float64
	var evals int64
	for b.Loop() {
		rec, err := LoopRun(context.Background(), spec, &NullBreeder{}, 1)
		if err != nil {
			b.Fatal(err)
		}
		host += rec.HostSeconds
		evals += rec.Evals
	}
	b.ReportMetric(host*1e9/float64(evals), "host-ns/child")
}
