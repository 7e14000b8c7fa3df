package mousemaze

import (
	"fmt"
	"math"
	"slices"
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

// maxDiameterWork bounds the work of the diameter search of
// Graph.ComponentStats: the vertices and neighbour-list entries its
// breadth-first searches visit, 2^26 (about a second at most). A few
// searches find the diameter of trees, grids and most sparse graphs, and
// any graph of up to a few thousand vertices can be searched from every
// vertex; on a larger graph that defeats the method the search stops at
// this bound and gives the diameter's bounds instead of its value. Four
// searches (from the start, from two far-apart vertices and from the
// central vertex) are always made.
const maxDiameterWork = 1 << 26

// diameterWork is the bound ComponentStats uses, maxDiameterWork but in
// the tests of the bound.
var diameterWork = maxDiameterWork

// ComponentStats describes the connected component of a graph's start,
// the only part of the graph the mouse can see (Graph.ComponentStats).
type ComponentStats struct {
	// Vertices is the number of vertices of the component, MaxDegree its
	// largest degree Δ.
	Vertices, MaxDegree int
	// DiameterMin ≤ the component's diameter ≤ DiameterMax. They are
	// equal, the diameter, unless the search for it ran into
	// maxDiameterWork (DiameterExact).
	DiameterMin, DiameterMax int
}

// DiameterExact reports whether the diameter is known: DiameterMin and
// DiameterMax are equal.
func (s ComponentStats) DiameterExact() bool { return s.DiameterMin == s.DiameterMax }

// Theorem8Bound returns the paper's Theorem 8 bound |V|·Σ_{i=1..diam} Δ^i
// of the component (see the function Theorem8Bound), with diam its
// DiameterMax: still a bound on the turns when only bounds on the
// diameter are known. It saturates at math.MaxInt64.
func (s ComponentStats) Theorem8Bound() int64 {
	return satMul(int64(s.Vertices), theorem8Sum(int64(s.MaxDegree), int64(s.DiameterMax)))
}

// Stats describes the connected component of the start, the only part
// of the graph the mouse can see: its number of vertices, its largest
// degree Δ and its diameter, or where that is not known exactly (see
// ComponentStats) an upper bound on it.
func (g Graph) Stats() (vertices, maxDegree, diameter int) {
	s := g.ComponentStats()
	return s.Vertices, s.MaxDegree, s.DiameterMax
}

// ComponentStats describes the connected component of the start: its
// vertices, its largest degree and its diameter. The diameter comes from
// the iFUB method (Crescenzi et al., "On computing the diameter of
// real-world undirected graphs", 2013), exact. Breadth-first searches
// from far-apart vertices give a lower bound on the diameter and lower
// bounds on every vertex's eccentricity (its distance to the farthest of
// them), which find a central vertex u; then it searches from the
// vertices farthest from u, level by level, until the largest
// eccentricity found is at least twice the level's distance. On trees,
// grids and most sparse graphs that is a few searches in all. When the
// searches would visit more than maxDiameterWork vertices and list
// entries, it stops and returns the bounds it has.
func (g Graph) ComponentStats() ComponentStats {
	b := newBFS(len(g.Prefs))
	comp := slices.Clone(b.run(g, g.Start))
	b.reset(comp)
	s := ComponentStats{Vertices: len(comp)}
	cost, degrees := len(comp), 0
	for _, v := range comp {
		s.MaxDegree = max(s.MaxDegree, len(g.Prefs[v]))
		degrees += len(g.Prefs[v])
	}
	cost += degrees
	n := len(comp)
	switch {
	case n == 1:
		return s
	case degrees == n*(n-1): // complete: every pair is joined
		s.DiameterMin, s.DiameterMax = 1, 1
		return s
	}
	// farthest[v] is v's distance to the farthest vertex searched from, a
	// lower bound on its eccentricity, and sum[v] the sum of the
	// distances, which breaks ties (the smaller is the more central).
	farthest, sum := make([]int32, len(g.Prefs)), make([]int64, len(g.Prefs))
	lo, hi, work := 0, math.MaxInt, 0
	sweep := func(src int32) (far int32) {
		order := b.run(g, int(src))
		far = order[len(order)-1]
		e := int(b.dist[far])
		lo, hi = max(lo, e), min(hi, 2*e)
		for _, v := range order {
			farthest[v] = max(farthest[v], b.dist[v])
			sum[v] += int64(b.dist[v])
		}
		b.reset(order)
		work += cost
		return far
	}
	sweep(sweep(comp[n-1])) // the ends of a long path
	// The center: search from the vertex of least bound and from the
	// vertex farthest from it, which makes its bound its eccentricity,
	// until the vertex of least bound is one searched from: no vertex has
	// a smaller eccentricity.
	var u int32
	searched := make(map[int32]bool)
	for range maxCenterTries {
		u = comp[0]
		for _, v := range comp {
			if farthest[v] < farthest[u] || farthest[v] == farthest[u] && sum[v] < sum[u] {
				u = v
			}
		}
		if searched[u] || work+2*cost > diameterWork {
			break
		}
		searched[u] = true
		sweep(sweep(u))
	}
	levels := slices.Clone(b.run(g, int(u)))
	depth := make([]int32, len(levels))
	for i, v := range levels {
		depth[i] = b.dist[v]
	}
	b.reset(levels)
	e := int(depth[len(depth)-1])
	lo, hi = max(lo, e), min(hi, 2*e)
	// Levels from the farthest: once every vertex at distance i or more
	// from u has its eccentricity in lo, no pair is farther apart than
	// max(lo, 2(i−1)).
	end := len(levels)
	for i := e; lo < hi && i >= 1; i-- {
		start := end
		for start > 0 && int(depth[start-1]) == i {
			start--
		}
		for _, x := range levels[start:end] {
			if work += cost; work > diameterWork {
				s.DiameterMin, s.DiameterMax = lo, hi
				return s
			}
			order := b.run(g, int(x))
			lo = max(lo, int(b.dist[order[len(order)-1]]))
			b.reset(order)
		}
		hi = min(hi, max(lo, 2*(i-1)))
		end = start
	}
	s.DiameterMin, s.DiameterMax = lo, lo
	return s
}

// maxCenterTries bounds the vertices ComponentStats tries as the center
// (two searches each).
const maxCenterTries = 8

// bfs holds the buffers of breadth-first searches on one graph: dist is
// −1 except on the vertices of the last search until reset.
type bfs struct {
	dist, queue []int32
}

// newBFS returns the buffers for a graph of n vertices.
func newBFS(n int) *bfs {
	b := &bfs{dist: make([]int32, n)}
	for i := range b.dist {
		b.dist[i] = -1
	}
	return b
}

// run searches g from src and returns the vertices reached in the order
// of their distances (b.dist), so the last is a farthest. The slice is
// b's until the next run.
func (b *bfs) run(g Graph, src int) []int32 {
	b.queue = append(b.queue[:0], int32(src))
	b.dist[src] = 0
	for h := 0; h < len(b.queue); h++ {
		u := b.queue[h]
		for _, w := range g.Prefs[u] {
			if b.dist[w] < 0 {
				b.dist[w] = b.dist[u] + 1
				b.queue = append(b.queue, int32(w))
			}
		}
	}
	return b.queue
}

// reset clears the distances of the vertices of a search.
func (b *bfs) reset(order []int32) {
	for _, v := range order {
		b.dist[v] = -1
	}
}

// Theorem8Bound returns the paper's Theorem 8 bound on the number of turns
// a mouse counting exactly spends in g, |V|·Σ_{i=1..diam} Δ^i, computed on
// the start's connected component (the walk never leaves it, and the
// bound for a disconnected G would be infinite). Each vertex is visited at
// most Σ_{i=1..d} Δ^i times, d its distance from the exit, and the exit
// once, so turns = 1 + the visits to vertices other than the exit stays
// within it. The value saturates at math.MaxInt64; where the diameter is
// not known exactly (ComponentStats) its upper bound is used.
func Theorem8Bound(g Graph) int64 {
	return g.ComponentStats().Theorem8Bound()
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
