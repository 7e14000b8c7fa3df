package evolve

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// Tuning holds the method parameters a user may set on a Spec (the CLI's
// search flags --parents, --elite, ...). Each is applied only when given,
// so that the method's preset holds otherwise.
type Tuning struct {
	Parents, Elite, Kick, Restarts, Sideways, Polish, Reach, Deepen, DeepenReach int
	Mutation, Accept                                                             float64
	Crossover, Local, Improve                                                    string
}

// TuningNames are the flag names of Tuning's fields.
var TuningNames = []string{"parents", "elite", "mutation", "crossover", "local", "improve", "sideways", "kick", "restarts", "polish", "reach", "accept", "deepen", "deepen-reach"}

// Options returns the parameters named in set (by their flag names, see
// TuningNames) as SpecOptions, the one place that checks them.
func (f Tuning) Options(set map[string]bool) dispatch.SpecOptions {
	var o dispatch.SpecOptions
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
	if set["deepen"] {
		o.Deepen = &f.Deepen
	}
	if set["deepen-reach"] {
		o.DeepenReach = &f.DeepenReach
	}
	return o
}

// Apply sets the parameters named in set on p through SpecOptions.Apply,
// which checks that they apply to p's method; its errors name the flag and
// its valid range. cells is the genome's length.
func (f Tuning) Apply(set map[string]bool, p *dispatch.Spec, cells int) error {
	return f.Options(set).Apply(p, cells)
}

// TuningArgs returns the search flags that state p's parameters where
// they differ from its method's preset (the inverse of Tuning.Apply):
// `slurm evolve` hands them on to each island's evolve.
func TuningArgs(p dispatch.Spec) []string {
	pre, err := dispatch.PresetFor(p.Problem, p.Algo)
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
	add("deepen", p.Deepen != pre.Deepen, p.Deepen)
	add("deepen-reach", p.DeepenReach != pre.DeepenReach, p.DeepenReach)
	return args
}

// ResumeConflict checks the flags given (set) on the command line of a
// resumed search against the Spec p its checkpoint holds: a flag that
// restates p's setting is fine, so that the command that started a search
// resumes it with --resume added; one that would change it, or --init, is
// an error naming the flag. Values are compared as parsed: sizes and
// orders (13X13 is 13x13), and the search parameters of TuningNames as
// Tuning.Apply sets them (--local h2 is Local 2, --mutation 0.50 is 0.5,
// --deepen-reach 3 is the default reach). got returns a flag's value as
// given.
func ResumeConflict(p dispatch.Spec, set map[string]bool, got func(name string) string) error {
	obj := p.Objective
	if obj == "" {
		obj = dispatch.ObjTurns
	}
	fixed := map[string]string{
		"size": fmt.Sprintf("%dx%d", p.Rows, p.Cols), "algo": p.Algo, "pop": strconv.Itoa(p.Pop),
		"seed": strconv.FormatUint(p.Seed, 10), "order": p.Order, "entry": strconv.Itoa(p.Entry),
		"exit": strconv.Itoa(p.Exit), "cap": strconv.FormatInt(p.Cap, 10),
		"free-ends": strconv.FormatBool(p.FreeEnds), "k": strconv.Itoa(p.K), "objective": obj,
	}
	names := append(slices.Clone(TuningNames), "size", "algo", "pop", "seed", "order", "entry", "exit", "cap", "free-ends", "init", "k", "objective")
	for _, name := range names {
		if !set[name] {
			continue
		}
		var same bool
		if want, ok := fixed[name]; ok {
			same = sameSetting(p, name, got(name), want)
		} else if slices.Contains(TuningNames, name) {
			same = sameTuning(p, name, got(name))
		}
		if !same {
			return fmt.Errorf("--%s cannot change on --resume: the checkpoint fixes the search (%s %dx%d, seed %d)", name, p.Algo, p.Rows, p.Cols, p.Seed)
		}
	}
	return nil
}

// sameSetting reports whether a flag's value states the same setting as
// want, p's, reading sizes and orders as they are parsed and --pop 0 as
// the method's preset.
func sameSetting(p dispatch.Spec, name, got, want string) bool {
	switch name {
	case "pop":
		if pre, err := dispatch.PresetFor(p.Problem, p.Algo); err == nil && got == "0" {
			return pre.Pop == p.Pop
		}
	case "size":
		a, err := mousemaze.ParseSize(got)
		return err == nil && a.String() == want
	case "order":
		a, err1 := mousemaze.ParseOrder(got)
		b, err2 := mousemaze.ParseOrder(want)
		return err1 == nil && err2 == nil && a == b
	}
	return got == want
}

// field returns a pointer to the field of f that the search flag name
// (one of TuningNames) sets: an *int, a *float64 or a *string; nil for
// another name.
func (f *Tuning) field(name string) any {
	switch name {
	case "parents":
		return &f.Parents
	case "elite":
		return &f.Elite
	case "mutation":
		return &f.Mutation
	case "crossover":
		return &f.Crossover
	case "local":
		return &f.Local
	case "improve":
		return &f.Improve
	case "sideways":
		return &f.Sideways
	case "kick":
		return &f.Kick
	case "restarts":
		return &f.Restarts
	case "polish":
		return &f.Polish
	case "reach":
		return &f.Reach
	case "accept":
		return &f.Accept
	case "deepen":
		return &f.Deepen
	case "deepen-reach":
		return &f.DeepenReach
	}
	return nil
}

// sameTuning reports whether the search flag name, given as got, states
// p's setting: got is parsed as the flag package parses the flag, applied
// to a copy of p as a new search applies it (Tuning.Apply), and the copy
// must still be p (with a deepening reach of 0 read as the default). A
// value that does not parse, or a flag that does not apply to p's method,
// changes the search.
func sameTuning(p dispatch.Spec, name, got string) bool {
	var t Tuning
	switch v := t.field(name).(type) {
	case *int:
		n, err := strconv.ParseInt(got, 0, strconv.IntSize)
		if err != nil {
			return false
		}
		*v = int(n)
	case *float64:
		x, err := strconv.ParseFloat(got, 64)
		if err != nil {
			return false
		}
		*v = x
	case *string:
		*v = got
	default:
		return false
	}
	q := p
	if err := t.Apply(map[string]bool{name: true}, &q, math.MaxInt); err != nil {
		return false
	}
	p.DeepenReach, q.DeepenReach = p.DeepenReachOrDefault(), q.DeepenReachOrDefault()
	return q == p
}
