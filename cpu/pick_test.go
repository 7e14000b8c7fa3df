package cpu

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// TestKernelChoice checks the default kernel and the rule that picks it:
// the chosen kernel is one this processor can run, scalar4 is picked where
// gathers are slow and the table's first runnable kernel elsewhere, and
// forcing each kernel gives results identical to every other kernel's and
// to mousemaze.Walk's.
func TestKernelChoice(t *testing.T) {
	avail := Kernels()
	t.Logf("kernel %s of %v", Kernel(), avail)
	if !slices.Contains(avail, Kernel()) {
		t.Errorf("Kernel() = %q, not one of the runnable kernels %v", Kernel(), avail)
	}
	if got := pick().name; got != Kernel() {
		t.Errorf("pick() = %q, Kernel() = %q", got, Kernel())
	}
	if !slices.Contains(AllKernels(), "scalar4") || !slices.Contains(avail, "scalar4") {
		t.Errorf("scalar4 missing from AllKernels() %v or Kernels() %v", AllKernels(), avail)
	}
	if got := pickFrom(kernels, true).name; got != "scalar4" {
		t.Errorf("with slow gathers pickFrom picked %q, want scalar4", got)
	}
	if got := pickFrom(kernels, false).name; got != avail[0] {
		t.Errorf("with fast gathers pickFrom picked %q, want the first runnable kernel %q", got, avail[0])
	}
	if got := pickFrom(kernels[len(kernels)-1:], true).name; got != "generic" {
		t.Errorf("pickFrom without scalar4 picked %q, want generic", got)
	}

	rng := rand.New(rand.NewPCG(11, 12))
	pops := []mousemaze.Population{
		mixedPopulation(rng, 13, 13, 61),
		mousemaze.RandomPopulation(rng, 32, 32, 97, 0.3),
		mixedPopulation(rng, 5, 64, 23),
	}
	for _, pop := range pops {
		for _, cfg := range []mousemaze.Config{{Heat: true}, {Entry: 2, Exit: 1, Order: mousemaze.Order{mousemaze.Up, mousemaze.Left, mousemaze.Down, mousemaze.Right}, Cap: 300}} {
			name := fmt.Sprintf("%dx%d/%+v", pop.Rows, pop.Cols, cfg)
			want := mazetest.Want(t, pop, cfg)
			var first []mousemaze.Result
			for _, k := range avail {
				restore := forceKernel(k)
				ev, err := New(mousemaze.Options{Workers: 2})
				restore()
				if err != nil {
					t.Fatal(err)
				}
				if ev.Kernel() != k {
					t.Fatalf("forcing %s gave an evaluator with kernel %s", k, ev.Kernel())
				}
				dst := make([]mousemaze.Result, pop.Len())
				if err := ev.Evaluate(pop, cfg, dst); err != nil {
					t.Fatal(err)
				}
				mazetest.Compare(t, k, name, pop, want, dst)
				if first == nil {
					first = dst
					continue
				}
				for i := range dst {
					if !dst[i].Same(first[i]) {
						t.Fatalf("%s: maze %d: kernel %s gave %+v, kernel %s %+v", name, i, k, dst[i], avail[0], first[i])
					}
				}
			}
		}
	}
}

// TestStepContract runs each kernel's step side by side with stepGeneric
// on copies of one lane state, call after call, with any number of active
// lanes, and wants the same number of moves, the same positions and the
// same count array (walls, border and exit cells included) after every
// call. A lane whose mouse escapes gets a new maze in both copies.
func TestStepContract(t *testing.T) {
	runKernels(t, func(t *testing.T, k kernel) {
		rng := rand.New(rand.NewPCG(21, 22))
		for trial := range 60 {
			rows, cols := 1+rng.IntN(24), 1+rng.IntN(mousemaze.MaxSide)
			cfg := mousemaze.Config{Entry: rng.IntN(cols), Exit: rng.IntN(cols)}
			for i, d := range rng.Perm(4) {
				cfg.Order[i] = mousemaze.Dir(d)
			}
			maze := func() mousemaze.Maze {
				if m := mazetest.Feasible(rng, rows, cols, 0.3, cfg); mousemaze.Feasible(m, cfg) {
					return m
				}
				return mousemaze.NewMaze(rows, cols)
			}
			a := newLanes(k.lanes, rows, cols, cfg)
			a.active = 1 + rng.IntN(k.lanes)
			for l := range a.active {
				a.load(l, maze().Walls)
			}
			b := *a
			b.cnt = slices.Clone(a.cnt)
			for call := range 40 {
				n := 1 + rng.IntN(400)
				got, want := k.step(a, n), b.stepGeneric(n)
				if got != want || a.pos != b.pos || !slices.Equal(a.cnt, b.cnt) {
					t.Fatalf("trial %d (%dx%d, %+v, %d lanes), call %d: step(%d) moved %d, stepGeneric %d; positions %v and %v; same counts: %v",
						trial, rows, cols, cfg, a.active, call, n, got, want, a.pos[:a.active], b.pos[:b.active], slices.Equal(a.cnt, b.cnt))
				}
				for l := range a.active {
					if a.pos[l] == a.exit[l] {
						walls := maze().Walls
						a.load(l, walls)
						b.load(l, walls)
					}
				}
			}
		}
	})
}
