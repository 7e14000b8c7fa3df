package dispatch

import (
	"fmt"
	"strings"
)

// SpecOptions are the search method's parameters a caller may set over a
// method's Preset: the flags of `mousemaze evolve` (--pop, --parents, …)
// and the fields of the web's evolve jobs, under the same names. A nil
// field is not given and leaves the preset's value. [SpecOptions.Apply]
// checks them, so that every front end answers a bad value with the same
// message.
type SpecOptions struct {
	// Pop is the population or batch size; 0 keeps the preset's.
	Pop *int `json:"pop,omitempty"`
	// Parents and Elite apply to the breeding methods (ea, ga, memetic,
	// pipeline); see Spec.
	Parents *int `json:"parents,omitempty"`
	Elite   *int `json:"elite,omitempty"`
	// Mutation is the expected sites changed per child, in (0, sites].
	Mutation *float64 `json:"mutation,omitempty"`
	// Crossover is CrossUniform or CrossNone.
	Crossover *string `json:"crossover,omitempty"`
	// Local is the climbs' neighbourhood: "h1" to "h8" (ils,
	// memetic, hill).
	Local *string `json:"local,omitempty"`
	// Improve is ImproveFirst or ImproveBest (ils, hill).
	Improve *string `json:"improve,omitempty"`
	// Sideways, Reach apply to the climbing methods (ils, memetic, hill);
	// Kick, Restarts and Accept to ils. See Spec.
	Sideways *int     `json:"sideways,omitempty"`
	Kick     *int     `json:"kick,omitempty"`
	Restarts *int     `json:"restarts,omitempty"`
	Reach    *int     `json:"reach,omitempty"`
	Accept   *float64 `json:"accept,omitempty"`
	// Polish is the radius 0–3 of the exhaustive search around the best
	// once the budget is spent (every method).
	Polish *int `json:"polish,omitempty"`
	// Deepen and DeepenReach are the radius (0 to MaxLocal) and the reach
	// of the deepening climb once the budget is spent (every method; see
	// Spec).
	Deepen      *int `json:"deepen,omitempty"`
	DeepenReach *int `json:"deepen_reach,omitempty"`
}

// SpecOptionNames lists the options by their flag and JSON names, in the
// order Apply checks them.
var SpecOptionNames = []string{"pop", "parents", "elite", "mutation", "crossover", "local", "improve", "sideways", "kick", "restarts", "reach", "accept", "polish", "deepen", "deepen_reach"}

// Set returns the names of the options given (not nil), in the order of
// SpecOptionNames.
func (o SpecOptions) Set() []string {
	given := []bool{o.Pop != nil, o.Parents != nil, o.Elite != nil, o.Mutation != nil, o.Crossover != nil, o.Local != nil,
		o.Improve != nil, o.Sideways != nil, o.Kick != nil, o.Restarts != nil, o.Reach != nil, o.Accept != nil, o.Polish != nil,
		o.Deepen != nil, o.DeepenReach != nil}
	var names []string
	for i, g := range given {
		if g {
			names = append(names, SpecOptionNames[i])
		}
	}
	return names
}

// optionAlgos names the methods each option applies to; an option not
// listed applies to every method.
var optionAlgos = map[string][]string{
	"parents":   {AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline},
	"elite":     {AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline},
	"mutation":  {AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline},
	"crossover": {AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline, AlgoILS},
	"local":     {AlgoILS, AlgoMemetic, AlgoHill},
	"improve":   {AlgoILS, AlgoHill},
	"sideways":  {AlgoILS, AlgoMemetic, AlgoHill},
	"kick":      {AlgoILS},
	"restarts":  {AlgoILS},
	"reach":     {AlgoILS, AlgoMemetic, AlgoHill},
	"accept":    {AlgoILS},
}

// Apply sets the given options on p, whose Algo (and the preset values of
// the options not given) must be set already, and checks them: that each
// applies to p's method and lies in its range. sites is the number of
// sites of a genome (the cells of a grid, the interior edges of an edge
// board), which bounds Mutation and Kick. Its errors name the option as a
// flag and give the valid range, such as
// "--parents 0: must be in 1..100 (--pop)"; they are the CLI's usage
// errors and the web's 400 answers. Apply does not call Spec.Validate.
func (o SpecOptions) Apply(p *Spec, sites int) error {
	for _, name := range o.Set() {
		algos, ok := optionAlgos[name]
		if !ok {
			continue
		}
		applies := false
		for _, a := range algos {
			applies = applies || p.Algo == a
		}
		if !applies {
			return fmt.Errorf("--%s does not apply to --algo %s (only to %s)", name, p.Algo, strings.Join(algos, ", "))
		}
	}
	if o.Pop != nil {
		if *o.Pop < 0 {
			return fmt.Errorf("--pop %d: must be 0 (preset) or more", *o.Pop)
		}
		if *o.Pop > 0 {
			p.Pop = *o.Pop
		}
	}
	if o.Parents != nil {
		if v := *o.Parents; v < 1 || v > p.Pop {
			return fmt.Errorf("--parents %d: must be in 1..%d (--pop)", v, p.Pop)
		}
		p.Parents = *o.Parents
	}
	if o.Elite != nil {
		if v := *o.Elite; v < 0 || v > p.Pop {
			return fmt.Errorf("--elite %d: must be in 0..%d (--pop)", v, p.Pop)
		}
		p.Elite = *o.Elite
	}
	if o.Mutation != nil {
		if v := *o.Mutation; !(v > 0) || v > float64(sites) {
			return fmt.Errorf("--mutation %v: must be above 0 and at most %d (the cells)", v, sites)
		}
		p.Mutation = *o.Mutation
	}
	if o.Crossover != nil {
		if v := *o.Crossover; v != CrossUniform && v != CrossNone {
			return fmt.Errorf("--crossover %q: must be uniform or none", v)
		}
		p.Crossover = *o.Crossover
	}
	if o.Local != nil {
		v := *o.Local
		if len(v) != 2 || v[0] != 'h' || v[1] < '1' || v[1] > '0'+MaxLocal {
			return fmt.Errorf("--local %q: %s", v, localRange)
		}
		p.Local = int(v[1] - '0')
	}
	if o.Improve != nil {
		if v := *o.Improve; v != ImproveFirst && v != ImproveBest {
			return fmt.Errorf("--improve %q: must be first or best", v)
		}
		p.Improve = *o.Improve
	}
	if o.Sideways != nil {
		if v := *o.Sideways; v < 0 {
			return fmt.Errorf("--sideways %d: must be 0 or more", v)
		}
		p.Sideways = *o.Sideways
	}
	if o.Kick != nil {
		if v := *o.Kick; v < 1 || v > sites {
			return fmt.Errorf("--kick %d: must be in 1..%d (the cells)", v, sites)
		}
		p.Kick = *o.Kick
	}
	if o.Restarts != nil {
		if v := *o.Restarts; v < 0 {
			return fmt.Errorf("--restarts %d: must be 0 (never) or more", v)
		}
		p.Restarts = *o.Restarts
	}
	if o.Reach != nil {
		if v := *o.Reach; v < 0 {
			return fmt.Errorf("--reach %d: must be 0 (any) or more", v)
		}
		p.Reach = *o.Reach
	}
	if o.Accept != nil {
		if v := *o.Accept; !(v >= 0 && v < 1) {
			return fmt.Errorf("--accept %v: must be in [0, 1)", v)
		}
		p.Accept = *o.Accept
	}
	if o.Polish != nil {
		if v := *o.Polish; v < 0 || v > 3 {
			return fmt.Errorf("--polish %d: must be 0, 1, 2 or 3", v)
		}
		p.Polish = *o.Polish
	}
	if o.Deepen != nil {
		if v := *o.Deepen; v < 0 || v > MaxLocal {
			return fmt.Errorf("--deepen %d: must be in 0..%d", v, MaxLocal)
		}
		p.Deepen = *o.Deepen
	}
	if o.DeepenReach != nil {
		if v := *o.DeepenReach; v < 1 {
			return fmt.Errorf("--deepen-reach %d: must be 1 or more", v)
		}
		p.DeepenReach = *o.DeepenReach
	}
	// A deep neighbourhood without a reach (given, or the preset's).
	if p.Local > 3 && p.Reach == 0 && (o.Local != nil || o.Reach != nil) {
		return fmt.Errorf("--local h%d: %s", p.Local, localRange)
	}
	// A smaller --pop than the preset's parents: name the parents.
	if p.Parents > p.Pop && p.Validate() != nil {
		return fmt.Errorf("--parents %d: must be in 1..%d (--pop)", p.Parents, p.Pop)
	}
	return nil
}
