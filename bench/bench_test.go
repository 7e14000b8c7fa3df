package bench

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/cpu"
)

// TestLongWalks checks that the hill climb is deterministic and that its
// walks are longer than random feasible mazes' walks.
func TestLongWalks(t *testing.T) {
	size := mousemaze.Size{Rows: 6, Cols: 6}
	ref, _ := mousemaze.NewEvaluator("ref", mousemaze.Options{})
	fast, _ := cpu.New(mousemaze.Options{Workers: 2})
	a, err := LongWalks(ref, size, mousemaze.Config{}, 8, 30, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, err := LongWalks(fast, size, mousemaze.Config{}, 8, 30, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < a.Len(); i++ {
		if !a.Maze(i).Equal(b.Maze(i)) {
			t.Fatalf("maze %d differs between ref and cpu searches:\n%s\n%s", i, a.Maze(i), b.Maze(i))
		}
	}
	dst := make([]mousemaze.Result, a.Len())
	if err := ref.Evaluate(a, mousemaze.Config{}, dst); err != nil {
		t.Fatal(err)
	}
	for i, r := range dst {
		if !r.Feasible {
			t.Errorf("maze %d is infeasible\n%s", i, a.Maze(i))
		}
	}
	if mean := float64(Steps(dst)) / float64(len(dst)); mean < 25 {
		t.Errorf("mean walk %.1f turns, want at least 25", mean)
	}
}

// TestRun runs a tiny benchmark and checks the ratios against ref.
func TestRun(t *testing.T) {
	ms, err := Run(Options{
		Sizes:    []mousemaze.Size{{Rows: 5, Cols: 5}},
		N:        16,
		Rounds:   5,
		Duration: time.Millisecond,
		Targets:  Targets([]string{"ref", "cpu"}, 2),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := 2 * (1 + 2*len(cpu.Kernels()))
	if len(ms) != want {
		t.Fatalf("%d measurements, want %d", len(ms), want)
	}
	for _, m := range ms {
		if m.Steps <= 0 || m.Mazes <= 0 || m.VsRef <= 0 {
			t.Errorf("bad measurement %+v", m)
		}
		if m.Backend == "ref" && m.VsRef != 1 {
			t.Errorf("ref ratio %v, want 1", m.VsRef)
		}
	}
	// Per population, exactly the fastest one-worker cpu row is one core.
	for i := 0; i < len(ms); i += want / 2 {
		var ones, best int
		for _, m := range ms[i : i+want/2] {
			if m.VsCPUCore <= 0 || (m.Backend == "cpu" && m.Workers == 1 && m.VsCPUCore > 1) {
				t.Errorf("%s %s %s/%d: core ratio %v", m.Size, m.Maze, m.Kernel, m.Workers, m.VsCPUCore)
			}
			if m.VsCPUCore == 1 {
				ones++
				if m.Backend != "cpu" || m.Workers != 1 {
					t.Errorf("core ratio 1 on %+v, want a one-worker cpu row", m)
				}
			}
			if !slices.Contains(cpu.Kernels(), m.CPUCoreKernel) || m.CPUCoreKernel != ms[i].CPUCoreKernel {
				t.Errorf("%s %s %s/%d: core ratio's reference %q, want one cpu kernel per population", m.Size, m.Maze, m.Kernel, m.Workers, m.CPUCoreKernel)
			}
			if m.Backend == "cpu" && m.Workers == 1 {
				best++
			}
		}
		for _, m := range ms[i : i+want/2] {
			if m.Backend == "cpu" && m.Workers == 1 && m.Kernel == ms[i].CPUCoreKernel && m.VsCPUCore != 1 {
				t.Errorf("the named reference %s has core ratio %v, want 1", m.Kernel, m.VsCPUCore)
			}
		}
		var table bytes.Buffer
		WriteTable(&table, ms[i:i+want/2])
		if !strings.Contains(table.String(), "1.00x ("+ms[i].CPUCoreKernel+")") || !strings.Contains(table.String(), "vs 1 cpu core: steps/s over the fastest one-worker cpu kernel") {
			t.Errorf("table does not name the core ratio's reference:\n%s", table.String())
		}
		if ones < 1 || best != len(cpu.Kernels()) {
			t.Errorf("population %d: %d rows at ratio 1, %d one-worker cpu rows", i, ones, best)
		}
	}
	if _, err := Population("nosuch", mousemaze.Size{Rows: 3, Cols: 3}, 1, 1, 1); err == nil {
		t.Error("unknown kind: no error")
	}
}

// TestRunSkipsUnavailable checks that a backend that cannot be opened
// fails the run unless Unavailable drops it.
func TestRunSkipsUnavailable(t *testing.T) {
	opts := Options{
		Sizes: []mousemaze.Size{{Rows: 3, Cols: 3}}, Kinds: []string{KindRandom}, N: 4, Duration: time.Millisecond,
		Targets: []Target{{Backend: "nosuch", Workers: 1}, {Backend: "ref", Workers: 1}},
	}
	if _, err := Run(opts); err == nil {
		t.Fatal("unopenable backend: no error")
	}
	var skipped []string
	opts.Unavailable = func(t Target, err error) bool {
		skipped = append(skipped, t.Backend)
		return true
	}
	ms, err := Run(opts)
	if err != nil || len(ms) != 1 || ms[0].Backend != "ref" {
		t.Fatalf("got %v, %v; want one ref measurement", ms, err)
	}
	if len(skipped) != 1 || skipped[0] != "nosuch" {
		t.Errorf("skipped %v", skipped)
	}
}

// populations caches the benchmark populations, which take a search to make.
var populations = map[string]mousemaze.Population{}

func benchPopulation(b *testing.B, kind string, size mousemaze.Size) mousemaze.Population {
	key := kind + size.String()
	if p, ok := populations[key]; ok {
		return p
	}
	p, err := Population(kind, size, 128, 150, 1)
	if err != nil {
		b.Fatal(err)
	}
	populations[key] = p
	return p
}

// BenchmarkKernels measures the reference and every cpu kernel on one
// worker, per size and population kind.
func BenchmarkKernels(b *testing.B) {
	for _, size := range DefaultSizes {
		for _, kind := range []string{KindRandom, KindLong} {
			for _, t := range Targets([]string{"ref", "cpu"}, 1) {
				b.Run(fmt.Sprintf("kernel=%s/size=%s/maze=%s", t.KernelName(), size, kind), func(b *testing.B) {
					benchTarget(b, t, benchPopulation(b, kind, size))
				})
			}
		}
	}
}

// BenchmarkWorkers measures the chosen cpu kernel on 1 and 2 workers on
// 13×13 long-walk mazes.
func BenchmarkWorkers(b *testing.B) {
	size := mousemaze.Size{Rows: 13, Cols: 13}
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("kernel=%s/workers=%d/size=%s/maze=long", cpu.Kernel(), w, size), func(b *testing.B) {
			benchTarget(b, Target{Backend: "cpu", Workers: w}, benchPopulation(b, KindLong, size))
		})
	}
}

func benchTarget(b *testing.B, t Target, pop mousemaze.Population) {
	ev, err := t.Open()
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]mousemaze.Result, pop.Len())
	var steps, mazes int64
	for b.Loop() {
		if err := ev.Evaluate(pop, mousemaze.Config{}, dst); err != nil {
			b.Fatal(err)
		}
		steps += Steps(dst)
		mazes += int64(len(dst))
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
	b.ReportMetric(float64(mazes)/b.Elapsed().Seconds(), "mazes/s")
}

// TestCheckPopulation checks the bound on a population's cells: the most
// mazes of the largest size, at most mousemaze.MaxMazes, and the error
// that names the flag and the most allowed.
func TestCheckPopulation(t *testing.T) {
	sz := func(r, c int) mousemaze.Size { return mousemaze.Size{Rows: r, Cols: c} }
	for _, c := range []struct {
		sizes []mousemaze.Size
		n     int
		most  int
		err   string
	}{
		{[]mousemaze.Size{sz(64, 64)}, 16384, 16384, ""},
		{[]mousemaze.Size{sz(6, 6), sz(64, 64), sz(13, 13)}, 16385, 16384, "--n 16385: at most 16384 mazes of 64x64 per population"},
		{[]mousemaze.Size{sz(32, 32)}, 65536, 65536, ""},
		{[]mousemaze.Size{sz(1, 1)}, mousemaze.MaxMazes, mousemaze.MaxMazes, ""},
		{[]mousemaze.Size{sz(1, 1)}, mousemaze.MaxMazes + 1, mousemaze.MaxMazes, "at most " + strconv.Itoa(mousemaze.MaxMazes) + " mazes of 1x1"},
	} {
		if most, _ := MostMazes(c.sizes); most != c.most {
			t.Errorf("%v: MostMazes %d, want %d", c.sizes, most, c.most)
		}
		err := CheckPopulation("--n", "population", c.n, c.sizes)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%v, %d: %v", c.sizes, c.n, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%v, %d: error %v, want one containing %q", c.sizes, c.n, err, c.err)
		}
	}
}
