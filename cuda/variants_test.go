//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
	"github.com/mousemaze/mousemaze/kernels"
)

// variant is one way a kernel runs: its counter width and where its counts
// live.
type variant struct {
	wd      kernels.Width
	scratch bool
}

func (v variant) String() string {
	layout := "shared"
	if v.scratch {
		layout = "scratch"
	}
	return v.wd.Kernel + "/" + layout
}

// TestVariants runs each kernel in each layout, walk8, walk16 and walk32
// in shared memory and in global scratch, directly (not only on the walks
// that overflow), on random batches of many sizes, and holds every result
// word that did not overflow, and its heat map, to mousemaze.Walk. It
// prints each variant's name and the number of mazes checked.
func TestVariants(t *testing.T) {
	ev := open(t)
	defer closeAndCheck(t, ev)
	total := 200_000
	if testing.Short() {
		total = 6_000
	}
	var variants []variant
	for _, scratch := range []bool{false, true} {
		for _, wd := range kernels.Kernels {
			variants = append(variants, variant{wd, scratch})
		}
	}
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, uint64(v.wd.Bytes)))
			launches := ev.Stats().Launches[v.wd.Kernel]
			checked, overflowed, batches := 0, 0, 0
			for checked < total {
				pop, cfg := mazetest.RandomBatch(rng, 1+rng.IntN(1+rng.IntN(3000)), mazetest.Side)
				rows, cols := pop.Rows, pop.Cols
				if !v.scratch && !kernels.Plan(rows, cols, v.wd, ev.Info(), pop.Len()).Shared {
					continue // too large for shared memory on this device
				}
				p := kernels.NewParams(rows, cols, cfg)
				out := make([]uint64, pop.Len())
				var heat []uint32
				if cfg.Heat {
					heat = make([]uint32, pop.Len()*rows*cols)
				}
				if err := ev.runPlanned(v.wd, p, pop.Words, out, heat, v.scratch); err != nil {
					t.Fatalf("%v batch %d: %v", v, batches, err)
				}
				for i, w := range out {
					if w&kernels.FlagOverflow != 0 {
						overflowed++
						continue
					}
					got := kernels.Decode(w)
					if cfg.Heat {
						got.Heat = heat[i*rows*cols : (i+1)*rows*cols]
					}
					want, err := mousemaze.Walk(pop.Maze(i), cfg)
					if err != nil {
						t.Fatal(err)
					}
					if !got.Same(want) {
						t.Fatalf("%v: maze %d of batch %d (%v, %+v): got turns=%d escaped=%v feasible=%v, Walk turns=%d escaped=%v feasible=%v on\n%s",
							v, i, batches, pop.Size(), cfg, got.Turns, got.Escaped, got.Feasible, want.Turns, want.Escaped, want.Feasible, pop.Maze(i))
					}
				}
				checked += pop.Len()
				batches++
			}
			if n := ev.Stats().Launches[v.wd.Kernel] - launches; n < batches {
				t.Fatalf("%v: %d launches for %d batches", v, n, batches)
			}
			fmt.Printf("variant %s: %d mazes checked in %d batches, all equal Walk (%d overflowed, left to the wider counter)\n", v, checked, batches, overflowed)
		})
	}
}

// TestWalk8Escalates runs the chain walk8 → walk16 → walk32 → Walk on the
// device, forced, on batches that mix the project's record mazes of 12×12
// to 16×16 (whose walks visit some cell 387 to 2047 times: they overflow
// 8 bits) with random mazes of their size, with and without heat maps, in
// shared memory and global scratch as the plan chooses; every record must
// overflow walk8, be walked again by walk16, and every result equal
// mousemaze.Walk. It prints the mazes checked and how many escalated.
func TestWalk8Escalates(t *testing.T) {
	ev := open(t)
	defer closeAndCheck(t, ev)
	rng := rand.New(rand.NewPCG(8, 8))
	var tally kernels.Tally
	run := tally.Count(ev.run)
	pops, want := mazetest.RecordBatches(t, rng, 48)
	checked := 0
	for _, pop := range pops {
		for _, heat := range []bool{false, true} {
			cfg := mousemaze.Config{Heat: heat}
			dst := make([]mousemaze.Result, pop.Len())
			if err := kernels.EvaluateChain(run, kernels.Kernels, pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			mazetest.Check(t, "cuda", fmt.Sprintf("%v heat=%v", pop.Size(), heat), pop, cfg, dst)
			checked += pop.Len()
		}
	}
	ran, over := tally.Ran, tally.Overflowed
	if over[kernels.Walk8] != 2*want || ran[kernels.Walk16] != over[kernels.Walk8] || over[kernels.Walk16] != 0 {
		t.Fatalf("walk8 ran %d mazes, %d overflowed (want the %d records); walk16 ran %d, %d overflowed", ran[kernels.Walk8], over[kernels.Walk8], 2*want, ran[kernels.Walk16], over[kernels.Walk16])
	}
	fmt.Printf("walk8 escalation: %d mazes checked, %d overflowed 8 bits and were walked again by walk16, all equal Walk\n", checked, over[kernels.Walk8])
}

// closeAndCheck closes ev, checks that closing again and evaluating after
// are handled, and, on the mock driver, that nothing is left allocated.
func closeAndCheck(t *testing.T, ev *Evaluator) {
	t.Helper()
	if err := ev.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if err := ev.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
	pop := mousemaze.NewPopulation(3, 3, 1)
	if err := ev.Evaluate(pop, mousemaze.Config{}, make([]mousemaze.Result, 1)); !errors.Is(err, ErrClosed) {
		t.Errorf("evaluate after close: %v, want ErrClosed", err)
	}
	checkNothingLive(t)
}

// checkNothingLive checks, on the mock driver, that no driver object is
// live and that no context was destroyed still owning one.
func checkNothingLive(t *testing.T) {
	t.Helper()
	if live := mockLive(); live > 0 {
		t.Errorf("mock driver: %d objects still live", live)
	}
	if leaked := mockLeaked(); leaked > 0 {
		t.Errorf("mock driver: contexts were destroyed still owning %d objects", leaked)
	}
}

// TestClose evaluates, closes and reopens several times: each Close frees
// everything the batches grew, and a new Evaluator works after it.
func TestClose(t *testing.T) {
	for round := range 3 {
		ev := open(t)
		rng := rand.New(rand.NewPCG(9, uint64(round)))
		pop, cfg := mazetest.RandomBatch(rng, 500, mazetest.Side)
		cfg.Heat = round == 1
		dst := make([]mousemaze.Result, pop.Len())
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			t.Fatal(err)
		}
		mazetest.Check(t, "cuda", fmt.Sprintf("round %d", round), pop, cfg, dst)
		st := ev.Stats()
		launches := 0
		for _, n := range st.Launches {
			launches += n
		}
		if launches == 0 || st.Mazes < int64(pop.Len()) || st.ToDevice == 0 || st.Kernel <= 0 {
			t.Errorf("round %d: stats %+v after a batch of %d", round, st, pop.Len())
		}
		closeAndCheck(t, ev)
		if st := ev.Stats(); st.Mazes != 0 {
			t.Errorf("stats after close: %+v", st)
		}
	}
}

// TestOpenFailures makes each driver call that New makes fail in turn, on
// the mock driver, and checks that New returns an error naming it and
// leaves nothing allocated; then that failures during a batch give an
// error and leave the Evaluator usable.
func TestOpenFailures(t *testing.T) {
	ev := open(t)
	if mockLive() < 0 {
		ev.Close()
		t.Skip("not the mock driver: its failures cannot be injected")
	}
	closeAndCheck(t, ev)
	defer os.Unsetenv("MOCKCUDA_FAIL")
	for _, call := range []string{"cuDeviceGetCount", "cuDeviceGetName", "cuDeviceGetAttribute", "cuDeviceTotalMem",
		"cuCtxCreate", "cuModuleLoadData", "cuModuleGetFunction", "cuModuleGetFunction:2", "cuFuncSetAttribute",
		"cuStreamCreate", "cuStreamCreate:2", "cuEventCreate", "cuEventCreate:4"} {
		os.Setenv("MOCKCUDA_FAIL", call)
		ev, err := New(mousemaze.Options{})
		os.Unsetenv("MOCKCUDA_FAIL")
		name, _, _ := strings.Cut(call, ":")
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s fails: New gives %v, %v", call, ev, err)
		}
		checkNothingLive(t)
		t.Logf("%s fails: %v", call, err)
	}
	os.Setenv("MOCKCUDA_DEVICES", "0")
	_, err := New(mousemaze.Options{})
	os.Unsetenv("MOCKCUDA_DEVICES")
	if !errors.Is(err, ErrNoDevice) {
		t.Errorf("no device: %v, want ErrNoDevice", err)
	}

	rng := rand.New(rand.NewPCG(1, 1))
	pop := mousemaze.RandomPopulation(rng, 13, 13, 3000, 0.3)
	cfg := mousemaze.Config{Heat: true}
	for _, call := range []string{"cuMemAlloc", "cuMemAlloc:4", "cuMemAllocHost:2", "cuMemcpyHtoDAsync", "cuMemsetD32Async",
		"cuLaunchKernel", "cuMemcpyDtoHAsync:2", "cuStreamSynchronize", "cuEventElapsedTime"} {
		ev := open(t) // fresh, so that its buffers are allocated again
		os.Setenv("MOCKCUDA_FAIL", call)
		err := ev.Evaluate(pop, cfg, make([]mousemaze.Result, pop.Len()))
		os.Unsetenv("MOCKCUDA_FAIL")
		name, _, _ := strings.Cut(call, ":")
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s fails during a batch: Evaluate gives %v", call, err)
		}
		dst := make([]mousemaze.Result, pop.Len())
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			t.Fatalf("after %s failed: %v", call, err)
		}
		mazetest.Check(t, "cuda", "after "+call, pop, cfg, dst)
		closeAndCheck(t, ev)
	}
}

// TestInitFails runs this test binary again with the mock driver's cuInit
// failing (MOCKCUDA_DEVICES=0): gorgonia.org/cu's package init, which ends
// the process when cuInit fails, must not end it; New must return
// ErrNoDevice with the driver's reason, and "auto" must fall back to the
// CPU.
func TestInitFails(t *testing.T) {
	if os.Getenv("MOCKCUDA_DEVICES") == "0" {
		_, openErr := New(mousemaze.Options{})
		if !errors.Is(openErr, ErrNoDevice) || !strings.Contains(openErr.Error(), "CUDA_ERROR_NO_DEVICE") {
			t.Fatalf("cuInit failed: New gives %v, want ErrNoDevice naming CUDA_ERROR_NO_DEVICE", openErr)
		}
		ev, err := mousemaze.NewEvaluator("auto", mousemaze.Options{})
		if err != nil || ev.Name() == "cuda" {
			t.Fatalf("auto without a device: %v, %v", ev, err)
		}
		t.Logf("New: %v; auto opens %s", openErr, ev.Name())
		return
	}
	if mockLive() < 0 {
		t.Skip("not the mock driver: its cuInit cannot be made to fail")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitFails$", "-test.v")
	cmd.Env = append(os.Environ(), "MOCKCUDA_DEVICES=0")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestInitFails") {
		t.Fatalf("the test binary with cuInit failing: %v\n%s", err, out)
	}
	t.Logf("with cuInit failing:\n%s", out)
}
