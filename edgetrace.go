package mousemaze

// TraceEdges is WalkEdges that also reports every step to visit, as Trace
// does for grid mazes: it is called with the turn number and the cell
// entered, starting with turn 1 on the entry cell; the final move onto the
// exit is reported with row m.Rows and the exit column. It traces exact
// counting only: under cfg.K > 0 it returns WalkEdges's result without
// calling visit. TestTraceEdgesMatchesWalkEdges checks it against
// WalkEdges.
func TraceEdges(m EdgeMaze, cfg Config, visit func(turn int64, r, c int)) (Result, error) {
	if cfg.K > 0 {
		visit = nil
	}
	return walkEdges(m, cfg, visit)
}
