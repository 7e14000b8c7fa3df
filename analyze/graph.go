package analyze

import (
	"github.com/mousemaze/mousemaze"
)

// exitNode stands for the exit in neighbour tables: it lies below the exit
// cell and always counts 0 visits.
const exitNode = -2

// noNode marks an empty slot in a neighbour table.
const noNode = -1

// graph is the reachable part of a maze under a Config: for every
// reachable open cell, its neighbours in the Config's preference order.
type graph struct {
	m     mousemaze.Maze
	cfg   mousemaze.Config
	order mousemaze.Order
	// reach is the mask of reachable open cells per row (nil when the entry
	// cell is a wall).
	reach []uint64
	// nb holds 4 slots per cell index r*Cols+c, in preference order: a cell
	// index, exitNode, or noNode. Cells outside reach have only noNode.
	nb []int32
	// dirs holds the direction of each slot of nb.
	dirs []mousemaze.Dir
	// deg is the number of neighbours of each cell, the exit included.
	deg []uint8
	// cells lists the reachable cells in row-major order.
	cells []int32
	// entry and exit are the entry and exit cell indices.
	entry, exit int32
	// feasible reports whether the exit cell is reachable.
	feasible bool
}

// newGraph builds the graph of m under cfg, which must be valid for m.
func newGraph(m mousemaze.Maze, cfg mousemaze.Config) *graph {
	n := m.Rows * m.Cols
	g := &graph{m: m, cfg: cfg, order: cfg.Order.Resolve(),
		nb: make([]int32, 4*n), dirs: make([]mousemaze.Dir, 4*n), deg: make([]uint8, n),
		entry: int32(cfg.Entry), exit: int32((m.Rows-1)*m.Cols + cfg.Exit)}
	for i := range g.nb {
		g.nb[i] = noNode
	}
	g.reach = mousemaze.Reachable(m, cfg.Entry)
	if g.reach == nil {
		return g
	}
	g.feasible = g.in(int(g.exit))
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			i := r*m.Cols + c
			if !g.in(i) {
				continue
			}
			g.cells = append(g.cells, int32(i))
			k := 0
			for _, d := range g.order {
				dr, dc := d.Delta()
				nr, nc := r+dr, c+dc
				j := int32(noNode)
				switch {
				case nr == m.Rows:
					if c == cfg.Exit {
						j = exitNode
					}
				case nr >= 0 && nc >= 0 && nc < m.Cols && g.in(nr*m.Cols+nc):
					j = int32(nr*m.Cols + nc)
				}
				if j == noNode {
					continue
				}
				g.nb[4*i+k] = j
				g.dirs[4*i+k] = d
				k++
			}
			g.deg[i] = uint8(k)
		}
	}
	return g
}

// in reports whether cell index i is a reachable open cell.
func (g *graph) in(i int) bool {
	if g.reach == nil {
		return false
	}
	return g.reach[i/g.m.Cols]>>uint(i%g.m.Cols)&1 != 0
}

// edges returns the number of grid edges between reachable cells (the
// exit not included).
func (g *graph) edges() int {
	e := 0
	for _, i := range g.cells {
		for k := 0; k < 4; k++ {
			if j := g.nb[4*int(i)+k]; j >= 0 {
				e++
			}
		}
	}
	return e / 2
}

// loopless reports whether the reachable cells form a tree.
func (g *graph) loopless() bool {
	return len(g.cells) > 0 && g.edges() == len(g.cells)-1
}

// cellOf returns the Cell of index i.
func (g *graph) cellOf(i int32) Cell {
	if i == exitNode {
		return Cell{R: g.m.Rows, C: g.cfg.Exit}
	}
	return Cell{R: int(i) / g.m.Cols, C: int(i) % g.m.Cols}
}

// slot returns the position (preference rank among the cell's actual
// neighbours) of neighbour j in i's table, or -1.
func (g *graph) slot(i, j int32) int {
	for k := 0; k < 4; k++ {
		if g.nb[4*int(i)+k] == j {
			return k
		}
	}
	return -1
}

// dirTo returns the direction from cell i to its neighbour j.
func (g *graph) dirTo(i, j int32) mousemaze.Dir {
	return g.dirs[4*int(i)+g.slot(i, j)]
}

// prefers reports whether, standing on cell i, the mouse prefers direction
// a over direction b when both have the same visit count.
func (g *graph) prefers(a, b mousemaze.Dir) bool {
	return g.order.Rank(a) < g.order.Rank(b)
}

// Loopless reports whether the open cells of m reachable from the entry
// under cfg form a tree (no cycle in the grid graph). It is false when the
// entry cell is a wall. cfg must be valid for m.
func Loopless(m mousemaze.Maze, cfg mousemaze.Config) bool {
	return newGraph(m, cfg).loopless()
}

// Cell is a grid position; the exit is reported as row Rows.
type Cell struct {
	R int `json:"r"`
	C int `json:"c"`
}
