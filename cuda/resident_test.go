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

// TestResident uploads random populations of several sizes once and
// walks each three times on the device under random configs, holding
// every result word that did not overflow to mousemaze.Walk; a word
// flagged FlagOverflow must be a maze whose walk passes the counter (the
// 13×13 record among them). Bad calls give errors, and Close frees the
// resident buffers.
func TestResident(t *testing.T) {
	ev := open(t)
	defer closeAndCheck(t, ev)
	rng := rand.New(rand.NewPCG(21, 21))
	checked, last := 0, 0
	for b := 0; b < 12; b++ {
		pop, _ := mazetest.RandomBatch(rng, 1+rng.IntN(700), mazetest.Side)
		last = pop.Len()
		if err := ev.Upload(pop); err != nil {
			t.Fatal(err)
		}
		for pass := 0; pass < 3; pass++ {
			cfg := mazetest.Config(rng, pop.Rows, pop.Cols)
			cfg.Heat = false
			out := make([]uint64, pop.Len())
			if err := ev.WalkResident(cfg, out); err != nil {
				t.Fatalf("batch %d pass %d: %v", b, pass, err)
			}
			for i, w := range out {
				want, err := mousemaze.Walk(pop.Maze(i), cfg)
				if err != nil {
					t.Fatal(err)
				}
				if w&kernels.FlagOverflow != 0 {
					if want.Turns < 254 {
						t.Fatalf("batch %d maze %d: overflow flagged on a walk of %d turns", b, i, want.Turns)
					}
					continue
				}
				if got := kernels.Decode(w); !got.Same(want) {
					t.Fatalf("batch %d pass %d maze %d (%v, %+v): got %+v, Walk %+v", b, pass, i, pop.Size(), cfg, got, want)
				}
				checked++
			}
		}
	}
	if err := ev.WalkResident(mousemaze.Config{}, make([]uint64, last+1)); err == nil {
		t.Error("WalkResident with the wrong number of result words gives no error")
	}
	if err := ev.WalkResident(mousemaze.Config{Heat: true}, make([]uint64, last)); err == nil {
		t.Error("WalkResident with heat maps gives no error")
	}
	if err := ev.Upload(mousemaze.Population{Rows: 3, Cols: 3, Words: make([]uint64, 4)}); err == nil {
		t.Error("Upload of a ragged population gives no error")
	}
	fmt.Printf("resident: %d result words checked against Walk\n", checked)
}
