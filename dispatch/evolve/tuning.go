package evolve

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// Tuning holds the search flags given on a command line (--parents,
// --elite, ...: the parameters of dispatch.Params), by flag name, as
// given. Each is applied only when given, so that the method's preset
// holds otherwise.
type Tuning map[string]string

// TuningNames are the flag names of the search parameters
// (dispatch.Params) but --pop, which the commands define as a flag of
// their own (it is also the batch of the methods that do not breed).
var TuningNames = func() []string {
	var names []string
	for _, pa := range dispatch.Params {
		if pa.Name != "pop" {
			names = append(names, pa.Name)
		}
	}
	return names
}()

// TuningFlags registers on fs a flag for each search parameter of
// TuningNames that fs does not define already (a command may define a
// name in its own sense: viennese evolve's --parents, --elite and
// --mutation are its former search's), with the parameter's help text.
// Each flag keeps its value as given in the Tuning returned, by flag
// name; dispatch.ApplyParams parses and checks it.
func TuningFlags(fs *flag.FlagSet) Tuning {
	t := Tuning{}
	for _, name := range TuningNames {
		if fs.Lookup(name) == nil {
			pa, _ := dispatch.ParamNamed(name)
			fs.Var(tuningFlag{t: t, name: name}, name, pa.Help)
		}
	}
	return t
}

// tuningFlag is a search parameter's flag.Value: it keeps the value as
// given in t.
type tuningFlag struct {
	t    Tuning
	name string
}

func (v tuningFlag) String() string {
	if v.t == nil {
		return ""
	}
	return v.t[v.name]
}

func (v tuningFlag) Set(s string) error {
	v.t[v.name] = s
	return nil
}

// Given returns the names of the parameters f holds: the flags of
// TuningFlags given on the command line.
func (f Tuning) Given() map[string]bool {
	set := map[string]bool{}
	for name := range f {
		set[name] = true
	}
	return set
}

// tuningSet lists the search flags (TuningNames) that set holds, in the
// table's order.
func tuningSet(set map[string]bool) []string {
	var names []string
	for _, name := range TuningNames {
		if set[name] {
			names = append(names, name)
		}
	}
	return names
}

// Apply sets the parameters named in set on p through
// dispatch.ApplyParams, which checks that they apply to p's method; its
// errors name the flag and its valid range. cells is the genome's length.
func (f Tuning) Apply(set map[string]bool, p *dispatch.Spec, cells int) error {
	given := map[string]string{}
	for _, name := range tuningSet(set) {
		v, ok := f[name]
		if !ok { // set but not held: the flag's zero value
			pa, _ := dispatch.ParamNamed(name)
			v = pa.Format(dispatch.Spec{})
		}
		given[name] = v
	}
	return dispatch.ApplyParams(p, given, cells)
}

// TuningArgs returns the search flags that state p's parameters where
// they differ from its method's preset (the inverse of Tuning.Apply):
// `slurm evolve` hands them on to each island's evolve. --pop is left
// to the caller.
func TuningArgs(p dispatch.Spec) []string {
	pre, err := dispatch.PresetFor(p.Problem, p.Algo)
	if err != nil {
		return nil
	}
	var args []string
	for _, pa := range dispatch.Params {
		if v := pa.Format(p); pa.Name != "pop" && v != pa.Format(pre) {
			args = append(args, "--"+pa.Name, v)
		}
	}
	return args
}

// ResumeConflict checks the flags given (set) on the command line of a
// resumed search against the Spec p its checkpoint holds: a flag that
// restates p's setting is fine, so that the command that started a search
// resumes it with --resume added; one that would change it is an error
// naming the flag. --init and --init-at are not checked: a resumed search
// does not read them (the mazes they seeded are in the checkpoint's
// state), and the command says so (InitOnResume). Values are compared as
// parsed: sizes and orders (13X13 is 13x13), and the search parameters of
// TuningNames as Tuning.Apply sets them (--local h2 is Local 2, --mutation
// 0.50 is 0.5, --deepen-reach 3 is the default reach). got returns a
// flag's value as given.
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
	names := append(slices.Clone(TuningNames), "size", "algo", "pop", "seed", "order", "entry", "exit", "cap", "free-ends", "k", "objective")
	for _, name := range names {
		if !set[name] {
			continue
		}
		var same bool
		if name == "algo" && got(name) == dispatch.AlgoAuto {
			same = dispatch.AutoAlgo(p.Rows, p.Cols, tuningSet(set)) == p.Algo
		} else if want, ok := fixed[name]; ok {
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

// InitOnResume is the note a command prints when --init or --init-at is
// given with --resume: the search is the checkpoint's, whatever they say.
const InitOnResume = "--init and --init-at are not read on --resume: the checkpoint holds the search they started"

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

// sameTuning reports whether the search flag name, given as got, states
// p's setting: got is parsed as the flag package parses the flag, applied
// to a copy of p as a new search applies it (Tuning.Apply), and the copy
// must still be p (with a deepening reach of 0 read as the default). A
// value that does not parse, or a flag that does not apply to p's method,
// changes the search.
func sameTuning(p dispatch.Spec, name, got string) bool {
	q := p
	if err := (Tuning{name: got}).Apply(map[string]bool{name: true}, &q, math.MaxInt); err != nil {
		return false
	}
	p.DeepenReach, q.DeepenReach = p.DeepenReachOrDefault(), q.DeepenReachOrDefault()
	return q == p
}
