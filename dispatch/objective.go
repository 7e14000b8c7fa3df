package dispatch

import (
	"math/bits"

	"github.com/mousemaze/mousemaze"
)

// The objectives a search can maximise (Params.Objective).
const (
	// ObjTurns maximises the turns of the walk: the game's score (a capped
	// walk scores its cap). Under Params.K > 0 a walk that does not escape
	// (trapped or capped) scores 1, the worst, so under a modulus it finds the maze that keeps
	// the mouse longest before he escapes.
	ObjTurns = "turns"
	// ObjTrap looks for the smallest maze that traps a k-mod mouse: any
	// trapped maze (a repeated state, or a mousetrap by the cap) beats any
	// other, trapped mazes rank by fewest reachable open cells, then the
	// smallest bounding box of those cells, and the rest by turns.
	ObjTrap = "trap"
	// ObjMaxCell maximises the visits to one single cell (the paper's
	// "crossed paths" question, §6): the largest count of the heat map.
	// It needs exact counting.
	ObjMaxCell = "max-cell"
)

// Objectives lists the objectives, the default first.
var Objectives = []string{ObjTurns, ObjTrap, ObjMaxCell}

// trapBase is the score of a trapped maze before its size is taken off;
// it lies above every turn count a search can meet in practice.
const trapBase = 1 << 50

// Score returns the score a search under p gives the walk res of the
// feasible maze m under cfg (p's rules with the maze's ends); higher is
// better and every score is at least 1.
func (p Params) Score(m mousemaze.Maze, cfg mousemaze.Config, res mousemaze.Result) int64 {
	switch p.Objective {
	case ObjMaxCell:
		var hi uint32
		for _, h := range res.Heat {
			hi = max(hi, h)
		}
		return max(int64(hi), 1)
	case ObjTrap:
		if res.Trapped || res.TrapTurn > 0 {
			cells, area := TrapSize(m, cfg)
			return trapBase - int64(cells)<<13 - int64(area)
		}
	}
	if p.K > 0 && !res.Escaped {
		return 1
	}
	return res.Turns // with exact counting a capped walk scores its cap, as before
}

// Trapping reports whether a score under ObjTrap is that of a trapped maze.
func Trapping(score int64) bool { return score > trapBase-1<<26 }

// TrapSize returns the number of open cells reachable from m's entry and
// the area of their bounding box: the size of a trap as ObjTrap and the
// trap sweep rank it.
func TrapSize(m mousemaze.Maze, cfg mousemaze.Config) (cells, area int) {
	reach := mousemaze.Reachable(m, cfg.Entry)
	top, bottom := -1, -1
	var cols uint64
	for r, row := range reach {
		if row == 0 {
			continue
		}
		if top < 0 {
			top = r
		}
		bottom = r
		cols |= row
		cells += bits.OnesCount64(row)
	}
	if cells == 0 {
		return 0, 0
	}
	width := 64 - bits.LeadingZeros64(cols) - bits.TrailingZeros64(cols)
	return cells, (bottom - top + 1) * width
}
