package game

import "fmt"

// Builder constructs vertical positions of given reduced canonical forms
// by the seed's Theorem 13, remembering what it has built.
type Builder struct {
	memo map[Value]Position
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder { return &Builder{memo: map[Value]Position{}} }

// Build returns a vertical position (every interior wall vertical) whose
// reduced canonical form is v, by the seed's construction (Theorem 13):
//   - the integer 0 is one cell, n > 0 a column of n+1 cells, n < 0 a row
//     of |n|+1 cells (Left moves down, so a column counts for Left);
//   - a non-integer number x = m/2^k is {a | b} with a = x − 1/2^k and
//     b = x + 1/2^k, and a switch is {a | b}; for both, the positions for
//     a and b are built, brought to heights h and h+1 by Lemma 11 (Extend),
//     a wall-free row is put on top of a's, and b's is set to its right,
//     touching it only along the top row.
//
// The top row of every built position has no walls, as the construction
// needs. It fails when the position would exceed MaxCells cells.
func Build(v Value) (Position, error) { return NewBuilder().Build(v) }

// Build is the package-level Build with the Builder's memory.
func (bd *Builder) Build(v Value) (Position, error) {
	if p, ok := bd.memo[v]; ok {
		return p, nil
	}
	var (
		p   Position
		err error
	)
	switch {
	case !v.Switch && v.X.IsInteger():
		n := v.X.Num
		if n > MaxCells || n < -MaxCells {
			return Position{}, fmt.Errorf("build %v: more than %d cells", v, MaxCells)
		}
		switch {
		case n >= 0:
			p, err = NewPosition(int(n)+1, 1)
		default:
			p, err = NewPosition(1, int(-n)+1)
		}
	case !v.Switch:
		step := Dyadic{Num: 1, Exp: v.X.Exp}
		a, _ := v.X.Sub(step)
		b, _ := v.X.Add(step)
		p, err = bd.join(v, Number(a), Number(b))
	default:
		p, err = bd.join(v, Number(v.A), Number(v.B))
	}
	if err != nil {
		return Position{}, err
	}
	bd.memo[v] = p
	return p, nil
}

// join builds {a | b} from the positions for a and b (Figure 4 of the
// seed).
func (bd *Builder) join(v, a, b Value) (Position, error) {
	pa, err := bd.Build(a)
	if err != nil {
		return Position{}, err
	}
	pb, err := bd.Build(b)
	if err != nil {
		return Position{}, err
	}
	// Heights: a's position h rows, b's h+1.
	if pa.Rows+1 > pb.Rows {
		pb, err = Extend(pb, pa.Rows+1-pb.Rows)
	} else {
		pa, err = Extend(pa, pb.Rows-1-pa.Rows)
	}
	if err != nil {
		return Position{}, fmt.Errorf("build %v: %w", v, err)
	}
	rows, cols := pb.Rows, pa.Cols+pb.Cols
	if rows*cols > MaxCells {
		return Position{}, fmt.Errorf("build %v: %dx%d is more than %d cells", v, rows, cols, MaxCells)
	}
	p := mustPosition(rows, cols)
	for r := range pa.Rows {
		for c := range pa.Cols {
			p.SetRightWall(r+1, c, pa.RightWall(r, c)) // includes the wall between a's and b's positions
		}
	}
	for r := range pb.Rows {
		for c := range pb.Cols - 1 {
			p.SetRightWall(r, pa.Cols+c, pb.RightWall(r, c))
		}
	}
	return p, nil
}

// Extend returns p grown by k rows at the bottom and k columns at the
// right with no walls on the new edges nor between p and them (the seed's
// Lemma 11 applied k times); the top-left value does not change.
func Extend(p Position, k int) (Position, error) {
	if k == 0 {
		return p, nil
	}
	q, err := NewPosition(p.Rows+k, p.Cols+k)
	if err != nil {
		return Position{}, err
	}
	for r := range p.Rows {
		for c := range p.Cols {
			if c < p.Cols-1 {
				q.SetRightWall(r, c, p.RightWall(r, c))
			}
			if r < p.Rows-1 {
				q.SetDownWall(r, c, p.DownWall(r, c))
			}
		}
	}
	return q, nil
}
