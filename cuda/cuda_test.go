//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
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
	size := func(int) int { return 1 + rng.IntN(1+rng.IntN(40_000)) }
	mazetest.CheckRandom(t, "cuda", rng, total, mazetest.Side, size, func(_ int, _ string, pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
		return ev.Evaluate(pop, cfg, dst)
	})
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
		mazetest.Check(t, "cuda", fmt.Sprintf("13x13 heat=%v", heat), pop, cfg, dst)
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
