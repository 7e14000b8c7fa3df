package game

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// MaxExp is the largest power of two a Dyadic denominator may have.
const MaxExp = 48

// maxMag bounds the magnitude of a Dyadic numerator so that every shift
// the package makes stays inside an int64.
const maxMag = 1 << 62

// ErrRange reports a dyadic rational too large or too fine for a Dyadic.
var ErrRange = errors.New("dyadic rational out of range")

// Dyadic is an exact dyadic rational Num/2^Exp. It is kept normalised:
// Exp is 0 or Num is odd, so equal numbers have equal fields and the zero
// value is 0.
type Dyadic struct {
	Num int64 // numerator
	Exp uint  // the denominator is 2^Exp, Exp ≤ MaxExp
}

// Int returns the integer n as a Dyadic.
func Int(n int64) Dyadic { return Dyadic{Num: n} }

// NewDyadic returns num/2^exp in normal form, or ErrRange when exp exceeds
// MaxExp after normalising.
func NewDyadic(num int64, exp uint) (Dyadic, error) {
	for exp > 0 && num%2 == 0 {
		num /= 2
		exp--
	}
	if exp > MaxExp || num >= maxMag || num <= -maxMag {
		return Dyadic{}, fmt.Errorf("%w: %d/2^%d", ErrRange, num, exp)
	}
	return Dyadic{Num: num, Exp: exp}, nil
}

// mustDyadic is NewDyadic for arguments known to be in range.
func mustDyadic(num int64, exp uint) Dyadic {
	d, err := NewDyadic(num, exp)
	if err != nil {
		panic(err)
	}
	return d
}

// IsInteger reports whether d is an integer.
func (d Dyadic) IsInteger() bool { return d.Exp == 0 }

// Sign returns -1, 0 or +1.
func (d Dyadic) Sign() int {
	switch {
	case d.Num < 0:
		return -1
	case d.Num > 0:
		return 1
	}
	return 0
}

// Neg returns -d.
func (d Dyadic) Neg() Dyadic { return Dyadic{Num: -d.Num, Exp: d.Exp} }

// rat returns d as a big.Rat, for the rare comparisons that do not fit.
func (d Dyadic) rat() *big.Rat {
	den := new(big.Int).Lsh(big.NewInt(1), d.Exp)
	return new(big.Rat).SetFrac(big.NewInt(d.Num), den)
}

// shifted returns d.Num·2^s and whether it fits in an int64 below maxMag.
func shifted(n int64, s uint) (int64, bool) {
	a := n
	if a < 0 {
		a = -a
	}
	if bits.Len64(uint64(a))+int(s) > 62 {
		return 0, false
	}
	return n << s, true
}

// Cmp returns -1, 0 or +1 as d is less than, equal to or greater than e.
func (d Dyadic) Cmp(e Dyadic) int {
	x, y := d.Num, e.Num
	ok1, ok2 := true, true
	if d.Exp < e.Exp {
		x, ok1 = shifted(x, e.Exp-d.Exp)
	} else {
		y, ok2 = shifted(y, d.Exp-e.Exp)
	}
	if !ok1 || !ok2 {
		return d.rat().Cmp(e.rat())
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// Less reports whether d < e.
func (d Dyadic) Less(e Dyadic) bool { return d.Cmp(e) < 0 }

// Add returns d+e, or ErrRange when it does not fit.
func (d Dyadic) Add(e Dyadic) (Dyadic, error) {
	exp := max(d.Exp, e.Exp)
	x, ok1 := shifted(d.Num, exp-d.Exp)
	y, ok2 := shifted(e.Num, exp-e.Exp)
	if !ok1 || !ok2 {
		return Dyadic{}, fmt.Errorf("%w: %v + %v", ErrRange, d, e)
	}
	return NewDyadic(x+y, exp)
}

// Sub returns d−e, or ErrRange when it does not fit.
func (d Dyadic) Sub(e Dyadic) (Dyadic, error) { return d.Add(e.Neg()) }

// floorScaled returns floor(d·2^k), or false when it does not fit.
func (d Dyadic) floorScaled(k uint) (int64, bool) {
	if k >= d.Exp {
		return shifted(d.Num, k-d.Exp)
	}
	return d.Num >> (d.Exp - k), true // arithmetic shift: the floor
}

// Floor returns the largest integer ≤ d.
func (d Dyadic) Floor() int64 { n, _ := d.floorScaled(0); return n }

// Ceil returns the smallest integer ≥ d.
func (d Dyadic) Ceil() int64 { return -d.Neg().Floor() }

// String writes d as an integer or as a reduced fraction: "2", "-3/4".
func (d Dyadic) String() string {
	if d.Exp == 0 {
		return strconv.FormatInt(d.Num, 10)
	}
	return strconv.FormatInt(d.Num, 10) + "/" + strconv.FormatUint(1<<d.Exp, 10)
}

// MarshalText writes d as String does, so that JSON holds "5/8".
func (d Dyadic) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// ParseDyadic reads an integer or a fraction whose denominator is a power
// of two: "2", "-3/4", "10/16" (reduced to 5/8).
func ParseDyadic(s string) (Dyadic, error) {
	t := strings.TrimSpace(s)
	num, den, frac := strings.Cut(t, "/")
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		return Dyadic{}, fmt.Errorf("%q: the numerator is too large", s)
	}
	if err != nil {
		return Dyadic{}, fmt.Errorf("%q is not a dyadic rational (want an integer or n/2^k)", s)
	}
	exp := uint(0)
	if frac {
		dv, err := strconv.ParseInt(strings.TrimSpace(den), 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(strings.TrimSpace(den), "-"):
			return Dyadic{}, fmt.Errorf("%q: the denominator is too large (at most 2^%d)", s, MaxExp)
		case err != nil || dv <= 0 || dv&(dv-1) != 0:
			return Dyadic{}, fmt.Errorf("%q: the denominator must be a power of two", s)
		}
		exp = uint(bits.TrailingZeros64(uint64(dv)))
	}
	d, err := NewDyadic(n, exp)
	if err != nil {
		return Dyadic{}, fmt.Errorf("%q: %w", s, err)
	}
	return d, nil
}

// Bound is a Dyadic or ±∞, the stop of a side with no moves.
type Bound struct {
	Inf int    // -1 for −∞, +1 for +∞, 0 for the finite value D
	D   Dyadic // the value when Inf is 0
}

// Finite returns the bound d.
func Finite(d Dyadic) Bound { return Bound{D: d} }

// Less reports whether b < c.
func (b Bound) Less(c Bound) bool {
	if b.Inf != 0 || c.Inf != 0 {
		return b.Inf < c.Inf
	}
	return b.D.Less(c.D)
}

// Simplest returns the simplest number strictly between lo and hi, the
// value of {lo | hi} when lo < hi (an infinite bound stands for no
// option on that side). It returns ErrRange when lo ≥ hi or the answer
// does not fit.
func Simplest(lo, hi Bound) (Dyadic, error) {
	if !lo.Less(hi) {
		return Dyadic{}, fmt.Errorf("%w: no number strictly between the bounds", ErrRange)
	}
	zero := Finite(Dyadic{})
	if lo.Less(zero) && zero.Less(hi) {
		return Dyadic{}, nil
	}
	if lo.Inf == 0 && !lo.D.Less(Dyadic{}) { // 0 ≤ lo: the least integer above lo, if below hi
		if n := Int(lo.D.Floor() + 1); Finite(n).Less(hi) {
			return n, nil
		}
	} else if hi.Inf == 0 { // hi ≤ 0: the greatest integer below hi, if above lo
		if n := Int(hi.D.Ceil() - 1); lo.Less(Finite(n)) {
			return n, nil
		}
	}
	// Both bounds are finite and no integer lies between them.
	for k := uint(1); k <= MaxExp; k++ {
		m, ok := lo.D.floorScaled(k)
		if !ok {
			break
		}
		x, err := NewDyadic(m+1, k)
		if err != nil {
			return Dyadic{}, err
		}
		if x.Less(hi.D) {
			return x, nil
		}
	}
	return Dyadic{}, fmt.Errorf("%w: the simplest number between %v and %v", ErrRange, lo.D, hi.D)
}
