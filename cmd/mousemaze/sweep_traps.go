package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// trapFindJSON is a maze a trap sweep reports, in `sweep --k --json`.
type trapFindJSON struct {
	Rows       int    `json:"rows"`
	Cols       int    `json:"cols"`
	Maze       string `json:"maze"`
	Cells      int    `json:"cells"`
	Area       int    `json:"bbox_area"`
	Turns      int64  `json:"turns"`
	Escaped    bool   `json:"escaped"`
	Trapped    bool   `json:"trapped"`
	CycleStart int64  `json:"cycle_start,omitempty"`
	CycleLen   int64  `json:"cycle_len,omitempty"`
	TrapTurn   int64  `json:"mousetrap_turn,omitempty"`
}

// trapSizeJSON is one size of `sweep --k --json`.
type trapSizeJSON struct {
	Rows     int           `json:"rows"`
	Cols     int           `json:"cols"`
	Mazes    int64         `json:"mazes"`
	Trapped  int64         `json:"trapped"`
	Escaped  int64         `json:"escaped"`
	Smallest *trapFindJSON `json:"smallest_trap,omitempty"`
	Longest  *trapFindJSON `json:"longest_escape,omitempty"`
}

// trapReportJSON is the JSON report of `sweep --k`.
type trapReportJSON struct {
	K        int            `json:"k"`
	Order    string         `json:"order"`
	Entry    int            `json:"entry"`
	Exit     int            `json:"exit"`
	MaxRows  int            `json:"max_rows"`
	MaxCols  int            `json:"max_cols"`
	MaxCells int            `json:"max_cells"`
	MaxSpan  int            `json:"max_span,omitempty"`
	Sizes    []trapSizeJSON `json:"sizes"`
	Smallest *trapFindJSON  `json:"smallest_trap"`
	Longest  *trapFindJSON  `json:"longest_escape"`
}

func trapFindOut(f *sweep.TrapFind) *trapFindJSON {
	if f == nil {
		return nil
	}
	r := f.Result
	return &trapFindJSON{Rows: f.Maze.Rows, Cols: f.Maze.Cols, Maze: f.Maze.String(), Cells: f.Cells, Area: f.Area,
		Turns: r.Turns, Escaped: r.Escaped, Trapped: r.Trapped, CycleStart: r.CycleStart, CycleLen: r.CycleLen, TrapTurn: r.TrapTurn}
}

// runTrapSweep runs the trap sweep and prints its report.
func runTrapSweep(o sweep.TrapOptions, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := sweep.TrapSweep(o)
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
		return exitUsage
	}
	if asJSON {
		out := trapReportJSON{K: o.Config.K, Order: o.Config.Order.String(), Entry: o.Config.Entry, Exit: o.Config.Exit,
			MaxRows: o.Max.Rows, MaxCols: o.Max.Cols, MaxCells: rep.MaxCells, MaxSpan: rep.MaxSpan, Smallest: trapFindOut(rep.Smallest), Longest: trapFindOut(rep.Longest)}
		for _, s := range rep.Sizes {
			out.Sizes = append(out.Sizes, trapSizeJSON{Rows: s.Size.Rows, Cols: s.Size.Cols, Mazes: s.Mazes, Trapped: s.Trapped,
				Escaped: s.Escaped, Smallest: trapFindOut(s.Smallest), Longest: trapFindOut(s.Longest)})
		}
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	bound := fmt.Sprintf("%s with at most %d cells", o.Max, rep.MaxCells)
	if rep.MaxSpan > 0 {
		bound += fmt.Sprintf(" and rows+cols at most %d", rep.MaxSpan)
	}
	fmt.Fprintf(stdout, "trap sweep, k=%d, order %s, entry %d, exit %d: every maze up to %s (open cells all reachable from the entry)\n",
		o.Config.K, o.Config.Order, o.Config.Entry, o.Config.Exit, bound)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tmazes\ttrapped\tescaped\tsmallest trap (cells/bbox)\tlongest escape (turns)\t")
	for _, s := range rep.Sizes {
		small, long := "-", "-"
		if s.Smallest != nil {
			small = fmt.Sprintf("%d/%d", s.Smallest.Cells, s.Smallest.Area)
		}
		if s.Longest != nil {
			long = fmt.Sprint(s.Longest.Result.Turns)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t\n", s.Size, s.Mazes, s.Trapped, s.Escaped, small, long)
	}
	tw.Flush()
	if rep.Smallest == nil {
		fmt.Fprintf(stdout, "\nsmallest trap: none up to %s\n", bound)
	} else {
		s := rep.Smallest
		fmt.Fprintf(stdout, "\nsmallest trap: %s grid, %d open cells, bounding box %d; trapped at turn %d (cycle %d+%d, mousetrap from turn %d)\n%s",
			s.Maze.Size(), s.Cells, s.Area, s.Result.Turns, s.Result.CycleStart, s.Result.CycleLen, s.Result.TrapTurn, s.Maze)
	}
	if l := rep.Longest; l != nil {
		fmt.Fprintf(stdout, "\nlongest escape: %s grid, %d turns\n%s", l.Maze.Size(), l.Result.Turns, l.Maze)
	}
	return exitOK
}
