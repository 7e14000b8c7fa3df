package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
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
	if r.evals <= 0 {
		return p, fmt.Errorf("--evals %d: must be above 0", r.evals)
	}
	if r.pop < 0 {
		return p, fmt.Errorf("--pop %d: must be 0 (preset) or more", r.pop)
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
	fixed := append([]string{"size", "algo", "pop", "seed", "order", "entry", "exit", "cap", "k", "objective"}, r.sf.names()...)
	for _, name := range fixed {
		if r.set[name] {
			return nil, fmt.Errorf("--%s cannot be given with --resume: the checkpoint fixes the search (%s %dx%d, seed %d)",
				name, st.Spec.Algo, st.Spec.Rows, st.Spec.Cols, st.Spec.Seed)
		}
	}
	if r.set["evals"] {
		st.Spec.Evals = r.evals // a resumed search may get a larger budget
	}
	return st, nil
}

// run runs search to its end or an interruption, with a progress bar on
// stderr and the checkpoint. interrupted reports a Ctrl-C; the checkpoint
// is then saved and the best board so far is still reported.
func (r *edgeRun) run(search *dispatch.EdgeSearch, kind, label string, stderr io.Writer) (time.Duration, bool, error) {
	out, err := dispatch.Run(dispatch.Runner{Kind: kind, Version: edgeCheckpointVersion, Checkpoint: r.ckptPath, Every: r.ckptEvery,
		Label: label, Progress: stderr}, search, dispatch.EngineHooks[mousemaze.EdgeMaze]{})
	if err == nil && out.Interrupted {
		interrupted(search.Evals(), r.ckptPath, stderr)
	}
	return out.Elapsed, out.Interrupted, err
}

// certificateLine is the line that states the polish's certificate, or
// "" when the best is not certified.
func certificateLine(search *dispatch.EdgeSearch) string {
	if r := search.Certified(); r > 0 {
		return fmt.Sprintf("certificate: no board within Hamming distance %d (edge flips) of this one scores higher (checked exhaustively; %d polish evaluations)\n", r, search.PolishEvals())
	}
	return ""
}

// radiusPtr returns the search's certified radius for JSON, nil when 0.
func radiusPtr(search *dispatch.EdgeSearch) *int {
	if r := search.Certified(); r > 0 {
		return &r
	}
	return nil
}
