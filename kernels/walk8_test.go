package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// TestWalk8Escalates runs the chain walk8 → walk16 → walk32 → Walk on
// batches holding mazes whose counts pass 8 bits (the 12×12 to 16×16
// records) and checks that those overflow walk8, are walked again by
// walk16, and that every result and heat map equals Walk's; then the same
// with the limits lowered (walk8 at 3, walk16 at 6, walk32 at 9), so that
// every step of the chain, Walk included, is taken on random mazes.
func TestWalk8Escalates(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var tally Tally
	pops, _ := mazetest.RecordBatches(t, rng, 40)
	for b, pop := range pops {
		for _, heat := range []bool{false, true} {
			cfg := mousemaze.Config{Heat: heat}
			dst := make([]mousemaze.Result, pop.Len())
			if err := EvaluateChain(tally.Count(EmulatedRunner(small)), Kernels, pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			mazetest.Check(t, "emulation", fmt.Sprintf("records %d heat=%v", b, heat), pop, cfg, dst)
		}
	}
	ran, over := tally.Ran, tally.Overflowed
	if over[Walk8] == 0 || ran[Walk16] != over[Walk8] || over[Walk16] != 0 {
		t.Fatalf("records: walk8 ran %d mazes, %d overflowed; walk16 ran %d, %d overflowed", ran[Walk8], over[Walk8], ran[Walk16], over[Walk16])
	}
	t.Logf("records: walk8 ran %d mazes, %d overflowed 8 bits and were walked again by walk16, all equal Walk", ran[Walk8], over[Walk8])

	low := []Width{W8, W16, W32}
	low[0].Limit, low[1].Limit, low[2].Limit = 3, 6, 9
	tally = Tally{}
	for b := 0; b < 60; b++ {
		pop, cfg := mazetest.RandomBatch(rng, 1+rng.IntN(200), pickSide)
		dev := small
		if b%3 == 2 {
			dev = tiny
		}
		dst := make([]mousemaze.Result, pop.Len())
		if err := EvaluateChain(tally.Count(EmulatedRunner(dev)), low, pop, cfg, dst); err != nil {
			t.Fatal(err)
		}
		mazetest.Check(t, "emulation", fmt.Sprintf("lowered limits, batch %d", b), pop, cfg, dst)
	}
	ran, over = tally.Ran, tally.Overflowed
	if over[Walk8] == 0 || over[Walk16] == 0 || over[Walk32] == 0 || ran[Walk16] != over[Walk8] || ran[Walk32] != over[Walk16] {
		t.Fatalf("lowered limits: ran %v, overflowed %v", ran, over)
	}
	t.Logf("lowered limits: ran %v, overflowed %v (the last to Walk), all equal Walk", ran, over)
}

// TestChain checks the model's choice of counters: walk8 where 16-bit
// grids leave too few warps resident to hide a step's latency (32×32 on an
// H100: one 64-thread block, against several of 8-bit counts), walk16
// where the step is issue-bound already (13×13), and that StepRate is the
// lesser of its two bounds.
func TestChain(t *testing.T) {
	if c := Chain(32, 32, H100); c[0] != W8 {
		t.Errorf("32x32 on an H100: chain %v, want walk8 first", c)
	}
	if c := Chain(13, 13, H100); c[0] != W16 {
		t.Errorf("13x13 on an H100: chain %v, want walk16 first", c)
	}
	for _, size := range [][2]int{{5, 5}, {13, 13}, {32, 32}, {64, 64}} {
		for _, wd := range Kernels {
			l := Plan(size[0], size[1], wd, H100, 1<<30)
			warps := float64(l.Grid / H100.SMs * l.Block / 32)
			lat := StepLatency
			if !l.Shared {
				lat = ScratchLatency
			}
			want := min(128/StepInstructions[wd.Kernel], warps*32/lat)
			if got := StepRate(wd, l, H100); got != want {
				t.Errorf("%v %s: StepRate %v, want %v", size, wd.Kernel, got, want)
			}
		}
	}
}
