package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/deploy/slurm"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
	"github.com/mousemaze/mousemaze/internal/cliflag"
)

func init() {
	register(command{name: "sweep", summary: "find the most turns over every maze of one size (exhaustive search)", run: runSweep})
	register(command{name: "sweep-merge", summary: "combine the reports of sweep shards into one report", run: runSweepMerge})
}

// sweepProgress is where sweep draws its progress; tests silence it.
var sweepProgress io.Writer = os.Stderr

// sweepEstimateSample is the CPU time --estimate spends measuring the
// rate; tests shorten it.
var sweepEstimateSample = 3 * time.Second

// sweepFlags are the flags of sweep.
type sweepFlags struct {
	rules                                            rulesFlags
	workers, split                                   int
	edges, traps, freeEnds, resume, force            bool
	asJSON, quiet, bestOnly, estimate                bool
	size, ckpt, shard, cpuprofile, initFile, backend string
	every                                            *time.Duration
	probes, maxCells, maxSpan                        *int
}

// register adds the flags to fs.
func (f *sweepFlags) register(fs *flag.FlagSet) {
	f.rules.registerEnds(fs)
	f.rules.registerK(fs, "count visits modulo `K` and sweep for traps: every maze of every size up to --size, with the reference walk")
	f.maxCells = cliflag.Min(fs, "max-cells", 0, 0, "trap sweep: also skip sizes with more than this many cells (0 = no limit)")
	fs.BoolVar(&f.edges, "edges", false, "sweep every Mouse Maze 2 board (walls on edges) of --size for the longest escape")
	f.maxSpan = cliflag.Min(fs, "max-span", 0, 0, "trap sweep: also skip sizes with rows+cols above this (0 = no limit)")
	fs.BoolVar(&f.traps, "traps", false, "run the trap sweep (as --k does) even with exact counting")
	fs.StringVar(&f.size, "size", "", "grid size RxC, such as 6x6 (required)")
	fs.BoolVar(&f.freeEnds, "free-ends", false, "sweep every pair of entry and exit columns and report the best pair")
	fs.IntVar(&f.workers, "workers", 0, "worker goroutines (0 = one per CPU)")
	fs.StringVar(&f.ckpt, "checkpoint", "", "save the state to this file every --checkpoint-every and on interrupt")
	f.every = cliflag.Min(fs, "checkpoint-every", 30*time.Second, 1, "how often to save the checkpoint")
	fs.BoolVar(&f.resume, "resume", false, "continue from --checkpoint (a missing file starts afresh)")
	fs.BoolVar(&f.force, "force", false, "let --checkpoint overwrite a file that holds another sweep (without --resume)")
	fs.StringVar(&f.shard, "shard", "", "run part i of N, written i/N (0-based), for sweep-merge to combine")
	fs.IntVar(&f.split, "split-depth", 0, "cut the tree into tasks at this many decisions (0 = automatic)")
	fs.BoolVar(&f.asJSON, "json", false, "print the report as one JSON object")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on standard error")
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	fs.BoolVar(&f.bestOnly, "best-only", false, "find only the optimum: cut subtrees that provably cannot reach the incumbent (see docs/sweep.md)")
	fs.StringVar(&f.initFile, "init", "", "best-only: take the incumbent from the mazes in this `FILE` (the longest walk of the swept size); default a quick search")
	fs.BoolVar(&f.estimate, "estimate", false, "print Knuth's estimate of the leaves, steps and CPU time of the sweep (per shard with --shard) instead of running it")
	f.probes = cliflag.Min(fs, "probes", 100000, 1, "--estimate: random descents per pair of end columns")
	fs.StringVar(&f.backend, "backend", "cpu", "run the sweep's tasks on `NAME`: cpu, or cuda (the GPU kernel; needs the cuda build; not with --best-only)")
}

// progress is where the sweep draws its progress: nil with --quiet.
func (f *sweepFlags) progress() io.Writer {
	if f.quiet {
		return nil
	}
	return sweepProgress
}

func runSweep(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sweep", "--size RxC [flags]",
		"mousemaze sweep --size 6x6 --workers 2 --json", stderr)
	var f sweepFlags
	f.register(fs)
	parseNoArgs(fs, args)
	fail := failer("sweep", stderr)
	if f.size == "" {
		return fail(exitUsage, "--size is required, such as --size 5x5")
	}
	sz, err := mousemaze.ParseSize(f.size)
	if err != nil {
		return fail(exitUsage, "--size: %v", err)
	}
	cfg, err := f.rules.Config("--")
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	set := flagsSet(fs)
	// The edge sweep enumerates boards with the reference walk; it has no
	// tasks to checkpoint or shard. Nor has the trap sweep.
	if f.edges {
		if err = notApplying(set, []string{"checkpoint", "checkpoint-every", "resume", "force", "shard", "split-depth", "free-ends", "best-only", "init", "estimate", "probes", "cpuprofile", "backend", "traps", "max-cells", "max-span"}, "the edge sweep (--edges)"); err != nil {
			return fail(exitUsage, "%v", err)
		}
		rep, err := sweep.EdgeSweep(context.Background(), sz, cfg, f.workers)
		return writeResult("sweep", rep, mousemaze.Usage(err), f.asJSON, stdout, stderr)
	}
	if cfg.K > 0 || f.traps {
		if err = notApplying(set, []string{"free-ends", "checkpoint", "resume", "force", "shard", "split-depth", "cpuprofile", "best-only", "init", "estimate", "probes", "backend"}, "the trap sweep (--k, --traps)"); err != nil {
			return fail(exitUsage, "%v", err)
		}
		rep, err := sweep.TrapSweep(sweep.TrapOptions{Max: sz, MaxCells: *f.maxCells, MaxSpan: *f.maxSpan, Config: cfg, Workers: f.workers, Progress: f.progress()})
		return writeResult("sweep", rep, mousemaze.Usage(err), f.asJSON, stdout, stderr)
	}
	if err := notApplying(set, []string{"max-cells", "max-span"}, "the full sweep (only the trap sweep: --k or --traps)"); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if f.freeEnds && (set["entry"] || set["exit"]) {
		return fail(exitUsage, "--free-ends sweeps every pair of ends: drop --entry and --exit")
	}
	if err := needs(set, "checkpoint", "resume", "force", "checkpoint-every"); err != nil {
		return fail(exitUsage, "%v", err)
	}
	o := sweep.Options{Size: sz, Config: cfg, FreeEnds: f.freeEnds, Workers: f.workers, SplitDepth: f.split,
		Checkpoint: f.ckpt, CheckpointEvery: *f.every, Resume: f.resume, Force: f.force, CPUProfile: f.cpuprofile}
	if f.shard != "" {
		sh, err := mousemaze.ParseShard(f.shard)
		if err != nil {
			return fail(exitUsage, "--shard %q: %v", f.shard, err)
		}
		o.Shard, o.Shards = sh.Index, sh.Count
	}
	switch {
	case f.resume && f.ckpt == "":
		return fail(exitUsage, "--resume needs --checkpoint FILE")
	case f.initFile != "" && !f.bestOnly:
		return fail(exitUsage, "--init applies to --best-only")
	case set["probes"] && !f.estimate:
		return fail(exitUsage, "--probes applies to --estimate")
	case f.estimate:
		if err := notApplying(set, []string{"checkpoint", "resume", "best-only", "init", "cpuprofile", "backend"}, "--estimate"); err != nil {
			return fail(exitUsage, "%v", err)
		}
		ctx, stop := interruptContext()
		defer stop()
		est, err := sweep.Estimate(ctx, o, *f.probes, sweepEstimateSample, 1)
		return writeResult("sweep", est, sweep.UsageError(err), f.asJSON, stdout, stderr)
	}
	return runFullSweep(o, &f, stdout, stderr)
}

// runFullSweep runs the sweep o of every maze, with the flags f: on the
// runner of --backend, best-only with --best-only, and prints its report.
func runFullSweep(o sweep.Options, f *sweepFlags, stdout, stderr io.Writer) int {
	fail := failer("sweep", stderr)
	runner, err := sweep.OpenRunner(f.backend)
	if err != nil {
		return failErr("sweep", stderr, sweep.UsageError(err))
	}
	if c, ok := runner.(io.Closer); ok {
		defer c.Close()
	}
	o.Runner = runner
	if err := o.ClaimFiles(); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if f.bestOnly {
		if err := o.StartBestOnly(f.initFile, f.progress()); err != nil {
			return fail(exitFail, "%v", err)
		}
	}
	o.Progress = f.progress()
	ctx, stop := interruptContext()
	defer stop()
	rep, err := sweep.Run(ctx, o)
	switch {
	case (errors.Is(err, sweep.ErrSave) || errors.Is(err, sweep.ErrProfile)) && rep != nil:
		// The sweep is complete: its report first, then the failure.
		writeText("sweep", rep, f.asJSON, stdout, stderr)
		return fail(exitFail, "%v", err)
	case errors.Is(err, context.Canceled) && f.ckpt != "":
		return fail(exitFail, "interrupted; state saved in %s, continue with --resume", f.ckpt)
	}
	return writeResult("sweep", rep, sweep.UsageError(err), f.asJSON, stdout, stderr)
}

func runSweepMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sweep-merge", "[flags] FILE... (JSON reports of sweep --shard i/N --json) or DIR (of reports, or of slurm sweep)",
		"mousemaze sweep-merge cmd/mousemaze/testdata/sweep-4x4-shard0.json cmd/mousemaze/testdata/sweep-4x4-shard1.json", stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	parseFlags(fs, args)
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "mousemaze sweep-merge: no report files")
		fs.Usage()
		return exitUsage
	}
	if st, err := os.Stat(fs.Arg(0)); err == nil && st.IsDir() && fs.NArg() == 1 {
		return mergeSweepDir("sweep-merge", fs.Arg(0), *asJSON, stdout, stderr)
	}
	rep, err := slurm.MergeSweepFiles(fs.Args())
	return writeResult("sweep-merge", rep, err, *asJSON, stdout, stderr)
}
