package main

import (
	"flag"

	"github.com/mousemaze/mousemaze/dispatch"
)

// searchFlags are the search method's parameters that `evolve` and `slurm
// evolve` share. Each is applied to the Spec only when given, so that the
// method's preset holds otherwise.
type searchFlags dispatch.Tuning

func (f *searchFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&f.Parents, "parents", 0, "the top `n` of a generation become parents (ea, ga, memetic, pipeline; default: the method's preset)")
	fs.IntVar(&f.Elite, "elite", 0, "the best `n` of a generation are carried over unchanged (ea, ga, memetic, pipeline)")
	fs.Float64Var(&f.Mutation, "mutation", 0, "expected cells flipped per child, a binomial draw (`m` > 0; a child equal to a parent gets one flip more; default 0.06 of the cells for ea/ga, 0.03 for memetic/pipeline)")
	fs.StringVar(&f.Crossover, "crossover", "", "how children are bred: uniform (each cell from one of two parents) or none (default: uniform for ga, memetic, pipeline and ils, where half the kicks cross home with an archived local optimum; none for ea)")
	fs.StringVar(&f.Local, "local", "", "local-search neighbourhood: h1, h2 or h3 (all mazes within Hamming distance 1, 2 or 3; ils, memetic, hill)")
	fs.StringVar(&f.Improve, "improve", "", "local-search rule: first (move to the first better neighbour, random order) or best (scan the radius, take the best)")
	fs.IntVar(&f.Sideways, "sideways", 0, "plateau moves in a row a climb may make to equal neighbours not visited before (ils, hill, memetic)")
	fs.IntVar(&f.Kick, "kick", 0, "cells flipped at random when the iterated local search is stuck at a local optimum (ils)")
	fs.IntVar(&f.Restarts, "restarts", 0, "kicks in a row without a better local optimum before ils restarts from a random maze (0 = never)")
	fs.IntVar(&f.Reach, "reach", 0, "Hamming-2 and -3 moves of a climb combine only cells within Chebyshev distance `d` of each other (0 = any; ils: 2)")
	fs.Float64Var(&f.Accept, "accept", 0, "ils moves its home to a local optimum scoring at least (1 - `a`) of home's (0 = equal or better only)")
	fs.IntVar(&f.Polish, "polish", 0, "after the budget, search every maze within Hamming distance `r` (0-3) of the best until none is better, and certify it (pipeline: 3)")
}

// apply sets the given flags on p and checks that they apply to p's
// method (see dispatch.Tuning.Apply).
func (f *searchFlags) apply(set map[string]bool, p *dispatch.Spec, cells int) error {
	return dispatch.Tuning(*f).Apply(set, p, cells)
}
