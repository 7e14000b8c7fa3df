package mousemaze

import (
	"fmt"
	"math"
)

// Walk is the reference simulator: it walks the mouse through m under cfg
// and returns the result. It is written for clarity, not speed, and it is
// the single source of truth for the rules that every other evaluator is
// tested against.
//
// An infeasible maze is reported with Feasible false and never walked. A
// walk stops at cfg.Cap turns when the cap is set, and in any case at the
// bound of the paper's Theorem 8, which no correct walk on a feasible maze
// reaches (reaching it is an error).
func Walk(m Maze, cfg Config) (Result, error) {
	return Trace(m, cfg, nil)
}

// Trace is Walk that also reports every step to visit, when visit is not
// nil: it is called with the turn number and the cell entered, starting
// with turn 1 on the entry cell; the final move onto the exit is reported
// with row m.Rows and the exit column.
func Trace(m Maze, cfg Config, visit func(turn int64, r, c int)) (Result, error) {
	if err := ValidateWalk(m, m.Cols, cfg); err != nil {
		return Result{}, err
	}
	if !Feasible(m, cfg) {
		var res Result
		if cfg.Heat {
			res.Heat = make([]uint32, m.Rows*m.Cols)
		}
		return res, nil
	}
	return gridAdjacency(m, cfg).walkBoard(m.Rows, m.Cols, cfg, visit, func() string {
		return fmt.Sprintf("this %dx%d maze:\n%s", m.Rows, m.Cols, m)
	})
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
// from the exit. The sum saturates at math.MaxInt64. It is the guard of
// every reference walk (grids, edge boards and graphs alike), computed
// on the graph form of m.
func TurnBound(m Maze, cfg Config) int64 {
	return gridAdjacency(m, cfg).turnBound()
}

// TurnBoundLog10 returns log10 of the bound TurnBound gives, exact or
// nearly so even where TurnBound saturates at math.MaxInt64: reports print
// it instead of the saturated value.
func TurnBoundLog10(m Maze, cfg Config) float64 {
	return gridAdjacency(m, cfg).turnBoundLog10()
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
