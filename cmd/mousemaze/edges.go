package main

import (
	"io"

	"github.com/mousemaze/mousemaze"
)

// This file holds the Mouse Maze 2 paths of eval, evolve and sweep (--edges).

// readEdges parses one file of edge boards ("-" is standard input).
func readEdges(name string) ([]mousemaze.EdgeMaze, []int, error) {
	return readInput(name, mousemaze.ParseEdges)
}

// runEvalEdges is eval --edges: the same table and JSON records as eval.
// The boards go to the --backend when it walks edge boards
// (mousemaze.EdgeEvaluator), and to the reference walk otherwise.
func runEvalEdges(files []string, cfg mousemaze.Config, ev mousemaze.Evaluator, workers int, asJSON bool, stdout, stderr io.Writer) int {
	var inputs []mousemaze.Input
	var boards []mousemaze.EdgeMaze
	for _, name := range files {
		ms, lines, err := readEdges(name)
		if err != nil {
			return failer("eval", stderr)(exitFail, "%v", err)
		}
		for i, m := range ms {
			if err := cfg.Validate(m.Cols); err != nil {
				return failer("eval", stderr)(exitUsage, "%s:%d: board %d is %dx%d: %v", name, lines[i], i, m.Rows, m.Cols, err)
			}
			inputs = append(inputs, mousemaze.Input{File: name, Index: i, Line: lines[i], Maze: mousemaze.NewMaze(m.Rows, m.Cols), Edges: true})
			boards = append(boards, m)
		}
	}
	results := make([]mousemaze.Result, len(boards))
	if _, err := mousemaze.EvaluateEdgesWith(ev, boards, cfg, results, workers); err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	return writeEval(inputs, results, cfg, asJSON, stdout, stderr)
}
