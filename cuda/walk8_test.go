//go:build cuda

package cuda

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
	"github.com/mousemaze/mousemaze/kernels"
)

// TestWalk8Escalates runs the chain walk8 → walk16 → walk32 → Walk on the
// device, forced, on batches that mix the project's record mazes of 12×12
// to 16×16 (whose walks visit some cell 387 to 2047 times: they overflow
// 8 bits) with random mazes of their size, with and without heat maps, in
// shared memory and global scratch as the plan chooses; every record must
// overflow walk8, be walked again by walk16, and every result equal
// mousemaze.Walk. It prints the mazes checked and how many escalated.
func TestWalk8Escalates(t *testing.T) {
	ev := open(t)
	defer closeAndCheck(t, ev)
	rng := rand.New(rand.NewPCG(8, 8))
	var tally kernels.Tally
	run := tally.Count(ev.run)
	pops, want := mazetest.RecordBatches(t, rng, 48)
	checked := 0
	for _, pop := range pops {
		for _, heat := range []bool{false, true} {
			cfg := mousemaze.Config{Heat: heat}
			dst := make([]mousemaze.Result, pop.Len())
			if err := kernels.EvaluateChain(run, kernels.Kernels, pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			mazetest.Check(t, "cuda", fmt.Sprintf("%v heat=%v", pop.Size(), heat), pop, cfg, dst)
			checked += pop.Len()
		}
	}
	ran, over := tally.Ran, tally.Overflowed
	if over[kernels.Walk8] != 2*want || ran[kernels.Walk16] != over[kernels.Walk8] || over[kernels.Walk16] != 0 {
		t.Fatalf("walk8 ran %d mazes, %d overflowed (want the %d records); walk16 ran %d, %d overflowed", ran[kernels.Walk8], over[kernels.Walk8], 2*want, ran[kernels.Walk16], over[kernels.Walk16])
	}
	fmt.Printf("walk8 escalation: %d mazes checked, %d overflowed 8 bits and were walked again by walk16, all equal Walk\n", checked, over[kernels.Walk8])
}
