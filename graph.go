package mousemaze

import (
	"fmt"
	"strconv"
)

// Graph is a maze on any undirected graph, the paper's Definition 1: a
// start vertex, an exit vertex and, at every vertex, a preference order
// over its neighbours. Vertex v is index v; Prefs[v] lists v's neighbours,
// most preferred first, so the edges are the pairs {v, Prefs[v][i]} and
// every edge appears in the lists of both its ends. Names, when not nil,
// labels the vertices (the JSON format uses them).
//
// The mouse enters Start (1 visit, turn 1); at every turn he moves to the
// neighbour with the fewest visits, the most preferred on a tie; the walk
// ends when he steps onto Exit, which therefore always counts 0. A grid
// maze converts to a Graph exactly (GridGraph) and walks the same.
type Graph struct {
	Names       []string
	Prefs       [][]int
	Start, Exit int
}

// Len returns the number of vertices.
func (g Graph) Len() int { return len(g.Prefs) }

// Name returns vertex v's name, or its index written out when g has no names.
func (g Graph) Name(v int) string {
	if v >= 0 && v < len(g.Names) {
		return g.Names[v]
	}
	return strconv.Itoa(v)
}

// Validate checks that g is a simple undirected graph with consistent
// preference lists: indices in range, no loops, no neighbour listed twice,
// every edge listed at both ends, and Start and Exit distinct vertices.
func (g Graph) Validate() error {
	n := len(g.Prefs)
	if n < 2 {
		return fmt.Errorf("%w: %d vertices, need at least a start and an exit", errGraph, n)
	}
	if g.Names != nil && len(g.Names) != n {
		return fmt.Errorf("%w: %d names for %d vertices", errGraph, len(g.Names), n)
	}
	if g.Start < 0 || g.Start >= n || g.Exit < 0 || g.Exit >= n {
		return fmt.Errorf("%w: start %d or exit %d outside 0..%d", errGraph, g.Start, g.Exit, n-1)
	}
	if g.Start == g.Exit {
		return fmt.Errorf("%w: start and exit are the same vertex %q", errGraph, g.Name(g.Start))
	}
	adj := make([]map[int]bool, n)
	for v, p := range g.Prefs {
		adj[v] = make(map[int]bool, len(p))
		for _, w := range p {
			switch {
			case w < 0 || w >= n:
				return fmt.Errorf("%w: vertex %q lists neighbour %d, outside 0..%d", errGraph, g.Name(v), w, n-1)
			case w == v:
				return fmt.Errorf("%w: vertex %q lists itself (no loops allowed)", errGraph, g.Name(v))
			case adj[v][w]:
				return fmt.Errorf("%w: vertex %q lists neighbour %q twice", errGraph, g.Name(v), g.Name(w))
			}
			adj[v][w] = true
		}
	}
	for v, p := range g.Prefs {
		for _, w := range p {
			if !adj[w][v] {
				return fmt.Errorf("%w: vertex %q lists %q, but %q does not list %q", errGraph, g.Name(v), g.Name(w), g.Name(w), g.Name(v))
			}
		}
	}
	return nil
}

// adjacency returns g in the walk's form, its lists in one backing array.
func (g Graph) adjacency() *adjacency {
	a := &adjacency{prefs: make([][]int32, len(g.Prefs)), start: int32(g.Start), exit: int32(g.Exit)}
	total := 0
	for _, p := range g.Prefs {
		total += len(p)
	}
	nb := make([]int32, total)
	for v, p := range g.Prefs {
		a.prefs[v], nb = nb[:len(p):len(p)], nb[len(p):]
		for i, w := range p {
			a.prefs[v][i] = int32(w)
		}
	}
	return a
}

// distances returns the shortest-path distance from v to every vertex, -1
// for vertices in other components.
func (g Graph) distances(v int) []int {
	return Distances(len(g.Prefs), v, func(u int) []int { return g.Prefs[u] })
}

// Distances returns the breadth-first distance from source to each of n
// vertices, −1 where source does not reach; next(u) lists the vertices one
// move from u, where a negative entry stands for no move.
func Distances(n, source int, next func(u int) []int) []int {
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[source] = 0
	queue := []int{source}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, w := range next(u) {
			if w >= 0 && dist[w] < 0 {
				dist[w] = dist[u] + 1
				queue = append(queue, w)
			}
		}
	}
	return dist
}

// Feasible reports whether the exit can be reached from the start.
func (g Graph) Feasible() bool { return g.distances(g.Start)[g.Exit] >= 0 }

// component returns the vertices of the start's connected component.
func (g Graph) component() []int {
	var comp []int
	for v, d := range g.distances(g.Start) {
		if d >= 0 {
			comp = append(comp, v)
		}
	}
	return comp
}

// Stats describes the connected component of the start, the only part
// of the graph the mouse can see: its number of vertices, its largest
// degree Δ and its diameter (by a breadth-first search from every vertex).
func (g Graph) Stats() (vertices, maxDegree, diameter int) {
	comp := g.component()
	for _, v := range comp {
		maxDegree = max(maxDegree, len(g.Prefs[v]))
		for _, d := range g.distances(v) {
			diameter = max(diameter, d)
		}
	}
	return len(comp), maxDegree, diameter
}

// Theorem8Bound returns the paper's Theorem 8 bound on the number of turns
// a mouse counting exactly spends in g, |V|·Σ_{i=1..diam} Δ^i, computed on
// the start's connected component (the walk never leaves it, and the
// bound for a disconnected G would be infinite). Each vertex is visited at
// most Σ_{i=1..d} Δ^i times, d its distance from the exit, and the exit
// once, so turns = 1 + the visits to vertices other than the exit stays
// within it. The value saturates at math.MaxInt64.
func Theorem8Bound(g Graph) int64 {
	n, delta, diam := g.Stats()
	return satMul(int64(n), theorem8Sum(int64(delta), int64(diam)))
}

// WalkGraph walks the mouse through g under cfg, whose fields K, Cap and
// Heat apply (Order, Entry and Exit are grid rules and are ignored). It
// returns a Result as Walk does: Heat, when asked for, holds every
// vertex's count, indexed by vertex. With cfg.K = 0 a walk that reached
// the Theorem 8 guard (TurnBound's form, which is at most Theorem8Bound(g)
// plus 2) would return an error; with cfg.K > 0 the walk ends in an
// escape or a detected trap, as for grids.
func WalkGraph(g Graph, cfg Config) (Result, error) {
	if err := g.Validate(); err != nil {
		return Result{}, err
	}
	if cfg.Cap < 0 {
		return Result{}, fmt.Errorf("%w: negative turn cap %d", ErrConfig, cfg.Cap)
	}
	if cfg.K < 0 || cfg.K > maxK {
		return Result{}, fmt.Errorf("%w: modulus k = %d outside 0..%d", ErrConfig, cfg.K, maxK)
	}
	var res Result
	if !g.Feasible() {
		if cfg.Heat {
			res.Heat = make([]uint32, g.Len())
		}
		return res, nil
	}
	a := g.adjacency()
	k := uint64(cfg.K)
	var guard int64
	if k == 0 {
		guard = a.turnBound()
	}
	out, err := a.walk(k, cfg.Cap, guard, nil)
	if err != nil {
		return Result{}, fmt.Errorf("%w on a graph of %d vertices", err, g.Len())
	}
	return out.result(cfg.Heat, g.Len(), "vertex")
}

// GridGraph converts the grid maze m under cfg (its order, entry and exit)
// into a Graph that the mouse walks exactly as he walks m: one vertex per
// open cell, named "r,c" and numbered in row-major order, then the exit,
// named "exit"; each cell lists its possible moves in cfg's preference
// order; the start is the entry cell. It fails when the entry or exit cell
// is a wall, since the graph would have no start or no exit edge.
func GridGraph(m Maze, cfg Config) (Graph, error) {
	if err := ValidateWalk(m, m.Cols, cfg); err != nil {
		return Graph{}, err
	}
	if m.Wall(0, cfg.Entry) {
		return Graph{}, fmt.Errorf("%w: the entry cell (0,%d) is a wall", errGraph, cfg.Entry)
	}
	if m.Wall(m.Rows-1, cfg.Exit) {
		return Graph{}, fmt.Errorf("%w: the exit cell (%d,%d) is a wall", errGraph, m.Rows-1, cfg.Exit)
	}
	n := m.Rows * m.Cols
	return gridAdjacency(m, cfg).toGraph(func(v int) bool { return v == n || !m.Wall(v/m.Cols, v%m.Cols) },
		func(v int) string {
			if v == n {
				return "exit"
			}
			return fmt.Sprintf("%d,%d", v/m.Cols, v%m.Cols)
		}), nil
}

// MaxLemma11 bounds the K of Lemma11 trees built from user input (the
// graph command's --lemma11): a million vertices, some hundreds of MB.
const MaxLemma11 = 1 << 20

// Lemma11 returns the paper's Lemma 11 maze for a k-mod mouse (k ≥ 2): a
// star on s with leaves v1 … vk, where v_{k-1} is extended by one more
// vertex w. Squeaky starts at s and prefers v1, …, vk in that order; at
// v_{k-1} he prefers w to s; the exit is vk. When he first reaches
// v_{k-1}, s holds k−1 visits and {s} is a mousetrap. (The proof's tree
// gives s degree k; the lemma's statement says k+1.) The vertices are
// numbered s = 0, v_i = i, w = k+1.
//
// It allocates k+2 vertices: callers bound k by MaxLemma11.
func Lemma11(k int) Graph {
	n := k + 2
	g := Graph{Names: make([]string, n), Prefs: make([][]int, n), Start: 0, Exit: k}
	g.Names[0] = "s"
	g.Names[k+1] = "w"
	for i := 1; i <= k; i++ {
		g.Names[i] = "v" + strconv.Itoa(i)
		g.Prefs[0] = append(g.Prefs[0], i)
		g.Prefs[i] = []int{0}
	}
	g.Prefs[k-1] = []int{k + 1, 0}
	g.Prefs[k+1] = []int{k - 1}
	return g
}

// singlePath returns the single-path maze that traps both 2- and 3-mod
// mice, rebuilt from the paper's §5 (Figure 5's caption and the text
// after Lemma 10; the figure is not in our copy). A vertical path of four
// vertices f, a, b, c from the top: the exit f is the top vertex, Squeaky
// starts on a, the second from the top, and everywhere prefers down to up
// (the game's order). A 2-mod mouse leaves a with 1 = k−1 visits and
// {a} is a mousetrap from turn 2; a 3-mod mouse is trapped at turn 8,
// after b's count has gone from 2 down to 0 ("2 + 1 < 2 (mod 3)"). In both
// the mousetrap is {a}, the second vertex from the top, as the caption
// says. With exact counting he escapes after 8 turns. On the grid it is
// the 1×3 maze "..." with entry and exit in column 0 and order RDLU.
func singlePath() Graph {
	return Graph{
		Names: []string{"f", "a", "b", "c"},
		Prefs: [][]int{{1}, {2, 0}, {3, 1}, {2}},
		Start: 1, Exit: 0,
	}
}
