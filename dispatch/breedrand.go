package dispatch

import (
	"math"
	"math/bits"
)

// breedRand is the random generator of GridProblem.Breed: a 64-bit
// counter stepped by an odd constant and mixed by one 128-bit multiply
// (the wyrand generator). Its methods are small enough to be inlined,
// where a draw from a rand.Rand is a call through the Source interface;
// breeding draws a dozen numbers or more a child.
type breedRand uint64

// next returns 64 random bits.
func (r *breedRand) next() uint64 {
	*r += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(uint64(*r), uint64(*r)^0xe7037ed1a0b428db)
	return hi ^ lo
}

// below returns a uniform integer in [0, n), n > 0, by multiplying and
// rejecting the few products that would bias it (Lemire's method).
func (r *breedRand) below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.next(), n)
	if lo < n {
		return r.reject(n, hi, lo)
	}
	return hi
}

// reject finishes below where the product's low word fell under n: it
// draws again while the low word is under 2^64 mod n. (Not inlined, so
// that below is.)
//
//go:noinline
func (r *breedRand) reject(n, hi, lo uint64) uint64 {
	floor := -n % n
	for lo < floor {
		hi, lo = bits.Mul64(r.next(), n)
	}
	return hi
}

// float returns a uniform float64 in [0, 1), a multiple of 2^-53.
func (r *breedRand) float() float64 {
	return float64(r.next()>>11) * 0x1p-53
}

// Float64 is float (breedRand is a uniform).
func (r *breedRand) Float64() float64 { return r.float() }

// IntN is below(n), for n > 0 (breedRand is a uniform).
func (r *breedRand) IntN(n int) int { return int(r.below(uint64(n))) }

// uniform is a source of the uniform numbers that binomialSkips and
// GridProblem's repair draw: a *rand.Rand, or a breedRand in Breed.
type uniform interface {
	// Float64 returns a uniform float64 in [0, 1).
	Float64() float64
	// IntN returns a uniform int in [0, n), n > 0.
	IntN(n int) int
}

// binomialTable draws binomial numbers by looking a uniform up in a table
// of the distribution function, built once for each n and p in a row; the
// draw is binomialDraw's inversion, its search started from a guide (the
// table's answer for the start of the uniform's 1/128 of [0, 1)). Where (1-p)^n
// underflows it counts geometric gaps instead (binomialSkips, from r).
type binomialTable struct {
	n   int
	p   float64
	cdf []float64 // cdf[k] = P(X ≤ k), up to where it reaches 1 or k = n
	// guide[b] is the first k with b/guideSize < cdf[k] (or the last k):
	// where a uniform's search starts, one or two steps from its answer.
	guide [guideSize]uint16
}

// guideSize is the number of equal parts of [0, 1) that binomialTable's
// guide starts its searches from.
const guideSize = 128

// draw returns a binomial(n, p) number.
func (t *binomialTable) draw(r *breedRand, n int, p float64) int {
	switch {
	case n <= 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	}
	if n != t.n || p != t.p || t.cdf == nil {
		t.build(n, p)
	}
	if len(t.cdf) == 0 {
		return binomialSkips(r, n, p)
	}
	u := r.float()
	// The first k with u < cdf[k], else the last, from the guide's k for
	// u's part of [0, 1), which is at or below it.
	k, last := int(t.guide[int(u*guideSize)]), len(t.cdf)-1
	for k < last && u >= t.cdf[k] {
		k++
	}
	return k
}

// build fills the table for n and p (empty where P(0) underflows).
func (t *binomialTable) build(n int, p float64) {
	t.n, t.p, t.cdf = n, p, t.cdf[:0]
	f := math.Exp(float64(n) * math.Log1p(-p)) // P(0)
	if f < 1e-250 {
		t.cdf = []float64{}
		return
	}
	q := p / (1 - p)
	cdf := f
	t.cdf = append(t.cdf, cdf)
	for k := 0; k < n && cdf < 1; k++ {
		f *= float64(n-k) / float64(k+1) * q
		cdf += f
		t.cdf = append(t.cdf, cdf)
	}
	k, last := 0, len(t.cdf)-1
	for b := range t.guide {
		for k < last && float64(b)/guideSize >= t.cdf[k] {
			k++
		}
		t.guide[b] = uint16(k)
	}
}
