package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/mousemaze/mousemaze"
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
	fs.StringVar(&rules.order, "order", "DRLU", "preference order for ties, a permutation of D, R, L, U")
	fs.IntVar(&rules.entry, "entry", 0, "entry column (above the top row, 0-based)")
	fs.IntVar(&rules.exit, "exit", 0, "exit column (below the bottom row, 0-based)")
	fs.IntVar(&rules.k, "k", 0, "count visits modulo `K` and sweep for traps: every maze of every size up to --size, with the reference walk")
	maxCells := fs.Int("max-cells", 0, "trap sweep: also skip sizes with more than this many cells (0 = no limit)")
	edges := fs.Bool("edges", false, "sweep every Mouse Maze 2 board (walls on edges) of --size for the longest escape")
	maxSpan := fs.Int("max-span", 0, "trap sweep: also skip sizes with rows+cols above this (0 = no limit)")
	traps := fs.Bool("traps", false, "run the trap sweep (as --k does) even with exact counting")
	size := fs.String("size", "", "grid size RxC, such as 6x6 (required)")
	freeEnds := fs.Bool("free-ends", false, "sweep every pair of entry and exit columns and report the best pair")
	workers := fs.Int("workers", 0, "worker goroutines (0 = one per CPU)")
	ckpt := fs.String("checkpoint", "", "save the state to this file every --checkpoint-every and on interrupt")
	every := fs.Duration("checkpoint-every", 30*time.Second, "how often to save the checkpoint")
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
	probes := fs.Int("probes", 100000, "--estimate: random descents per pair of end columns")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze sweep: "+format+"\n", a...)
		return exitUsage
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected arguments %q", fs.Args())
	}
	if *size == "" {
		return usageErr("--size is required, such as --size 5x5")
	}
	sz, err := mousemaze.ParseSize(*size)
	if err != nil {
		return usageErr("--size: %v", err)
	}
	cfg, err := rules.config()
	if err != nil {
		return usageErr("%v", err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *edges {
		// The edge sweep enumerates boards with the reference walk; it has
		// no tasks to checkpoint or shard.
		for _, name := range []string{"checkpoint", "checkpoint-every", "resume", "force", "shard", "split-depth", "free-ends", "best-only", "init", "estimate", "probes", "cpuprofile"} {
			if set[name] {
				return usageErr("--%s does not apply to the edge sweep (--edges)", name)
			}
		}
		return runSweepEdges(sz, cfg, *workers, *asJSON, stdout, stderr)
	}
	if cfg.K > 0 || *traps {
		for _, name := range []string{"free-ends", "checkpoint", "resume", "force", "shard", "split-depth", "cpuprofile", "best-only", "init", "estimate", "probes"} {
			if set[name] {
				return usageErr("--%s does not apply to the trap sweep (--k, --traps)", name)
			}
		}
		var progress io.Writer
		if !*quiet {
			progress = sweepProgress
		}
		return runTrapSweep(sweep.TrapOptions{Max: sz, MaxCells: *maxCells, MaxSpan: *maxSpan, Config: cfg, Workers: *workers, Progress: progress}, *asJSON, stdout, stderr)
	}
	o := sweep.Options{Size: sz, Config: cfg, FreeEnds: *freeEnds, Workers: *workers, SplitDepth: *split,
		Checkpoint: *ckpt, CheckpointEvery: *every, Resume: *resume, Force: *force}
	if *shard != "" {
		if _, err := fmt.Sscanf(*shard, "%d/%d", &o.Shard, &o.Shards); err != nil || fmt.Sprintf("%d/%d", o.Shard, o.Shards) != *shard {
			return usageErr("--shard %q: want i/N, such as 0/4", *shard)
		}
		if o.Shards < 1 || o.Shard < 0 || o.Shard >= o.Shards {
			return usageErr("--shard %q: want 0 ≤ i < N", *shard)
		}
	}
	if *resume && *ckpt == "" {
		return usageErr("--resume needs --checkpoint FILE")
	}
	if *initFile != "" && !*bestOnly {
		return usageErr("--init applies to --best-only")
	}
	if set["probes"] && !*estimate {
		return usageErr("--probes applies to --estimate")
	}
	if *estimate {
		for _, name := range []string{"checkpoint", "resume", "best-only", "init", "cpuprofile"} {
			if set[name] {
				return usageErr("--%s does not apply to --estimate", name)
			}
		}
		if *probes < 1 {
			return usageErr("--probes %d: want at least 1", *probes)
		}
		return runSweepEstimate(o, *probes, *asJSON, stdout, stderr)
	}
	if err := checkpoint.Claim(*ckpt, *resume, *force); err != nil {
		return usageErr("%v", err)
	}
	if err := outfile.CheckFlags(outfile.Flag{Name: "checkpoint", Path: *ckpt}, outfile.Flag{Name: "cpuprofile", Path: *cpuprofile}); err != nil {
		return usageErr("%v", err)
	}
	if *bestOnly {
		inc, from, err := sweepIncumbent(o, *initFile)
		if err != nil {
			fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
			return exitFail
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
		if err != nil {
			fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
			return exitFail
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
			return exitFail
		}
		defer pprof.StopCPUProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := sweep.Run(ctx, o)
	if errors.Is(err, sweep.ErrSave) && rep != nil {
		// The sweep is complete: its report first, then the failure.
		writeSweepReport(rep, *asJSON, stdout, stderr)
		fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
		return exitFail
	}
	switch {
	case errors.Is(err, sweep.ErrOptions):
		return usageErr("%v", err)
	case errors.Is(err, context.Canceled) && *ckpt != "":
		fmt.Fprintf(stderr, "mousemaze sweep: interrupted; state saved in %s, continue with --resume\n", *ckpt)
		return exitFail
	case err != nil:
		fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
		return exitFail
	}
	return writeSweepReport(rep, *asJSON, stdout, stderr)
}

// sweepIncumbent returns the incumbent of a best-only sweep: the longest
// walk, under the sweep's rules, of the mazes of the swept size in file, or
// else of a quick hill climb (per pair of end columns with --free-ends).
func sweepIncumbent(o sweep.Options, file string) (int64, string, error) {
	cfgs := []mousemaze.Config{o.Config}
	if o.FreeEnds {
		cfgs = nil
		for en := 0; en < o.Size.Cols; en++ {
			for ex := 0; ex < o.Size.Cols; ex++ {
				cfgs = append(cfgs, mousemaze.Config{Order: o.Config.Order, Entry: en, Exit: ex})
			}
		}
	}
	var best int64
	if file != "" {
		ms, err := mousemaze.ParseFile(file)
		if err != nil {
			return 0, "", err
		}
		for _, m := range ms {
			if m.Rows != o.Size.Rows || m.Cols != o.Size.Cols {
				continue
			}
			for _, cfg := range cfgs {
				if res, err := mousemaze.Walk(m, cfg); err == nil && res.Feasible && res.Escaped {
					best = max(best, res.Turns)
				}
			}
		}
		if best == 0 {
			return 0, "", fmt.Errorf("--init %s: no feasible %s maze", file, o.Size)
		}
		return best, file, nil
	}
	for i, cfg := range cfgs {
		_, t := sweep.Incumbent(o.Size, cfg, 50000/len(cfgs)+1000, uint64(i+1))
		best = max(best, t)
	}
	if best == 0 {
		return 0, "", fmt.Errorf("no feasible %s maze found for an incumbent", o.Size)
	}
	return best, "quick search", nil
}

// runSweepEstimate prints Knuth's estimate of the sweep o.
func runSweepEstimate(o sweep.Options, probes int, asJSON bool, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	est, err := sweep.Estimate(ctx, o, probes, sweepEstimateSample, 1)
	switch {
	case errors.Is(err, sweep.ErrOptions):
		fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
		return exitFail
	}
	if asJSON {
		if err := json.NewEncoder(stdout).Encode(est); err != nil {
			fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "estimate %dx%d (free ends %v), %d probes per pair:\n", est.Rows, est.Cols, est.FreeEnds, est.Probes)
	fmt.Fprintf(stdout, "leaves %.3g (±%.1f%%), branch points %.3g, steps %.3g\n", est.Leaves, 100*est.RelErr, est.Nodes, est.Steps)
	fmt.Fprintf(stdout, "rate %.3g leaves/s, %.3g steps/s on one core: %.3g CPU-seconds (%.3g CPU-hours)\n", est.LeavesPerS, est.StepsPerS, est.CPUSeconds, est.CPUSeconds/3600)
	if est.Shards > 1 {
		fmt.Fprintf(stdout, "per shard of %d: %.3g leaves, %.3g CPU-seconds\n", est.Shards, est.ShardLeaves, est.ShardCPUSeconds)
		fmt.Fprintf(stdout, "shard %d/%d itself: %d tasks, %.3g leaves, %.3g steps, %.3g CPU-seconds\n", est.Shard, est.Shards, est.ThisShardTasks, est.ThisShardLeaves, est.ThisShardSteps, est.ThisShardCPUSeconds)
	}
	return exitOK
}

func writeSweepReport(rep *sweep.Report, asJSON bool, stdout, stderr io.Writer) int {
	var err error
	if asJSON {
		err = json.NewEncoder(stdout).Encode(rep)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
		return exitFail
	}
	return exitOK
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
	var reps []*sweep.Report
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "mousemaze sweep-merge: %v\n", err)
			return exitFail
		}
		var r sweep.Report
		if err := json.Unmarshal(data, &r); err != nil {
			fmt.Fprintf(stderr, "mousemaze sweep-merge: %s: %v\n", name, err)
			return exitFail
		}
		reps = append(reps, &r)
	}
	if n, missing, err := missingShards(reps); err == nil && len(missing) > 0 {
		fmt.Fprintf(stderr, "mousemaze sweep-merge: %d of %d shards are missing: %s\n", len(missing), n, ranges(missing))
		return exitFail
	}
	rep, err := sweep.Merge(reps...)
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze sweep-merge: %v\n", err)
		return exitFail
	}
	return writeSweepReport(rep, *asJSON, stdout, stderr)
}
