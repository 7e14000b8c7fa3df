package kernels

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// sweepCase is a size and rules of the emulator's equality tests.
type sweepCase struct {
	sz  mousemaze.Size
	cfg mousemaze.Config
}

// sweepCases returns every shape up to 20 cells, and 5×5, 1×9, 9×1, 2×8,
// 1×64, 64×1, 2×12 and 3×8,
// with the default order and with random orders and end columns.
func sweepCases(rng *rand.Rand) []sweepCase {
	var out []sweepCase
	add := func(sz mousemaze.Size) {
		for k := 0; k < 2; k++ {
			var o mousemaze.Order
			for i, j := range rng.Perm(4) {
				o[i] = mousemaze.Dir(j)
			}
			cfg := mousemaze.Config{Order: o.Resolve(), Entry: rng.IntN(sz.Cols), Exit: rng.IntN(sz.Cols)}
			if k == 0 {
				cfg = mousemaze.Config{Order: mousemaze.Order{}.Resolve()}
			}
			out = append(out, sweepCase{sz, cfg})
		}
	}
	for r := 1; r <= 5; r++ {
		for c := 1; c <= 5; c++ {
			if r*c <= 20 {
				add(mousemaze.Size{Rows: r, Cols: c})
			}
		}
	}
	for _, sz := range []mousemaze.Size{{Rows: 5, Cols: 5}, {Rows: 1, Cols: 9}, {Rows: 9, Cols: 1}, {Rows: 2, Cols: 8}, {Rows: 1, Cols: 64}, {Rows: 64, Cols: 1}, {Rows: 2, Cols: 12}, {Rows: 3, Cols: 8}} {
		add(sz)
	}
	return out
}

// TestEmulateSweepEqualsReference runs every task of many small sweeps, at
// several split depths, through the emulated kernel one task at a time and
// all tasks in one launch (whole, and split into parts a few levels
// further), and compares each with dispatch/sweep's reference engine
// exactly: histogram, leaves, steps, infeasible mazes
// and each task's best turns.
func TestEmulateSweepEqualsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, tc := range sweepCases(rng) {
		t.Run(fmt.Sprintf("%s/%s/%d-%d", tc.sz, tc.cfg.Order, tc.cfg.Entry, tc.cfg.Exit), func(t *testing.T) {
			r := &SweepRunner{Launch: EmulatedSweep(3)}
			for _, depth := range []int{0, 1, 3, 6} {
				tasks := sweep.SplitTasks(tc.sz, tc.cfg, depth)
				want := sweep.ReferenceTally(tc.sz, tc.cfg, tasks)
				for _, expand := range []int{0, 2, 5} {
					r.Expand = expand
					got, err := r.RunTasks(tc.sz, tc.cfg, tasks)
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("depth %d, %d tasks in one launch, split %d levels further:\n got %+v\nwant %+v", depth, len(tasks), expand, got, want)
					}
				}
				r.Expand = 0
				if depth != 3 {
					continue
				}
				for i, task := range tasks {
					one := []sweep.Task{task}
					got, err := r.RunTasks(tc.sz, tc.cfg, one)
					if err != nil {
						t.Fatal(err)
					}
					if want := sweep.ReferenceTally(tc.sz, tc.cfg, one); !reflect.DeepEqual(got, want) {
						t.Fatalf("depth %d task %d %+v:\n got %+v\nwant %+v", depth, i, task, got, want)
					}
				}
			}
		})
	}
}

// TestEmulateSweepCap lowers the kernel's turn cap, or its visit limit,
// so that long walks reach it: the tasks with such walks must come back unfinished and count
// nothing (their histogram additions taken back), the others exactly as
// the reference engine counts them; whole sweeps through Run must equal
// the CPU sweep.
func TestEmulateSweepCap(t *testing.T) {
	for _, tc := range []sweepCase{
		{mousemaze.Size{Rows: 4, Cols: 4}, mousemaze.Config{Order: mousemaze.Order{}.Resolve()}},
		{mousemaze.Size{Rows: 3, Cols: 5}, mousemaze.Config{Order: mousemaze.Order{mousemaze.Up, mousemaze.Left, mousemaze.Down, mousemaze.Right}, Entry: 4, Exit: 1}},
	} {
		for _, lim := range []struct {
			capT int32
			key  uint32
		}{{1, 0}, {12, 0}, {20, 0}, {0, 2}, {0, 3}} {
			capT := lim.capT
			r := &SweepRunner{Launch: EmulatedSweep(4), CapTurns: capT, KeyLimit: lim.key, Batch: 5}
			tasks := sweep.SplitTasks(tc.sz, tc.cfg, 4)
			got, err := r.RunTasks(tc.sz, tc.cfg, tasks)
			if err != nil {
				t.Fatal(err)
			}
			left := map[int]bool{}
			for _, u := range got.Unfinished {
				if u.Task != tasks[u.Of] {
					t.Fatalf("unfinished %+v is not task %d %+v", u.Task, u.Of, tasks[u.Of])
				}
				left[u.Of] = true
			}
			var done []sweep.Task
			for i, task := range tasks {
				if !left[i] {
					done = append(done, task)
				}
			}
			unfinished := len(left)
			want := sweep.ReferenceTally(tc.sz, tc.cfg, done)
			got.Best, want.Best, got.Unfinished = nil, nil, nil
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s limits %+v: the finished tasks' tally\n got %+v\nwant %+v", tc.sz, lim, got, want)
			}
			if unfinished == 0 || unfinished == len(tasks) && capT != 1 {
				t.Fatalf("%s limits %+v: %d of %d tasks unfinished: the limit does not bite as it should", tc.sz, lim, unfinished, len(tasks))
			}
			o := sweep.Options{Size: tc.sz, Config: tc.cfg, SplitDepth: 4}
			cpu, err := sweep.Run(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			o.Runner = r
			for _, expand := range []int{0, 3} {
				r.Expand = expand
				dev, err := sweep.Run(context.Background(), o)
				if err != nil {
					t.Fatal(err)
				}
				cpu.ElapsedS, dev.ElapsedS = 0, 0
				if !reflect.DeepEqual(dev, cpu) {
					t.Fatalf("%s limits %+v, split %d further: sweep\n got %+v\nwant %+v", tc.sz, lim, expand, dev, cpu)
				}
			}
		}
	}
}

// TestEmulatedSweepRun compares whole sweeps run through the emulated
// kernel with the CPU sweep: free ends, shards, several sizes.
func TestEmulatedSweepRun(t *testing.T) {
	for _, o := range []sweep.Options{
		{Size: mousemaze.Size{Rows: 5, Cols: 5}},
		{Size: mousemaze.Size{Rows: 4, Cols: 4}, FreeEnds: true},
		{Size: mousemaze.Size{Rows: 4, Cols: 6}, Shard: 2, Shards: 3, SplitDepth: 9},
	} {
		cpu, err := sweep.Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		o.Runner = &SweepRunner{Launch: EmulatedSweep(4), Batch: 300, Expand: 4}
		dev, err := sweep.Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		cpu.ElapsedS, dev.ElapsedS = 0, 0
		if !reflect.DeepEqual(dev, cpu) {
			t.Errorf("%s free=%v:\n got %+v\nwant %+v", o.Size, o.FreeEnds, dev, cpu)
		}
	}
}

// TestSweepParams checks the argument's layout against sweep.ptx and its
// errors.
func TestSweepParams(t *testing.T) {
	if SweepParamsSize != 144 {
		t.Errorf("SweepParams is %d bytes, sweep.cu's is 144", SweepParamsSize)
	}
	if !strings.Contains(SweepPTX, ".param .align 8 .b8 sweep8_param_0[144]") {
		t.Errorf("sweep.ptx does not take a 144-byte argument")
	}
	if !strings.Contains(SweepPTX, ".entry "+SweepKernel+"(") {
		t.Errorf("sweep.ptx has no entry %s", SweepKernel)
	}
	if _, err := NewSweepParams(mousemaze.Size{Rows: 8, Cols: 9}, mousemaze.Config{}); err == nil {
		t.Errorf("8x9: no error")
	}
	if _, err := NewSweepParams(mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Config{Exit: 3}); err == nil {
		t.Errorf("exit column 3 of 3: no error")
	}
	p, err := NewSweepParams(mousemaze.Size{Rows: 8, Cols: 8}, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if want := [4]int32{10, 1, -1, -10}; p.Off != want || p.CapTurns != 1020 || p.KeyLimit != 254 {
		t.Errorf("8x8: offsets %v cap %d key limit %d, want %v, 1020 and 254", p.Off, p.CapTurns, p.KeyLimit, want)
	}
}
