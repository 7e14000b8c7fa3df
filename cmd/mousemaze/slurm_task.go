package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// runSlurmTask is `slurm task DIR`: one array task of the run in DIR. The
// task index and count come from --task or from Slurm's
// SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT.
func runSlurmTask(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("slurm task", "[flags] DIR",
		"mousemaze slurm task --task 3/16 /shared/sweep8", stderr)
	spec := fs.String("task", "", "this task, i/N (default: $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)")
	var be backendFlags
	be.register(fs)
	pause := fs.Duration("pause", 0, "wait this long before each sweep shard (to watch or kill a task mid-way in tests and demos)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze slurm task: "+format+"\n", a...)
		return exitUsage
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "mousemaze slurm task: %v\n", err)
		return exitFail
	}
	if fs.NArg() != 1 {
		return usageErr("want one directory, the run's --dir")
	}
	dir := fs.Arg(0)
	i, n, err := taskIndex(*spec, os.Getenv)
	if err != nil {
		return usageErr("%v", err)
	}
	if be.workers < 0 {
		return usageErr("--workers %d: must be 0 or more", be.workers)
	}
	job, err := loadJob(dir)
	if err != nil {
		return fail(err)
	}
	every, err := flagDuration(job.CheckpointEvery)
	if err != nil {
		return fail(fmt.Errorf("%s: %v", jobFile(dir), err))
	}
	if job.Kind == "evolve" {
		if n != job.Tasks {
			return usageErr("task %d/%d, but the search has %d islands: submit an array of %d tasks", i, n, job.Tasks, job.Tasks)
		}
		for _, d := range []string{filepath.Join(dir, "checkpoints"), islandDir(dir)} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return fail(err)
			}
		}
		return runEvolve(islandArgs(job, dir, i, every, be), stdout, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := runSweepShards(ctx, job, dir, i, n, be.workers, every, *pause, stderr); err != nil {
		return fail(err)
	}
	return exitOK
}

// taskIndex reads i/N from spec, or from Slurm's environment.
func taskIndex(spec string, getenv func(string) string) (i, n int, err error) {
	if spec == "" {
		id, count := getenv("SLURM_ARRAY_TASK_ID"), getenv("SLURM_ARRAY_TASK_COUNT")
		if id == "" || count == "" {
			return 0, 0, errors.New("no --task i/N and not in a Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT unset)")
		}
		spec = id + "/" + count
	}
	sh, err := mousemaze.ParseShard(spec)
	if err != nil {
		return 0, 0, fmt.Errorf("task %q: %w", spec, err)
	}
	return sh.Index, sh.Count, nil
}

// runSweepShards runs shards i, i+n, i+2n, ... of the sweep in dir. A
// shard whose report is there already is skipped; any other resumes from
// its checkpoint, so a killed or requeued task loses at most the work
// since the last checkpoint.
func runSweepShards(ctx context.Context, job *slurmJob, dir string, i, n, workers int, every, pause time.Duration, log io.Writer) error {
	sz, err := mousemaze.ParseSize(job.Size)
	if err != nil {
		return fmt.Errorf("%s: size: %v", jobFile(dir), err)
	}
	o, err := mousemaze.ParseOrder(job.Order)
	if err != nil {
		return fmt.Errorf("%s: order: %v", jobFile(dir), err)
	}
	for _, d := range []string{filepath.Join(dir, "shards"), filepath.Join(dir, "checkpoints")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	for j := i; j < job.Shards; j += n {
		shard := fmt.Sprintf("%d/%d", j, job.Shards)
		if _, err := readShardReport(dir, j, job.Shards); err == nil {
			fmt.Fprintf(log, "shard %s: report there already, skipped\n", shard)
			continue
		}
		if pause > 0 {
			select {
			case <-time.After(pause):
			case <-ctx.Done():
				return fmt.Errorf("interrupted before shard %s", shard)
			}
		}
		ck := taskCheckpoint(dir, "shard", j)
		_, statErr := os.Stat(ck)
		rep, err := sweep.Run(ctx, sweep.Options{Size: sz, Config: mousemaze.Config{Order: o, Entry: job.Entry, Exit: job.Exit},
			FreeEnds: job.FreeEnds, Workers: workers, Shard: j, Shards: job.Shards, SplitDepth: job.SplitDepth,
			Checkpoint: ck, CheckpointEvery: every, Resume: true})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return fmt.Errorf("shard %s interrupted; its state is in %s and a requeued task resumes from it", shard, ck)
			}
			return fmt.Errorf("shard %s: %w", shard, err)
		}
		if err := checkpoint.Save(shardReport(dir, j), rep); err != nil {
			return err
		}
		how := "from the start"
		if statErr == nil {
			how = "resumed from its checkpoint"
		}
		fmt.Fprintf(log, "shard %s: %d tasks, optimum %d turns, %s (%s, %.3f s of sweep)\n", shard, rep.Tasks, rep.OptimumTurns, shardReport(dir, j), how, rep.ElapsedS)
	}
	return nil
}

// islandArgs is the evolve command line of island i of the search in dir.
func islandArgs(job *slurmJob, dir string, i int, every time.Duration, be backendFlags) []string {
	ck := taskCheckpoint(dir, "island", i)
	args := []string{"--size", job.Size, "--algo", job.Algo, "--evals", strconv.FormatInt(job.Evals, 10),
		"--seed", strconv.FormatUint(job.Seed, 10), "--order", job.Order, "--k", strconv.Itoa(job.K),
		"--objective", job.Objective,
		"--island", fmt.Sprintf("%d/%d", i, job.Tasks), "--migrate", islandDir(dir),
		"--migrate-every", strconv.Itoa(job.MigrateEvery),
		"--checkpoint", ck, "--checkpoint-every", every.String(),
		"--out", filepath.Join(islandDir(dir), fmt.Sprintf("best-%d.txt", i)),
		"--backend", be.backend, "--workers", strconv.Itoa(be.workers)}
	if be.kernel != "" {
		args = append(args, "--kernel", be.kernel)
	}
	if job.FreeEnds {
		args = append(args, "--free-ends")
	} else {
		args = append(args, "--entry", strconv.Itoa(job.Entry), "--exit", strconv.Itoa(job.Exit))
	}
	if job.Pop > 0 {
		args = append(args, "--pop", strconv.Itoa(job.Pop))
	}
	if _, err := os.Stat(ck); err == nil {
		args = append(args, "--resume")
	}
	return args
}
