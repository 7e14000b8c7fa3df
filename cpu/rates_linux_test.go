package cpu

import (
	"flag"
	"math/rand/v2"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/mousemaze/mousemaze"
)

var (
	rates     = flag.Int("rates", 0, "in TestKernelRates, time every kernel this many rounds")
	rateTrial = flag.Duration("rate-trial", 20*time.Millisecond, "in TestKernelRates, how long one kernel walks in a round")
	rateWork  = flag.Int("rate-workers", 1, "in TestKernelRates, the evaluator's workers")
	rateOnly  = flag.String("rate-kernels", "", "in TestKernelRates, the kernels to time, comma-separated (default all this processor can run)")
	rateBase  = flag.String("rate-base", "avx2", "in TestKernelRates, the kernel the others' rates are divided by (default generic where avx2 is not timed)")
)

// processTime returns the processor time the process has used, to the
// nanosecond (clock_gettime(CLOCK_PROCESS_CPUTIME_ID)).
func processTime(t *testing.T) time.Duration {
	const clockProcessCPUTime = 2
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockProcessCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		t.Fatal(e)
	}
	return time.Duration(ts.Nano())
}

// TestKernelRates measures the kernels side by side, by the cpu backend
// with -rate-workers workers, on two batches: 512 neighbours (1 to 3
// cells flipped, as a local search draws them) of the long-walk 13×13
// mazes of longFile, and 512 random 32×32 mazes of density 0.3. Each of
// -rates rounds times every kernel once, in a new random order, for
// -rate-trial. The rate is the turns walked per second of the process's
// processor time, which time-sharing does not inflate; the rates of one
// kernel still vary from round to round on a shared machine, so the log
// gives each kernel's median and best rate and, to compare kernels timed
// a few milliseconds apart, the median and quartiles over the rounds of
// its rate divided by -rate-base's in the same round. It runs only with
// -rates N; doc.go's figures came from
//
//	go test -run TestKernelRates -v ./cpu/ -args -rates 40 -rate-kernels avx512,avx2,scalar4,generic
func TestKernelRates(t *testing.T) {
	if *rates == 0 {
		t.Skip("run with -rates N")
	}
	rng := rand.New(rand.NewPCG(1, 1))
	long := mousemaze.NewPopulation(13, 13, 0)
	for _, m := range longMazes(t) {
		for _, c := range searchCells(rng, 13, 13, 128, mousemaze.Config{}) {
			long.Append(flipCells(m, c))
		}
	}
	batches := []struct {
		name string
		pop  mousemaze.Population
	}{
		{"long-13x13", long},
		{"random-32x32", mousemaze.RandomPopulation(rng, 32, 32, 512, 0.3)},
	}
	var (
		ks   []kernel
		evs  []*Evaluator
		base = -1
	)
	for _, k := range kernels {
		if !k.ok() || *rateOnly != "" && !slices.Contains(strings.Split(*rateOnly, ","), k.name) {
			continue
		}
		ev, err := New(mousemaze.Options{Kernel: k.name, Workers: *rateWork})
		if err != nil {
			t.Fatal(err)
		}
		if k.name == *rateBase || base < 0 && k.name == "generic" {
			base = len(ks)
		}
		ks, evs = append(ks, k), append(evs, ev)
	}
	if base < 0 {
		t.Fatalf("no base kernel among %d kernels: name one with -rate-base", len(ks))
	}
	for _, b := range batches {
		dst := make([]mousemaze.Result, b.pop.Len())
		if err := evs[base].Evaluate(b.pop, mousemaze.Config{}, dst); err != nil {
			t.Fatal(err)
		}
		var walks, turns int64
		for _, res := range dst {
			if res.Feasible {
				walks++
				turns += res.Turns
			}
		}
		t.Logf("%s: %d mazes, %d feasible, %.0f turns a walk on average; %d rounds of %v, %d workers",
			b.name, len(dst), walks, float64(turns)/float64(walks), *rates, *rateTrial, *rateWork)
		rate := make([][]float64, len(ks)) // M turns/s, by kernel, by round
		for range *rates {
			for _, j := range rng.Perm(len(ks)) {
				var steps int64
				t0 := processTime(t)
				for start := time.Now(); time.Since(start) < *rateTrial; {
					if err := evs[j].Evaluate(b.pop, mousemaze.Config{}, dst); err != nil {
						t.Fatal(err)
					}
					for _, res := range dst {
						steps += res.Turns
					}
				}
				rate[j] = append(rate[j], float64(steps)/(processTime(t)-t0).Seconds()/1e6)
			}
		}
		for j, k := range ks {
			ratio := make([]float64, *rates)
			for r := range ratio {
				ratio[r] = rate[j][r] / rate[base][r]
			}
			slices.Sort(ratio)
			n := len(ratio)
			t.Logf("%-12s %-8s median %6.1f, best %6.1f M turns/s; ×%.2f %s (quartiles %.2f–%.2f)",
				b.name, k.name, median(rate[j]), slices.Max(rate[j]), ratio[n/2], ks[base].name, ratio[n/4], ratio[3*n/4])
		}
	}
}

// median returns the median of x (the upper one of an even count).
func median(x []float64) float64 {
	s := slices.Sorted(slices.Values(x))
	return s[len(s)/2]
}

// longFile holds long-walk 13×13 mazes; its comments say how they were
// found.
const longFile = "testdata/long-13x13.txt"

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

// flipCells returns a copy of m with the given cells (r*Cols+c) flipped.
func flipCells(m mousemaze.Maze, cells []int) mousemaze.Maze {
	n := m.Clone()
	for _, x := range cells {
		n.Flip(x/m.Cols, x%m.Cols)
	}
	return n
}
