package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mousemaze/mousemaze"
)

func init() {
	register(command{name: "eval", summary: "walk the mouse through mazes read from files and report turns", run: runEval})
}

// evalRecord is one line of `eval --json`: the shared record, with the
// maze's file and index.
type evalRecord = mousemaze.EvalRecord

// inputMaze is a maze read from a file, with where it came from.
type inputMaze struct {
	file  string
	index int
	line  int
	maze  mousemaze.Maze
}

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
		fmt.Fprintln(stderr, "mousemaze eval: no input files (use - for standard input)")
		fs.Usage()
		return exitUsage
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
	var inputs []inputMaze
	for _, name := range fs.Args() {
		mazes, lines, err := readMazes(name)
		if err != nil {
			return failer("eval", stderr)(exitFail, "%v", err)
		}
		for i, m := range mazes {
			if err := cfg.Validate(m.Cols); err != nil {
				return failer("eval", stderr)(exitUsage, "%s:%d: maze %d is %dx%d: %v", name, lines[i], i, m.Rows, m.Cols, err)
			}
			inputs = append(inputs, inputMaze{file: name, index: i, line: lines[i], maze: m})
		}
	}
	ev, err := be.open()
	if err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	defer ev.Close()
	results, err := evaluateAll(mousemaze.ForConfig(ev, cfg), cfg, inputs)
	if err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		for i, in := range inputs {
			if err := enc.Encode(newEvalRecord(in, results[i])); err != nil {
				return failer("eval", stderr)(exitFail, "%v", err)
			}
		}
		return exitOK
	}
	writeEvalTable(stdout, inputs, results, *heat, cfg.K > 0)
	return exitOK
}

// readMazes parses one input file ("-" is standard input).
func readMazes(name string) ([]mousemaze.Maze, []int, error) {
	return readInput(name, mousemaze.ParseLines)
}

// evaluateAll groups the mazes by size, evaluates each group as one
// population and returns the results in input order.
func evaluateAll(ev mousemaze.Evaluator, cfg mousemaze.Config, inputs []inputMaze) ([]mousemaze.Result, error) {
	groups := map[mousemaze.Size][]int{}
	var sizes []mousemaze.Size
	for i, in := range inputs {
		sz := in.maze.Size()
		if _, ok := groups[sz]; !ok {
			sizes = append(sizes, sz)
		}
		groups[sz] = append(groups[sz], i)
	}
	results := make([]mousemaze.Result, len(inputs))
	for _, sz := range sizes {
		idx := groups[sz]
		pop := mousemaze.NewPopulation(sz.Rows, sz.Cols, 0)
		for _, i := range idx {
			if err := pop.Append(inputs[i].maze); err != nil {
				return nil, err
			}
		}
		dst := make([]mousemaze.Result, len(idx))
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			return nil, fmt.Errorf("%s backend on %s mazes: %w", ev.Name(), sz, err)
		}
		for k, i := range idx {
			results[i] = dst[k]
		}
	}
	return results, nil
}

func newEvalRecord(in inputMaze, r mousemaze.Result) evalRecord {
	rec := mousemaze.NewEvalRecord(in.maze.Rows, in.maze.Cols, r)
	rec.EvalSource = &mousemaze.EvalSource{File: in.file, Index: in.index}
	return rec
}

// writeEvalTable prints the results as a table; kmod adds the columns
// trapped, cycle (start+length) and mousetrap (its first turn).
func writeEvalTable(w io.Writer, inputs []inputMaze, results []mousemaze.Result, heat, kmod bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if kmod {
		fmt.Fprintln(tw, "file\tindex\tsize\tturns\tvisits\tescaped\tfeasible\ttrapped\tcycle\tmousetrap\t")
	} else {
		fmt.Fprintln(tw, "file\tindex\tsize\tturns\tvisits\tescaped\tfeasible\t")
	}
	for i, in := range inputs {
		r := results[i]
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%s\t%s\t", in.file, in.index, in.maze.Size(), r.Turns, r.Visits(), yesNo(r.Escaped), yesNo(r.Feasible))
		if kmod {
			cycle := "-"
			if r.Trapped {
				cycle = fmt.Sprintf("%d+%d", r.CycleStart, r.CycleLen)
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t", yesNo(r.Trapped), cycle, r.TrapTurn)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if !heat {
		return
	}
	for i, in := range inputs {
		fmt.Fprintf(w, "\n%s maze %d (%s), visits per cell:\n", in.file, in.index, in.maze.Size())
		writeHeat(w, in.maze, results[i].Heat)
	}
}

// writeHeat prints a maze's heat map as a grid: X for walls, the visit
// count for open cells.
func writeHeat(w io.Writer, m mousemaze.Maze, heat []uint32) {
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			if m.Wall(r, c) {
				fmt.Fprint(tw, "X\t")
			} else {
				fmt.Fprintf(tw, "%d\t", heat[r*m.Cols+c])
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
