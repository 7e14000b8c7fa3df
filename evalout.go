package mousemaze

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// Input is a maze read from a file, with where it came from.
type Input struct {
	File  string
	Index int
	Line  int
	Maze  Maze
}

// EvaluateInputs groups the mazes by size, evaluates each group as one
// population and returns the results in input order.
func EvaluateInputs(ev Evaluator, cfg Config, inputs []Input) ([]Result, error) {
	groups := map[Size][]int{}
	var sizes []Size
	for i, in := range inputs {
		sz := in.Maze.Size()
		if _, ok := groups[sz]; !ok {
			sizes = append(sizes, sz)
		}
		groups[sz] = append(groups[sz], i)
	}
	results := make([]Result, len(inputs))
	for _, sz := range sizes {
		idx := groups[sz]
		pop := NewPopulation(sz.Rows, sz.Cols, 0)
		for _, i := range idx {
			if err := pop.Append(inputs[i].Maze); err != nil {
				return nil, err
			}
		}
		dst := make([]Result, len(idx))
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			return nil, fmt.Errorf("%s backend on %s mazes: %w", ev.Name(), sz, err)
		}
		for k, i := range idx {
			results[i] = dst[k]
		}
	}
	return results, nil
}

// NewInputRecord is the eval record of input in and its result r.
func NewInputRecord(in Input, r Result) EvalRecord {
	rec := NewEvalRecord(in.Maze.Rows, in.Maze.Cols, r)
	rec.EvalSource = &EvalSource{File: in.File, Index: in.Index}
	return rec
}

// WriteEvalTable prints the results as a table; kmod adds the columns
// trapped, cycle (start+length) and mousetrap (its first turn).
func WriteEvalTable(w io.Writer, inputs []Input, results []Result, heat, kmod bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if kmod {
		fmt.Fprintln(tw, "file\tindex\tsize\tturns\tvisits\tescaped\tfeasible\ttrapped\tcycle\tmousetrap\t")
	} else {
		fmt.Fprintln(tw, "file\tindex\tsize\tturns\tvisits\tescaped\tfeasible\t")
	}
	for i, in := range inputs {
		r := results[i]
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%s\t%s\t", in.File, in.Index, in.Maze.Size(), r.Turns, r.Visits(), YesNo(r.Escaped), YesNo(r.Feasible))
		if kmod {
			cycle := "-"
			if r.Trapped {
				cycle = fmt.Sprintf("%d+%d", r.CycleStart, r.CycleLen)
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t", YesNo(r.Trapped), cycle, r.TrapTurn)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if !heat {
		return
	}
	for i, in := range inputs {
		fmt.Fprintf(w, "\n%s maze %d (%s), visits per cell:\n", in.File, in.Index, in.Maze.Size())
		WriteHeat(w, in.Maze, results[i].Heat)
	}
}

// WriteHeat prints a maze's heat map as a grid: X for walls, the visit
// count for open cells.
func WriteHeat(w io.Writer, m Maze, heat []uint32) {
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

// YesNo writes b as yes or no.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
