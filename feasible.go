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
	reach := make([]uint64, m.Rows)
	floodRows(m.Walls, reach, m.Cols, 1<<uint(entry), 0)
	return reach
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
