package classic

import (
	"math/rand/v2"

	"github.com/mousemaze/mousemaze"
	"gonum.org/v1/gonum/mat"
)

// ConnectionMatrix returns M¹ of §2.3 for the board: entry (i, j) is 1
// when a traveller can go from cell i to cell j in one move, and every
// cell is connected to itself (he may stay put). With one-way doors the
// matrix is not symmetric.
func ConnectionMatrix(nav *Nav) *mat.Dense {
	n := nav.Cells()
	m := mat.NewDense(n, n, nil)
	for i := range n {
		m.Set(i, i, 1)
		for _, j := range nav.Next[i] {
			if j >= 0 {
				m.Set(i, j, 1)
			}
		}
	}
	return m
}

// Power returns Mᵏ = M¹·…·M¹ (k ≥ 1): entry (i, j) counts the ways to go
// from cell i to cell j in k moves, staying put counting as a move.
func Power(nav *Nav, k int) *mat.Dense {
	m1 := ConnectionMatrix(nav)
	p := mat.DenseCopyOf(m1)
	for range k - 1 {
		var q mat.Dense
		q.Mul(p, m1)
		p = &q
	}
	return p
}

// Distances is a minimum-distance matrix Mᵈ (§4.1): D[i][j] is the fewest
// moves from cell i to cell j, or −1 where j cannot be reached from i.
type Distances [][]int

// Connected reports whether every cell can reach every other.
func (d Distances) Connected() bool {
	for _, row := range d {
		for _, v := range row {
			if v < 0 {
				return false
			}
		}
	}
	return true
}

// DistancesByPowers computes Mᵈ from the powers of M¹ as §4.1 does: an
// entry that becomes non-zero first in Mⁱ gets the value i. It multiplies
// until the pattern of non-zero entries stops growing (at most n−1 times)
// and returns c, the exponent of the complete connection matrix Mᶜ (the
// first power without a zero entry), or 0 when the board is not connected.
// The powers are kept as 0/1 patterns so that the counts cannot overflow.
func DistancesByPowers(nav *Nav) (Distances, int) {
	n := nav.Cells()
	m1 := ConnectionMatrix(nav)
	d := make(Distances, n)
	for i := range d {
		d[i] = make([]int, n)
		for j := range d[i] {
			switch {
			case i == j:
				d[i][j] = 0
			case m1.At(i, j) != 0:
				d[i][j] = 1
			default:
				d[i][j] = -1
			}
		}
	}
	zeros := func(p *mat.Dense) int {
		z := 0
		for i := range n {
			for j := range n {
				if p.At(i, j) == 0 {
					z++
				}
			}
		}
		return z
	}
	p := mat.DenseCopyOf(m1)
	c := 0
	if zeros(p) == 0 {
		c = 1
	}
	for k := 2; k < n && c == 0; k++ {
		var q mat.Dense
		q.Mul(p, m1)
		grew := false
		for i := range n {
			for j := range n {
				if q.At(i, j) != 0 {
					q.Set(i, j, 1)
					if p.At(i, j) == 0 {
						d[i][j] = k
						grew = true
					}
				}
			}
		}
		p = &q
		if zeros(p) == 0 {
			c = k
		}
		if !grew {
			break
		}
	}
	return d, c
}

// DistancesByBFS computes Mᵈ with one breadth-first search (§3.4) from
// every cell.
func DistancesByBFS(nav *Nav) Distances {
	n := nav.Cells()
	d := make(Distances, n)
	for i := range n {
		d[i] = bfsFrom(nav, i)
	}
	return d
}

// bfsFrom returns every cell's distance from cell s (−1 when cut off).
func bfsFrom(nav *Nav, s int) []int {
	return mousemaze.Distances(nav.Cells(), s, func(i int) []int { return nav.Next[i][:] })
}

// Solution returns the solution matrix Mˢᵍ of §4.2 for goal cell g: all
// entries −1 except S[i][k] = Mᵈ[i][g] where k is one move from i and
// closer to g (Mᵈ[k][g] < Mᵈ[i][g]), and S[g][g] = 0. Row i thus names the
// good moves out of cell i and how far the goal is. Unreachable distances
// count as infinite.
func Solution(d Distances, g int) [][]int {
	n := len(d)
	less := func(a, b int) bool { // a < b with −1 as infinity
		switch {
		case a < 0:
			return false
		case b < 0:
			return true
		}
		return a < b
	}
	s := make([][]int, n)
	for i := range s {
		s[i] = make([]int, n)
		for k := range s[i] {
			s[i][k] = -1
		}
	}
	for i := range n {
		if i == g {
			continue
		}
		for k := range n {
			if d[i][k] == 1 && less(d[k][g], d[i][g]) {
				s[i][k] = d[i][g]
			}
		}
	}
	s[g][g] = 0
	return s
}

// ConnectByMatrix connects the board as §2.3 proposes: while the complete
// connection matrix has a zero entry, it opens the wall between a random
// pair of neighbouring cells whose entry is zero. It reports whether the
// board ended connected (one-way doors may leave it unconnected when no
// such wall remains).
func ConnectByMatrix(b *Board, rng *rand.Rand) bool {
	for {
		nav := b.Nav()
		reach := Reach(nav)
		full := true
		for i := range reach {
			for _, ok := range reach[i] {
				full = full && ok
			}
		}
		if full {
			return true
		}
		var pairs [][2]int
		for i := range nav.Cells() {
			for dir := East; dir <= South; dir++ {
				r, col := b.RC(i)
				if dir == East && col == b.Cols-1 || dir == South && r == b.Rows-1 {
					continue
				}
				j := i + 1
				if dir == South {
					j = i + b.Cols
				}
				if !nav.Doors[i][dir] && (!reach[i][j] || !reach[j][i]) {
					pairs = append(pairs, [2]int{i, j})
				}
			}
		}
		if len(pairs) == 0 {
			return false
		}
		p := pairs[rng.IntN(len(pairs))]
		Open(b.EdgeMaze, p[0], p[1])
	}
}

// MaxMatrixCells bounds the boards the matrix construction accepts: it
// multiplies n×n matrices.
const MaxMatrixCells = 400

// Reach returns the pattern of non-zero entries of Mⁿ⁻¹ (n cells): which
// cells each cell can reach. Since every cell is connected to itself, Mᵏ
// has the same zeros for every k ≥ n−1, so the pattern is found by
// squaring, M¹, M², M⁴, …, in about log₂ n products instead of n−2.
func Reach(nav *Nav) [][]bool {
	n := nav.Cells()
	p := ConnectionMatrix(nav)
	for k := 1; k < n-1; k *= 2 {
		var q mat.Dense
		q.Mul(p, p)
		for i := range n {
			for j := range n {
				if q.At(i, j) != 0 {
					q.Set(i, j, 1)
				}
			}
		}
		p = &q
	}
	out := make([][]bool, n)
	for i := range n {
		out[i] = make([]bool, n)
		for j := range n {
			out[i][j] = p.At(i, j) != 0
		}
	}
	return out
}
