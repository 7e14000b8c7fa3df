package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/outfile"
)

// The defaults of a plain `mousemaze evolve`: the game's 13×13 grid, our
// iterated local search (the strongest method on 13×13 in the calibration
// of docs/search.md) and a budget of 10 million evaluations.
const (
	defaultSize  = "13x13"
	defaultAlgo  = dispatch.AlgoILS
	defaultEvals = 10000000
)

// evolveInterruptAt, when above 0, makes evolve behave as if interrupted
// (Ctrl-C) after that many generations. Tests set it.
var evolveInterruptAt int64

// evolveCheckpointVersion 2 holds a dispatch.State of the one engine
// (dispatch.SpecVersion 2); version 1 checkpoints are refused with a message.
const evolveCheckpointVersion = 2

func runEvolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("evolve", "[flags]",
		"mousemaze evolve --size 6x6 --algo memetic --evals 1000000 --seed 1 --json", stderr)
	var rules rulesFlags
	var be backendFlags
	var sf searchFlags
	rules.register(fs)
	be.register(fs)
	sf.register(fs)
	size := fs.String("size", defaultSize, "grid size RxC")
	algo := fs.String("algo", defaultAlgo, "search method: ils (iterated local search, the default), pipeline, memetic, ga, ea, sa, hill or random; see docs/search.md")
	pop := minFlag(fs, "pop", 0, 0, "population / batch size (0 = the method's preset)")
	evals := minFlag(fs, "evals", int64(defaultEvals), 1, "budget in feasible maze evaluations")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same result on every backend")
	freeEnds := fs.Bool("free-ends", false, "search the entry and exit columns too")
	initFile := fs.String("init", "", "start from the mazes in this file")
	ckptPath := fs.String("checkpoint", "", "write the search state to this file (atomically) every --checkpoint-every and at the end")
	ckptEvery := minFlag(fs, "checkpoint-every", 30*time.Second, 1, "how often to write the checkpoint")
	resume := fs.Bool("resume", false, "continue the search saved in --checkpoint")
	force := fs.Bool("force", false, "let --checkpoint overwrite a file that holds another search (without --resume)")
	outFile := fs.String("out", "", "write the best maze to this file in the text format")
	pngFile := fs.String("png", "", "draw the best maze and its visit counts to this PNG file")
	asJSON := fs.Bool("json", false, "print JSON lines: improvements, progress and a final \"done\" line")
	objective := fs.String("objective", dispatch.ObjTurns, "what to maximise: turns (the walk's length; with --k, the longest escape), trap (the smallest maze that traps a k-mod mouse) or max-cell (the most visits to one cell)")
	edges := fs.Bool("edges", false, "search Mouse Maze 2 boards (walls on edges); every --algo applies, default ga; a move flips one edge")
	walker := fs.String("walker", "", "search edge boards that keep a classic maze walker longest from the top-left to the bottom-right cell: left, right, switch-left, switch-right, lru or tremaux")
	islFlags := registerIslandFlags(fs, stderr)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	usageErr := func(format string, a ...any) int {
		return failer("evolve", stderr)(exitUsage, format, a...)
	}
	isl, err := islFlags.parse(flagsSet(fs), seed, *edges || *walker != "")
	if err != nil {
		return usageErr("%v", err)
	}
	if *walker != "" || *edges {
		r := &edgeRun{fs: fs, set: flagsSet(fs), sf: &sf, algo: *algo, size: *size, evals: *evals, seed: *seed, pop: *pop,
			workers: be.workers, ckptPath: *ckptPath, ckptEvery: *ckptEvery, resume: *resume, force: *force, outFile: *outFile, asJSON: *asJSON}
		if *walker != "" {
			return runEdgeFront(r, evolveWalker(r, *walker), stdout, stderr)
		}
		return runEdgeFront(r, evolveEdges(r, rules, *objective), stdout, stderr)
	}
	fail := func(err error) int {
		return failer("evolve", stderr)(exitFail, "%v", err)
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected arguments %q", fs.Args())
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *resume && *ckptPath == "" {
		return usageErr("--resume needs --checkpoint FILE")
	}
	if *freeEnds && (set["entry"] || set["exit"]) {
		return usageErr("--free-ends searches the ends: drop --entry and --exit")
	}
	if err := checkpoint.Claim(*ckptPath, *resume, *force); err != nil {
		return usageErr("%v", err)
	}
	if err := outfile.CheckFlags(outfile.Flag{Name: "out", Path: *outFile}, outfile.Flag{Name: "png", Path: *pngFile}); err != nil {
		return usageErr("%v", err)
	}

	ev, code := be.open("evolve", stderr)
	if code >= 0 {
		return code
	}
	defer ev.Close()

	var search *dispatch.Search
	if *resume {
		st, err := dispatch.LoadCheckpoint[dispatch.Grid](*ckptPath, "evolve", evolveCheckpointVersion)
		if err != nil {
			return fail(err)
		}
		if err := st.Spec.ResumeConflict(set, func(name string) string { return fs.Lookup(name).Value.String() }); err != nil {
			return usageErr("%v", err)
		}
		if set["evals"] {
			st.Spec.Evals = *evals // a resumed search may get a larger budget
		}
		search, err = dispatch.Resume(st, ev)
		if err != nil {
			return fail(err)
		}
	} else {
		var initial []mousemaze.Maze
		if *initFile != "" {
			if initial, err = mousemaze.ParseFile(*initFile); err != nil {
				return fail(err)
			}
		}
		sz, err := mousemaze.ParseSize(*size)
		if err != nil {
			return usageErr("--size %q: %v", *size, err)
		}
		if !set["size"] && len(initial) > 0 {
			sz = initial[0].Size()
		}
		cfg, err := rules.config()
		if err != nil {
			return usageErr("%v", err)
		}
		if err := cfg.Validate(sz.Cols); err != nil {
			return usageErr("%v on a %s grid", err, sz)
		}
		p, err := dispatch.GridSpec(*algo, sz, cfg, *freeEnds, *objective, *evals, *seed, *pop)
		if err != nil {
			return usageErr("%v", err)
		}
		if err := sf.apply(set, &p, sz.Cells()); err != nil {
			return usageErr("%v", err)
		}
		search, err = dispatch.New(p, ev, initial)
		if err != nil {
			if errors.Is(err, dispatch.ErrParams) {
				return usageErr("%v", err)
			}
			return fail(err)
		}
	}
	p := search.Params()

	var events io.Writer
	if *asJSON {
		events = stdout
	}
	hooks := dispatch.GridEvents(search, events, isl.Generation)
	out, err := dispatch.Run(dispatch.Runner{Kind: "evolve", Version: evolveCheckpointVersion, Checkpoint: *ckptPath, Every: *ckptEvery,
		Label: "evolve", Progress: stderr, InterruptAt: evolveInterruptAt}, search, hooks)
	saveErr := err // a final checkpoint not written: report the result, then fail
	if err != nil && !errors.Is(err, dispatch.ErrSave) {
		return fail(err)
	}
	if err := isl.Write(search, !out.Interrupted); err != nil {
		return fail(err)
	}
	final := dispatch.FinalEvent(search, out, ev.Name(), *ckptPath)
	// The result is reported, then written to --out and --png (an
	// interrupted search writes them too, so nothing found is lost); a file
	// that cannot be written has the maze printed to stdout instead.
	writeOutputs := func() error {
		return errors.Join(dispatch.SaveGridBest(search, *outFile, *pngFile, stdout), saveErr)
	}
	if out.Interrupted {
		dispatch.WriteEvent(events, final)
		if err := writeOutputs(); err != nil {
			return fail(err)
		}
		interrupted(search.Evals(), *ckptPath, stderr)
		return exitFail
	}
	if p.K > 0 || p.Objective != "" {
		d, err := dispatch.DescribeBest(search)
		if err != nil {
			return fail(err)
		}
		final.Detail = &d
	}
	if *asJSON {
		dispatch.WriteEvent(events, final)
	} else {
		final.WriteText(stdout, out.Elapsed)
	}
	if err := writeOutputs(); err != nil {
		return fail(err)
	}
	return exitOK
}

// interrupted tells how to go on with an interrupted search.
func interrupted(evals int64, ckpt string, stderr io.Writer) {
	if ckpt != "" {
		fmt.Fprintf(stderr, "mousemaze evolve: interrupted after %d evaluations; continue with --checkpoint %s --resume\n", evals, ckpt)
	} else {
		fmt.Fprintf(stderr, "mousemaze evolve: interrupted after %d evaluations (no --checkpoint, nothing saved)\n", evals)
	}
}
