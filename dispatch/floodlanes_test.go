package dispatch

import (
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestLaneFloodIsFeasibleWalls fills the lanes of a laneFlood with random
// mazes of every width it takes (1 to 31 columns), 1 to 64 rows, several
// densities and random ends, some lanes left empty, and wants lane j
// feasible exactly when mousemaze.FeasibleWalls says maze j is.
func TestLaneFloodIsFeasibleWalls(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	counts := [2]int{}
	for cols := 1; cols <= 31; cols++ {
		lanes := floodLanes(cols)
		if want := map[bool]int{true: 4, false: 2}[cols <= 15]; lanes != want {
			t.Fatalf("floodLanes(%d) = %d, want %d", cols, lanes, want)
		}
		f := &laneFlood{lanes: lanes, width: uint(64 / lanes)}
		mask := mousemaze.RowMask(cols)
		for trial := range 400 {
			rows := 1 + rng.IntN(64)
			if trial%4 == 0 {
				rows = 1 + rng.IntN(4)
			}
			density := []float64{0.1, 0.25, 0.35, 0.45, 0.6}[trial%5]
			f.clear(rows)
			want := uint64(0)
			for j := range lanes {
				if rng.IntN(6) == 0 {
					continue // an empty lane
				}
				walls := make([]uint64, rows)
				for r := range walls {
					for c := range cols {
						if rng.Float64() < density {
							walls[r] |= 1 << uint(c)
						}
					}
				}
				entry, exit := rng.IntN(cols), rng.IntN(cols)
				if rng.IntN(4) > 0 { // mostly open ends, as Breed's children have
					walls[0] &^= 1 << uint(entry)
					walls[rows-1] &^= 1 << uint(exit)
				}
				f.put(j, walls, mask, entry, exit)
				ok := mousemaze.FeasibleWalls(walls, cols, entry, exit)
				if ok {
					want |= 1 << uint(j)
				}
				counts[map[bool]int{true: 1, false: 0}[ok]]++
			}
			if got := f.feasible(rows); got != want {
				t.Fatalf("%d x %d, %d lanes, trial %d: feasible lanes %04b, want %04b", rows, cols, lanes, trial, got, want)
			}
		}
	}
	if counts[0] < 1000 || counts[1] < 1000 {
		t.Errorf("too few of a kind: %d infeasible, %d feasible mazes", counts[0], counts[1])
	}
}

// BenchmarkLaneFlood floods batches of four 13x13 mazes of density 0.35
// with laneFlood, per maze.
func BenchmarkLaneFlood(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	mazes := make([][]uint64, 1024)
	for i := range mazes {
		mazes[i] = make([]uint64, 13)
		for r := range mazes[i] {
			for c := range 13 {
				if rng.Float64() < 0.35 {
					mazes[i][r] |= 1 << uint(c)
				}
			}
		}
		mazes[i][0] &^= 1
		mazes[i][12] &^= 1
	}
	f := &laneFlood{lanes: 4, width: 16}
	mask := mousemaze.RowMask(13)
	b.Run("lanes", func(b *testing.B) {
		for i := 0; i < b.N; i += 4 {
			f.clear(13)
			for j := range 4 {
				f.put(j, mazes[(i+j)%len(mazes)], mask, 0, 0)
			}
			f.feasible(13)
		}
	})
	b.Run("words", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			mousemaze.FeasibleWalls(mazes[i%len(mazes)], 13, 0, 0)
		}
	})
}
