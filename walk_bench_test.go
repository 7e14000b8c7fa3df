package mousemaze

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkWalk measures the reference walk, one maze at a time, on
// feasible random mazes (density 0.3) and on feasible sparse mazes (about
// one wall per row, longer walks), for grids and for the same grids as
// edge boards (WalkEdges).
func BenchmarkWalk(b *testing.B) {
	for _, size := range []Size{{Rows: 6, Cols: 6}, {Rows: 13, Cols: 13}, {Rows: 32, Cols: 32}} {
		for _, kind := range []string{"random", "sparse"} {
			rng := rand.New(rand.NewPCG(1, 1))
			density := 0.3
			if kind == "sparse" {
				density = 1 / float64(size.Cols)
			}
			mazes := make([]Maze, 64)
			for i := range mazes {
				mazes[i] = RandomFeasible(rng, size.Rows, size.Cols, density, Config{})
			}
			b.Run(fmt.Sprintf("walk=grid/size=%s/maze=%s", size, kind), func(b *testing.B) {
				var steps, n int64
				for b.Loop() {
					for _, m := range mazes {
						res, err := Walk(m, Config{})
						if err != nil {
							b.Fatal(err)
						}
						steps += res.Turns
						n++
					}
				}
				b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "mazes/s")
			})
		}
	}
}
