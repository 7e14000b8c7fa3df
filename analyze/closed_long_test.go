package analyze

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// closedLong runs the long checks of the closed form, whose output is kept
// in testdata/closed-long-run.txt:
//
//	go test ./analyze -run TestClosedLong -analyze.closed -v -timeout 60m
var closedLong = flag.Bool("analyze.closed", false, "run the long checks of the closed-form tree evaluator")

// TestClosedLong checks the closed form against the reference walk, turns
// and every cell's visits, on every maze of 5×5 (2²⁵ of them, with cycles
// or without, feasible or not) under three rules, and on 1,000,000 random
// loop-less mazes from 2×2 to 16×16 under random orders and entry and
// exit columns.
func TestClosedLong(t *testing.T) {
	if !*closedLong {
		t.Skip("needs -analyze.closed")
	}
	lurd, _ := mousemaze.ParseOrder("LURD")
	rdul, _ := mousemaze.ParseOrder("RDUL")
	start := time.Now()
	for _, cfg := range []mousemaze.Config{
		{Heat: true},
		{Order: lurd, Entry: 4, Exit: 0, Heat: true},
		{Order: rdul, Entry: 2, Exit: 4, Heat: true},
	} {
		var done, trees, infeasible int
		Enumerate(5, 5, func(m mousemaze.Maze) {
			got, ok := closedOnly(m, cfg)
			if !ok {
				t.Fatalf("closed form refused an uncapped maze\n%s", m)
			}
			done++
			want, err := mousemaze.Walk(m, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Same(want) {
				t.Fatalf("cfg %+v: closed form %+v, walk %+v on\n%s", cfg, got, want, m)
			}
			switch {
			case !want.Feasible:
				infeasible++
			case Loopless(m, cfg):
				trees++
			}
		})
		fmt.Printf("5x5 order %s entry %d exit %d: %d mazes done in closed form, all equal to the walk: %d loop-less feasible, %d infeasible, %d feasible with a cycle\n",
			cfg.Order.Resolve(), cfg.Entry, cfg.Exit, done, trees, infeasible, done-trees-infeasible)
	}
	fmt.Printf("(%.1fs)\n", time.Since(start).Seconds())
	start = time.Now()
	rng := rand.New(rand.NewPCG(2026, 15))
	var cells, turns int64
	const n = 1_000_000
	for i := 0; i < n; i++ {
		rows, cols := 2+rng.IntN(15), 2+rng.IntN(15)
		cfg := mousemaze.Config{Order: mousemaze.RandomOrder(rng), Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: true}
		stop := []float64{0, 0.002, 0.02, 0.1}[i%4]
		m := RandomTree(rng, rows, cols, stop, cfg)
		got, ok := closedOnly(m, cfg)
		if !ok {
			t.Fatalf("closed form refused a loop-less maze\n%s", m)
		}
		want, err := mousemaze.Walk(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Same(want) {
			t.Fatalf("cfg %+v: closed form %+v, walk %+v on\n%s", cfg, got, want, m)
		}
		cells += int64(rows * cols)
		turns += got.Turns
	}
	fmt.Printf("%d random loop-less mazes 2x2..16x16 (seed 2026), random orders, entry and exit columns: all equal to the walk (turns and every cell's visits); %d cells, %d turns in all (%.1fs)\n",
		n, cells, turns, time.Since(start).Seconds())
}
