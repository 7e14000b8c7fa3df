package analyze

import (
	"fmt"
	"sort"

	"github.com/mousemaze/mousemaze"
)

// Theorem1Case is a maze on which a 2×2 loop on the main path turned the
// mouse around more than once before he continued on the main path: a
// counterexample to the thesis's Theorem 1 as stated.
type Theorem1Case struct {
	Maze mousemaze.Maze
	// Loop is the first 2×2 loop (row-major) that reversed him twice or
	// more.
	Loop Loop
	// Report is the maze's whole loop report.
	Report *LoopReport
}

// Hypothesis names the hypothesis of the thesis's Theorem 1 that the maze
// violates. The theorem is argued for a 2×2 loop that is the only cycle
// on the way (the rest of the maze loop-less, so that the mouse's choices
// outside the block are those of a tree); a counterexample must break
// that, by more than one independent cycle, by overlapping 2×2 blocks, or
// by a cycle longer than a 2×2 block.
func (c *Theorem1Case) Hypothesis() string {
	r := c.Report
	blocks := len(r.Loops)
	switch {
	case r.Overlapping():
		return fmt.Sprintf("overlapping 2x2 loops: %d blocks of open cells share cells, %d independent cycles", blocks, r.Cycles)
	case r.Cycles > blocks:
		return fmt.Sprintf("a cycle longer than a 2x2 block: %d independent cycles, only %d of them 2x2 blocks", r.Cycles, blocks)
	case r.Cycles > 1:
		return fmt.Sprintf("more than one loop: %d disjoint 2x2 loops", blocks)
	}
	return "none: a single 2x2 loop and no other cycle"
}

// Theorem1Size is the outcome of the Theorem 1 search on one grid size.
type Theorem1Size struct {
	Rows, Cols int
	// Checked counts the feasible mazes with at least one 2×2 block of
	// open cells; Failed those where Theorem 1 failed.
	Checked, Failed int
	// First is the first failure in enumeration order, nil when none.
	First *Theorem1Case
	// Cases holds the first failures in enumeration order (at most 32).
	Cases []*Theorem1Case
}

// SearchTheorem1 enumerates every maze of every size with at most rows
// rows, cols columns and area cells (sizes in order of area, then rows)
// under cfg and checks Theorem 1 with Loops on each feasible maze that has
// a 2×2 block of open cells. The smallest counterexample (fewest cells,
// then first in enumeration order) is the First of the first size with a
// failure.
func SearchTheorem1(rows, cols, area int, cfg mousemaze.Config) ([]Theorem1Size, error) {
	var sizes []Theorem1Size
	for r := 2; r <= rows; r++ {
		for c := 2; c <= cols; c++ {
			if cfg.Entry < c && cfg.Exit < c && r*c <= area {
				sizes = append(sizes, Theorem1Size{Rows: r, Cols: c})
			}
		}
	}
	sort.SliceStable(sizes, func(i, j int) bool {
		return sizes[i].Rows*sizes[i].Cols < sizes[j].Rows*sizes[j].Cols
	})
	for k := range sizes {
		s := &sizes[k]
		var err error
		Enumerate(s.Rows, s.Cols, func(m mousemaze.Maze) {
			if err != nil || !hasOpenBlock(m) || !mousemaze.Feasible(m, cfg) {
				return
			}
			rep, e := Loops(m, cfg)
			if e != nil {
				err = e
				return
			}
			s.Checked++
			if rep.Theorem1Holds() {
				return
			}
			s.Failed++
			if s.First == nil {
				c := &Theorem1Case{Maze: m.Clone(), Report: rep}
				for _, l := range rep.Loops {
					if l.OnMain && l.ReversalsBefore > 1 {
						c.Loop = l
						break
					}
				}
				s.First = c
			}
			if len(s.Cases) < 32 {
				c := &Theorem1Case{Maze: m.Clone(), Report: rep}
				for _, l := range rep.Loops {
					if l.OnMain && l.ReversalsBefore > 1 {
						c.Loop = l
						break
					}
				}
				s.Cases = append(s.Cases, c)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return sizes, nil
}

// hasOpenBlock reports whether m has a 2×2 block of open cells.
func hasOpenBlock(m mousemaze.Maze) bool {
	mask := mousemaze.RowMask(m.Cols)
	for r := 0; r+1 < m.Rows; r++ {
		open := ^(m.Walls[r] | m.Walls[r+1]) & mask
		if open&(open>>1) != 0 {
			return true
		}
	}
	return false
}
