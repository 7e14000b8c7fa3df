package cpu

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// longFile holds long-walk 13×13 mazes for BenchmarkResume; its comments
// give the commands that found them.
const longFile = "testdata/long-13x13.txt"

// flipCells returns a copy of m with the wall bit of every cell flipped.
func flipCells(m mousemaze.Maze, cells []int) mousemaze.Maze {
	n := m.Clone()
	for _, x := range cells {
		n.Flip(x/m.Cols, x%m.Cols)
	}
	return n
}

// climb returns a feasible maze of the given size with a long walk under
// cfg (cap and heat aside): a hill climb from a random feasible maze that,
// for the given number of rounds, walks batch neighbours (1 to 3 flips,
// never of the entry or exit cell) with the chosen kernel and moves to the
// longest one when it is feasible and at least as long.
func climb(t testing.TB, rng *rand.Rand, rows, cols int, cfg mousemaze.Config, rounds, batch int) mousemaze.Maze {
	t.Helper()
	cfg.Cap, cfg.Heat, cfg.K = 0, false, 0
	cur := mazetest.Feasible(rng, rows, cols, 0.2*rng.Float64(), cfg)
	if !mousemaze.Feasible(cur, cfg) {
		cur = mousemaze.NewMaze(rows, cols)
	}
	one, _ := mousemaze.PopulationOf(cur)
	res := make([]mousemaze.Result, batch)
	if err := walk(chosen, one, cfg, res[:1]); err != nil {
		t.Fatal(err)
	}
	best := res[0].Turns
	pop := mousemaze.NewPopulation(rows, cols, batch)
	for range rounds {
		for i := range batch {
			m := pop.Maze(i)
			copy(m.Walls, cur.Walls)
			for range 1 + rng.IntN(3) {
				r, c := rng.IntN(rows), rng.IntN(cols)
				if (r == 0 && c == cfg.Entry) || (r == rows-1 && c == cfg.Exit) {
					continue
				}
				m.Flip(r, c)
			}
		}
		if err := walk(chosen, pop, cfg, res); err != nil {
			t.Fatal(err)
		}
		pick := -1
		for i, r := range res {
			if r.Feasible && r.Turns >= best {
				pick, best = i, r.Turns
			}
		}
		if pick >= 0 {
			copy(cur.Walls, pop.Maze(pick).Walls)
		}
	}
	return cur
}

// randomCells returns 1 to 3 distinct cells of b's maze (fewer when the
// maze is smaller): often cells the base walk examines, sometimes the entry
// or exit cell, otherwise any cell, wall or open.
func randomCells(rng *rand.Rand, b *Base, cfg mousemaze.Config) []int {
	m := b.Maze()
	n := m.Rows * m.Cols
	k := min(1+rng.IntN(3), n)
	var cells []int
	for len(cells) < k {
		var x int
		switch rng.IntN(40) {
		case 0:
			x = cfg.Entry
		case 1:
			x = (m.Rows-1)*m.Cols + cfg.Exit
		case 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20:
			// A cell the walk examines, found by a few draws.
			x = rng.IntN(n)
			for range 8 {
				if _, ok := b.Contact(x); ok {
					break
				}
				x = rng.IntN(n)
			}
		default:
			x = rng.IntN(n)
		}
		dup := false
		for _, y := range cells {
			dup = dup || y == x
		}
		if !dup {
			cells = append(cells, x)
		}
	}
	return cells
}

// diffResult names the first field in which got differs from want, or
// returns "" when they agree in every field.
func diffResult(got, want mousemaze.Result, cols int) string {
	fields := []struct {
		name      string
		got, want any
	}{
		{"Turns", got.Turns, want.Turns}, {"Escaped", got.Escaped, want.Escaped},
		{"Feasible", got.Feasible, want.Feasible}, {"Trapped", got.Trapped, want.Trapped},
		{"CycleStart", got.CycleStart, want.CycleStart}, {"CycleLen", got.CycleLen, want.CycleLen},
		{"TrapTurn", got.TrapTurn, want.TrapTurn}, {"len(Heat)", len(got.Heat), len(want.Heat)},
	}
	for _, f := range fields {
		if f.got != f.want {
			return fmt.Sprintf("%s %v, want %v", f.name, f.got, f.want)
		}
	}
	for i := range got.Heat {
		if got.Heat[i] != want.Heat[i] {
			return fmt.Sprintf("Heat at row %d, column %d: %d, want %d", i/cols, i%cols, got.Heat[i], want.Heat[i])
		}
	}
	if !got.Same(want) {
		return "Same reports a difference"
	}
	return ""
}

// checkEval compares r.Eval(cells) with mousemaze.Walk on the flipped maze.
func checkEval(t *testing.T, r *Resumer, b *Base, cfg mousemaze.Config, cells []int) {
	t.Helper()
	m := b.Maze()
	want, err := mousemaze.Walk(flipCells(m, cells), cfg)
	if err != nil {
		t.Fatalf("reference walk: %v", err)
	}
	got, err := r.Eval(cells)
	if err != nil {
		t.Fatalf("Eval(%v): %v", cells, err)
	}
	if d := diffResult(got, want, m.Cols); d != "" {
		t.Fatalf("Eval(%v) under %+v: %s\nbase maze (%d turns):\n%sneighbour:\n%s",
			cells, cfg, d, b.Result().Turns, m, flipCells(m, cells))
	}
}

// drawCells returns n cell lists drawn by randomCells.
func drawCells(rng *rand.Rand, b *Base, cfg mousemaze.Config, n int) [][]int {
	out := make([][]int, n)
	for i := range out {
		out[i] = randomCells(rng, b, cfg)
	}
	return out
}

// checkNeighbours checks r.Eval on every cell list, and then EvalBatch on
// all of them at once with every kernel, against mousemaze.Walk.
func checkNeighbours(t *testing.T, r *Resumer, b *Base, cfg mousemaze.Config, cells [][]int) {
	t.Helper()
	m := b.Maze()
	want := make([]mousemaze.Result, len(cells))
	for i, c := range cells {
		checkEval(t, r, b, cfg, c)
		var err error
		if want[i], err = mousemaze.Walk(flipCells(m, c), cfg); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range kernels {
		if !k.ok() {
			continue
		}
		rb := b.NewResumer()
		rb.k = k
		for _, n := range []int{len(cells), 1} { // the whole batch, then a batch of one
			dst := guarded(t, n)
			if err := rb.EvalBatch(cells[:n], dst); err != nil {
				t.Fatalf("kernel=%s: EvalBatch: %v", k.name, err)
			}
			for i := range dst {
				if d := diffResult(dst[i], want[i], m.Cols); d != "" {
					t.Fatalf("kernel=%s: EvalBatch neighbour %d, cells %v, under %+v: %s\nbase maze (%d turns):\n%sneighbour:\n%s",
						k.name, i, cells[i], cfg, d, b.Result().Turns, m, flipCells(m, cells[i]))
				}
			}
		}
	}
}

// checkBase builds a Base for m and compares its result with Walk.
func checkBase(t *testing.T, m mousemaze.Maze, cfg mousemaze.Config) *Base {
	t.Helper()
	b, err := NewBase(m, cfg)
	if err != nil {
		t.Fatalf("NewBase: %v\n%s", err, m)
	}
	want, err := mousemaze.Walk(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffResult(b.Result(), want, m.Cols); d != "" {
		t.Fatalf("base result under %+v: %s\n%s", cfg, d, m)
	}
	return b
}

// resumeSizes are the shapes TestResume walks, with the hill-climb rounds
// for each.
var resumeSizes = []struct {
	rows, cols, rounds int
}{
	{1, 1, 0}, {1, 7, 5}, {7, 1, 5}, {1, 64, 5}, {64, 1, 5},
	{2, 2, 10}, {3, 3, 20}, {4, 4, 30}, {5, 5, 40}, {6, 6, 50}, {7, 7, 60}, {8, 8, 60},
	{9, 9, 60}, {10, 10, 60}, {11, 11, 60}, {12, 12, 60}, {13, 13, 80},
	{16, 16, 60}, {31, 33, 40}, {64, 64, 20},
}

// TestResume compares Eval with mousemaze.Walk on neighbours of random and
// of hill-climbed (long-walk) mazes of many sizes under random configs.
func TestResume(t *testing.T) {
	// A walk of an infeasible neighbour would run to this limit and fall
	// back to Walk: no fallback is expected, so none may have happened.
	defer func(old int64) { kernelTurns = old }(kernelTurns)
	kernelTurns = 1 << 22
	for _, sz := range resumeSizes {
		t.Run(fmt.Sprintf("size=%dx%d", sz.rows, sz.cols), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(sz.rows), uint64(sz.cols)))
			for base := range 8 {
				cfg := mazetest.Config(rng, sz.rows, sz.cols)
				var m mousemaze.Maze
				kind := "random"
				if base%2 == 1 {
					kind = "climbed"
					m = climb(t, rng, sz.rows, sz.cols, cfg, sz.rounds, 16)
				} else {
					m = mazetest.Feasible(rng, sz.rows, sz.cols, 0.45*rng.Float64(), cfg)
					if !mousemaze.Feasible(m, cfg) {
						m = mousemaze.NewMaze(sz.rows, sz.cols)
					}
				}
				t.Run(fmt.Sprintf("base=%d/maze=%s", base, kind), func(t *testing.T) {
					b := checkBase(t, m, cfg)
					r := b.NewResumer()
					checkEval(t, r, b, cfg, nil)
					checkNeighbours(t, r, b, cfg, drawCells(rng, b, cfg, 150))
					if s := r.Stats(); s.Fallbacks != 0 {
						t.Fatalf("%d walks fell back to Walk (an infeasible neighbour walked?): %+v", s.Fallbacks, s)
					}
				})
			}
		})
	}
}

// TestResumeThinned makes the snapshot budget tiny so that the snapshots
// are thinned and neighbours replay part of the base walk.
func TestResumeThinned(t *testing.T) {
	defer func(old int) { snapshotBytes = old }(snapshotBytes)
	rng := rand.New(rand.NewPCG(3, 9))
	for _, budget := range []int{1, 2, 5, 17} {
		for _, side := range []int{5, 9, 13} {
			snapshotBytes = budget * 4 * (side + 2) * (side + 1)
			cfg := mazetest.Config(rng, side, side)
			m := climb(t, rng, side, side, cfg, 60, 16)
			b := checkBase(t, m, cfg)
			if b.Snapshots() > budget {
				t.Fatalf("%d snapshots, budget %d", b.Snapshots(), budget)
			}
			r := b.NewResumer()
			checkNeighbours(t, r, b, cfg, drawCells(rng, b, cfg, 60))
		}
	}
}

// TestResumeContact checks the first-contact times against a trace of the
// reference walk: a cell is examined at turn t when the mouse stands next
// to it at turn t and moves on.
func TestResumeContact(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for i := range 40 {
		rows, cols := 1+rng.IntN(13), 1+rng.IntN(13)
		cfg := mazetest.Config(rng, rows, cols)
		cfg.Heat = false
		var m mousemaze.Maze
		if i%2 == 0 {
			m = climb(t, rng, rows, cols, cfg, 30, 8)
		} else {
			m = mousemaze.RandomFeasible(rng, rows, cols, 0.3, cfg)
		}
		want := make([]int64, rows*cols)
		var last int64
		var lastR, lastC int
		examine := func(t int64, r, c int) {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {0, -1}, {-1, 0}} {
				nr, nc := r+d[0], c+d[1]
				if nr >= 0 && nr < rows && nc >= 0 && nc < cols && want[nr*cols+nc] == 0 {
					want[nr*cols+nc] = t
				}
			}
		}
		res, err := mousemaze.Trace(m, cfg, func(turn int64, r, c int) {
			if turn > 1 {
				examine(last, lastR, lastC) // the mouse moved on from there
			}
			last, lastR, lastC = turn, r, c
		})
		if err != nil {
			t.Fatal(err)
		}
		b := checkBase(t, m, cfg)
		if !res.Feasible {
			t.Fatalf("maze %d is infeasible", i)
		}
		for x, w := range want {
			got, ok := b.Contact(x)
			if !ok {
				got = 0
			}
			if got != w {
				t.Fatalf("cell %d (row %d, column %d): contact %d, want %d, under %+v\n%s", x, x/cols, x%cols, got, w, cfg, m)
			}
		}
	}
}

// TestResumeFallback lowers the fast walk's turn limit so that bases and
// neighbours beyond it are walked by mousemaze.Walk, with caps below, at
// and beyond the limit.
func TestResumeFallback(t *testing.T) {
	defer func(old int64) { kernelTurns = old }(kernelTurns)
	rng := rand.New(rand.NewPCG(5, 5))
	var fallbacks int64
	for _, cap := range []int64{0, 30, 50, 51, 100} {
		for range 6 {
			cfg := mousemaze.Config{Cap: cap, Heat: true, Order: mousemaze.RandomOrder(rng)}
			kernelTurns = MaxKernelTurns
			m := climb(t, rng, 7, 7, cfg, 20, 8)
			kernelTurns = 50
			b := checkBase(t, m, cfg)
			r := b.NewResumer()
			checkNeighbours(t, r, b, cfg, drawCells(rng, b, cfg, 40))
			fallbacks += r.Stats().Fallbacks
		}
	}
	if fallbacks == 0 {
		t.Error("no walk fell back to mousemaze.Walk")
	}
}

// TestResumeModular checks that k-mod configs (which fall back to Walk)
// give Walk's results, trap fields included.
func TestResumeModular(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for _, k := range []int{1, 2, 3, 5} {
		for range 4 {
			cfg := mazetest.Config(rng, 6, 6)
			cfg.K = k
			if cfg.Cap == 0 {
				cfg.Cap = 5000
			}
			m := mousemaze.RandomFeasible(rng, 6, 6, 0.3, cfg)
			b := checkBase(t, m, cfg)
			r := b.NewResumer()
			checkNeighbours(t, r, b, cfg, drawCells(rng, b, cfg, 20))
		}
	}
}

// TestResumeStats checks that unexamined flips return the base result at
// once and that walked and skipped moves add up to the neighbours' walks.
func TestResumeStats(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	// An open 13×13 maze: the mouse walks straight down column 0, so
	// column 12 is never examined.
	b := checkBase(t, mousemaze.NewMaze(13, 13), mousemaze.Config{})
	r := b.NewResumer()
	res, err := r.Eval([]int{5*13 + 12})
	if err != nil {
		t.Fatal(err)
	}
	if res.Turns != 14 || !res.Escaped || r.Stats().Unchanged != 1 || r.Stats().Skipped != 13 {
		t.Fatalf("unexamined flip: %+v, stats %+v; want 14 turns and 13 skipped moves", res, r.Stats())
	}
	cfg := mousemaze.Config{Heat: true}
	b = checkBase(t, climb(t, rng, 13, 13, cfg, 100, 16), cfg)
	r = b.NewResumer()
	var moves, infeasible int64
	for range 300 {
		cells := randomCells(rng, b, cfg)
		checkEval(t, r, b, cfg, cells)
		res, _ := r.Eval(cells)
		if res.Feasible {
			moves += res.Turns - 1
		} else {
			infeasible++
		}
	}
	s := r.Stats()
	if s.Evals != 600 || s.Infeasible != 2*infeasible || s.Walked+s.Skipped != 2*moves || s.Fallbacks != 0 {
		t.Fatalf("stats %+v: want 600 evals, %d infeasible, %d moves walked and skipped", s, 2*infeasible, 2*moves)
	}
	if s.Unchanged+s.Resumed+s.Infeasible != s.Evals {
		t.Fatalf("stats %+v: unchanged, resumed and infeasible do not add up to evals", s)
	}
	r.ResetStats()
	if r.Stats() != (ResumeStats{}) {
		t.Fatalf("stats after reset: %+v", r.Stats())
	}
}

// TestResumeErrors checks bad bases and bad cell lists.
func TestResumeErrors(t *testing.T) {
	wall := mousemaze.NewMaze(3, 3)
	wall.SetWall(1, 0, true)
	wall.SetWall(1, 1, true)
	wall.SetWall(1, 2, true)
	for _, tc := range []struct {
		name string
		m    mousemaze.Maze
		cfg  mousemaze.Config
		want error
	}{
		{"infeasible", wall, mousemaze.Config{}, ErrInfeasible},
		{"entry", mousemaze.NewMaze(3, 3), mousemaze.Config{Entry: 3}, mousemaze.ErrConfig},
		{"order", mousemaze.NewMaze(3, 3), mousemaze.Config{Order: mousemaze.Order{0, 0, 1, 2}}, mousemaze.ErrOrder},
		{"dims", mousemaze.Maze{Rows: 0, Cols: 3}, mousemaze.Config{}, mousemaze.ErrDims},
		{"rows", mousemaze.Maze{Rows: 2, Cols: 3, Walls: []uint64{0}}, mousemaze.Config{}, mousemaze.ErrSize},
	} {
		if _, err := NewBase(tc.m, tc.cfg); !errors.Is(err, tc.want) {
			t.Errorf("%s: NewBase error %v, want %v", tc.name, err, tc.want)
		}
	}
	b := checkBase(t, mousemaze.NewMaze(3, 3), mousemaze.Config{})
	r := b.NewResumer()
	for _, cells := range [][]int{{-1}, {9}, {1, 4, 1}, {0, 0}} {
		if _, err := r.Eval(cells); !errors.Is(err, ErrCell) {
			t.Errorf("Eval(%v): error %v, want ErrCell", cells, err)
		}
	}
	if err := r.EvalBatch([][]int{{1}, {2}}, make([]mousemaze.Result, 1)); !errors.Is(err, mousemaze.ErrSize) {
		t.Errorf("EvalBatch with a short dst: error %v, want ErrSize", err)
	}
	if err := r.EvalBatch([][]int{{1}, {2, 2}}, make([]mousemaze.Result, 2)); !errors.Is(err, ErrCell) {
		t.Errorf("EvalBatch with a cell listed twice: error %v, want ErrCell", err)
	}
	// After errors the resumer still works.
	checkEval(t, r, b, mousemaze.Config{}, []int{4})
}

// TestResumeConcurrent evaluates neighbours of one Base from several
// goroutines, each with its own Resumer (run with -race).
func TestResumeConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	cfg := mousemaze.Config{Heat: true, Order: mousemaze.RandomOrder(rng)}
	m := climb(t, rng, 13, 13, cfg, 100, 16)
	b := checkBase(t, m, cfg)
	const workers, per = 4, 100
	cells := make([][]int, workers*per)
	want := make([]mousemaze.Result, len(cells))
	for i := range cells {
		cells[i] = randomCells(rng, b, cfg)
		var err error
		if want[i], err = mousemaze.Walk(flipCells(m, cells[i]), cfg); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make([]string, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := b.NewResumer()
			// Every worker also evaluates the whole list in one batch.
			all := make([]mousemaze.Result, len(cells))
			if err := r.EvalBatch(cells, all); err != nil {
				errs[w] = err.Error()
				return
			}
			for i := range all {
				if d := diffResult(all[i], want[i], m.Cols); d != "" {
					errs[w] = fmt.Sprintf("EvalBatch(%v): %s", cells[i], d)
					return
				}
			}
			for i := w; i < len(cells); i += workers {
				got, err := r.Eval(cells[i])
				if err != nil {
					errs[w] = err.Error()
					return
				}
				if d := diffResult(got, want[i], m.Cols); d != "" {
					errs[w] = fmt.Sprintf("Eval(%v): %s", cells[i], d)
					return
				}
				if h := b.Result().Heat; len(h) > 0 {
					h[0]++ // a copy: must not disturb the other goroutines
				}
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Fatalf("%s\nbase:\n%s", e, m)
		}
	}
}

// TestResumeLong checks neighbours of the stored long-walk mazes, the
// mazes BenchmarkResume measures, under a few configs.
func TestResumeLong(t *testing.T) {
	mazes := longMazes(t)
	rng := rand.New(rand.NewPCG(12, 12))
	for i, m := range mazes {
		orders := []mousemaze.Order{mousemaze.DRLU, mousemaze.RandomOrder(rng)}
		for _, cfg := range []mousemaze.Config{{}, {Heat: true}, {Cap: 1000 + rng.Int64N(4000)}, {Order: orders[1], Heat: true}} {
			b := checkBase(t, m, cfg)
			r := b.NewResumer()
			checkNeighbours(t, r, b, cfg, drawCells(rng, b, cfg, 100))
			times := map[int64]bool{1: true}
			for x := range 13 * 13 {
				if c, ok := b.Contact(x); ok {
					times[c] = true
				}
			}
			if b.Snapshots() != len(times) {
				t.Errorf("maze %d: %d snapshots, want one per first-contact time, %d", i, b.Snapshots(), len(times))
			}
		}
	}
}

// longMazes reads longFile.
func longMazes(t testing.TB) []mousemaze.Maze {
	mazes, err := mousemaze.ParseFile(longFile)
	if err != nil {
		t.Fatal(err)
	}
	return mazes
}

// searchCells returns n neighbours of a rows×cols maze as a local search
// draws them: 1 to 3 distinct cells, never the entry or exit cell.
func searchCells(rng *rand.Rand, rows, cols, n int, cfg mousemaze.Config) [][]int {
	out := make([][]int, n)
	for i := range out {
		k := 1 + rng.IntN(3)
		for len(out[i]) < k {
			x := rng.IntN(rows * cols)
			if x == cfg.Entry || x == (rows-1)*cols+cfg.Exit || slices.Contains(out[i], x) {
				continue
			}
			out[i] = append(out[i], x)
		}
	}
	return out
}

// scalarWalk is the scalar full walk BenchmarkResume compares with: the
// flood fill and then the resumed walk's hot loop from the first turn.
func scalarWalk(g *geom, cnt *[gridSize]uint32, walls, open, reach []uint64, cfg mousemaze.Config) mousemaze.Result {
	if !feasibleRows(walls, g.cols, cfg.Entry, cfg.Exit, open, reach) {
		return mousemaze.Result{}
	}
	g.load(cnt, walls)
	_, t, escaped := g.run(cnt, g.entry, 1, g.limit)
	return mousemaze.Result{Turns: t, Escaped: escaped, Feasible: true}
}

// BenchmarkResume measures neighbour evaluations (1 to 3 flips, never of
// the entry or exit cell, 256 per maze) of the long 13×13 mazes in
// longFile (maze=long) and of random feasible mazes of density 0.3
// (maze=random): resumed from a Base one by one (mode=resume) and in the
// lanes of the chosen kernel (mode=resume-batch), walked in full by the
// same scalar loop (mode=scalar), by the cpu backend's batch evaluator on
// one worker (mode=batch) and by mousemaze.Walk (mode=reference).
// mode=newbase measures NewBase itself. steps/s counts the turns of the
// neighbours' walks, the work a full walk does, in every mode.
func BenchmarkResume(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 13))
	benchResume(b, "long", longMazes(b))
	for _, side := range []int{13, 64} {
		var mazes []mousemaze.Maze
		for range 4 {
			mazes = append(mazes, mousemaze.RandomFeasible(rng, side, side, 0.3, mousemaze.Config{}))
		}
		benchResume(b, "random", mazes)
	}
}

// benchResume runs BenchmarkResume's modes on neighbours of mazes, which
// share one size.
func benchResume(b *testing.B, kind string, mazes []mousemaze.Maze) {
	rows, cols := mazes[0].Rows, mazes[0].Cols
	cfg := mousemaze.Config{}
	const per = 256
	rng := rand.New(rand.NewPCG(1, 13))
	cells := make([][][]int, len(mazes))
	pop := mousemaze.NewPopulation(rows, cols, 0)
	var turns int64 // of every neighbour's walk, once
	for i, m := range mazes {
		cells[i] = searchCells(rng, rows, cols, per, cfg)
		for _, c := range cells[i] {
			n := flipCells(m, c)
			pop.Append(n)
			res, err := mousemaze.Walk(n, cfg)
			if err != nil {
				b.Fatal(err)
			}
			turns += res.Turns
		}
	}
	evals := int64(len(mazes) * per)
	report := func(b *testing.B) {
		b.ReportMetric(float64(int64(b.N)*evals)/b.Elapsed().Seconds(), "evals/s")
		b.ReportMetric(float64(int64(b.N)*turns)/b.Elapsed().Seconds(), "steps/s")
		b.ReportMetric(0, "ns/op")
	}
	resumers := func(b *testing.B) []*Resumer {
		var rs []*Resumer
		for _, m := range mazes {
			base, err := NewBase(m, cfg)
			if err != nil {
				b.Fatal(err)
			}
			rs = append(rs, base.NewResumer())
		}
		return rs
	}
	name := fmt.Sprintf("/size=%dx%d/maze=%s", rows, cols, kind)
	b.Run("mode=resume"+name, func(b *testing.B) {
		rs := resumers(b)
		for b.Loop() {
			for i, r := range rs {
				for _, c := range cells[i] {
					if _, err := r.Eval(c); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		report(b)
		var walked, skipped int64
		for _, r := range rs {
			walked += r.Stats().Walked
			skipped += r.Stats().Skipped
		}
		b.ReportMetric(float64(walked)/float64(walked+skipped), "walked/step")
	})
	b.Run("mode=resume-batch/kernel="+Kernel()+name, func(b *testing.B) {
		rs := resumers(b)
		dst := make([]mousemaze.Result, per)
		for b.Loop() {
			for i, r := range rs {
				if err := r.EvalBatch(cells[i], dst); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b)
	})
	b.Run("mode=scalar"+name, func(b *testing.B) {
		g := newGeom(rows, cols, cfg)
		cnt := new([gridSize]uint32)
		walls, open, reach := make([]uint64, rows), make([]uint64, rows), make([]uint64, rows)
		for b.Loop() {
			for i, m := range mazes {
				for _, c := range cells[i] {
					copy(walls, m.Walls)
					for _, x := range c {
						walls[x/cols] ^= 1 << uint(x%cols)
					}
					scalarWalk(&g, cnt, walls, open, reach, cfg)
				}
			}
		}
		report(b)
	})
	b.Run("mode=batch/kernel="+Kernel()+name, func(b *testing.B) {
		ev, err := New(mousemaze.Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		dst := make([]mousemaze.Result, pop.Len())
		for b.Loop() {
			if err := ev.Evaluate(pop, cfg, dst); err != nil {
				b.Fatal(err)
			}
		}
		report(b)
	})
	b.Run("mode=reference"+name, func(b *testing.B) {
		for b.Loop() {
			for i := range pop.Len() {
				if _, err := mousemaze.Walk(pop.Maze(i), cfg); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b)
	})
	b.Run("mode=newbase"+name, func(b *testing.B) {
		for b.Loop() {
			for _, m := range mazes {
				if _, err := NewBase(m, cfg); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.N*len(mazes))/b.Elapsed().Seconds(), "bases/s")
	})
}
