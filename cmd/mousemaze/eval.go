package main

import (
	"io"

	"github.com/mousemaze/mousemaze"
)

// evalRecord is one line of `eval --json`: the shared record, with the
// maze's file and index.
type evalRecord = mousemaze.EvalRecord

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
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	cfg, err := rules.config()
	if err != nil {
		return failer("eval", stderr)(exitUsage, "%v", err)
	}
	cfg.Heat = *heat
	if *edges {
		return runEvalEdges(fs.Args(), cfg, be, *asJSON, stdout, stderr)
	}

	// Read every file first, so bad input fails before any output.
	var inputs []mousemaze.Input
	for _, name := range fs.Args() {
		mazes, lines, err := readMazes(name)
		if err != nil {
			return failer("eval", stderr)(exitFail, "%v", err)
		}
		for i, m := range mazes {
			if err := cfg.Validate(m.Cols); err != nil {
				return failer("eval", stderr)(exitUsage, "%s:%d: maze %d is %dx%d: %v", name, lines[i], i, m.Rows, m.Cols, err)
			}
			inputs = append(inputs, mousemaze.Input{File: name, Index: i, Line: lines[i], Maze: m})
		}
	}
	ev, err := be.open()
	if err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	defer ev.Close()
	results, err := mousemaze.EvaluateInputs(mousemaze.ForConfig(ev, cfg), cfg, inputs)
	if err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	return writeEval(inputs, results, cfg, *asJSON, stdout, stderr)
}

// writeEval prints eval's results: JSON records or the table.
func writeEval(inputs []mousemaze.Input, results []mousemaze.Result, cfg mousemaze.Config, asJSON bool, stdout, stderr io.Writer) int {
	if !asJSON {
		mousemaze.WriteEvalTable(stdout, inputs, results, cfg.Heat, cfg.K > 0)
		return exitOK
	}
	recs := make([]mousemaze.EvalRecord, len(inputs))
	for i, in := range inputs {
		recs[i] = mousemaze.NewInputRecord(in, results[i])
	}
	return printRecords("eval", recs, stdout, stderr)
}

// readMazes parses one input file ("-" is standard input).
func readMazes(name string) ([]mousemaze.Maze, []int, error) {
	return readInput(name, mousemaze.ParseLines)
}
