package analyze

import "github.com/mousemaze/mousemaze"

// The cases of the thesis's chapter 5, as Branch.Case names them. The
// formulas are the thesis's, taken literally; where its text leaves a
// choice open the comment says which reading is implemented.
const (
	// CaseT2Unvisited: a branch off the main path whose direction comes
	// after the main path's in preference order. By Theorem 2 the main
	// path is the lowest-priority option the mouse takes, so the branch
	// is never entered: cost 0.
	CaseT2Unvisited = "T2 unvisited"
	// CaseT3Prev and CaseT3Last are Theorem 3, a dead end of n cells
	// visited once: 2n when, from the middle of the last three squares,
	// the previous square has priority, 2n+2 when the last one has. For
	// n = 1 the middle square is the crossroad and the previous square the
	// one the mouse entered it from; for n = 2 the crossroad is the first
	// of the three.
	CaseT3Prev = "T3 2n (previous priority)"
	CaseT3Last = "T3 2n+2 (last priority)"
	// The CaseT4 names are Theorem 4's cases for O_3, the lowest-priority
	// dead end of a 4-way split off the main path, which is visited twice
	// (and for O_2 when its first square has no priority back towards the
	// crossroad: "the same number of steps as if it was O_3"). Square i is
	// the i-th cell of the dead end counted from the crossroad.
	CaseT4n1      = "T4 n=1 (T3 formula)"
	CaseT4n2      = "T4 n=2: 8"
	CaseT4n3Low   = "T4 n=3 last low: 10"
	CaseT4n3High  = "T4 n=3 last high: 8"
	CaseT4n4Back  = "T4 n=4 last low, back: 10"
	CaseT4n4Deep  = "T4 n=4 last low, deeper: 16"
	CaseT4n4High  = "T4 n=4 last high: 12"
	CaseT4PrevX   = "T4 n>=5 prev, to crossroad: 2n+2"
	CaseT4PrevIn  = "T4 n>=5 prev, into O3: 4n-1"
	CaseT4LastX   = "T4 n>=5 last, to crossroad: 2n+4"
	CaseT4LastN3  = "T4 n>=5 last, n-3 first: 4n-4"
	CaseT4LastN1  = "T4 n>=5 last, n-1 first: 4n+2"
	CaseT5First   = "T5 split, once: 2m+subs"
	CaseT5TwiceM2 = "T5 split, twice: +2m-2"
	CaseT5Twice1  = "T5 split, twice: +2m+1+subs"
	CaseT5Twice3  = "T5 split, twice: +2m+3+subs"
)

// Cases lists every case name in the order tables print them.
var Cases = []string{
	CaseT2Unvisited, CaseT3Prev, CaseT3Last,
	CaseT4n1, CaseT4n2, CaseT4n3Low, CaseT4n3High, CaseT4n4Back, CaseT4n4Deep, CaseT4n4High,
	CaseT4PrevX, CaseT4PrevIn, CaseT4LastX, CaseT4LastN3, CaseT4LastN1,
	CaseT5First, CaseT5TwiceM2, CaseT5Twice1, CaseT5Twice3,
}

// role is how a branch is reached, which decides the theorem used.
type role int

const (
	roleOnce role = iota // off the main path, O_1, or either out of a 3-way split
	roleO2               // O_2 of a 4-way split off the main path
	roleO3               // O_3 of a 4-way split off the main path
)

// predict fills Predicted and Case for every branch and d.Predicted, by
// the thesis's method: the main path's cells once each, plus every side
// path's cost from its crossroad.
func (d *Decomposition) predict() {
	d.Predicted = 1 + int64(len(d.main))
	for k, x := range d.main {
		in, out := d.mainNeighbours(k)
		mainRank := 0
		for r, j := range d.g.outgoing(x, in) {
			if j == out {
				mainRank = r
			}
		}
		for _, b := range d.Branches {
			if b.cross != x {
				continue
			}
			if b.Rank > mainRank {
				b.Case, b.Predicted = CaseT2Unvisited, 0
				continue
			}
			// Table 5.1 applies Theorem 3 (and Theorem 5 for splits) to
			// every visited side path of a main-path crossroad, 4-way
			// ones included: Theorem 4 is stated for crossroads not on
			// the main path.
			d.Predicted += d.cost(b, roleOnce)
		}
	}
}

// backFirst reports whether, standing on cell at, the mouse prefers the
// direction to back over the direction to deeper (both neighbours of at;
// back may be the entrance, reached by Up).
func (d *Decomposition) backFirst(at, back, deeper int32) bool {
	dir := func(j int32) mousemaze.Dir {
		if j == entranceNode {
			return mousemaze.Up
		}
		return d.g.dirTo(at, j)
	}
	return d.g.prefers(dir(back), dir(deeper))
}

// sq returns square i (1-based, counted from the crossroad) of b's stem;
// square 0 is the crossroad.
func (b *Branch) sq(i int) int32 {
	if i == 0 {
		return b.cross
	}
	return b.stem[i-1]
}

// cost sets and returns b's predicted cost.
func (d *Decomposition) cost(b *Branch, r role) int64 {
	twice := r == roleO3
	if r == roleO2 {
		// "whether there is priority towards the crossroad from the first
		// square in O_2; if there is, it will not be visited twice". A
		// first square without a deeper neighbour is read as having it.
		twice = b.Length > 1 && !d.backFirst(b.sq(1), b.cross, b.sq(2))
	}
	if b.Chain {
		if twice {
			b.Case, b.Predicted = d.theorem4(b)
		} else {
			b.Case, b.Predicted = d.theorem3(b)
		}
		return b.Predicted
	}
	// Theorem 5's first visit: the stem there and back (2m steps) plus
	// every path of the split, each from the split as its crossroad.
	m := b.Length
	total := int64(2 * m)
	for k, s := range b.Sub {
		sr := roleOnce
		if len(b.Sub) == 3 {
			sr = []role{roleOnce, roleO2, roleO3}[k]
		}
		total += d.cost(s, sr)
	}
	b.Case, b.Predicted = CaseT5First, total
	if twice {
		b.Predicted += d.visit2(b)
	}
	return b.Predicted
}

// theorem3 is the thesis's Theorem 3 for a dead end of n cells.
func (d *Decomposition) theorem3(b *Branch) (string, int64) {
	n := int64(b.Length)
	var last bool
	if b.Length == 1 {
		// The middle square is the crossroad, the previous one the square
		// the mouse came into it from, the last one the dead end.
		last = !d.backFirst(b.cross, b.in, b.root)
	} else {
		last = !d.backFirst(b.sq(b.Length-1), b.sq(b.Length-2), b.sq(b.Length))
	}
	if last {
		return CaseT3Last, 2*n + 2
	}
	return CaseT3Prev, 2 * n
}

// theorem4 is the thesis's Theorem 4 for a dead end of n cells visited
// twice, case by case.
func (d *Decomposition) theorem4(b *Branch) (string, int64) {
	n := b.Length
	// back(i): from square i, the step back (towards the crossroad) has
	// priority over the step deeper.
	back := func(i int) bool { return d.backFirst(b.sq(i), b.sq(i-1), b.sq(i+1)) }
	N := int64(n)
	switch {
	case n == 1:
		_, c := d.theorem3(b)
		return CaseT4n1, c
	case n == 2:
		return CaseT4n2, 8
	case n == 3:
		// "the last square has lower priority than the step back", seen
		// from square 2.
		if back(2) {
			return CaseT4n3Low, 10
		}
		return CaseT4n3High, 8
	case n == 4:
		if back(3) {
			// Low priority on the last square; then from the middle
			// square (square 2, 3 visits, both neighbours 2) the step back
			// gives 10, the step deeper 16.
			if back(2) {
				return CaseT4n4Back, 10
			}
			return CaseT4n4Deep, 16
		}
		return CaseT4n4High, 12
	}
	if back(n - 1) {
		// Previous priority; then the step from the second square.
		if back(2) {
			return CaseT4PrevX, 2*N + 2
		}
		return CaseT4PrevIn, 4*N - 1
	}
	// Last priority; then the step from the first square.
	if back(1) {
		return CaseT4LastX, 2*N + 4
	}
	// "square n-3 has priority vs n-1", seen from square n-2.
	if back(n - 2) {
		return CaseT4LastN3, 4*N - 4
	}
	return CaseT4LastN1, 4*N + 2
}

// visit2 is Theorem 5's second visit of a branch: it returns its cost,
// which the caller adds to b.Predicted; the sub-branches it enters get
// their share added to theirs. For a
// dead end the second visit is Theorem 4's total less Theorem 3's first
// visit ("using the previous theorem to calculate the number of steps for
// the second visit").
func (d *Decomposition) visit2(b *Branch) int64 {
	if b.Chain {
		_, c4 := d.theorem4(b)
		_, c3 := d.theorem3(b)
		return c4 - c3
	}
	m := b.Length
	split := b.stem[m-1]
	// "The two squares on the path between X_1 and X_2 before X_2 both
	// have priority back towards X_1"; squares that do not exist (m < 3)
	// are read as having it.
	backBoth := true
	for i := m - 1; i >= 1 && i >= m-2; i-- {
		if !d.backFirst(b.sq(i), b.sq(i-1), b.sq(i+1)) {
			backBoth = false
		}
	}
	if d.g.deg[split] == 4 || backBoth {
		b.Case = CaseT5TwiceM2
		return int64(2*m - 2)
	}
	var sum int64
	for _, s := range b.Sub {
		v := d.visit2(s)
		s.Predicted += v
		sum += v
	}
	// "If the square before X_2 ... has priority to X_2": 2m+1, else 2m+3.
	if m == 1 || !d.backFirst(b.sq(m-1), b.sq(m-2), split) {
		b.Case = CaseT5Twice1
		sum += int64(2*m + 1)
	} else {
		b.Case = CaseT5Twice3
		sum += int64(2*m + 3)
	}
	return sum
}
