package main

import (
	"flag"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// searchFlags are the search method's parameters that `evolve` and `slurm
// evolve` share. Each is applied to the Spec only when given, so that the
// method's preset holds otherwise.
type searchFlags evolve.Tuning

func (f *searchFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&f.Parents, "parents", 0, "the top `n` of a generation become parents (ea, ga, memetic, pipeline; default: the method's preset)")
	fs.IntVar(&f.Elite, "elite", 0, "the best `n` of a generation are carried over unchanged (ea, ga, memetic, pipeline)")
	fs.Float64Var(&f.Mutation, "mutation", 0, "expected cells flipped per child, a binomial draw (`m` > 0; a child equal to a parent gets one flip more; default 0.06 of the cells for ea/ga, 0.03 for memetic/pipeline)")
	fs.StringVar(&f.Crossover, "crossover", "", "how children are bred: uniform (each cell from one of two parents) or none (default: uniform for ga, memetic, pipeline and ils, where half the kicks cross home with an archived local optimum; none for ea)")
	fs.StringVar(&f.Local, "local", "", "local-search neighbourhood: h1 to h8 (the mazes within that Hamming distance; h4 and above only with --reach, which keeps them small; ils, memetic, hill)")
	fs.StringVar(&f.Improve, "improve", "", "local-search rule: first (move to the first better neighbour, random order) or best (scan the radius, take the best)")
	fs.IntVar(&f.Sideways, "sideways", 0, "plateau moves in a row a climb may make to equal neighbours not visited before (ils, hill, memetic)")
	fs.IntVar(&f.Kick, "kick", 0, "cells flipped at random when the iterated local search is stuck at a local optimum (ils)")
	fs.IntVar(&f.Restarts, "restarts", 0, "kicks in a row without a better local optimum before ils restarts from a random maze (0 = never)")
	fs.IntVar(&f.Reach, "reach", 0, "moves of a climb at Hamming radius 2 and above combine only cells (edges) within Chebyshev distance `d` of each other (0 = any; ils: 2)")
	fs.Float64Var(&f.Accept, "accept", 0, "ils moves its home to a local optimum scoring at least (1 - `a`) of home's (0 = equal or better only)")
	fs.IntVar(&f.Deepen, "deepen", 0, "after the budget, climb from the best by best improvement up to Hamming distance `r` (0-8), combining only cells within --deepen-reach of each other, before any --polish (ils on grids: 6; 0 = none)")
	fs.IntVar(&f.DeepenReach, "deepen-reach", 0, "the reach `d` of --deepen's moves (default 3)")
	fs.IntVar(&f.Polish, "polish", 0, "after the budget, search every maze within Hamming distance `r` (0-3) of the best until none is better, and certify it (pipeline: 3)")
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
