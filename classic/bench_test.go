package classic

import "testing"

// BenchmarkSolvers walks every solver on a perfect 13x13 maze from corner
// to corner (go test -bench Solvers ./classic/).
func BenchmarkSolvers(b *testing.B) {
	nav := NewBoard(SpanningTree(13, 13, NewRand(1))).Nav()
	for _, algo := range Algos {
		b.Run(algo, func(b *testing.B) {
			for b.Loop() {
				if res, _ := Solve(algo, nav, Options{FixedTies: true}); !res.Reached {
					b.Fatal(res.Outcome)
				}
			}
		})
	}
}

// BenchmarkDistances compares the two ways to Md on a 13x13 maze.
func BenchmarkDistances(b *testing.B) {
	nav := NewBoard(SpanningTree(13, 13, NewRand(1))).Nav()
	b.Run("powers", func(b *testing.B) {
		for b.Loop() {
			DistancesByPowers(nav)
		}
	})
	b.Run("bfs", func(b *testing.B) {
		for b.Loop() {
			DistancesByBFS(nav)
		}
	})
}
