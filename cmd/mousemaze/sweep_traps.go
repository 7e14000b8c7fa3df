package main

import (
	"io"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// runTrapSweep runs the trap sweep (sweep --k) and prints its report.
func runTrapSweep(o sweep.TrapOptions, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := sweep.TrapSweep(o)
	if err != nil {
		return failer("sweep", stderr)(exitUsage, "%v", err)
	}
	return writeText("sweep", rep, asJSON, stdout, stderr)
}

// runSweepEdges is sweep --edges: every Mouse Maze 2 board of a size.
func runSweepEdges(sz mousemaze.Size, cfg mousemaze.Config, workers int, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := sweep.EdgeSweep(sz, cfg, workers)
	if err != nil {
		return failer("sweep", stderr)(exitUsage, "%v", err)
	}
	return writeText("sweep", rep, asJSON, stdout, stderr)
}
