package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
	"github.com/mousemaze/mousemaze/dispatch/island"
	"github.com/mousemaze/mousemaze/internal/cliflag"
	"github.com/mousemaze/mousemaze/internal/cpuprofile"
	"github.com/mousemaze/mousemaze/outfile"
)

// The defaults of a plain `mousemaze evolve`: the game's 13×13 grid, our
// iterated local search (the strongest method on 13×13 in the calibration
// of docs/search.md) and a budget of 10 million evaluations.
const (
	defaultSize  = "13x13"
	defaultAlgo  = dispatch.AlgoAuto
	defaultEvals = 10000000
)

// evolveInterruptAt, when above 0, makes evolve behave as if interrupted
// (Ctrl-C) after that many generations. Tests set it.
var evolveInterruptAt int64

// afterWork, when not nil, runs when a command's long work (a search, a
// game) is done, before it prints and writes its result. Tests set it to
// break an output path that was fine when the command started.
var afterWork func()

// workDone runs afterWork, if any.
func workDone() {
	if afterWork != nil {
		afterWork()
	}
}

// evolveCheckpointVersion 2 holds a dispatch.EngineState[dispatch.Grid] of the one engine
// (dispatch.SpecVersion 2); version 1 checkpoints are refused with a message.
const evolveCheckpointVersion = 2

// edgeCheckpointVersion is the version of evolve --edges/--walker
// checkpoints (a dispatch.EngineState[mousemaze.EdgeMaze] of Spec version 2).
const edgeCheckpointVersion = 2

// evolveFlags are the flags of evolve.
type evolveFlags struct {
	gridFlags
	be                                                   backendFlags
	size, initFile, initAt, ckpt, outFile, pngFile, walk string
	cpuprofile, trace                                    string
	every                                                *time.Duration
	resume, force, asJSON, edges                         bool
	isl                                                  *islandFlags
}

func (f *evolveFlags) register(fs *flag.FlagSet, stderr io.Writer) {
	f.gridFlags.register(fs, defaultAlgo, "budget in feasible maze evaluations")
	f.rules.registerCap(fs)
	f.be.register(fs)
	fs.StringVar(&f.size, "size", defaultSize, "grid size RxC")
	fs.StringVar(&f.initFile, "init", "", "start from the mazes in this file (a smaller maze grows into the --size grid: see --init-at)")
	fs.StringVar(&f.initAt, "init-at", "0,0", "where a smaller --init maze goes: `ROW,COL` of its top-left cell, or corners (each maze at every corner); the new cells are walls but the paths that join its ends to the grid's")
	fs.StringVar(&f.ckpt, "checkpoint", "", "write the search state to this file (atomically) every --checkpoint-every and at the end")
	f.every = cliflag.Min(fs, "checkpoint-every", 30*time.Second, 1, "how often to write the checkpoint")
	fs.BoolVar(&f.resume, "resume", false, "continue the search saved in --checkpoint")
	fs.BoolVar(&f.force, "force", false, "let --checkpoint overwrite a file that holds another search (without --resume)")
	fs.StringVar(&f.outFile, "out", "", "write the best maze to this file in the text format")
	fs.StringVar(&f.pngFile, "png", "", "draw the best maze and its visit counts to this PNG file")
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile of the run to this file (go tool pprof reads it)")
	fs.StringVar(&f.trace, "trace", "", "write an execution trace of the run to this file (go tool trace reads it; scripts/trace-idle.py counts the idle processors)")
	fs.BoolVar(&f.asJSON, "json", false, "print JSON lines: improvements, progress and a final \"done\" line")
	fs.BoolVar(&f.edges, "edges", false, "search Mouse Maze 2 boards (walls on edges); every --algo applies, default ga; a move flips one edge")
	fs.StringVar(&f.walk, "walker", "", "search edge boards that keep a classic maze walker longest from the top-left to the bottom-right cell: left, right, switch-left, switch-right, lru or tremaux; every --algo applies, default ils")
	f.isl = registerIslandFlags(fs, stderr)
}

// start is how the search starts: kind names its checkpoints.
func (f *evolveFlags) start(fs *flag.FlagSet, kind string, version int) evolve.Start {
	return evolve.Start{Kind: kind, Version: version, Checkpoint: f.ckpt, Resume: f.resume, Force: f.force,
		Set: flagsSet(fs), Flag: func(name string) string { return fs.Lookup(name).Value.String() }, Evals: *f.evals}
}

func runEvolve(args []string, stdout, stderr io.Writer) (code int) {
	fs := newFlagSet("evolve", "[flags]",
		"mousemaze evolve --size 6x6 --algo memetic --evals 1000000 --seed 1 --json", stderr)
	var f evolveFlags
	f.register(fs, stderr)
	parseNoArgs(fs, args)
	fail := failer("evolve", stderr)
	started := time.Now()
	set := flagsSet(fs)
	if err := cmp.Or(needs(set, "checkpoint", "force", "checkpoint-every"), needs(set, "init", "init-at")); err != nil {
		return fail(exitUsage, "%v", err)
	}
	isl, err := f.isl.m.Join(f.isl.shard, set["migrate"] || set["migrate-every"], f.edges || f.walk != "", &f.seed)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	if f.walk != "" || f.edges {
		return runEvolveEdges(fs, &f, stdout, stderr)
	}
	if f.freeEnds && (set["entry"] || set["exit"]) {
		return fail(exitUsage, "--free-ends searches the ends: drop --entry and --exit")
	}
	start := f.start(fs, "evolve", evolveCheckpointVersion)
	start.Warn = stderr
	if err := cmp.Or(f.checkOutputs(), start.Claim()); err != nil {
		return fail(exitUsage, "%v", err)
	}
	stop, err := cpuprofile.StartFlags(f.cpuprofile, f.trace)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	defer stopProfiles(stop, &code, fail)
	sz, err := mousemaze.ParseSize(f.size)
	if err != nil {
		return fail(exitUsage, "--size %q: %v", f.size, err)
	}
	o, err := f.options(fs, sz)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	o.InitAt = f.initAt
	if f.resume && (set["init"] || set["init-at"]) {
		fmt.Fprintf(stderr, "mousemaze evolve: %s\n", evolve.InitOnResume)
	}
	search, ev, err := evolve.OpenGrid(start, o, f.initFile, f.be.backend, mousemaze.Options{Workers: f.be.workers, Kernel: f.be.kernel})
	if err != nil {
		return failErr("evolve", stderr, err)
	}
	defer ev.Close()
	var events io.Writer
	if f.asJSON {
		events = stdout
	}
	final, out, err := evolve.RunGrid(evolve.Runner{Kind: "evolve", Version: evolveCheckpointVersion, Checkpoint: f.ckpt, Every: *f.every,
		Label: "evolve", Progress: stderr, InterruptAt: evolveInterruptAt, Started: started}, search, events, isl, ev.Name())
	saveErr := err // a final checkpoint not written: report the result, then fail
	if err != nil && !errors.Is(err, evolve.ErrSave) {
		return fail(exitFail, "%v", err)
	}
	workDone()
	// The result is printed first, in the format asked for, whether the
	// search finished or was interrupted (its best so far), then written
	// to --out and --png: a file that cannot be written loses nothing, and
	// standard output holds the result once.
	if f.asJSON {
		evolve.WriteEvent(stdout, final)
	} else {
		final.WriteText(stdout, out.Elapsed)
	}
	written, fileErr := evolve.SaveGridBest(search, f.outFile, f.pngFile)
	return f.finish(out, search.Evals(), written, outfile.Printed(fileErr), saveErr, stderr)
}

// checkOutputs checks, before the search, every file evolve will write:
// --out, --png, --checkpoint, --cpuprofile and --trace (which must be
// apart; see outfile.CheckFlags).
func (f *evolveFlags) checkOutputs() error {
	return outfile.CheckFlags(outfile.Flag{Name: "out", Path: f.outFile}, outfile.Flag{Name: "png", Path: f.pngFile},
		outfile.Flag{Name: "checkpoint", Path: f.ckpt}, outfile.Flag{Name: "cpuprofile", Path: f.cpuprofile},
		outfile.Flag{Name: "trace", Path: f.trace})
}

// finish ends a search whose result is printed: it says how to go on
// after an interruption (the search stopped after evals evaluations,
// its best written to the files written) and fails on fileErr (an output
// file not written) and saveErr (a final checkpoint not written).
func (f *evolveFlags) finish(out evolve.Outcome, evals int64, written []string, fileErr, saveErr error, stderr io.Writer) int {
	if out.Interrupted {
		fmt.Fprintf(stderr, "mousemaze evolve: %s\n", evolve.InterruptedNote(evals, f.ckpt, saveErr == nil, written))
	}
	if err := errors.Join(fileErr, saveErr); err != nil {
		return failer("evolve", stderr)(exitFail, "%v", err)
	}
	if out.Interrupted {
		return exitFail
	}
	return exitOK
}

// runEvolveEdges is evolve --edges and evolve --walker NAME: the engine on
// edge boards (evolve.StartEdges). An interrupted search saves its
// checkpoint, reports the best board so far and exits 1.
func runEvolveEdges(fs *flag.FlagSet, f *evolveFlags, stdout, stderr io.Writer) (code int) {
	fail := failer("evolve", stderr)
	kind, what, label, notApply := "evolve-edges", "--edges", "--edges", []string{"free-ends", "init", "init-at", "png", "backend", "kernel", "island", "migrate", "migrate-every"}
	if f.walk != "" {
		kind, what, label = "evolve-walker", "--walker", "--walker "+f.walk
		notApply = append(notApply, "edges", "k", "objective", "order", "entry", "exit", "cap")
	}
	start := f.start(fs, kind, edgeCheckpointVersion)
	if err := notApplying(start.Set, notApply, what); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if err := cmp.Or(f.checkOutputs(), start.Claim()); err != nil {
		return fail(exitUsage, "%v", err)
	}
	stop, err := cpuprofile.StartFlags(f.cpuprofile, f.trace)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	defer stopProfiles(stop, &code, fail)
	o := evolve.EdgeOptions{Walker: f.walk, Size: f.size, Objective: f.objective, Evals: *f.evals, Seed: f.seed, Pop: *f.pop,
		Workers: f.be.workers, Tuning: f.sf, Set: start.Set}
	if start.Set["algo"] {
		o.Algo = f.algo
	}
	if o.Config, err = f.rules.Config("--"); err != nil {
		return fail(exitUsage, "%v", err)
	}
	search, err := evolve.StartEdges(start, o)
	if err != nil {
		return failErr("evolve", stderr, err)
	}
	out, err := evolve.Run(evolve.Runner{Kind: kind, Version: edgeCheckpointVersion, Checkpoint: f.ckpt, Every: *f.every,
		Label: "evolve " + label, Progress: stderr, InterruptAt: evolveInterruptAt}, search, dispatch.EngineHooks[mousemaze.EdgeMaze]{})
	saveErr := err // a final checkpoint not written: report the result, then fail
	if err != nil && !errors.Is(err, evolve.ErrSave) {
		return fail(exitFail, "%v", err)
	}
	workDone()
	// The result is printed first, then written to --out: a file that
	// cannot be written loses nothing, and standard output holds the
	// result once. The file is written even when printing fails.
	ev, err := evolve.NewEdgeFinal(search, out, f.ckpt)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	printed := writeText("evolve", ev, f.asJSON, stdout, stderr)
	written, fileErr := evolve.SaveEdgeBest(ev, f.outFile)
	if printed != exitOK {
		if fileErr != nil {
			fail(exitFail, "%v", fileErr)
		}
		return printed
	}
	return f.finish(out, search.Evals(), written, outfile.Printed(fileErr), saveErr, stderr)
}

// gridFlags are the flags of a grid search that evolve and slurm evolve
// share (evolve.GridOptions); each command adds --size its own way.
type gridFlags struct {
	rules           rulesFlags
	sf              evolve.Tuning // the search method's parameters given (evolve.TuningFlags)
	algo, objective string
	pop             *int
	evals           *int64
	seed            uint64
	freeEnds        bool
}

// register adds the flags, with algo the default method and evalsUsage
// the text of --evals.
func (g *gridFlags) register(fs *flag.FlagSet, algo, evalsUsage string) {
	g.rules.registerEnds(fs)
	g.rules.registerK(fs, kUsage)
	g.sf = evolve.TuningFlags(fs)
	fs.StringVar(&g.algo, "algo", algo, "search method: auto (memetic on grids of up to 36 cells, ils --restarts 10 --kick 2 up to 49, ils above), ils (iterated local search), pipeline, memetic, ga, ea, sa, hill or random; see docs/search.md")
	g.pop = cliflag.Min(fs, "pop", 0, 0, "population / batch size (0 = the method's preset)")
	g.evals = cliflag.Min(fs, "evals", int64(defaultEvals), 1, evalsUsage)
	fs.Uint64Var(&g.seed, "seed", 1, "random seed; the same seed gives the same result on every backend (island i of slurm evolve: seed+i)")
	fs.BoolVar(&g.freeEnds, "free-ends", false, "search the entry and exit columns too")
	fs.StringVar(&g.objective, "objective", dispatch.ObjTurns, "what to maximise: turns (the walk's length; with --k, the longest escape), trap (the smallest maze that traps a k-mod mouse) or max-cell (the most visits to one cell)")
}

// options are the settings of the search on a grid of size sz; fs holds
// the flags, parsed.
func (g *gridFlags) options(fs *flag.FlagSet, sz mousemaze.Size) (evolve.GridOptions, error) {
	cfg, err := g.rules.Config("--")
	return evolve.GridOptions{Algo: g.algo, Size: sz, Config: cfg, FreeEnds: g.freeEnds, Objective: g.objective,
		Evals: *g.evals, Seed: g.seed, Pop: *g.pop, Tuning: g.sf, Set: flagsSet(fs)}, err
}

// islandFlags are evolve's --island, --migrate and --migrate-every: the
// search runs as island i of N, trading its best mazes with its ring
// neighbours through files in a shared directory (see dispatch/island;
// island.Migrator.Join checks them).
type islandFlags struct {
	shard mousemaze.Shard // i/N, parsed once; Count 0 when not given
	m     island.Migrator
}

// registerIslandFlags adds the island flags to fs; migrations are logged
// to log.
func registerIslandFlags(fs *flag.FlagSet, log io.Writer) *islandFlags {
	f := &islandFlags{m: island.Migrator{Log: log}}
	fs.Var(&f.shard, "island", "run as island i of N, written i/N (0-based; the seed becomes seed+i), trading mazes through --migrate")
	fs.StringVar(&f.m.Dir, "migrate", "", "shared directory where islands write their best mazes and read their neighbours'")
	fs.IntVar(&f.m.Every, "migrate-every", 25, "generations between migrations (with --island)")
	return f
}

// stopProfiles ends the profiles of cpuprofile.StartFlags as the command
// returns *code: a profile that could not be written fails a command that
// succeeded.
func stopProfiles(stop func() error, code *int, fail func(int, string, ...any) int) {
	if err := stop(); err != nil && *code == exitOK {
		*code = fail(exitFail, "%v", err)
	}
}
