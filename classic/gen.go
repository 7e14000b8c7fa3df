package classic

import (
	"fmt"
	"math/rand/v2"

	"github.com/mousemaze/mousemaze"
)

// The generators' names, as `classic gen --algo` takes them.
const (
	GenSpanning = "spanning"
	GenAnderson = "anderson"
	GenMatrix   = "matrix"
)

// Generators lists the construction algorithms.
var Generators = []string{GenSpanning, GenAnderson, GenMatrix}

// NewRand returns the package's seeded generator: a PCG seeded with seed,
// so that a seed gives the same maze on every machine.
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5c1a551c)) }

// Generate builds a rows×cols maze with the named algorithm. spanning and
// anderson build perfect mazes (connected, without cycles); matrix starts
// from walls placed with probability 1/2 and connects the board through its
// connection matrix (§2.3), which usually leaves cycles.
func Generate(algo string, rows, cols int, rng *rand.Rand) (mousemaze.EdgeMaze, error) {
	if err := (mousemaze.Size{Rows: rows, Cols: cols}).Validate(); err != nil {
		return mousemaze.EdgeMaze{}, err
	}
	switch algo {
	case GenSpanning:
		return SpanningTree(rows, cols, rng), nil
	case GenAnderson:
		return Anderson(rows, cols, rng), nil
	case GenMatrix:
		if rows*cols > MaxMatrixCells {
			return mousemaze.EdgeMaze{}, fmt.Errorf("the matrix construction multiplies n×n matrices: at most %d cells, not %d", MaxMatrixCells, rows*cols)
		}
		m := mousemaze.RandomEdges(rng, rows, cols, 0.5)
		b := NewBoard(m)
		ConnectByMatrix(&b, rng)
		return b.EdgeMaze, nil
	}
	return mousemaze.EdgeMaze{}, fmt.Errorf("unknown algorithm %q (want one of %v)", algo, Generators)
}

// Walled returns a rows×cols board with every interior edge a wall.
func Walled(rows, cols int) mousemaze.EdgeMaze {
	m := mousemaze.NewEdgeMaze(rows, cols)
	for r := range rows {
		m.Right[r] = mousemaze.RowMask(cols - 1)
		if r < rows-1 {
			m.Down[r] = mousemaze.RowMask(cols)
		}
	}
	return m
}

// Open removes the wall between neighbouring cells a and b of m (cells
// indexed r·Cols + c; no wrap-around).
func Open(m mousemaze.EdgeMaze, a, b int) {
	if a > b {
		a, b = b, a
	}
	r, c := a/m.Cols, a%m.Cols
	if b/m.Cols == r {
		m.Right[r] &^= 1 << uint(c)
	} else {
		m.Down[r] &^= 1 << uint(c)
	}
}

// SpanningTree builds a perfect maze with the spanning-tree algorithm of
// §2.1: from a random first cell, it repeatedly takes a random frontier
// cell (an unvisited neighbour of the tree), joins it through a door to a
// random visited neighbour and adds its unvisited neighbours to the
// frontier.
func SpanningTree(rows, cols int, rng *rand.Rand) mousemaze.EdgeMaze {
	m := Walled(rows, cols)
	n := rows * cols
	const (
		unvisited = iota
		frontier
		visited
	)
	state := make([]uint8, n)
	var front []int
	neigh := func(i int, f func(j int)) {
		r, c := i/cols, i%cols
		if r > 0 {
			f(i - cols)
		}
		if c < cols-1 {
			f(i + 1)
		}
		if r < rows-1 {
			f(i + cols)
		}
		if c > 0 {
			f(i - 1)
		}
	}
	mark := func(p int) { // step 3
		state[p] = visited
		neigh(p, func(j int) {
			if state[j] == unvisited {
				state[j] = frontier
				front = append(front, j)
			}
		})
	}
	mark(rng.IntN(n)) // step 2
	var vis []int
	for len(front) > 0 { // step 4
		k := rng.IntN(len(front))
		p := front[k]
		front[k] = front[len(front)-1]
		front = front[:len(front)-1]
		vis = vis[:0]
		neigh(p, func(j int) {
			if state[j] == visited {
				vis = append(vis, j)
			}
		})
		Open(m, p, vis[rng.IntN(len(vis))])
		mark(p) // step 5
	}
	return m
}

// Anderson builds a perfect maze with Anderson's algorithm of §2.2: from a
// board without interior walls it grows walls, each from a random corner
// that no wall touches yet to a random neighbouring corner that is part
// of a wall, until every corner is part of a wall. Picks that cannot add a
// wall change nothing, so the algorithm draws only among the corners and
// neighbours that can.
func Anderson(rows, cols int, rng *rand.Rand) mousemaze.EdgeMaze {
	m := mousemaze.NewEdgeMaze(rows, cols)
	// Corners are the grid points (r, c), 0 ≤ r ≤ rows, 0 ≤ c ≤ cols; the
	// points of the border are part of the outer wall.
	w := cols + 1
	onWall := make([]bool, (rows+1)*w)
	free := 0
	for r := 0; r <= rows; r++ {
		for c := 0; c <= cols; c++ {
			if r == 0 || c == 0 || r == rows || c == cols {
				onWall[r*w+c] = true
			} else {
				free++
			}
		}
	}
	dr := [4]int{-1, 0, 1, 0}
	dc := [4]int{0, 1, 0, -1}
	var cand []int
	var walls []int
	for free > 0 {
		cand = cand[:0]
		for p, on := range onWall {
			if on {
				continue
			}
			r, c := p/w, p%w
			for d := range 4 {
				if onWall[(r+dr[d])*w+c+dc[d]] {
					cand = append(cand, p)
					break
				}
			}
		}
		p := cand[rng.IntN(len(cand))] // step 2
		r, c := p/w, p%w
		walls = walls[:0]
		for d := range 4 {
			if onWall[(r+dr[d])*w+c+dc[d]] {
				walls = append(walls, d)
			}
		}
		d := walls[rng.IntN(len(walls))] // step 3
		// The segment from corner (r, c) in direction d.
		switch d {
		case 0: // up: between cells (r−1, c−1) and (r−1, c)
			m.Right[r-1] |= 1 << uint(c-1)
		case 2: // down: between cells (r, c−1) and (r, c)
			m.Right[r] |= 1 << uint(c-1)
		case 1: // right: between cells (r−1, c) and (r, c)
			m.Down[r-1] |= 1 << uint(c)
		case 3: // left: between cells (r−1, c−1) and (r, c−1)
			m.Down[r-1] |= 1 << uint(c-1)
		}
		onWall[p] = true
		free--
	}
	return m
}

// RemoveWalls opens k random interior walls of m (all of them when it has
// fewer), making a perfect maze multiply connected as §2.1 suggests.
func RemoveWalls(m mousemaze.EdgeMaze, k int, rng *rand.Rand) {
	var walls []int
	probe := m.Clone()
	for e := range m.Edges() {
		before := probe.WallCount()
		probe.FlipEdge(e)
		if probe.WallCount() < before {
			walls = append(walls, e)
		}
		probe.FlipEdge(e)
	}
	rng.Shuffle(len(walls), func(i, j int) { walls[i], walls[j] = walls[j], walls[i] })
	for _, e := range walls[:min(k, len(walls))] {
		m.FlipEdge(e)
	}
}

// Braid makes m multiply connected the way §6.4's games want it: it
// visits the dead ends (cells with one door) in a random order and, in a
// fraction p of them (rounded to the nearest count) that are still dead
// ends, opens a random wall to a neighbour, preferring a neighbour that is
// a dead end too. Opening a wall of a connected maze adds exactly one
// loop; Braid returns how many it opened. p outside [0, 1] is an error.
func Braid(m mousemaze.EdgeMaze, p float64, rng *rand.Rand) (int, error) {
	if !(p >= 0 && p <= 1) {
		return 0, fmt.Errorf("braid fraction %v: want a number from 0 to 1", p)
	}
	b := NewBoard(m)
	nav := b.Nav()
	var ends []int
	for i := range b.Cells() {
		if nav.Degree(i) == 1 {
			ends = append(ends, i)
		}
	}
	rng.Shuffle(len(ends), func(i, j int) { ends[i], ends[j] = ends[j], ends[i] })
	want := int(p*float64(len(ends)) + 0.5)
	opened := 0
	for _, i := range ends[:want] {
		if nav.Degree(i) != 1 {
			continue // a neighbour's opening already joined it
		}
		var walls, endWalls []int
		for d := North; d <= West; d++ {
			j, ok := b.door(i, d)
			if ok || !b.inside(i, d) {
				continue
			}
			walls = append(walls, j)
			if nav.Degree(j) == 1 {
				endWalls = append(endWalls, j)
			}
		}
		if len(endWalls) > 0 {
			walls = endWalls
		}
		if len(walls) == 0 {
			continue
		}
		Open(m, i, walls[rng.IntN(len(walls))])
		nav = b.Nav()
		opened++
	}
	return opened, nil
}

// inside reports whether side d of cell i faces another cell of the board
// without wrapping around.
func (b Board) inside(i int, d Dir) bool {
	r, c := b.RC(i)
	switch d {
	case North:
		return r > 0
	case South:
		return r < b.Rows-1
	case East:
		return c < b.Cols-1
	}
	return c > 0
}

// GenOptions describe a generated board, as `mousemaze classic gen` takes
// them: the construction, size and seed, Extra walls opened at random,
// the Braid fraction of dead ends opened, and the start and goal cells as
// "R,C" ("" for the defaults, the top-left and bottom-right cells).
type GenOptions struct {
	Algo        string
	Rows, Cols  int
	Seed        uint64
	Extra       int
	Braid       float64
	Start, Goal string
}

// Build makes the board of o and returns it with its text: a comment line
// that restates the command, then the board in the classic format. Its
// errors name the option at fault (--algo, --extra, --braid, --start,
// --goal).
func (o GenOptions) Build() (Board, string, error) {
	if o.Extra < 0 {
		return Board{}, "", fmt.Errorf("--extra %d: must be 0 or more", o.Extra)
	}
	rng := NewRand(o.Seed)
	m, err := Generate(o.Algo, o.Rows, o.Cols, rng)
	if err != nil {
		return Board{}, "", fmt.Errorf("--algo: %v", err)
	}
	RemoveWalls(m, o.Extra, rng)
	if _, err := Braid(m, o.Braid, rng); err != nil {
		return Board{}, "", fmt.Errorf("--braid: %v", err)
	}
	b := NewBoard(m)
	for _, c := range []struct {
		name, spec string
		cell       *int
	}{{"--start", o.Start, &b.Start}, {"--goal", o.Goal, &b.Goal}} {
		if c.spec == "" {
			continue
		}
		if *c.cell, err = ParseCell(c.spec, o.Rows, o.Cols); err != nil {
			return Board{}, "", fmt.Errorf("%s: %v", c.name, err)
		}
	}
	braid := ""
	if o.Braid != 0 {
		braid = fmt.Sprintf(" --braid %g", o.Braid)
	}
	return b, fmt.Sprintf("; mousemaze classic gen --algo %s --size %dx%d --seed %d --extra %d%s\n%s", o.Algo, o.Rows, o.Cols, o.Seed, o.Extra, braid, b.Format()), nil
}
