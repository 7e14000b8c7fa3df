package evalout

import (
	"github.com/mousemaze/mousemaze"

	"fmt"
	"io"
	"os"
	"slices"
)

// This file reads the mazes, boards and graphs that commands take as
// named inputs, "-" being standard input.

// ReadInput opens the named input ("-" reads stdin) and parses it with
// parse, which returns the items and the line each begins on.
func ReadInput[T any](name string, stdin io.Reader, parse func(io.Reader, string) ([]T, []int, error)) ([]T, []int, error) {
	if name == "-" {
		return parse(stdin, "-")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return parse(f, name)
}

// ReadInputs reads the mazes of every named input (with edges, the Mouse
// Maze 2 boards, returned in boards too) and checks each against cfg, so
// that bad input fails before any work. A maze that breaks cfg is a
// UsageError naming its file, line and index.
func ReadInputs(names []string, stdin io.Reader, cfg mousemaze.Config, edges bool) (inputs []Input, boards []mousemaze.EdgeMaze, err error) {
	for _, name := range names {
		if !edges {
			if inputs, err = readMazes(inputs, name, stdin, cfg); err != nil {
				return nil, nil, err
			}
			continue
		}
		bs, lines, err := ReadInput(name, stdin, mousemaze.ParseEdges)
		if err != nil {
			return nil, nil, err
		}
		boards = append(boards, bs...)
		inputs = slices.Grow(inputs, len(bs))
		for i, b := range bs {
			if err := cfg.Validate(b.Cols); err != nil {
				return nil, nil, invalid(name, lines[i], "board", i, b.Rows, b.Cols, err)
			}
			inputs = append(inputs, Input{File: name, Index: i, Line: lines[i], Maze: mousemaze.NewMaze(b.Rows, b.Cols), Edges: true})
		}
	}
	return inputs, boards, nil
}

// readMazes appends the grid mazes of the named input to inputs, each
// maze's walls left where the parser put them: in the population of its
// batch (mousemaze.ParseBatches), which EvaluateInputs walks in place.
func readMazes(inputs []Input, name string, stdin io.Reader, cfg mousemaze.Config) ([]Input, error) {
	batches, _, err := ReadInput(name, stdin, func(r io.Reader, name string) ([]mousemaze.Batch, []int, error) {
		bs, err := mousemaze.ParseBatches(r, name)
		return bs, nil, err
	})
	if err != nil {
		return nil, err
	}
	last := batches[len(batches)-1]
	inputs = slices.Grow(inputs, last.First+last.Pop.Len())
	for k := range batches {
		b := &batches[k]
		if err := cfg.Validate(b.Pop.Cols); err != nil { // the batch's first maze is the first to break cfg
			return nil, invalid(name, b.Lines[0], "maze", b.First, b.Pop.Rows, b.Pop.Cols, err)
		}
		for j, line := range b.Lines {
			inputs = append(inputs, Input{File: name, Index: b.First + j, Line: line, Maze: b.Pop.Maze(j), batch: b})
		}
	}
	return inputs, nil
}

// invalid is the UsageError of maze or board i of the input name, on
// line, whose size breaks the rules (err).
func invalid(name string, line int, what string, i, rows, cols int, err error) error {
	return mousemaze.Usage(fmt.Errorf("%s:%d: %s %d is %dx%d: %v", name, line, what, i, rows, cols, err))
}

// ReadGraph parses one graph file ("-" reads stdin).
func ReadGraph(name string, stdin io.Reader) (mousemaze.Graph, error) {
	gs, _, err := ReadInput(name, stdin, func(r io.Reader, name string) ([]mousemaze.Graph, []int, error) {
		g, err := mousemaze.ParseGraph(r, name)
		return []mousemaze.Graph{g}, nil, err
	})
	if err != nil {
		return mousemaze.Graph{}, err
	}
	return gs[0], nil
}

// GraphRecords walks the graph of every named input under cfg and returns
// their records.
func GraphRecords(names []string, stdin io.Reader, cfg mousemaze.Config) ([]GraphRecord, error) {
	var recs []GraphRecord
	for _, name := range names {
		g, err := ReadGraph(name, stdin)
		if err != nil {
			return nil, err
		}
		rec, err := NewGraphRecord(name, g, cfg)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// WriteGridGraphs writes every grid maze of the named inputs as a graph
// in JSON (GridGraph under cfg), one a line.
func WriteGridGraphs(w io.Writer, names []string, stdin io.Reader, cfg mousemaze.Config) error {
	for _, name := range names {
		mazes, _, err := ReadInput(name, stdin, mousemaze.ParseLines)
		if err != nil {
			return err
		}
		for _, m := range mazes {
			g, err := mousemaze.GridGraph(m, cfg)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if err := mousemaze.WriteGraph(w, g); err != nil {
				return err
			}
		}
	}
	return nil
}
