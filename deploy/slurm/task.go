package slurm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// TaskIndex reads the task i/N from spec, or, where spec is empty, i from
// Slurm's SLURM_ARRAY_TASK_ID (through getenv) and N from tasks, the run's
// array size in job.json. Not from SLURM_ARRAY_TASK_COUNT: that counts the
// indices of one submission, and re-submitting only the missing indices
// (sbatch --array=3,7) is the normal way to recover from a failed node.
func TaskIndex(spec string, tasks int, getenv func(string) string) (mousemaze.Shard, error) {
	if spec == "" {
		id := getenv("SLURM_ARRAY_TASK_ID")
		if id == "" {
			return mousemaze.Shard{}, errors.New("no --task i/N and not in a Slurm array (SLURM_ARRAY_TASK_ID unset)")
		}
		i, err := strconv.Atoi(id)
		if err != nil || i < 0 || i >= tasks {
			return mousemaze.Shard{}, fmt.Errorf("SLURM_ARRAY_TASK_ID %q: want a task index in 0..%d (the run's %d tasks)", id, tasks-1, tasks)
		}
		return mousemaze.Shard{Index: i, Count: tasks}, nil
	}
	sh, err := mousemaze.ParseShard(spec)
	if err != nil {
		return mousemaze.Shard{}, fmt.Errorf("task %q: %w", spec, err)
	}
	return sh, nil
}

// ErrCorrupt is the error of Recover for a checkpoint that does not parse.
var ErrCorrupt = errors.New("corrupt checkpoint")

// Recover checks the checkpoint at path of a task's shard or island (what
// names it) before the task resumes from it: a missing file or one that
// parses as JSON is fine. One that does not parse is an error wrapping
// ErrCorrupt that names the file and says to remove it or use --force;
// with force it is removed (a line on log says so) and the work starts
// again.
func Recover(path, what string, force bool, log io.Writer) error {
	var v json.RawMessage
	err := checkpoint.Load(path, &v)
	if err == nil || errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if !force {
		return fmt.Errorf("%s: its checkpoint %s is unreadable (%w: %v); remove it to start %s again, or run the task with --force", what, path, ErrCorrupt, err, what)
	}
	if err := os.Remove(path); err != nil {
		return err
	}
	fmt.Fprintf(log, "%s: removed the unreadable checkpoint %s (--force); starting it again\n", what, path)
	return nil
}

// PrepareIslands creates the directories an island task writes to.
func PrepareIslands(dir string) error {
	for _, d := range []string{filepath.Join(dir, "checkpoints"), IslandDir(dir)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	return nil
}

// RunSweepShards runs shards i, i+n, i+2n, ... of the sweep job in dir
// with the given workers, logging a line per shard. A shard whose report
// is there already is skipped; any other resumes from its checkpoint, so
// a killed or requeued task loses at most the work since the last
// checkpoint. pause waits before each shard (for tests and demos).
//
// A checkpoint that does not parse (a disk filled up, a file copied in
// part) is an error naming it, unless force: then it is removed and its
// shard starts again (see Recover).
func RunSweepShards(ctx context.Context, job *Job, dir string, i, n, workers int, force bool, pause time.Duration, log io.Writer) error {
	every, err := job.Every()
	if err != nil {
		return fmt.Errorf("%s: %v", JobFile(dir), err)
	}
	sz, err := mousemaze.ParseSize(job.Size)
	if err != nil {
		return fmt.Errorf("%s: size: %v", JobFile(dir), err)
	}
	o, err := mousemaze.ParseOrder(job.Order)
	if err != nil {
		return fmt.Errorf("%s: order: %v", JobFile(dir), err)
	}
	for _, d := range []string{filepath.Join(dir, "shards"), filepath.Join(dir, "checkpoints")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	for j := i; j < job.Shards; j += n {
		shard := fmt.Sprintf("%d/%d", j, job.Shards)
		if _, err := ReadShardReport(dir, j, job.Shards); err == nil {
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
		ck := TaskCheckpoint(dir, "shard", j)
		if err := Recover(ck, "shard "+shard, force, log); err != nil {
			return err
		}
		_, statErr := os.Stat(ck)
		rep, err := sweep.Run(ctx, sweep.Options{Size: sz, Config: mousemaze.Config{Order: o, Entry: job.Entry, Exit: job.Exit},
			FreeEnds: job.FreeEnds, Workers: workers, Shard: j, Shards: job.Shards, SplitDepth: job.SplitDepth,
			Checkpoint: ck, CheckpointEvery: every, Resume: true, BestOnly: job.BestOnly, Incumbent: job.Incumbent})
		if errors.Is(err, sweep.ErrSave) && rep != nil {
			err = nil // the shard is done: its report, below, is what counts
		}
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return fmt.Errorf("shard %s interrupted; its state is in %s and a requeued task resumes from it", shard, ck)
			}
			return fmt.Errorf("shard %s: %w", shard, err)
		}
		if err := checkpoint.Save(ShardReport(dir, j), rep); err != nil {
			return err
		}
		how := "from the start"
		if statErr == nil {
			how = "resumed from its checkpoint"
		}
		fmt.Fprintf(log, "shard %s: %d tasks, optimum %d turns, %s (%s, %.3f s of sweep)\n", shard, rep.Tasks, rep.OptimumTurns, ShardReport(dir, j), how, rep.ElapsedS)
	}
	return nil
}

// IslandArgs is the `mousemaze evolve` command line of island i of the
// island search job in dir, run on backend with workers and kernel ("" for
// the default), saving its checkpoint every interval. A task that finds
// its checkpoint resumes it (the checkpoint holds the search flags).
func IslandArgs(job *Job, dir string, i int, every time.Duration, backend string, workers int, kernel string) []string {
	ck := TaskCheckpoint(dir, "island", i)
	args := []string{"--size", job.Size, "--algo", job.Algo, "--evals", strconv.FormatInt(job.Evals, 10),
		"--seed", strconv.FormatUint(job.Seed, 10), "--order", job.Order, "--k", strconv.Itoa(job.K),
		"--objective", job.Objective,
		"--island", fmt.Sprintf("%d/%d", i, job.Tasks), "--migrate", IslandDir(dir),
		"--migrate-every", strconv.Itoa(job.MigrateEvery),
		"--checkpoint", ck, "--checkpoint-every", every.String(),
		"--out", filepath.Join(IslandDir(dir), fmt.Sprintf("best-%d.txt", i)),
		"--backend", backend, "--workers", strconv.Itoa(workers)}
	if kernel != "" {
		args = append(args, "--kernel", kernel)
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
	} else if job.Spec != nil {
		args = append(args, evolve.TuningArgs(*job.Spec)...)
	}
	return args
}
