package mousemaze

import (
	"fmt"
	"math"
	"math/bits"
)

// Walk is the reference simulator: it walks the mouse through m under cfg
// and returns the result. It is written for clarity, not speed, and it is
// the single source of truth for the rules that every other evaluator is
// tested against.
//
// An infeasible maze is reported with Feasible false and never walked. A
// walk stops at cfg.Cap turns when the cap is set, and in any case at the
// bound of the paper's Theorem 8, which no correct walk on a feasible maze
// reaches (reaching it returns ErrGuard).
func Walk(m Maze, cfg Config) (Result, error) {
	return Trace(m, cfg, nil)
}

// Trace is Walk that also reports every step to visit, when visit is not
// nil: it is called with the turn number and the cell entered, starting
// with turn 1 on the entry cell; the final move onto the exit is reported
// with row m.Rows and the exit column.
func Trace(m Maze, cfg Config, visit func(turn int64, r, c int)) (Result, error) {
	if err := m.Validate(); err != nil {
		return Result{}, err
	}
	if err := cfg.Validate(m.Cols); err != nil {
		return Result{}, err
	}
	var res Result
	if !Feasible(m, cfg) {
		if cfg.Heat {
			res.Heat = make([]uint32, m.Rows*m.Cols)
		}
		return res, nil
	}
	res.Feasible = true
	if cfg.K > 0 {
		return traceMod(m, cfg, visit)
	}
	order := cfg.Order.Resolve()
	guard := TurnBound(m, cfg)

	visits := make([]int64, m.Rows*m.Cols)
	r, c := 0, cfg.Entry
	visits[r*m.Cols+c] = 1
	turns := int64(1)
	if visit != nil {
		visit(turns, r, c)
	}
	for {
		if cfg.Cap > 0 && turns >= cfg.Cap {
			break
		}
		if turns >= guard {
			return Result{}, fmt.Errorf("%w: %d turns on this %dx%d maze:\n%s", ErrGuard, turns, m.Rows, m.Cols, m)
		}
		// Look at every direction in preference order and keep the first
		// one with the fewest visits. The exit counts 0 visits.
		best, bestVisits, toExit := Dir(0), int64(math.MaxInt64), false
		for _, d := range order {
			n, exit, ok := neighbour(m, cfg, r, c, d)
			if !ok {
				continue
			}
			v := int64(0)
			if !exit {
				v = visits[n]
			}
			if v < bestVisits {
				best, bestVisits, toExit = d, v, exit
			}
		}
		turns++
		dr, dc := best.Delta()
		r, c = r+dr, c+dc
		if visit != nil {
			visit(turns, r, c)
		}
		if toExit {
			res.Escaped = true
			break
		}
		visits[r*m.Cols+c]++
	}
	res.Turns = turns
	if cfg.Heat {
		res.Heat = make([]uint32, len(visits))
		for i, v := range visits {
			if v > math.MaxUint32 {
				return Result{}, fmt.Errorf("%w: a cell's visit count %d does not fit the heat map", ErrGuard, v)
			}
			res.Heat[i] = uint32(v)
		}
	}
	return res, nil
}

// gridAdjacency returns m as a graph: cell r, c is vertex r*m.Cols+c
// (walls are isolated vertices), the exit is vertex m.Rows*m.Cols, and each
// open cell lists its possible moves in cfg's preference order.
func gridAdjacency(m Maze, cfg Config) *adjacency {
	n := m.Rows * m.Cols
	exit := int32(n)
	a := &adjacency{prefs: make([][]int32, n+1), start: int32(cfg.Entry), exit: exit}
	order := cfg.Order.Resolve()
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			if m.Wall(r, c) {
				continue
			}
			var p []int32
			for _, d := range order {
				i, toExit, ok := neighbour(m, cfg, r, c, d)
				switch {
				case !ok:
				case toExit:
					p = append(p, exit)
				default:
					p = append(p, int32(i))
				}
			}
			a.prefs[r*m.Cols+c] = p
		}
	}
	if !m.Wall(m.Rows-1, cfg.Exit) {
		a.prefs[exit] = []int32{int32((m.Rows-1)*m.Cols + cfg.Exit)}
	}
	return a
}

// traceMod is Trace for a feasible maze under cfg.K > 0.
func traceMod(m Maze, cfg Config, visit func(turn int64, r, c int)) (Result, error) {
	a := gridAdjacency(m, cfg)
	k := uint64(cfg.K)
	out, err := a.walkAdj(k, cfg.Cap, 0)
	if err != nil {
		return Result{}, err
	}
	res := Result{Feasible: true, Turns: out.turns, Escaped: out.escaped, Trapped: out.trapped,
		CycleStart: out.cycleStart, CycleLen: out.cycleLen}
	if !out.escaped {
		res.TrapTurn = a.firstMousetrap(k, out.turns)
	}
	if visit != nil {
		a.replay(k, out.turns, func(t int64, v int32) {
			if v == a.exit {
				visit(t, m.Rows, cfg.Exit)
			} else {
				visit(t, int(v)/m.Cols, int(v)%m.Cols)
			}
		})
	}
	if cfg.Heat {
		res.Heat = make([]uint32, m.Rows*m.Cols)
		for i := range res.Heat {
			res.Heat[i] = uint32(out.final.cnt[i])
		}
	}
	return res, nil
}

// neighbour returns the cell index reached from (r, c) by moving in
// direction d, whether that move is onto the exit, and whether the move is
// possible at all (not into a wall, off the grid or back out of the entrance).
func neighbour(m Maze, cfg Config, r, c int, d Dir) (idx int, exit, ok bool) {
	dr, dc := d.Delta()
	nr, nc := r+dr, c+dc
	if nr == m.Rows {
		// Below the bottom row lies only the exit.
		return 0, c == cfg.Exit, c == cfg.Exit
	}
	if nr < 0 || nc < 0 || nc >= m.Cols || m.Wall(nr, nc) {
		return 0, false, false
	}
	return nr*m.Cols + nc, false, true
}

// TurnBound returns a number of turns that no walk on the feasible maze m
// reaches. It follows the paper's Theorem 8: with the exit as a vertex of
// the graph, a cell at distance k from the exit is visited fewer than
// Σ_{i=1..k} Δ^i times, where Δ is the maximum degree, so the walk takes
// fewer than 1 + |V|·Σ_{i=1..e} Δ^i turns, e being the largest distance
// from the exit. The sum saturates at math.MaxInt64.
func TurnBound(m Maze, cfg Config) int64 {
	reach := Reachable(m, cfg.Entry)
	// Count the vertices the walk can touch and their largest degree.
	var cells int64
	maxDeg := int64(1)
	for r := 0; r < m.Rows; r++ {
		row := reach[r]
		cells += int64(bits.OnesCount64(row))
		for x := row; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			var deg int64
			for d := Down; d <= Up; d++ {
				if _, _, ok := neighbour(m, cfg, r, c, d); ok {
					deg++
				}
			}
			maxDeg = max(maxDeg, deg)
		}
	}
	// The largest distance from the exit over reachable cells, by BFS
	// from the exit cell (the exit vertex itself is one step further).
	ecc := int64(exitEccentricity(m, cfg, reach)) + 1
	var sum, pow int64 = 0, 1
	for i := int64(1); i <= ecc; i++ {
		pow = satMul(pow, maxDeg)
		sum = satAdd(sum, pow)
	}
	return satAdd(satMul(cells+1, sum), 2)
}

// exitEccentricity returns the largest shortest-path distance from the exit
// cell to any cell in reach.
func exitEccentricity(m Maze, cfg Config, reach []uint64) int {
	dist := make([]int, m.Rows*m.Cols)
	for i := range dist {
		dist[i] = -1
	}
	start := (m.Rows-1)*m.Cols + cfg.Exit
	dist[start] = 0
	queue := []int{start}
	far := 0
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		r, c := i/m.Cols, i%m.Cols
		far = max(far, dist[i])
		for d := Down; d <= Up; d++ {
			dr, dc := d.Delta()
			nr, nc := r+dr, c+dc
			if nr < 0 || nr >= m.Rows || nc < 0 || nc >= m.Cols || reach[nr]>>uint(nc)&1 == 0 {
				continue
			}
			if j := nr*m.Cols + nc; dist[j] < 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	return far
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}
