package evalout

import (
	"github.com/mousemaze/mousemaze"

	"fmt"
	"io"
	"os"
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
	what := "maze"
	if edges {
		what = "board"
	}
	for _, name := range names {
		var mazes []mousemaze.Maze
		var lines []int
		if edges {
			var bs []mousemaze.EdgeMaze
			bs, lines, err = ReadInput(name, stdin, mousemaze.ParseEdges)
			boards = append(boards, bs...)
			for _, b := range bs {
				mazes = append(mazes, mousemaze.NewMaze(b.Rows, b.Cols))
			}
		} else {
			mazes, lines, err = ReadInput(name, stdin, mousemaze.ParseLines)
		}
		if err != nil {
			return nil, nil, err
		}
		for i, m := range mazes {
			if err := cfg.Validate(m.Cols); err != nil {
				return nil, nil, mousemaze.Usage(fmt.Errorf("%s:%d: %s %d is %dx%d: %v", name, lines[i], what, i, m.Rows, m.Cols, err))
			}
			inputs = append(inputs, Input{File: name, Index: i, Line: lines[i], Maze: m, Edges: edges})
		}
	}
	return inputs, boards, nil
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
