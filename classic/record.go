package classic

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseCell reads a cell R,C of a rows×cols board.
func ParseCell(s string, rows, cols int) (int, error) {
	a, b, ok := strings.Cut(s, ",")
	r, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return 0, fmt.Errorf("cell %q: want R,C", s)
	}
	if r < 0 || r >= rows || c < 0 || c >= cols {
		return 0, fmt.Errorf("cell %s is outside the %dx%d board", s, rows, cols)
	}
	return r*cols + c, nil
}

// SolveRecord is one line of `classic solve --json`. Cells are
// written [row, column].
type SolveRecord struct {
	File       string   `json:"file"`
	Board      int      `json:"board"`
	Algo       string   `json:"algo"`
	Outcome    string   `json:"outcome"`
	Reached    bool     `json:"reached"`
	Steps      int64    `json:"steps"`
	Explored   int      `json:"explored"`
	LoopStart  int64    `json:"loop_start,omitempty"`
	LoopLength int64    `json:"loop_length,omitempty"`
	Ticks      int64    `json:"ticks,omitempty"`
	Path       [][2]int `json:"path,omitempty"`
	Route      [][2]int `json:"route,omitempty"`
}

// CellsRC writes cells of b as [row, column] pairs (nil for nil).
func CellsRC(b Board, cells []int) [][2]int {
	if cells == nil {
		return nil
	}
	out := make([][2]int, len(cells))
	for i, c := range cells {
		r, col := b.RC(c)
		out[i] = [2]int{r, col}
	}
	return out
}

// WriteSolveRecord prints one solve in words.
func WriteSolveRecord(w io.Writer, rec SolveRecord) {
	fmt.Fprintf(w, "%s board %d: %s ", rec.File, rec.Board, rec.Algo)
	switch rec.Outcome {
	case Reached:
		fmt.Fprintf(w, "reached the goal in %d steps", rec.Steps)
	case Looped:
		fmt.Fprintf(w, "loops for ever: from step %d the walk repeats every %d steps (stopped after %d)", rec.LoopStart, rec.LoopLength, rec.Steps)
	case Capped:
		fmt.Fprintf(w, "did not reach the goal: stopped by the cap after %d steps", rec.Steps)
	case Stuck:
		fmt.Fprintf(w, "is stuck after %d steps: no way on (one-way doors)", rec.Steps)
	default:
		fmt.Fprintf(w, "found the goal unreachable after %d steps", rec.Steps)
	}
	fmt.Fprintf(w, ", %d cells explored", rec.Explored)
	if rec.Ticks > 0 {
		fmt.Fprintf(w, ", %d ticks", rec.Ticks)
	}
	fmt.Fprintln(w)
	show := func(label string, cells [][2]int) {
		if cells == nil {
			return
		}
		fmt.Fprintf(w, "  %s:", label)
		for _, c := range cells {
			fmt.Fprintf(w, " %d,%d", c[0], c[1])
		}
		fmt.Fprintln(w)
	}
	show("path", rec.Path)
	show("route", rec.Route)
}
