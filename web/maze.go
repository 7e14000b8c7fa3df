package web

import (
	"fmt"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// config checks the request's rules as the CLI checks its flags
// (mousemaze.Rules.Config), an empty order meaning DRLU; the columns are
// checked against the maze's width by the caller.
func config(r mousemaze.Rules) (mousemaze.Config, error) {
	if r.Order == "" {
		r.Order = "DRLU"
	}
	cfg, err := r.Config("")
	if err != nil {
		return cfg, badRequest("%v", err)
	}
	return cfg, nil
}

// mazeName is the name parse errors give the request's maze text.
const mazeName = "maze"

// board is one parsed maze: a grid maze, or a Mouse Maze 2 board when
// edges is set.
type board struct {
	edges bool
	grid  mousemaze.Maze
	edge  mousemaze.EdgeMaze
	rows  int
	cols  int
	line  int
}

// parseBoard reads exactly one maze from text with the root package's
// parsers, so the errors are those of the CLI.
func parseBoard(text string, edges bool) (board, error) {
	if edges {
		ms, lines, err := mousemaze.ParseEdges(strings.NewReader(text), mazeName)
		if err != nil {
			return board{}, badRequest("%v", err)
		}
		if len(ms) != 1 {
			return board{}, badRequest("%s: want one board, got %d", mazeName, len(ms))
		}
		return board{edges: true, edge: ms[0], rows: ms[0].Rows, cols: ms[0].Cols, line: lines[0]}, nil
	}
	ms, lines, err := mousemaze.ParseLines(strings.NewReader(text), mazeName)
	if err != nil {
		return board{}, badRequest("%v", err)
	}
	if len(ms) != 1 {
		return board{}, badRequest("%s: want one maze, got %d", mazeName, len(ms))
	}
	return board{grid: ms[0], rows: ms[0].Rows, cols: ms[0].Cols, line: lines[0]}, nil
}

// validate checks cfg against the board's width, with the CLI's message.
func (b board) validate(cfg mousemaze.Config) error {
	if err := cfg.Validate(b.cols); err != nil {
		kind := "maze"
		if b.edges {
			kind = "board"
		}
		return badRequest("%s:%d: %s 0 is %dx%d: %v", mazeName, b.line, kind, b.rows, b.cols, err)
	}
	return nil
}

// wallRows returns the grid's rows in the text format (".", "X"), or,
// for an edge board, nil.
func (b board) wallRows() []string {
	if b.edges {
		return nil
	}
	return strings.Split(strings.TrimSuffix(b.grid.String(), "\n"), "\n")
}

// edgeRows returns an edge board's walls as rows of '0'/'1' characters,
// one per cell: right holds the wall to the right of each cell, down the
// wall below it.
func (b board) edgeRows() (right, down []string) {
	if !b.edges {
		return nil, nil
	}
	bits := func(mask uint64) string {
		var s strings.Builder
		for c := 0; c < b.cols; c++ {
			s.WriteByte('0' + byte(mask>>uint(c)&1))
		}
		return s.String()
	}
	for r := 0; r < b.rows; r++ {
		right = append(right, bits(b.edge.Right[r]))
		down = append(down, bits(b.edge.Down[r]))
	}
	return right, down
}

// String describes the board's size.
func (b board) String() string { return fmt.Sprintf("%dx%d", b.rows, b.cols) }
