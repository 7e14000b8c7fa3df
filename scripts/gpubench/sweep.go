package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
	"github.com/mousemaze/mousemaze/kernels"
)

// cmdSweep runs an exhaustive sweep (or some of its shards) on a sweep
// runner and prints one JSON line per sweep: its counts, its time and its
// rates; with --check it also runs the CPU sweep and fails unless the two
// reports are equal, and --expect-* fail on other counts.
//
//	gpubench sweep --size 6x6 --check
//	gpubench sweep --size 7x7 --expect-leaves 22657200991 --expect-optimum 332 --timeout 200
//	gpubench sweep --size 8x8 --split-depth 24 --shards 1000000 --shard-list 938273,2657 --expand 16
func cmdSweep(args []string, out *json.Encoder, stderr io.Writer) int {
	fs := flag.NewFlagSet("sweep", flag.ContinueOnError)
	size := fs.String("size", "5x5", "grid size RxC")
	depth := fs.Int("split-depth", 0, "split depth (0: automatic)")
	shards := fs.Int("shards", 0, "with --shard-list: the number of shards")
	list := fs.String("shard-list", "", "comma-separated shards of --shards to run, one sweep each")
	backend := fs.String("backend", "cuda", "sweep runner: cuda, emulate (the kernel's Go mirror) or cpu")
	expand := fs.Int("expand", -1, "split each task this many decisions further on the host (-1: the runner's default)")
	batch := fs.Int("batch", 0, "tasks per runner call (0: the runner's default)")
	blocks := fs.Int("blocks-per-sm", 0, "cuda: resident blocks per SM at most (0: as many as occupancy allows)")
	workers := fs.Int("workers", 0, "goroutines feeding the runner, and the CPU check's workers (0: all CPUs)")
	check := fs.Bool("check", false, "also run the CPU sweep and fail unless the reports are equal")
	wantLeaves := fs.Uint64("expect-leaves", 0, "fail unless the sweep has this many leaves (0: no check)")
	wantOpt := fs.Int64("expect-optimum", 0, "fail unless the optimum has this many turns (0: no check)")
	timeout := fs.Float64("timeout", 0, "seconds after which a sweep is given up and reported as not completed, exit 0 (0: none)")
	if rc := parse(fs, args, stderr); rc >= 0 {
		return rc
	}
	sz, err := mousemaze.ParseSize(*size)
	if err != nil {
		fmt.Fprintf(stderr, "gpubench sweep: --size: %v\n", err)
		return 2
	}
	var ids []int
	if *list != "" {
		for _, f := range strings.Split(*list, ",") {
			i, err := strconv.Atoi(f)
			if err != nil || i < 0 || i >= *shards {
				fmt.Fprintf(stderr, "gpubench sweep: --shard-list: %q is not a shard of --shards %d\n", f, *shards)
				return 2
			}
			ids = append(ids, i)
		}
	} else if *shards != 0 {
		fmt.Fprintln(stderr, "gpubench sweep: --shards needs --shard-list")
		return 2
	}
	var runner sweep.TaskRunner
	abandoned := false
	switch *backend {
	case "emulate":
		runner = &kernels.SweepRunner{Launch: kernels.EmulatedSweep(runtime.GOMAXPROCS(0))}
	default:
		if runner, err = sweep.OpenRunner(*backend); err != nil {
			return fail(stderr, "open %s: %v", *backend, err)
		}
		if c, ok := runner.(io.Closer); ok {
			defer func() {
				if !abandoned { // a launch still running would hold Close forever
					c.Close()
				}
			}()
		}
	}
	if s, ok := runner.(interface{ Settings() *kernels.SweepRunner }); ok {
		if *expand >= 0 {
			s.Settings().Expand = *expand
		}
		if *batch > 0 {
			s.Settings().Batch = *batch
		}
	}
	if b, ok := runner.(interface{ SetBlocksPerSM(int) }); ok {
		b.SetBlocksPerSM(*blocks)
	}
	o := sweep.Options{Size: sz, SplitDepth: *depth, Workers: *workers, Runner: runner}
	if ids == nil {
		ids = []int{-1}
	}
	var total struct {
		leaves, steps uint64
		seconds       float64
	}
	for _, id := range ids {
		so := o
		if id >= 0 {
			so.Shard, so.Shards = id, *shards
		}
		rc := sweepOnce(so, *backend, *check, *wantLeaves, *wantOpt, *timeout, out, stderr, func(r *sweep.Report, secs float64) {
			total.leaves += r.Leaves
			total.steps += r.Steps
			total.seconds += secs
		})
		if rc == rcAbandoned {
			abandoned = true
			fmt.Fprintf(stderr, "gpubench sweep: %s: a launch outlived --timeout by %v; the shards after it are not run\n", sz, abandonGrace)
			return 0
		}
		if rc != 0 {
			return rc
		}
	}
	if len(ids) > 1 {
		out.Encode(map[string]any{"step": "sweep-total", "size": sz.String(), "backend": *backend, "shards": len(ids), "of": *shards,
			"leaves": total.leaves, "steps": total.steps, "seconds": total.seconds,
			"leaves_per_sec": float64(total.leaves) / total.seconds, "steps_per_sec": float64(total.steps) / total.seconds})
	}
	return 0
}

// launchTimer is a runner that counts its launches and the parts (tasks
// after the host's split) they ran, and times them: the cuda Sweeper.
type launchTimer interface {
	SweepStats() (launches, parts int64)
	LaunchTimes() (total, longest time.Duration)
}

// rcAbandoned is sweepOnce's answer when a runner call outlived the
// timeout by abandonGrace: the line is printed ("launch_abandoned"), the
// runner is left running and not closed, and the process ends (exit 0).
const rcAbandoned = -1

// abandonGrace is how long sweepOnce waits past --timeout for a runner call
// to return.
const abandonGrace = 3 * time.Second

// sweepOnce runs one sweep of cmdSweep and prints its line; add gets the
// report of a completed sweep.
func sweepOnce(o sweep.Options, backend string, check bool, wantLeaves uint64, wantOpt int64, timeout float64, out *json.Encoder, stderr io.Writer, add func(*sweep.Report, float64)) int {
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(timeout*float64(time.Second)))
		defer cancel()
	}
	rec := map[string]any{"step": "sweep", "size": o.Size.String(), "backend": backend, "split_depth": o.SplitDepth}
	if o.Shards > 0 {
		rec["shard"] = fmt.Sprintf("%d/%d", o.Shard, o.Shards)
	}
	timed, _ := o.Runner.(launchTimer)
	var l0, p0 int64
	var b0 time.Duration
	if timed != nil {
		l0, p0 = timed.SweepStats()
		b0, _ = timed.LaunchTimes()
	}
	t0 := time.Now()
	type outcome struct {
		rep *sweep.Report
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		rep, err := sweep.Run(ctx, o)
		done <- outcome{rep, err}
	}()
	var res outcome
	select {
	case res = <-done:
	case <-ctx.Done():
		// The sweep checks ctx between runner calls; a device launch of
		// one call cannot be stopped. Give it abandonGrace to return.
		select {
		case res = <-done:
		case <-time.After(abandonGrace):
			rec["seconds"] = time.Since(t0).Seconds()
			rec["completed"] = false
			rec["launch_abandoned"] = true
			out.Encode(rec)
			return rcAbandoned
		}
	}
	rep, err := res.rep, res.err
	secs := time.Since(t0).Seconds()
	rec["seconds"] = secs
	if errors.Is(err, context.DeadlineExceeded) {
		rec["completed"] = false
		out.Encode(rec)
		return 0
	}
	if err != nil {
		return fail(stderr, "sweep %s: %v", o.Size, err)
	}
	rec["completed"] = true
	rec["split_depth"] = rep.SplitDepth
	rec["tasks"] = rep.Tasks
	rec["leaves"] = rep.Leaves
	rec["steps"] = rep.Steps
	rec["optimum_turns"] = rep.OptimumTurns
	rec["optimal_classes"] = rep.OptimalClasses
	rec["leaves_per_sec"] = float64(rep.Leaves) / secs
	rec["steps_per_sec"] = float64(rep.Steps) / secs
	if timed != nil {
		l1, p1 := timed.SweepStats()
		b1, longest := timed.LaunchTimes()
		rec["launches"], rec["parts"] = l1-l0, p1-p0
		rec["launch_seconds"] = (b1 - b0).Seconds()
		rec["longest_launch_seconds"] = longest.Seconds() // of the runner's life: every sweep so far
	}
	rc := 0
	if wantLeaves != 0 && rep.Leaves != wantLeaves || wantOpt != 0 && rep.OptimumTurns != wantOpt {
		rec["expected"] = false
		rc = 1
	}
	if check {
		c := o
		c.Runner = nil
		t1 := time.Now()
		cpu, err := sweep.Run(context.Background(), c)
		if err != nil {
			return fail(stderr, "cpu sweep %s: %v", o.Size, err)
		}
		rec["cpu_seconds"] = time.Since(t1).Seconds()
		a, b := *rep, *cpu
		a.ElapsedS, b.ElapsedS = 0, 0
		equal := reflect.DeepEqual(a, b)
		rec["equal_to_cpu"] = equal
		if !equal {
			rc = 1
			fmt.Fprintf(stderr, "gpubench sweep %s: the %s report differs from the CPU's:\n %+v\n %+v\n", o.Size, backend, a, b)
		}
	}
	out.Encode(rec)
	if rc == 0 {
		add(rep, secs)
	}
	return rc
}
