package mousemaze

// FeasibleWalls reports whether a maze given as bare wall words is
// feasible: walls[r] is row r's wall mask (bit c set when the cell in row r,
// column c is a wall), the maze has len(walls) rows (1..MaxSide) and cols
// columns (1..MaxSide), and the result is true exactly when the entry cell
// (row 0, column entry) and the exit cell (last row, column exit) are open
// and an open 4-connected path joins them. For a valid maze m and a config
// cfg valid for it, FeasibleWalls(m.Walls, m.Cols, cfg.Entry, cfg.Exit)
// equals Feasible(m, cfg). Wall bits at or above cols are ignored; a size,
// entry or exit out of range gives false.
//
// It allocates nothing and works a whole row at a time: a row's reachable
// set grows sideways in a few word operations (a carry and a log-step fill
// rather than one column per step), and sweeps down and up the rows, each
// skipping the rows that cannot change, run until the exit cell is reached
// or a sweep changes nothing. Reachable shares the flood.
func FeasibleWalls(walls []uint64, cols, entry, exit int) bool {
	rows := len(walls)
	if !wallsFit(rows, cols, entry, exit) {
		return false
	}
	start := uint64(1) << uint(entry)
	goal := uint64(1) << uint(exit)
	if walls[0]&start != 0 || walls[rows-1]&goal != 0 {
		return false
	}
	var buf [MaxSide]uint64
	return floodRows(walls, buf[:rows], cols, start, goal)
}

// ReachWalls is FeasibleWalls with the flood kept in reach, which must be
// as long as walls: it reports whether the maze is feasible and, when it is
// not, leaves in reach every open cell that can be reached from the entry
// cell (bit c of reach[r] for row r, column c; all zero when the entry cell
// is a wall). When it reports true, reach holds some of the reachable cells.
// A caller that changes a few cells can use it to decide feasibility
// without another flood: opening a cell next to none of the reached cells,
// or walling a cell that is not reached, leaves the answer false.
func ReachWalls(walls, reach []uint64, cols, entry, exit int) bool {
	clear(reach)
	rows := len(walls)
	if !wallsFit(rows, cols, entry, exit) || len(reach) != rows {
		return false
	}
	start := uint64(1) << uint(entry)
	if walls[0]&start != 0 {
		return false
	}
	goal := uint64(1) << uint(exit)
	if walls[rows-1]&goal != 0 {
		floodRows(walls, reach, cols, start, 0)
		return false
	}
	return floodRows(walls, reach, cols, start, goal)
}

// wallsFit reports whether a maze of rows x cols cells (1..MaxSide each)
// has its entry and exit columns inside it: what FeasibleWalls and
// ReachWalls ask of their arguments.
func wallsFit(rows, cols, entry, exit int) bool {
	return rows >= 1 && rows <= MaxSide && cols >= 1 && cols <= MaxSide &&
		uint(entry) < uint(cols) && uint(exit) < uint(cols)
}

// floodRows sets reach, which must be as long as walls and all zero, to the
// cells reachable from the open cells of start in row 0: bit c of reach[r]
// is set when the cell in row r, column c is. walls holds 1..MaxSide rows of
// cols (1..MaxSide) columns, bits at or above cols ignored. It returns true,
// and stops early with reach incomplete, as soon as the last row reaches a
// cell of goal; with goal zero it always runs to the end and returns false.
//
// It sweeps down and up the rows until a sweep changes nothing. Each row
// of reach is kept closed under sideways moves (fillRuns), and only a row
// that changed can push new cells into its neighbours, so a sweep starts
// next to the rows the last sweep changed and stops at the first row past
// them that it leaves unchanged.
func floodRows(walls, reach []uint64, cols int, start, goal uint64) bool {
	rows := len(reach)
	walls = walls[:rows]
	mask := RowMask(cols)
	width := uint(cols)
	last := rows - 1
	reach[0] = fillRuns(start&^walls[0]&mask, ^walls[0]&mask, width)
	if last == 0 {
		return reach[0]&goal != 0
	}
	// lo..hi bounds the rows the last sweep changed; row 0 to begin with.
	lo, hi := 0, 0
	for {
		// Down: row r takes what row r-1 reaches in its open cells.
		clo, chi := sweepRows(walls, reach, mask, width, lo+1, rows, hi, 1)
		if clo < 0 {
			return false
		}
		if chi == last && reach[last]&goal != 0 {
			return true
		}
		// Up: row r takes what row r+1 reaches in its open cells.
		lo, hi = clo, chi
		chi, clo = sweepRows(walls, reach, mask, width, hi-1, -1, lo, -1)
		if clo < 0 {
			return false
		}
		lo, hi = clo, chi
	}
}

// sweepRows is one sweep of floodRows: from row from, one row at a time in
// direction step (+1 down, -1 up) and up to row stop (excluded), each row
// takes what the row before it in the sweep reaches in its open cells. The
// sweep ends at the first row beyond row past that it leaves unchanged. It
// returns the first and the last row it changed, in the sweep's order, or
// -1, -1 when it changed none.
func sweepRows(walls, reach []uint64, mask uint64, width uint, from, stop, past, step int) (first, changed int) {
	first, changed = -1, -1
	prev := reach[from-step]
	for r := from; r != stop; r += step {
		o := ^walls[r] & mask
		cur := reach[r]
		if n := prev & o &^ cur; n != 0 {
			cur |= fillRuns(n, o, width)
			reach[r] = cur
			if first < 0 {
				first = r
			}
			changed = r
		} else if (r-past)*step > 0 {
			break
		}
		prev = cur
	}
	return first, changed
}

// fillRuns returns the union of the runs of open (maximal blocks of
// adjacent set bits) that hold a bit of seed, which must lie inside open;
// no run may be longer than width bits. It is the closure of seed under
// sideways moves within a row.
//
// Upwards (towards bit 63) it uses the carry trick: adding seed to open
// sends a carry from each run's lowest seed to the top of the run, and the
// bits the sum clears, with seed's own bits, are the run from that seed up.
// Carries never run downwards, so that direction is a Kogge–Stone occluded
// fill: the step with shift s adds cell c when cell c+s is reached and cells
// c..c+s-1 are all open, so after the steps with shifts 1, 2, 4, …, s every
// cell fewer than 2s below a seed in its run is reached. The first two steps
// always run; the later ones stop at the first that adds nothing (when no
// cell lies exactly s below the nearest seed above it in its run, none lies
// further) or once 2s reaches width.
func fillRuns(seed, open uint64, width uint) uint64 {
	up := open &^ (open + seed)
	g, p := seed, open
	g |= p & (g >> 1)
	p &= p >> 1
	g |= p & (g >> 2)
	for s := uint(4); s < width; s <<= 1 {
		p &= p >> (s >> 1)
		d := p & (g >> s) &^ g
		if d == 0 {
			break
		}
		g |= d
	}
	return up | g
}
