package cpu

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

var soak = flag.Int("soak", 0, "walk this many extra random mazes per kernel in TestKernelsSoak")

// testCase is one batch: mazes of one size walked under one config.
type testCase struct {
	name string
	pop  mousemaze.Population
	cfg  mousemaze.Config
	want []mousemaze.Result
}

// randomCase draws a batch of n random mazes and a random config
// (mazetest.RandomBatch) and walks it with Walk.
func randomCase(t testing.TB, rng *rand.Rand, n int) testCase {
	pop, cfg := mazetest.RandomBatch(rng, n, mazetest.Side)
	return testCase{name: mazetest.Name(pop, cfg), pop: pop, cfg: cfg, want: mazetest.Want(t, pop, cfg)}
}

// guarded returns a dst of n results followed by sentinels that are
// checked when the test ends, to catch stray writes.
func guarded(t testing.TB, n int) []mousemaze.Result {
	buf := make([]mousemaze.Result, n+2)
	for i := n; i < n+2; i++ {
		buf[i] = mousemaze.Result{Turns: -7}
	}
	t.Cleanup(func() {
		for i := n; i < n+2; i++ {
			if buf[i].Turns != -7 || buf[i].Heat != nil {
				t.Errorf("kernel wrote past dst[%d]: %+v", n, buf[i])
			}
		}
	})
	return buf[:n:n]
}

// check walks tc with kernel k and compares every field with tc.want.
func check(t testing.TB, k kernel, tc testCase) {
	t.Helper()
	dst := guarded(t, tc.pop.Len())
	if err := walk(k, tc.pop, tc.cfg, dst); err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	mazetest.Compare(t, k.name, tc.name, tc.pop, tc.want, dst)
}

// runKernels runs f once per kernel, skipping those this CPU lacks.
func runKernels(t *testing.T, f func(t *testing.T, k kernel)) {
	for _, k := range kernels {
		t.Run("kernel="+k.name, func(t *testing.T) {
			if !k.ok() {
				t.Skip("CPU lacks " + k.name)
			}
			f(t, k)
		})
	}
}

// TestKernelsRandom compares every kernel with the reference walk on more
// than 100,000 random mazes of sizes 1×1 … 64×64.
func TestKernelsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var cases []testCase
	total := 0
	for total < 100_000 {
		n := 1 + rng.IntN(400)
		tc := randomCase(t, rng, n)
		cases = append(cases, tc)
		total += n
	}
	t.Logf("%d mazes in %d batches", total, len(cases))
	runKernels(t, func(t *testing.T, k kernel) {
		for _, tc := range cases {
			check(t, k, tc)
		}
	})
}

// TestKernelsSoak walks -soak more random mazes per kernel.
func TestKernelsSoak(t *testing.T) {
	if *soak == 0 {
		t.Skip("run with -soak N")
	}
	rng := rand.New(rand.NewPCG(uint64(*soak), 99))
	runKernels(t, func(t *testing.T, k kernel) {
		for done := 0; done < *soak; {
			tc := randomCase(t, rng, 1+rng.IntN(1000))
			check(t, k, tc)
			done += tc.pop.Len()
		}
	})
}

// mixedPopulation returns n feasible mazes whose walks differ widely in
// length: open boards, one-wall boards and random ones.
func mixedPopulation(rng *rand.Rand, rows, cols, n int) mousemaze.Population {
	pop := mousemaze.NewPopulation(rows, cols, 0)
	for i := 0; i < n; i++ {
		var m mousemaze.Maze
		switch i % 4 {
		case 0:
			m = mousemaze.NewMaze(rows, cols)
		case 1:
			m = mousemaze.NewMaze(rows, cols)
			m.SetWall(1, 0, true)
		case 2:
			m = mousemaze.Random(rng, rows, cols, 0.3) // often infeasible
		default:
			m = mazetest.Feasible(rng, rows, cols, 0.25, mousemaze.Config{})
		}
		pop.Append(m)
	}
	return pop
}

// TestBatchSizes walks batches around the lane count, with walks of mixed
// lengths so that lanes are refilled mid-batch.
func TestBatchSizes(t *testing.T) {
	runKernels(t, func(t *testing.T, k kernel) {
		for _, n := range []int{0, 1, k.lanes - 1, k.lanes, k.lanes + 1, 2*k.lanes + 3, 10 * k.lanes} {
			for _, cols := range []int{3, 13, 63, 64} {
				rng := rand.New(rand.NewPCG(uint64(n), uint64(cols)))
				pop := mixedPopulation(rng, 13, cols, n)
				for _, heat := range []bool{false, true} {
					cfg := mousemaze.Config{Heat: heat}
					tc := testCase{name: fmt.Sprintf("n=%d/size=13x%d/heat=%v", n, cols, heat), pop: pop, cfg: cfg}
					tc.want = mazetest.Want(t, pop, cfg)
					check(t, k, tc)
				}
			}
		}
	})
}

// TestFallback lowers the kernels' turn limit so that long walks are handed
// to the reference walk, with and without a cap beyond the limit.
func TestFallback(t *testing.T) {
	defer func(old int64) { kernelTurns = old }(kernelTurns)
	kernelTurns = 50
	rng := rand.New(rand.NewPCG(5, 5))
	pop := mixedPopulation(rng, 9, 9, 40)
	runKernels(t, func(t *testing.T, k kernel) {
		for _, cap := range []int64{0, 30, 50, 51, 100} {
			cfg := mousemaze.Config{Cap: cap, Heat: true}
			tc := testCase{name: fmt.Sprintf("cap=%d", cap), pop: pop, cfg: cfg, want: mazetest.Want(t, pop, cfg)}
			check(t, k, tc)
		}
	})
}

// TestPromisedFeasible walks random batches (about half their mazes not
// feasible) marked Population.Feasible, so that the kernels skip their
// check, and wants the reference walk's results all the same: an
// infeasible maze is found out when its capped walk reaches the cap or
// its uncapped one the kernels' turn limit (lowered here), on every
// kernel and through the Evaluator.
func TestPromisedFeasible(t *testing.T) {
	defer func(old int64) { kernelTurns = old }(kernelTurns)
	kernelTurns = 3000
	rng := rand.New(rand.NewPCG(8, 8))
	var cases []testCase
	infeasible := 0
	for range 300 {
		tc := randomCase(t, rng, 1+rng.IntN(40))
		tc.pop.Feasible = true
		for _, r := range tc.want {
			if !r.Feasible {
				infeasible++
			}
		}
		cases = append(cases, tc)
	}
	if infeasible < 1000 {
		t.Fatalf("only %d infeasible mazes in the batches", infeasible)
	}
	runKernels(t, func(t *testing.T, k kernel) {
		for _, tc := range cases {
			check(t, k, tc)
		}
	})
	e, err := New(mousemaze.Options{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		dst := guarded(t, tc.pop.Len())
		if err := e.Evaluate(tc.pop, tc.cfg, dst); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		mazetest.Compare(t, "Evaluator", tc.name, tc.pop, tc.want, dst)
	}
}

// TestThesisMazes checks the thesis mazes' turn counts and heat maps.
func TestThesisMazes(t *testing.T) {
	mazes, err := mousemaze.ParseFile("../testdata/thesis-mazes.txt")
	if err != nil {
		t.Fatal(err)
	}
	runKernels(t, func(t *testing.T, k kernel) {
		for _, m := range mazes {
			pop, _ := mousemaze.PopulationOf(m)
			cfg := mousemaze.Config{Heat: true}
			check(t, k, testCase{name: m.Size().String(), pop: pop, cfg: cfg, want: mazetest.Want(t, pop, cfg)})
		}
	})
}

// TestPaperExamples checks the rules' worked examples on 13×13.
func TestPaperExamples(t *testing.T) {
	open := mousemaze.NewMaze(13, 13)
	one := mousemaze.NewMaze(13, 13)
	one.SetWall(1, 0, true)
	pop, _ := mousemaze.PopulationOf(open, one)
	runKernels(t, func(t *testing.T, k kernel) {
		dst := make([]mousemaze.Result, 2)
		if err := walk(k, pop, mousemaze.Config{}, dst); err != nil {
			t.Fatal(err)
		}
		if dst[0].Turns != 14 || dst[1].Turns != 182 {
			t.Errorf("turns %d and %d, want 14 and 182", dst[0].Turns, dst[1].Turns)
		}
	})
}

// TestEvaluator checks the backend: workers, chunks, forced kernels and
// errors.
func TestEvaluator(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	pop := mixedPopulation(rng, 13, 13, 327)
	cfg := mousemaze.Config{Heat: true}
	tc := testCase{name: "13x13", pop: pop, cfg: cfg, want: mazetest.Want(t, pop, cfg)}
	for _, name := range append([]string{""}, Kernels()...) {
		for _, workers := range []int{0, 1, 3} {
			ev, err := New(mousemaze.Options{Workers: workers, Kernel: name})
			if err != nil {
				t.Fatal(err)
			}
			dst := guarded(t, pop.Len())
			if err := ev.Evaluate(pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			mazetest.Compare(t, "cpu", fmt.Sprintf("kernel=%q/workers=%d", name, workers), tc.pop, tc.want, dst)
		}
	}
	if _, err := New(mousemaze.Options{Kernel: "nosuch"}); !errors.Is(err, ErrUnknownKernel) {
		t.Errorf("New(kernel nosuch) = %v, want ErrUnknownKernel", err)
	}
	if _, err := Open(mousemaze.Options{Kernel: "nosuch"}); !errors.Is(err, ErrUnknownKernel) || !strings.Contains(err.Error(), "generic") {
		t.Errorf("Open(kernel nosuch) = %v, want ErrUnknownKernel naming generic", err)
	}
	ev, _ := New(mousemaze.Options{})
	if err := ev.Evaluate(pop, cfg, make([]mousemaze.Result, 3)); !errors.Is(err, mousemaze.ErrSize) {
		t.Errorf("short dst: %v, want ErrSize", err)
	}
	if err := ev.Evaluate(pop, mousemaze.Config{Entry: 13}, make([]mousemaze.Result, pop.Len())); !errors.Is(err, mousemaze.ErrConfig) {
		t.Errorf("entry 13: %v, want ErrConfig", err)
	}
	if err := ev.Evaluate(mousemaze.Population{}, cfg, nil); err != nil {
		t.Errorf("empty batch: %v", err)
	}
}

// TestForceKernel checks that forceKernel changes and restores the choice.
func TestForceKernel(t *testing.T) {
	before := Kernel()
	restore := forceKernel("generic")
	if Kernel() != "generic" {
		t.Errorf("Kernel() = %q after forceKernel(generic)", Kernel())
	}
	restore()
	if Kernel() != before {
		t.Errorf("Kernel() = %q after restore, want %q", Kernel(), before)
	}
}

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(m.Run())
}

// TestUnavailableKernel wants a kernel this processor cannot run refused
// with ErrKernelUnavailable saying so, never replaced by another.
func TestUnavailableKernel(t *testing.T) {
	saved := kernels[0]
	defer func() { kernels[0] = saved }()
	kernels[0].ok = func() bool { return false }
	_, err := Open(mousemaze.Options{Kernel: saved.name})
	if !errors.Is(err, mousemaze.ErrKernelUnavailable) || errors.Is(err, ErrUnknownKernel) || !strings.Contains(err.Error(), "this processor cannot run") {
		t.Errorf("Open(kernel %s) on a processor without it = %v, want ErrKernelUnavailable", saved.name, err)
	}
}
