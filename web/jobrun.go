package web

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"sync"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// jobRequest is the body of POST /api/jobs. The fields are named as the
// flags of `mousemaze evolve` and `mousemaze sweep`.
type jobRequest struct {
	// Kind is "evolve" or "sweep".
	Kind string `json:"kind"`
	// Size is the grid, such as "13x13".
	Size string `json:"size"`
	// Algo, Evals, Seed, Pop, Objective and Backend are evolve's.
	Algo      string  `json:"algo"`
	Evals     int64   `json:"evals"`
	Seed      *uint64 `json:"seed"`
	Pop       int     `json:"pop"`
	Objective string  `json:"objective"`
	Backend   string  `json:"backend"`
	FreeEnds  bool    `json:"free_ends"`
	Edges     bool    `json:"edges"`
	rules
}

// maxEdgeSweepEdges caps the interior edges of a sweep job's edge board:
// the edge sweep cannot be stopped, so it must end within seconds.
const maxEdgeSweepEdges = 24

// startJob validates the request with the CLI's messages and starts it.
func (s *Server) startJob(req jobRequest) (*job, error) {
	if req.Kind != "evolve" && req.Kind != "sweep" {
		return nil, badRequest("kind %q: want evolve or sweep", req.Kind)
	}
	if req.Size == "" {
		return nil, badRequest("size is required, such as \"13x13\"")
	}
	sz, err := mousemaze.ParseSize(req.Size)
	if err != nil {
		return nil, badRequest("size %q: %v", req.Size, err)
	}
	cfg, err := req.rules.config()
	if err != nil {
		return nil, err
	}
	if err := cfg.Validate(sz.Cols); err != nil {
		return nil, badRequest("%v on a %s grid", err, sz)
	}
	var seed uint64 = 1
	if req.Seed != nil {
		seed = *req.Seed
	}
	st := JobStatus{Kind: req.Kind, Rows: sz.Rows, Cols: sz.Cols, Entry: cfg.Entry, Exit: cfg.Exit, Order: cfg.Order.String(),
		Edges: req.Edges, K: cfg.K, Seed: seed}
	if req.Kind == "sweep" {
		return s.startSweep(req, sz, cfg, st)
	}
	if req.Evals <= 0 {
		return nil, badRequest("evals %d: must be above 0", req.Evals)
	}
	if req.Evals > s.opts.MaxEvals {
		return nil, badRequest("evals %d: over the server's cap of %d per job", req.Evals, s.opts.MaxEvals)
	}
	if req.Pop < 0 {
		return nil, badRequest("pop %d: must be 0 (preset) or more", req.Pop)
	}
	objective := req.Objective
	if objective == "" {
		objective = dispatch.ObjTurns
	}
	st.Budget = req.Evals
	if req.Edges {
		if req.FreeEnds || req.Backend != "" {
			return nil, badRequest("free_ends and backend do not apply to edges")
		}
		algo := req.Algo
		if algo == "" {
			algo = dispatch.DefaultEdgeAlgo
		}
		p, err := dispatch.Preset(algo)
		if err != nil {
			return nil, badRequest("algo %q: want one of %v", req.Algo, dispatch.Algos)
		}
		p.Problem, p.Rows, p.Cols, p.Density = dispatch.ProblemEdges, sz.Rows, sz.Cols, 0.2
		p.Order, p.Entry, p.Exit, p.Cap, p.K = cfg.Order.String(), cfg.Entry, cfg.Exit, cfg.Cap, cfg.K
		p.Evals, p.Seed = req.Evals, seed
		if objective != dispatch.ObjTurns {
			p.Objective = objective
		}
		if req.Pop > 0 {
			p.Pop = req.Pop
		}
		prob, err := dispatch.NewEdgeProblem(p, nil, s.opts.Workers)
		if err != nil {
			return nil, badRequest("%v", err)
		}
		search, err := dispatch.NewEngine(p, prob, nil)
		if err != nil {
			if errors.Is(err, dispatch.ErrParams) {
				return nil, badRequest("%v", err)
			}
			return nil, err
		}
		st.Algo, st.Backend = p.Algo, "ref"
		return s.register(st, func(ctx context.Context, j *job) { runEvolveEdges(ctx, j, search) })
	}
	algo := req.Algo
	if algo == "" {
		algo = dispatch.AlgoMemetic
	}
	p, err := dispatch.Preset(algo)
	if err != nil {
		return nil, badRequest("algo %q: want one of %v", req.Algo, dispatch.Algos)
	}
	p.Rows, p.Cols = sz.Rows, sz.Cols
	p.Order, p.Entry, p.Exit, p.Cap, p.FreeEnds = cfg.Order.String(), cfg.Entry, cfg.Exit, cfg.Cap, req.FreeEnds
	p.Evals, p.Seed, p.K = req.Evals, seed, cfg.K
	if objective != dispatch.ObjTurns {
		p.Objective = objective
	}
	if req.Pop > 0 {
		p.Pop = req.Pop
	}
	ev, err := s.evaluator(req.Backend)
	if err != nil {
		return nil, err
	}
	search, err := dispatch.New(p, ev, nil)
	if err != nil {
		if errors.Is(err, dispatch.ErrParams) {
			return nil, badRequest("%v", err)
		}
		return nil, err
	}
	st.Algo, st.Backend = p.Algo, ev.Name()
	return s.register(st, func(ctx context.Context, j *job) { runEvolve(ctx, j, search) })
}

// runEvolve runs a grid search as `mousemaze evolve` does, publishing its
// progress on j.
func runEvolve(ctx context.Context, j *job, search *dispatch.Search) {
	p := search.Params()
	nextPoint := p.Evals / 100
	improved := false
	hooks := dispatch.Hooks{
		Improved: func(s *dispatch.Search) {
			improved = true
			j.addPoint(s.Evals(), s.Best().Score.Turns)
		},
		Generation: func(s *dispatch.Search) error {
			b := s.Best()
			if s.Evals() >= nextPoint {
				j.addPoint(s.Evals(), b.Score.Turns)
				nextPoint = (s.Evals()*100/p.Evals + 1) * p.Evals / 100
			}
			var maze string
			if improved && b.Scored {
				m, _ := dispatch.BestMaze(s)
				maze = m.String()
			}
			j.update(false, func(st *JobStatus) {
				st.Gen, st.Evals, st.Rejected = s.Gen(), s.Evals(), s.Rejected()
				st.BestTurns, st.BestVisits = b.Score.Turns, b.Score.Turns-2
				st.Entry, st.Exit = b.Genome.Entry, b.Genome.Exit
				if maze != "" {
					st.BestMaze = maze
					improved = false
				}
			})
			return nil
		},
	}
	err := search.Run(ctx, hooks)
	b := search.Best()
	if b.Scored {
		j.addPoint(search.Evals(), b.Score.Turns)
	}
	j.finish(err, ctx.Err(), func(st *JobStatus) {
		st.Gen, st.Evals, st.Rejected = search.Gen(), search.Evals(), search.Rejected()
		if !b.Scored { // stopped before its first evaluation
			return
		}
		m, _ := dispatch.BestMaze(search)
		st.BestTurns, st.BestVisits, st.BestMaze = b.Score.Turns, b.Score.Turns-2, m.String()
		st.Entry, st.Exit = b.Genome.Entry, b.Genome.Exit
	})
}

// runEvolveEdges runs a Mouse Maze 2 search as `mousemaze evolve --edges`
// does, on the one engine.
func runEvolveEdges(ctx context.Context, j *job, search *dispatch.EdgeSearch) {
	p := search.Spec()
	cfg := search.Problem().(*dispatch.EdgeProblem).Config
	nextPoint := p.Evals / 100
	last := int64(-1)
	err := search.Run(ctx, dispatch.EngineHooks[mousemaze.EdgeMaze]{Generation: func(s *dispatch.EdgeSearch) error {
		evals, score := s.Evals(), int64(s.Best().Score.Value)
		if evals >= nextPoint || score != last {
			j.addPoint(evals, score)
			nextPoint = (evals*100/p.Evals + 1) * p.Evals / 100
			last = score
		}
		j.update(false, func(st *JobStatus) {
			st.Evals, st.BestTurns, st.BestVisits = evals, score, score-2
		})
		return nil
	}})
	if ctx.Err() != nil {
		err = nil // stopped: report the best so far
	}
	best := search.Best()
	score := int64(best.Score.Value)
	if err == nil && best.Scored {
		j.addPoint(search.Evals(), score)
	}
	j.finish(err, ctx.Err(), func(st *JobStatus) {
		if err == nil && best.Scored {
			st.Evals, st.BestTurns, st.BestVisits = search.Evals(), score, score-2
			st.BestMaze = best.Genome.Format(cfg.Entry, cfg.Exit)
		}
	})
}

// startSweep checks and starts a small exhaustive sweep.
func (s *Server) startSweep(req jobRequest, sz mousemaze.Size, cfg mousemaze.Config, st JobStatus) (*job, error) {
	if req.Algo != "" || req.Evals != 0 || req.Pop != 0 || req.Objective != "" || req.Backend != "" || req.Cap != 0 {
		return nil, badRequest("algo, evals, pop, objective, backend and cap do not apply to a sweep")
	}
	if req.Edges {
		if req.FreeEnds {
			return nil, badRequest("free_ends does not apply to an edge sweep")
		}
		if e := mousemaze.NewEdgeMaze(sz.Rows, sz.Cols).Edges(); e > maxEdgeSweepEdges {
			return nil, badRequest("size %s: a board with %d interior edges is too large for a sweep from the page (at most %d)", sz, e, maxEdgeSweepEdges)
		}
		st.Algo = "sweep"
		return s.register(st, func(ctx context.Context, j *job) { runEdgeSweep(ctx, j, sz, cfg, s.opts.Workers) })
	}
	if cfg.K > 0 {
		return nil, badRequest("k does not apply to a sweep from the page (use mousemaze sweep --k)")
	}
	if n := sz.Rows * sz.Cols; n > s.opts.MaxSweepCells {
		return nil, badRequest("size %s: %d cells is too large for a sweep from the page (at most %d)", sz, n, s.opts.MaxSweepCells)
	}
	st.Algo = "sweep"
	o := sweep.Options{Size: sz, Config: cfg, FreeEnds: req.FreeEnds, Workers: s.opts.Workers}
	return s.register(st, func(ctx context.Context, j *job) { runSweep(ctx, j, o) })
}

// percent finds the share of work in a progress line, "(12.5%)".
var percent = regexp.MustCompile(`\((\d+(?:\.\d+)?)%\)`)

// fractionWriter reads the sweep's progress lines and publishes the share
// done.
type fractionWriter struct {
	j  *job
	mu sync.Mutex
}

func (w *fractionWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if m := percent.FindAllSubmatch(b, -1); len(m) > 0 {
		if f, err := strconv.ParseFloat(string(m[len(m)-1][1]), 64); err == nil {
			w.j.update(false, func(st *JobStatus) { st.Fraction = f / 100 })
		}
	}
	return len(b), nil
}

// runSweep runs the exhaustive sweep as `mousemaze sweep` does.
func runSweep(ctx context.Context, j *job, o sweep.Options) {
	o.Progress = &fractionWriter{j: j}
	rep, err := sweep.Run(ctx, o)
	j.finish(err, ctx.Err(), func(st *JobStatus) {
		if err != nil {
			return
		}
		st.Sweep = rep
		st.Fraction = 1
		st.Evals = int64(rep.Leaves)
		st.BestTurns, st.BestVisits = rep.OptimumTurns, rep.OptimumVisits
		st.BestMaze = rep.OptimalMaze
		st.Entry, st.Exit = rep.Entry, rep.Exit
	})
}

// runEdgeSweep enumerates every edge board of a small size.
func runEdgeSweep(ctx context.Context, j *job, sz mousemaze.Size, cfg mousemaze.Config, workers int) {
	rep, err := sweep.EdgeSweep(sz, cfg, workers)
	j.finish(err, ctx.Err(), func(st *JobStatus) {
		if err != nil {
			return
		}
		st.Fraction = 1
		st.Evals = rep.Boards
		st.BestTurns, st.BestVisits = rep.BestResult.Turns, rep.BestResult.Turns-2
		if rep.Count > 0 {
			st.BestMaze = rep.Best.Format(cfg.Entry, cfg.Exit)
		}
	})
}
