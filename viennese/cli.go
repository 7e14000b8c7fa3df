package viennese

import (
	"errors"
	"fmt"
	"io"
)

// This file holds what the viennese commands of mousemaze read, print and
// write beyond the mazes themselves.

// DescribeFile reads the coloured maze file name ("-" reads stdin) and
// describes it (Describe) under variant, nil meaning the file's variant
// line, else HT (File.VariantOr); the record names the file.
func DescribeFile(name string, stdin io.Reader, variant *Variant, limit int) (*File, Variant, Record, error) {
	f, err := OpenMaze(name, stdin)
	if err != nil {
		return nil, 0, Record{}, err
	}
	v := f.VariantOr(variant)
	r, err := Describe(&f.Maze, v, limit)
	if err != nil {
		return nil, 0, Record{}, fmt.Errorf("%s: %v", name, err)
	}
	r.File = name
	return f, v, r, nil
}

// WriteScore prints the record's score line, as viennese score does.
func (r Record) WriteScore(w io.Writer) {
	fmt.Fprintf(w, "%s: %s %s\n", r.File, r.Variant, StatsLine(r))
}

// Improved is a line of viennese evolve --json: a new best colouring.
type Improved struct {
	Event   string    `json:"event"` // "improved"
	Evals   int64     `json:"evals"`
	Score   float64   `json:"score"`
	Colours Colouring `json:"colours"`
}

// NewImproved is the line of the new best r.
func NewImproved(r Result) Improved {
	return Improved{Event: "improved", Evals: r.Evals, Score: r.Score, Colours: r.Colours}
}

// Done is the last line of viennese evolve --json: the best maze's record.
type Done struct {
	Event string `json:"event"` // "done"
	Record
}

// Done is e's last line of viennese evolve --json.
func (e *Evolved) Done() Done { return Done{"done", e.Record} }

// WriteFiles writes the best maze in the text format to out and its PNG
// report to png ("" for neither), each atomically and each whatever
// became of the other. The errors name their flag: "--out: write PATH:
// reason".
func (e *Evolved) WriteFiles(out, png string) error {
	var errOut, errPNG error
	if out != "" {
		if err := WriteTextFile(out, &e.Best, e.Variant); err != nil {
			errOut = fmt.Errorf("--out: %w", err)
		}
	}
	if png != "" {
		if err := WritePNGFile(png, &e.Best, e.Variant); err != nil {
			errPNG = fmt.Errorf("--png: %w", err)
		}
	}
	return errors.Join(errOut, errPNG)
}
