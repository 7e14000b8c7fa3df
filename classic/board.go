package classic

import (
	"fmt"

	"github.com/mousemaze/mousemaze"
)

// Dir is a compass direction: North, East, South or West, in clockwise
// order so that Dir+1 turns right and Dir+3 turns left.
type Dir int

// The four directions, clockwise from North.
const (
	North Dir = iota
	East
	South
	West
)

// Left returns the direction a quarter turn anticlockwise of d.
func (d Dir) Left() Dir { return (d + 3) % 4 }

// Right returns the direction a quarter turn clockwise of d.
func (d Dir) Right() Dir { return (d + 1) % 4 }

// Back returns the opposite direction.
func (d Dir) Back() Dir { return (d + 2) % 4 }

// String returns the direction's letter: N, E, S or W.
func (d Dir) String() string {
	if d < 0 || d > 3 {
		return "?"
	}
	return string("NESW"[d])
}

// ParseDir reads a direction from its letter or its name (N, north, e, ...).
func ParseDir(s string) (Dir, error) {
	switch s {
	case "N", "n", "north", "North", "up":
		return North, nil
	case "E", "e", "east", "East", "right":
		return East, nil
	case "S", "s", "south", "South", "down":
		return South, nil
	case "W", "w", "west", "West", "left":
		return West, nil
	}
	return 0, fmt.Errorf("unknown direction %q (want N, E, S or W)", s)
}

// Door is one side of a door: the door of cell Cell on its side Dir.
type Door struct {
	Cell int
	Dir  Dir
}

// Board is a classic maze: the walls of an EdgeMaze, a start and a goal
// cell (row-major indices r·Cols + c), and the options of the seed's maze
// games. With WrapCols the board wraps around east to west: the edge
// between (r, Cols−1) and (r, 0) exists and WrapRight bit r is set when it
// is a wall. With WrapRows it wraps north to south: the edge between
// (Rows−1, c) and (0, c) exists and WrapDown bit c is set when it is a
// wall. OneWay lists doors that can be passed only from the listed side:
// the door on side Dir of Cell leads on, but its other side is shut.
type Board struct {
	mousemaze.EdgeMaze
	Start, Goal        int
	WrapCols, WrapRows bool
	WrapRight          uint64
	WrapDown           uint64
	OneWay             []Door
}

// NewBoard returns a board holding m, with the start at the top-left cell
// and the goal at the bottom-right cell, without wrap-around or one-way
// doors.
func NewBoard(m mousemaze.EdgeMaze) Board {
	return Board{EdgeMaze: m, Start: 0, Goal: m.Rows*m.Cols - 1}
}

// Cells returns the number of cells.
func (b Board) Cells() int { return b.Rows * b.Cols }

// Cell returns the index of cell (r, c).
func (b Board) Cell(r, c int) int { return r*b.Cols + c }

// RC returns the row and column of cell i.
func (b Board) RC(i int) (r, c int) { return i / b.Cols, i % b.Cols }

// Validate checks the walls, the start and goal cells, the wrap masks and
// the one-way doors.
func (b Board) Validate() error {
	if err := b.EdgeMaze.Validate(); err != nil {
		return err
	}
	n := b.Cells()
	if b.Start < 0 || b.Start >= n || b.Goal < 0 || b.Goal >= n {
		return fmt.Errorf("start %d or goal %d is not a cell of the %dx%d board", b.Start, b.Goal, b.Rows, b.Cols)
	}
	if !b.WrapCols && b.WrapRight != 0 || b.WrapRight&^mousemaze.RowMask(b.Rows) != 0 {
		return fmt.Errorf("wrap walls across columns without wrap-around or beyond row %d", b.Rows-1)
	}
	if !b.WrapRows && b.WrapDown != 0 || b.WrapDown&^mousemaze.RowMask(b.Cols) != 0 {
		return fmt.Errorf("wrap walls across rows without wrap-around or beyond column %d", b.Cols-1)
	}
	for _, d := range b.OneWay {
		if d.Cell < 0 || d.Cell >= n || d.Dir < 0 || d.Dir > 3 {
			return fmt.Errorf("one-way door %v is not on the board", d)
		}
		if _, ok := b.door(d.Cell, d.Dir); !ok {
			r, c := b.RC(d.Cell)
			return fmt.Errorf("one-way door at %d,%d %v stands where there is a wall", r, c, d.Dir)
		}
	}
	return nil
}

// door returns the cell beyond side d of cell i and whether a door (not a
// wall) stands there, ignoring one-way doors.
func (b Board) door(i int, d Dir) (int, bool) {
	r, c := b.RC(i)
	switch d {
	case North:
		if r == 0 {
			return b.Cell(b.Rows-1, c), b.WrapRows && b.WrapDown>>uint(c)&1 == 0
		}
		return i - b.Cols, b.Down[r-1]>>uint(c)&1 == 0
	case South:
		if r == b.Rows-1 {
			return b.Cell(0, c), b.WrapRows && b.WrapDown>>uint(c)&1 == 0
		}
		return i + b.Cols, b.Down[r]>>uint(c)&1 == 0
	case East:
		if c == b.Cols-1 {
			return b.Cell(r, 0), b.WrapCols && b.WrapRight>>uint(r)&1 == 0
		}
		return i + 1, b.Right[r]>>uint(c)&1 == 0
	default:
		if c == 0 {
			return b.Cell(r, b.Cols-1), b.WrapCols && b.WrapRight>>uint(r)&1 == 0
		}
		return i - 1, b.Right[r]>>uint(c-1)&1 == 0
	}
}

// Nav is a board compiled for walking: Next[i][d] is the cell reached by
// leaving cell i through side d, or −1 where the move is impossible (a
// wall, or the shut side of a one-way door). Doors[i][d] tells whether a
// door stands on side d of cell i, even the shut side of a one-way door.
type Nav struct {
	Rows, Cols  int
	Start, Goal int
	Next        [][4]int
	Doors       [][4]bool
}

// Nav compiles the board. Call Validate first.
func (b Board) Nav() *Nav {
	n := b.Cells()
	nav := &Nav{Rows: b.Rows, Cols: b.Cols, Start: b.Start, Goal: b.Goal, Next: make([][4]int, n), Doors: make([][4]bool, n)}
	for i := range n {
		for d := North; d <= West; d++ {
			j, ok := b.door(i, d)
			nav.Doors[i][d] = ok
			nav.Next[i][d] = -1
			if ok {
				nav.Next[i][d] = j
			}
		}
	}
	for _, w := range b.OneWay {
		j := nav.Next[w.Cell][w.Dir]
		if j >= 0 {
			nav.Next[j][w.Dir.Back()] = -1
		}
	}
	return nav
}

// Cells returns the number of cells.
func (n *Nav) Cells() int { return len(n.Next) }

// Degree returns the number of moves out of cell i.
func (n *Nav) Degree(i int) int {
	k := 0
	for _, j := range n.Next[i] {
		if j >= 0 {
			k++
		}
	}
	return k
}
