package cpu

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// BenchmarkKernels measures each kernel on one goroutine on random mazes
// (density 0.3) and on feasible mazes with one wall per row (longer walks).
// The bench package measures long-walk mazes from a search.
func BenchmarkKernels(b *testing.B) {
	for _, size := range []mousemaze.Size{{Rows: 6, Cols: 6}, {Rows: 13, Cols: 13}, {Rows: 32, Cols: 32}} {
		rng := rand.New(rand.NewPCG(1, 1))
		pops := map[string]mousemaze.Population{
			"random": mousemaze.RandomPopulation(rng, size.Rows, size.Cols, 512, 0.3),
			"sparse": mousemaze.NewPopulation(size.Rows, size.Cols, 0),
		}
		for len(pops["sparse"].Words) < 512*size.Rows {
			p := pops["sparse"]
			p.Append(mazetest.Feasible(rng, size.Rows, size.Cols, 1/float64(size.Cols), mousemaze.Config{}))
			pops["sparse"] = p
		}
		for _, kind := range []string{"random", "sparse"} {
			pop := pops[kind]
			for _, k := range kernels {
				b.Run(fmt.Sprintf("kernel=%s/size=%s/maze=%s", k.name, size, kind), func(b *testing.B) {
					if !k.ok() {
						b.Skip("CPU lacks " + k.name)
					}
					dst := make([]mousemaze.Result, pop.Len())
					var steps int64
					for b.Loop() {
						if err := walk(k, pop, mousemaze.Config{}, dst); err != nil {
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
}
