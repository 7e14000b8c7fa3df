package dispatch

import (
	"fmt"
	"strings"
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

// Apply sets the parameters named in set (by their flag names, see
// TuningNames) on p and checks that they apply to p's method; its errors
// name the flag and its valid range. cells is the genome's length.
func (f Tuning) Apply(set map[string]bool, p *Spec, cells int) error {
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
	breeders := []string{AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline}
	climbers := []string{AlgoILS, AlgoMemetic, AlgoHill}
	for _, c := range []struct {
		name  string
		algos []string
	}{
		{"parents", breeders}, {"elite", breeders}, {"mutation", breeders}, {"crossover", breeders},
		{"local", climbers}, {"improve", []string{AlgoILS, AlgoHill}}, {"sideways", climbers},
		{"kick", []string{AlgoILS}}, {"restarts", []string{AlgoILS}},
		{"reach", climbers}, {"accept", []string{AlgoILS}},
	} {
		if err := only(c.name, c.algos...); err != nil {
			return err
		}
	}
	if set["parents"] {
		if f.Parents < 1 || f.Parents > p.Pop {
			return fmt.Errorf("--parents %d: must be in 1..%d (--pop)", f.Parents, p.Pop)
		}
		p.Parents = f.Parents
	}
	if set["elite"] {
		if f.Elite < 0 || f.Elite > p.Pop {
			return fmt.Errorf("--elite %d: must be in 0..%d (--pop)", f.Elite, p.Pop)
		}
		p.Elite = f.Elite
	}
	if set["mutation"] {
		if !(f.Mutation > 0) || f.Mutation > float64(cells) {
			return fmt.Errorf("--mutation %v: must be above 0 and at most %d (the cells)", f.Mutation, cells)
		}
		p.Mutation = f.Mutation
	}
	if set["crossover"] {
		if f.Crossover != CrossUniform && f.Crossover != CrossNone {
			return fmt.Errorf("--crossover %q: must be uniform or none", f.Crossover)
		}
		p.Crossover = f.Crossover
	}
	if set["local"] {
		switch f.Local {
		case "h1", "h2", "h3":
			p.Local = int(f.Local[1] - '0')
		default:
			return fmt.Errorf("--local %q: must be h1, h2 or h3", f.Local)
		}
	}
	if set["improve"] {
		if f.Improve != ImproveFirst && f.Improve != ImproveBest {
			return fmt.Errorf("--improve %q: must be first or best", f.Improve)
		}
		p.Improve = f.Improve
	}
	if set["sideways"] {
		if f.Sideways < 0 {
			return fmt.Errorf("--sideways %d: must be 0 or more", f.Sideways)
		}
		p.Sideways = f.Sideways
	}
	if set["kick"] {
		if f.Kick < 1 || f.Kick > cells {
			return fmt.Errorf("--kick %d: must be in 1..%d (the cells)", f.Kick, cells)
		}
		p.Kick = f.Kick
	}
	if set["restarts"] {
		if f.Restarts < 0 {
			return fmt.Errorf("--restarts %d: must be 0 (never) or more", f.Restarts)
		}
		p.Restarts = f.Restarts
	}
	if set["reach"] {
		if f.Reach < 0 {
			return fmt.Errorf("--reach %d: must be 0 (any) or more", f.Reach)
		}
		p.Reach = f.Reach
	}
	if set["accept"] {
		if !(f.Accept >= 0 && f.Accept < 1) {
			return fmt.Errorf("--accept %v: must be in [0, 1)", f.Accept)
		}
		p.Accept = f.Accept
	}
	if set["polish"] {
		if f.Polish < 0 || f.Polish > 3 {
			return fmt.Errorf("--polish %d: must be 0, 1, 2 or 3", f.Polish)
		}
		p.Polish = f.Polish
	}
	if p.Parents > p.Pop && Spec.Validate(*p) != nil {
		return fmt.Errorf("--parents %d: must be in 1..%d (--pop)", p.Parents, p.Pop)
	}
	return nil
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
