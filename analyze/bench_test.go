package analyze

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/cpu"
)

// BenchmarkTreeVsWalk times the tree backend against the reference walk
// (backend=ref) and, when it is registered in the test binary, the cpu
// backend, on the same maximal random spanning-tree mazes (RandomTree
// grown until no cell can be added), side by side:
//
//	go test ./analyze -run '^$' -bench TreeVsWalk -count 5
func BenchmarkTreeVsWalk(b *testing.B) {
	for _, n := range []int{32, 64} {
		rng := rand.New(rand.NewPCG(42, uint64(n)))
		pop := mousemaze.NewPopulation(n, n, 0)
		for i := 0; i < 16; i++ {
			if err := pop.Append(RandomTree(rng, n, n, 0, mousemaze.Config{})); err != nil {
				b.Fatal(err)
			}
		}
		dst := make([]mousemaze.Result, pop.Len())
		for _, name := range []string{"ref", "tree", "cpu"} {
			b.Run(fmt.Sprintf("backend=%s/size=%dx%d", name, n, n), func(b *testing.B) {
				ev, err := mousemaze.NewEvaluator(name, mousemaze.Options{Workers: 1})
				if err != nil {
					b.Skip(err)
				}
				var steps int64
				for b.Loop() {
					if err := ev.Evaluate(pop, mousemaze.Config{}, dst); err != nil {
						b.Fatal(err)
					}
					for _, r := range dst {
						steps += r.Turns
					}
				}
				b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
				b.ReportMetric(float64(b.N*pop.Len())/b.Elapsed().Seconds(), "mazes/s")
			})
		}
	}
}
