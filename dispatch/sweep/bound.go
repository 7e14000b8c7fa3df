package sweep

import (
	"math/bits"

	"github.com/mousemaze/mousemaze"
)

// bounder prunes, in a best-only sweep, the subtrees none of whose mazes
// can reach the incumbent's turns.
//
// # The bound
//
// Let M be a feasible completion of the node, E its exit cell and v(X) the
// visits of cell X in M's walk; the turns are 1 + Σ v(X).
//
//   - E: at E the exit counts 0 visits, so the mouse leaves unless a
//     direction before the exit's (down) in the order holds an open cell
//     never visited; each such visit goes to a different cell, so
//     v(E) ≤ 1 + (directions before down): b0.
//   - A neighbour X of E: E has 0 visits until the last move, so the mouse
//     at X steps onto E unless an earlier direction holds a cell never
//     visited; v(X) ≤ 1 + (directions before X→E) ≤ b1.
//   - Any other X with an open neighbour Y: the paper's Lemma 6 (leaving X
//     for the k-th time, every neighbour has at least ⌊k/deg X⌋ visits)
//     gives v(X) ≤ deg(X)·(v(Y)+1) − 1 ≤ 4·(v(Y)+1) − 1.
//
// The bound grows the cells from E in layers: layer k+1 holds the
// open-or-unknown cells, not in earlier layers, next to a cell of layer k
// that is open (or is E, open in every feasible completion), or all of
// whose open-or-unknown neighbours are in earlier layers (whichever of
// them is open in M bounds X). Every cell of layer k has v ≤ b_k, with
// b_{k+1} = 4·(b_k+1) − 1. When every open-or-unknown cell is in a layer,
// 1 + Σ_k |layer k|·b_k bounds the turns of every completion; walls visit
// nothing. If it is below the incumbent the subtree is cut: no maze in it
// reaches the incumbent, so the optimum, its classes, its mazes and the
// first optimal maze are those of the full sweep.
type bounder struct {
	incumbent int64
	b0, b1    int64
	maxFree   int // more open-or-unknown cells than this cannot be bounded below the incumbent
}

// newBounder returns the bounder for incumbent turns on grids of size sz
// under cfg (its order and exit column; with free ends, any exit column
// gives a valid maxFree when the smallest over the columns is taken).
func newBounder(incumbent int64, sz mousemaze.Size, cfg mousemaze.Config, freeEnds bool) *bounder {
	order := cfg.Order
	pos := func(d mousemaze.Dir) int64 {
		for i, o := range order {
			if o == d {
				return int64(i)
			}
		}
		return 3
	}
	b := &bounder{incumbent: incumbent, b0: 1 + pos(mousemaze.Down)}
	b.b1 = 1 + max(pos(mousemaze.Down), pos(mousemaze.Left), pos(mousemaze.Right))
	// A cell of layer k is at least k steps from E, so layer k holds at
	// most the grid cells at Manhattan distance k from E. The cheapest
	// layout of n cells fills the nearest of them first; maxFree is the
	// most cells whose cheapest layout stays below the incumbent.
	exits := []int{cfg.Exit}
	if freeEnds {
		exits = exits[:0]
		for c := 0; c < sz.Cols; c++ {
			exits = append(exits, c)
		}
	}
	b.maxFree = sz.Cells()
	for _, ex := range exits {
		ring := make([]int, sz.Rows+sz.Cols)
		for r := 0; r < sz.Rows; r++ {
			for c := 0; c < sz.Cols; c++ {
				ring[sz.Rows-1-r+max(c-ex, ex-c)]++
			}
		}
		n, total, bk := 0, 1+b.b0, b.b0
		for k := 0; k < len(ring); k++ {
			switch {
			case k == 1:
				bk = b.b1
			case k > 1:
				bk = 4*(bk+1) - 1
			}
			cells := ring[k]
			if k == 0 {
				cells-- // E itself, counted in total
				n++
			}
			for ; cells > 0 && total+bk < incumbent; cells-- {
				total += bk
				n++
			}
			if cells > 0 {
				break
			}
		}
		b.maxFree = min(b.maxFree, n)
	}
	return b
}

// adj returns the cells next to the cells of x (not x itself).
func (f *fast[T, A]) adj(x uint64) uint64 {
	c := uint(f.cols)
	all := ^uint64(0) >> uint(64-f.rows*f.cols)
	return (x<<1&f.notCol0 | x>>1&f.notColLast | x<<c | x>>c) & all
}

// mayBeat reports whether some completion of the node whose open-or-unknown
// cells are free, open of them decided open, may reach the incumbent.
func mayBeat[T counter, A keys[T]](f *fast[T, A], free, open uint64) bool {
	b := f.bound
	if bits.OnesCount64(free) > b.maxFree {
		return true
	}
	e := f.exitBit
	total := 1 + b.b0
	near := f.adj(e) & free // layer 1
	total += int64(bits.OnesCount64(near)) * b.b1
	anch, layer, bk := e|near, near, b.b1
	for anch&free != free {
		if total >= b.incumbent {
			return true
		}
		u := free &^ anch
		next := f.adj(layer&open)&u | u&^f.adj(u)&f.adj(anch)
		if next == 0 {
			return true // cells no layer reaches: no bound
		}
		bk = 4*(bk+1) - 1
		total += int64(bits.OnesCount64(next)) * bk
		anch |= next
		layer = next
	}
	return total >= b.incumbent
}
