package dispatch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/mousemaze/mousemaze"
)

// The names of the search methods, as used in flags, JSON and checkpoints.
const (
	AlgoRandom  = "random"
	AlgoHill    = "hill"
	AlgoAnneal  = "sa"
	AlgoEA      = "ea"
	AlgoGA      = "ga"
	AlgoMemetic = "memetic"
)

// Algos lists the search methods: the paper's five in the order of its
// table, then ours.
var Algos = []string{AlgoRandom, AlgoHill, AlgoAnneal, AlgoEA, AlgoGA, AlgoMemetic}

// Errors returned by the search.
var (
	// ErrUnknownAlgo reports a method name that is not one of Algos.
	ErrUnknownAlgo = errors.New("dispatch: unknown search method")
	// ErrParams reports parameters a search cannot run with.
	ErrParams = errors.New("dispatch: invalid search parameters")
	// ErrStalled reports a search that made many generations in a row
	// without finding a single feasible maze to evaluate.
	ErrStalled = errors.New("dispatch: search found no feasible maze to evaluate")
)

// Params define a search completely: with the same Params (and the same
// initial mazes) a search gives the same result on every backend. They are
// stored in every checkpoint.
type Params struct {
	// Algo is the method, one of Algos.
	Algo string `json:"algo"`
	// Rows and Cols are the grid size.
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Order is the preference order, such as "DRLU".
	Order string `json:"order"`
	// Entry and Exit are the columns of the entrance and the exit. With
	// FreeEnds they are only where the initial mazes start.
	Entry int `json:"entry"`
	Exit  int `json:"exit"`
	// FreeEnds makes the entry and exit columns part of what is searched.
	FreeEnds bool `json:"free_ends"`
	// Cap stops every walk after this many turns (0 = no cap).
	Cap int64 `json:"cap"`
	// Evals is the budget: the number of feasible mazes evaluated.
	Evals int64 `json:"evals"`
	// Seed seeds the PCG stream every random choice is drawn from.
	Seed uint64 `json:"seed"`
	// Pop is the batch the method works with: mazes per batch (random),
	// parallel climbers (hill), parallel chains (sa), the generation size
	// (ea, ga) or the children per island and generation (memetic).
	Pop int `json:"pop"`
	// Parents is how many of the best mazes of a generation breed.
	Parents int `json:"parents"`
	// Elite is how many of the best mazes are carried into the next
	// generation unchanged (and not evaluated again).
	Elite int `json:"elite"`
	// Mutation is the probability that a child's cell is flipped.
	Mutation float64 `json:"mutation"`
	// Density is the wall probability of random mazes.
	Density float64 `json:"density"`
	// Temp is the initial temperature of simulated annealing, relative to
	// the current score: a drop of Temp·turns is accepted with probability
	// 1/e at the start; the temperature falls linearly to 0 with the budget.
	Temp float64 `json:"temp"`
	// Islands is the number of island populations (memetic).
	Islands int `json:"islands"`
	// Migrate is the number of generations between migrations (memetic).
	Migrate int `json:"migrate"`
	// Stagnation is the number of generations an island may go without
	// improving its best before it restarts from random mazes (memetic).
	Stagnation int `json:"stagnation"`
	// Radius is the Hamming radius of the exhaustive local search around
	// elites, 1 or 2 (memetic).
	Radius int `json:"radius"`
	// K makes the mouse count modulo K (the paper's k-mod mice); 0 is
	// exact counting.
	K int `json:"k,omitempty"`
	// Objective is what the search maximises, one of Objectives; empty
	// means ObjTurns. See Score.
	Objective string `json:"objective,omitempty"`
}

// Preset returns the documented parameters of a method; the size, rules,
// budget and seed are left for the caller.
//
// The paper's five (§4.3, 6×6, 1 million evaluations each):
//
//	random   Density 0.25, batches of Pop 1000
//	hill     Density 0.25 starts, Pop 10 climbers, restart at local optima
//	sa       Density 0.25 starts, Pop 10 chains, Temp 0.05, linear cooling
//	ea       Pop 100, Parents 10, Mutation 0.06 (10,000 generations per 1M)
//	ga       Pop 100, Parents 10, Mutation 0.06, uniform crossover, Elite 1
//
// Ours:
//
//	memetic  Islands 8 of Pop 25, Parents 10, Elite 2, Mutation 0.03,
//	         uniform crossover, Migrate 25, Stagnation 100, Radius 2
//
// The memetic preset was tuned on 6×6 with 300,000-evaluation runs over
// six seeds (islands 4–10, population 20–50, stagnation 50–300, mutation
// 0.02–0.06); more, smaller islands that restart sooner did best.
func Preset(algo string) (Params, error) {
	p := Params{Algo: algo, Order: "DRLU", Density: 0.25}
	switch algo {
	case AlgoRandom:
		p.Pop = 1000
	case AlgoHill:
		p.Pop = 10
	case AlgoAnneal:
		p.Pop, p.Temp = 10, 0.05
	case AlgoEA:
		p.Pop, p.Parents, p.Mutation = 100, 10, 0.06
	case AlgoGA:
		p.Pop, p.Parents, p.Mutation, p.Elite = 100, 10, 0.06, 1
	case AlgoMemetic:
		p.Pop, p.Parents, p.Elite, p.Mutation = 25, 10, 2, 0.03
		p.Islands, p.Migrate, p.Stagnation, p.Radius = 8, 25, 100, 2
	default:
		return Params{}, fmt.Errorf("%w %q (have %v)", ErrUnknownAlgo, algo, Algos)
	}
	return p, nil
}

// Validate checks that a search can run with p.
func (p Params) Validate() error {
	if _, err := Preset(p.Algo); err != nil {
		return err
	}
	if err := (mousemaze.Size{Rows: p.Rows, Cols: p.Cols}).Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrParams, err)
	}
	if _, err := p.config(); err != nil {
		return fmt.Errorf("%w: %v", ErrParams, err)
	}
	switch p.Objective {
	case "", ObjTurns, ObjTrap:
	case ObjMaxCell:
		if p.K != 0 {
			return fmt.Errorf("%w: objective %s needs exact counting (k = 0)", ErrParams, p.Objective)
		}
	default:
		return fmt.Errorf("%w: objective %q (have %v)", ErrParams, p.Objective, Objectives)
	}
	switch {
	case p.Evals <= 0:
		return fmt.Errorf("%w: budget %d evaluations", ErrParams, p.Evals)
	case p.Pop <= 0:
		return fmt.Errorf("%w: population %d", ErrParams, p.Pop)
	case p.Density < 0 || p.Density >= 1:
		return fmt.Errorf("%w: density %v outside [0, 1)", ErrParams, p.Density)
	case p.Mutation < 0 || p.Mutation > 1:
		return fmt.Errorf("%w: mutation %v outside [0, 1]", ErrParams, p.Mutation)
	}
	switch p.Algo {
	case AlgoEA, AlgoGA, AlgoMemetic:
		if p.Parents <= 0 || p.Elite < 0 {
			return fmt.Errorf("%w: %d parents, %d elites", ErrParams, p.Parents, p.Elite)
		}
	}
	if p.Algo == AlgoMemetic {
		if p.Islands <= 0 || p.Migrate <= 0 || p.Stagnation <= 0 || p.Radius < 1 || p.Radius > 2 {
			return fmt.Errorf("%w: memetic needs islands, migrate and stagnation above 0 and radius 1 or 2", ErrParams)
		}
	}
	return nil
}

// config returns the walk's Config for the default ends.
func (p Params) config() (mousemaze.Config, error) {
	o, err := mousemaze.ParseOrder(p.Order)
	if err != nil {
		return mousemaze.Config{}, err
	}
	cfg := mousemaze.Config{Order: o, Entry: p.Entry, Exit: p.Exit, Cap: p.Cap, K: p.K, Heat: p.Objective == ObjMaxCell}
	return cfg, cfg.Validate(p.Cols)
}

// Individual is one maze of a search with its ends and, once evaluated,
// its turns.
type Individual struct {
	// Walls are the maze's row masks, as in mousemaze.Maze.
	Walls []uint64 `json:"walls"`
	// Entry and Exit are the maze's end columns.
	Entry int `json:"entry"`
	Exit  int `json:"exit"`
	// Turns is the score the search maximises (see Score): the walk's
	// turn count under the default objective; 0 means not evaluated yet.
	Turns int64 `json:"turns"`
}

// Maze returns the individual's maze for a grid of the given size; it
// shares the walls.
func (ind Individual) Maze(rows, cols int) mousemaze.Maze {
	return mousemaze.Maze{Rows: rows, Cols: cols, Walls: ind.Walls}
}

// clone returns a deep copy of ind.
func (ind Individual) clone() Individual {
	ind.Walls = append([]uint64(nil), ind.Walls...)
	return ind
}

// hash returns a 64-bit hash of the maze and its ends (FNV-1a on words).
func (ind Individual) hash() uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
		h ^= h >> 29
	}
	for _, w := range ind.Walls {
		mix(w)
	}
	mix(uint64(ind.Entry)<<32 | uint64(ind.Exit))
	return h
}

// same reports whether a and b are the same maze with the same ends.
func same(a, b Individual) bool {
	if a.Entry != b.Entry || a.Exit != b.Exit || len(a.Walls) != len(b.Walls) {
		return false
	}
	for i := range a.Walls {
		if a.Walls[i] != b.Walls[i] {
			return false
		}
	}
	return true
}

// byTurns sorts individuals best first; ties keep their order.
func byTurns(inds []Individual) {
	sort.SliceStable(inds, func(i, j int) bool { return inds[i].Turns > inds[j].Turns })
}

// LocalSearch is the state of one exhaustive local search (memetic).
type LocalSearch struct {
	// Center is the maze whose neighbourhood is searched next.
	Center Individual `json:"center"`
	// Radius is the Hamming radius searched next, 1 or 2.
	Radius int `json:"radius"`
	// Island is the island the result goes back to.
	Island int `json:"island"`
}

// State is everything a search needs to go on: its parameters, the PCG
// state and the method's populations. It is taken between generations and
// is what a checkpoint holds.
type State struct {
	// Params define the search.
	Params Params `json:"params"`
	// RNG is the PCG state, from (*rand.PCG).MarshalBinary.
	RNG []byte `json:"rng"`
	// Gen is the number of generations (batches) done.
	Gen int64 `json:"gen"`
	// Evals is the number of feasible mazes evaluated so far.
	Evals int64 `json:"evals"`
	// Rejected is the number of infeasible candidates rejected or repaired
	// without a walk; they do not count as evaluations.
	Rejected int64 `json:"rejected"`
	// Best is the best maze found so far, BestGen and BestEvals when.
	Best      Individual `json:"best"`
	BestGen   int64      `json:"best_gen"`
	BestEvals int64      `json:"best_evals"`
	// Pop is the current generation (ea, ga).
	Pop []Individual `json:"pop,omitempty"`
	// Islands are the island populations (memetic).
	Islands [][]Individual `json:"islands,omitempty"`
	// Walkers are the hill climbers or annealing chains.
	Walkers []Individual `json:"walkers,omitempty"`
	// IslandBest and Stale are each island's best turns and the
	// generations since it last improved (memetic).
	IslandBest []int64 `json:"island_best,omitempty"`
	Stale      []int64 `json:"stale,omitempty"`
	// Local is the local search under way, if any (memetic).
	Local *LocalSearch `json:"local,omitempty"`
	// Searched holds the hashes of mazes already used as local search
	// centres, newest last (memetic).
	Searched []uint64 `json:"searched,omitempty"`
}

// Hooks let a caller watch a search. Both are called between evaluations
// on the goroutine that runs the search.
type Hooks struct {
	// Generation is called after every generation. A non-nil error stops
	// the search; Run returns it. The search's State taken here is a
	// consistent checkpoint.
	Generation func(s *Search) error
	// Improved is called whenever the best maze improves.
	Improved func(s *Search)
}

// A method is one search algorithm: init sets up a fresh State (without
// evaluating anything) and step runs one generation.
type method interface {
	init(s *Search, initial []Individual)
	step(s *Search) error
}

// Search is a running search.
type Search struct {
	st    State
	pcg   *rand.PCG
	rng   *rand.Rand
	ev    mousemaze.Evaluator
	cfg   mousemaze.Config
	m     method
	hooks Hooks
	idle  int // generations in a row that evaluated nothing
}

// New starts a search with parameters p on evaluator ev. The initial mazes,
// if any, seed the starting population (they must be p.Rows×p.Cols; they
// are repaired towards an open grid if infeasible).
func New(p Params, ev mousemaze.Evaluator, initial []mousemaze.Maze) (*Search, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	s, err := newSearch(p, ev)
	if err != nil {
		return nil, err
	}
	s.pcg = rand.NewPCG(p.Seed, 0x6d6f7573656d617a) // "mousemaz"
	s.rng = rand.New(s.pcg)
	var inds []Individual
	for i, m := range initial {
		if m.Rows != p.Rows || m.Cols != p.Cols {
			return nil, fmt.Errorf("%w: initial maze %d is %dx%d, search is %dx%d", ErrParams, i, m.Rows, m.Cols, p.Rows, p.Cols)
		}
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("%w: initial maze %d: %v", ErrParams, i, err)
		}
		ind := Individual{Walls: append([]uint64(nil), m.Walls...), Entry: p.Entry, Exit: p.Exit}
		s.openUp(&ind)
		inds = append(inds, ind)
	}
	s.m.init(s, inds)
	return s, nil
}

// Resume continues the search saved in st on evaluator ev.
func Resume(st *State, ev mousemaze.Evaluator) (*Search, error) {
	if err := st.Params.Validate(); err != nil {
		return nil, err
	}
	s, err := newSearch(st.Params, ev)
	if err != nil {
		return nil, err
	}
	s.pcg = &rand.PCG{}
	if err := s.pcg.UnmarshalBinary(st.RNG); err != nil {
		return nil, fmt.Errorf("dispatch: resume: rng state: %w", err)
	}
	s.rng = rand.New(s.pcg)
	s.st = cloneState(st)
	return s, nil
}

func newSearch(p Params, ev mousemaze.Evaluator) (*Search, error) {
	if ev == nil {
		return nil, fmt.Errorf("%w: no evaluator", ErrParams)
	}
	cfg, err := p.config()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParams, err)
	}
	s := &Search{st: State{Params: p}, ev: mousemaze.ForConfig(ev, cfg), cfg: cfg}
	switch p.Algo {
	case AlgoRandom:
		s.m = randomSearch{}
	case AlgoHill:
		s.m = hillClimb{}
	case AlgoAnneal:
		s.m = anneal{}
	case AlgoEA:
		s.m = genetic{crossover: false}
	case AlgoGA:
		s.m = genetic{crossover: true}
	case AlgoMemetic:
		s.m = memetic{}
	}
	return s, nil
}

// Run runs the search until its budget is spent, ctx is cancelled or a
// hook returns an error. It checks ctx only between generations, so after
// a cancellation the search's State is a consistent checkpoint; Run then
// returns ctx.Err().
func (s *Search) Run(ctx context.Context, hooks Hooks) error {
	s.hooks = hooks
	defer func() { s.hooks = Hooks{} }()
	for !s.Done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		before := s.st.Evals
		if err := s.m.step(s); err != nil {
			return err
		}
		s.st.Gen++
		if s.st.Evals == before {
			if s.idle++; s.idle > 100000 {
				return ErrStalled
			}
		} else {
			s.idle = 0
		}
		if hooks.Generation != nil {
			if err := hooks.Generation(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// Done reports whether the budget is spent.
func (s *Search) Done() bool { return s.st.Evals >= s.st.Params.Evals }

// Params returns the search's parameters.
func (s *Search) Params() Params { return s.st.Params }

// Gen returns the number of generations done.
func (s *Search) Gen() int64 { return s.st.Gen }

// Evals returns the number of mazes evaluated so far.
func (s *Search) Evals() int64 { return s.st.Evals }

// Rejected returns the number of infeasible candidates rejected or repaired.
func (s *Search) Rejected() int64 { return s.st.Rejected }

// Best returns a copy of the best maze found so far and its ends and turns.
func (s *Search) Best() Individual { return s.st.Best.clone() }

// BestMaze returns the best maze found so far as a mousemaze.Maze.
func (s *Search) BestMaze() mousemaze.Maze {
	return s.Best().Maze(s.st.Params.Rows, s.st.Params.Cols)
}

// BestConfig returns the Config the best maze was walked under.
func (s *Search) BestConfig() mousemaze.Config {
	cfg := s.cfg
	cfg.Entry, cfg.Exit = s.st.Best.Entry, s.st.Best.Exit
	return cfg
}

// State returns a deep copy of the search's state, the RNG state included,
// for a checkpoint.
func (s *Search) State() *State {
	st := cloneState(&s.st)
	rng, err := s.pcg.MarshalBinary()
	if err != nil {
		panic("dispatch: PCG state cannot be marshalled: " + err.Error())
	}
	st.RNG = rng
	return &st
}

func cloneState(src *State) State {
	st := *src
	st.RNG = append([]byte(nil), src.RNG...)
	st.Best = src.Best.clone()
	st.Pop = cloneInds(src.Pop)
	st.Walkers = cloneInds(src.Walkers)
	st.Islands = nil
	for _, isl := range src.Islands {
		st.Islands = append(st.Islands, cloneInds(isl))
	}
	st.IslandBest = append([]int64(nil), src.IslandBest...)
	st.Stale = append([]int64(nil), src.Stale...)
	if src.Local != nil {
		l := *src.Local
		l.Center = l.Center.clone()
		st.Local = &l
	}
	st.Searched = append([]uint64(nil), src.Searched...)
	return st
}

func cloneInds(src []Individual) []Individual {
	if src == nil {
		return nil
	}
	dst := make([]Individual, len(src))
	for i, ind := range src {
		dst[i] = ind.clone()
	}
	return dst
}

// evaluate walks the mazes of batch, which must all be feasible, and sets
// their Turns. It evaluates at most what is left of the budget and returns
// how many mazes, from the front of batch, it evaluated; the rest keep
// Turns 0. Mazes with the same ends go to the evaluator as one population.
func (s *Search) evaluate(batch []Individual) (int, error) {
	n := len(batch)
	if left := s.st.Params.Evals - s.st.Evals; int64(n) > left {
		n = int(left)
	}
	if n <= 0 {
		return 0, nil
	}
	batch = batch[:n]
	rows, cols := s.st.Params.Rows, s.st.Params.Cols
	type ends struct{ entry, exit int }
	groups := map[ends][]int{}
	var keys []ends
	for i, ind := range batch {
		k := ends{ind.Entry, ind.Exit}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range keys {
		idx := groups[k]
		pop := mousemaze.Population{Rows: rows, Cols: cols, Words: make([]uint64, 0, rows*len(idx))}
		for _, i := range idx {
			pop.Words = append(pop.Words, batch[i].Walls...)
		}
		cfg := s.cfg
		cfg.Entry, cfg.Exit = k.entry, k.exit
		dst := make([]mousemaze.Result, len(idx))
		if err := s.ev.Evaluate(pop, cfg, dst); err != nil {
			return 0, fmt.Errorf("dispatch: %s backend: %w", s.ev.Name(), err)
		}
		for j, i := range idx {
			if !dst[j].Feasible || dst[j].Turns < 2 {
				return 0, fmt.Errorf("dispatch: %s backend reports %+v for a feasible maze:\n%s", s.ev.Name(), dst[j], pop.Maze(j))
			}
			batch[i].Turns = s.st.Params.Score(pop.Maze(j), cfg, dst[j])
		}
	}
	for _, ind := range batch {
		s.st.Evals++
		if ind.Turns > s.st.Best.Turns {
			s.st.Best = ind.clone()
			s.st.BestGen, s.st.BestEvals = s.st.Gen, s.st.Evals
			if s.hooks.Improved != nil {
				s.hooks.Improved(s)
			}
		}
	}
	return n, nil
}
