package analyze

import (
	"github.com/mousemaze/mousemaze"
)

// Loop is one 2×2 block of reachable open cells and what the walk did in
// it. The thesis's Theorem 1 says the mouse turns around in a 2×2 loop at
// most once before he continues on the main path.
type Loop struct {
	// Top is the block's top-left cell.
	Top Cell `json:"top"`
	// OnMain reports whether the main path passes through the block with
	// a main-path square before it and one after it (the thesis's
	// definition of a 2×2 loop). The other fields are only set then.
	OnMain bool `json:"on_main"`
	// Entrance and Exit are the main path's first and last squares in the
	// block.
	Entrance Cell `json:"entrance"`
	Exit     Cell `json:"exit"`
	// Arrivals counts the mouse's moves onto the entrance from the main
	// path square before it, up to his first move from the exit square to
	// the main path square after it (he continued on the main path).
	Arrivals int `json:"arrivals"`
	// Reversals counts his moves from the entrance back to the main path
	// square before it over the whole walk: each is a turn-around.
	Reversals int `json:"reversals"`
	// ReversalsBefore counts the reversals before he first continued on
	// the main path; Theorem 1 says it is at most 1.
	ReversalsBefore int `json:"reversals_before"`
}

// LoopReport lists the 2×2 loops of one maze.
type LoopReport struct {
	// Cycles is the cycle rank of the reachable cells (edges − cells + 1);
	// 0 for a loop-less maze.
	Cycles int `json:"cycles"`
	// MainPath is the walk with its loops erased: the path from the entry
	// cell to the exit cell the mouse "eventually takes".
	MainPath []Cell `json:"main_path,omitempty"`
	// Loops lists every 2×2 block of reachable open cells, row-major.
	Loops []Loop `json:"loops,omitempty"`
}

// Theorem1Holds reports whether every 2×2 loop on the main path reversed
// the mouse at most once before he continued on the main path.
func (r *LoopReport) Theorem1Holds() bool {
	for _, l := range r.Loops {
		if l.OnMain && l.ReversalsBefore > 1 {
			return false
		}
	}
	return true
}

// Overlapping reports whether two of the 2×2 blocks share a cell.
func (r *LoopReport) Overlapping() bool {
	for i, a := range r.Loops {
		for _, b := range r.Loops[i+1:] {
			if abs(a.Top.R-b.Top.R) <= 1 && abs(a.Top.C-b.Top.C) <= 1 {
				return true
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Loops finds the 2×2 loops of m under cfg and counts the walk's
// reversals in each. An infeasible maze has an empty report.
func Loops(m mousemaze.Maze, cfg mousemaze.Config) (*LoopReport, error) {
	if err := mousemaze.ValidateWalk(m, m.Cols, cfg); err != nil {
		return nil, err
	}
	g := newGraph(m, cfg)
	rep := &LoopReport{}
	if !g.feasible {
		return rep, nil
	}
	rep.Cycles = g.edges() - len(g.cells) + 1
	var path []int32
	_, err := mousemaze.Trace(m, cfg, func(_ int64, r, c int) {
		if r == m.Rows {
			path = append(path, exitNode)
			return
		}
		path = append(path, int32(r*m.Cols+c))
	})
	if err != nil {
		return nil, err
	}
	main := loopErase(path[:len(path)-1], len(g.deg))
	pos := make(map[int32]int, len(main))
	for k, i := range main {
		pos[i] = k
		rep.MainPath = append(rep.MainPath, g.cellOf(i))
	}
	for r := 0; r+1 < m.Rows; r++ {
		for c := 0; c+1 < m.Cols; c++ {
			block := [4]int32{int32(r*m.Cols + c), int32(r*m.Cols + c + 1), int32((r+1)*m.Cols + c), int32((r+1)*m.Cols + c + 1)}
			ok := true
			for _, i := range block {
				ok = ok && g.in(int(i))
			}
			if !ok {
				continue
			}
			l := Loop{Top: Cell{R: r, C: c}}
			inBlock := func(i int32) bool {
				for _, j := range block {
					if i == j {
						return true
					}
				}
				return false
			}
			first, last := -1, -1
			for k, i := range main {
				if inBlock(i) {
					if first < 0 {
						first = k
					}
					last = k
				}
			}
			if first > 0 {
				l.OnMain = true
				l.Entrance, l.Exit = g.cellOf(main[first]), g.cellOf(main[last])
				a, pred, b := main[first], main[first-1], main[last]
				succ := int32(exitNode)
				if last+1 < len(main) {
					succ = main[last+1]
				}
				continued := false
				for k := 1; k < len(path); k++ {
					from, to := path[k-1], path[k]
					switch {
					case from == pred && to == a && !continued:
						l.Arrivals++
					case from == a && to == pred:
						l.Reversals++
						if !continued {
							l.ReversalsBefore++
						}
					case from == b && to == succ:
						continued = true
					}
				}
			}
			rep.Loops = append(rep.Loops, l)
		}
	}
	return rep, nil
}

// loopErase returns path with its loops erased in order: whenever the path
// comes back to a cell already on the erased path, everything after that
// cell is dropped.
func loopErase(path []int32, n int) []int32 {
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	var out []int32
	for _, i := range path {
		if k := at[i]; k >= 0 {
			for _, j := range out[k+1:] {
				at[j] = -1
			}
			out = out[:k+1]
			continue
		}
		at[i] = len(out)
		out = append(out, i)
	}
	return out
}
