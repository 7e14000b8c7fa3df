package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/analyze"
)

func init() {
	register(command{name: "analyze", summary: "check the thesis's and the paper's theory on mazes read from files", run: runAnalyze})
}

// analyzeRecord is one line of `analyze --json`.
type analyzeRecord struct {
	File       string              `json:"file"`
	Index      int                 `json:"index"`
	Rows       int                 `json:"rows"`
	Cols       int                 `json:"cols"`
	Feasible   bool                `json:"feasible"`
	Loopless   bool                `json:"loopless"`
	Turns      int64               `json:"turns"`
	Predicted  int64               `json:"thesis_predicted,omitempty"`
	TreeTurns  int64               `json:"tree_turns,omitempty"`
	MainPath   []analyze.Cell      `json:"main_path,omitempty"`
	Branches   []*analyze.Branch   `json:"branches,omitempty"`
	Cycles     int                 `json:"cycles"`
	Loops      []analyze.Loop      `json:"loops,omitempty"`
	Bounds     *analyze.BoundCheck `json:"bounds,omitempty"`
	Theorem1OK bool                `json:"theorem1_holds"`
}

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
		fmt.Fprintf(stderr, "mousemaze analyze: --order: %v\n", err)
		return exitUsage
	}
	cfg := mousemaze.Config{Order: o, Entry: *entry, Exit: *exit}
	if *table {
		sz, err := mousemaze.ParseSize(*maxSize)
		if err != nil || sz.Rows*sz.Cols > 36 {
			fmt.Fprintf(stderr, "mousemaze analyze: --max %q: want a size of at most 36 cells\n", *maxSize)
			return exitUsage
		}
		s, err := analyze.SurveyAll(sz.Rows, sz.Cols, cfg)
		if err != nil {
			fmt.Fprintf(stderr, "mousemaze analyze: %v\n", err)
			return exitFail
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
		fmt.Fprintln(stderr, "mousemaze analyze: no input files (use - for standard input)")
		fs.Usage()
		return exitUsage
	}
	enc := json.NewEncoder(stdout)
	for _, name := range fs.Args() {
		mazes, lines, err := readMazes(name)
		if err != nil {
			fmt.Fprintf(stderr, "mousemaze analyze: %v\n", err)
			return exitFail
		}
		for i, m := range mazes {
			if err := cfg.Validate(m.Cols); err != nil {
				fmt.Fprintf(stderr, "mousemaze analyze: %s:%d: maze %d is %dx%d: %v\n", name, lines[i], i, m.Rows, m.Cols, err)
				return exitUsage
			}
			rec, err := analyzeOne(name, i, m, cfg)
			if err != nil {
				fmt.Fprintf(stderr, "mousemaze analyze: %s:%d: %v\n", name, lines[i], err)
				return exitFail
			}
			if *asJSON {
				if err := enc.Encode(rec); err != nil {
					return exitFail
				}
				continue
			}
			writeAnalysis(stdout, rec, m)
		}
	}
	return exitOK
}

func analyzeOne(file string, index int, m mousemaze.Maze, cfg mousemaze.Config) (analyzeRecord, error) {
	rec := analyzeRecord{File: file, Index: index, Rows: m.Rows, Cols: m.Cols}
	d, err := analyze.Decompose(m, cfg)
	if err != nil {
		return rec, err
	}
	rec.Feasible, rec.Loopless = d.Feasible, d.Loopless
	if !d.Feasible {
		return rec, nil
	}
	if d.Loopless {
		rec.Turns, rec.Predicted, rec.MainPath, rec.Branches = d.Turns, d.Predicted, d.MainPath, d.Branches
		// The closed-form tree evaluator, beside the walk's turns.
		tr, err := analyze.TreeEval(m, cfg)
		if err != nil {
			return rec, err
		}
		rec.TreeTurns = tr.Turns
	}
	lr, err := analyze.Loops(m, cfg)
	if err != nil {
		return rec, err
	}
	rec.Cycles, rec.Loops, rec.Theorem1OK = lr.Cycles, lr.Loops, lr.Theorem1Holds()
	if !d.Loopless {
		rec.MainPath = lr.MainPath
	}
	bc, err := analyze.CheckBounds(m, cfg, m.Rows*m.Cols <= 1024)
	if err != nil {
		return rec, err
	}
	rec.Bounds = &bc
	rec.Turns = bc.Turns
	return rec, nil
}

func writeAnalysis(w io.Writer, rec analyzeRecord, m mousemaze.Maze) {
	fmt.Fprintf(w, "%s maze %d (%dx%d)\n", rec.File, rec.Index, rec.Rows, rec.Cols)
	if !rec.Feasible {
		fmt.Fprintln(w, "  infeasible")
		return
	}
	fmt.Fprintf(w, "  turns %d, loop-less %s, cycles %d\n", rec.Turns, yesNo(rec.Loopless), rec.Cycles)
	var path []string
	for _, c := range rec.MainPath {
		path = append(path, fmt.Sprintf("(%d,%d)", c.R, c.C))
	}
	fmt.Fprintf(w, "  main path (%d cells): %s\n", len(rec.MainPath), strings.Join(path, " "))
	if rec.Loopless {
		same := map[bool]string{true: "equals the walk", false: "differs from the walk"}
		fmt.Fprintf(w, "  closed-form tree evaluator %d turns (%s)\n", rec.TreeTurns, same[rec.TreeTurns == rec.Turns])
		fmt.Fprintf(w, "  thesis prediction %d turns (%s)\n", rec.Predicted, same[rec.Predicted == rec.Turns])
		var rec2 func(b *analyze.Branch, depth int)
		rec2 = func(b *analyze.Branch, depth int) {
			kind := "dead end"
			if !b.Chain {
				kind = "splits"
			}
			fmt.Fprintf(w, "  %sbranch at (%d,%d) %s rank %d, %d-way, length %d (%s, %d cells): %s, predicted %d, walk %d\n",
				strings.Repeat("  ", depth), b.Crossroad.R, b.Crossroad.C, b.Dir, b.Rank, b.Ways, b.Length, kind, b.Cells, b.Case, b.Predicted, b.Actual)
			for _, s := range b.Sub {
				rec2(s, depth+1)
			}
		}
		for _, b := range rec.Branches {
			rec2(b, 0)
		}
	}
	for _, l := range rec.Loops {
		if !l.OnMain {
			fmt.Fprintf(w, "  2x2 loop at (%d,%d): off the main path\n", l.Top.R, l.Top.C)
			continue
		}
		fmt.Fprintf(w, "  2x2 loop at (%d,%d): entrance (%d,%d), exit (%d,%d), arrivals %d, reversals %d (%d before continuing)\n",
			l.Top.R, l.Top.C, l.Entrance.R, l.Entrance.C, l.Exit.R, l.Exit.C, l.Arrivals, l.Reversals, l.ReversalsBefore)
	}
	if b := rec.Bounds; b != nil {
		lemma := "holds at every departure"
		if b.Lemma6 != "" {
			lemma = "fails: " + b.Lemma6
		}
		fmt.Fprintf(w, "  Theorem 8 guard %d (turns/guard %.3g)", b.Guard, b.GuardRatio)
		if b.Log10Paper != 0 {
			fmt.Fprintf(w, ", paper bound 10^%.2f visits", b.Log10Paper)
		}
		fmt.Fprintf(w, "; Lemma 6 %s (%d departures)\n", lemma, b.Departures)
	}
}
