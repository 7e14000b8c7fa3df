package sweep

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// refRunner is a TaskRunner on the reference engine that leaves every
// task whose index in the batch is a multiple of skip unfinished (skip 0:
// none), as a device leaves the tasks whose walks pass its cap.
type refRunner struct {
	batch, skip int
	calls       atomic.Int64
}

func (f *refRunner) BatchTasks() int { return f.batch }

func (f *refRunner) RunTasks(sz mousemaze.Size, cfg mousemaze.Config, tasks []Task) (TaskTally, error) {
	f.calls.Add(1)
	var done []Task
	var at []int
	for k, t := range tasks {
		if f.skip == 0 || k%f.skip != 0 {
			done = append(done, t)
			at = append(at, k)
		}
	}
	y := ReferenceTally(sz, cfg, done)
	best := make([]int32, len(tasks))
	for j, k := range at {
		best[k] = y.Best[j]
	}
	y.Best = best
	for k, t := range tasks {
		if f.skip != 0 && k%f.skip == 0 {
			// Leave the task in parts: the subtrees two levels below.
			parts, steps := SplitTask(sz, cfg, t, t.Len+2)
			y.Steps += steps
			for _, u := range parts {
				y.Unfinished = append(y.Unfinished, Subtask{Of: k, Task: u})
			}
		}
	}
	return y, nil
}

// TestRunnerEqualsCPU runs sweeps through TaskRunners that finish every
// task or leave some to the CPU, with shards, free ends and a checkpoint,
// and compares the reports with the CPU sweep's exactly.
func TestRunnerEqualsCPU(t *testing.T) {
	for _, o := range []Options{
		{Size: mousemaze.Size{Rows: 4, Cols: 4}},
		{Size: mousemaze.Size{Rows: 4, Cols: 5}, Config: mousemaze.Config{Entry: 2, Exit: 1}, SplitDepth: 6, Workers: 3},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, FreeEnds: true},
		{Size: mousemaze.Size{Rows: 5, Cols: 4}, Shard: 1, Shards: 3},
	} {
		want := sweepAll(t, o)
		for _, f := range []*refRunner{{batch: 7}, {batch: 5, skip: 2}, {batch: 64, skip: 1}} {
			p := o
			p.Runner = f
			p.Checkpoint = filepath.Join(t.TempDir(), "ck.json")
			got := sweepAll(t, p)
			if !reflect.DeepEqual(strip(got), strip(want)) {
				t.Errorf("%s runner %+v:\n got %+v\nwant %+v", o.Size, f, strip(got), strip(want))
			}
			if f.calls.Load() == 0 {
				t.Errorf("%s: the runner was never called", o.Size)
			}
		}
	}
}

type failRunner struct{}

func (failRunner) BatchTasks() int { return 4 }
func (failRunner) RunTasks(mousemaze.Size, mousemaze.Config, []Task) (TaskTally, error) {
	return TaskTally{}, errors.New("device lost")
}

// TestRunnerFails checks that a runner's error ends the sweep with it,
// and that best-only refuses a runner.
func TestRunnerFails(t *testing.T) {
	_, err := Run(context.Background(), Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, Runner: failRunner{}})
	if err == nil || err.Error() != "device lost" {
		t.Fatalf("got %v, want the runner's error", err)
	}
	_, err = Run(context.Background(), Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, Runner: failRunner{}, BestOnly: true, Incumbent: 10})
	if !errors.Is(err, ErrOptions) {
		t.Fatalf("best-only on a runner: %v, want ErrOptions (the bound runs on the CPU only)", err)
	}
	if _, err := OpenRunner("nope"); !errors.Is(err, ErrRunner) {
		t.Fatalf("OpenRunner(nope): %v", err)
	}
	if r, err := OpenRunner("cpu"); r != nil || err != nil {
		t.Fatalf("OpenRunner(cpu) = %v, %v", r, err)
	}
}

// TestSplitTask checks that the parts of a task count, together with the
// steps above them, what the task counts, at several depths below it.
func TestSplitTask(t *testing.T) {
	sz := mousemaze.Size{Rows: 4, Cols: 5}
	cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve(), Entry: 1, Exit: 3}
	tasks := SplitTasks(sz, cfg, 4)
	for i, task := range tasks {
		want := ReferenceTally(sz, cfg, []Task{task})
		for _, extra := range []int{0, 1, 3, 8} {
			parts, steps := SplitTask(sz, cfg, task, task.Len+extra)
			if extra == 0 && len(parts) != 1 {
				t.Fatalf("task %d: %d parts at its own depth", i, len(parts))
			}
			got := ReferenceTally(sz, cfg, parts)
			got.Steps += steps
			best := int32(0)
			for _, b := range got.Best {
				best = max(best, b)
			}
			got.Best = []int32{best}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("task %d %+v in %d parts (%d more levels):\n got %+v\nwant %+v", i, task, len(parts), extra, got, want)
			}
		}
	}
}
