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

// BenchmarkLoad measures putting a maze's walls into a lane's counts (a
// per-maze cost beside the walk that matters for short walks, as a GA's
// are), on random mazes of density 0.3, per maze.
func BenchmarkLoad(b *testing.B) {
	for _, size := range []mousemaze.Size{{Rows: 6, Cols: 6}, {Rows: 13, Cols: 13}, {Rows: 32, Cols: 32}, {Rows: 64, Cols: 64}} {
		b.Run("size="+size.String(), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 1))
			pop := mousemaze.RandomPopulation(rng, size.Rows, size.Cols, 1024, 0.3)
			s := newLanes(4, size.Rows, size.Cols, mousemaze.Config{})
			i := 0
			for b.Loop() {
				s.load(i&3, pop.Words[(i&1023)*size.Rows:][:size.Rows])
				i++
			}
		})
	}
}

// TestLoad checks load against the cell-by-cell definition: every cell of
// a loaded lane holds wallCount for a wall and 0 for an open cell (the
// entry 1), its borders wallCount but for the exit's, whatever the lane
// held before, on widths 1 to 64.
func TestLoad(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for cols := 1; cols <= 64; cols++ {
		rows := 1 + rng.IntN(9)
		cfg := mousemaze.Config{Entry: rng.IntN(cols), Exit: rng.IntN(cols)}
		s := newLanes(2, rows, cols, cfg)
		for trial := range 20 {
			m := mousemaze.Random(rng, rows, cols, rng.Float64())
			l := trial & 1
			base := int(s.base[l])
			for c := base; c < base+s.stride; c++ { // what a walk leaves: any counts
				if s.cnt[c] != wallCount && c != base+int(s.exitCell) {
					s.cnt[c] = uint32(rng.IntN(1000))
				}
			}
			s.load(l, m.Walls)
			for r := -1; r <= rows; r++ {
				for c := -1; c <= cols; c++ {
					i := base + (r+1)*s.w + c + 1
					if c == cols { // the border cell that also starts the next row
						continue
					}
					want := uint32(wallCount)
					switch {
					case r == rows && c == cfg.Exit:
						want = 0
					case r < 0 || r == rows || c < 0:
					case r == 0 && c == cfg.Entry:
						want = 1
					case m.Walls[r]>>uint(c)&1 == 0:
						want = 0
					}
					if s.cnt[i] != want {
						t.Fatalf("%dx%d trial %d: cell (%d,%d) holds %d, want %d", rows, cols, trial, r, c, s.cnt[i], want)
					}
				}
			}
		}
	}
}
