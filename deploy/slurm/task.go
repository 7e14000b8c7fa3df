package slurm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// TaskIndex reads the task i/N from spec, or, where spec is empty, from
// Slurm's SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT through getenv.
func TaskIndex(spec string, getenv func(string) string) (mousemaze.Shard, error) {
	if spec == "" {
		id, count := getenv("SLURM_ARRAY_TASK_ID"), getenv("SLURM_ARRAY_TASK_COUNT")
		if id == "" || count == "" {
			return mousemaze.Shard{}, errors.New("no --task i/N and not in a Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT unset)")
		}
		spec = id + "/" + count
	}
	sh, err := mousemaze.ParseShard(spec)
	if err != nil {
		return mousemaze.Shard{}, fmt.Errorf("task %q: %w", spec, err)
	}
	return sh, nil
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
func RunSweepShards(ctx context.Context, job *Job, dir string, i, n, workers int, pause time.Duration, log io.Writer) error {
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
		_, statErr := os.Stat(ck)
		rep, err := sweep.Run(ctx, sweep.Options{Size: sz, Config: mousemaze.Config{Order: o, Entry: job.Entry, Exit: job.Exit},
			FreeEnds: job.FreeEnds, Workers: workers, Shard: j, Shards: job.Shards, SplitDepth: job.SplitDepth,
			Checkpoint: ck, CheckpointEvery: every, Resume: true, BestOnly: job.BestOnly, Incumbent: job.Incumbent})
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
		args = append(args, dispatch.TuningArgs(*job.Spec)...)
	}
	return args
}
