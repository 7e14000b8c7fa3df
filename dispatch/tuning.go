package dispatch

import (
	"fmt"
)

// Tuning holds the method parameters a user may set on a Spec (the CLI's
// search flags --parents, --elite, ...). Each is applied only when given,
// so that the method's preset holds otherwise.
type Tuning struct {
	Parents, Elite, Kick, Restarts, Sideways, Polish, Reach int
	Mutation, Accept                                        float64
	Crossover, Local, Improve                               string
}

// TuningNames are the flag names of Tuning's fields.
var TuningNames = []string{"parents", "elite", "mutation", "crossover", "local", "improve", "sideways", "kick", "restarts", "polish", "reach", "accept"}

// Options returns the parameters named in set (by their flag names, see
// TuningNames) as SpecOptions, the one place that checks them.
func (f Tuning) Options(set map[string]bool) SpecOptions {
	var o SpecOptions
	if set["parents"] {
		o.Parents = &f.Parents
	}
	if set["elite"] {
		o.Elite = &f.Elite
	}
	if set["mutation"] {
		o.Mutation = &f.Mutation
	}
	if set["crossover"] {
		o.Crossover = &f.Crossover
	}
	if set["local"] {
		o.Local = &f.Local
	}
	if set["improve"] {
		o.Improve = &f.Improve
	}
	if set["sideways"] {
		o.Sideways = &f.Sideways
	}
	if set["kick"] {
		o.Kick = &f.Kick
	}
	if set["restarts"] {
		o.Restarts = &f.Restarts
	}
	if set["reach"] {
		o.Reach = &f.Reach
	}
	if set["accept"] {
		o.Accept = &f.Accept
	}
	if set["polish"] {
		o.Polish = &f.Polish
	}
	return o
}

// Apply sets the parameters named in set on p through SpecOptions.Apply,
// which checks that they apply to p's method; its errors name the flag and
// its valid range. cells is the genome's length.
func (f Tuning) Apply(set map[string]bool, p *Spec, cells int) error {
	return f.Options(set).Apply(p, cells)
}

// TuningArgs returns the search flags that state p's parameters where
// they differ from its method's preset (the inverse of Tuning.Apply):
// `slurm evolve` hands them on to each island's evolve.
func TuningArgs(p Spec) []string {
	pre, err := Preset(p.Algo)
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
