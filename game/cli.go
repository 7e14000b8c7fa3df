package game

import (
	"fmt"
	"io"
)

// This file holds what the game commands of mousemaze check and print
// beyond the game itself.

// MaxExactCells bounds the boards whose exact canonical forms
// ValueRecords computes (game value --exact).
const MaxExactCells = 64

// ValueRecords returns the value records (Values) of boards, read from
// the file name with each board's first line in lines. On a failure it
// returns the records before it and an error naming the board's line.
func ValueRecords(store *Store, name string, boards []Position, lines []int, exact bool) ([]ValueRecord, error) {
	recs := make([]ValueRecord, 0, len(boards))
	for i, p := range boards {
		if exact && p.Rows*p.Cols > MaxExactCells {
			return recs, fmt.Errorf("%s:%d: --exact takes boards of at most %d cells, this one is %dx%d", name, lines[i], MaxExactCells, p.Rows, p.Cols)
		}
		rec, err := Values(store, p, exact)
		if err != nil {
			return recs, fmt.Errorf("%s:%d: %v", name, lines[i], err)
		}
		rec.File, rec.Line, rec.Index = name, lines[i], i
		recs = append(recs, rec)
	}
	return recs, nil
}

// BuildChecked builds a vertical position of value v (Build) and checks
// it by sweeping it (Sweep): the first cell's value must be v.
func BuildChecked(v Value) (BuildRecord, error) {
	p, err := Build(v)
	if err != nil {
		return BuildRecord{}, err
	}
	cells, err := Sweep(p)
	if err != nil || !cells[0].Value.Equal(v) {
		return BuildRecord{}, fmt.Errorf("the built position does not check (%v, %v)", cells, err)
	}
	return BuildRecord{Value: v, Rows: p.Rows, Cols: p.Cols, Vertical: p.Vertical(), Board: p.String(), Checked: cells[0].Value}, nil
}

// WriteText prints the built position with a comment line that names its
// value, as game build does.
func (r BuildRecord) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "; value %v: a %dx%d vertical position\n%s", r.Value, r.Rows, r.Cols, r.Board)
	return err
}

// Check checks the bounds of a search: 1 to 64 rows and columns, at most
// MaxSearchEdges interior edges, switches' options within 64 of each
// other with denominators up to 2^8. Its errors name game search's flags.
func (c SearchConfig) Check() error {
	if c.Rows < 1 || c.Cols < 1 || c.Rows > 64 || c.Cols > 64 || c.Edges < 0 || c.Edges > MaxSearchEdges {
		return fmt.Errorf("want --rows and --cols in 1..64 and --edges in 0..%d", MaxSearchEdges)
	}
	if c.Exp > 8 || c.Lo > c.Hi || c.Hi-c.Lo > 64 {
		return fmt.Errorf("want --exp at most 8 and --lo ≤ --hi within 64")
	}
	return nil
}
