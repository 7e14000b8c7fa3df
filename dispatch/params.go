package dispatch

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// A Param is one of the search method's parameters that a user may set
// over a method's preset. Params is the one table of them: it gives each
// its name (the flag --Name; the JSON field of job files and checkpoints
// is Name with '_' for '-'), the methods it applies to, its help and its
// range; SpecOptions.Apply (the web's jobs), the CLI's search flags
// (dispatch/evolve.Tuning), the Slurm islands' arguments (TuningArgs), the
// checks of a resumed command line and Spec.Validate all read it.
type Param struct {
	// Name is the flag's name.
	Name string
	// Algos lists the methods the parameter applies to; nil means every
	// method.
	Algos []string
	// Help is the flag's help text; the word in backquotes names its
	// value (flag.UnquoteUsage).
	Help string
	// field returns a pointer to the Spec field the parameter sets: an
	// *int, a *float64 or a *string.
	field func(p *Spec) any
	// parse reads the flag syntax into the field's type when it differs
	// from the field's (Local: "h3" is 3); format writes it back.
	parse  func(s string) (int, error)
	format func(v int) string
	// check tells whether the field's value on p is in range, "" when it
	// is. With c.given the value comes from the user (flags, job JSON),
	// where an empty or zero value is not the preset's; c.sites, when
	// above 0, is the number of sites of a genome (mutation and kick are
	// bounded by it). Its message follows "--Name VALUE: ".
	check func(p *Spec, c checkContext) string
}

// JSONName is the parameter's name in JSON: Name with '_' for '-'.
func (pa Param) JSONName() string { return strings.ReplaceAll(pa.Name, "-", "_") }

// AppliesTo reports whether the parameter applies to method algo.
func (pa Param) AppliesTo(algo string) bool {
	if pa.Algos == nil {
		return true
	}
	for _, a := range pa.Algos {
		if a == algo {
			return true
		}
	}
	return false
}

// Format returns the parameter's value on p in flag syntax.
func (pa Param) Format(p Spec) string {
	switch v := pa.field(&p).(type) {
	case *int:
		if pa.format != nil {
			return pa.format(*v)
		}
		return strconv.Itoa(*v)
	case *float64:
		return strconv.FormatFloat(*v, 'g', -1, 64)
	case *string:
		return *v
	}
	panic("dispatch: Param " + pa.Name + ": field of unknown type")
}

// Set parses s, in flag syntax, into the parameter's field of p without
// checking its range; a value that does not parse is an error naming the
// flag.
func (pa Param) Set(p *Spec, s string) error {
	bad := func() error { return fmt.Errorf("--%s %q: not a valid value", pa.Name, s) }
	switch v := pa.field(p).(type) {
	case *int:
		if pa.parse != nil {
			n, err := pa.parse(s)
			if err != nil {
				return fmt.Errorf("--%s %q: %v", pa.Name, s, err)
			}
			*v = n
			return nil
		}
		n, err := strconv.ParseInt(s, 0, strconv.IntSize)
		if err != nil {
			return bad()
		}
		*v = int(n)
	case *float64:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return bad()
		}
		*v = x
	case *string:
		*v = s
	}
	return nil
}

// checkContext says where a value being checked comes from.
type checkContext struct {
	given bool // set by the user, not stored in a Spec
	sites int  // the sites of a genome, when above 0
}

// Check reports whether the parameter's value on p is in its range, as an
// error naming the flag and the range; given says the value comes from the
// user (where "" or 0 does not mean the preset's), sites (when above 0) is
// the number of sites of a genome.
func (pa Param) Check(p Spec, given bool, sites int) error {
	if msg := pa.check(&p, checkContext{given, sites}); msg != "" {
		v := pa.Format(p)
		if _, ok := pa.field(&p).(*string); ok {
			v = strconv.Quote(v)
		}
		return fmt.Errorf("--%s %s: %s", pa.Name, v, msg)
	}
	return nil
}

// maxArchive bounds Spec.Archive.
const maxArchive = 1024

var (
	breeders  = []string{AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline}
	climbers  = []string{AlgoILS, AlgoMemetic, AlgoHill}
	ilsOnly   = []string{AlgoILS}
	improvers = []string{AlgoILS, AlgoHill}
)

// Params is the table of the search parameters, in the order they are
// applied and checked.
var Params = []Param{
	{Name: "pop", Help: "population / batch size `n` (0 = the method's preset)",
		field: func(p *Spec) any { return &p.Pop },
		check: func(p *Spec, _ checkContext) string { return atLeast(p.Pop, 0, "0 (preset) or more") }},
	{Name: "parents", Algos: breeders, Help: "the top `n` of a generation become parents (ea, ga, memetic, pipeline; default: the method's preset)",
		field: func(p *Spec) any { return &p.Parents },
		check: func(p *Spec, _ checkContext) string { return within(p.Parents, 1, p.Pop, "(--pop)") }},
	{Name: "elite", Algos: breeders, Help: "the best `n` of a generation are carried over unchanged (ea, ga, memetic, pipeline)",
		field: func(p *Spec) any { return &p.Elite },
		check: func(p *Spec, _ checkContext) string { return within(p.Elite, 0, p.Pop, "(--pop)") }},
	{Name: "mutation", Algos: breeders, Help: "expected cells flipped per child, a binomial draw (`m` > 0; a child equal to a parent gets one flip more; default 0.06 of the cells for ea/ga, 0.03 for memetic/pipeline)",
		field: func(p *Spec) any { return &p.Mutation },
		check: func(p *Spec, c checkContext) string {
			switch {
			case !c.given && p.Mutation < 0: // 0 is the preset's
				return "must be above 0 (expected sites changed per child)"
			case !c.given && c.sites > 0 && p.Mutation > float64(c.sites):
				return fmt.Sprintf("must be above 0 and at most %d (the cells)", c.sites)
			case c.given && (!(p.Mutation > 0) || c.sites > 0 && p.Mutation > float64(c.sites)):
				return fmt.Sprintf("must be above 0 and at most %d (the cells)", c.sites)
			}
			return ""
		}},
	{Name: "crossover", Algos: append(append([]string(nil), breeders...), AlgoILS), Help: "how children are bred (`kind`): uniform (each cell from one of two parents) or none, or for ils relink (default: uniform for ga, memetic, pipeline and ils, where half the kicks cross home with an archived local optimum, or with relink walk from home towards it; none for ea)",
		field: func(p *Spec) any { return &p.Crossover },
		check: func(p *Spec, c checkContext) string {
			if p.Crossover == CrossRelink {
				if p.Algo != AlgoILS {
					return "relink applies to ils only; want uniform or none"
				}
				return ""
			}
			return oneOf(p.Crossover, "must be uniform, none or (ils) relink", !c.given, CrossUniform, CrossNone)
		}},
	{Name: "local", Algos: climbers, Help: "local-search neighbourhood `hR`: h1 to h8 (the mazes within that Hamming distance; h4 and above only with --reach, which keeps them small; ils, memetic, hill)",
		field: func(p *Spec) any { return &p.Local },
		parse: func(s string) (int, error) {
			if len(s) != 2 || s[0] != 'h' || s[1] < '1' || s[1] > '0'+MaxLocal {
				return 0, fmt.Errorf("%s", localRange)
			}
			return int(s[1] - '0'), nil
		},
		format: func(v int) string { return fmt.Sprintf("h%d", v) },
		check: func(p *Spec, _ checkContext) string {
			if p.Local < 1 || p.Local > MaxLocal || p.Local > 3 && p.Reach == 0 {
				return localRange
			}
			return ""
		}},
	{Name: "improve", Algos: improvers, Help: "local-search `rule`: first (move to the first better neighbour, random order) or best (scan the radius, take the best)",
		field: func(p *Spec) any { return &p.Improve },
		check: func(p *Spec, c checkContext) string {
			return oneOf(p.Improve, "must be first or best", !c.given, ImproveFirst, ImproveBest)
		}},
	{Name: "sideways", Algos: climbers, Help: "plateau moves `n` in a row a climb may make to equal neighbours not visited before (ils, hill, memetic)",
		field: func(p *Spec) any { return &p.Sideways },
		check: func(p *Spec, _ checkContext) string { return atLeast(p.Sideways, 0, "0 or more") }},
	{Name: "kick", Algos: ilsOnly, Help: "cells `n` flipped at random when the iterated local search is stuck at a local optimum (ils)",
		field: func(p *Spec) any { return &p.Kick },
		check: func(p *Spec, c checkContext) string {
			if c.sites > 0 {
				if pre, err := Preset(p.Algo); !c.given && err == nil && p.Kick >= 1 && p.Kick <= pre.Kick {
					return "" // a preset's kick stays allowed on a small genome
				}
				return within(p.Kick, 1, c.sites, "(the cells)")
			}
			return atLeast(p.Kick, 1, "at least 1")
		}},
	{Name: "kick-heat", Algos: ilsOnly, Help: "draw the cells of a random kick by the walk of home: a cell visited v times has weight (v+1)^`a` (0-8; 0 = uniform; ils on grids)",
		field: func(p *Spec) any { return &p.KickHeat },
		check: func(p *Spec, _ checkContext) string { return inInterval(p.KickHeat, 0, 8, false) }},
	{Name: "restarts", Algos: ilsOnly, Help: "kicks `n` in a row without a better local optimum before ils restarts from a random maze (0 = never)",
		field: func(p *Spec) any { return &p.Restarts },
		check: func(p *Spec, _ checkContext) string { return atLeast(p.Restarts, 0, "0 (never) or more") }},
	{Name: "reach", Algos: climbers, Help: "moves of a climb at Hamming radius 2 and above combine only cells (edges) within Chebyshev distance `d` of each other (0 = any; ils: 2)",
		field: func(p *Spec) any { return &p.Reach },
		check: func(p *Spec, _ checkContext) string { return atLeast(p.Reach, 0, "0 (any) or more") }},
	{Name: "accept", Algos: ilsOnly, Help: "ils moves its home to a local optimum scoring at least (1 - `a`) of home's (0 = equal or better only)",
		field: func(p *Spec) any { return &p.Accept },
		check: func(p *Spec, _ checkContext) string { return inInterval(p.Accept, 0, 1, true) }},
	{Name: "archive", Algos: ilsOnly, Help: "distinct local optima `n` ils keeps to cross home with when --crossover is uniform or relink (0 = 16; at most 1024)",
		field: func(p *Spec) any { return &p.Archive },
		check: func(p *Spec, _ checkContext) string { return within(p.Archive, 0, maxArchive, "") }},
	{Name: "polish", Help: "after the budget, search every maze within Hamming distance `r` (0-3) of the best until none is better, and certify it (pipeline: 3)",
		field: func(p *Spec) any { return &p.Polish },
		check: func(p *Spec, _ checkContext) string {
			if p.Polish < 0 || p.Polish > 3 {
				return "must be 0, 1, 2 or 3"
			}
			return ""
		}},
	{Name: "deepen", Help: "after the budget, climb from the best by best improvement up to Hamming distance `r` (0-8), combining only cells within --deepen-reach of each other, before any --polish (ils on grids: 6; 0 = none)",
		field: func(p *Spec) any { return &p.Deepen },
		check: func(p *Spec, _ checkContext) string { return within(p.Deepen, 0, MaxLocal, "") }},
	{Name: "deepen-reach", Help: "the reach `d` of --deepen's moves (0 = the default, 3)",
		field: func(p *Spec) any { return &p.DeepenReach },
		check: func(p *Spec, _ checkContext) string { return atLeast(p.DeepenReach, 0, "0 (the default, 3) or more") }},
}

// ParamNamed returns the parameter whose flag or JSON name is name.
func ParamNamed(name string) (Param, bool) {
	for _, pa := range Params {
		if pa.Name == name || pa.JSONName() == name {
			return pa, true
		}
	}
	return Param{}, false
}

// ApplyParams sets the parameters given (by flag or JSON name, in flag
// syntax) on p, whose Algo and preset values must be set already, in the
// order of Params, and checks them: that each applies to p's method and
// lies in its range; sites is the number of sites of a genome (cells,
// edges), which bounds mutation and kick. A pop of 0 keeps the preset's.
// Its errors name the flag and the valid range, such as "--parents 0:
// must be in 1..100 (--pop)"; they are the CLI's usage errors and the
// web's 400 answers. It does not call Spec.Validate.
func ApplyParams(p *Spec, given map[string]string, sites int) error {
	for name := range given {
		if _, ok := ParamNamed(name); !ok {
			return fmt.Errorf("unknown search parameter %q", name)
		}
	}
	for _, pa := range Params {
		s, ok := given[pa.Name]
		if !ok {
			s, ok = given[pa.JSONName()]
		}
		if !ok {
			continue
		}
		if !pa.AppliesTo(p.Algo) {
			return fmt.Errorf("--%s does not apply to --algo %s (only to %s)", pa.Name, p.Algo, strings.Join(pa.Algos, ", "))
		}
		q := *p
		if err := pa.Set(&q, s); err != nil {
			return err
		}
		if err := pa.Check(q, true, sites); err != nil {
			return err
		}
		if pa.Name == "pop" && q.Pop == 0 {
			continue // the preset's
		}
		*p = q
	}
	// A deep neighbourhood without a reach (given, or the preset's).
	_, local := given["local"]
	_, reach := given["reach"]
	if p.Local > 3 && p.Reach == 0 && (local || reach) {
		return fmt.Errorf("--local h%d: %s", p.Local, localRange)
	}
	// A smaller --pop than the preset's parents: name the parents.
	if p.Parents > p.Pop && p.Validate() != nil {
		if _, ok := given["parents"]; !ok {
			return fmt.Errorf("--pop %d: the %s preset's parents, %d, exceed --pop %d; give a larger --pop, or --parents at most %d", p.Pop, p.Algo, p.Parents, p.Pop, p.Pop)
		}
		return fmt.Errorf("--parents %d: must be in 1..%d (--pop)", p.Parents, p.Pop)
	}
	return nil
}

// checkParams checks the range of every parameter that applies to p's
// method (Spec.Validate's part of the table).
func (p Spec) checkParams() error {
	if err := p.CheckParams(0); err != nil {
		return fmt.Errorf("%w: %v", ErrParams, err)
	}
	return nil
}

// CheckParams checks the range of every parameter of the table that
// applies to p's method, with the genome's sites (when above 0) bounding
// mutation and kick as for a search started with them (a preset's kick
// stays allowed): what a whole Spec from outside (a web job, a job file)
// must pass beside Validate. Its errors name the flag and the range.
func (p Spec) CheckParams(sites int) error {
	for _, pa := range Params {
		if !pa.AppliesTo(p.Algo) {
			continue
		}
		if err := pa.Check(p, false, sites); err != nil {
			return err
		}
	}
	return nil
}

// given returns the options of o that are set (not nil), by JSON name, in
// flag syntax; the fields are found by their JSON names, so that the
// struct needs no list of its own.
func (o SpecOptions) given() map[string]string {
	out := map[string]string{}
	v := reflect.ValueOf(o)
	for i := range v.NumField() {
		f := v.Field(i)
		if f.IsNil() {
			continue
		}
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		switch x := f.Elem().Interface().(type) {
		case int:
			out[name] = strconv.Itoa(x)
		case float64:
			out[name] = strconv.FormatFloat(x, 'g', -1, 64)
		case string:
			out[name] = x
		}
	}
	return out
}

func atLeast(v, lo int, msg string) string {
	if v < lo {
		return "must be " + msg
	}
	return ""
}

func within(v, lo, hi int, why string) string {
	if v < lo || v > hi {
		return strings.TrimSpace(fmt.Sprintf("must be in %d..%d %s", lo, hi, why))
	}
	return ""
}

// inInterval is the range check of a float parameter: "" when x lies in
// [lo, hi], or in [lo, hi) when hiOpen (NaN never does), else the message
// naming the interval, such as "must be in [0, 1)".
func inInterval(x, lo, hi float64, hiOpen bool) string {
	if x >= lo && (x < hi || !hiOpen && x == hi) {
		return ""
	}
	end := "]"
	if hiOpen {
		end = ")"
	}
	return fmt.Sprintf("must be in [%g, %g%s", lo, hi, end)
}

func oneOf(v, msg string, emptyOK bool, allowed ...string) string {
	if v == "" && emptyOK {
		return ""
	}
	for _, a := range allowed {
		if v == a {
			return ""
		}
	}
	return msg
}
