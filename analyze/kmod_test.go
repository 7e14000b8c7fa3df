package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// TestTreeKMod checks that the tree backend gives exactly the reference
// walk's results under modular counting, on trees and on mazes with loops.
func TestTreeKMod(t *testing.T) {
	ev, err := OpenTree(mousemaze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 4))
	var batches []mazetest.Batch
	for _, k := range []int{1, 2, 3, 4, 7} {
		cfg := mousemaze.Config{K: k, Heat: k%2 == 1}
		pop := mousemaze.NewPopulation(7, 7, 0)
		for i := 0; i < 30; i++ {
			m := RandomTree(rng, 7, 7, 0, cfg)
			if i%2 == 1 {
				m = mousemaze.Random(rng, 7, 7, 0.3)
			}
			if err := pop.Append(m); err != nil {
				t.Fatal(err)
			}
		}
		batches = append(batches, mazetest.Batch{Pop: pop, Cfg: cfg})
	}
	mazetest.CheckTraps(t, ev, batches)
}
