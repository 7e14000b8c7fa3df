package dispatch

import "github.com/mousemaze/mousemaze"

// The flood fill of GridProblem.Breed decides the feasibility of several
// candidate children at once: for grids of up to 31 columns, one 64-bit
// word holds the same row of two mazes (32-bit lanes) or, up to 15
// columns, of four (16-bit lanes). Each lane keeps at least one column
// above its maze's cells that is never open, so that neither a carry nor
// a shift carries reach from one lane into the next.

// floodLanes returns how many mazes of cols columns share a word in
// floodWords (4, 2), or 1 where they do not fit (cols of 32 or more).
func floodLanes(cols int) int {
	switch {
	case cols <= 15:
		return 4
	case cols <= 31:
		return 2
	}
	return 1
}

// laneFlood is the scratch of Breed's flood fill for one breeding call:
// the open cells of each row of up to four mazes, lane j of a word at bit
// j*width, the cells reached from their entries and from their exits, and
// the lanes' entry and exit cells.
type laneFlood struct {
	lanes int  // mazes a word holds: 2 or 4
	width uint // bits of a lane: 32 or 16
	open  [mousemaze.MaxSide]uint64
	in    [mousemaze.MaxSide]uint64 // reached from the entries
	out   [mousemaze.MaxSide]uint64 // reached from the exits
	start uint64                    // the entry cell of each lane's maze (row 0)
	goal  uint64                    // the exit cell of each lane's maze (last row)
}

// clear empties every lane (a lane left empty is infeasible).
func (f *laneFlood) clear(rows int) {
	clear(f.open[:rows])
	f.start, f.goal = 0, 0
}

// put writes the maze of walls (rows words of cols columns, bits at or
// above cols zero) with its entry and exit columns into lane j.
func (f *laneFlood) put(j int, walls []uint64, rowMask uint64, entry, exit int) {
	shift := uint(j) * f.width
	open := f.open[:len(walls)]
	for r, w := range walls {
		open[r] |= (^w & rowMask) << shift
	}
	f.start |= 1 << (shift + uint(entry))
	f.goal |= 1 << (shift + uint(exit))
}

// feasible floods every lane from its entry and from its exit at once and
// returns a mask of the feasible lanes: bit j for lane j. Both floods
// sweep all rows, the entry's down while the exit's goes up and the other
// way round the next time (two independent chains of work in one loop). A
// lane is decided once its two floods meet (it is feasible) or one of
// them adds nothing in a whole sweep (that flood's component is closed,
// as it already was under the sweep before in the other direction, and
// it does not hold the other end: the lane is infeasible); the flood
// stops when every lane is decided.
func (f *laneFlood) feasible(rows int) uint64 {
	open, in, out := f.open[:rows], f.in[:rows], f.out[:rows]
	last := rows - 1
	wide := f.width == 32
	in[0] = fillLanes(f.start&open[0], open[0], wide)
	out[last] = fillLanes(f.goal&open[last], open[last], wide)
	growIn, growOut := in[0], out[last]
	for i := 1; i < rows; i++ {
		in[i] = fillLanes(in[i-1]&open[i], open[i], wide)
		growIn |= in[i]
		r := last - i
		out[r] = fillLanes(out[r+1]&open[r], open[r], wide)
		growOut |= out[r]
	}
	all := f.lanesOf(^uint64(0))
	for down := false; ; down = !down {
		var meet uint64
		for r := range rows {
			meet |= in[r] & out[r]
		}
		meet = f.lanesOf(meet)
		if all&^(meet|^f.lanesOf(growIn)|^f.lanesOf(growOut)) == 0 {
			return f.laneBits(meet)
		}
		growIn, growOut = 0, 0
		if down { // the entries' flood down, the exits' up
			for i := 1; i < rows; i++ {
				old := in[i]
				in[i] = fillLanes(old|in[i-1]&open[i], open[i], wide)
				growIn |= in[i] ^ old
				r := last - i
				old = out[r]
				out[r] = fillLanes(old|out[r+1]&open[r], open[r], wide)
				growOut |= out[r] ^ old
			}
		} else {
			for i := 1; i < rows; i++ {
				r := last - i
				old := in[r]
				in[r] = fillLanes(old|in[r+1]&open[r], open[r], wide)
				growIn |= in[r] ^ old
				old = out[i]
				out[i] = fillLanes(old|out[i-1]&open[i], open[i], wide)
				growOut |= out[i] ^ old
			}
		}
	}
}

// lanesOf returns the union of the whole lanes of the word's lanes (lanes
// of width bits) that hold a bit of x, without a branch: a lane's top bit
// after adding all ones below it tells whether it held a bit, and
// multiplying that bit by the lane's ones spreads it over the lane.
func (f *laneFlood) lanesOf(x uint64) uint64 {
	if f.width == 32 {
		t := ((x & 0x7fffffff7fffffff) + 0x7fffffff7fffffff | x) & 0x8000000080000000
		return (t >> 31) * 0xffffffff
	}
	t := ((x & 0x7fff7fff7fff7fff) + 0x7fff7fff7fff7fff | x) & 0x8000800080008000
	return (t >> 15) * 0xffff
}

// laneBits returns bit j for each lane j that lanes (a union of whole
// lanes) holds.
func (f *laneFlood) laneBits(lanes uint64) uint64 {
	var ok uint64
	for j := range f.lanes {
		ok |= lanes >> (uint(j) * f.width) & 1 << uint(j)
	}
	return ok
}

// fillLanes is mousemaze's run fill (the closure of seed under sideways
// moves inside open) on each lane of a word at once, 16-bit lanes or,
// where wide, 32-bit ones, for lanes whose top bit is never open: upwards
// by the carry of open+seed, which stops at the first closed bit above a
// run, downwards by a Kogge–Stone occluded fill whose windows that cross a
// lane's top bit are closed. seed must lie inside open. (The steps are
// written out: as a loop, the flood fill takes twice as long.)
func fillLanes(seed, open uint64, wide bool) uint64 {
	up := open &^ (open + seed)
	g, p := seed, open
	g |= p & (g >> 1)
	p &= p >> 1
	g |= p & (g >> 2)
	p &= p >> 2
	g |= p & (g >> 4)
	p &= p >> 4
	g |= p & (g >> 8)
	if wide {
		p &= p >> 8
		g |= p & (g >> 16)
	}
	return up | g
}
