package main

// This file holds the commands that walk the mouse through mazes read
// from files: eval, graph and analyze.

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/analyze"
	"github.com/mousemaze/mousemaze/evalout"
)

// evalRecord is one line of `eval --json`: the shared record, with the
// maze's file and index.
type evalRecord = evalout.EvalRecord

func runEval(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("eval", "[flags] FILE... ('-' reads standard input)",
		"mousemaze eval --json testdata/thesis-mazes.txt", stderr)
	var rules rulesFlags
	var be backendFlags
	rules.register(fs)
	be.register(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per maze")
	heat := fs.Bool("heat", false, "include every cell's visit count")
	edges := fs.Bool("edges", false, "read Mouse Maze 2 boards (walls on edges; see docs/variants.md) instead of grid mazes")
	parseFlags(fs, args)
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	cfg, err := rules.Config("--")
	if err != nil {
		return failer("eval", stderr)(exitUsage, "%v", err)
	}
	cfg.Heat = *heat
	ev, code := be.open("eval", stderr)
	if code >= 0 {
		return code
	}
	defer ev.Close()
	// What eval allocates (the mazes, their inputs and results) stays
	// live to the end, so a collection finds little to free: collect
	// when the heap has grown fivefold, not twofold (one collection
	// instead of four on 100,000 mazes; the peak memory is the same).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	inputs, boards, err := evalout.ReadInputs(fs.Args(), stdin, cfg, *edges)
	if err != nil {
		return failErr("eval", stderr, err)
	}
	results, err := evalout.Evaluate(ev, cfg, inputs, boards, *edges, be.workers)
	if err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	// Until now a signal ends the process, as nothing is buffered; from
	// here on it stops the output at the end of a line, flushed.
	ctx, stop := interruptContext()
	defer stop()
	if err := evalout.WriteEval(ctx, stdout, inputs, results, evalout.EvalOutput{JSON: *asJSON, Config: cfg}); err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	return exitOK
}

func runGraph(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("graph", "[flags] FILE.json... ('-' reads standard input; see docs/graph.md)",
		"mousemaze graph --k 3 testdata/single-path.json", stderr)
	var rules rulesFlags
	rules.register(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per graph")
	heat := fs.Bool("heat", false, "include every vertex's visit count")
	fromGrid := fs.Bool("from-grid", false, "read grid mazes (text format) instead and print each as a graph in JSON, under --order, --entry and --exit")
	lemma11 := fs.Int("lemma11", 0, "print the paper's Lemma 11 tree for a `K`-mod mouse (K ≥ 2) in JSON and exit")
	parseFlags(fs, args)
	fail := func(err error) int {
		return failer("graph", stderr)(exitFail, "%v", err)
	}
	// The grid flags (--order, --entry, --exit) apply to the grids that
	// --from-grid reads, and only they do; --lemma11 takes none.
	set := flagsSet(fs)
	var err error
	switch {
	case set["lemma11"]:
		err = notApplying(set, []string{"order", "entry", "exit", "cap", "k", "heat", "json", "from-grid"}, "--lemma11")
		if err == nil && fs.NArg() > 0 {
			err = fmt.Errorf("--lemma11 reads no files: drop %q", fs.Args())
		}
	case *fromGrid:
		err = notApplying(set, []string{"cap", "k", "heat", "json"}, "--from-grid (it prints each grid as a graph)")
	default:
		err = notApplying(set, []string{"order", "entry", "exit"}, "JSON graphs (only to grids read with --from-grid)")
	}
	if err != nil {
		return failer("graph", stderr)(exitUsage, "%v", err)
	}
	cfg, err := rules.Config("--")
	if err != nil {
		return failer("graph", stderr)(exitUsage, "%v", err)
	}
	cfg.Heat = *heat
	if set["lemma11"] {
		if *lemma11 < 2 || *lemma11 > mousemaze.MaxLemma11 {
			return failer("graph", stderr)(exitUsage, "--lemma11 %d: want 2 ≤ K ≤ %d", *lemma11, mousemaze.MaxLemma11)
		}
		if err := mousemaze.WriteGraph(stdout, mousemaze.Lemma11(*lemma11)); err != nil {
			return fail(err)
		}
		return exitOK
	}
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	if *fromGrid {
		if err := evalout.WriteGridGraphs(stdout, fs.Args(), stdin, cfg); err != nil {
			return fail(err)
		}
		return exitOK
	}
	recs, err := evalout.GraphRecords(fs.Args(), stdin, cfg)
	if err != nil {
		return fail(err)
	}
	text := func(w io.Writer, recs []evalout.GraphRecord) { evalout.WriteGraphTable(w, recs, *heat) }
	return writeRecords("graph", recs, *asJSON, asTable(text), stdout, stderr)
}

func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("analyze", "[flags] FILE... ('-' reads standard input) | --table --max RxC",
		"mousemaze analyze testdata/thesis-mazes.txt", stderr)
	var rules rulesFlags
	rules.registerEnds(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per maze")
	table := fs.Bool("table", false, "print the thesis's case table over every maze up to --max instead of reading files")
	maxSize := fs.String("max", "4x4", "largest grid for --table (every size up to it is enumerated)")
	parseFlags(fs, args)
	cfg, err := rules.Config("--")
	if err != nil {
		return failer("analyze", stderr)(exitUsage, "%v", err)
	}
	if err := needs(flagsSet(fs), "table", "max"); err != nil {
		return failer("analyze", stderr)(exitUsage, "%v", err)
	}
	if *table {
		if fs.NArg() > 0 {
			return failer("analyze", stderr)(exitUsage, "--table reads no files: drop %q", fs.Args())
		}
		s, sz, err := analyze.SurveyUpTo(*maxSize, cfg)
		if err != nil {
			return failErr("analyze", stderr, err)
		}
		return report(*asJSON, s.Table.Stats(), func(w io.Writer) { s.WriteText(w, sz, cfg) }, stdout)
	}
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	inputs, _, err := evalout.ReadInputs(fs.Args(), stdin, cfg, false)
	if err != nil {
		return failErr("analyze", stderr, err)
	}
	recs, err := analyze.Inputs(inputs, cfg)
	if *asJSON && err == nil {
		return printRecords("analyze", recs, stdout, stderr)
	}
	for k := 0; k < len(recs) && !*asJSON; k++ {
		analyze.WriteRecord(stdout, recs[k], inputs[k].Maze)
	}
	if err != nil {
		return failer("analyze", stderr)(exitFail, "%v", err)
	}
	return exitOK
}
