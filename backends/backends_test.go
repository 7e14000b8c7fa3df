package backends

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestRegistered wants every backend registered, each opening (cuda may
// fail to open without a device) with its own name, evaluating as the
// reference walk does, and closing twice without error.
func TestRegistered(t *testing.T) {
	for _, name := range []string{"ref", "cpu", "tree", "cuda"} {
		if !slices.Contains(mousemaze.Backends(), name) {
			t.Errorf("backend %q not registered (have %v)", name, mousemaze.Backends())
		}
	}
	pop := mousemaze.RandomPopulation(rand.New(rand.NewPCG(1, 2)), 7, 9, 40, 0.3)
	want, err := mousemaze.WalkAll(pop, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ref", "cpu", "tree"} {
		ev, err := mousemaze.NewEvaluator(name, mousemaze.Options{Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ev.Name() != name {
			t.Errorf("backend %q calls itself %q", name, ev.Name())
		}
		dst := make([]mousemaze.Result, pop.Len())
		if err := ev.Evaluate(pop, mousemaze.Config{}, dst); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i := range dst {
			if !dst[i].Same(want[i]) {
				t.Fatalf("%s, maze %d: %+v, want %+v", name, i, dst[i], want[i])
			}
		}
		if err := ev.Close(); err != nil {
			t.Errorf("%s: Close: %v", name, err)
		}
		if err := ev.Close(); err != nil {
			t.Errorf("%s: second Close: %v", name, err)
		}
	}
}
