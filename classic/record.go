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
	File     string `json:"file"`
	Board    int    `json:"board"`
	Algo     string `json:"algo"`
	Outcome  string `json:"outcome"`
	Reached  bool   `json:"reached"`
	Steps    int64  `json:"steps"`
	Explored int    `json:"explored"`
	// LoopStart is the step from which a detected loop repeats, present
	// (even when 0) when there is a loop and nil when there is none.
	LoopStart  *int64   `json:"loop_start,omitempty"`
	LoopLength int64    `json:"loop_length,omitempty"`
	Ticks      int64    `json:"ticks,omitempty"`
	Path       [][2]int `json:"path,omitempty"`
	Route      [][2]int `json:"route,omitempty"`
	// OneWayDoors counts the board's one-way doors.
	OneWayDoors int `json:"one_way_doors,omitempty"`
}

// NewSolveRecord is the record of res, a solve of board k of file name.
func NewSolveRecord(name string, k int, b Board, res Result) SolveRecord {
	rec := SolveRecord{File: name, Board: k, Algo: res.Algo, Outcome: res.Outcome, Reached: res.Reached, Steps: res.Steps,
		Explored: res.Explored, LoopLength: res.LoopLength, Ticks: res.Ticks,
		Path: CellsRC(b, res.Path), Route: CellsRC(b, res.Route), OneWayDoors: len(b.OneWay)}
	if res.Outcome == Looped || res.LoopLength > 0 {
		start := res.LoopStart
		rec.LoopStart = &start
	}
	return rec
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
		var start int64
		if rec.LoopStart != nil {
			start = *rec.LoopStart
		}
		fmt.Fprintf(w, "loops for ever: from step %d the walk repeats every %d steps (stopped after %d)", start, rec.LoopLength, rec.Steps)
	case Capped:
		fmt.Fprintf(w, "did not reach the goal: stopped by the cap after %d steps", rec.Steps)
	case Stuck:
		if rec.OneWayDoors > 0 {
			fmt.Fprintf(w, "is stuck after %d steps: no way on (one-way doors)", rec.Steps)
		} else {
			fmt.Fprintf(w, "is stuck after %d steps: no way on (the cell has no open side)", rec.Steps)
		}
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

// A Matrix is one of the matrices of a board that `classic matrix` prints:
// the minimum-distance matrix Md, a solution matrix Ms or a power M^k of
// the connection matrix.
type Matrix struct {
	Label string `json:"matrix"`
	Cells int    `json:"cells"`
	// Complete is the power of the connection matrix that is complete
	// (Md by powers; 0 when the board is not connected).
	Complete  int     `json:"complete,omitempty"`
	Connected *bool   `json:"connected,omitempty"`
	Rows      [][]int `json:"rows"`
	kind      string
	byBFS     bool
}

// NewMatrix computes b's matrix of kind: "distance" (Md, by powers of the
// connection matrix or byBFS), "solution" (Ms for goal cell g, or b's goal
// when g < 0) or "power" (M^power).
func NewMatrix(b Board, kind string, byBFS bool, power, g int) Matrix {
	nav := b.Nav()
	mx := Matrix{Cells: b.Cells(), kind: kind, byBFS: byBFS}
	if kind == "power" {
		p := Power(nav, power)
		n := b.Cells()
		mx.Rows = make([][]int, n)
		for i := range n {
			mx.Rows[i] = make([]int, n)
			for j := range n {
				mx.Rows[i][j] = int(p.At(i, j))
			}
		}
		mx.Label = fmt.Sprintf("M^%d", power)
		return mx
	}
	var d Distances
	if byBFS {
		d = DistancesByBFS(nav)
	} else {
		d, mx.Complete = DistancesByPowers(nav)
	}
	mx.Rows, mx.Label = d, "Md"
	if kind == "solution" {
		if g < 0 {
			g = b.Goal
		}
		mx.Rows, mx.Label = Solution(d, g), fmt.Sprintf("Ms%d", g+1)
	}
	conn := DistancesByBFS(nav).Connected()
	mx.Connected = &conn
	return mx
}

// Write prints the matrix as a table headed by its label and the board's
// file name.
func (mx Matrix) Write(w io.Writer, name string) {
	fmt.Fprintf(w, "%s of %s (cells numbered 1..%d row by row; -1: none)\n", mx.Label, name, mx.Cells)
	if mx.kind == "distance" && !mx.byBFS {
		if mx.Complete > 0 {
			fmt.Fprintf(w, "connected: the complete connection matrix is M^%d\n", mx.Complete)
		} else {
			fmt.Fprintln(w, "not connected: some M^i entry stays 0 up to M^(n-1)")
		}
	}
	width := 2
	for _, row := range mx.Rows {
		for _, v := range row {
			width = max(width, len(strconv.Itoa(v))+1)
		}
	}
	fmt.Fprintf(w, "%*s", width+1, "")
	for j := range mx.Rows {
		fmt.Fprintf(w, "%*d", width, j+1)
	}
	fmt.Fprintln(w)
	for i, row := range mx.Rows {
		fmt.Fprintf(w, "%*d", width+1, i+1)
		for _, v := range row {
			fmt.Fprintf(w, "%*d", width, v)
		}
		fmt.Fprintln(w)
	}
}
