package evolve

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
)

// This file starts the searches of the command line (evolve, evolve
// --edges, evolve --walker): a new search from the flags, or with
// --resume the search saved in --checkpoint, the flags checked against it.

// usage wraps err, if any, in a mousemaze.UsageError: it blames the
// flags.
func usage(err error) error { return mousemaze.Usage(err) }

// paramsUsage wraps err in a mousemaze.UsageError when it is ErrParams.
func paramsUsage(err error) error {
	if errors.Is(err, dispatch.ErrParams) {
		return usage(err)
	}
	return err
}

// Start says how a command starts a search: afresh, or with Resume from
// the checkpoint file it saves to, whose kind and version it names.
type Start struct {
	Kind       string
	Version    int
	Checkpoint string
	Resume     bool
	// Force lets a new search overwrite a checkpoint file that holds
	// another search (see checkpoint.Claim).
	Force bool
	// Set holds the flags given on the command line and Flag returns one's
	// value: a resumed search refuses those that would change it
	// (ResumeConflict) and takes a given --evals (Evals) as its new
	// budget.
	Set   map[string]bool
	Flag  func(name string) string
	Evals int64
	// Warn, when not nil, gets a line for each --init maze that is
	// infeasible (the search repairs it; see dispatch.NewEngine).
	Warn io.Writer
}

// Claim checks, before anything runs, that --resume has a --checkpoint
// and that a new search may write its checkpoint file. Its errors are
// mousemaze.UsageErrors.
func (s Start) Claim() error {
	if s.Resume && s.Checkpoint == "" {
		return usage(errors.New("--resume needs --checkpoint FILE"))
	}
	return usage(checkpoint.Claim(s.Checkpoint, s.Resume, s.Force))
}

// load reads the checkpoint of a resumed search and checks the flags
// against the Spec it holds (a conflict is a mousemaze.UsageError); a given
// --evals becomes the budget, which a resumed search may raise. A budget
// below the evaluations done ends the search where it stands: the budget
// becomes those evaluations, so that the state (and the checkpoint saved
// from it) never holds more evaluations than its budget, which resume
// (checkState) refuses.
func load[G any](s Start) (*dispatch.EngineState[G], error) {
	if s.Checkpoint == "" {
		return nil, usage(errors.New("--resume needs --checkpoint FILE"))
	}
	st, err := LoadCheckpoint[G](s.Checkpoint, s.Kind, s.Version)
	if errors.Is(err, checkpoint.ErrKind) {
		return nil, usage(err)
	} else if err != nil {
		return nil, err
	}
	if err := ResumeConflict(st.Spec, s.Set, s.Flag); err != nil {
		return nil, usage(err)
	}
	if s.Set["evals"] {
		budget := s.Evals
		if st.Evals <= st.Spec.Evals { // else the state is refused on resume
			budget = max(budget, st.Evals)
		}
		st.Spec.Evals = budget
	}
	return st, nil
}

// resumeError names the checkpoint file s.Checkpoint in err, an error of
// resuming the state it holds (a Spec or a state that no search could have
// written: dispatch.ErrState).
func resumeError(s Start, err error) error {
	return fmt.Errorf("checkpoint %s: %w", s.Checkpoint, err)
}

// GridOptions are the settings of a new grid search as evolve and slurm
// evolve read them from their flags.
type GridOptions struct {
	Algo      string
	Size      mousemaze.Size
	Config    mousemaze.Config
	FreeEnds  bool
	Objective string
	Evals     int64
	Seed      uint64
	Pop       int
	// InitAt places the --init mazes smaller than Size (Set["size"]) in
	// the grid (PlaceInit): "ROW,COL" of their top-left cell, or
	// "corners"; empty means "0,0".
	InitAt string
	// Tuning holds the search flags; those named in Set (the flags given)
	// are applied over the method's preset (Tuning.Apply).
	Tuning Tuning
	Set    map[string]bool
}

// InitCorners is the GridOptions.InitAt (evolve --init-at) that places
// every smaller --init maze at each corner of the grid.
const InitCorners = "corners"

// PlaceInit returns the mazes of an --init file (read from file, mazes[i]
// from its line lines[i], for messages) in a grid of size: a maze of that size stays as it is; a
// smaller one is embedded (mousemaze.Embed) at the offset at, "ROW,COL",
// or at each of the grid's corners (mousemaze.Corners) when at is
// InitCorners, in that order; cfg's entry and exit columns join its ends
// to the grid's. A maze larger than size, or one that cannot be joined,
// is an error naming the file and its place in it.
func PlaceInit(mazes []mousemaze.Maze, file string, lines []int, size mousemaze.Size, at string, cfg mousemaze.Config) ([]mousemaze.Maze, error) {
	var offsets []mousemaze.Offset
	if at != InitCorners && at != "" {
		o, err := mousemaze.ParseOffset(at)
		if err != nil {
			return nil, usage(fmt.Errorf("--init-at %v, or %s", err, InitCorners))
		}
		offsets = []mousemaze.Offset{o}
	}
	var out []mousemaze.Maze
	for i, m := range mazes {
		if m.Size() == size {
			out = append(out, m)
			continue
		}
		if m.Rows > size.Rows || m.Cols > size.Cols {
			return nil, usage(fmt.Errorf("%s:%d: the maze is %s, larger than --size %s", file, lines[i], m.Size(), size))
		}
		places := offsets
		if places == nil && at == InitCorners {
			places = mousemaze.Corners(m.Size(), size)
		} else if places == nil {
			places = []mousemaze.Offset{{}}
		}
		for _, o := range places {
			g, err := mousemaze.Embed(m, size, o, cfg)
			if err != nil {
				return nil, usage(fmt.Errorf("%s:%d: --init-at %s: %v", file, lines[i], o, err))
			}
			out = append(out, g)
		}
	}
	return out, nil
}

// CheckRules checks o's rules (its ends) on its grid.
func (o GridOptions) CheckRules() error {
	if err := o.Config.Validate(o.Size.Cols); err != nil {
		return fmt.Errorf("%v on a %s grid", err, o.Size)
	}
	return nil
}

// Spec checks o and returns the Spec of its search; its errors blame the
// flags.
func (o GridOptions) Spec() (dispatch.Spec, error) {
	if err := o.CheckRules(); err != nil {
		return dispatch.Spec{}, err
	}
	algo, given := o.Algo, tuningSet(o.Set)
	if algo == dispatch.AlgoAuto {
		algo = dispatch.AutoAlgo(o.Size.Rows, o.Size.Cols, given)
	}
	p, err := dispatch.GridSpec(algo, o.Size, o.Config, o.FreeEnds, o.Objective, o.Evals, o.Seed, o.Pop)
	if err != nil {
		return p, err
	}
	if o.Algo == dispatch.AlgoAuto {
		dispatch.AutoPreset(&p, given)
	}
	return p, o.Tuning.Apply(o.Set, &p, o.Size.Cells())
}

// StartGrid starts the grid search of o on ev, its population seeded with
// the mazes of the file initFile (if any; without Set["size"] the search
// takes their size), or with s.Resume continues the one saved in
// s.Checkpoint. Errors that blame the flags are
// mousemaze.UsageErrors.
func StartGrid(s Start, o GridOptions, initFile string, ev mousemaze.Evaluator) (*dispatch.Search, error) {
	return startGrid(s, o, initFile, func(dispatch.Spec) (mousemaze.Evaluator, error) { return ev, nil })
}

// OpenGrid is StartGrid on an evaluator it opens itself, once it knows the
// search's method: the backend named backend as dispatch.BackendFor picks
// it (the cpu backend for "auto" and a search of small batches), with
// opts. The caller closes the evaluator; on an error there is none open.
func OpenGrid(s Start, o GridOptions, initFile, backend string, opts mousemaze.Options) (*dispatch.Search, mousemaze.Evaluator, error) {
	if opts.Workers < 0 {
		return nil, nil, usage(fmt.Errorf("--workers %d: must be 0 or more", opts.Workers))
	}
	var ev mousemaze.Evaluator
	search, err := startGrid(s, o, initFile, func(p dispatch.Spec) (mousemaze.Evaluator, error) {
		var err error
		ev, err = mousemaze.NewEvaluator(dispatch.BackendFor(backend, p), opts)
		return ev, err
	})
	if err != nil {
		if ev != nil {
			ev.Close()
		}
		return nil, nil, err
	}
	return search, ev, nil
}

// startGrid is StartGrid on the evaluator open returns for the search's
// parameters.
func startGrid(s Start, o GridOptions, initFile string, open func(dispatch.Spec) (mousemaze.Evaluator, error)) (*dispatch.Search, error) {
	if s.Resume {
		st, err := load[dispatch.Grid](s)
		if err != nil {
			return nil, err
		}
		ev, err := open(st.Spec)
		if err != nil {
			return nil, err
		}
		search, err := dispatch.Resume(st, ev)
		if err != nil {
			return nil, resumeError(s, err)
		}
		return search, nil
	}
	var initial []mousemaze.Maze
	var lines []int
	if initFile != "" {
		var err error
		if initial, lines, err = mousemaze.ParseFileWith(initFile, mousemaze.ParseLines); err != nil {
			return nil, err
		}
		if s.Warn != nil && !o.FreeEnds {
			warnInfeasible(s.Warn, s.Kind, initFile, initial, lines, o.Config)
		}
	}
	if !o.Set["size"] && len(initial) > 0 {
		o.Size = initial[0].Size()
	}
	if o.Set["size"] && len(initial) > 0 {
		var err error
		if initial, err = PlaceInit(initial, initFile, lines, o.Size, o.InitAt, o.Config); err != nil {
			return nil, err
		}
	}
	p, err := o.Spec()
	if err != nil {
		return nil, usage(err)
	}
	ev, err := open(p)
	if err != nil {
		return nil, err
	}
	return NewGrid(o, initial, ev)
}

// warnInfeasible writes to w a line for each maze of the --init file
// (read from file, mazes[i] from its line lines[i]) in which the mouse
// cannot reach the exit under cfg's ends: the search starts from it
// repaired, which the user may not expect. kind names the command.
func warnInfeasible(w io.Writer, kind, file string, mazes []mousemaze.Maze, lines []int, cfg mousemaze.Config) {
	for i, m := range mazes {
		if cfg.Entry >= m.Cols || cfg.Exit >= m.Cols || mousemaze.Feasible(m, cfg) {
			continue
		}
		fmt.Fprintf(w, "mousemaze %s: warning: --init %s:%d: maze %d is infeasible (no open path from entry column %d to exit column %d); the search starts from it repaired\n",
			kind, file, lines[i], i+1, cfg.Entry, cfg.Exit)
	}
}

// NewGrid starts a new grid search of o on ev, its population seeded with
// initial (mazes of o.Size).
func NewGrid(o GridOptions, initial []mousemaze.Maze, ev mousemaze.Evaluator) (*dispatch.Search, error) {
	p, err := o.Spec()
	if err != nil {
		return nil, usage(err)
	}
	search, err := dispatch.New(p, ev, initial)
	return search, paramsUsage(err)
}

// EdgeOptions are the settings of a new search of edge boards (evolve
// --edges, or with Walker evolve --walker) as evolve reads them from its
// flags.
type EdgeOptions struct {
	// Walker names the classic maze walker of a walker-trap search
	// (ProblemWalker); empty, the search is one of ProblemEdges under
	// Config and Objective.
	Walker    string
	Algo      string // empty: DefaultEdgeAlgo, or DefaultWalkerAlgo with a Walker
	Size      string
	Config    mousemaze.Config
	Objective string
	Evals     int64
	Seed      uint64
	Pop       int
	Workers   int
	// Tuning holds the search flags; those named in Set are applied.
	Tuning Tuning
	Set    map[string]bool
}

// Spec checks o and returns the Spec of its search; its errors blame the
// flags.
func (o EdgeOptions) Spec() (dispatch.Spec, error) {
	algo := o.Algo
	switch {
	case algo != "":
	case o.Walker != "":
		algo = dispatch.DefaultWalkerAlgo
	default:
		algo = dispatch.DefaultEdgeAlgo
	}
	p, err := dispatch.PresetFor(dispatch.ProblemEdges, algo)
	if err != nil {
		return p, fmt.Errorf("--algo %q: want one of %v", algo, dispatch.Algos)
	}
	sz, err := mousemaze.ParseSize(o.Size)
	if err != nil {
		return p, fmt.Errorf("--size %q: %v", o.Size, err)
	}
	p.Problem, p.Rows, p.Cols, p.Evals, p.Seed, p.Density = dispatch.ProblemEdges, sz.Rows, sz.Cols, o.Evals, o.Seed, 0.2
	if o.Walker != "" {
		p.Problem = dispatch.ProblemWalker
	}
	if o.Pop > 0 {
		p.Pop = o.Pop
	}
	if err := o.Tuning.Apply(o.Set, &p, mousemaze.NewEdgeMaze(sz.Rows, sz.Cols).Edges()); err != nil {
		return p, err
	}
	if o.Walker != "" {
		p.Walker = o.Walker
		return p, nil
	}
	p.Order, p.Entry, p.Exit, p.Cap, p.K = o.Config.Order.String(), o.Config.Entry, o.Config.Exit, o.Config.Cap, o.Config.K
	if o.Objective != dispatch.ObjTurns {
		p.Objective = o.Objective
	}
	return p, nil
}

// open returns the problem of the edge search p.
func (o EdgeOptions) open(p dispatch.Spec) (*dispatch.EdgeProblem, error) {
	if p.Problem == dispatch.ProblemWalker {
		return NewWalkerProblem(p, o.Workers)
	}
	return dispatch.NewEdgeProblem(p, nil, o.Workers)
}

// StartEdges starts the edge-board search of o, or with s.Resume
// continues the one saved in s.Checkpoint (whose walker, for a walker
// search, must be o's). Errors that blame the flags, and those of reading
// the checkpoint, are mousemaze.UsageErrors.
func StartEdges(s Start, o EdgeOptions) (*dispatch.EdgeSearch, error) {
	if s.Resume {
		st, err := load[mousemaze.EdgeMaze](s)
		if err == nil && o.Walker != "" && st.Spec.Walker != o.Walker {
			err = fmt.Errorf("--walker %s cannot change on --resume: the checkpoint searches for %s", o.Walker, st.Spec.Walker)
		}
		if err != nil {
			return nil, usage(err)
		}
		prob, err := o.open(st.Spec)
		if err != nil {
			return nil, err
		}
		search, err := dispatch.ResumeEngine(st, prob)
		if err != nil {
			return nil, resumeError(s, err)
		}
		return search, nil
	}
	p, err := o.Spec()
	if err != nil {
		return nil, usage(err)
	}
	prob, err := o.open(p)
	if err != nil {
		return nil, usage(err)
	}
	search, err := dispatch.NewEngine(p, prob, nil)
	return search, paramsUsage(err)
}

// EdgeFinal is the final event of an edge-board search: an EdgeEvent, or
// a WalkerEvent for a walker-trap search.
type EdgeFinal interface {
	WriteText(io.Writer) error
	// BoardText is the best board in its file format, as --out writes it.
	BoardText() string
}

// NewEdgeFinal returns the final event of the edge-board search s after
// the run out, whose checkpoint file is ckpt.
func NewEdgeFinal(s *dispatch.EdgeSearch, out Outcome, ckpt string) (EdgeFinal, error) {
	if s.Spec().Problem == dispatch.ProblemWalker {
		return NewWalkerEvent(s, out, ckpt)
	}
	return NewEdgeEvent(s, out, ckpt)
}

// GridIsland is an island of a grid search (island.Migrator): it trades
// mazes after every generation and writes its result at the end. Its
// methods do nothing on a nil island.
type GridIsland interface {
	Generation(s *dispatch.Search) error
	Write(s *dispatch.Search, done bool) error
}

// noIsland is the GridIsland of a search that is no island.
type noIsland struct{}

func (noIsland) Generation(*dispatch.Search) error  { return nil }
func (noIsland) Write(*dispatch.Search, bool) error { return nil }

// RunGrid runs the grid search s with r to its end or an interruption,
// writing the JSON lines of evolve --json to events (nil: none), with the
// island isl (nil for none). It returns the final event of the search
// backend ran (with the objective's detail when the search ended
// normally) and the outcome; with an ErrSave error (a final checkpoint
// not written) they are still valid.
func RunGrid(r Runner, s *dispatch.Search, events io.Writer, isl GridIsland, backend string) (Event, Outcome, error) {
	if isl == nil {
		isl = noIsland{}
	}
	kt, timed := kernelTimerOf(s)
	var k0 time.Duration
	if timed {
		k0 = kt.KernelTime()
	}
	out, err := Run(r, s, GridEvents(s, events, isl.Generation))
	if err != nil && !errors.Is(err, ErrSave) {
		return Event{}, out, err
	}
	if werr := isl.Write(s, !out.Interrupted); werr != nil {
		return Event{}, out, werr
	}
	final := FinalEvent(s, out, backend, r.Checkpoint)
	if timed {
		final.KernelSeconds = ptrTo((kt.KernelTime() - k0).Seconds())
	}
	if p := s.Spec(); !out.Interrupted && (p.K > 0 || p.Objective != "") {
		d, derr := DescribeBest(s)
		if derr != nil {
			return Event{}, out, derr
		}
		final.Detail = &d
	}
	return final, out, err
}

// KernelTimer is implemented by evaluators that time the kernels they
// launch on a device (the cuda backend): KernelTime is the kernels' time
// so far, measured by the device.
type KernelTimer interface {
	KernelTime() time.Duration
}

// kernelTimerOf returns the evaluator of the grid search s when it times
// its kernels.
func kernelTimerOf(s *dispatch.Search) (KernelTimer, bool) {
	gp, ok := s.Problem().(*dispatch.GridProblem)
	if !ok {
		return nil, false
	}
	kt, ok := gp.Evaluator().(KernelTimer)
	return kt, ok
}
