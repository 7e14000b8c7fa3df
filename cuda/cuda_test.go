//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// open opens the backend, or skips the test when there is no GPU.
func open(t *testing.T) *Evaluator {
	t.Helper()
	ev, err := New(mousemaze.Options{})
	if errors.Is(err, ErrNoDevice) {
		t.Skipf("no CUDA device, so the kernels cannot run here: %v", err)
	}
	if err != nil {
		t.Fatalf("open the cuda backend: %v", err)
	}
	t.Logf("device %s (compute %d, %d MiB): %+v", ev.Device(), ev.ComputeCapability(), ev.Memory()>>20, ev.Info())
	t.Cleanup(func() {
		if err := ev.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return ev
}

// reference walks every maze of pop with mousemaze.Walk on all CPUs.
func reference(t *testing.T, pop mousemaze.Population, cfg mousemaze.Config) []mousemaze.Result {
	t.Helper()
	want, err := mousemaze.WalkAll(pop, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

func compare(t *testing.T, name string, pop mousemaze.Population, cfg mousemaze.Config, got []mousemaze.Result) {
	t.Helper()
	want := reference(t, pop, cfg)
	for i := range got {
		if !got[i].Same(want[i]) {
			t.Fatalf("%s: maze %d: cuda gives turns=%d escaped=%v feasible=%v, Walk turns=%d escaped=%v feasible=%v (heat equal: %v) on\n%s",
				name, i, got[i].Turns, got[i].Escaped, got[i].Feasible, want[i].Turns, want[i].Escaped, want[i].Feasible,
				fmt.Sprint(got[i].Heat) == fmt.Sprint(want[i].Heat), pop.Maze(i))
		}
	}
}

// randomBatch draws n mazes of one random size (1..64 a side), each with
// its own wall density, half of them with the entry and exit open, and a
// random config (order, entry, exit, sometimes a cap or a heat map).
func randomBatch(rng *rand.Rand, n int) (mousemaze.Population, mousemaze.Config) {
	side := func() int {
		if rng.IntN(3) == 0 {
			return 1 + rng.IntN(64)
		}
		return 1 + rng.IntN(16)
	}
	rows, cols := side(), side()
	cfg := mousemaze.Config{Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: rng.IntN(4) == 0}
	if rng.IntN(4) != 0 {
		cfg.Order = mousemaze.RandomOrder(rng)
	}
	if rng.IntN(6) == 0 {
		cfg.Cap = 1 + rng.Int64N(int64(4*rows*cols))
	}
	pop := mousemaze.NewPopulation(rows, cols, 0)
	for range n {
		density := 0.55 * rng.Float64()
		m := mousemaze.Random(rng, rows, cols, density)
		if rng.IntN(2) == 0 {
			m.SetWall(0, cfg.Entry, false)
			m.SetWall(rows-1, cfg.Exit, false)
		}
		pop.Append(m)
	}
	return pop, cfg
}

// TestMatchesWalk holds the device to the reference walk on 1,000,000
// random mazes of many sizes, orders, entry and exit columns, caps and
// heat maps, in batches of very different lengths.
func TestMatchesWalk(t *testing.T) {
	ev := open(t)
	total := 1_000_000
	if testing.Short() {
		total = 20_000 // for compute-sanitizer, which slows kernels down a hundredfold
	}
	rng := rand.New(rand.NewPCG(1, 2))
	done, batches := 0, 0
	for done < total {
		n := 1 + rng.IntN(1+rng.IntN(40_000))
		pop, cfg := randomBatch(rng, n)
		name := fmt.Sprintf("batch=%d/n=%d/size=%v/order=%v/entry=%d/exit=%d/cap=%d/heat=%v", batches, n, pop.Size(), cfg.Order, cfg.Entry, cfg.Exit, cfg.Cap, cfg.Heat)
		dst := make([]mousemaze.Result, n)
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		compare(t, name, pop, cfg, dst)
		done += n
		batches++
	}
	t.Logf("%d mazes in %d batches equal Walk", done, batches)
}

// TestLargeBatch evaluates 1,200,000 feasible 13×13 mazes in one batch,
// more than one chunk, so both streams carry chunks, then again with heat
// maps, and compares with Walk.
func TestLargeBatch(t *testing.T) {
	ev := open(t)
	if testing.Short() {
		t.Skip("1,200,000 mazes: not in -short")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	cfg := mousemaze.Config{}
	pop := mousemaze.NewPopulation(13, 13, 0)
	for range 1_200_000 {
		pop.Append(mousemaze.RandomFeasible(rng, 13, 13, 0.3, cfg))
	}
	for _, heat := range []bool{false, true} {
		cfg.Heat = heat
		dst := make([]mousemaze.Result, pop.Len())
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			t.Fatal(err)
		}
		compare(t, fmt.Sprintf("13x13 heat=%v", heat), pop, cfg, dst)
	}
}

// TestEvaluateErrors checks that a bad batch gives an error, not a launch.
func TestEvaluateErrors(t *testing.T) {
	ev := open(t)
	pop := mousemaze.NewPopulation(3, 3, 2)
	if err := ev.Evaluate(pop, mousemaze.Config{}, make([]mousemaze.Result, 1)); !errors.Is(err, mousemaze.ErrSize) {
		t.Errorf("short dst: %v, want ErrSize", err)
	}
	if err := ev.Evaluate(mousemaze.Population{}, mousemaze.Config{}, nil); err != nil {
		t.Errorf("empty batch: %v", err)
	}
	if _, err := New(mousemaze.Options{Device: 99}); !errors.Is(err, ErrNoDevice) {
		t.Errorf("device 99: %v, want ErrNoDevice", err)
	}
}

// TestAutoPicksCUDA checks that "auto" opens the GPU when there is one.
func TestAutoPicksCUDA(t *testing.T) {
	open(t)
	ev, err := mousemaze.NewEvaluator("auto", mousemaze.Options{})
	if err != nil || ev.Name() != "cuda" {
		t.Fatalf("auto with a GPU: %v, %v", ev, err)
	}
	if err := ev.(*Evaluator).Close(); err != nil {
		t.Fatal(err)
	}
}
