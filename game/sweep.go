package game

import "fmt"

// Cell is the sweep's result for one cell.
type Cell struct {
	Value  Value // the reduced canonical form
	Number bool  // the cell's exact value is a number (then Value is it)
	Left   Bound // the left stop: the first number down the column Left can reach, −∞ with no move
	Right  Bound // the right stop: the first number along the row Right can reach, +∞ with no move
}

// Sweep returns the reduced canonical form of every cell of p (index
// r*Cols+c) in O(Rows·Cols) time, by the seed's Theorem 14: the cells are
// visited from the bottom row up and from the right. By the seed's
// Theorem 10 and Lemma 9, a cell's value is, up to an infinitesimal,
// {a | b} where a is the first cell below it that Left can reach whose
// value is a number (−∞ when Left has no move) and b the first such cell
// to its right for Right (+∞ when Right has no move). When a < b the cell
// is exactly the number {a | b}, the simplest number between them;
// otherwise it is not a number and its reduced canonical form is a (when
// a = b) or the switch {a | b}. One running bound per column and one for
// the current row carry the nearest numbers.
func Sweep(p Position) ([]Cell, error) {
	out := make([]Cell, p.Rows*p.Cols)
	col := make([]Bound, p.Cols) // per column: the first number from the cell below the current one
	for r := p.Rows - 1; r >= 0; r-- {
		var row Bound // the first number from the cell right of the current one
		for c := p.Cols - 1; c >= 0; c-- {
			a, b := col[c], row
			if p.DownWall(r, c) {
				a = Bound{Inf: -1}
			}
			if p.RightWall(r, c) {
				b = Bound{Inf: 1}
			}
			cell := Cell{Left: a, Right: b}
			if a.Less(b) {
				x, err := Simplest(a, b)
				if err != nil {
					return nil, fmt.Errorf("cell (%d,%d): %w", r, c, err)
				}
				cell.Value, cell.Number = Number(x), true
				col[c], row = Finite(x), Finite(x)
			} else if a.D == b.D {
				cell.Value = Number(a.D)
			} else {
				cell.Value = Value{Switch: true, A: a.D, B: b.D}
			}
			out[r*p.Cols+c] = cell
		}
	}
	return out, nil
}
