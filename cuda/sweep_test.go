//go:build cuda

package cuda

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// openSweeper opens the sweep runner, or skips the test when there is no
// GPU.
func openSweeper(t *testing.T) *Sweeper {
	t.Helper()
	s, err := NewSweeper(0)
	if errors.Is(err, ErrNoDevice) {
		t.Skipf("no CUDA device, so the sweep kernel cannot run here: %v", err)
	}
	if err != nil {
		t.Fatalf("open the sweep runner: %v", err)
	}
	return s
}

// TestSweepEqualsCPU runs whole sweeps through sweep.cu (on the device, or
// on the mock driver's CPU) and compares every report with the CPU
// sweep's exactly: several sizes up to 5×5, orders, end columns, free
// ends, tasks whole and split further on the host, and the kernel's cap
// lowered so that tasks (or parts) go back to the CPU.
func TestSweepEqualsCPU(t *testing.T) {
	s := openSweeper(t)
	cases := []struct {
		o      sweep.Options
		capT   int32
		expand int
	}{
		{sweep.Options{Size: mousemaze.Size{Rows: 3, Cols: 3}}, 0, 0},
		{sweep.Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, SplitDepth: 5}, 0, 3},
		{sweep.Options{Size: mousemaze.Size{Rows: 3, Cols: 5}, Config: mousemaze.Config{Order: mousemaze.Order{mousemaze.Up, mousemaze.Left, mousemaze.Down, mousemaze.Right}, Entry: 4, Exit: 1}}, 0, 0},
		{sweep.Options{Size: mousemaze.Size{Rows: 3, Cols: 4}, FreeEnds: true}, 0, 2},
		{sweep.Options{Size: mousemaze.Size{Rows: 4, Cols: 5}, SplitDepth: 8}, 14, 0},
		{sweep.Options{Size: mousemaze.Size{Rows: 4, Cols: 5}, SplitDepth: 6}, 16, 4},
		{sweep.Options{Size: mousemaze.Size{Rows: 5, Cols: 5}, SplitDepth: 10}, 0, 0},
		{sweep.Options{Size: mousemaze.Size{Rows: 5, Cols: 5}, SplitDepth: 4}, 0, 8},
	}
	checked := 0
	for _, tc := range cases {
		name := fmt.Sprintf("%s/free=%v/cap=%d/expand=%d", tc.o.Size, tc.o.FreeEnds, tc.capT, tc.expand)
		want, err := sweep.Run(context.Background(), tc.o)
		if err != nil {
			t.Fatal(err)
		}
		s.CapTurns, s.Batch, s.Expand = tc.capT, 500, tc.expand
		o := tc.o
		o.Runner = s
		got, err := sweep.Run(context.Background(), o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want.ElapsedS, got.ElapsedS = 0, 0
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, want)
			continue
		}
		checked++
		if tc.capT > 0 {
			cfg := tc.o.Config
			cfg.Order = cfg.Order.Resolve()
			y, err := s.RunTasks(tc.o.Size, cfg, sweep.SplitTasks(tc.o.Size, cfg, tc.o.SplitDepth))
			if err != nil {
				t.Fatal(err)
			}
			unfinished := len(y.Unfinished)
			if unfinished == 0 {
				t.Errorf("%s: no task reached the lowered cap, so escalation was not tested", name)
			}
			fmt.Printf("sweep escalation: %d nodes of %d tasks left to the CPU\n", unfinished, len(y.Best))
		}
	}
	launches, tasks := s.SweepStats()
	if launches == 0 {
		t.Errorf("the sweep kernel was never launched")
	}
	if err := s.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
	checkNothingLive(t)
	if checked == len(cases) {
		// make test-cuda-mock looks for this line.
		fmt.Printf("sweep: %d reports equal to the CPU sweep's, %d tasks in %d launches\n", checked, tasks, launches)
	}
}
