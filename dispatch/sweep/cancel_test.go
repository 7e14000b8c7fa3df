package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// runCancelled runs the sweep o, cancels it after d and wants Run to
// return context.Canceled within 2 s of the cancel (issue 36, item 9: the
// engines look at the context inside a task, not only between batches).
// It returns the report when the sweep ended before the cancel.
func runCancelled(t *testing.T, o Options, d time.Duration) *Report {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		rep *Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		rep, err := Run(ctx, o)
		done <- result{rep, err}
	}()
	var res result
	select {
	case res = <-done:
		if res.err != nil {
			t.Fatal(res.err)
		}
		return res.rep
	case <-time.After(d):
	}
	cancel()
	cut := time.Now()
	select {
	case res = <-done:
	case <-time.After(2 * time.Second):
		t.Fatalf("%s split %d: still running 2 s after the cancel", o.Size, o.SplitDepth)
	}
	if !errors.Is(res.err, context.Canceled) {
		if res.err == nil {
			return res.rep // it ended as the cancel came
		}
		t.Fatalf("%s: cancelled run: %v, want context.Canceled", o.Size, res.err)
	}
	t.Logf("%s split %d: stopped %v after the cancel", o.Size, o.SplitDepth, time.Since(cut))
	if o.Checkpoint != "" {
		if _, err := os.Stat(o.Checkpoint); err != nil {
			t.Fatalf("no checkpoint after the cancel: %v", err)
		}
	}
	return nil
}

// TestCancelInsideTask cancels a 7x7 sweep cut into a few huge tasks (each
// one minutes of work on one worker) and wants it to stop within 2 s with
// its checkpoint written, and the resumed sweep to take it up.
func TestCancelInsideTask(t *testing.T) {
	if testing.Short() {
		t.Skip("7x7 sweep")
	}
	file := filepath.Join(t.TempDir(), "ck.json")
	o := Options{Size: mousemaze.Size{Rows: 7, Cols: 7}, Workers: 1, SplitDepth: 1, Checkpoint: file}
	if runCancelled(t, o, 300*time.Millisecond) != nil {
		t.Fatal("a 7x7 sweep ended in 300 ms")
	}
	o.Resume = true
	if runCancelled(t, o, 300*time.Millisecond) != nil {
		t.Fatal("a resumed 7x7 sweep ended in 300 ms")
	}
}

// TestCancelResumeExact interrupts a 6x6 sweep of big tasks again and again,
// each time inside its tasks, resuming it from its checkpoint, and wants
// the report of the run that ends to be an uninterrupted run's: a cut task
// is left undone and run again, so no maze is counted twice or missed.
func TestCancelResumeExact(t *testing.T) {
	if testing.Short() {
		t.Skip("6x6 sweeps")
	}
	sz := mousemaze.Size{Rows: 6, Cols: 6}
	whole := sweepAll(t, Options{Size: sz, Workers: 2, SplitDepth: 4})
	file := filepath.Join(t.TempDir(), "ck.json")
	o := Options{Size: sz, Workers: 2, SplitDepth: 4, Checkpoint: file, Resume: true}
	for d, runs := 150*time.Millisecond, 1; ; d, runs = d*2, runs+1 {
		if runs > 12 {
			t.Fatal("the sweep never ended")
		}
		if r := runCancelled(t, o, d); r != nil {
			if runs == 1 {
				t.Logf("the first run ended before its cancel after %v", d)
			}
			if !reflect.DeepEqual(strip(r), strip(whole)) {
				t.Errorf("resumed run differs from an uninterrupted one:\n got %+v\nwant %+v", strip(r), strip(whole))
			}
			if r.OptimumTurns != whole.OptimumTurns || r.Leaves != whole.Leaves {
				t.Errorf("resumed run: optimum %d, %d leaves; want %d, %d", r.OptimumTurns, r.Leaves, whole.OptimumTurns, whole.Leaves)
			}
			return
		}
	}
}
