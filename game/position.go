package game

import (
	"fmt"

	"github.com/mousemaze/mousemaze"
)

// MaxCells bounds the cells of a Position read from text or built.
const MaxCells = 1 << 22

// Position is a MAZE board: Rows × Cols cells, the token on cell (0, 0)
// at the top left, rows numbered down and columns right. Walls stand on
// the edges between neighbouring cells; the outside of the board is
// always closed. Left moves the token down, Right moves it right, any
// number of cells, never through a wall.
type Position struct {
	Rows, Cols int
	right      []bool // right[r*Cols+c]: wall between (r, c) and (r, c+1)
	down       []bool // down[r*Cols+c]: wall between (r, c) and (r+1, c)
}

// NewPosition returns a board of the given size without interior walls.
func NewPosition(rows, cols int) (Position, error) {
	if rows < 1 || cols < 1 || rows*cols > MaxCells || rows > MaxCells || cols > MaxCells {
		return Position{}, fmt.Errorf("board %dx%d: want 1 to %d cells", rows, cols, MaxCells)
	}
	return Position{Rows: rows, Cols: cols, right: make([]bool, rows*cols), down: make([]bool, rows*cols)}, nil
}

// mustPosition is NewPosition for sizes known to be valid.
func mustPosition(rows, cols int) Position {
	p, err := NewPosition(rows, cols)
	if err != nil {
		panic(err)
	}
	return p
}

// RightWall reports whether a wall stands between (r, c) and (r, c+1);
// the right edge of the board is always a wall.
func (p Position) RightWall(r, c int) bool { return c == p.Cols-1 || p.right[r*p.Cols+c] }

// DownWall reports whether a wall stands between (r, c) and (r+1, c);
// the bottom edge of the board is always a wall.
func (p Position) DownWall(r, c int) bool { return r == p.Rows-1 || p.down[r*p.Cols+c] }

// SetRightWall sets or clears the wall between (r, c) and (r, c+1),
// c < Cols−1.
func (p Position) SetRightWall(r, c int, wall bool) { p.right[r*p.Cols+c] = wall }

// SetDownWall sets or clears the wall between (r, c) and (r+1, c),
// r < Rows−1.
func (p Position) SetDownWall(r, c int, wall bool) { p.down[r*p.Cols+c] = wall }

// Edges returns the number of interior edges: Rows·(Cols−1) + (Rows−1)·Cols.
func (p Position) Edges() int { return p.Rows*(p.Cols-1) + (p.Rows-1)*p.Cols }

// SetEdges places walls on the interior edges whose bits are set in mask:
// bit i < Rows·(Cols−1) is right edge i (row by row), the rest the down
// edges row by row, the order of mousemaze.EdgeMaze.FlipEdge.
func (p Position) SetEdges(mask uint64) {
	h := p.Rows * (p.Cols - 1)
	for i := range p.Edges() {
		w := mask>>uint(i)&1 != 0
		if i < h {
			p.SetRightWall(i/(p.Cols-1), i%(p.Cols-1), w)
		} else {
			j := i - h
			p.SetDownWall(j/p.Cols, j%p.Cols, w)
		}
	}
}

// Vertical reports whether every interior wall is vertical (blocks only
// Right's moves), the seed's vertical positions.
func (p Position) Vertical() bool {
	for r := range p.Rows - 1 {
		for c := range p.Cols {
			if p.down[r*p.Cols+c] {
				return false
			}
		}
	}
	return true
}

// Equal reports whether p and q have the same size and interior walls.
func (p Position) Equal(q Position) bool {
	if p.Rows != q.Rows || p.Cols != q.Cols {
		return false
	}
	for r := range p.Rows {
		for c := range p.Cols {
			if (c < p.Cols-1 && p.RightWall(r, c) != q.RightWall(r, c)) || (r < p.Rows-1 && p.DownWall(r, c) != q.DownWall(r, c)) {
				return false
			}
		}
	}
	return true
}

// FromEdgeMaze returns the position with the walls of an edge board.
func FromEdgeMaze(m mousemaze.EdgeMaze) (Position, error) {
	p, err := NewPosition(m.Rows, m.Cols)
	if err != nil {
		return Position{}, err
	}
	for r := range m.Rows {
		for c := range m.Cols {
			if c < m.Cols-1 {
				p.SetRightWall(r, c, m.Right[r]>>uint(c)&1 != 0)
			}
			if r < m.Rows-1 {
				p.SetDownWall(r, c, m.Down[r]>>uint(c)&1 != 0)
			}
		}
	}
	return p, nil
}

// EdgeMaze returns p as an edge board; it fails when a side exceeds
// mousemaze.MaxSide.
func (p Position) EdgeMaze() (mousemaze.EdgeMaze, error) {
	if p.Rows > mousemaze.MaxSide || p.Cols > mousemaze.MaxSide {
		return mousemaze.EdgeMaze{}, fmt.Errorf("board %dx%d: an edge board has at most %d rows and columns", p.Rows, p.Cols, mousemaze.MaxSide)
	}
	m := mousemaze.NewEdgeMaze(p.Rows, p.Cols)
	for r := range p.Rows {
		for c := range p.Cols {
			if c < p.Cols-1 && p.RightWall(r, c) {
				m.Right[r] |= 1 << uint(c)
			}
			if r < p.Rows-1 && p.DownWall(r, c) {
				m.Down[r] |= 1 << uint(c)
			}
		}
	}
	return m, nil
}
