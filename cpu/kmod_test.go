package cpu

import (
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// TestKMod checks that, under modular counting, every kernel gives exactly
// the reference walk's results (trap, cycle and mousetrap fields included).
func TestKMod(t *testing.T) {
	runKernels(t, func(t *testing.T, k kernel) {
		defer forceKernel(k.name)()
		ev, err := New(mousemaze.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 8))
		var batches []mazetest.Batch
		for _, kk := range []int{1, 2, 3, 5, 8} {
			for _, sz := range []mousemaze.Size{{Rows: 3, Cols: 3}, {Rows: 6, Cols: 7}, {Rows: 13, Cols: 13}} {
				batches = append(batches, mazetest.Batch{
					Pop: mousemaze.RandomPopulation(rng, sz.Rows, sz.Cols, 2*k.lanes+1, 0.3),
					Cfg: mousemaze.Config{K: kk, Heat: kk%2 == 0, Cap: int64(kk%3) * 500},
				})
			}
		}
		mazetest.CheckTraps(t, ev, batches)
	})
}
