package main

import (
	"flag"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// searchFlags are the search method's parameters that `evolve` and `slurm
// evolve` share, registered from the one table of them (dispatch.Params,
// less --pop, a flag of its own) and kept as given, by flag name. Each is
// applied to the Spec only when given, so that the method's preset holds
// otherwise.
type searchFlags evolve.Tuning

func (f *searchFlags) register(fs *flag.FlagSet) {
	if *f == nil {
		*f = searchFlags{}
	}
	for _, name := range evolve.TuningNames {
		pa, _ := dispatch.ParamNamed(name)
		fs.Var(paramFlag{f: *f, name: name}, name, pa.Help)
	}
}

// paramFlag is a search parameter's flag.Value: it keeps the value as
// given (dispatch.ApplyParams parses and checks it).
type paramFlag struct {
	f    searchFlags
	name string
}

func (v paramFlag) String() string {
	if v.f == nil {
		return ""
	}
	return v.f[v.name]
}

func (v paramFlag) Set(s string) error {
	v.f[v.name] = s
	return nil
}

// gridFlags are the flags of a grid search that evolve and slurm evolve
// share (evolve.GridOptions); each command adds --size its own way.
type gridFlags struct {
	rules           rulesFlags
	sf              searchFlags
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
	g.sf.register(fs)
	fs.StringVar(&g.algo, "algo", algo, "search method: ils (iterated local search), pipeline, memetic, ga, ea, sa, hill or random; see docs/search.md")
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
		Evals: *g.evals, Seed: g.seed, Pop: *g.pop, Tuning: evolve.Tuning(g.sf), Set: flagsSet(fs)}, err
}
