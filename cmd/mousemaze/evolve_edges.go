package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/outfile"
)

// This file runs the searches over edge boards (evolve --edges and evolve
// --walker) on the one engine, with its methods, search flags, checkpoints
// and polish.

// defaultEdgeAlgo is the method of evolve --edges and --walker when --algo
// is not given.
const defaultEdgeAlgo = dispatch.DefaultEdgeAlgo

// edgeCheckpointVersion is the version of evolve --edges/--walker
// checkpoints (a dispatch.EdgeState of Spec version 2).
const edgeCheckpointVersion = 2

// edgeRun is what evolve's flags say about a search of edge boards.
type edgeRun struct {
	fs        *flag.FlagSet
	set       map[string]bool
	sf        *searchFlags
	algo      string
	size      string
	evals     int64
	seed      uint64
	pop       int
	workers   int
	ckptPath  string
	ckptEvery time.Duration
	resume    bool
	force     bool
	outFile   string
	asJSON    bool
}

// spec builds the Spec of a new search of problem (dispatch.ProblemEdges
// or ProblemWalker) from the flags; its errors are usage errors.
func (r *edgeRun) spec(problem string) (dispatch.Spec, error) {
	algo := r.algo
	if !r.set["algo"] {
		algo = defaultEdgeAlgo
	}
	p, err := dispatch.Preset(algo)
	if err != nil {
		return p, fmt.Errorf("--algo %q: want one of %v", algo, dispatch.Algos)
	}
	sz, err := mousemaze.ParseSize(r.size)
	if err != nil {
		return p, fmt.Errorf("--size %q: %v", r.size, err)
	}
	p.Problem, p.Rows, p.Cols, p.Evals, p.Seed, p.Density = problem, sz.Rows, sz.Cols, r.evals, r.seed, 0.2
	if r.pop > 0 {
		p.Pop = r.pop
	}
	if err := r.sf.apply(r.set, &p, mousemaze.NewEdgeMaze(sz.Rows, sz.Cols).Edges()); err != nil {
		return p, err
	}
	return p, nil
}

// load reads the checkpoint of a search of kind for --resume and checks
// that no flag would change the search it holds.
func (r *edgeRun) load(kind string) (*dispatch.EdgeState, error) {
	if r.ckptPath == "" {
		return nil, errors.New("--resume needs --checkpoint FILE")
	}
	st, err := dispatch.LoadCheckpoint[mousemaze.EdgeMaze](r.ckptPath, kind, edgeCheckpointVersion)
	if err != nil {
		return nil, err
	}
	if err := st.Spec.ResumeConflict(r.set, func(name string) string { return r.fs.Lookup(name).Value.String() }); err != nil {
		return nil, err
	}
	if r.set["evals"] {
		st.Spec.Evals = r.evals // a resumed search may get a larger budget
	}
	return st, nil
}

// edgeFront is what differs between evolve --edges and evolve --walker,
// which share everything else: the flags, the engine, the runner.
type edgeFront struct {
	kind     string // the checkpoint's kind, "evolve-edges" or "evolve-walker"
	flag     string // "--edges" or "--walker NAME"
	problem  string // dispatch.ProblemEdges or dispatch.ProblemWalker
	notApply []string
	// setup sets the front's fields of a new Spec, resumed checks a
	// checkpoint's; their errors are usage errors.
	setup   func(p *dispatch.Spec) error
	resumed func(p dispatch.Spec) error
	open    func(p dispatch.Spec) (*dispatch.EdgeProblem, error)
	// event is the search's final event, which runEdgeFront prints and
	// whose board it writes to --out.
	event func(s *dispatch.EdgeSearch, out dispatch.Outcome, ckpt string) (edgeEvent, error)
}

// edgeEvent is the final event of an edge-board search.
type edgeEvent interface {
	WriteText(io.Writer) error
	BoardText() string
}

// runEdgeFront runs the search of a front to its end or an interruption
// and reports its best board; an interrupted search saves its checkpoint,
// reports the best board so far and exits 1.
func runEdgeFront(r *edgeRun, f edgeFront, stdout, stderr io.Writer) int {
	fail := failer("evolve", stderr)
	for _, name := range f.notApply {
		if r.set[name] {
			return fail(exitUsage, "--%s does not apply to %s", name, strings.Fields(f.flag)[0])
		}
	}
	if r.fs.NArg() > 0 {
		return fail(exitUsage, "unexpected arguments %q", r.fs.Args())
	}
	if err := checkpoint.Claim(r.ckptPath, r.resume, r.force); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if err := outfile.CheckFlags(outfile.Flag{Name: "out", Path: r.outFile}); err != nil {
		return fail(exitUsage, "%v", err)
	}
	var search *dispatch.EdgeSearch
	if r.resume {
		st, err := r.load(f.kind)
		if err == nil && f.resumed != nil {
			err = f.resumed(st.Spec)
		}
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		prob, err := f.open(st.Spec)
		if err == nil {
			search, err = dispatch.ResumeEngine(st, prob)
		}
		if err != nil {
			return fail(exitFail, "%v", err)
		}
	} else {
		p, err := r.spec(f.problem)
		if err == nil {
			err = f.setup(&p)
		}
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		prob, err := f.open(p)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		if search, err = dispatch.NewEngine(p, prob, nil); err != nil {
			if errors.Is(err, dispatch.ErrParams) {
				return fail(exitUsage, "%v", err)
			}
			return fail(exitFail, "%v", err)
		}
	}
	out, err := dispatch.Run(dispatch.Runner{Kind: f.kind, Version: edgeCheckpointVersion, Checkpoint: r.ckptPath, Every: r.ckptEvery,
		Label: "evolve " + f.flag, Progress: stderr}, search, dispatch.EngineHooks[mousemaze.EdgeMaze]{})
	saveErr := err // a final checkpoint not written: report the result, then fail
	if err != nil && !errors.Is(err, dispatch.ErrSave) {
		return fail(exitFail, "%v", err)
	}
	if out.Interrupted {
		interrupted(search.Evals(), r.ckptPath, stderr)
	}
	// The result is reported first, then written to --out (to stdout
	// when the file cannot be written), so nothing found is lost.
	ev, err := f.event(search, out, r.ckptPath)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	if code := writeText("evolve", ev, r.asJSON, stdout, stderr); code != exitOK {
		return code
	}
	if err := r.writeOut(ev.BoardText(), stdout); err != nil {
		return fail(exitFail, "%v", err)
	}
	if saveErr != nil {
		return fail(exitFail, "%v", saveErr)
	}
	if out.Interrupted {
		return exitFail
	}
	return exitOK
}

// evolveEdges is evolve --edges: the engine on dispatch.EdgeProblem.
func evolveEdges(r *edgeRun, rules rulesFlags, objective string) edgeFront {
	return edgeFront{kind: "evolve-edges", flag: "--edges", problem: dispatch.ProblemEdges,
		notApply: []string{"free-ends", "init", "png", "backend", "kernel", "island", "migrate", "migrate-every"},
		setup: func(p *dispatch.Spec) error {
			cfg, err := rules.config()
			if err != nil {
				return err
			}
			p.Order, p.Entry, p.Exit, p.Cap, p.K = cfg.Order.String(), cfg.Entry, cfg.Exit, cfg.Cap, cfg.K
			if objective != dispatch.ObjTurns {
				p.Objective = objective
			}
			return nil
		},
		open: func(p dispatch.Spec) (*dispatch.EdgeProblem, error) {
			return dispatch.NewEdgeProblem(p, nil, r.workers)
		},
		event: func(s *dispatch.EdgeSearch, out dispatch.Outcome, ckpt string) (edgeEvent, error) {
			return dispatch.NewEdgeEvent(s, out, ckpt)
		},
	}
}

// evolveWalker is evolve --walker NAME: the engine on the edge problem
// scored by a classic maze walker (dispatch.NewWalkerProblem).
func evolveWalker(r *edgeRun, walker string) edgeFront {
	return edgeFront{kind: "evolve-walker", flag: "--walker " + walker, problem: dispatch.ProblemWalker,
		notApply: []string{"edges", "free-ends", "init", "png", "backend", "kernel", "k", "objective", "order", "entry", "exit", "cap", "island", "migrate", "migrate-every"},
		setup:    func(p *dispatch.Spec) error { p.Walker = walker; return nil },
		resumed: func(p dispatch.Spec) error {
			if p.Walker != walker {
				return fmt.Errorf("--walker %s cannot change on --resume: the checkpoint searches for %s", walker, p.Walker)
			}
			return nil
		},
		open: func(p dispatch.Spec) (*dispatch.EdgeProblem, error) { return dispatch.NewWalkerProblem(p, r.workers) },
		event: func(s *dispatch.EdgeSearch, out dispatch.Outcome, ckpt string) (edgeEvent, error) {
			return dispatch.NewWalkerEvent(s, out, ckpt)
		},
	}
}

// writeOut writes the result text to --out, if given, after it has been
// reported; when the file cannot be written the text goes to stdout.
func (r *edgeRun) writeOut(text string, stdout io.Writer) error {
	if r.outFile == "" {
		return nil
	}
	if err := outfile.WriteOr(r.outFile, []byte(text), stdout, []byte(text)); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}
