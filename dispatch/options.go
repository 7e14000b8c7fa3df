package dispatch

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
	// Kick, KickHeat, Restarts and Accept to ils. See Spec.
	Sideways *int     `json:"sideways,omitempty"`
	Kick     *int     `json:"kick,omitempty"`
	KickHeat *float64 `json:"kick_heat,omitempty"`
	Restarts *int     `json:"restarts,omitempty"`
	Reach    *int     `json:"reach,omitempty"`
	Accept   *float64 `json:"accept,omitempty"`
	// Archive is ils's archive of local optima (see Spec).
	Archive *int `json:"archive,omitempty"`
	// Polish is the radius 0–3 of the exhaustive search around the best
	// once the budget is spent (every method).
	Polish *int `json:"polish,omitempty"`
	// Deepen and DeepenReach are the radius (0 to MaxLocal) and the reach
	// of the deepening climb once the budget is spent (every method; see
	// Spec).
	Deepen      *int `json:"deepen,omitempty"`
	DeepenReach *int `json:"deepen_reach,omitempty"`
}

// SpecOptionNames lists the options by their JSON names, in the order
// of Params, which checks them.
var SpecOptionNames = func() []string {
	names := make([]string, len(Params))
	for i, pa := range Params {
		names[i] = pa.JSONName()
	}
	return names
}()

// Set returns the JSON names of the options given (not nil), in the
// order of Params.
func (o SpecOptions) Set() []string {
	given := o.given()
	var names []string
	for _, name := range SpecOptionNames {
		if _, ok := given[name]; ok {
			names = append(names, name)
		}
	}
	return names
}

// Apply sets the given options on p, whose Algo (and the preset values of
// the options not given) must be set already, and checks them through the
// one table of parameters (ApplyParams): that each applies to p's method
// and lies in its range. sites is the number of sites of a genome (the
// cells of a grid, the interior edges of an edge board), which bounds
// Mutation and Kick. Its errors name the option as a flag and give the
// valid range, such as "--parents 0: must be in 1..100 (--pop)"; they are
// the CLI's usage errors and the web's 400 answers. Apply does not call
// Spec.Validate.
func (o SpecOptions) Apply(p *Spec, sites int) error {
	return ApplyParams(p, o.given(), sites)
}
