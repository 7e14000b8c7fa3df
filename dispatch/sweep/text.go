package sweep

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mousemaze/mousemaze"
)

// trapFindJSON is a maze a trap sweep reports, in `sweep --k --json`.
type trapFindJSON struct {
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	Maze  string `json:"maze"`
	Cells int    `json:"cells"`
	Area  int    `json:"bbox_area"`
	WalkEnd
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

func (f *TrapFind) json() *trapFindJSON {
	if f == nil {
		return nil
	}
	return &trapFindJSON{Rows: f.Maze.Rows, Cols: f.Maze.Cols, Maze: f.Maze.String(), Cells: f.Cells, Area: f.Area,
		WalkEnd: NewWalkEnd(f.Result)}
}

// MarshalJSON writes the report as `sweep --k --json` prints it.
func (r *TrapReport) MarshalJSON() ([]byte, error) {
	out := struct {
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
	}{K: r.Config.K, Order: r.Config.Order.String(), Entry: r.Config.Entry, Exit: r.Config.Exit, MaxRows: r.Max.Rows, MaxCols: r.Max.Cols,
		MaxCells: r.MaxCells, MaxSpan: r.MaxSpan, Smallest: r.Smallest.json(), Longest: r.Longest.json()}
	for _, s := range r.Sizes {
		out.Sizes = append(out.Sizes, trapSizeJSON{Rows: s.Size.Rows, Cols: s.Size.Cols, Mazes: s.Mazes, Trapped: s.Trapped,
			Escaped: s.Escaped, Smallest: s.Smallest.json(), Longest: s.Longest.json()})
	}
	return json.Marshal(out)
}

// WriteText prints the report for people: a table of the sizes, then the
// smallest trap and the longest escape.
func (r *TrapReport) WriteText(w io.Writer) error {
	bound := fmt.Sprintf("%s with at most %d cells", r.Max, r.MaxCells)
	if r.MaxSpan > 0 {
		bound += fmt.Sprintf(" and rows+cols at most %d", r.MaxSpan)
	}
	fmt.Fprintf(w, "trap sweep, k=%d, order %s, entry %d, exit %d: every maze up to %s (open cells all reachable from the entry)\n",
		r.Config.K, r.Config.Order, r.Config.Entry, r.Config.Exit, bound)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tmazes\ttrapped\tescaped\tsmallest trap (cells/bbox)\tlongest escape (turns)\t")
	for _, s := range r.Sizes {
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
	var err error
	if s := r.Smallest; s == nil {
		_, err = fmt.Fprintf(w, "\nsmallest trap: none up to %s\n", bound)
	} else {
		_, err = fmt.Fprintf(w, "\nsmallest trap: %s grid, %d open cells, bounding box %d; trapped at turn %d (cycle %d+%d, mousetrap from turn %d)\n%s",
			s.Maze.Size(), s.Cells, s.Area, s.Result.Turns, s.Result.CycleStart, s.Result.CycleLen, s.Result.TrapTurn, s.Maze)
	}
	if l := r.Longest; l != nil {
		_, err = fmt.Fprintf(w, "\nlongest escape: %s grid, %d turns\n%s", l.Maze.Size(), l.Result.Turns, l.Maze)
	}
	return err
}

// MarshalJSON writes the report as `sweep --edges --json` prints it.
func (r *EdgeReport) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Rows     int    `json:"rows"`
		Cols     int    `json:"cols"`
		K        int    `json:"k"`
		Boards   int64  `json:"boards"`
		Feasible int64  `json:"feasible"`
		Escaped  int64  `json:"escaped"`
		Trapped  int64  `json:"trapped"`
		Turns    int64  `json:"best_turns"`
		Count    int64  `json:"best_count"`
		Board    string `json:"best_board"`
	}{r.Size.Rows, r.Size.Cols, r.Config.K, r.Boards, r.Feasible, r.Escaped, r.Trapped, r.BestResult.Turns, r.Count, r.Best.Format(r.Config.Entry, r.Config.Exit)})
}

// WriteText prints the report for people: one table row and the longest
// escape.
func (r *EdgeReport) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tk\tboards\tfeasible\tescaped\ttrapped\tbest turns\tboards with it\t")
	fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", r.Size, r.Config.K, r.Boards, r.Feasible, r.Escaped, r.Trapped, r.BestResult.Turns, r.Count)
	err := tw.Flush()
	if r.Count > 0 {
		_, err = fmt.Fprintf(w, "\nlongest escape (first in enumeration order):\n%s", r.Best.Format(r.Config.Entry, r.Config.Exit))
	}
	return err
}

// WalkEnd is how a walk under modular counting ended, as the JSON of a
// search's best maze (ObjectiveDetail) and of a trap sweep's finds writes
// it: the turns, whether the mouse escaped or was trapped and, when
// trapped, the cycle and the turn the mousetrap closed.
type WalkEnd struct {
	Turns      int64 `json:"turns"`
	Escaped    bool  `json:"escaped"`
	Trapped    bool  `json:"trapped"`
	CycleStart int64 `json:"cycle_start,omitempty"`
	CycleLen   int64 `json:"cycle_len,omitempty"`
	TrapTurn   int64 `json:"mousetrap_turn,omitempty"`
}

// NewWalkEnd returns how the walk that gave res ended.
func NewWalkEnd(res mousemaze.Result) WalkEnd {
	return WalkEnd{Turns: res.Turns, Escaped: res.Escaped, Trapped: res.Trapped, CycleStart: res.CycleStart, CycleLen: res.CycleLen, TrapTurn: res.TrapTurn}
}
