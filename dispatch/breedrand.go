package dispatch

import (
	"math"
	"math/bits"
	"math/rand/v2"
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

// binomialTable draws binomial numbers by looking a uniform up in a table
// of the distribution function, built once for each n and p in a row; the
// draw is binomialDraw's inversion, made with a binary search. Where (1-p)^n
// underflows it counts geometric gaps instead (binomialSkips, from rng).
type binomialTable struct {
	n   int
	p   float64
	cdf []float64 // cdf[k] = P(X ≤ k), up to where it reaches 1 or k = n
}

// draw returns a binomial(n, p) number.
func (t *binomialTable) draw(r *breedRand, rng *rand.Rand, n int, p float64) int {
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
		return binomialSkips(rng, n, p)
	}
	u := r.float()
	lo, hi := 0, len(t.cdf)-1 // the first k with u < cdf[k], else the last
	for lo < hi {
		mid := (lo + hi) / 2
		if u < t.cdf[mid] {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
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
}
