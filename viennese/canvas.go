package viennese

import (
	"errors"
	"fmt"
)

// Light colours: the initial colour of a street's traffic light.
const (
	Green  = 0
	Orange = 1
	Red    = 2
)

// ErrCanvas reports a malformed canvas or colouring; the message names the
// problem.
var ErrCanvas = errors.New("invalid canvas")

// MaxNodes is the largest number of crossroads a canvas may have, and
// MaxStreets the largest number of streets.
const (
	MaxNodes   = 1024
	MaxStreets = 4096
)

// A Street joins two crossroads.
type Street struct {
	U, V int
}

// A Canvas is an uncoloured Viennese maze: crossroads 0..Nodes-1 joined by
// Streets, with a start and a goal. Pos, when not nil, gives one (x, y)
// position per crossroad for drawing (y grows downwards).
type Canvas struct {
	Nodes   int
	Streets []Street
	Start   int
	Goal    int
	Pos     [][2]float64
}

// Validate checks that the crossroads and streets are in range, that
// there is no loop street and no repeated street, and that the start and
// the goal are two different crossroads.
func (c *Canvas) Validate() error {
	if c.Nodes < 2 || c.Nodes > MaxNodes {
		return fmt.Errorf("%w: %d crossroads, want 2..%d", ErrCanvas, c.Nodes, MaxNodes)
	}
	if len(c.Streets) == 0 || len(c.Streets) > MaxStreets {
		return fmt.Errorf("%w: %d streets, want 1..%d", ErrCanvas, len(c.Streets), MaxStreets)
	}
	if c.Start < 0 || c.Start >= c.Nodes || c.Goal < 0 || c.Goal >= c.Nodes {
		return fmt.Errorf("%w: start %d or goal %d outside 0..%d", ErrCanvas, c.Start, c.Goal, c.Nodes-1)
	}
	if c.Start == c.Goal {
		return fmt.Errorf("%w: start and goal are both crossroad %d", ErrCanvas, c.Start)
	}
	seen := make(map[Street]int, len(c.Streets))
	for i, s := range c.Streets {
		if err := c.checkStreet(s); err != nil {
			return fmt.Errorf("street %d: %w", i, err)
		}
		k := Street{min(s.U, s.V), max(s.U, s.V)}
		if j, dup := seen[k]; dup {
			return fmt.Errorf("%w: streets %d and %d both join %d and %d", ErrCanvas, j, i, s.U, s.V)
		}
		seen[k] = i
	}
	if c.Pos != nil && len(c.Pos) != c.Nodes {
		return fmt.Errorf("%w: %d positions for %d crossroads", ErrCanvas, len(c.Pos), c.Nodes)
	}
	return nil
}

func (c *Canvas) checkStreet(s Street) error {
	if s.U < 0 || s.U >= c.Nodes || s.V < 0 || s.V >= c.Nodes {
		return fmt.Errorf("%w: street %d-%d has a crossroad outside 0..%d", ErrCanvas, s.U, s.V, c.Nodes-1)
	}
	if s.U == s.V {
		return fmt.Errorf("%w: street %d-%d joins a crossroad to itself", ErrCanvas, s.U, s.V)
	}
	return nil
}

// Street returns the index of the street joining u and v, or -1.
func (c *Canvas) Street(u, v int) int {
	for i, s := range c.Streets {
		if (s.U == u && s.V == v) || (s.U == v && s.V == u) {
			return i
		}
	}
	return -1
}

// Grid returns the rows×cols square-grid canvas: crossroad r·cols+c sits
// at row r, column c and is joined to its right and lower neighbours; the
// start is the top-left crossroad and the goal the bottom-right one. The
// streets are listed row by row, each crossroad's right street before its
// lower one.
func Grid(rows, cols int) (*Canvas, error) {
	if rows < 1 || cols < 1 || rows > MaxNodes || cols > MaxNodes || rows*cols < 2 || rows*cols > MaxNodes {
		return nil, fmt.Errorf("%w: grid %dx%d, want 2..%d crossroads", ErrCanvas, rows, cols, MaxNodes)
	}
	c := &Canvas{Nodes: rows * cols, Start: 0, Goal: rows*cols - 1}
	for r := 0; r < rows; r++ {
		for k := 0; k < cols; k++ {
			n := r*cols + k
			c.Pos = append(c.Pos, [2]float64{float64(k), float64(r)})
			if k+1 < cols {
				c.Streets = append(c.Streets, Street{n, n + 1})
			}
			if r+1 < rows {
				c.Streets = append(c.Streets, Street{n, n + cols})
			}
		}
	}
	return c, nil
}

// Vienna24 returns the seed's canvas of 13 crossroads and 24 streets, with
// start 0 and goal 12, its streets in the order the seed's reference
// implementation lists them. The positions lay the outer crossroads
// 0, 1, 8, 9, 12, 11, 4, 3 on a square and 2, 7, 10, 5 and 6 inside it.
func Vienna24() *Canvas {
	edges := [24][2]int{
		{0, 1}, {1, 8}, {8, 9}, {9, 12}, {12, 11}, {11, 4}, {4, 3}, {3, 0},
		{1, 2}, {2, 3}, {3, 5}, {5, 11}, {11, 10}, {10, 9}, {9, 7}, {7, 1},
		{2, 6}, {6, 7}, {5, 6}, {6, 10}, {0, 2}, {7, 8}, {10, 12}, {5, 4},
	}
	c := &Canvas{Nodes: 13, Start: 0, Goal: 12}
	for _, e := range edges {
		c.Streets = append(c.Streets, Street{e[0], e[1]})
	}
	c.Pos = [][2]float64{
		0: {0, 0}, 1: {2, 0}, 8: {4, 0},
		2: {1, 1}, 7: {3, 1},
		3: {0, 2}, 6: {2, 2}, 9: {4, 2},
		5: {1, 3}, 10: {3, 3},
		4: {0, 4}, 11: {2, 4}, 12: {4, 4},
	}
	return c
}

// A Maze is a canvas with a colouring: Colours[i] is the initial colour of
// street i's light, Green, Orange or Red.
type Maze struct {
	Canvas  *Canvas
	Colours []uint8
}

// Validate checks the canvas and that there is one colour 0..2 per street.
func (m *Maze) Validate() error {
	if m.Canvas == nil {
		return fmt.Errorf("%w: no canvas", ErrCanvas)
	}
	if err := m.Canvas.Validate(); err != nil {
		return err
	}
	if len(m.Colours) != len(m.Canvas.Streets) {
		return fmt.Errorf("%w: %d colours for %d streets", ErrCanvas, len(m.Colours), len(m.Canvas.Streets))
	}
	for i, c := range m.Colours {
		if c > Red {
			return fmt.Errorf("%w: street %d has colour %d, want 0, 1 or 2", ErrCanvas, i, c)
		}
	}
	return nil
}

// Open reports whether a street whose light starts with colour c may be
// taken after d moves: (c+d) mod 3 ≠ 2.
func Open(c uint8, d int) bool { return (int(c)+d)%3 != 2 }

// ColourName returns "green", "orange" or "red".
func ColourName(c uint8) string {
	switch c {
	case Green:
		return "green"
	case Orange:
		return "orange"
	case Red:
		return "red"
	}
	return fmt.Sprintf("colour(%d)", c)
}
