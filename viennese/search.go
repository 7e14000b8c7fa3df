package viennese

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/mousemaze/mousemaze/dispatch"
)

// The search methods. The searches run on the one engine of package
// dispatch (Problem is the Viennese problem); keep, anneal and the
// paper's methods map onto its strategies as described here, and every
// other engine method (memetic, ils, pipeline) is available by its
// dispatch name.
const (
	// AlgoKeep is the seed's mutate-and-keep loop ("if the new maze
	// scores lower than the current maze, dump it, otherwise it replaces
	// the current maze"). It runs as the engine's simulated annealing at
	// temperature 0 on one chain: a proposal changes Rate·streets lights
	// on average (at least one) and is kept unless it scores lower.
	AlgoKeep = "keep"
	// AlgoAnneal was the seed's schedule of a falling mutation
	// probability, which has no counterpart among the engine's methods: it
	// now runs exactly as keep (Rate 0.1). The engine's simulated
	// annealing with a positive temperature drifts below the score-1
	// plateau of the ht variant and seldom comes back, so it is not used
	// here; it is AlgoSA. Rounds is checked and no longer used.
	AlgoAnneal = "anneal"
	// AlgoRandom scores random colourings and keeps the best.
	AlgoRandom = dispatch.AlgoRandom
	// AlgoEA is the evolutionary algorithm: the best Parents of each
	// generation of Pop colourings breed mutated copies.
	AlgoEA = dispatch.AlgoEA
	// AlgoGA is the genetic algorithm: children take each light from one
	// of two random parents (uniform crossover) and are then mutated.
	AlgoGA = dispatch.AlgoGA
	// AlgoHill is steepest-ascent hill climbing on one climber: all
	// 2·streets colourings that differ in one light are scored, the best
	// is taken if it is better, and a local optimum restarts from a random
	// colouring.
	AlgoHill = dispatch.AlgoHill
	// AlgoSA is simulated annealing on one chain: a proposal changes one
	// random light; a better or equal one is accepted, a worse one with
	// probability exp(Δ/(T·score)), where the relative temperature T falls
	// linearly from Temp to 0 as the budget is spent.
	AlgoSA = dispatch.AlgoAnneal
	// AlgoMemetic, AlgoILS and AlgoPipeline are the engine's methods of
	// the same names, with its presets.
	AlgoMemetic  = dispatch.AlgoMemetic
	AlgoILS      = dispatch.AlgoILS
	AlgoPipeline = dispatch.AlgoPipeline
)

// Algos lists the search methods.
var Algos = []string{AlgoKeep, AlgoAnneal, AlgoRandom, AlgoHill, AlgoSA, AlgoEA, AlgoGA, AlgoMemetic, AlgoILS, AlgoPipeline}

// ErrUnknownAlgo reports a method not in Algos.
var ErrUnknownAlgo = errors.New("unknown search method")

// Params define a search completely: with the same Params and Scorer, a
// search gives the same result.
type Params struct {
	// Algo is the method, one of Algos.
	Algo string `json:"algo"`
	// Evals is the budget: the number of colourings scored.
	Evals int64 `json:"evals"`
	// Seed seeds the PCG stream every random choice is drawn from.
	Seed uint64 `json:"seed"`
	// Rate is the probability that a light changes in one step of keep.
	Rate float64 `json:"rate,omitempty"`
	// Rounds was the rounds per level of anneal's former schedule; it is
	// checked and no longer used.
	Rounds int `json:"rounds,omitempty"`
	// Pop is the generation size (ea, ga, memetic, pipeline); 0 means the
	// engine's preset.
	Pop int `json:"pop,omitempty"`
	// Parents is how many of the best colourings of a generation breed.
	Parents int `json:"parents,omitempty"`
	// Elite is how many of the best colourings are carried into the next
	// generation unchanged (and not scored again).
	Elite int `json:"elite,omitempty"`
	// Mutation is the probability that a child's light changes (ea, ga).
	Mutation float64 `json:"mutation,omitempty"`
	// Temp is the initial relative temperature of sa.
	Temp float64 `json:"temp,omitempty"`
}

// DefaultParams returns the defaults for algo: Rate 0.1 for keep, 10
// rounds per level for anneal, and for ea and ga the values package
// dispatch uses on grid mazes: Pop 100, Parents 10, Elite 1, Mutation 0.06;
// Temp 0.05 for sa, as dispatch. memetic, ils and pipeline take the
// engine's presets.
func DefaultParams(algo string) (Params, error) {
	p := Params{Algo: algo, Evals: 100000, Seed: 1}
	switch algo {
	case AlgoKeep:
		p.Rate = 0.1
	case AlgoAnneal:
		p.Rounds = 10
	case AlgoRandom, AlgoHill, AlgoMemetic, AlgoILS, AlgoPipeline:
	case AlgoSA:
		p.Temp = 0.05
	case AlgoEA, AlgoGA:
		p.Pop, p.Parents, p.Elite, p.Mutation = 100, 10, 1, 0.06
	default:
		return p, fmt.Errorf("%w %q, want one of %v", ErrUnknownAlgo, algo, Algos)
	}
	return p, nil
}

// Validate checks the parameters of p's method.
func (p Params) Validate() error {
	if !slices.Contains(Algos, p.Algo) {
		return fmt.Errorf("%w %q, want one of %v", ErrUnknownAlgo, p.Algo, Algos)
	}
	if p.Evals < 1 {
		return fmt.Errorf("budget %d: want at least 1 colouring scored", p.Evals)
	}
	switch p.Algo {
	case AlgoKeep:
		if !(p.Rate > 0 && p.Rate <= 1) {
			return fmt.Errorf("rate %v: want 0 < rate ≤ 1", p.Rate)
		}
	case AlgoAnneal:
		if p.Rounds < 1 {
			return fmt.Errorf("rounds %d: want at least 1", p.Rounds)
		}
	case AlgoSA:
		if !(p.Temp >= 0) {
			return fmt.Errorf("temp %v: want 0 or more", p.Temp)
		}
	case AlgoEA, AlgoGA:
		if p.Pop < 1 || p.Parents < 1 || p.Parents > p.Pop || p.Elite < 0 || p.Elite > p.Pop {
			return fmt.Errorf("pop %d, parents %d, elite %d: want 1 ≤ parents ≤ pop and 0 ≤ elite ≤ pop", p.Pop, p.Parents, p.Elite)
		}
		if !(p.Mutation >= 0 && p.Mutation <= 1) {
			return fmt.Errorf("mutation %v: want 0..1", p.Mutation)
		}
	}
	if p.Pop < 0 || p.Parents < 0 || p.Elite < 0 {
		return fmt.Errorf("pop %d, parents %d, elite %d: want 0 or more", p.Pop, p.Parents, p.Elite)
	}
	return nil
}

// Spec returns the engine's Spec for a search of p on streets streets
// (dispatch.ProblemViennese; the canvas and variant are the caller's to
// fill in).
func (p Params) Spec(streets int) (dispatch.Spec, error) {
	if err := p.Validate(); err != nil {
		return dispatch.Spec{}, err
	}
	algo := p.Algo
	switch algo {
	case AlgoKeep, AlgoAnneal:
		algo = dispatch.AlgoAnneal
	}
	s, err := dispatch.PresetFor(dispatch.ProblemViennese, algo)
	if err != nil {
		return s, err
	}
	s.Problem, s.Rows, s.Cols, s.Evals, s.Seed = dispatch.ProblemViennese, 1, streets, p.Evals, p.Seed
	switch p.Algo {
	case AlgoKeep:
		s.Pop, s.Temp, s.Mutation = 1, 0, p.Rate*float64(streets)
	case AlgoAnneal:
		s.Pop, s.Temp, s.Mutation = 1, 0, 0.1*float64(streets)
	case AlgoSA:
		s.Pop, s.Temp = 1, p.Temp
	case AlgoHill:
		s.Pop = 1
	case AlgoEA, AlgoGA:
		// The expected lights changed per child; a tiny rate still
		// changes one, as the former search did.
		s.Mutation = max(p.Mutation*float64(streets), math.SmallestNonzeroFloat64)
	}
	if p.Pop > 0 {
		s.Pop = p.Pop
	}
	if p.Parents > 0 {
		s.Parents = p.Parents
	}
	if p.Elite > 0 || p.Algo == AlgoEA || p.Algo == AlgoGA {
		s.Elite = p.Elite
	}
	return s, s.Validate()
}

// Result is the outcome of a search.
type Result struct {
	// Colours is the best colouring found and Score its score.
	Colours Colouring `json:"colours"`
	Score   float64   `json:"score"`
	// Evals is the number of colourings scored.
	Evals int64 `json:"evals"`
	// Improvements counts the times the best score went up.
	Improvements int `json:"improvements"`
}

// Problem is the Viennese problem for the one engine: the genome is a
// colouring of Streets lights; move m changes the light of street m/2 to
// the next colour (m even) or the one after (m odd), so its site is the
// street; crossover takes each street's light from one of two parents;
// every colouring is feasible. Colourings are scored one after another by
// Scorer, which need not be safe for concurrent use.
type Problem struct {
	Streets int
	Scorer  Scorer
}

// Random draws every light uniformly from the three colours.
func (p *Problem) Random(rng *rand.Rand) Colouring {
	c := make(Colouring, p.Streets)
	for i := range c {
		c[i] = uint8(rng.IntN(3))
	}
	return c
}

// Feasible reports true: every colouring can be scored.
func (p *Problem) Feasible(Colouring) bool { return true }

// Moves returns 2·streets: two other colours per street.
func (p *Problem) Moves(c Colouring) int { return 2 * len(c) }

// Site returns the street move m changes.
func (p *Problem) Site(c Colouring, m int) int { return m / 2 }

// Apply returns c with the moves applied.
func (p *Problem) Apply(c Colouring, moves ...int) Colouring {
	out := slices.Clone(c)
	for _, m := range moves {
		out[m/2] = (c[m/2] + 1 + uint8(m%2)) % 3
	}
	return out
}

// Cross takes every street's light from a or b with equal probability.
func (p *Problem) Cross(rng *rand.Rand, a, b Colouring) Colouring {
	c := slices.Clone(a)
	for i := range c {
		if rng.IntN(2) == 1 {
			c[i] = b[i]
		}
	}
	return c
}

// Repair returns child: every colouring is feasible.
func (p *Problem) Repair(rng *rand.Rand, child, parent Colouring) Colouring {
	return slices.Clone(child)
}

// Evaluate scores the colourings one after another.
func (p *Problem) Evaluate(batch []Colouring, dst []dispatch.Score) error {
	for i, c := range batch {
		v := p.Scorer.Score(c)
		if math.IsNaN(v) {
			return fmt.Errorf("viennese: the scorer gives NaN to %v", c)
		}
		dst[i] = dispatch.Score{Feasible: true, Value: v}
	}
	return nil
}

// Equal reports whether a and b are the same colouring.
func (p *Problem) Equal(a, b Colouring) bool { return slices.Equal(a, b) }

// Hash returns a 64-bit hash of the colouring.
func (p *Problem) Hash(c Colouring) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range c {
		h ^= uint64(x)
		h *= 1099511628211
	}
	return h
}

// Clone returns a copy of c.
func (p *Problem) Clone(c Colouring) Colouring { return slices.Clone(c) }

// Check reports why c is not a colouring of this problem.
func (p *Problem) Check(c Colouring) error {
	if len(c) != p.Streets {
		return fmt.Errorf("%d lights, the canvas has %d streets", len(c), p.Streets)
	}
	for i, x := range c {
		if x > 2 {
			return fmt.Errorf("street %d: colour %d, want 0, 1 or 2", i, x)
		}
	}
	return nil
}

// Search is a running Viennese search on the engine.
type Search = dispatch.Engine[Colouring]

// NewSearch starts the search of p on streets streets scored by sc; spec
// (from Params.Spec or built by the caller) defines it.
func NewSearch(spec dispatch.Spec, streets int, sc Scorer) (*Search, error) {
	if streets < 1 {
		return nil, fmt.Errorf("%w: no streets", ErrCanvas)
	}
	if sc == nil {
		return nil, errors.New("viennese: no scorer")
	}
	return dispatch.NewEngine[Colouring](spec, &Problem{Streets: streets, Scorer: sc}, nil)
}

// Evolve searches colourings of a canvas with streets streets for the
// highest score under sc, on the engine. progress, if not nil, is called
// with the result so far each time the best score goes up (and for the
// first colouring); it must not keep the Colours slice.
func Evolve(p Params, streets int, sc Scorer, progress func(Result)) (Result, error) {
	spec, err := p.Spec(streets)
	if err != nil {
		return Result{}, err
	}
	s, err := NewSearch(spec, streets, sc)
	if err != nil {
		return Result{}, err
	}
	return Run(context.Background(), s, progress, nil)
}

// Run runs s to its end (or ctx's), reporting to progress each time the
// best goes up and calling generation, if not nil, after every
// generation; a non-nil error from it stops the search.
func Run(ctx context.Context, s *Search, progress func(Result), generation func(*Search) error) (Result, error) {
	var res Result
	improved := -1
	err := s.Run(ctx, dispatch.EngineHooks[Colouring]{
		Improved: func(s *Search) {
			improved++
			if progress != nil {
				b := s.Best()
				progress(Result{Colours: b.Genome, Score: b.Score.Value, Evals: s.Evals(), Improvements: improved})
			}
		},
		Generation: generation,
	})
	b := s.Best()
	res = Result{Colours: b.Genome, Score: b.Score.Value, Evals: s.Evals(), Improvements: max(improved, 0)}
	return res, err
}

// Tune copies the fields of t named in set, by their flag names (rate,
// rounds, pop, parents, elite, mutation, temp), onto p. It first refuses,
// as evolve does, a field given for a method it does not apply to (--rate
// only to keep, --temp only to sa: it would be silently ignored) and one
// out of its range: --mutation a probability above 0 and at most 1,
// --temp a finite 0 or more, --rate above 0 and at most 1. The errors
// name the flags.
func (p *Params) Tune(t Params, set map[string]bool) error {
	for _, o := range []struct{ flag, algo string }{{"rate", AlgoKeep}, {"temp", AlgoSA}} {
		if set[o.flag] && p.Algo != o.algo {
			return fmt.Errorf("--%s does not apply to --algo %s (only to %s)", o.flag, p.Algo, o.algo)
		}
	}
	switch {
	case set["mutation"] && !(t.Mutation > 0 && t.Mutation <= 1):
		return fmt.Errorf("--mutation %v: must be above 0 and at most 1 (the probability that a child's light changes)", t.Mutation)
	case set["temp"] && !(t.Temp >= 0 && !math.IsInf(t.Temp, 1)):
		return fmt.Errorf("--temp %v: must be finite and 0 or more", t.Temp)
	case set["rate"] && !(t.Rate > 0 && t.Rate <= 1):
		return fmt.Errorf("--rate %v: must be above 0 and at most 1", t.Rate)
	}
	for name, set1 := range map[string]func(){
		"rate": func() { p.Rate = t.Rate }, "rounds": func() { p.Rounds = t.Rounds }, "pop": func() { p.Pop = t.Pop },
		"parents": func() { p.Parents = t.Parents }, "elite": func() { p.Elite = t.Elite },
		"mutation": func() { p.Mutation = t.Mutation }, "temp": func() { p.Temp = t.Temp },
	} {
		if set[name] {
			set1()
		}
	}
	return nil
}
