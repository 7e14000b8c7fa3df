package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

var long = flag.Bool("sweep.long", false, "run the long tests (5×5 brute force over 2^25 mazes)")

// brute walks every maze of the size with the reference simulator and
// returns the histogram of turns and the number of infeasible mazes.
func brute(t *testing.T, sz mousemaze.Size, cfg mousemaze.Config) (map[int64]uint64, uint64) {
	t.Helper()
	n := sz.Cells()
	hist := map[int64]uint64{}
	var infeasible uint64
	m := mousemaze.NewMaze(sz.Rows, sz.Cols)
	mask := mousemaze.RowMask(sz.Cols)
	for bitsv := uint64(0); bitsv < 1<<uint(n); bitsv++ {
		for r := range m.Walls {
			m.Walls[r] = bitsv >> uint(r*sz.Cols) & mask
		}
		res, err := mousemaze.Walk(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Feasible {
			infeasible++
			continue
		}
		hist[res.Turns]++
	}
	return hist, infeasible
}

// sweepAll runs a whole sweep with the given options.
func sweepAll(t *testing.T, o Options) *Report {
	t.Helper()
	r, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// compareBrute checks a report against the brute force, bucket by bucket.
func compareBrute(t *testing.T, r *PairReport, sz mousemaze.Size, cfg mousemaze.Config) {
	t.Helper()
	hist, infeasible := brute(t, sz, cfg)
	got := map[int64]uint64{}
	for _, b := range r.Histogram {
		if b.Mazes.Hi != 0 {
			t.Fatalf("bucket %d: %v mazes", b.Turns, b.Mazes)
		}
		got[b.Turns] = b.Mazes.Lo
	}
	if !reflect.DeepEqual(got, hist) {
		t.Errorf("%s %+v: histogram\n got %v\nwant %v", sz, cfg, got, hist)
	}
	if r.InfeasibleMazes != (Count{Lo: infeasible}) {
		t.Errorf("%s %+v: infeasible %v, want %d", sz, cfg, r.InfeasibleMazes, infeasible)
	}
	if want := Pow2(sz.Cells()); r.Mazes != want {
		t.Errorf("%s %+v: mazes %v, want %v", sz, cfg, r.Mazes, want)
	}
	var best int64
	for tu := range hist {
		best = max(best, tu)
	}
	if r.OptimumTurns != best || r.OptimalClasses == 0 || r.OptimalMazes.Lo != hist[best] {
		t.Errorf("%s %+v: optimum %d (%v mazes), want %d (%d mazes)", sz, cfg, r.OptimumTurns, r.OptimalMazes, best, hist[best])
	}
}

func TestBruteForceDefault(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4} {
		sz := mousemaze.Size{Rows: n, Cols: n}
		r := sweepAll(t, Options{Size: sz, Workers: 2})
		compareBrute(t, &r.PairReport, sz, mousemaze.Config{})
	}
}

func TestBruteForceLong(t *testing.T) {
	if !*long {
		t.Skip("needs -sweep.long")
	}
	sz := mousemaze.Size{Rows: 5, Cols: 5}
	r := sweepAll(t, Options{Size: sz})
	compareBrute(t, &r.PairReport, sz, mousemaze.Config{})
}

func TestBruteForceOrdersAndEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	sizes := []mousemaze.Size{{Rows: 3, Cols: 3}, {Rows: 3, Cols: 4}, {Rows: 4, Cols: 3}, {Rows: 2, Cols: 5}, {Rows: 1, Cols: 4}, {Rows: 4, Cols: 1}, {Rows: 2, Cols: 2}}
	for _, sz := range sizes {
		for k := 0; k < 4; k++ {
			var o mousemaze.Order
			for i, j := range rng.Perm(4) {
				o[i] = mousemaze.Dir(j)
			}
			cfg := mousemaze.Config{Order: o, Entry: rng.IntN(sz.Cols), Exit: rng.IntN(sz.Cols)}
			t.Run(fmt.Sprintf("size=%s/order=%s/entry=%d/exit=%d", sz, o, cfg.Entry, cfg.Exit), func(t *testing.T) {
				r := sweepAll(t, Options{Size: sz, Config: cfg, Workers: 1, SplitDepth: 1 + k})
				compareBrute(t, &r.PairReport, sz, cfg)
			})
		}
	}
}

// TestBruteForceWide covers grids wider or taller than 8, where the flood
// fill takes its general path.
func TestBruteForceWide(t *testing.T) {
	for _, tc := range []struct {
		sz  mousemaze.Size
		cfg mousemaze.Config
	}{
		{mousemaze.Size{Rows: 2, Cols: 9}, mousemaze.Config{Entry: 8, Exit: 3}},
		{mousemaze.Size{Rows: 9, Cols: 2}, mousemaze.Config{Order: mousemaze.Order{mousemaze.Right, mousemaze.Down, mousemaze.Up, mousemaze.Left}, Exit: 1}},
	} {
		r := sweepAll(t, Options{Size: tc.sz, Config: tc.cfg})
		compareBrute(t, &r.PairReport, tc.sz, tc.cfg)
	}
}

func TestOptima(t *testing.T) {
	want := map[int]int64{3: 12, 4: 27, 5: 54}
	for n := 3; n <= 5; n++ {
		sz := mousemaze.Size{Rows: n, Cols: n}
		r := sweepAll(t, Options{Size: sz})
		if r.OptimumTurns != want[n] || r.OptimumVisits != want[n]-2 {
			t.Errorf("%s: optimum %d turns, want %d", sz, r.OptimumTurns, want[n])
		}
		m, err := r.Maze()
		if err != nil {
			t.Fatal(err)
		}
		res, err := mousemaze.Walk(m, mousemaze.Config{})
		if err != nil || res.Turns != want[n] {
			t.Errorf("%s: reference walk of the optimal maze gives %d turns (%v), want %d:\n%s", sz, res.Turns, err, want[n], m)
		}
		checkClass(t, r.OptimalClass, sz, mousemaze.Config{}, want[n])
		t.Logf("%s: optimum %d, %d optimal classes, %v optimal mazes, %d leaves", sz, r.OptimumTurns, r.OptimalClasses, r.OptimalMazes, r.Leaves)
	}
}

// checkClass walks every setting of the '?' cells of a class (up to 2^12)
// and checks that each takes exactly turns turns.
func checkClass(t *testing.T, class string, sz mousemaze.Size, cfg mousemaze.Config, turns int64) {
	t.Helper()
	var free [][2]int
	m := mousemaze.NewMaze(sz.Rows, sz.Cols)
	r, c := 0, 0
	for _, ch := range class {
		switch ch {
		case '\n':
			r, c = r+1, 0
			continue
		case 'X':
			m.SetWall(r, c, true)
		case '?':
			free = append(free, [2]int{r, c})
		}
		c++
	}
	if len(free) > 12 {
		free = free[:12]
	}
	for s := 0; s < 1<<len(free); s++ {
		for i, f := range free {
			m.SetWall(f[0], f[1], s>>i&1 != 0)
		}
		res, err := mousemaze.Walk(m, cfg)
		if err != nil || res.Turns != turns {
			t.Fatalf("class member takes %d turns (%v), want %d:\n%s", res.Turns, err, turns, m)
		}
	}
}

// strip clears the fields that may differ between equivalent runs.
func strip(r *Report) *Report {
	c := *r
	c.ElapsedS, c.Shard = 0, ""
	return &c
}

func TestShardMerge(t *testing.T) {
	for _, o := range []Options{
		{Size: mousemaze.Size{Rows: 4, Cols: 4}},
		{Size: mousemaze.Size{Rows: 5, Cols: 5}, Workers: 2},
		{Size: mousemaze.Size{Rows: 3, Cols: 4}, FreeEnds: true},
	} {
		whole := sweepAll(t, o)
		for _, n := range []int{1, 2, 3, 7} {
			var parts []*Report
			for i := n - 1; i >= 0; i-- {
				p := o
				p.Shard, p.Shards = i, n
				r := sweepAll(t, p)
				// Round-trip through JSON, as sweep-merge reads files.
				data, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				var back Report
				if err := json.Unmarshal(data, &back); err != nil {
					t.Fatal(err)
				}
				parts = append(parts, &back)
			}
			merged, err := Merge(parts...)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(strip(merged), strip(whole)) {
				t.Errorf("%s free=%v: %d shards merged differ from one run:\n got %+v\nwant %+v", o.Size, o.FreeEnds, n, strip(merged), strip(whole))
			}
			if n > 1 {
				if _, err := Merge(parts[1:]...); err == nil {
					t.Errorf("merge without shard %d: no error", n-1)
				}
			}
		}
	}
}

func TestCheckpointResume(t *testing.T) {
	for _, sz := range []mousemaze.Size{{Rows: 4, Cols: 4}, {Rows: 5, Cols: 5}} {
		whole := sweepAll(t, Options{Size: sz})
		file := filepath.Join(t.TempDir(), "ck.json")
		o := Options{Size: sz, Workers: 2, Checkpoint: file, CheckpointEvery: 20 * time.Millisecond, Resume: true}
		// Interrupt the run several times, then let it finish.
		for stop := 5; ; stop += 1500 {
			ctx, cancel := context.WithCancel(context.Background())
			n := 0
			testHookTask = func() {
				if n++; n == stop {
					cancel()
				}
			}
			r, err := Run(ctx, o)
			testHookTask = nil
			cancel()
			if err == nil {
				if !reflect.DeepEqual(strip(r), strip(whole)) {
					t.Errorf("%s: resumed run differs:\n got %+v\nwant %+v", sz, strip(r), strip(whole))
				}
				break
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatal(err)
			}
		}
		// A checkpoint of another sweep is refused.
		o.Size = mousemaze.Size{Rows: 3, Cols: 3}
		if _, err := Run(context.Background(), o); !errors.Is(err, ErrCheckpoint) {
			t.Errorf("resume of another size: err %v, want ErrCheckpoint", err)
		}
	}
}

func TestFreeEnds(t *testing.T) {
	sz := mousemaze.Size{Rows: 3, Cols: 3}
	r := sweepAll(t, Options{Size: sz, FreeEnds: true})
	if len(r.Pairs) != 9 || r.BestPair == nil {
		t.Fatalf("free ends: %d pairs, best %v", len(r.Pairs), r.BestPair)
	}
	var best int64
	for _, p := range r.Pairs {
		cfg := mousemaze.Config{Entry: p.Entry, Exit: p.Exit}
		compareBrute(t, &p, sz, cfg)
		best = max(best, p.OptimumTurns)
	}
	if r.OptimumTurns != best {
		t.Errorf("best pair has %d turns, want %d", r.OptimumTurns, best)
	}
	m, _ := r.Maze()
	res, _ := mousemaze.Walk(m, mousemaze.Config{Entry: r.BestPair.Entry, Exit: r.BestPair.Exit})
	if res.Turns != best {
		t.Errorf("best pair's maze takes %d turns, want %d", res.Turns, best)
	}
}

func TestOptionsErrors(t *testing.T) {
	for _, o := range []Options{
		{Size: mousemaze.Size{Rows: 0, Cols: 3}},
		{Size: mousemaze.Size{Rows: 9, Cols: 9}},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, Config: mousemaze.Config{Exit: 3}},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, Shard: 2, Shards: 2},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, Resume: true},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, Workers: -1},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, Workers: MaxWorkers + 1},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, Workers: 100000000},
	} {
		if _, err := Run(context.Background(), o); !errors.Is(err, ErrOptions) {
			t.Errorf("%+v: err %v, want ErrOptions", o, err)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	sz := mousemaze.Size{Rows: 5, Cols: 5}
	e := newEngine(sz, mousemaze.Config{})
	ps := e.split(4)
	allocs := testing.AllocsPerRun(3, func() {
		for _, p := range ps {
			e.runTask(p)
			e.clearTally()
		}
	})
	if allocs != 0 {
		t.Errorf("the search allocates %.0f times per 5×5 sweep", allocs)
	}
}

func TestCount(t *testing.T) {
	var c Count
	c.addPow2(63)
	c.addPow2(63)
	if c != Pow2(64) || c.String() != "18446744073709551616" {
		t.Errorf("2^63+2^63 = %v", c)
	}
	data, _ := json.Marshal(c)
	var back Count
	if err := json.Unmarshal(data, &back); err != nil || back != c {
		t.Errorf("round trip of %s: %v, %v", data, back, err)
	}
}

// BenchmarkSweep measures whole sweeps on one core, on the fast engine
// (as Run uses it) and on the reference engine, in leaves and steps per
// second: the speed targets of docs/sweep.md.
func BenchmarkSweep(b *testing.B) {
	for _, n := range []int{4, 5, 6} {
		sz := mousemaze.Size{Rows: n, Cols: n}
		for _, eng := range []string{"fast", "reference"} {
			b.Run("engine="+eng+"/size="+sz.String(), func(b *testing.B) {
				if n == 6 && testing.Short() {
					b.Skip("short")
				}
				cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve()}
				e := newEngine(sz, cfg)
				ps := e.split(0)
				var all []task
				var idx []int
				for i, p := range ps {
					all = append(all, task{node: p})
					idx = append(idx, i)
				}
				r := newRunner(sz, cfg)
				var leaves, steps uint64
				b.ReportAllocs()
				for b.Loop() {
					if eng == "fast" {
						for k := 0; k < len(idx); k += batchTasks {
							res := r.run(all, idx[k:min(k+batchTasks, len(idx))], 0)
							leaves += res.leaves
							steps += res.steps
						}
						continue
					}
					for _, p := range ps {
						e.runTask(p)
						leaves += e.leaves
						steps += e.steps
						e.clearTally()
					}
				}
				b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
				b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
			})
		}
	}
}

// TestSplitTasksDepth checks that the automatic split depth, which skips
// the depths that cannot hold the target's tasks, is the first depth of
// the plain search (target tasks, or a split that stops growing), for the
// targets of one pair and of the 36 pairs of a 6-column free-ends sweep.
func TestSplitTasksDepth(t *testing.T) {
	if pairTarget(1) != TargetTasks || pairTarget(36) != TargetTasks/36 || pairTarget(1000) != MinPairTasks {
		t.Errorf("pairTarget(1, 36, 1000) = %d, %d, %d", pairTarget(1), pairTarget(36), pairTarget(1000))
	}
	for _, c := range []struct {
		sz  mousemaze.Size
		cfg mousemaze.Config
	}{
		{mousemaze.Size{Rows: 1, Cols: 1}, mousemaze.Config{}},
		{mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Config{}},
		{mousemaze.Size{Rows: 4, Cols: 5}, mousemaze.Config{Entry: 2, Exit: 4}},
		{mousemaze.Size{Rows: 5, Cols: 5}, mousemaze.Config{}},
		{mousemaze.Size{Rows: 6, Cols: 6}, mousemaze.Config{}},
		{mousemaze.Size{Rows: 6, Cols: 6}, mousemaze.Config{Entry: 5, Exit: 0}},
	} {
		for _, target := range []int{TargetTasks, pairTarget(36)} {
			c.cfg.Order = mousemaze.Order{}.Resolve()
			e := newEngine(c.sz, c.cfg)
			want, prev := 0, -1
			for d := 1; ; d++ {
				n := len(e.split(d))
				if n >= target || n == prev || d >= MaxCells {
					want = d
					break
				}
				prev = n
			}
			ps, d := splitTasks(e, 0, target)
			if d != want || !reflect.DeepEqual(ps, e.split(want)) {
				t.Errorf("%s entry %d exit %d target %d: depth %d (%d tasks), want %d", c.sz, c.cfg.Entry, c.cfg.Exit, target, d, len(ps), want)
			}
		}
	}
}

// TestSplitCounts checks the task counts of every depth, from one walk of
// the tree, against the splits themselves.
func TestSplitCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range randomCases(rng) {
		e := newEngine(c.sz, c.cfg)
		maxD := min(c.sz.Cells(), 12)
		counts := e.splitCounts(maxD)
		for d := 0; d <= maxD; d++ {
			if n := len(e.split(d)); counts[d] != n {
				t.Fatalf("%s order %s entry %d exit %d depth %d: count %d, split %d", c.sz, c.cfg.Order, c.cfg.Entry, c.cfg.Exit, d, counts[d], n)
			}
		}
	}
}

// TestFinalSaveFails removes the checkpoint's directory during a sweep: a
// periodic save that fails does not stop it, and Run returns the whole
// report with an error wrapping ErrSave.
func TestFinalSaveFails(t *testing.T) {
	sz := mousemaze.Size{Rows: 4, Cols: 4}
	whole := sweepAll(t, Options{Size: sz})
	dir := filepath.Join(t.TempDir(), "sub")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	n := 0
	testHookTask = func() {
		if n++; n == 1 {
			os.RemoveAll(dir)
			time.Sleep(5 * time.Millisecond) // a periodic save falls in the gap
		}
	}
	defer func() { testHookTask = nil }()
	r, err := Run(context.Background(), Options{Size: sz, Workers: 2, Checkpoint: filepath.Join(dir, "ck.json"), CheckpointEvery: time.Millisecond})
	if !errors.Is(err, ErrSave) || r == nil {
		t.Fatalf("Run: %v, report %v; want ErrSave and the report", err, r != nil)
	}
	if !reflect.DeepEqual(strip(r), strip(whole)) {
		t.Errorf("report after a failed save:\n got %+v\nwant %+v", strip(r), strip(whole))
	}
}

// TestCPUBatch checks the bounds of the CPU engines' batches: each worker
// gets about batchesPerWorker of them, of batchTasks to maxBatchTasks
// tasks.
func TestCPUBatch(t *testing.T) {
	for _, c := range []struct{ n, workers, want int }{
		{0, 1, batchTasks}, {91, 1, batchTasks}, {98913, 1, maxBatchTasks}, {98913, 16, 96},
		{40000, 4, 156}, {1 << 20, 0, maxBatchTasks}, {2000, 2, batchTasks},
	} {
		if got := cpuBatch(c.n, c.workers); got != c.want {
			t.Errorf("cpuBatch(%d, %d) = %d, want %d", c.n, c.workers, got, c.want)
		}
	}
}

// TestFastSplitEqualsReference checks that the fast engine's split lists
// the reference engine's tasks, in the same order, with the same counts
// and the same limit on the list, at every depth up to 14 of many small
// grids (random orders and end columns), and at the automatic depths of
// 6×6 (two pairs of end columns) and at depth 20 of 7×7.
func TestFastSplitEqualsReference(t *testing.T) {
	type tc struct {
		sz     mousemaze.Size
		cfg    mousemaze.Config
		depths []int
	}
	var cases []tc
	rng := rand.New(rand.NewPCG(21, 22))
	for _, c := range randomCases(rng) {
		var ds []int
		for d := 0; d <= min(c.sz.Cells(), 14); d++ {
			ds = append(ds, d)
		}
		cases = append(cases, tc{c.sz, c.cfg, ds})
	}
	drlu := mousemaze.Order{}.Resolve()
	cases = append(cases,
		tc{mousemaze.Size{Rows: 6, Cols: 6}, mousemaze.Config{Order: drlu}, []int{21}},
		tc{mousemaze.Size{Rows: 6, Cols: 6}, mousemaze.Config{Order: drlu, Entry: 2, Exit: 3}, []int{16}},
		tc{mousemaze.Size{Rows: 7, Cols: 7}, mousemaze.Config{Order: drlu}, []int{20}})
	for _, c := range cases {
		e := newEngine(c.sz, c.cfg)
		s := newSplitter(c.sz, c.cfg, e)
		if _, ok := s.(*fastSplitter); !ok {
			t.Fatalf("%s: no fast splitter", c.sz)
		}
		if c.sz.Cells() == 20 && c.cfg.Entry == 0 {
			// A walk past the turn cap: the reference engine splits.
			fs := s.(*fastSplitter)
			if fs.run.f6 != nil {
				fs.run.f6.capTurns = 3
			} else {
				fs.run.f8.capTurns = 3
			}
			if _, _, ok := fs.walk(nil, 14, -1); ok {
				t.Fatalf("%s %+v: no walk passed a cap of 3 turns", c.sz, c.cfg)
			}
		}
		for _, d := range c.depths {
			if got, want := s.splitInto(nil, d), e.split(d); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %+v depth %d: fast split %d tasks, reference %d", c.sz, c.cfg, d, len(got), len(want))
			}
			for _, limit := range []int{0, 3, 1 << 20} {
				gc, gp := s.splitTop(d, limit)
				wc, wp := e.splitTop(d, limit)
				if !reflect.DeepEqual(gc, wc) || !reflect.DeepEqual(gp, wp) {
					t.Fatalf("%s %+v depth %d limit %d: fast counts %v (%d listed), reference %v (%d)", c.sz, c.cfg, d, limit, gc, len(gp), wc, len(wp))
				}
			}
		}
	}
}

// BenchmarkSweepSplit cuts the 6×6 tree at its automatic depth (21) and
// the 7×7 tree at depth 24 (936,444 tasks) on the reference engine and on
// the fast engine (fastSplitter).
func BenchmarkSweepSplit(b *testing.B) {
	for _, c := range []struct {
		name  string
		sz    mousemaze.Size
		depth int
	}{{"6x6-21", mousemaze.Size{Rows: 6, Cols: 6}, 21}, {"7x7-24", mousemaze.Size{Rows: 7, Cols: 7}, 24}} {
		cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve()}
		e := newEngine(c.sz, cfg)
		s := newSplitter(c.sz, cfg, e)
		b.Run(c.name+"/reference", func(b *testing.B) {
			for b.Loop() {
				e.splitInto(nil, c.depth)
			}
		})
		b.Run(c.name+"/fast", func(b *testing.B) {
			for b.Loop() {
				s.splitInto(nil, c.depth)
			}
		})
	}
}
