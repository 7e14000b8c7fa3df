package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mousemaze/mousemaze/deploy/slurm"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/internal/cliflag"
)

// runSlurmSubmit is `slurm sweep` and `slurm evolve`: check the flags,
// write job.json and the script to --dir, and submit the array.
func runSlurmSubmit(kind string, args []string, stdout, stderr io.Writer) int {
	example := "mousemaze slurm sweep --size 5x5 --shards 4 --tasks 1 --dir sweep5 --no-submit"
	if kind == "evolve" {
		example = "mousemaze slurm evolve --size 6x6 --islands 2 --evals 10000 --dir isl6 --no-submit"
	}
	fs := newFlagSet("slurm "+kind, "--dir DIR [flags]", example, stderr)
	dir := fs.String("dir", "", "the shared directory every task can reach (required)")
	sub := slurm.Submission{Kind: kind}
	fs.IntVar(&sub.Tasks, "tasks", 0, "array tasks (sweep: default one per shard, at most 1000)")
	fs.StringVar(&sub.Gres, "gres", "", "generic resources per task, such as gpu:1 (the script then uses the cuda backend when present)")
	fs.StringVar(&sub.Partition, "partition", "", "Slurm partition (default: the cluster's)")
	fs.StringVar(&sub.Time, "time", "", "time limit per task, as sbatch --time takes it")
	cpus := cliflag.Min(fs, "cpus", 1, 1, "CPUs per task (its workers)")
	fs.StringVar(&sub.Binary, "binary", "", "the mousemaze binary the tasks run, on a path every node sees (default: this one)")
	fs.StringVar(&sub.Sbatch, "sbatch", "sbatch", "the sbatch command")
	dryRun := fs.Bool("dry-run", false, "print the script and the sbatch command; write and submit nothing")
	noSubmit := fs.Bool("no-submit", false, "write job.json and the script to --dir but do not submit (for other schedulers)")
	every := cliflag.Min(fs, "checkpoint-every", 30*time.Second, 1, "how often a task saves its checkpoint")
	sizeDef := ""
	var g gridFlags
	jo := slurm.JobOptions{Kind: kind}
	if kind == "sweep" {
		g.rules.registerEnds(fs)
		fs.BoolVar(&g.freeEnds, "free-ends", false, "every pair of entry and exit columns")
		fs.IntVar(&jo.Shards, "shards", 0, "shards of the sweep (required); task i runs shards i, i+N, ...")
		fs.IntVar(&jo.Split, "split-depth", 0, "cut the tree into sweep tasks at this many decisions (0 = automatic)")
		fs.BoolVar(&jo.BestOnly, "best-only", false, "sweep: cut subtrees that cannot reach the incumbent (fixed now, as sweep --best-only finds it)")
		fs.StringVar(&jo.InitFile, "init", "", "sweep --best-only: take the incumbent from this maze file")
	} else {
		sizeDef = defaultSize
		g.register(fs, dispatch.AlgoMemetic, "budget per island in feasible maze evaluations")
		fs.IntVar(&jo.Islands, "islands", 4, "islands, one per array task (--tasks is the same)")
		fs.IntVar(&jo.MigrateEvery, "migrate-every", 25, "generations between migrations")
	}
	sz := sizeFlag(fs, sizeDef, "grid size RxC (required for sweep; evolve default 13x13)")
	parseNoArgs(fs, args)
	fail := failer("slurm "+kind, stderr)
	switch {
	case *dir == "":
		return fail(exitUsage, "--dir is required: a directory every node can reach")
	case !sz.IsSet():
		return fail(exitUsage, "--size is required, such as --size 8x8")
	}
	sub.CPUs = *cpus
	jo.Tasks, jo.Every = sub.Tasks, *every
	var err error
	if kind == "evolve" {
		jo.Grid, err = g.options(fs, sz.V)
	} else {
		jo.Grid.Size, jo.Grid.FreeEnds = sz.V, g.freeEnds
		jo.Grid.Config, err = g.rules.Config("--")
	}
	var job slurm.Job
	if err == nil {
		job, err = slurm.NewJob(jo, stderr)
	}
	if err == nil {
		err = sub.Prepare(*dir, job)
	}
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	if err := sub.Send(job, *dryRun, *noSubmit, stdout, stderr); err != nil {
		return fail(exitFail, "%v", err)
	}
	return exitOK
}

// runSlurmTask is `slurm task DIR`: one array task of the run in DIR. The
// task index comes from --task or from Slurm's SLURM_ARRAY_TASK_ID, the
// count from job.json (see slurm.TaskIndex).
func runSlurmTask(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("slurm task", "[flags] DIR", "mousemaze slurm task --task 0/1 sweep5", stderr)
	spec := fs.String("task", "", "this task, i/N (default: $SLURM_ARRAY_TASK_ID of the run's tasks in job.json)")
	var be backendFlags
	be.register(fs)
	pause := fs.Duration("pause", 0, "wait this long before each sweep shard (to watch or kill a task mid-way in tests and demos)")
	force := fs.Bool("force", false, "remove a shard's or island's unreadable checkpoint and start that work again")
	dir := parseDir(fs, args)
	fail := failer("slurm task", stderr)
	if be.workers < 0 {
		return fail(exitUsage, "--workers %d: must be 0 or more", be.workers)
	}
	job, err := slurm.LoadJob(dir)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	sh, err := slurm.TaskIndex(*spec, job.Tasks, os.Getenv)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	every, err := job.Every()
	if err != nil {
		return fail(exitFail, "%s: %v", slurm.JobFile(dir), err)
	}
	if job.Kind == "evolve" {
		if sh.Count != job.Tasks {
			return fail(exitUsage, "task %d/%d, but the search has %d islands: submit an array of %d tasks", sh.Index, sh.Count, job.Tasks, job.Tasks)
		}
		if err := slurm.PrepareIsland(dir, sh.Index, *force, stderr); err != nil {
			return fail(exitFail, "%v", err)
		}
		return runEvolve(slurm.IslandArgs(job, dir, sh.Index, every, be.backend, be.workers, be.kernel), stdout, stderr)
	}
	ctx, stop := interruptContext()
	defer stop()
	if err := slurm.RunSweepShards(ctx, job, dir, sh.Index, sh.Count, be.workers, *force, *pause, stderr); err != nil {
		return fail(exitFail, "%v", err)
	}
	return exitOK
}

// runSlurmMerge is `slurm merge DIR`: the merged sweep of a sweep run, or
// the best maze of all islands of an island search.
func runSlurmMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("slurm merge", "[flags] DIR", "mousemaze slurm merge --json sweep5", stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	partial := fs.Bool("partial", false, "islands: report the best so far even if some islands are missing or unfinished")
	dir := parseDir(fs, args)
	fail := failer("slurm merge", stderr)
	job, err := slurm.LoadJob(dir)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	if job.Kind == "sweep" {
		return mergeSweepDir("slurm merge", dir, *asJSON, stdout, stderr)
	}
	sum, note, err := slurm.MergeIslands(dir, job.Tasks, *partial)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	if note != "" {
		fmt.Fprintf(stderr, "mousemaze slurm merge: %s; the best so far:\n", note)
	}
	return writeText("slurm merge", sum, *asJSON, stdout, stderr)
}

// mergeSweepDir prints the merged report of a sweep directory (see
// slurm.MergeSweepDir); cmd names the command in messages.
func mergeSweepDir(cmd, dir string, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := slurm.MergeSweepDir(dir)
	return writeResult(cmd, rep, err, asJSON, stdout, stderr)
}

// parseDir parses the flags of a slurm verb and returns its one
// argument, the run's directory; without one it ends the verb with
// exitUsage (see parseFlags).
func parseDir(fs *flag.FlagSet, args []string) string {
	parseFlags(fs, args)
	if fs.NArg() != 1 {
		panic(exit(failer(fs.Name(), fs.Output())(exitUsage, "want one directory, the run's --dir")))
	}
	return fs.Arg(0)
}
