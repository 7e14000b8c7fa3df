package dispatch

import (
	"math"
	"math/rand/v2"

	"github.com/mousemaze/mousemaze"
)

// Breed breeds a chunk of children of parents into dst at the speed of
// the row words (GridProblem is a Breeder): each child is written into the
// walls of the genome in its slot of dst, or else into one block of words
// for the chunk, a crossover is one random mask per row, a mutation flips
// cells in place and feasibility is the word flood fill. It draws from rng
// exactly what the engine's generic breeding draws (Cross, then
// binomialSkips and randomMoves, Apply, Equal, Feasible and Repair), so
// the children are the same maze for maze; TestGridBreedIsGeneric checks
// it.
func (p *GridProblem) Breed(rng *rand.Rand, parents []Grid, dst []Grid, cross bool, rate float64) (rejected int64) {
	rows := p.Rows
	var block []uint64 // for the children whose slot has no storage to reuse
	var moveBuf, siteBuf [16]int
	var binom binomial
	for i := range dst {
		a := parents[rng.IntN(len(parents))]
		b := a
		if cross {
			b = parents[rng.IntN(len(parents))]
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
				p.crossInto(rng, a, b, &c)
			} else {
				copy(c.Walls, a.Walls)
				c.Entry, c.Exit = a.Entry, a.Exit
			}
			n := p.Moves(c)
			k := binom.draw(rng, n, rate/float64(max(n, 1)))
			p.applyInPlace(&c, p.drawMoves(rng, c, k, moveBuf[:0], siteBuf[:0]))
			if p.Equal(c, a) || p.Equal(c, b) {
				p.applyInPlace(&c, p.drawMoves(rng, c, 1, moveBuf[:0], siteBuf[:0]))
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

// drawMoves is the engine's randomMoves for grids: k random moves of g on
// distinct sites (fewer if g has fewer), appended to moves, with sites as
// scratch.
func (p *GridProblem) drawMoves(rng *rand.Rand, g Grid, k int, moves, sites []int) []int {
	n := p.Moves(g)
	if n == 0 || k <= 0 {
		return moves
	}
	cells, a, b := p.cellMoves(g)
	for tries := 0; len(moves) < k && tries < 20*k+100; tries++ {
		m := rng.IntN(n)
		site := cellOfMove(m, a, b) // Site, without cellMoves for every move
		if m >= cells {
			site = p.Site(g, m) // an end move
		}
		seen := false
		for _, s := range sites {
			if s == site {
				seen = true
				break
			}
		}
		if !seen {
			sites = append(sites, site)
			moves = append(moves, m)
		}
	}
	return moves
}

// applyInPlace applies moves (of g as it is) to g's own walls, as Apply
// does to a copy.
func (p *GridProblem) applyInPlace(g *Grid, moves []int) {
	if len(moves) == 0 {
		return
	}
	n, _, _ := p.cellMoves(*g)
	for _, m := range moves {
		if m >= n { // an end move: rare, done by Apply
			out := p.Apply(*g, moves...)
			copy(g.Walls, out.Walls)
			g.Entry, g.Exit = out.Entry, out.Exit
			return
		}
	}
	_, a, b := p.cellMoves(*g)
	for _, m := range moves {
		site := cellOfMove(m, a, b)
		g.Walls[site/p.Cols] ^= 1 << uint(site%p.Cols)
	}
	p.openEnds(g)
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
