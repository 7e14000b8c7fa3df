package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestTreeKMod checks that the tree backend gives exactly the reference
// walk's results under modular counting, on trees and on mazes with loops.
func TestTreeKMod(t *testing.T) {
	ev, err := OpenTree(mousemaze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 4))
	trapped := 0
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
		n, err := mousemaze.CheckAgainstWalk(ev, pop, cfg)
		if err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		trapped += n
	}
	if trapped == 0 {
		t.Error("no trapped maze: the test is too weak")
	}
}
