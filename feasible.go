package mousemaze

import "math/bits"

// Reachable returns, for every row, the mask of open cells that can be
// reached from the entry cell (row 0, column entry) through open cells. It
// returns nil when the entry cell is a wall. The flood fill works on whole
// rows at a time: a row's reachable set grows sideways inside its open runs
// and vertically from the rows above and below until nothing changes.
func Reachable(m Maze, entry int) []uint64 {
	if m.Wall(0, entry) {
		return nil
	}
	mask := RowMask(m.Cols)
	open := make([]uint64, m.Rows)
	for r, w := range m.Walls {
		open[r] = ^w & mask
	}
	reach := make([]uint64, m.Rows)
	reach[0] = 1 << uint(entry)
	for changed := true; changed; {
		changed = false
		for r := 0; r < m.Rows; r++ {
			x := reach[r]
			if r > 0 {
				x |= reach[r-1] & open[r]
			}
			if r+1 < m.Rows {
				x |= reach[r+1] & open[r]
			}
			x = spreadRow(x, open[r])
			if x != reach[r] {
				reach[r] = x
				changed = true
			}
		}
	}
	return reach
}

// spreadRow grows x sideways inside open until it covers every open run it
// touches.
func spreadRow(x, open uint64) uint64 {
	for {
		y := x | (x<<1|x>>1)&open
		if y == x {
			return x
		}
		x = y
	}
}

// Feasible reports whether the mouse can escape m under cfg: the entry cell
// (row 0, column cfg.Entry) and the exit cell (last row, column cfg.Exit)
// are open and an open path joins them. It assumes cfg is valid for m.
func Feasible(m Maze, cfg Config) bool {
	if m.Wall(0, cfg.Entry) || m.Wall(m.Rows-1, cfg.Exit) {
		return false
	}
	reach := Reachable(m, cfg.Entry)
	return reach[m.Rows-1]>>uint(cfg.Exit)&1 != 0
}

// The reasons WhyInfeasible gives.
const (
	InfeasibleEntry       = "entry walled"     // the entry cell is a wall
	InfeasibleExit        = "exit walled"      // the exit cell is a wall
	InfeasibleUnreachable = "exit unreachable" // no open path joins them
)

// WhyInfeasible says why the mouse cannot escape m under cfg: "" when m is
// feasible, else InfeasibleEntry, InfeasibleExit (when the entry cell is
// open) or InfeasibleUnreachable. It assumes cfg is valid for m.
func WhyInfeasible(m Maze, cfg Config) string {
	switch {
	case m.Wall(0, cfg.Entry):
		return InfeasibleEntry
	case m.Wall(m.Rows-1, cfg.Exit):
		return InfeasibleExit
	case !Feasible(m, cfg):
		return InfeasibleUnreachable
	}
	return ""
}

// TrapSize returns the number of open cells reachable from m's entry and
// the area of their bounding box: the size of a trap as the trap objective and the
// trap sweep rank it.
func TrapSize(m Maze, cfg Config) (cells, area int) {
	reach := Reachable(m, cfg.Entry)
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
