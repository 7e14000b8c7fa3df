package dispatch

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/mousemaze/mousemaze"
)

// Breed breeds a chunk of children of parents into dst at the speed of
// the row words (GridProblem is a Breeder). Each child is written into the
// walls of the genome in its slot of dst, or else into one block of words
// for the chunk. Its draws come from a breedRand seeded with one draw of
// rng (Repair, which is rare, draws from rng itself):
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
//     feasible (the word flood fill) is drawn again, up to maxRedraws times,
//     then repaired towards its first parent.
//
// That is the generic breeding's distribution but not its draws;
// TestGridBreedIsReference checks Breed against breedReference, the same
// draws made one cell at a time.
func (p *GridProblem) Breed(rng *rand.Rand, parents []Grid, dst []Grid, cross bool, rate float64) (rejected int64) {
	rows := p.Rows
	var block []uint64 // for the children whose slot has no storage to reuse
	br := breeding{
		r:       breedRand(rng.Uint64()),
		rowMask: mousemaze.RowMask(p.Cols),
		magic:   1<<32/uint64(p.Cols) + 1,
	}
	for i := range dst {
		a := parents[br.r.below(uint64(len(parents)))]
		b := a
		if cross {
			b = parents[br.r.below(uint64(len(parents)))]
		}
		c := Grid{Walls: dst[i].Walls}
		if len(c.Walls) != rows {
			if block == nil {
				block = make([]uint64, len(dst)*rows)
			}
			c.Walls = block[i*rows : (i+1)*rows : (i+1)*rows]
		}
		for try := 0; ; try++ {
			if cross {
				p.crossWords(&br, a, b, &c)
			} else {
				copy(c.Walls, a.Walls)
				c.Entry, c.Exit = a.Entry, a.Exit
			}
			n := p.Moves(c)
			p.flipMoves(&br, &c, br.binom.draw(&br.r, rng, n, rate/float64(max(n, 1))))
			if p.Equal(c, a) || p.Equal(c, b) {
				p.flipMoves(&br, &c, 1)
			}
			if mousemaze.FeasibleWalls(c.Walls, p.Cols, c.Entry, c.Exit) {
				break
			}
			rejected++
			if try+1 >= maxRedraws {
				fixed := p.Repair(rng, c, a)
				copy(c.Walls, fixed.Walls)
				c.Entry, c.Exit = fixed.Entry, fixed.Exit
				break
			}
		}
		dst[i] = c
	}
	return rejected
}

// breeding is the state of one call of Breed: its random generator, the
// binomial table, scratch for the crossover's mask words and the
// mutation's flips, and two constants of the grid.
type breeding struct {
	r       breedRand
	binom   binomialTable
	mask    [mousemaze.MaxSide + 2]uint64 // a crossover's random words (and one to spare)
	flip    [mousemaze.MaxSide]uint64     // a mutation's cells, all zero between calls
	rowMask uint64                        // the bits of a row's cells
	magic   uint64                        // ⌊2^32/Cols⌋ + 1: site*magic >> 32 is site/Cols for every site (< 2^12) of a grid
}

// crossWords writes into c the uniform crossover of a and b that Breed
// draws: it draws just enough random words for one bit a cell (and with
// free ends one for each end), and takes cell i in row-major order from a
// where bit i of those words (bit i%64 of word i/64) is 1, from b where it
// is 0; with free ends bits Rows*Cols and Rows*Cols+1 do the same for the
// entry and the exit.
func (p *GridProblem) crossWords(br *breeding, a, b Grid, c *Grid) {
	c.Entry, c.Exit = a.Entry, a.Exit
	cells := p.Rows * p.Cols
	need := cells
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
	for row, pos := 0, 0; row < len(c.Walls); row, pos = row+1, pos+p.Cols {
		i, off := pos>>6, uint(pos&63)
		m := (words[i]>>off | words[i+1]<<(64-off)) & br.rowMask
		c.Walls[row] = a.Walls[row]&m | b.Walls[row]&^m
	}
	if p.FreeEnds {
		if words[cells>>6]>>uint(cells&63)&1 == 0 {
			c.Entry = b.Entry
		}
		if e := cells + 1; words[e>>6]>>uint(e&63)&1 == 0 {
			c.Exit = b.Exit
		}
	}
	p.openEnds(c)
}

// flipMoves applies to c k moves of c drawn at random on distinct sites
// (fewer if c has fewer, as randomMoves), each move one bounded draw: a
// move already drawn, or a second move of the same end, is drawn again.
func (p *GridProblem) flipMoves(br *breeding, c *Grid, k int) {
	if k <= 0 {
		return
	}
	n := uint64(p.Moves(*c))
	cells, a, b := p.cellMoves(*c)
	flip := br.flip[:len(c.Walls)]
	entry, exit := -1, -1 // the end moves drawn (as moveEnd numbers them)
	for got, tries := 0, 0; got < k && tries < 20*k+100; tries++ {
		hi, lo := bits.Mul64(br.r.next(), n) // br.r.below(n), inlined by hand
		if lo < n {
			hi = br.r.reject(n, hi, lo)
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
	for row, f := range flip {
		c.Walls[row] ^= f
		flip[row] = 0
	}
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

// Draw draws a maze from Random's distribution (GridProblem is a Drawer):
// where Density is a multiple of 1/65536 (the preset's 0.25 is), each row
// is built from a few random words, one for each binary digit of the
// density up to its last 1 (0.25 takes two: a wall where both words have a
// 1), instead of one draw per cell; otherwise it is Random.
func (p *GridProblem) Draw(rng *rand.Rand) Grid {
	digits, ok := dyadicDigits(p.Density)
	if !ok {
		return p.Random(rng)
	}
	g := Grid{Walls: make([]uint64, p.Rows), Entry: p.Config.Entry, Exit: p.Config.Exit}
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

// dyadicDigits returns the binary digits of d after the point, up to its
// last 1, when 0 < d < 1 is a multiple of 1/65536.
func dyadicDigits(d float64) ([]bool, bool) {
	if d <= 0 || d >= 1 {
		return nil, false
	}
	x := d * 65536
	if x != math.Trunc(x) {
		return nil, false
	}
	n := uint32(x)
	var digits []bool
	for bit := 15; bit >= 0 && n != 0; bit-- {
		one := n>>uint(bit)&1 == 1
		digits = append(digits, one)
		n &^= 1 << uint(bit)
	}
	return digits, true
}
