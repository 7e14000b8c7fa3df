package analyze

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/cpu"
)

// BenchmarkTreeVsWalk times, side by side on the same 16 maximal random
// spanning-tree mazes (RandomTree grown until no cell can be added) of
// 32×32 and 64×64, default rules: the closed form (the "tree" backend,
// TreeEval), the excursion recursion TreeWalk, the reference walk (backend
// "ref") and the cpu backend with one worker:
//
//	go test ./analyze -run '^$' -bench TreeVsWalk -count 5
//
// ns/op is per batch of 16 mazes; mazes/s is the figure to compare.
func BenchmarkTreeVsWalk(b *testing.B) {
	for _, n := range []int{32, 64} {
		pop, dst, evals := treeBenchSetup(b, n)
		for _, name := range treeBenchNames {
			b.Run(fmt.Sprintf("size=%dx%d/eval=%s", n, n, name), func(b *testing.B) {
				var steps int64
				for b.Loop() {
					if err := evals[name](); err != nil {
						b.Fatal(err)
					}
					for _, r := range dst {
						steps += r.Turns
					}
				}
				b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "turns/s")
				b.ReportMetric(float64(b.N*pop.Len())/b.Elapsed().Seconds(), "mazes/s")
			})
		}
	}
}

// treeBenchNames are the evaluators the tree benchmarks compare.
var treeBenchNames = []string{"tree", "cpu", "excursion", "ref"}

// treeBenchSetup returns 16 maximal random spanning-tree mazes of n×n
// (seed 42), a result slice, and a batch evaluation per name of
// treeBenchNames: the backends "tree" (TreeEval), "cpu" (one worker) and
// "ref", and TreeWalk ("excursion").
func treeBenchSetup(b *testing.B, n int) (mousemaze.Population, []mousemaze.Result, map[string]func() error) {
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	pop := mousemaze.NewPopulation(n, n, 0)
	for i := 0; i < 16; i++ {
		if err := pop.Append(RandomTree(rng, n, n, 0, mousemaze.Config{})); err != nil {
			b.Fatal(err)
		}
	}
	dst := make([]mousemaze.Result, pop.Len())
	evals := map[string]func() error{}
	for _, name := range []string{"ref", "tree", "cpu"} {
		open := mousemaze.NewEvaluator
		switch name {
		case "tree":
			open = func(_ string, o mousemaze.Options) (mousemaze.Evaluator, error) { return OpenTree(o) }
		case "cpu":
			open = func(_ string, o mousemaze.Options) (mousemaze.Evaluator, error) { return cpu.Open(o) }
		}
		ev, err := open(name, mousemaze.Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		evals[name] = func() error { return ev.Evaluate(pop, mousemaze.Config{}, dst) }
	}
	evals["excursion"] = func() error {
		for i := range dst {
			r, err := TreeWalk(pop.Maze(i), mousemaze.Config{})
			if err != nil {
				return err
			}
			dst[i] = r
		}
		return nil
	}
	return pop, dst, evals
}
