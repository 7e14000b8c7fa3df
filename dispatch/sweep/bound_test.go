package sweep

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// checkBestOnly runs a best-only sweep of o from incumbent and checks it
// against the full sweep: the same optimum, optimal classes, optimal
// mazes and first optimal maze; every histogram bucket at or above the
// incumbent equal; and all 2^cells mazes accounted for.
func checkBestOnly(t *testing.T, o Options, full *Report, incumbent int64) *Report {
	t.Helper()
	b := o
	b.BestOnly, b.Incumbent = true, incumbent
	got := sweepAll(t, b)
	pairs := func(r *Report) []PairReport {
		if r.FreeEnds {
			return r.Pairs
		}
		return []PairReport{r.PairReport}
	}
	if got.OptimumTurns != full.OptimumTurns || got.OptimalClasses != full.OptimalClasses || got.OptimalMazes != full.OptimalMazes ||
		got.OptimalMaze != full.OptimalMaze || got.OptimalClass != full.OptimalClass || got.OptimalTask != full.OptimalTask {
		t.Fatalf("%s free=%v incumbent %d: best-only %d turns (%d classes, %v mazes, task %d), full %d (%d, %v, task %d)",
			o.Size, o.FreeEnds, incumbent, got.OptimumTurns, got.OptimalClasses, got.OptimalMazes, got.OptimalTask,
			full.OptimumTurns, full.OptimalClasses, full.OptimalMazes, full.OptimalTask)
	}
	for j, gp := range pairs(got) {
		fp := pairs(full)[j]
		if gp.Mazes != Pow2(o.Size.Cells()) {
			t.Fatalf("pair %d: %v mazes accounted for, want 2^%d", j, gp.Mazes, o.Size.Cells())
		}
		want := map[int64]Bucket{}
		for _, h := range fp.Histogram {
			if h.Turns >= incumbent {
				want[h.Turns] = h
			}
		}
		for _, h := range gp.Histogram {
			if h.Turns >= incumbent && h != want[h.Turns] {
				t.Fatalf("pair %d, %d turns: best-only %+v, full %+v", j, h.Turns, h, want[h.Turns])
			}
			delete(want, h.Turns)
		}
		if len(want) != 0 {
			t.Fatalf("pair %d: best-only misses buckets %v", j, want)
		}
	}
	return got
}

// prunedShare returns the share of all mazes that a report pruned.
func prunedShare(r *Report) float64 {
	var p, all Count
	prs := []PairReport{r.PairReport}
	if r.FreeEnds {
		prs = r.Pairs
	}
	for _, pr := range prs {
		p.Add(pr.PrunedMazes)
		all.Add(pr.Mazes)
	}
	f, _ := new(big.Rat).SetFrac(p.Big(), all.Big()).Float64()
	return f
}

// TestBestOnlyEqualsFull checks that the bound never cuts a maze that
// reaches the incumbent, on every square size up to 5×5 (6×6 with
// -sweep.long) with default and free ends, for incumbents from the quick
// search, the optimum itself and every turn count of the histogram's top.
func TestBestOnlyEqualsFull(t *testing.T) {
	maxN := 5
	if *long {
		maxN = 6
	}
	for n := 1; n <= maxN; n++ {
		for _, free := range []bool{false, true} {
			sz := mousemaze.Size{Rows: n, Cols: n}
			o := Options{Size: sz, FreeEnds: free, Workers: 2}
			t.Run(fmt.Sprintf("size=%s/free=%v", sz, free), func(t *testing.T) {
				full := sweepAll(t, o)
				incs := []int64{full.OptimumTurns}
				if !free {
					_, q := Incumbent(sz, mousemaze.Config{}, 5000, 1)
					incs = append(incs, q)
				}
				for _, h := range full.Histogram {
					if !free && h.Turns >= full.OptimumTurns-8 {
						incs = append(incs, h.Turns)
					}
				}
				for _, inc := range incs {
					if inc < 1 {
						continue
					}
					r := checkBestOnly(t, o, full, inc)
					t.Logf("incumbent %d: pruned %.3g of all mazes, %d of %d leaves walked", inc, prunedShare(r), r.Leaves, full.Leaves)
				}
			})
		}
	}
}

// TestBestOnlyUnreachableIncumbent checks that an incumbent above the
// optimum is refused rather than reported as a proof.
func TestBestOnlyUnreachableIncumbent(t *testing.T) {
	o := Options{Size: mousemaze.Size{Rows: 3, Cols: 3}, BestOnly: true, Incumbent: 13}
	if _, err := runErr(o); err == nil {
		t.Fatal("incumbent 13 on 3x3 (optimum 12): no error")
	}
}

func runErr(o Options) (*Report, error) { return Run(context.Background(), o) }

// TestMergeBestOnlyUnreachable checks that merging the shards of a
// best-only sweep whose incumbent no maze reaches is refused, as a single
// run is, and that a reachable one merges to the single run's optimum.
func TestMergeBestOnlyUnreachable(t *testing.T) {
	for _, c := range []struct {
		incumbent int64
		ok        bool
	}{{12, true}, {13, false}} {
		var parts []*Report
		for i := range 3 {
			o := Options{Size: mousemaze.Size{Rows: 3, Cols: 3}, BestOnly: true, Incumbent: c.incumbent, Shard: i, Shards: 3}
			parts = append(parts, sweepAll(t, o))
		}
		m, err := Merge(parts...)
		if c.ok && (err != nil || m.OptimumTurns != 12) || !c.ok && err == nil {
			t.Errorf("incumbent %d: merged %v, %v", c.incumbent, m, err)
		}
	}
}
