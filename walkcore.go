package mousemaze

import (
	"fmt"
	"math"
)

// This file holds the one reference walk. Every maze form becomes an
// adjacency (the graph form): grid mazes and edge boards through
// boardAdjacency and their move functions (neighbour, edgeMove), general
// graphs through Graph.adjacency. Walk, Trace, WalkEdges, TraceEdges and
// WalkGraph are thin fronts over adjacency.walk, with exact counting or
// modulo k, and all of them guard exact walks with turnBound, the one
// Theorem 8 bound.

// adjacency is a maze as a graph: prefs[v] lists v's neighbours, most
// preferred first. The mouse starts on start (1 visit, turn 1) and the walk
// ends when he steps onto exit, whose count is never raised.
type adjacency struct {
	prefs       [][]int32
	start, exit int32
}

// A moveFunc returns the cell index (row·cols + column) reached from cell
// (r, c) by moving in direction d, whether that move is onto the exit, and
// whether it is possible at all.
type moveFunc func(r, c int, d Dir) (idx int, exit, ok bool)

// boardAdjacency converts a rows×cols board into the walk's graph form,
// the one conversion of grids and edge boards: cell (r, c) is vertex
// r·cols + c and the exit is vertex rows·cols. Cells for which open is
// false (grid walls) are isolated vertices; every open cell lists the
// moves move allows in cfg's preference order, and the exit lists the exit
// cell when it is open. The lists share one backing array.
func boardAdjacency(rows, cols int, cfg Config, open func(r, c int) bool, move moveFunc) *adjacency {
	n := rows * cols
	a := &adjacency{prefs: make([][]int32, n+1), start: int32(cfg.Entry), exit: int32(n)}
	order := cfg.Order.Resolve()
	nb := make([]int32, 0, 4*n+1)
	for r := range rows {
		for c := range cols {
			if !open(r, c) {
				continue
			}
			lo := len(nb)
			for _, d := range order {
				i, toExit, ok := move(r, c, d)
				switch {
				case !ok:
				case toExit:
					nb = append(nb, a.exit)
				default:
					nb = append(nb, int32(i))
				}
			}
			a.prefs[r*cols+c] = nb[lo:len(nb):len(nb)]
		}
	}
	if open(rows-1, cfg.Exit) {
		nb = append(nb, int32((rows-1)*cols+cfg.Exit))
		a.prefs[n] = nb[len(nb)-1:]
	}
	return a
}

// gridAdjacency returns the grid maze m under cfg in the walk's form (see
// boardAdjacency): walls are isolated vertices.
func gridAdjacency(m Maze, cfg Config) *adjacency {
	return boardAdjacency(m.Rows, m.Cols, cfg,
		func(r, c int) bool { return !m.Wall(r, c) },
		func(r, c int, d Dir) (int, bool, bool) { return neighbour(m, cfg, r, c, d) })
}

// edgeAdjacency returns the edge board m under cfg in the walk's form
// (see boardAdjacency): every cell is open.
func edgeAdjacency(m EdgeMaze, cfg Config) *adjacency {
	return boardAdjacency(m.Rows, m.Cols, cfg,
		func(int, int) bool { return true },
		func(r, c int, d Dir) (int, bool, bool) { return edgeMove(m, cfg, r, c, d) })
}

// toGraph returns a as a Graph of the vertices keep accepts, renumbered in
// order and named by name; a vertex not kept must not be listed by a kept one.
func (a *adjacency) toGraph(keep func(v int) bool, name func(v int) string) Graph {
	id := make([]int, len(a.prefs))
	var g Graph
	for v := range a.prefs {
		id[v] = -1
		if keep(v) {
			id[v] = len(g.Names)
			g.Names = append(g.Names, name(v))
		}
	}
	g.Prefs = make([][]int, len(g.Names))
	for v, p := range a.prefs {
		if id[v] < 0 {
			continue
		}
		q := make([]int, len(p))
		for i, w := range p {
			q[i] = id[w]
		}
		g.Prefs[id[v]] = q
	}
	g.Start, g.Exit = id[a.start], id[a.exit]
	return g
}

// distances returns every vertex's distance from v (-1 when cut off), by
// a breadth-first search.
func (a *adjacency) distances(v int32) []int32 {
	dist := make([]int32, len(a.prefs))
	for i := range dist {
		dist[i] = -1
	}
	dist[v] = 0
	queue := make([]int32, 1, len(a.prefs))
	queue[0] = v
	for h := 0; h < len(queue); h++ {
		u := queue[h]
		for _, w := range a.prefs[u] {
			if dist[w] < 0 {
				dist[w] = dist[u] + 1
				queue = append(queue, w)
			}
		}
	}
	return dist
}

// feasible reports whether the exit can be reached from the start.
func (a *adjacency) feasible() bool { return a.distances(a.exit)[a.start] >= 0 }

// turnBound is the one Theorem 8 guard, as TurnBound documents it: with e
// the exit's largest distance to a vertex of its component, Δ the largest
// degree there (at least 1) and |V| the component's size, no exact walk
// from a start in that component reaches 2 + |V|·Σ_{i=1..e} Δ^i turns.
func (a *adjacency) turnBound() int64 {
	cells, delta, far := a.exitComponent()
	return satAdd(satMul(cells, theorem8Sum(delta, far)), 2)
}

// exitComponent returns the size of the exit's component, its largest
// degree (at least 1) and the exit's largest distance within it.
func (a *adjacency) exitComponent() (cells, delta, far int64) {
	delta = 1
	for v, d := range a.distances(a.exit) {
		if d < 0 {
			continue
		}
		cells++
		delta = max(delta, int64(len(a.prefs[v])))
		far = max(far, int64(d))
	}
	return cells, delta, far
}

// turnBoundLog10 is log10 of the bound turnBound saturates, computed in
// floating point so that it holds when the bound does not fit an int64.
func (a *adjacency) turnBoundLog10() float64 {
	if b := a.turnBound(); b < math.MaxInt64 {
		return math.Log10(float64(b))
	}
	cells, delta, far := a.exitComponent()
	// Σ_{i=1..far} Δ^i = Δ(Δ^far − 1)/(Δ − 1), and Δ^far − 1 ≈ Δ^far
	// here, as the sum overflowed; the added 2 is lost in the rounding.
	d := float64(delta)
	return math.Log10(float64(cells)) + float64(far)*math.Log10(d) + math.Log10(d/(d-1))
}

// theorem8Sum returns Σ_{i=1..depth} Δ^i, saturating at math.MaxInt64:
// the paper's Theorem 8 bound on the visits to a vertex at distance depth
// from the exit.
func theorem8Sum(delta, depth int64) int64 {
	var sum, pow int64 = 0, 1
	for range depth {
		pow = satMul(pow, delta)
		sum = satAdd(sum, pow)
	}
	return sum
}

// walk walks the mouse on a, whose exit must be reachable from start and
// differ from it, and returns the walk's outcome; see walkAdj for k,
// capTurns and guard. visit, when not nil, is called with every turn and
// the vertex entered, starting with turn 1 on the start and ending with
// the move onto the exit when he escapes (under k > 0, by replaying the
// walk once it is known). Under k > 0 a walk that does not escape also
// gets its first mousetrap turn.
func (a *adjacency) walk(k uint64, capTurns, guard int64, visit func(turn int64, v int32)) (walkOutcome, error) {
	out, err := a.walkAdj(k, capTurns, guard, visit)
	if err != nil || k == 0 {
		return out, err
	}
	if !out.escaped {
		out.trapTurn = a.firstMousetrap(k, out.turns)
	}
	if visit != nil {
		a.replay(k, out.turns, visit)
	}
	return out, nil
}

// result returns the Result of a walk's outcome; the heat map, when asked
// for, holds the counts of the first n vertices (a board's cells), and
// noun names them in the error for a count that does not fit.
func (out walkOutcome) result(heat bool, n int, noun string) (Result, error) {
	res := Result{Feasible: true, Turns: out.turns, Escaped: out.escaped, Trapped: out.trapped,
		CycleStart: out.cycleStart, CycleLen: out.cycleLen, TrapTurn: out.trapTurn}
	if heat {
		res.Heat = make([]uint32, n)
		for i, c := range out.final.cnt[:n] {
			if c > math.MaxUint32 {
				return Result{}, fmt.Errorf("%w: a %s's visit count %d does not fit the heat map", errGuard, noun, c)
			}
			res.Heat[i] = uint32(c)
		}
	}
	return res, nil
}

// walkBoard walks a feasible board of rows×cols cells in the form
// boardAdjacency gives, under cfg, calling visit (when not nil) with
// every turn and the cell entered; the move onto the exit is reported
// with row rows and column cfg.Exit. A walk that reaches the guard fails
// with errGuard, the turns and "on " + where(). It is the common body of
// Trace and TraceEdges.
func (a *adjacency) walkBoard(rows, cols int, cfg Config, visit func(turn int64, r, c int), where func() string) (Result, error) {
	k := uint64(cfg.K)
	var guard int64
	if k == 0 {
		guard = a.turnBound()
	}
	var onVertex func(int64, int32)
	if visit != nil {
		onVertex = func(t int64, v int32) {
			if v == a.exit {
				visit(t, rows, cfg.Exit)
			} else {
				visit(t, int(v)/cols, int(v)%cols)
			}
		}
	}
	out, err := a.walk(k, cfg.Cap, guard, onVertex)
	if err != nil {
		return Result{}, fmt.Errorf("%w on %s", err, where())
	}
	return out.result(cfg.Heat, rows*cols, "cell")
}
