package bench

import (
	"fmt"
	"io"
)

// WriteText prints the report as selfcheck does: a summary line and, if
// any, the first mismatch with the maze.
func (r CheckReport) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "backend %s: %d mazes in %d batches (%d feasible, %d steps) in %.3f s (%s; reference walk %.3f s): %d mismatches\n",
		r.Backend, r.Mazes, r.Batches, r.Feasible, r.Steps, r.Seconds, r.KernelName(), r.RefSeconds, r.Mismatches)
	if m := r.First; m != nil {
		fmt.Fprintf(w, "first mismatch: maze %d, %s, order %s, entry %d, exit %d, cap %d, heat %v\n",
			m.Index, m.Size, m.Order, m.Entry, m.Exit, m.Cap, m.Heat)
		fmt.Fprintf(w, "  got:  turns %d escaped %v feasible %v\n", m.Got.Turns, m.Got.Escaped, m.Got.Feasible)
		fmt.Fprintf(w, "  want: turns %d escaped %v feasible %v\n", m.Want.Turns, m.Want.Escaped, m.Want.Feasible)
		fmt.Fprint(w, m.Maze)
	}
	return nil
}
