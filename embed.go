package mousemaze

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file grows a maze into a larger grid (the size ladder of
// docs/search.md): the smaller maze keeps its cells, the new cells are
// walls but for the shortest paths that join the grid's entry to the
// maze's entry and the maze's exit to the grid's exit.

// Offset is where a smaller maze's top-left cell goes in a larger grid.
type Offset struct{ Row, Col int }

// String writes o as ParseOffset reads it, "R,C".
func (o Offset) String() string { return fmt.Sprintf("%d,%d", o.Row, o.Col) }

// ParseOffset reads an Offset written "R,C" (two numbers of 0 or more).
func ParseOffset(s string) (Offset, error) {
	r, c, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return Offset{}, fmt.Errorf("%q: want ROW,COL, two numbers of 0 or more (0,0 is the top-left corner)", s)
	}
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	if err1 != nil || err2 != nil || row < 0 || col < 0 {
		return Offset{}, fmt.Errorf("%q: want ROW,COL, two numbers of 0 or more (0,0 is the top-left corner)", s)
	}
	return Offset{row, col}, nil
}

// Corners returns the distinct offsets that put a maze of size inner in a
// corner of a grid of size outer: top-left first, then top-right,
// bottom-left and bottom-right. It returns nil when inner does not fit.
func Corners(inner, outer Size) []Offset {
	dr, dc := outer.Rows-inner.Rows, outer.Cols-inner.Cols
	if dr < 0 || dc < 0 {
		return nil
	}
	var out []Offset
	for _, o := range []Offset{{0, 0}, {0, dc}, {dr, 0}, {dr, dc}} {
		seen := false
		for _, p := range out {
			seen = seen || p == o
		}
		if !seen {
			out = append(out, o)
		}
	}
	return out
}

// errEmbed is wrapped by the errors of Embed: the maze does not fit, or its
// ends cannot be joined to the grid's.
var errEmbed = errors.New("cannot embed the maze")

// Embed returns a maze of size outer that holds m with its top-left cell
// at at. Under cfg (whose Entry and Exit columns both mazes share) the new
// cells are walls except the shortest paths of new cells that join the
// grid's entry cell to m's entry cell and m's exit cell to the grid's exit
// cell, so that a mouse walking the result walks m's maze in between. A
// grid end that falls inside m must be m's own end. The result is
// feasible whenever m is.
func Embed(m Maze, outer Size, at Offset, cfg Config) (Maze, error) {
	h, w := m.Rows, m.Cols
	if at.Row < 0 || at.Col < 0 || at.Row+h > outer.Rows || at.Col+w > outer.Cols {
		return Maze{}, fmt.Errorf("%w: a %dx%d maze at %s does not fit in %s", errEmbed, h, w, at, outer)
	}
	if cfg.Entry >= w || cfg.Exit >= w {
		return Maze{}, fmt.Errorf("%w: the %dx%d maze has no column %d for its ends", errEmbed, h, w, max(cfg.Entry, cfg.Exit))
	}
	g := NewMaze(outer.Rows, outer.Cols)
	inside := func(r, c int) bool { return r >= at.Row && r < at.Row+h && c >= at.Col && c < at.Col+w }
	for r := 0; r < outer.Rows; r++ {
		for c := 0; c < outer.Cols; c++ {
			g.SetWall(r, c, !inside(r, c) || m.Wall(r-at.Row, c-at.Col))
		}
	}
	joins := []struct {
		from, to [2]int
		what     string
	}{
		{[2]int{0, cfg.Entry}, [2]int{at.Row, at.Col + cfg.Entry}, "entry"},
		{[2]int{outer.Rows - 1, cfg.Exit}, [2]int{at.Row + h - 1, at.Col + cfg.Exit}, "exit"},
	}
	for _, j := range joins {
		if err := join(g, j.from, j.to, inside); err != nil {
			return Maze{}, fmt.Errorf("%w at %s in %s: its %s: %v", errEmbed, at, outer, j.what, err)
		}
	}
	return g, nil
}

// join opens in g the shortest path of cells outside the embedded maze
// (inside false) from the grid's end cell from to a cell beside the
// embedded maze's end cell to; nothing when they are the same cell.
func join(g Maze, from, to [2]int, inside func(r, c int) bool) error {
	if from == to {
		return nil
	}
	if inside(from[0], from[1]) {
		return errors.New("the grid's end falls inside the maze but is not the maze's end")
	}
	prev := make(map[[2]int][2]int)
	queue := [][2]int{from}
	prev[from] = from
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if abs(p[0]-to[0])+abs(p[1]-to[1]) == 1 {
			for ; p != from; p = prev[p] {
				g.SetWall(p[0], p[1], false)
			}
			g.SetWall(from[0], from[1], false)
			return nil
		}
		for _, d := range [4][2]int{{1, 0}, {0, 1}, {0, -1}, {-1, 0}} {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if q[0] < 0 || q[1] < 0 || q[0] >= g.Rows || q[1] >= g.Cols || inside(q[0], q[1]) {
				continue
			}
			if _, seen := prev[q]; !seen {
				prev[q] = p
				queue = append(queue, q)
			}
		}
	}
	return errors.New("no path of new cells reaches it")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
