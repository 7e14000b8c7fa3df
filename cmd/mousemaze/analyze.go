package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/analyze"
)

func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("analyze", "[flags] FILE... ('-' reads standard input) | --table --max RxC",
		"mousemaze analyze testdata/thesis-mazes.txt", stderr)
	order := fs.String("order", "DRLU", "preference order for ties, a permutation of D, R, L, U")
	entry := fs.Int("entry", 0, "entry column (above the top row, 0-based)")
	exit := fs.Int("exit", 0, "exit column (below the bottom row, 0-based)")
	asJSON := fs.Bool("json", false, "print one JSON object per maze")
	table := fs.Bool("table", false, "print the thesis's case table over every maze up to --max instead of reading files")
	maxSize := fs.String("max", "4x4", "largest grid for --table (every size up to it is enumerated)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	o, err := mousemaze.ParseOrder(*order)
	if err != nil {
		return failer("analyze", stderr)(exitUsage, "--order: %v", err)
	}
	cfg := mousemaze.Config{Order: o, Entry: *entry, Exit: *exit}
	if *table {
		sz, err := mousemaze.ParseSize(*maxSize)
		if err != nil || sz.Rows*sz.Cols > 36 {
			return failer("analyze", stderr)(exitUsage, "--max %q: want a size of at most 36 cells", *maxSize)
		}
		s, err := analyze.SurveyAll(sz.Rows, sz.Cols, cfg)
		if err != nil {
			return failer("analyze", stderr)(exitFail, "%v", err)
		}
		if *asJSON {
			if err := json.NewEncoder(stdout).Encode(s.Table.Stats()); err != nil {
				return exitFail
			}
			return exitOK
		}
		fmt.Fprintf(stdout, "every maze up to %s, order %s, entry %d, exit %d: %d mazes, %d loop-less feasible, tree evaluator mismatches %d\n",
			sz, o, *entry, *exit, s.Mazes, s.Loopless, s.TreeMismatch)
		fmt.Fprintf(stdout, "single 2x2 loop: %d mazes, Theorem 1 failed on %d\n\n", s.SingleLoop, s.Theorem1Failed)
		s.Table.Write(stdout)
		return exitOK
	}
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	enc := json.NewEncoder(stdout)
	for _, name := range fs.Args() {
		mazes, lines, err := readMazes(name)
		if err != nil {
			return failer("analyze", stderr)(exitFail, "%v", err)
		}
		for i, m := range mazes {
			if err := cfg.Validate(m.Cols); err != nil {
				return failer("analyze", stderr)(exitUsage, "%s:%d: maze %d is %dx%d: %v", name, lines[i], i, m.Rows, m.Cols, err)
			}
			rec, err := analyze.Analyze(name, i, m, cfg)
			if err != nil {
				return failer("analyze", stderr)(exitFail, "%s:%d: %v", name, lines[i], err)
			}
			if *asJSON {
				if err := enc.Encode(rec); err != nil {
					return exitFail
				}
				continue
			}
			analyze.WriteRecord(stdout, rec, m)
		}
	}
	return exitOK
}
