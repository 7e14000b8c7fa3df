package kernels

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// small is a device with little shared memory, so that the emulation runs
// both the shared-memory and the global-scratch layout on small grids, with
// several blocks and persistent threads that each walk many mazes.
var small = Device{SMs: 2, SharedPerBlock: 48 << 10, SharedPerSM: 64 << 10, MaxThreadsPerSM: 256, MaxThreadsPerBlk: 128}

// tiny has room for 64 lanes of 16-bit counts of grids up to 62 cells
// only, so that most grids take the global path.
var tiny = Device{SMs: 1, SharedPerBlock: 8 << 10, SharedPerSM: 8 << 10, MaxThreadsPerSM: 128, MaxThreadsPerBlk: 128}

// pickSide favours small sides, where walks are short and the reference
// quick, but reaches 64.
func pickSide(rng *rand.Rand) int {
	switch rng.IntN(8) {
	case 0:
		return 1 + rng.IntN(64)
	case 1, 2:
		return 1 + rng.IntN(24)
	default:
		return 1 + rng.IntN(13)
	}
}

// TestEmulateMatchesWalk holds the emulated kernels, through Evaluate, to
// the reference walk on 100,000 random mazes of sizes 1×1 to 64×64 under
// random orders, entry and exit columns, caps and heat maps; every other
// batch runs the chain from walk8.
func TestEmulateMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 11))
	size := func(int) int { return 1 + rng.IntN(400) }
	mazetest.CheckRandom(t, "emulation", rng, 100_000, pickSide, size, func(b int, name string, pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
		dev := small
		if b%3 == 2 {
			dev = tiny
		}
		chain := Widths
		if b%2 == 1 {
			chain = Kernels // walk8 first, forced
		}
		return EvaluateChain(EmulatedRunner(dev), chain, pop, cfg, dst)
	})
}

// TestThesisMazes walks the thesis's mazes, whose turn counts are known.
func TestThesisMazes(t *testing.T) {
	mazes, err := mousemaze.ParseFile(filepath.Join("..", "testdata", "thesis-mazes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := []int64{12, 27, 54, 117, 332, 647, 1160}
	if len(mazes) != len(want) {
		t.Fatalf("%d thesis mazes, want %d", len(mazes), len(want))
	}
	for k, m := range mazes {
		pop, _ := mousemaze.PopulationOf(m)
		for _, dev := range []Device{H100, tiny} {
			dst := make([]mousemaze.Result, 1)
			cfg := mousemaze.Config{Heat: true}
			if err := Evaluate(EmulatedRunner(dev), pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			if dst[0].Turns != want[k] || !dst[0].Escaped {
				t.Errorf("%v maze: %d turns (escaped %v), want %d", m.Size(), dst[0].Turns, dst[0].Escaped, want[k])
			}
			mazetest.Check(t, "emulation", m.Size().String(), pop, cfg, dst)
		}
	}
}

// TestKModGoesToWalk checks that k-mod work, which the kernels do not
// count, still gives the reference results, traps included.
func TestKModGoesToWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	pop := mousemaze.RandomPopulation(rng, 3, 4, 300, 0.3)
	for _, k := range []int{2, 3, 5} {
		cfg := mousemaze.Config{K: k, Heat: true, Order: mousemaze.RandomOrder(rng)}
		dst := make([]mousemaze.Result, pop.Len())
		if err := Evaluate(EmulatedRunner(H100), pop, cfg, dst); err != nil {
			t.Fatal(err)
		}
		trapped := 0
		for i := range dst {
			want, err := mousemaze.Walk(pop.Maze(i), cfg)
			if err != nil || !dst[i].Same(want) {
				t.Fatalf("k=%d maze %d: got %+v, want %+v (%v)", k, i, dst[i], want, err)
			}
			if want.Trapped {
				trapped++
			}
		}
		t.Logf("k=%d: %d of %d mazes trap the mouse", k, trapped, len(dst))
	}
}

// TestOverflowFallback lowers the counters' limits so that many walks
// overflow the 16-bit kernel, some of them the 32-bit one too, and checks
// that the results stay exact and that every path was taken.
func TestOverflowFallback(t *testing.T) {
	old := Widths
	defer func() { Widths = old }()
	Widths = []Width{
		{Kernel: Walk16, Bytes: 2, Wall: Wall16, Limit: 3},
		{Kernel: Walk32, Bytes: 4, Wall: Wall32, Limit: 6},
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var tally Tally
	for b := 0; b < 40; b++ {
		pop, cfg := mazetest.RandomBatch(rng, 1+rng.IntN(200), pickSide)
		dst := make([]mousemaze.Result, pop.Len())
		if err := Evaluate(tally.Count(EmulatedRunner(small)), pop, cfg, dst); err != nil {
			t.Fatal(err)
		}
		mazetest.Check(t, "emulation", fmt.Sprintf("batch %d", b), pop, cfg, dst)
	}
	ran, walked := tally.Ran, tally.Overflowed[Walk32]
	if ran[Walk32] == 0 || walked == 0 {
		t.Fatalf("fallbacks not exercised: %d mazes through walk16, %d through walk32, %d to Walk", ran[Walk16], ran[Walk32], walked)
	}
	t.Logf("%d mazes through walk16, %d through walk32, %d through Walk", ran[Walk16], ran[Walk32], walked)
}

// TestWalk8Escalates runs the chain walk8 → walk16 → walk32 → Walk on
// batches holding mazes whose counts pass 8 bits (the 12×12 to 16×16
// records) and checks that those overflow walk8, are walked again by
// walk16, and that every result and heat map equals Walk's; then the same
// with the limits lowered (walk8 at 3, walk16 at 6, walk32 at 9), so that
// every step of the chain, Walk included, is taken on random mazes.
func TestWalk8Escalates(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var tally Tally
	pops, _ := mazetest.RecordBatches(t, rng, 40)
	for b, pop := range pops {
		for _, heat := range []bool{false, true} {
			cfg := mousemaze.Config{Heat: heat}
			dst := make([]mousemaze.Result, pop.Len())
			if err := EvaluateChain(tally.Count(EmulatedRunner(small)), Kernels, pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			mazetest.Check(t, "emulation", fmt.Sprintf("records %d heat=%v", b, heat), pop, cfg, dst)
		}
	}
	ran, over := tally.Ran, tally.Overflowed
	if over[Walk8] == 0 || ran[Walk16] != over[Walk8] || over[Walk16] != 0 {
		t.Fatalf("records: walk8 ran %d mazes, %d overflowed; walk16 ran %d, %d overflowed", ran[Walk8], over[Walk8], ran[Walk16], over[Walk16])
	}
	t.Logf("records: walk8 ran %d mazes, %d overflowed 8 bits and were walked again by walk16, all equal Walk", ran[Walk8], over[Walk8])

	low := []Width{W8, W16, W32}
	low[0].Limit, low[1].Limit, low[2].Limit = 3, 6, 9
	tally = Tally{}
	for b := 0; b < 60; b++ {
		pop, cfg := mazetest.RandomBatch(rng, 1+rng.IntN(200), pickSide)
		dev := small
		if b%3 == 2 {
			dev = tiny
		}
		dst := make([]mousemaze.Result, pop.Len())
		if err := EvaluateChain(tally.Count(EmulatedRunner(dev)), low, pop, cfg, dst); err != nil {
			t.Fatal(err)
		}
		mazetest.Check(t, "emulation", fmt.Sprintf("lowered limits, batch %d", b), pop, cfg, dst)
	}
	// Batches large enough to be decoded on several goroutines, the
	// overflowed mazes gathered after.
	for b, n := range []int{2 * decodeChunk, 3*decodeChunk + 77} {
		pop, cfg := mazetest.RandomBatch(rng, n, pickSide)
		cfg.Heat = false
		dst := make([]mousemaze.Result, pop.Len())
		if err := EvaluateChain(tally.Count(EmulatedRunner(small)), low, pop, cfg, dst); err != nil {
			t.Fatal(err)
		}
		mazetest.Check(t, "emulation", fmt.Sprintf("lowered limits, large batch %d", b), pop, cfg, dst)
	}
	ran, over = tally.Ran, tally.Overflowed
	if over[Walk8] == 0 || over[Walk16] == 0 || over[Walk32] == 0 || ran[Walk16] != over[Walk8] || ran[Walk32] != over[Walk16] {
		t.Fatalf("lowered limits: ran %v, overflowed %v", ran, over)
	}
	t.Logf("lowered limits: ran %v, overflowed %v (the last to Walk), all equal Walk", ran, over)
}

// TestChain checks the model's choice of counters: walk8 where 16-bit
// grids leave too few warps resident to hide a step's latency (32×32 on an
// H100: one 64-thread block, against several of 8-bit counts), walk16
// where the step is issue-bound already (13×13), and that StepRate is the
// lesser of its two bounds.
func TestChain(t *testing.T) {
	if c := Chain(32, 32, H100); c[0] != W8 {
		t.Errorf("32x32 on an H100: chain %v, want walk8 first", c)
	}
	if c := Chain(13, 13, H100); c[0] != W16 {
		t.Errorf("13x13 on an H100: chain %v, want walk16 first", c)
	}
	for _, size := range [][2]int{{5, 5}, {13, 13}, {32, 32}, {64, 64}} {
		for _, wd := range Kernels {
			l := Plan(size[0], size[1], wd, H100, 1<<30)
			warps := float64(l.Grid / H100.SMs * l.Block / 32)
			lat := StepLatency
			if !l.Shared {
				lat = ScratchLatency
			}
			want := min(128/StepInstructions[wd.Kernel], warps*32/lat)
			if got := StepRate(wd, l, H100); got != want {
				t.Errorf("%v %s: StepRate %v, want %v", size, wd.Kernel, got, want)
			}
		}
	}
}

// TestEvaluateChecksBatch checks that Evaluate rejects a bad batch before
// running anything.
func TestEvaluateChecksBatch(t *testing.T) {
	pop := mousemaze.NewPopulation(3, 3, 2)
	run := func(Width, Params, []uint64, []uint64, []uint32) error {
		t.Fatal("runner called on a bad batch")
		return nil
	}
	if err := Evaluate(run, pop, mousemaze.Config{}, make([]mousemaze.Result, 1)); !errors.Is(err, mousemaze.ErrSize) {
		t.Errorf("short dst: %v, want ErrSize", err)
	}
	if err := Evaluate(run, pop, mousemaze.Config{Exit: 3}, make([]mousemaze.Result, 2)); !errors.Is(err, mousemaze.ErrConfig) {
		t.Errorf("exit outside: %v, want ErrConfig", err)
	}
	if err := Evaluate(run, mousemaze.Population{}, mousemaze.Config{}, nil); err != nil {
		t.Errorf("empty batch: %v", err)
	}
}

// TestParamsLayout checks Params against struct Params in walk.cu and the
// parameter size the PTX declares.
func TestParamsLayout(t *testing.T) {
	var p Params
	offs := []struct {
		name string
		got  uintptr
		want uintptr
	}{
		{"walls", unsafe.Offsetof(p.Walls), 0},
		{"out", unsafe.Offsetof(p.Out), 8},
		{"heat", unsafe.Offsetof(p.Heat), 16},
		{"next", unsafe.Offsetof(p.Next), 24},
		{"scratch", unsafe.Offsetof(p.Scratch), 32},
		{"limit", unsafe.Offsetof(p.Limit), 40},
		{"n", unsafe.Offsetof(p.N), 48},
		{"rows", unsafe.Offsetof(p.Rows), 52},
		{"cols", unsafe.Offsetof(p.Cols), 56},
		{"entry", unsafe.Offsetof(p.Entry), 60},
		{"exit", unsafe.Offsetof(p.Exit), 64},
		{"rank", unsafe.Offsetof(p.Rank), 68},
		{"dir", unsafe.Offsetof(p.Dir), 84},
		{"shared", unsafe.Offsetof(p.Shared), 100},
	}
	for _, o := range offs {
		if o.got != o.want {
			t.Errorf("Params.%s at offset %d, walk.cu has it at %d", o.name, o.got, o.want)
		}
	}
	if ParamsSize != 104 {
		t.Errorf("Params is %d bytes, walk.cu's is 104", ParamsSize)
	}
	for _, wd := range Kernels {
		k := wd.Kernel
		decl := fmt.Sprintf(".visible .entry %s(\n\t.param .align 8 .b8 %s_param_0[%d]\n)", k, k, ParamsSize)
		if !strings.Contains(PTX, decl) {
			t.Errorf("walk.ptx does not declare %q", decl)
		}
	}
	// The walk kernels, the breeding kernel and the gather kernel.
	if n := strings.Count(PTX, fmt.Sprintf(".maxntid %d, 1, 1\n", MaxBlock)); n != len(Kernels)+2 {
		t.Errorf("walk.ptx bounds %d kernels to blocks of %d threads, want all %d", n, MaxBlock, len(Kernels)+2)
	}
	if !strings.Contains(PTX, ".version 7.8\n.target sm_80\n") {
		t.Errorf("walk.ptx is not PTX ISA 7.8 for sm_80")
	}
}

// TestPTXFresh checks that walk.ptx and sweep.ptx are what nvcc makes of
// walk.cu and sweep.cu, as `make ptx` runs it. It needs nvcc, which CI lacks, and a host compiler
// nvcc accepts; it skips, saying why, without either.
func TestPTXFresh(t *testing.T) {
	nvcc, err := exec.LookPath("nvcc")
	if err != nil {
		t.Skip("nvcc not found, so the committed walk.ptx cannot be compared with walk.cu (install the CUDA toolkit, see docs/gpu.md)")
	}
	skip, err := checkPTX(nvcc, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if skip != "" {
		t.Skip(skip)
	}
}

// checkPTX compiles walk.cu and sweep.cu with nvcc and compares the
// results with the committed walk.ptx and sweep.ptx. It returns an error when they differ, and a reason
// to skip when nvcc cannot tell: it cannot run, it cannot compile even a
// trivial kernel with the host compiler present, or it is not the CUDA
// 11.8 that made the committed file and makes different PTX.
func checkPTX(nvcc, dir string) (skip string, err error) {
	ver, err := exec.Command(nvcc, "--version").CombinedOutput()
	if err != nil {
		return fmt.Sprintf("nvcc --version: %v\n%s", err, ver), nil
	}
	// First a kernel that cannot fail to compile: if nvcc fails on it, it
	// cannot run here at all (typically nvcc 11.8 with only gcc 12,
	// "unsupported GNU version"), which says nothing about walk.cu.
	probe := filepath.Join(dir, "probe.cu")
	if err := os.WriteFile(probe, []byte("extern \"C\" __global__ void probe(int *p) { *p = 1; }\n"), 0o644); err != nil {
		return "", err
	}
	if msg, err := exec.Command(nvcc, "-ptx", "-arch=compute_80", "-o", filepath.Join(dir, "probe.ptx"), probe).CombinedOutput(); err != nil {
		return fmt.Sprintf("nvcc cannot compile even a trivial kernel with the host compiler present (%v), so walk.ptx cannot be checked; install a host compiler this nvcc supports (g++-11 for CUDA 11.8):\n%s", err, msg), nil
	}
	for _, name := range []string{"walk", "sweep"} {
		out := filepath.Join(dir, name+".ptx")
		if msg, err := exec.Command(nvcc, "-ptx", "-arch=compute_80", "-o", out, name+".cu").CombinedOutput(); err != nil {
			return "", fmt.Errorf("nvcc on %s.cu: %v\n%s", name, err, msg)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			return "", err
		}
		committed, err := os.ReadFile(name + ".ptx")
		if err != nil {
			return "", err
		}
		if bytes.Equal(got, committed) {
			continue
		}
		if !bytes.Contains(ver, []byte("release 11.8,")) {
			return fmt.Sprintf("%s.ptx differs from what this nvcc makes, but the committed file comes from CUDA 11.8 and this is\n%s", name, ver), nil
		}
		return "", fmt.Errorf("%s.ptx is stale: run `make ptx` and commit kernels/%s.ptx", name, name)
	}
	return "", nil
}

// TestPTXFreshSkipsBrokenNvcc runs checkPTX with fake nvcc commands: one
// whose host compiler is unsupported, as nvcc 11.8 with gcc 12 is, must
// give a reason to skip naming the cause, not a failure; one that makes
// different PTX and claims to be CUDA 11.8 must fail.
func TestPTXFreshSkipsBrokenNvcc(t *testing.T) {
	dir := t.TempDir()
	fake := func(name, script string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	unsupported := fake("nvcc-gcc12", `case "$1" in --version) echo "Cuda compilation tools, release 11.8, V11.8.89"; exit 0;; esac
echo "#error -- unsupported GNU version! gcc versions later than 11 are not supported!" >&2
exit 1
`)
	skip, err := checkPTX(unsupported, t.TempDir())
	if err != nil || !strings.Contains(skip, "unsupported GNU version") || !strings.Contains(skip, "trivial kernel") {
		t.Errorf("nvcc with an unsupported host compiler: skip %q, err %v; want a skip naming the cause", skip, err)
	}
	// A working nvcc 11.8 that writes other PTX: walk.ptx is stale.
	stale := fake("nvcc-stale", `case "$1" in --version) echo "Cuda compilation tools, release 11.8, V11.8.89"; exit 0;; esac
while [ "$1" != "-o" ]; do shift; done
echo "// other PTX" > "$2"
`)
	if skip, err := checkPTX(stale, t.TempDir()); err == nil || skip != "" {
		t.Errorf("nvcc 11.8 making other PTX: skip %q, err %v; want an error", skip, err)
	}
	// Another release making other PTX: it cannot tell, so it skips.
	other := fake("nvcc-12", (`case "$1" in --version) echo "Cuda compilation tools, release 12.4, V12.4.99"; exit 0;; esac
while [ "$1" != "-o" ]; do shift; done
echo "// other PTX" > "$2"
`))
	if skip, err := checkPTX(other, t.TempDir()); err != nil || !strings.Contains(skip, "release 12.4") {
		t.Errorf("nvcc 12.4 making other PTX: skip %q, err %v; want a skip", skip, err)
	}
}

// TestPlan checks the launch plans' invariants over every size.
func TestPlan(t *testing.T) {
	for _, dev := range []Device{H100, small, tiny} {
		for _, wd := range Kernels {
			for rows := 1; rows <= 64; rows++ {
				for cols := 1; cols <= 64; cols += 7 {
					for _, n := range []int{1, 100, 1 << 20} {
						l := Plan(rows, cols, wd, dev, n)
						per := wd.Layout(rows, cols, true).Bytes()
						if l.Grid < 1 || l.Block < 1 || l.Block > dev.MaxThreadsPerBlk || l.Block > MaxBlock || l.Block%32 != 0 {
							t.Fatalf("%dx%d %s n=%d: bad launch %+v", rows, cols, wd.Kernel, n, l)
						}
						if l.Shared && (l.Block%64 != 0 || l.SharedBytes != l.Block*per || l.SharedBytes > dev.SharedPerBlock) {
							t.Fatalf("%dx%d %s: bad shared launch %+v", rows, cols, wd.Kernel, l)
						}
						if !l.Shared && l.ScratchBytes != l.Threads()*wd.Layout(rows, cols, false).Bytes() {
							t.Fatalf("%dx%d %s: bad scratch %+v", rows, cols, wd.Kernel, l)
						}
						if (l.Grid-1)*l.Block >= n {
							t.Fatalf("%dx%d n=%d: %d blocks of %d threads leave a block idle", rows, cols, n, l.Grid, l.Block)
						}
					}
				}
			}
		}
	}
	if l := Plan(13, 13, Widths[0], H100, 1<<20); !l.Shared {
		t.Errorf("13x13 on an H100 should use shared memory: %+v", l)
	}
}
