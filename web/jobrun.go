package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
	"github.com/mousemaze/mousemaze/internal/jsonkeys"
)

// jobRequest is the body of POST /api/jobs. The fields are named as the
// flags of `mousemaze evolve` and `mousemaze sweep`. An evolve job is
// described either by these fields or by a whole Spec (and a backend).
type jobRequest struct {
	// Kind is "evolve" or "sweep".
	Kind string `json:"kind"`
	// Size is the grid, such as "13x13".
	Size string `json:"size"`
	// Algo, Evals, Seed, Objective and Backend are evolve's.
	Algo      string  `json:"algo"`
	Evals     int64   `json:"evals"`
	Seed      *uint64 `json:"seed"`
	Objective string  `json:"objective"`
	Backend   string  `json:"backend"`
	FreeEnds  bool    `json:"free_ends"`
	Edges     bool    `json:"edges"`
	// SpecOptions are evolve's search parameters (pop, parents, …,
	// polish), checked as the CLI checks its flags.
	dispatch.SpecOptions
	mousemaze.Rules
	// Spec, when given, describes the whole evolve job (as a checkpoint
	// of `mousemaze evolve` holds it); only kind and backend may go with
	// it.
	Spec *dispatch.Spec `json:"spec"`
}

// jsonNames rewrites the flags that a message of the engine's checks
// names ("--parents 0: must be in 1..100 (--pop)") as the fields of a job
// request ("parents 0: must be in 1..100 (pop)"): the search parameters
// of dispatch.Params and jobRequest's own fields, a flag's '-' a field's
// '_'. A flag that is neither is left as it is.
func jsonNames(msg string) string {
	return flagWord.ReplaceAllStringFunc(msg, func(m string) string {
		name := m[len("--"):]
		if pa, ok := dispatch.ParamNamed(name); ok {
			return pa.JSONName()
		}
		if field, ok := requestFields[name]; ok {
			return field
		}
		return m
	})
}

// flagWord matches a flag in a message.
var flagWord = regexp.MustCompile(`--[a-z][a-z0-9-]*`)

// requestFields maps the flag form of each JSON field of jobRequest
// (embedded structs included) to the field's name.
var requestFields = func() map[string]string {
	fields := map[string]string{}
	for _, name := range jsonkeys.Names(reflect.TypeFor[jobRequest]()) {
		fields[strings.ReplaceAll(name, "_", "-")] = name
	}
	return fields
}()

// maxEdgeSweepEdges caps the interior edges of a sweep job's edge board
// (2^24 boards, about 40 s on one core of the development machine).
const maxEdgeSweepEdges = 24

// startJob validates the request with the CLI's messages and starts it.
func (s *Server) startJob(req jobRequest) (*job, error) {
	if req.Kind != "evolve" && req.Kind != "sweep" {
		return nil, badRequest("kind %q: want evolve or sweep", req.Kind)
	}
	if req.Spec != nil {
		return s.startSpec(req)
	}
	if req.Size == "" {
		return nil, badRequest("size is required, such as \"13x13\"")
	}
	sz, err := mousemaze.ParseSize(req.Size)
	if err != nil {
		return nil, badRequest("size %q: %v", req.Size, err)
	}
	cfg, err := config(req.Rules)
	if err != nil {
		return nil, err
	}
	if err := cfg.Validate(sz.Cols); err != nil {
		return nil, badRequest("%v on a %s grid", err, sz)
	}
	if req.FreeEnds && !req.Edges && (cfg.Entry != 0 || cfg.Exit != 0) {
		return nil, badRequest("free_ends searches the ends: drop entry and exit")
	}
	var seed uint64 = 1
	if req.Seed != nil {
		seed = *req.Seed
	}
	if req.Kind == "sweep" {
		st := JobStatus{Kind: req.Kind, Rows: sz.Rows, Cols: sz.Cols, Entry: cfg.Entry, Exit: cfg.Exit, Order: cfg.Order.String(),
			Edges: req.Edges, K: cfg.K, Seed: seed}
		return s.startSweep(req, sz, cfg, st)
	}
	if req.Evals <= 0 {
		return nil, badRequest("evals %d: must be above 0", req.Evals)
	}
	if req.Evals > s.opts.MaxEvals {
		return nil, badRequest("evals %d: over the server's cap of %d per job", req.Evals, s.opts.MaxEvals)
	}
	algo := req.Algo
	if algo == "" {
		algo = dispatch.AlgoILS // as `mousemaze evolve`
		if req.Edges {
			algo = dispatch.DefaultEdgeAlgo
		}
	}
	problem := dispatch.ProblemGrid
	if req.Edges {
		problem = dispatch.ProblemEdges
	}
	p, err := dispatch.PresetFor(problem, algo)
	if err != nil {
		return nil, badRequest("algo %q: want one of %v", req.Algo, dispatch.Algos)
	}
	p.Rows, p.Cols = sz.Rows, sz.Cols
	p.Order, p.Entry, p.Exit, p.Cap, p.K = cfg.Order.String(), cfg.Entry, cfg.Exit, cfg.Cap, cfg.K
	p.Evals, p.Seed = req.Evals, seed
	if req.Objective != "" && req.Objective != dispatch.ObjTurns {
		p.Objective = req.Objective
	}
	sites := sz.Cells()
	if req.Edges {
		if req.FreeEnds || req.Backend != "" {
			return nil, badRequest("free_ends and backend do not apply to edges")
		}
		p.Problem, p.Density = dispatch.ProblemEdges, 0.2
		sites = mousemaze.NewEdgeMaze(sz.Rows, sz.Cols).Edges()
	} else {
		p.FreeEnds = req.FreeEnds
	}
	if err := req.SpecOptions.Apply(&p, sites); err != nil {
		return nil, badRequest("%s", jsonNames(err.Error()))
	}
	return s.launch(p, sites, req.Backend)
}

// startSpec starts the evolve job a whole Spec describes: checked by
// Spec.Validate, the server's limits and the problem's constructor.
func (s *Server) startSpec(req jobRequest) (*job, error) {
	if req.Kind != "evolve" {
		return nil, badRequest("spec describes an evolve job, not a %s", req.Kind)
	}
	p := *req.Spec
	rest := req
	rest.Kind, rest.Backend, rest.Spec = "", "", nil
	if !reflect.ValueOf(rest).IsZero() {
		return nil, badRequest("spec describes the whole search: send only kind, backend and spec")
	}
	if err := p.Validate(); err != nil {
		return nil, badRequest("spec: %s", jsonNames(err.Error()))
	}
	sz := mousemaze.Size{Rows: p.Rows, Cols: p.Cols}
	if err := sz.Validate(); err != nil {
		return nil, badRequest("spec: size: %v", err)
	}
	var sites int
	switch p.Problem {
	case "", dispatch.ProblemGrid:
		sites = sz.Cells()
	case dispatch.ProblemEdges:
		if req.Backend != "" {
			return nil, badRequest("backend does not apply to edges")
		}
		sites = mousemaze.NewEdgeMaze(sz.Rows, sz.Cols).Edges()
	default:
		return nil, badRequest("spec: problem %q: the server runs %s and %s searches", p.Problem, dispatch.ProblemGrid, dispatch.ProblemEdges)
	}
	// Mutation and Kick bounded by the genome (a kick larger than the
	// genome would spin), as the table bounds them.
	if err := p.CheckParams(sites); err != nil {
		return nil, badRequest("spec: %s", jsonNames(err.Error()))
	}
	return s.launch(p, sites, req.Backend)
}

// launch checks the server's limits on the search p, builds its problem
// and engine and registers the job.
func (s *Server) launch(p dispatch.Spec, sites int, backend string) (*job, error) {
	if err := s.checkLimits(p, sites); err != nil {
		return nil, err
	}
	// Take a slot under --max-jobs before building anything.
	done, err := s.admit()
	if err != nil {
		return nil, err
	}
	run, st, err := s.build(p, backend)
	done()
	if err != nil {
		return nil, err
	}
	return s.register(st, run)
}

// build makes the problem and engine of the search p and the job's first
// status.
func (s *Server) build(p dispatch.Spec, backend string) (func(context.Context, *job), JobStatus, error) {
	spec := p
	st := JobStatus{Kind: "evolve", Rows: p.Rows, Cols: p.Cols, Entry: p.Entry, Exit: p.Exit, Order: p.Order,
		Edges: p.Problem == dispatch.ProblemEdges, K: p.K, Seed: p.Seed, Budget: p.Evals, Algo: p.Algo, Spec: &spec}
	paramErr := func(err error) error {
		if errors.Is(err, dispatch.ErrParams) || errors.Is(err, dispatch.ErrUnknownAlgo) || errors.Is(err, dispatch.ErrOldSpec) {
			return badRequest("%v", err)
		}
		return err
	}
	if st.Edges {
		prob, err := dispatch.NewEdgeProblem(p, nil, s.opts.Workers)
		if err != nil {
			return nil, st, badRequest("%v", err)
		}
		search, err := dispatch.NewEngine(p, prob, nil)
		if err != nil {
			return nil, st, paramErr(err)
		}
		st.Backend = "ref"
		return func(ctx context.Context, j *job) { runEvolveEdges(ctx, j, search, s.polishCap(p.Evals)) }, st, nil
	}
	// "auto" opens the cpu backend for a search of small batches, as evolve's does.
	ev, err := s.evaluator(dispatch.BackendFor(cmp.Or(backend, s.opts.Backend), p))
	if err != nil {
		return nil, st, err
	}
	search, err := dispatch.New(p, ev, nil)
	if err != nil {
		return nil, st, paramErr(err)
	}
	st.Backend = ev.Name()
	return func(ctx context.Context, j *job) { runEvolve(ctx, j, search, s.polishCap(p.Evals)) }, st, nil
}

// errPolishCap stops a job whose finishing climb (the polish and the
// deepening, which run past the budget) has made its cap of evaluations.
var errPolishCap = errors.New("the finishing climb reached the server's cap")

// polishCap is the most evaluations a job's finishing climb may make: as
// many as its budget, at least 1,000,000, and at most the server's cap
// of evaluations per job (Options.MaxEvals). The command line's climb has
// no such cap; on a shared server a budget of 1 must not buy hours.
func (s *Server) polishCap(budget int64) int64 {
	return min(max(budget, 1_000_000), s.opts.MaxEvals)
}

// polishCut returns a job's note and the error of its search, err: a
// search that errPolishCap stopped ended well (nil), with a note that its
// finishing climb was cut at cap evaluations.
func polishCut(err error, cap int64) (string, error) {
	if !errors.Is(err, errPolishCap) {
		return "", err
	}
	return fmt.Sprintf("the finishing climb stopped at the server's cap of %d evaluations (as many as the budget, at least 1,000,000); the best maze so far is reported", cap), nil
}

// checkLimits refuses, before anything is allocated, a search over the
// server's limits: its cells, budget, population, polish and deepening
// scans and the memory its populations and climbs would hold.
func (s *Server) checkLimits(p dispatch.Spec, sites int) error {
	o := s.opts
	if n := p.Rows * p.Cols; n > o.MaxCells {
		return badRequest("size %dx%d: %d cells is over the server's cap of %d per job", p.Rows, p.Cols, n, o.MaxCells)
	}
	if p.Evals > o.MaxEvals {
		return badRequest("evals %d: over the server's cap of %d per job", p.Evals, o.MaxEvals)
	}
	if p.Pop > o.MaxPop {
		return badRequest("pop %d: over the server's cap of %d per job", p.Pop, o.MaxPop)
	}
	if p.Algo == dispatch.AlgoMemetic && (p.Islands > o.MaxPop || p.Pop*p.Islands > o.MaxPop) {
		return badRequest("pop %d × islands %d: over the server's cap of %d genomes per job", p.Pop, p.Islands, o.MaxPop)
	}
	if n := binomial(sites, p.Polish); n > o.MaxEvals {
		return badRequest("polish %d: one scan of the %d neighbours within Hamming distance %d is over the server's cap of %d evaluations per job",
			p.Polish, n, p.Polish, o.MaxEvals)
	}
	if n := dispatch.DeepenScanSize(p, o.MaxEvals); n > o.MaxEvals {
		return badRequest("deepen %d: one scan of the neighbours within Hamming distance %d whose cells lie within %d of each other holds over %d, the server's cap of evaluations per job",
			p.Deepen, p.Deepen, p.DeepenReachOrDefault(), o.MaxEvals)
	}
	if b := searchBytes(p, sites); b > o.MaxMemory {
		return badRequest("the search would hold about %d MiB (%s, pop %d, %d sites), over the server's cap of %d MiB per job",
			b>>20, p.Algo, p.Pop, sites, o.MaxMemory>>20)
	}
	return nil
}

// binomial returns n choose k for k <= 3, saturating far above any budget.
func binomial(n, k int) int64 {
	r := int64(1)
	for i := 0; i < k; i++ {
		r = r * int64(n-i) / int64(i+1)
	}
	return r
}

// searchBytes estimates, from above, the bytes the populations and climbs
// of the search p hold: every genome held (a population, its children and
// the batch in evaluation), every climb's scan (its moves, and at radius
// 2 the shuffled pairs of a first-improvement climb, when at most 2²²) and a
// climb's batch of neighbours.
func searchBytes(p dispatch.Spec, sites int) int64 {
	rows := int64(p.Rows)
	genome := rows*8 + 128 // the wall masks, the member and its score
	if p.Problem == dispatch.ProblemEdges {
		genome = 2*rows*8 + 128
	}
	n := int64(sites)
	scan := func(exhaustive bool) int64 {
		b := n*8 + int64(min(p.Sideways, 1<<12))*8 + 2*genome
		if pairs := n * (n - 1) / 2; p.Local >= 2 && !exhaustive && pairs <= 1<<22 {
			b += pairs * 8
		}
		return b
	}
	pop := int64(p.Pop)
	var neighbours int64 // a climb's batch of neighbours in evaluation
	if p.Polish > 0 || p.Algo == dispatch.AlgoHill || p.Algo == dispatch.AlgoILS || p.Algo == dispatch.AlgoMemetic {
		neighbours = climbBatch * genome
	}
	switch p.Algo {
	case dispatch.AlgoHill:
		return neighbours + pop*scan(p.Improve == dispatch.ImproveBest)
	case dispatch.AlgoILS: // the climb, home, the best and the archive
		return neighbours + (4+int64(p.ArchiveOrDefault()))*genome + scan(false)
	case dispatch.AlgoMemetic:
		isl := int64(p.Islands)
		return neighbours + 3*pop*isl*genome + isl*scan(true)
	case dispatch.AlgoEA, dispatch.AlgoGA, dispatch.AlgoPipeline:
		return neighbours + 3*pop*genome
	}
	return neighbours + 2*pop*genome // random, sa
}

// climbBatch is the most neighbours a climb evaluates in one batch (the
// engine's maxBatch).
const climbBatch = 1 << 16

// searchState is what a job's status shows of a search of either
// problem.
type searchState interface {
	Gen() int64
	Evals() int64
	Rejected() int64
	PolishEvals() int64
	Certified() int
	Polishing() bool
}

// setSearch copies the search's counters, certificate and best score into
// st.
func setSearch(st *JobStatus, s searchState, best dispatch.Score, scored bool) {
	st.Gen, st.Evals, st.Rejected = s.Gen(), s.Evals(), s.Rejected()
	st.PolishEvals, st.Polishing = s.PolishEvals(), s.Polishing()
	st.LocalOptimumRadius = nil
	if r := s.Certified(); r > 0 {
		st.LocalOptimumRadius = &r
	}
	if scored {
		st.BestScore = &best
		st.BestTurns, st.BestVisits = best.Turns, best.Turns-2
	}
}

// runEvolve runs a grid search as `mousemaze evolve` does, publishing its
// progress on j.
func runEvolve(ctx context.Context, j *job, search *dispatch.Search, polishCap int64) {
	p := search.Spec()
	nextPoint := p.Evals / 100
	improved := false
	hooks := dispatch.Hooks{
		Improved: func(s *dispatch.Search) {
			improved = true
			j.addPoint(s.Evals(), s.Best().Score.Turns)
		},
		Generation: func(s *dispatch.Search) error {
			if s.PolishEvals() >= polishCap {
				return errPolishCap
			}
			b := s.Best()
			if s.Evals() >= nextPoint && !s.Polishing() {
				j.addPoint(s.Evals(), b.Score.Turns)
				nextPoint = (s.Evals()*100/p.Evals + 1) * p.Evals / 100
			}
			var maze string
			if improved && b.Scored {
				m, _ := dispatch.BestMaze(s)
				maze = m.String()
			}
			j.update(false, func(st *JobStatus) {
				setSearch(st, s, b.Score, b.Scored)
				st.Entry, st.Exit = b.Genome.Entry, b.Genome.Exit
				if maze != "" {
					st.BestMaze = maze
					improved = false
				}
			})
			return nil
		},
	}
	note, err := polishCut(search.Run(ctx, hooks), polishCap)
	b := search.Best()
	if b.Scored {
		j.addPoint(search.Evals(), b.Score.Turns)
	}
	j.finish(err, ctx.Err(), func(st *JobStatus) {
		st.Note = note
		setSearch(st, search, b.Score, b.Scored)
		if !b.Scored { // stopped before its first evaluation
			return
		}
		m, _ := dispatch.BestMaze(search)
		st.BestMaze = m.String()
		st.Entry, st.Exit = b.Genome.Entry, b.Genome.Exit
	})
}

// runEvolveEdges runs a Mouse Maze 2 search as `mousemaze evolve --edges`
// does, on the one engine.
func runEvolveEdges(ctx context.Context, j *job, search *dispatch.EdgeSearch, polishCap int64) {
	p := search.Spec()
	cfg := search.Problem().(*dispatch.EdgeProblem).Config
	nextPoint := p.Evals / 100
	last := int64(-1)
	err := search.Run(ctx, dispatch.EngineHooks[mousemaze.EdgeMaze]{Generation: func(s *dispatch.EdgeSearch) error {
		if s.PolishEvals() >= polishCap {
			return errPolishCap
		}
		b := s.Best()
		evals, turns := s.Evals(), b.Score.Turns
		if (evals >= nextPoint || turns != last) && !s.Polishing() {
			j.addPoint(evals, turns)
			nextPoint = (evals*100/p.Evals + 1) * p.Evals / 100
			last = turns
		}
		j.update(false, func(st *JobStatus) { setSearch(st, s, b.Score, b.Scored) })
		return nil
	}})
	if ctx.Err() != nil {
		err = nil // stopped: report the best so far
	}
	note, err := polishCut(err, polishCap)
	best := search.Best()
	if err == nil && best.Scored {
		j.addPoint(search.Evals(), best.Score.Turns)
	}
	j.finish(err, ctx.Err(), func(st *JobStatus) {
		st.Note = note
		if err == nil && best.Scored {
			setSearch(st, search, best.Score, true)
			st.BestMaze = best.Genome.Format(cfg.Entry, cfg.Exit)
		}
	})
}

// startSweep checks and starts a small exhaustive sweep.
func (s *Server) startSweep(req jobRequest, sz mousemaze.Size, cfg mousemaze.Config, st JobStatus) (*job, error) {
	if req.Algo != "" || req.Evals != 0 || (req.Pop != nil && *req.Pop != 0) || req.Objective != "" || req.Backend != "" || req.Cap != 0 {
		return nil, badRequest("algo, evals, pop, objective, backend and cap do not apply to a sweep")
	}
	opts := req.SpecOptions
	opts.Pop = nil
	if set := opts.Set(); len(set) > 0 {
		return nil, badRequest("%s: the search parameters do not apply to a sweep", strings.Join(set, ", "))
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
	rep, err := sweep.EdgeSweep(ctx, sz, cfg, workers)
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
