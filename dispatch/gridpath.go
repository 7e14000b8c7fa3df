package dispatch

import "github.com/mousemaze/mousemaze"

// Guard returns the cells of one shortest path from g's entry to its exit,
// one word a row as g's walls (GridProblem is an intoApplier), or nil when
// g is infeasible. A neighbour of g that walls none of these cells and
// moves neither end is feasible: the path is still open (FeasibleAfter).
//
// It is a breadth-first search a row word at a time: the cells at
// distance d from the entry are those next to distance d-1 that are open
// and not yet reached. Each cell keeps its distance modulo 3 (two bit
// planes), which is enough to walk back from the exit: a cell's neighbours
// lie at its distance minus one, plus one or the same, so the one a step
// nearer the entry is the neighbour whose residue is one less.
func (p *GridProblem) Guard(g Grid) []uint64 {
	rows, last := p.Rows, p.Rows-1
	mask := mousemaze.RowMask(p.Cols)
	var open, seen, cur, next, lo, hi [mousemaze.MaxSide]uint64 // lo, hi: the residue's bits
	for r, w := range g.Walls {
		open[r] = ^w & mask
	}
	cur[0] = 1 << uint(g.Entry) & open[0]
	if cur[0] == 0 {
		return nil
	}
	seen[0] = cur[0]
	goal := uint64(1) << uint(g.Exit)
	top, bottom := 0, 0 // the rows cur spans
	d := 0              // the distance of the exit, once reached
	for seen[last]&goal == 0 {
		d++
		res := d % 3
		nt, nb := -1, -1
		for r := max(top-1, 0); r <= min(bottom+1, last); r++ {
			x := cur[r] | cur[r]<<1 | cur[r]>>1
			if r > 0 {
				x |= cur[r-1]
			}
			if r < last {
				x |= cur[r+1]
			}
			x &= open[r] &^ seen[r]
			next[r] = x
			if x != 0 {
				if nt < 0 {
					nt = r
				}
				nb = r
				seen[r] |= x
				if res&1 != 0 {
					lo[r] |= x
				}
				if res&2 != 0 {
					hi[r] |= x
				}
			}
		}
		if nt < 0 {
			return nil
		}
		for r := max(top-1, 0); r <= min(bottom+1, last); r++ {
			cur[r] = next[r]
		}
		top, bottom = nt, nb
	}
	// Walk back from the exit, a step nearer the entry each time.
	path := make([]uint64, rows)
	r, c := last, g.Exit
	path[r] |= 1 << uint(c)
	residue := func(r, c int) int { return int(lo[r]>>uint(c)&1) | int(hi[r]>>uint(c)&1)<<1 }
	isStep := func(r, c, want int) bool {
		return r >= 0 && r < rows && c >= 0 && c < p.Cols && seen[r]>>uint(c)&1 == 1 && residue(r, c) == want
	}
	for ; d > 0; d-- {
		want := (residue(r, c) + 2) % 3
		switch {
		case isStep(r-1, c, want):
			r--
		case isStep(r+1, c, want):
			r++
		case isStep(r, c-1, want):
			c--
		case isStep(r, c+1, want):
			c++
		default:
			return nil // cannot happen: the cell at distance d has one at d-1 beside it
		}
		path[r] |= 1 << uint(c)
	}
	return path
}
