package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/deploy/slurm"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
	"github.com/mousemaze/mousemaze/outfile"
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

func runSweep(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sweep", "--size RxC [flags]",
		"mousemaze sweep --size 6x6 --workers 2 --json", stderr)
	var rules rulesFlags
	rules.registerEnds(fs)
	fs.IntVar(&rules.k, "k", 0, "count visits modulo `K` and sweep for traps: every maze of every size up to --size, with the reference walk")
	maxCells := fs.Int("max-cells", 0, "trap sweep: also skip sizes with more than this many cells (0 = no limit)")
	edges := fs.Bool("edges", false, "sweep every Mouse Maze 2 board (walls on edges) of --size for the longest escape")
	maxSpan := fs.Int("max-span", 0, "trap sweep: also skip sizes with rows+cols above this (0 = no limit)")
	traps := fs.Bool("traps", false, "run the trap sweep (as --k does) even with exact counting")
	size := fs.String("size", "", "grid size RxC, such as 6x6 (required)")
	freeEnds := fs.Bool("free-ends", false, "sweep every pair of entry and exit columns and report the best pair")
	workers := fs.Int("workers", 0, "worker goroutines (0 = one per CPU)")
	ckpt := fs.String("checkpoint", "", "save the state to this file every --checkpoint-every and on interrupt")
	every := minFlag(fs, "checkpoint-every", 30*time.Second, 1, "how often to save the checkpoint")
	resume := fs.Bool("resume", false, "continue from --checkpoint (a missing file starts afresh)")
	force := fs.Bool("force", false, "let --checkpoint overwrite a file that holds another sweep (without --resume)")
	shard := fs.String("shard", "", "run part i of N, written i/N (0-based), for sweep-merge to combine")
	split := fs.Int("split-depth", 0, "cut the tree into tasks at this many decisions (0 = automatic)")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	quiet := fs.Bool("quiet", false, "no progress on standard error")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file")
	bestOnly := fs.Bool("best-only", false, "find only the optimum: cut subtrees that provably cannot reach the incumbent (see docs/sweep.md)")
	initFile := fs.String("init", "", "best-only: take the incumbent from the mazes in this `FILE` (the longest walk of the swept size); default a quick search")
	estimate := fs.Bool("estimate", false, "print Knuth's estimate of the leaves, steps and CPU time of the sweep (per shard with --shard) instead of running it")
	probes := minFlag(fs, "probes", 100000, 1, "--estimate: random descents per pair of end columns")
	backend := fs.String("backend", "cpu", "run the sweep's tasks on `NAME`: cpu, or cuda (the GPU kernel; needs the cuda build; not with --best-only)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	fail := failer("sweep", stderr)
	if fs.NArg() > 0 {
		return fail(exitUsage, "unexpected arguments %q", fs.Args())
	}
	if *size == "" {
		return fail(exitUsage, "--size is required, such as --size 5x5")
	}
	sz, err := mousemaze.ParseSize(*size)
	if err != nil {
		return fail(exitUsage, "--size: %v", err)
	}
	cfg, err := rules.config()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	set := flagsSet(fs)
	// The edge sweep enumerates boards with the reference walk; it has no
	// tasks to checkpoint or shard. Nor has the trap sweep.
	if *edges {
		err = notApplying(set, []string{"checkpoint", "checkpoint-every", "resume", "force", "shard", "split-depth", "free-ends", "best-only", "init", "estimate", "probes", "cpuprofile", "backend"}, "the edge sweep (--edges)")
		if err == nil {
			var rep *sweep.EdgeReport
			rep, err = sweep.EdgeSweep(sz, cfg, *workers)
			return writeResult("sweep", rep, mousemaze.Usage(err), *asJSON, stdout, stderr)
		}
		return fail(exitUsage, "%v", err)
	}
	if cfg.K > 0 || *traps {
		err = notApplying(set, []string{"free-ends", "checkpoint", "resume", "force", "shard", "split-depth", "cpuprofile", "best-only", "init", "estimate", "probes", "backend"}, "the trap sweep (--k, --traps)")
		if err == nil {
			var progress io.Writer
			if !*quiet {
				progress = sweepProgress
			}
			var rep *sweep.TrapReport
			rep, err = sweep.TrapSweep(sweep.TrapOptions{Max: sz, MaxCells: *maxCells, MaxSpan: *maxSpan, Config: cfg, Workers: *workers, Progress: progress})
			return writeResult("sweep", rep, mousemaze.Usage(err), *asJSON, stdout, stderr)
		}
		return fail(exitUsage, "%v", err)
	}
	o := sweep.Options{Size: sz, Config: cfg, FreeEnds: *freeEnds, Workers: *workers, SplitDepth: *split,
		Checkpoint: *ckpt, CheckpointEvery: *every, Resume: *resume, Force: *force}
	if *shard != "" {
		sh, err := mousemaze.ParseShard(*shard)
		if err != nil {
			return fail(exitUsage, "--shard %q: %v", *shard, err)
		}
		o.Shard, o.Shards = sh.Index, sh.Count
	}
	switch {
	case *resume && *ckpt == "":
		return fail(exitUsage, "--resume needs --checkpoint FILE")
	case *initFile != "" && !*bestOnly:
		return fail(exitUsage, "--init applies to --best-only")
	case set["probes"] && !*estimate:
		return fail(exitUsage, "--probes applies to --estimate")
	case *estimate:
		if err := notApplying(set, []string{"checkpoint", "resume", "best-only", "init", "cpuprofile", "backend"}, "--estimate"); err != nil {
			return fail(exitUsage, "%v", err)
		}
		ctx, stop := interruptContext()
		defer stop()
		est, err := sweep.Estimate(ctx, o, *probes, sweepEstimateSample, 1)
		return writeResult("sweep", est, sweepErr(err), *asJSON, stdout, stderr)
	}
	runner, err := sweep.OpenRunner(*backend)
	if err != nil {
		return failErr("sweep", stderr, sweepErr(err))
	}
	if c, ok := runner.(io.Closer); ok {
		defer c.Close()
	}
	o.Runner = runner
	if err := cmp.Or(outfile.CheckFlags(outfile.Flag{Name: "checkpoint", Path: *ckpt}, outfile.Flag{Name: "cpuprofile", Path: *cpuprofile}),
		checkpoint.Claim(*ckpt, *resume, *force)); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if *bestOnly {
		inc, from, err := sweep.StartIncumbent(o, *initFile)
		if err != nil {
			return fail(exitFail, "%v", err)
		}
		if !*quiet {
			fmt.Fprintf(sweepProgress, "best-only: incumbent %d turns (%s)\n", inc, from)
		}
		o.BestOnly, o.Incumbent = true, inc
	}
	if !*quiet {
		o.Progress = sweepProgress
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil {
			defer f.Close()
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			return fail(exitFail, "%v", err)
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := interruptContext()
	defer stop()
	rep, err := sweep.Run(ctx, o)
	switch {
	case errors.Is(err, sweep.ErrSave) && rep != nil:
		// The sweep is complete: its report first, then the failure.
		writeText("sweep", rep, *asJSON, stdout, stderr)
		return fail(exitFail, "%v", err)
	case errors.Is(err, context.Canceled) && *ckpt != "":
		return fail(exitFail, "interrupted; state saved in %s, continue with --resume", *ckpt)
	}
	return writeResult("sweep", rep, sweepErr(err), *asJSON, stdout, stderr)
}

// sweepErr marks the sweep's errors that blame its options
// (sweep.ErrOptions, sweep.ErrRunner) as usage errors.
func sweepErr(err error) error {
	if errors.Is(err, sweep.ErrOptions) || errors.Is(err, sweep.ErrRunner) {
		return mousemaze.Usage(err)
	}
	return err
}

func runSweepMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sweep-merge", "[flags] FILE... (JSON reports of sweep --shard i/N --json) or DIR (of reports, or of slurm sweep)",
		"mousemaze sweep-merge shard0.json shard1.json", stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
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
