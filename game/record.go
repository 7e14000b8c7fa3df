package game

import (
	"fmt"
	"io"
	"strings"
)

// ValueRecord is one line of `mousemaze game value --json`: the values of a board's cells.
type ValueRecord struct {
	File   string     `json:"file"`
	Line   int        `json:"line"`
	Index  int        `json:"index"`
	Rows   int        `json:"rows"`
	Cols   int        `json:"cols"`
	Value  Value      `json:"value"`
	Cells  [][]string `json:"cells"`
	Number [][]bool   `json:"number"`
	Exact  [][]string `json:"exact,omitempty"`
}

// Values sweeps p for the value of every cell (see Sweep) and, with
// exact, each cell's exact canonical form from store; the record's file,
// line and index are left to the caller.
func Values(store *Store, p Position, exact bool) (ValueRecord, error) {
	cells, err := Sweep(p)
	if err != nil {
		return ValueRecord{}, err
	}
	rec := ValueRecord{Rows: p.Rows, Cols: p.Cols, Value: cells[0].Value}
	var exactVals []Game
	if exact {
		exactVals = store.ExactValues(p)
	}
	for r := range p.Rows {
		var vs []string
		var ns []bool
		var es []string
		for c := range p.Cols {
			cell := cells[r*p.Cols+c]
			vs = append(vs, cell.Value.String())
			ns = append(ns, cell.Number)
			if exactVals != nil {
				es = append(es, store.Name(exactVals[r*p.Cols+c]))
			}
		}
		rec.Cells, rec.Number = append(rec.Cells, vs), append(rec.Number, ns)
		if es != nil {
			rec.Exact = append(rec.Exact, es)
		}
	}
	return rec, nil
}

// Write prints the record: the board's value and its cells' values in a
// grid, then the exact forms if any.
func (rec ValueRecord) Write(w io.Writer) {
	fmt.Fprintf(w, "%s:%d: %dx%d board, value %v\n", rec.File, rec.Line, rec.Rows, rec.Cols, rec.Value)
	writeGrid(w, rec.Cells)
	if rec.Exact != nil {
		fmt.Fprintln(w, "exact canonical forms:")
		writeGrid(w, rec.Exact)
	}
	fmt.Fprintln(w)
}

// writeGrid prints rows of strings in right-aligned columns.
func writeGrid(w io.Writer, rows [][]string) {
	width := map[int]int{}
	for _, row := range rows {
		for c, s := range row {
			width[c] = max(width[c], len([]rune(s)))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for c, s := range row {
			if c > 0 {
				b.WriteString("  ")
			}
			b.WriteString(strings.Repeat(" ", width[c]-len([]rune(s))))
			b.WriteString(s)
		}
		fmt.Fprintln(w, b.String())
	}
}

// BuildRecord is the output of `game build --json`.
type BuildRecord struct {
	Value    Value  `json:"value"`
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	Vertical bool   `json:"vertical"`
	Board    string `json:"board"`
	Checked  Value  `json:"sweep_value"`
}
