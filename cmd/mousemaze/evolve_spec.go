package main

import (
	"flag"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// gridFlags are the flags of a grid search that evolve and slurm evolve
// share (evolve.GridOptions); each command adds --size its own way.
type gridFlags struct {
	rules           rulesFlags
	sf              evolve.Tuning // the search method's parameters given (evolve.TuningFlags)
	algo, objective string
	pop             *int
	evals           *int64
	seed            uint64
	freeEnds        bool
}

// register adds the flags, with algo the default method and evalsUsage
// the text of --evals.
func (g *gridFlags) register(fs *flag.FlagSet, algo, evalsUsage string) {
	g.rules.registerEnds(fs)
	fs.IntVar(&g.rules.k, "k", 0, "count visits modulo `K` (the paper's k-mod mouse; 0 = exact counting)")
	g.sf = evolve.TuningFlags(fs)
	fs.StringVar(&g.algo, "algo", algo, "search method: auto (memetic on grids of up to 36 cells, ils --restarts 10 up to 49, ils above), ils (iterated local search), pipeline, memetic, ga, ea, sa, hill or random; see docs/search.md")
	g.pop = minFlag(fs, "pop", 0, 0, "population / batch size (0 = the method's preset)")
	g.evals = minFlag(fs, "evals", int64(defaultEvals), 1, evalsUsage)
	fs.Uint64Var(&g.seed, "seed", 1, "random seed; the same seed gives the same result on every backend (island i of slurm evolve: seed+i)")
	fs.BoolVar(&g.freeEnds, "free-ends", false, "search the entry and exit columns too")
	fs.StringVar(&g.objective, "objective", dispatch.ObjTurns, "what to maximise: turns (the walk's length; with --k, the longest escape), trap (the smallest maze that traps a k-mod mouse) or max-cell (the most visits to one cell)")
}

// options are the settings of the search on a grid of size sz; fs holds
// the flags, parsed.
func (g *gridFlags) options(fs *flag.FlagSet, sz mousemaze.Size) (evolve.GridOptions, error) {
	cfg, err := g.rules.config()
	return evolve.GridOptions{Algo: g.algo, Size: sz, Config: cfg, FreeEnds: g.freeEnds, Objective: g.objective,
		Evals: *g.evals, Seed: g.seed, Pop: *g.pop, Tuning: g.sf, Set: flagsSet(fs)}, err
}
