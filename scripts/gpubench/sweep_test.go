package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
	"github.com/mousemaze/mousemaze/kernels"
)

// TestSweepEmulate runs gpubench sweep on the kernel's Go mirror, whole
// and in shards, checks the record against the CPU sweep, and checks that
// a wrong expectation and bad flags fail.
func TestSweepEmulate(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"sweep", "--backend", "emulate", "--size", "4x4", "--check", "--expand", "2", "--expect-leaves", "271", "--expect-optimum", "27"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("sweep: exit %d: %s", rc, stderr.String())
	}
	var rec struct {
		Step      string
		Leaves    uint64
		Optimum   int64 `json:"optimum_turns"`
		Equal     bool  `json:"equal_to_cpu"`
		Completed bool
	}
	if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Step != "sweep" || rec.Leaves != 271 || rec.Optimum != 27 || !rec.Equal || !rec.Completed {
		t.Fatalf("record %+v: want 271 leaves, 27 turns, equal to the CPU sweep", rec)
	}
	stdout.Reset()
	if rc := run([]string{"sweep", "--backend", "emulate", "--size", "4x4", "--split-depth", "5", "--shards", "3", "--shard-list", "0,2", "--check"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("sweep shards: exit %d: %s", rc, stderr.String())
	}
	if lines := strings.Split(strings.TrimSpace(stdout.String()), "\n"); len(lines) != 3 || !strings.Contains(lines[2], `"step":"sweep-total"`) || !strings.Contains(lines[1], `"shard":"2/3"`) {
		t.Fatalf("shards: %d lines:\n%s", len(lines), stdout.String())
	}
	if rc := run([]string{"sweep", "--backend", "emulate", "--size", "4x4", "--expect-leaves", "270"}, &stdout, &stderr); rc != 1 {
		t.Errorf("wrong --expect-leaves: exit %d, want 1", rc)
	}
	for _, args := range [][]string{{"sweep", "--size", "4by4"}, {"sweep", "--shards", "3"}, {"sweep", "--shards", "3", "--shard-list", "3"}} {
		if rc := run(args, &stdout, &stderr); rc != 2 {
			t.Errorf("%v: exit %d, want 2", args, rc)
		}
	}
}

// stuckRunner is a sweep runner whose calls never return until release is
// closed, as a device launch that runs past --timeout.
type stuckRunner struct{ release chan struct{} }

func (r stuckRunner) RunTasks(mousemaze.Size, mousemaze.Config, []sweep.Task) (sweep.TaskTally, error) {
	<-r.release
	return sweep.TaskTally{}, errors.New("released")
}

func (stuckRunner) BatchTasks() int { return 1 << 10 }

// TestSweepAbandonsAStuckLaunch checks that --timeout holds even when one
// runner call does not return: the shard's line says completed false and
// launch_abandoned, the shards after it are not run, and the exit is 0.
func TestSweepAbandonsAStuckLaunch(t *testing.T) {
	stuck := stuckRunner{release: make(chan struct{})}
	defer close(stuck.release)
	sweep.RegisterRunner("test-stuck", func() (sweep.TaskRunner, error) { return stuck, nil })
	var stdout, stderr bytes.Buffer
	t0 := time.Now()
	rc := run([]string{"sweep", "--backend", "test-stuck", "--size", "5x5", "--split-depth", "6", "--shards", "4", "--shard-list", "1,2", "--timeout", "0.2"}, &stdout, &stderr)
	if rc != 0 {
		t.Fatalf("exit %d, want 0: %s", rc, stderr.String())
	}
	if took := time.Since(t0); took > abandonGrace+10*time.Second {
		t.Errorf("took %v, want about --timeout plus %v", took, abandonGrace)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], `"completed":false`) || !strings.Contains(lines[0], `"launch_abandoned":true`) || !strings.Contains(lines[0], `"shard":"1/4"`) {
		t.Fatalf("want one line for shard 1/4, abandoned:\n%s", stdout.String())
	}
	if !strings.Contains(stderr.String(), "the shards after it are not run") {
		t.Errorf("stderr %q does not say the later shards were not run", stderr.String())
	}
}

// timedRunner is the emulated sweep runner with the cuda Sweeper's
// counters (launchTimer), counting its calls as launches.
type timedRunner struct {
	*kernels.SweepRunner
	launches, parts int64
}

func (r *timedRunner) RunTasks(sz mousemaze.Size, cfg mousemaze.Config, tasks []sweep.Task) (sweep.TaskTally, error) {
	r.launches++
	r.parts += int64(len(tasks))
	return r.SweepRunner.RunTasks(sz, cfg, tasks)
}
func (r *timedRunner) SweepStats() (int64, int64) { return r.launches, r.parts }
func (r *timedRunner) LaunchTimes() (time.Duration, time.Duration) {
	return time.Duration(r.launches) * time.Millisecond, time.Millisecond
}

// TestSweepLaunchFields checks that a runner which counts and times its
// launches gets them into the sweep's line, for that sweep alone.
func TestSweepLaunchFields(t *testing.T) {
	r := &timedRunner{SweepRunner: &kernels.SweepRunner{Launch: kernels.EmulatedSweep(2), Batch: 64}}
	sweep.RegisterRunner("test-timed", func() (sweep.TaskRunner, error) { return r, nil })
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"sweep", "--backend", "test-timed", "--size", "4x4", "--split-depth", "6", "--shards", "2", "--shard-list", "0,1", "--expect-leaves", "0"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	total := int64(0)
	for _, l := range lines[:2] {
		var rec struct {
			Launches int64   `json:"launches"`
			Parts    int64   `json:"parts"`
			Secs     float64 `json:"launch_seconds"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Launches < 1 || rec.Parts < rec.Launches || rec.Secs != float64(rec.Launches)/1000 {
			t.Errorf("line %s: want its own launches, parts and launch seconds", l)
		}
		total += rec.Launches
	}
	if total != r.launches {
		t.Errorf("the lines count %d launches, the runner ran %d", total, r.launches)
	}
}
