package web

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/evalout"
)

// evalRequest is the body of POST /api/eval.
type evalRequest struct {
	// Maze is the maze in the text format (the edge format when Edges).
	Maze  string `json:"maze"`
	Edges bool   `json:"edges"`
	mousemaze.Rules
	// Backend names the evaluator; empty means the server's --backend.
	Backend string `json:"backend"`
	// NoPath leaves the path out (the heat map and totals only).
	NoPath bool `json:"no_path"`
}

// evalResponse is the answer of POST /api/eval: the record of
// `mousemaze eval --json --heat` (without file and index) and the web's
// detail (evalout.EvalDetail).
type evalResponse = evalout.EvalRecord

func (s *Server) handleEval(w http.ResponseWriter, r *http.Request) {
	if resp, ok := decodeAnd(s, w, r, s.eval); ok {
		writeJSON(w, http.StatusOK, resp)
	}
}

// eval walks the request's maze.
func (s *Server) eval(req evalRequest) (*evalResponse, error) {
	cfg, err := config(req.Rules)
	if err != nil {
		return nil, err
	}
	b, err := parseBoard(req.Maze, req.Edges)
	if err != nil {
		return nil, err
	}
	if err := b.validate(cfg); err != nil {
		return nil, err
	}
	if cfg.Cap > s.opts.WalkCap {
		return nil, badRequest("cap %d: over the server's cap of %d turns", cfg.Cap, s.opts.WalkCap)
	}
	if cfg.Cap == 0 {
		cfg.Cap = s.opts.WalkCap
	}
	cfg.Heat = true
	detail := &evalout.EvalDetail{Cap: cfg.Cap, Edges: b.edges, Entry: cfg.Entry, Exit: cfg.Exit, Order: cfg.Order.String(), K: cfg.K}
	shared, err := s.evaluator(req.Backend)
	if err != nil {
		return nil, err
	}
	var res mousemaze.Result
	if b.edges {
		dst := make([]mousemaze.Result, 1)
		detail.Backend, err = shared.evaluateEdges([]mousemaze.EdgeMaze{b.edge}, cfg, dst)
		if err != nil {
			return nil, fmt.Errorf("%s backend: %w", detail.Backend, err)
		}
		res = dst[0]
	} else {
		ev := mousemaze.ForConfig(shared, cfg)
		detail.Backend = ev.Name()
		pop, err := mousemaze.PopulationOf(b.grid)
		if err != nil {
			return nil, err
		}
		dst := make([]mousemaze.Result, 1)
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			return nil, fmt.Errorf("%s backend: %w", ev.Name(), err)
		}
		res = dst[0]
	}
	rec := evalout.NewEvalRecord(b.rows, b.cols, res)
	resp := &rec
	resp.EvalDetail = detail
	detail.Capped = res.Feasible && !res.Escaped && !res.Trapped && res.Turns >= cfg.Cap
	if !res.Feasible {
		resp.Reachable = reachableRows(b, cfg)
		return resp, nil
	}
	if !req.NoPath && !(b.edges && cfg.K > 0) {
		trace := func(c mousemaze.Config, visit func(turn int64, r, c int)) (mousemaze.Result, error) {
			if b.edges {
				return mousemaze.TraceEdges(b.edge, c, visit)
			}
			return mousemaze.Trace(b.grid, c, visit)
		}
		if err := s.tracePath(trace, cfg, res.Turns, resp); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// tracePath fills the response's path from a reference trace (Trace or
// TraceEdges), walked no further than the path cap.
func (s *Server) tracePath(trace func(mousemaze.Config, func(int64, int, int)) (mousemaze.Result, error), cfg mousemaze.Config, turns int64, resp *evalResponse) error {
	limit := int64(s.opts.MaxPath)
	tcfg := cfg
	tcfg.Heat = false
	if tcfg.Cap == 0 || tcfg.Cap > limit+1 {
		tcfg.Cap = limit + 1
	}
	moves := turns - 1
	if moves > limit {
		moves = limit
		resp.PathTruncated = true
	}
	if moves < 0 {
		moves = 0
	}
	packed := make([]byte, (moves+3)/4)
	var n int64
	pr, pc := -1, -1
	var bad error
	_, err := trace(tcfg, func(turn int64, r, c int) {
		if pr >= 0 && n < moves {
			var d byte
			switch {
			case r == pr+1 && c == pc:
				d = 0
			case r == pr && c == pc+1:
				d = 1
			case r == pr && c == pc-1:
				d = 2
			case r == pr-1 && c == pc:
				d = 3
			default:
				bad = fmt.Errorf("trace jumped from (%d,%d) to (%d,%d) at turn %d", pr, pc, r, c, turn)
			}
			packed[n/4] |= d << (2 * uint(n%4))
			n++
		}
		pr, pc = r, c
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return err
	}
	resp.Path = base64.StdEncoding.EncodeToString(packed[:(n+3)/4])
	resp.PathMoves = n
	return nil
}

// reachableRows marks the cells reachable from the entry cell through
// open cells (open edges on an edge board).
func reachableRows(b board, cfg mousemaze.Config) []string {
	seen := make([]bool, b.rows*b.cols)
	if !b.edges {
		reach := mousemaze.Reachable(b.grid, cfg.Entry)
		for r := range reach {
			for c := 0; c < b.cols; c++ {
				seen[r*b.cols+c] = reach[r]>>uint(c)&1 != 0
			}
		}
	} else {
		g := mousemaze.EdgeGraph(b.edge, cfg)
		dist := mousemaze.Distances(g.Len(), g.Start, func(u int) []int { return g.Prefs[u] })
		for i := range seen {
			seen[i] = dist[i] >= 0 // the exit, the last vertex, is left out
		}
	}
	out := make([]string, b.rows)
	for r := range out {
		var sb strings.Builder
		for c := 0; c < b.cols; c++ {
			if seen[r*b.cols+c] {
				sb.WriteByte('1')
			} else {
				sb.WriteByte('0')
			}
		}
		out[r] = sb.String()
	}
	return out
}
