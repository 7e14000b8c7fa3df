package dispatch

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/mousemaze/mousemaze"
)

// Breed breeds a chunk of children of parents into dst at the speed of
// the row words (GridProblem is a Breeder). Each child is written into the
// walls of the genome in its slot of dst, or else into one block of words
// for the chunk. Child i of the chunk draws from a breedRand of its own,
// seeded with one draw of rng and i (childRand), so that its candidates
// do not depend on the other children's:
//
//   - a crossover draws just enough random words for one bit a cell (64
//     cells a word, in row-major order, then with free ends one bit for
//     the entry and one for the exit) and takes a cell from the second
//     parent where its bit is 0 (crossWords);
//   - a mutation flips a binomial number of distinct moves, drawn from a
//     table of the distribution (one uniform) and then one bounded draw a
//     move, which is the same as flipping each move on its own with
//     probability rate/Moves;
//   - a child equal to a parent gets one move more, and a child that is not
//     feasible is drawn again, up to maxRedraws times, then repaired
//     towards its first parent (repair, drawing from the child's stream).
//
// The candidates of up to four children are checked at once, by one flood
// fill over words that hold the same row of each (laneFlood; grids of 32
// columns or more take the row-word flood, mousemaze.FeasibleWalls, one
// child at a time).
//
// That is the generic breeding's distribution but not its draws;
// TestGridBreedIsReference checks Breed against breedReference, the same
// draws made one cell at a time and one child after another.
func (p *GridProblem) Breed(rng *rand.Rand, parents []Grid, dst []Grid, cross bool, rate float64) (rejected int64) {
	rows := p.Rows
	seed := rng.Uint64()
	var block []uint64 // for the children whose slot has no storage to reuse
	br := p.newBreeding(rate)
	lanes := floodLanes(p.Cols)
	var flood *laneFlood
	if lanes > 1 {
		flood = &laneFlood{lanes: lanes, width: uint(64 / lanes)}
	}
	slots := make([]breedSlot, lanes)
	next := 0
	// start puts the next child, if any is left, into slot s.
	start := func(s *breedSlot) {
		if next >= len(dst) {
			s.i = -1
			return
		}
		i := next
		next++
		s.i, s.try, s.r = i, 0, childRand(seed, i)
		s.a = &parents[s.r.below(uint64(len(parents)))]
		s.b = s.a
		if cross {
			s.b = &parents[s.r.below(uint64(len(parents)))]
		}
		s.c = Grid{Walls: dst[i].Walls}
		if len(s.c.Walls) != rows {
			if block == nil {
				block = make([]uint64, len(dst)*rows)
			}
			s.c.Walls = block[i*rows : (i+1)*rows : (i+1)*rows]
		}
	}
	for j := range slots {
		start(&slots[j])
	}
	for {
		live := false
		if flood != nil {
			flood.clear(rows)
		}
		for j := range slots {
			s := &slots[j]
			if s.i < 0 {
				continue
			}
			live = true
			br.r = s.r
			p.candidate(&br, s, cross, rate)
			s.r = br.r
			if flood != nil {
				flood.put(j, s.c.Walls, br.rowMask, s.c.Entry, s.c.Exit)
			}
		}
		if !live {
			return rejected
		}
		var ok uint64
		if flood != nil {
			ok = flood.feasible(rows)
		} else if mousemaze.FeasibleWalls(slots[0].c.Walls, p.Cols, slots[0].c.Entry, slots[0].c.Exit) {
			ok = 1
		}
		for j := range slots {
			s := &slots[j]
			if s.i < 0 {
				continue
			}
			if ok>>uint(j)&1 == 0 {
				rejected++
				if s.try++; s.try < maxRedraws {
					continue
				}
				if flood != nil {
					p.repairLanes(&s.r, &s.c, *s.a, flood)
				} else {
					p.repair(&s.r, &s.c, *s.a)
				}
			}
			dst[s.i] = s.c
			start(s)
		}
	}
}

// repairLanes is repair for a child of Breed, whose stream nothing draws
// from once the child is made: the same child, found by checking several
// steps at once. Repair stops at the first step after which the child is
// feasible (it floods at every step that can make it so, and only those:
// a cell opened next to the cells the entry reaches). repairLanes draws
// the steps ahead, as repair would draw them, and floods the child after
// each step that opens a cell, up to a lane's worth at a time in f's
// lanes, and keeps the first feasible one. It draws more from r than
// repair does, which nothing sees.
func (p *GridProblem) repairLanes(r *breedRand, c *Grid, parent Grid, f *laneFlood) {
	child := *c
	child.Entry, child.Exit = parent.Entry, parent.Exit
	p.openEnds(&child)
	rows := p.Rows
	// The cells that differ, row<<6 | column, in repair's order.
	var diffBuf [128]uint16
	diff := diffBuf[:0]
	for row, w := range child.Walls {
		for x := w ^ parent.Walls[row]; x != 0; x &= x - 1 {
			diff = append(diff, uint16(row<<6|bits.TrailingZeros64(x)))
		}
	}
	var orderBuf [128]uint16
	order := orderBuf[:0] // the cells set back to parent's, in the order drawn
	var work [mousemaze.MaxSide]uint64
	copy(work[:rows], child.Walls)
	// Lane j holds the child after step[j]. All lanes start as the child
	// after the steps drawn so far; a step changes its cell in its lane
	// and every lane above it (from[j] has bit 0 of lanes j and up).
	var step [4]int
	var from [5]uint64
	for j := f.lanes - 1; j >= 0; j-- {
		from[j] = from[j+1] | 1<<(uint(j)*f.width)
	}
	rowMask := mousemaze.RowMask(p.Cols)
	open := f.open[:rows]
	for row, w := range work[:rows] {
		open[row] = (^w & rowMask) * from[0]
	}
	f.start, f.goal = uint64(1)<<uint(child.Entry)*from[0], uint64(1)<<uint(child.Exit)*from[0]
	used := 1 // step 0, the child as it is, in lane 0
	for {
		for used < f.lanes && len(diff) > 0 {
			i := r.IntN(len(diff))
			cell := diff[i]
			diff[i] = diff[len(diff)-1]
			diff = diff[:len(diff)-1]
			order = append(order, cell)
			row, bit := cell>>6, uint64(1)<<(cell&63)
			if parent.Walls[row]&bit != 0 { // walled: still infeasible
				work[row] |= bit
				open[row] &^= bit * from[used]
				continue
			}
			work[row] &^= bit
			open[row] |= bit * from[used]
			step[used] = len(order)
			used++
		}
		if used == 0 { // every cell is parent's
			copy(child.Walls, work[:rows])
			break
		}
		if ok := f.feasible(rows) & (1<<uint(used) - 1); ok != 0 {
			for _, cell := range order[:step[bits.TrailingZeros64(ok)]] {
				row, bit := cell>>6, uint64(1)<<(cell&63)
				child.Walls[row] = child.Walls[row]&^bit | parent.Walls[row]&bit
			}
			break
		}
		// Every lane becomes the top one, the child after every step so far.
		top := uint(f.lanes-1) * f.width
		for row := range open {
			open[row] = (open[row] >> top) * from[0]
		}
		used = 0
	}
	*c = child
}

// breedSlot is a child of Breed under way: its index in dst (-1: the slot
// has no child), its random stream, its parents, the candidates drawn so
// far and the last one, in the child's storage.
type breedSlot struct {
	i    int
	r    breedRand
	a, b *Grid
	try  int
	c    Grid
}

// childRand returns the stream of child i of a Breed call whose rng gave
// seed: splitmix64's finaliser of seed + (i+1)·0x9e3779b97f4a7c15, so that
// the children's streams start far apart on breedRand's cycle.
func childRand(seed uint64, i int) breedRand {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return breedRand(z ^ z>>31)
}

// breeding is the state of one call of Breed: its random generator (the
// stream of the child being drawn), the binomial table, scratch for the
// crossover's mask words and the mutation's flips, and constants of the
// grid and of the children's moves.
type breeding struct {
	r       breedRand
	binom   binomialTable
	mask    [mousemaze.MaxSide + 2]uint64 // a crossover's random words (and one to spare)
	flip    [mousemaze.MaxSide]uint64     // a mutation's cells, all zero between calls
	rowMask uint64                        // the bits of a row's cells
	magic   uint64                        // ⌊2^32/Cols⌋ + 1: site*magic >> 32 is site/Cols for every site (< 2^12) of a grid
	// With fixed ends, the moves of every child: how many (all cell
	// moves), the end cells they skip (cellMoves), the rate a move and
	// the cell of each move, row<<6 | column.
	moves, lo, hi int
	q             float64
	cellOf        []uint16
}

// newBreeding returns the state of a Breed call at mean rate moves, with
// no stream yet.
func (p *GridProblem) newBreeding(rate float64) breeding {
	br := breeding{
		rowMask: mousemaze.RowMask(p.Cols),
		magic:   1<<32/uint64(p.Cols) + 1,
	}
	if !p.FreeEnds {
		open := Grid{Entry: p.Config.Entry, Exit: p.Config.Exit}
		_, br.lo, br.hi = p.cellMoves(open)
		br.moves = p.Moves(open)
		br.q = rate / float64(max(br.moves, 1))
		br.cellOf = make([]uint16, br.moves)
		for m := range br.cellOf {
			site := cellOfMove(m, br.lo, br.hi)
			br.cellOf[m] = uint16(site/p.Cols<<6 | site%p.Cols)
		}
	}
	return br
}

// candidate draws slot s's next candidate into s.c from br.r: the
// crossover of its parents (or a copy of the first) with a mutation of
// mean rate moves, and one move more where that equals a parent. With
// fixed ends it works on the walls alone, with the moves br holds.
func (p *GridProblem) candidate(br *breeding, s *breedSlot, cross bool, rate float64) {
	if p.FreeEnds {
		if cross {
			p.crossWords(br, *s.a, *s.b, &s.c)
		} else {
			copy(s.c.Walls, s.a.Walls)
			s.c.Entry, s.c.Exit = s.a.Entry, s.a.Exit
		}
		n := p.Moves(s.c)
		p.flipMoves(br, &s.c, br.binom.draw(&br.r, n, rate/float64(max(n, 1))))
		if p.Equal(s.c, *s.a) || p.Equal(s.c, *s.b) {
			p.flipMoves(br, &s.c, 1)
		}
		return
	}
	c := s.c.Walls
	if cross {
		p.crossRows(br, s.a.Walls, s.b.Walls, c)
	} else {
		copy(c, s.a.Walls)
	}
	s.c.Entry, s.c.Exit = p.Config.Entry, p.Config.Exit
	p.openEnds(&s.c)
	br.flipCells(c, br.binom.draw(&br.r, br.moves, br.q))
	if slices.Equal(c, s.a.Walls) || slices.Equal(c, s.b.Walls) {
		br.flipCells(c, 1)
	}
}

// flipCells is flipSites for a child with fixed ends, whose moves are all
// cell moves: it flips k distinct cells of walls, drawn as flipSites draws
// them, each cell looked up in br.cellOf.
func (br *breeding) flipCells(walls []uint64, k int) {
	n := uint64(len(br.cellOf))
	flip := br.flip[:len(walls)]
	for got, tries := 0, 0; got < k && tries < 20*k+100; tries++ {
		hi, lo := bits.Mul64(br.r.next(), n) // br.r.below(n), inlined by hand
		if lo < n {
			hi = br.r.reject(n, hi, lo)
		}
		cell := br.cellOf[hi]
		row, bit := cell>>6, uint64(1)<<(cell&63)
		if flip[row]&bit != 0 {
			continue
		}
		flip[row] |= bit
		got++
	}
	br.applyFlips(walls)
}

// applyFlips flips in walls the cells marked in br.flip and clears the
// marks for the next mutation.
func (br *breeding) applyFlips(walls []uint64) {
	for row, f := range br.flip[:len(walls)] {
		walls[row] ^= f
		br.flip[row] = 0
	}
}

// crossWords writes into c the uniform crossover of a and b that Breed
// draws: it draws just enough random words for one bit a cell (and with
// free ends one for each end), and takes cell i in row-major order from a
// where bit i of those words (bit i%64 of word i/64) is 1, from b where it
// is 0; with free ends bits Rows*Cols and Rows*Cols+1 do the same for the
// entry and the exit.
func (p *GridProblem) crossWords(br *breeding, a, b Grid, c *Grid) {
	c.Entry, c.Exit = a.Entry, a.Exit
	words := p.crossRows(br, a.Walls, b.Walls, c.Walls)
	if p.FreeEnds {
		cells := p.Rows * p.Cols
		if words[cells>>6]>>uint(cells&63)&1 == 0 {
			c.Entry = b.Entry
		}
		if e := cells + 1; words[e>>6]>>uint(e&63)&1 == 0 {
			c.Exit = b.Exit
		}
	}
	p.openEnds(c)
}

// crossRows is crossWords' walls: it draws the random words (their bits
// for the ends too, with free ends), writes the crossover of the walls a
// and b into c and returns the words drawn.
func (p *GridProblem) crossRows(br *breeding, a, b, c []uint64) []uint64 {
	need := p.Rows * p.Cols
	if p.FreeEnds {
		need += 2
	}
	words := br.mask[:(need+63)/64+1]
	for i := range len(words) - 1 {
		words[i] = br.r.next()
	}
	// A row's bits start at bit pos and may run into the next word; the
	// words past the ones drawn only ever fill bits that the row mask
	// clears (a shift by 64 gives 0).
	for row, pos := 0, 0; row < len(c); row, pos = row+1, pos+p.Cols {
		i, off := pos>>6, uint(pos&63)
		m := (words[i]>>off | words[i+1]<<(64-off)) & br.rowMask
		c[row] = a[row]&m | b[row]&^m
	}
	return words
}

// flipMoves applies to c k moves of c drawn at random on distinct sites
// (fewer if c has fewer, as randomMoves), each move one bounded draw: a
// move already drawn, or a second move of the same end, is drawn again.
func (p *GridProblem) flipMoves(br *breeding, c *Grid, k int) {
	if k <= 0 {
		return
	}
	_, a, b := p.cellMoves(*c)
	entry, exit := p.flipSites(br, c.Walls, k, p.Moves(*c), a, b)
	if entry >= 0 || exit >= 0 {
		ends := *c // the ends before the moves, which both decode from
		if entry >= 0 {
			p.moveEnd(c, ends, entry)
		}
		if exit >= 0 {
			p.moveEnd(c, ends, exit)
		}
		p.openEnds(c)
	}
}

// flipSites is flipMoves' draw: k distinct moves of the n moves of a maze
// whose cell moves skip the end cells a ≤ b (cellMoves), the cells among
// them flipped in walls; it returns the end moves drawn (as moveEnd
// numbers them), or -1.
func (p *GridProblem) flipSites(br *breeding, walls []uint64, k, n, a, b int) (entry, exit int) {
	entry, exit = -1, -1
	if k <= 0 {
		return entry, exit
	}
	cells := p.Rows*p.Cols - 2
	if a == b {
		cells++
	}
	flip := br.flip[:len(walls)]
	nn := uint64(n)
	for got, tries := 0, 0; got < k && tries < 20*k+100; tries++ {
		hi, lo := bits.Mul64(br.r.next(), nn) // br.r.below(n), inlined by hand
		if lo < nn {
			hi = br.r.reject(nn, hi, lo)
		}
		switch m := int(hi); {
		case m < cells:
			site := cellOfMove(m, a, b)
			row := int(uint64(site) * br.magic >> 32)
			bit := uint64(1) << uint(site-row*p.Cols)
			if flip[row]&bit != 0 {
				continue
			}
			flip[row] |= bit
		case m < cells+2*(p.Cols-1):
			if entry >= 0 {
				continue
			}
			entry = m - cells
		default:
			if exit >= 0 {
				continue
			}
			exit = m - cells
		}
		got++
	}
	br.applyFlips(walls)
	return entry, exit
}

// Draw draws a maze from Random's distribution (GridProblem is a Drawer):
// where Density is a multiple of 1/65536 (the preset's 0.25 is), each row
// is built from a few random words, one for each binary digit of the
// density up to its last 1 (0.25 takes two: a wall where both words have a
// 1), instead of one draw per cell; otherwise it is Random.
func (p *GridProblem) Draw(rng *rand.Rand) Grid {
	return p.DrawInto(rng, make([]uint64, p.Rows))
}

// DrawInto is Draw with the maze's walls written into words (p.Rows of
// them), which the maze keeps: the same draws and the same maze (a block
// of many mazes' words then serves a whole population; GridProblem is an
// intoDrawer).
func (p *GridProblem) DrawInto(rng *rand.Rand, words []uint64) Grid {
	var buf [16]bool
	digits, ok := dyadicDigits(buf[:0], p.Density)
	if !ok {
		g := p.Random(rng)
		copy(words, g.Walls)
		g.Walls = words[:len(g.Walls):len(g.Walls)]
		return g
	}
	g := Grid{Walls: words[:p.Rows:p.Rows], Entry: p.Config.Entry, Exit: p.Config.Exit}
	if p.FreeEnds {
		g.Entry, g.Exit = rng.IntN(p.Cols), rng.IntN(p.Cols)
	}
	mask := mousemaze.RowMask(p.Cols)
	for r := range g.Walls {
		// From the last digit to the first: a 1 digit gives a wall with
		// probability (1+q)/2 (or), a 0 digit q/2 (and).
		var w uint64
		for i := len(digits) - 1; i >= 0; i-- {
			if digits[i] {
				w |= rng.Uint64()
			} else {
				w &= rng.Uint64()
			}
		}
		g.Walls[r] = w & mask
	}
	p.openEnds(&g)
	return g
}

// dyadicDigits appends to dst the binary digits of d after the point, up
// to its last 1 (at most 16 of them, so that a caller's fixed array can
// hold them), when 0 < d < 1 is a multiple of 1/65536.
func dyadicDigits(dst []bool, d float64) ([]bool, bool) {
	if d <= 0 || d >= 1 {
		return dst, false
	}
	x := d * 65536
	if x != math.Trunc(x) {
		return dst, false
	}
	n := uint32(x)
	for bit := 15; bit >= 0 && n != 0; bit-- {
		one := n>>uint(bit)&1 == 1
		dst = append(dst, one)
		n &^= 1 << uint(bit)
	}
	return dst, true
}
