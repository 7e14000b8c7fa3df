// Package mazetest holds what the tests of the fast walks share: random
// batches of mazes and configs, the reference results they are held to,
// the comparison that reports a mismatch, the record mazes that overflow
// narrow counters, and the opening of an evaluator for a test. Every fast
// path (cpu kernels, the emulated and the real CUDA kernels, the tree
// backend) is checked with it against mousemaze.Walk, exactly.
package mazetest

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// Side returns a side length in 1..64 that favours small grids and the
// edge cases 1, 2, 63 and 64.
func Side(rng *rand.Rand) int {
	switch rng.IntN(8) {
	case 0:
		return []int{1, 2, 63, 64}[rng.IntN(4)]
	case 1, 2:
		return 1 + rng.IntN(64)
	case 3, 4:
		return 1 + rng.IntN(16)
	default:
		return 3 + rng.IntN(13)
	}
}

// Config draws a config for rows×cols mazes: random entry and exit
// columns, a random preference order 3 times in 4, a heat map 1 time in 2,
// and a cap 1 time in 4: in 1..3 (a walk stopped at once) or in
// 1..8·rows·cols.
func Config(rng *rand.Rand, rows, cols int) mousemaze.Config {
	cfg := mousemaze.Config{Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: rng.IntN(2) == 0}
	if rng.IntN(4) != 0 {
		cfg.Order = mousemaze.RandomOrder(rng)
	}
	switch rng.IntN(8) {
	case 0:
		cfg.Cap = 1 + rng.Int64N(3)
	case 1:
		cfg.Cap = 1 + rng.Int64N(int64(8*rows*cols))
	}
	return cfg
}

// Feasible draws up to 20 random mazes of the given wall density with the
// entry and exit cells of cfg open and returns the first feasible one, or
// the last one drawn (so, unlike mousemaze.RandomFeasible, it ends at any
// density).
func Feasible(rng *rand.Rand, rows, cols int, density float64, cfg mousemaze.Config) mousemaze.Maze {
	var m mousemaze.Maze
	for range 20 {
		m = mousemaze.Random(rng, rows, cols, density)
		m.SetWall(0, cfg.Entry, false)
		m.SetWall(rows-1, cfg.Exit, false)
		if mousemaze.Feasible(m, cfg) {
			break
		}
	}
	return m
}

// RandomBatch draws a batch of n mazes of one random size (each side from
// side; one batch in 6 has one row, one in 6 of the rest one column) and a
// random config (Config). Each maze has its own wall density in 0…0.6 (0
// one time in 5); half of them are drawn by Feasible.
func RandomBatch(rng *rand.Rand, n int, side func(*rand.Rand) int) (mousemaze.Population, mousemaze.Config) {
	rows, cols := side(rng), side(rng)
	if rng.IntN(6) == 0 {
		rows = 1
	} else if rng.IntN(6) == 0 {
		cols = 1
	}
	cfg := Config(rng, rows, cols)
	pop := mousemaze.NewPopulation(rows, cols, 0)
	for range n {
		density := 0.6 * rng.Float64()
		if rng.IntN(5) == 0 {
			density = 0
		}
		if rng.IntN(2) == 0 {
			pop.Append(Feasible(rng, rows, cols, min(density, 0.45), cfg))
		} else {
			pop.Append(mousemaze.Random(rng, rows, cols, density))
		}
	}
	return pop, cfg
}

// Name names a batch in test output by its size and config.
func Name(pop mousemaze.Population, cfg mousemaze.Config) string {
	return fmt.Sprintf("size=%v/order=%v/entry=%d/exit=%d/cap=%d/heat=%v", pop.Size(), cfg.Order, cfg.Entry, cfg.Exit, cfg.Cap, cfg.Heat)
}

// Open returns the evaluator of the named backend with options o,
// failing t if it does not open, and closes it when t ends.
func Open(t testing.TB, backend string, o mousemaze.Options) mousemaze.Evaluator {
	t.Helper()
	ev, err := mousemaze.NewEvaluator(backend, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ev.Close() })
	return ev
}

// Want returns the reference results of pop under cfg (mousemaze.WalkAll),
// failing t if the walk refuses them.
func Want(t testing.TB, pop mousemaze.Population, cfg mousemaze.Config) []mousemaze.Result {
	t.Helper()
	want, err := mousemaze.WalkAll(pop, cfg)
	if err != nil {
		t.Fatalf("reference walk: %v", err)
	}
	return want
}

// Compare holds got, what the backend who gave for the batch pop named
// name, to want, field by field (Result.Same): it reports up to three
// mismatching mazes, in the text format, and then stops the test.
func Compare(t testing.TB, who, name string, pop mousemaze.Population, want, got []mousemaze.Result) {
	t.Helper()
	bad := 0
	for i, w := range want {
		g := got[i]
		if g.Same(w) {
			continue
		}
		t.Errorf("%s: %s: maze %d: got turns=%d escaped=%v feasible=%v, Walk turns=%d escaped=%v feasible=%v (heat %d/%d cells, same turns/flags: %v)\n%s",
			who, name, i, g.Turns, g.Escaped, g.Feasible, w.Turns, w.Escaped, w.Feasible, len(g.Heat), len(w.Heat),
			g.Turns == w.Turns && g.Escaped == w.Escaped && g.Feasible == w.Feasible, pop.Maze(i))
		if bad++; bad >= 3 {
			break
		}
	}
	if bad > 0 {
		t.FailNow()
	}
}

// Check holds got, what the backend who gave for the batch pop named name
// under cfg, to the reference walk (Want, then Compare).
func Check(t testing.TB, who, name string, pop mousemaze.Population, cfg mousemaze.Config, got []mousemaze.Result) {
	t.Helper()
	Compare(t, who, name, pop, Want(t, pop, cfg), got)
}

// CheckRandom holds the backend who to the reference walk on random
// batches (RandomBatch with side) until total mazes are checked: batch b
// has size(b) mazes, and eval(b, name, pop, cfg, dst) writes its results
// to dst. It logs and returns the number of batches.
func CheckRandom(t testing.TB, who string, rng *rand.Rand, total int, side func(*rand.Rand) int, size func(b int) int,
	eval func(b int, name string, pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error) int {
	t.Helper()
	done, batches := 0, 0
	for done < total {
		n := size(batches)
		pop, cfg := RandomBatch(rng, n, side)
		name := fmt.Sprintf("batch=%d/n=%d/%s", batches, n, Name(pop, cfg))
		dst := make([]mousemaze.Result, n)
		if err := eval(batches, name, pop, cfg, dst); err != nil {
			t.Fatalf("%s: %s: %v", who, name, err)
		}
		Check(t, who, name, pop, cfg, dst)
		done += n
		batches++
	}
	t.Logf("%s: %d mazes in %d batches equal Walk", who, done, batches)
	return batches
}

// A Batch is a population and the config to walk it under.
type Batch struct {
	Pop mousemaze.Population
	Cfg mousemaze.Config
}

// CheckTraps evaluates every batch with ev and holds each result to the
// reference walk (CheckAgainstWalk); it fails t unless some walk
// trapped the mouse, since then the test would be too weak. It is for
// configs with modular counting (K > 0).
func CheckTraps(t testing.TB, ev mousemaze.Evaluator, batches []Batch) {
	t.Helper()
	trapped := 0
	for _, b := range batches {
		n, err := CheckAgainstWalk(ev, b.Pop, b.Cfg)
		if err != nil {
			t.Fatalf("k=%d: %v", b.Cfg.K, err)
		}
		trapped += n
	}
	if trapped == 0 {
		t.Errorf("%s: no trapped maze among %d batches: the test is too weak", ev.Name(), len(batches))
	}
}

// RecordBatches returns one batch per record maze of testdata/records.txt
// of 12 to 17 rows (whose walks visit some cell 387 to 2047 times, so
// they overflow 8-bit counts; the larger records' walks of up to a million
// turns would only make the tests slow), each of n mazes of the record's size: the
// record at every index k with k%8 == 3, random mazes with the default
// ends open elsewhere. It returns how many records the batches hold. The
// file is looked up from a package directory (go test) and from the
// repository root (a test binary run there).
func RecordBatches(t testing.TB, rng *rand.Rand, n int) (pops []mousemaze.Population, records int) {
	t.Helper()
	ms, err := mousemaze.ParseFile(filepath.Join("..", "testdata", "records.txt"))
	if err != nil {
		if ms, err = mousemaze.ParseFile(filepath.Join("testdata", "records.txt")); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range ms {
		rows, cols := m.Size().Rows, m.Size().Cols
		if rows < 12 || rows > 17 {
			continue
		}
		pop := mousemaze.NewPopulation(rows, cols, 0)
		for k := range n {
			if k%8 == 3 {
				pop.Append(m)
				records++
				continue
			}
			r := mousemaze.Random(rng, rows, cols, 0.4*rng.Float64())
			r.SetWall(0, 0, false)
			r.SetWall(rows-1, 0, false)
			pop.Append(r)
		}
		pops = append(pops, pop)
	}
	if len(pops) == 0 {
		t.Fatal("no record of 12x12 or more in testdata/records.txt")
	}
	return pops, records
}

// CheckAgainstWalk evaluates pop under cfg with ev and compares every
// result with the reference walk's, exactly; it returns how many of the
// walks trapped the mouse, and an error naming the first maze on which
// they differ. Every fast path is checked with it.
func CheckAgainstWalk(ev mousemaze.Evaluator, pop mousemaze.Population, cfg mousemaze.Config) (trapped int, err error) {
	dst := make([]mousemaze.Result, pop.Len())
	if err := ev.Evaluate(pop, cfg, dst); err != nil {
		return 0, err
	}
	for i := range dst {
		want, err := mousemaze.Walk(pop.Maze(i), cfg)
		if err != nil {
			return trapped, err
		}
		if !dst[i].Same(want) {
			return trapped, fmt.Errorf("%s backend, maze %d: got %+v, the walk %+v\n%s", ev.Name(), i, dst[i], want, pop.Maze(i))
		}
		if want.Trapped {
			trapped++
		}
	}
	return trapped, nil
}
