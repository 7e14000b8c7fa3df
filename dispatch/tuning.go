package dispatch

import (
	"fmt"
	"slices"
	"strconv"
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
	breeders := []string{AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline}
	climbers := []string{AlgoILS, AlgoMemetic, AlgoHill}
	ils := []string{AlgoILS}
	q := strconv.Quote
	params := []struct {
		name  string
		algos []string // the methods it applies to; nil: all
		ok    bool     // the value is in range
		value string
		want  string // the range
		apply func()
	}{
		{"parents", breeders, f.Parents >= 1 && f.Parents <= p.Pop, fmt.Sprint(f.Parents), fmt.Sprintf("must be in 1..%d (--pop)", p.Pop), func() { p.Parents = f.Parents }},
		{"elite", breeders, f.Elite >= 0 && f.Elite <= p.Pop, fmt.Sprint(f.Elite), fmt.Sprintf("must be in 0..%d (--pop)", p.Pop), func() { p.Elite = f.Elite }},
		{"mutation", breeders, f.Mutation > 0 && f.Mutation <= float64(cells), fmt.Sprint(f.Mutation), fmt.Sprintf("must be above 0 and at most %d (the cells)", cells), func() { p.Mutation = f.Mutation }},
		{"crossover", breeders, f.Crossover == CrossUniform || f.Crossover == CrossNone, q(f.Crossover), "must be uniform or none", func() { p.Crossover = f.Crossover }},
		{"local", climbers, f.Local == "h1" || f.Local == "h2" || f.Local == "h3", q(f.Local), "must be h1, h2 or h3", func() { p.Local = int(f.Local[1] - '0') }},
		{"improve", []string{AlgoILS, AlgoHill}, f.Improve == ImproveFirst || f.Improve == ImproveBest, q(f.Improve), "must be first or best", func() { p.Improve = f.Improve }},
		{"sideways", climbers, f.Sideways >= 0, fmt.Sprint(f.Sideways), "must be 0 or more", func() { p.Sideways = f.Sideways }},
		{"kick", ils, f.Kick >= 1 && f.Kick <= cells, fmt.Sprint(f.Kick), fmt.Sprintf("must be in 1..%d (the cells)", cells), func() { p.Kick = f.Kick }},
		{"restarts", ils, f.Restarts >= 0, fmt.Sprint(f.Restarts), "must be 0 (never) or more", func() { p.Restarts = f.Restarts }},
		{"reach", climbers, f.Reach >= 0, fmt.Sprint(f.Reach), "must be 0 (any) or more", func() { p.Reach = f.Reach }},
		{"accept", ils, f.Accept >= 0 && f.Accept < 1, fmt.Sprint(f.Accept), "must be in [0, 1)", func() { p.Accept = f.Accept }},
		{"polish", nil, f.Polish >= 0 && f.Polish <= 3, fmt.Sprint(f.Polish), "must be 0, 1, 2 or 3", func() { p.Polish = f.Polish }},
	}
	for _, c := range params {
		if set[c.name] && c.algos != nil && !slices.Contains(c.algos, p.Algo) {
			return fmt.Errorf("--%s does not apply to --algo %s (only to %s)", c.name, p.Algo, strings.Join(c.algos, ", "))
		}
	}
	for _, c := range params {
		if !set[c.name] {
			continue
		}
		if !c.ok {
			return fmt.Errorf("--%s %s: %s", c.name, c.value, c.want)
		}
		c.apply()
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
