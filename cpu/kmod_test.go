package cpu

import (
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
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
		trapped := 0
		for _, kk := range []int{1, 2, 3, 5, 8} {
			for _, sz := range []mousemaze.Size{{Rows: 3, Cols: 3}, {Rows: 6, Cols: 7}, {Rows: 13, Cols: 13}} {
				cfg := mousemaze.Config{K: kk, Heat: kk%2 == 0, Cap: int64(kk%3) * 500}
				pop := mousemaze.RandomPopulation(rng, sz.Rows, sz.Cols, 2*k.lanes+1, 0.3)
				n, err := mousemaze.CheckAgainstWalk(ev, pop, cfg)
				if err != nil {
					t.Fatalf("k=%d: %v", kk, err)
				}
				trapped += n
			}
		}
		if trapped == 0 {
			t.Error("no trapped maze among the random ones: the test is too weak")
		}
	})
}
