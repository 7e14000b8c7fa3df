package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/mousemaze/mousemaze/dispatch"
)

// searchFlags are the search method's parameters that `evolve` and `slurm
// evolve` share. Each is applied to the Spec only when given, so that the
// method's preset holds otherwise.
type searchFlags struct {
	parents, elite, kick, restarts, sideways, polish, reach int
	mutation, accept                                        float64
	crossover, local, improve                               string
}

func (f *searchFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&f.parents, "parents", 0, "the top `n` of a generation become parents (ea, ga, memetic, pipeline; default: the method's preset)")
	fs.IntVar(&f.elite, "elite", 0, "the best `n` of a generation are carried over unchanged (ea, ga, memetic, pipeline)")
	fs.Float64Var(&f.mutation, "mutation", 0, "expected cells flipped per child, at least one (`m` > 0; default 0.06 of the cells for ea/ga, 0.03 for memetic/pipeline)")
	fs.StringVar(&f.crossover, "crossover", "", "how children are bred: uniform (each cell from one of two parents) or none (default: uniform for ga, memetic, pipeline; none for ea)")
	fs.StringVar(&f.local, "local", "", "local-search neighbourhood: h1, h2 or h3 (all mazes within Hamming distance 1, 2 or 3; ils, memetic, hill)")
	fs.StringVar(&f.improve, "improve", "", "local-search rule: first (move to the first better neighbour, random order) or best (scan the radius, take the best)")
	fs.IntVar(&f.sideways, "sideways", 0, "plateau moves in a row a climb may make to equal neighbours not visited before (ils, hill, memetic)")
	fs.IntVar(&f.kick, "kick", 0, "cells flipped at random when the iterated local search is stuck at a local optimum (ils)")
	fs.IntVar(&f.restarts, "restarts", 0, "kicks in a row without a better local optimum before ils restarts from a random maze (0 = never)")
	fs.IntVar(&f.reach, "reach", 0, "Hamming-2 and -3 moves of a climb combine only cells within Chebyshev distance `d` of each other (0 = any; ils: 2)")
	fs.Float64Var(&f.accept, "accept", 0, "ils moves its home to a local optimum scoring at least (1 - `a`) of home's (0 = equal or better only)")
	fs.IntVar(&f.polish, "polish", 0, "after the budget, search every maze within Hamming distance `r` (0-3) of the best until none is better, and certify it (pipeline: 3)")
}

// names lists the flags' names.
func (f *searchFlags) names() []string {
	return []string{"parents", "elite", "mutation", "crossover", "local", "improve", "sideways", "kick", "restarts", "polish", "reach", "accept"}
}

// apply sets the given flags on p and checks that they apply to p's
// method; its errors name the flag and its valid range.
func (f *searchFlags) apply(set map[string]bool, p *dispatch.Spec, cells int) error {
	only := func(name string, algos ...string) error {
		if !set[name] {
			return nil
		}
		for _, a := range algos {
			if p.Algo == a {
				return nil
			}
		}
		return fmt.Errorf("--%s does not apply to --algo %s (only to %s)", name, p.Algo, strings.Join(algos, ", "))
	}
	breeders := []string{dispatch.AlgoEA, dispatch.AlgoGA, dispatch.AlgoMemetic, dispatch.AlgoPipeline}
	climbers := []string{dispatch.AlgoILS, dispatch.AlgoMemetic, dispatch.AlgoHill}
	for _, c := range []struct {
		name  string
		algos []string
	}{
		{"parents", breeders}, {"elite", breeders}, {"mutation", breeders}, {"crossover", breeders},
		{"local", climbers}, {"improve", []string{dispatch.AlgoILS, dispatch.AlgoHill}}, {"sideways", climbers},
		{"kick", []string{dispatch.AlgoILS}}, {"restarts", []string{dispatch.AlgoILS}},
		{"reach", climbers}, {"accept", []string{dispatch.AlgoILS}},
	} {
		if err := only(c.name, c.algos...); err != nil {
			return err
		}
	}
	if set["parents"] {
		if f.parents < 1 || f.parents > p.Pop {
			return fmt.Errorf("--parents %d: must be in 1..%d (--pop)", f.parents, p.Pop)
		}
		p.Parents = f.parents
	}
	if set["elite"] {
		if f.elite < 0 || f.elite > p.Pop {
			return fmt.Errorf("--elite %d: must be in 0..%d (--pop)", f.elite, p.Pop)
		}
		p.Elite = f.elite
	}
	if set["mutation"] {
		if !(f.mutation > 0) || f.mutation > float64(cells) {
			return fmt.Errorf("--mutation %v: must be above 0 and at most %d (the cells)", f.mutation, cells)
		}
		p.Mutation = f.mutation
	}
	if set["crossover"] {
		if f.crossover != dispatch.CrossUniform && f.crossover != dispatch.CrossNone {
			return fmt.Errorf("--crossover %q: must be uniform or none", f.crossover)
		}
		p.Crossover = f.crossover
	}
	if set["local"] {
		switch f.local {
		case "h1", "h2", "h3":
			p.Local = int(f.local[1] - '0')
		default:
			return fmt.Errorf("--local %q: must be h1, h2 or h3", f.local)
		}
	}
	if set["improve"] {
		if f.improve != dispatch.ImproveFirst && f.improve != dispatch.ImproveBest {
			return fmt.Errorf("--improve %q: must be first or best", f.improve)
		}
		p.Improve = f.improve
	}
	if set["sideways"] {
		if f.sideways < 0 {
			return fmt.Errorf("--sideways %d: must be 0 or more", f.sideways)
		}
		p.Sideways = f.sideways
	}
	if set["kick"] {
		if f.kick < 1 || f.kick > cells {
			return fmt.Errorf("--kick %d: must be in 1..%d (the cells)", f.kick, cells)
		}
		p.Kick = f.kick
	}
	if set["restarts"] {
		if f.restarts < 0 {
			return fmt.Errorf("--restarts %d: must be 0 (never) or more", f.restarts)
		}
		p.Restarts = f.restarts
	}
	if set["reach"] {
		if f.reach < 0 {
			return fmt.Errorf("--reach %d: must be 0 (any) or more", f.reach)
		}
		p.Reach = f.reach
	}
	if set["accept"] {
		if !(f.accept >= 0 && f.accept < 1) {
			return fmt.Errorf("--accept %v: must be in [0, 1)", f.accept)
		}
		p.Accept = f.accept
	}
	if set["polish"] {
		if f.polish < 0 || f.polish > 3 {
			return fmt.Errorf("--polish %d: must be 0, 1, 2 or 3", f.polish)
		}
		p.Polish = f.polish
	}
	if p.Parents > p.Pop && dispatch.Spec.Validate(*p) != nil {
		return fmt.Errorf("--parents %d: must be in 1..%d (--pop)", p.Parents, p.Pop)
	}
	return nil
}

// searchArgs returns the search flags that state p's parameters where
// they differ from its method's preset: what `slurm evolve` wrote into
// its job's Spec, handed on to each island's evolve.
func searchArgs(p dispatch.Spec) []string {
	pre, err := dispatch.Preset(p.Algo)
	if err != nil {
		return nil
	}
	var args []string
	add := func(name string, differs bool, v any) {
		if differs {
			args = append(args, "--"+name, fmt.Sprint(v))
		}
	}
	add("parents", p.Parents != pre.Parents, p.Parents)
	add("elite", p.Elite != pre.Elite, p.Elite)
	add("mutation", p.Mutation != pre.Mutation, p.Mutation)
	add("crossover", p.Crossover != pre.Crossover, p.Crossover)
	add("local", p.Local != pre.Local, fmt.Sprintf("h%d", p.Local))
	add("improve", p.Improve != pre.Improve, p.Improve)
	add("sideways", p.Sideways != pre.Sideways, p.Sideways)
	add("kick", p.Kick != pre.Kick, p.Kick)
	add("restarts", p.Restarts != pre.Restarts, p.Restarts)
	add("reach", p.Reach != pre.Reach, p.Reach)
	add("accept", p.Accept != pre.Accept, p.Accept)
	add("polish", p.Polish != pre.Polish, p.Polish)
	return args
}
