package mousemaze

import (
	"fmt"
	"math"
)

// TraceEdges is WalkEdges that also reports every step to visit, as Trace
// does for grid mazes: it is called with the turn number and the cell
// entered, starting with turn 1 on the entry cell; the final move onto the
// exit is reported with row m.Rows and the exit column. It traces exact
// counting only: under cfg.K > 0 it returns WalkEdges's result without
// calling visit. TestTraceEdgesMatchesWalkEdges checks it against
// WalkEdges.
func TraceEdges(m EdgeMaze, cfg Config, visit func(turn int64, r, c int)) (Result, error) {
	if visit == nil || cfg.K > 0 {
		return WalkEdges(m, cfg)
	}
	if err := m.Validate(); err != nil {
		return Result{}, err
	}
	if err := cfg.Validate(m.Cols); err != nil {
		return Result{}, err
	}
	var res Result
	dist := edgeDistances(m, cfg)
	if dist[cfg.Entry] < 0 {
		if cfg.Heat {
			res.Heat = make([]uint32, m.Rows*m.Cols)
		}
		return res, nil
	}
	res.Feasible = true
	order := cfg.Order.Resolve()
	guard := edgeTurnBound(m, cfg, dist)
	visits := make([]int64, m.Rows*m.Cols)
	r, c := 0, cfg.Entry
	visits[c] = 1
	turns := int64(1)
	visit(turns, r, c)
	for {
		if cfg.Cap > 0 && turns >= cfg.Cap {
			break
		}
		if turns >= guard {
			return Result{}, fmt.Errorf("%w: %d turns on this %dx%d edge maze:\n%s", ErrGuard, turns, m.Rows, m.Cols, m)
		}
		bestVisits, toExit, bestIdx := int64(math.MaxInt64), false, 0
		for _, d := range order {
			n, exit, ok := edgeMove(m, cfg, r, c, d)
			if !ok {
				continue
			}
			v := int64(0)
			if !exit {
				v = visits[n]
			}
			if v < bestVisits {
				bestVisits, toExit, bestIdx = v, exit, n
			}
		}
		turns++
		if toExit {
			visit(turns, m.Rows, cfg.Exit)
			res.Escaped = true
			break
		}
		r, c = bestIdx/m.Cols, bestIdx%m.Cols
		visits[bestIdx]++
		visit(turns, r, c)
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
