package dispatch

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/mousemaze/mousemaze"
)

// SpecVersion is the version of Spec written into checkpoints and job
// files. Version 1 (unversioned) checkpoints came from the search before
// the one engine; they are refused with ErrOldSpec.
const SpecVersion = 2

// The names of the search methods, as used in flags, JSON and checkpoints.
const (
	AlgoRandom   = "random"
	AlgoHill     = "hill"
	AlgoAnneal   = "sa"
	AlgoEA       = "ea"
	AlgoGA       = "ga"
	AlgoMemetic  = "memetic"
	AlgoILS      = "ils"
	AlgoPipeline = "pipeline"
)

// AlgoAuto is the default method of a grid search: AutoAlgo picks a
// method of Algos by the grid's size.
const AlgoAuto = "auto"

// AutoSmallCells is the largest grid (in cells) on which AutoAlgo picks
// memetic: on 5x5 and 6x6 it reaches the proven optima in 10 of 10 seeds at
// 1M evaluations, where ils reaches 6x6's in 7 (docs/search.md, "The
// default method by size").
const AutoSmallCells = 36

// AutoRestartCells is the largest grid (in cells) on which AutoPreset
// gives ils restarts and small kicks: on 7x7 --restarts 10 --kick 2
// reaches the proven optimum in 8 of 10 seeds at 10M evaluations (and 8 of
// the next 10), --restarts 10 alone in 5, the plain preset and memetic in
// 1 (docs/search.md).
const AutoRestartCells = 49

// AutoPreset adjusts p, a preset of the method AutoAlgo picked for its
// grid, to the grid's size: on grids of more than AutoSmallCells and at
// most AutoRestartCells cells, ils restarts from a random maze after 10
// kicks without a new home (Restarts 10) and kicks 2 cells at a time
// (Kick 2), each unless given (the search flags set) holds it.
func AutoPreset(p *Spec, given []string) {
	cells := p.Rows * p.Cols
	if p.Algo != AlgoILS || cells <= AutoSmallCells || cells > AutoRestartCells {
		return
	}
	if !slices.Contains(given, "restarts") {
		p.Restarts = 10
	}
	if !slices.Contains(given, "kick") {
		p.Kick = 2
	}
}

// AutoAlgo returns the method of AlgoAuto on a grid of rows x cols cells,
// the search flags named in given being set: memetic on grids of at most
// AutoSmallCells cells, ils above, and ils also where a given flag applies
// to ils but not to memetic (a --kick on 6x6 asks for ils).
func AutoAlgo(rows, cols int, given []string) string {
	if rows*cols > AutoSmallCells {
		return AlgoILS
	}
	for _, name := range given {
		if pa, ok := ParamNamed(name); ok && pa.AppliesTo(AlgoILS) && !pa.AppliesTo(AlgoMemetic) {
			return AlgoILS
		}
	}
	return AlgoMemetic
}

// Algos lists the search methods: the paper's five in the order of its
// table, then ours.
var Algos = []string{AlgoRandom, AlgoHill, AlgoAnneal, AlgoEA, AlgoGA, AlgoMemetic, AlgoILS, AlgoPipeline}

// The problems a Spec can describe.
const (
	ProblemGrid     = "grid"     // the game's grid mazes (the default)
	ProblemEdges    = "edges"    // Mouse Maze 2 boards: walls on edges
	ProblemWalker   = "walker"   // edge boards that keep a classic walker longest
	ProblemViennese = "viennese" // Viennese traffic-light mazes
)

// DefaultEdgeAlgo is the method of a search over Mouse Maze 2 boards
// (ProblemEdges) that names none. At 30,000 evaluations ga found 7694,
// 5240, 17898, 9732 and 16940 turns on 13×13 for seeds 1–5, ils 2114,
// 838, 2872, 5024 and 1382 (the former (μ+λ) search 1620 for seed 1).
const DefaultEdgeAlgo = AlgoGA

// DefaultWalkerAlgo is the method of a walker-trap search (ProblemWalker)
// that names none. On 8×8 at 30,000 evaluations, seeds 1–5, ils found
// 1044, 912, 1272, 868 and 1352 steps for the lru walker where ga found
// 794, 658, 898, 792 and 792, and ils was as good or better for the left,
// switch-right and Trémaux walkers on seeds 1–3 (112 against 108–112,
// 200–204 against 196–198). Its climbs pair edges within --reach of each
// other, as on grids (EdgeProblem.Distance).
const DefaultWalkerAlgo = AlgoILS

// MaxLocal is the largest Hamming radius of a climb (Spec.Local); radii
// above 3 need a Reach, which keeps their neighbourhoods small (on 13×13
// with --reach 3, 635,278 combinations at radius 6).
const MaxLocal = 8

// localRange is the rule for --local, as its errors state it.
const localRange = "must be h1 to h8 (h4 and above need --reach)"

// The local-search neighbourhoods (Spec.Local) and improvement rules
// (Spec.Improve).
const (
	ImproveFirst = "first" // move to the first better neighbour, in random order
	ImproveBest  = "best"  // scan the whole radius, move to the best neighbour
)

// Crossover operators (Spec.Crossover).
const (
	CrossUniform = "uniform"
	CrossNone    = "none"
	// CrossRelink (ils only) makes the kicks that would cross home with
	// an archived local optimum relink them instead (Engine.relink).
	CrossRelink = "relink"
)

// Errors returned by the search.
var (
	// ErrUnknownAlgo reports a method name that is not one of Algos.
	ErrUnknownAlgo = errors.New("dispatch: unknown search method")
	// ErrParams reports parameters a search cannot run with.
	ErrParams = errors.New("dispatch: invalid search parameters")
	// ErrStalled reports a search that made many generations in a row
	// without finding a single feasible genome to evaluate.
	ErrStalled = errors.New("dispatch: search found no feasible genome to evaluate")
	// ErrOldSpec reports a checkpoint or job file written before Spec
	// versions, which cannot be resumed.
	ErrOldSpec = errors.New("dispatch: written by an older mousemaze (search format 1) and cannot be resumed; start a new search")
)

// Spec describes a search completely: the problem, its rules, the method,
// its parameters, budget and seed. The same Spec is what the CLI's flags
// build, what the web's job JSON and the island/Slurm job files hold, and
// what every checkpoint stores; with the same Spec (and initial genomes) a
// search gives the same result on every backend and worker count.
type Spec struct {
	// Version is SpecVersion; zero in a file means an older format.
	Version int `json:"version"`
	// Problem is one of ProblemGrid (empty means grid), ProblemEdges,
	// ProblemWalker or ProblemViennese.
	Problem string `json:"problem,omitempty"`
	// Algo is the method, one of Algos.
	Algo string `json:"algo"`
	// Rows and Cols are the grid or board size.
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
	// K makes the mouse count modulo K (the paper's k-mod mice); 0 is
	// exact counting.
	K int `json:"k,omitempty"`
	// Objective is what the search maximises, one of Objectives; empty
	// means ObjTurns.
	Objective string `json:"objective,omitempty"`
	// Walker names the classic walker of ProblemWalker.
	Walker string `json:"walker,omitempty"`
	// Canvas and Variant describe a Viennese search (ProblemViennese).
	Canvas  string `json:"canvas,omitempty"`
	Variant string `json:"variant,omitempty"`

	// Evals is the budget: the number of feasible genomes evaluated.
	Evals int64 `json:"evals"`
	// Seed seeds the PCG stream every random choice is drawn from.
	Seed uint64 `json:"seed"`
	// Pop is the batch the method works with: genomes per batch (random),
	// parallel climbers (hill), parallel chains (sa), the generation size
	// (ea, ga, pipeline) or the children per island and generation
	// (memetic).
	Pop int `json:"pop"`
	// Parents is how many of the best genomes of a generation breed.
	Parents int `json:"parents"`
	// Elite is how many of the best genomes are carried into the next
	// generation unchanged (and not evaluated again).
	Elite int `json:"elite"`
	// Mutation is the expected number of sites (cells, edges, streets)
	// changed in a child (a binomial draw); a child equal to one of its
	// parents gets one more change. Zero means the
	// method's preset: 0.06 of the sites for ea and ga (the paper's rate),
	// 0.03 of them for memetic and pipeline. Under sa a Mutation above 0
	// is the mean number of sites a proposal changes (default 1).
	Mutation float64 `json:"mutation"`
	// Crossover is CrossUniform, CrossNone or (ils) CrossRelink; empty
	// means the method's
	// (uniform for ga, memetic, pipeline and ils, none for ea). For ils,
	// uniform makes half of the kicks crossings of home with an archived
	// local optimum.
	Crossover string `json:"crossover,omitempty"`
	// Density is the wall probability of random genomes.
	Density float64 `json:"density"`
	// Temp is the initial temperature of simulated annealing, relative to
	// the current score.
	Temp float64 `json:"temp"`
	// Islands is the number of island populations (memetic).
	Islands int `json:"islands"`
	// Migrate is the number of generations between migrations (memetic).
	Migrate int `json:"migrate"`
	// Stagnation is the number of generations an island may go without
	// improving its best before it restarts (memetic), and the number of
	// generations without a new best that end the pipeline's GA phase.
	Stagnation int `json:"stagnation"`
	// Local is the local search's neighbourhood: Hamming radius 1 to
	// MaxLocal (flags h1 ... h8; 4 and above only with a Reach). Used by
	// ils, memetic and hill.
	Local int `json:"local,omitempty"`
	// Reach, when above 0, limits the climbs' moves of radius 2 and above
	// to sites within this distance of each other (see Geometry); such a
	// climb ends at a local optimum of the reduced neighbourhood, which is
	// not certified. 0 combines any sites.
	Reach int `json:"reach,omitempty"`
	// Improve is ImproveFirst or ImproveBest (ils, hill).
	Improve string `json:"improve,omitempty"`
	// Sideways is how many moves in a row a climb may make to neighbours
	// of equal score not visited before (a plateau walk with a tabu set).
	Sideways int `json:"sideways,omitempty"`
	// Kick is the number of sites changed at random when an iterated
	// local search is stuck at a local optimum.
	Kick int `json:"kick,omitempty"`
	// KickHeat, when above 0, draws the sites of a random kick by the walk
	// of home: a site visited v times has weight (v+1)^KickHeat, so that
	// kicks change the hot rooms and spare the cold cells (problems that
	// are Heaters; 0 draws them uniformly).
	KickHeat float64 `json:"kick_heat,omitempty"`
	// Accept lets the iterated local search move home to a local optimum
	// slightly worse than home: one scoring at least (1 − Accept) × home's
	// value (record-to-record travel); 0 accepts only equal or better.
	Accept float64 `json:"accept,omitempty"`
	// Archive is how many distinct local optima an iterated local search
	// keeps to cross home with (Crossover uniform or relink); 0 means
	// DefaultArchive.
	Archive int `json:"archive,omitempty"`
	// Restarts is the number of kicks in a row without a new best after
	// which an iterated local search restarts from a random genome; 0
	// never restarts.
	Restarts int `json:"restarts,omitempty"`
	// Polish is the Hamming radius (0–3) of the exhaustive search around
	// the best genome once the budget is spent: it moves to any better
	// neighbour until none within Polish is better, and so certifies the
	// best as a local optimum of that radius. Its evaluations go beyond
	// the budget and are counted apart.
	Polish int `json:"polish,omitempty"`
	// Deepen is the largest Hamming radius (0 = none, up to MaxLocal) of
	// a best-improvement climb from the best genome once the budget is
	// spent, before the polish: its moves of radius 2 and above combine
	// only sites within DeepenReach of each other (0 means 3), so it
	// rebuilds one small region at a time and certifies nothing. It needs
	// a Problem with a Geometry (grids, edge boards).
	Deepen      int `json:"deepen,omitempty"`
	DeepenReach int `json:"deepen_reach,omitempty"`
}

// Preset returns the documented parameters of a method; the size, rules,
// budget and seed are left for the caller.
//
// The paper's five (§4.3, 6×6, 1 million evaluations each):
//
//	random   Density 0.25, batches of Pop 1000
//	hill     Density 0.25 starts, Pop 10 climbers, best-improvement over
//	         Hamming-1, restart at local optima
//	sa       Density 0.25 starts, Pop 10 chains, Temp 0.05, linear cooling
//	ea       Pop 100, Parents 10, mutation 0.06 of the sites
//	ga       Pop 100, Parents 10, mutation 0.06 of the sites, uniform
//	         crossover, Elite 1
//
// Ours:
//
//	memetic  Islands 8 of Pop 25, Parents 10, Elite 2, mutation 0.03 of
//	         the sites, uniform crossover, Migrate 25, Stagnation 100,
//	         Hamming-2 local search around island bests
//	ils      iterated local search: first-improvement over Hamming-1 and
//	         the Hamming-2 pairs within Reach 2 of each other, up to
//	         Sideways 20 plateau moves, Kick 5, no restarts; half the kicks
//	         cross home uniformly with an archived local optimum
//	         (Crossover uniform; none kicks by random changes only)
//	pipeline the paper's recipe for M_36314: a GA (Pop 100, Parents 10,
//	         Elite 2, uniform crossover, mutation 0.03 of the sites) for half
//	         the budget or until Stagnation 300 generations pass without a
//	         new best, then an EA from a population of copies of the best
//	         with one site changed per child and no crossover, then the
//	         Hamming-3 polish
func Preset(algo string) (Spec, error) {
	p := Spec{Version: SpecVersion, Algo: algo, Order: "DRLU", Density: 0.25}
	switch algo {
	case AlgoRandom:
		p.Pop = 1000
	case AlgoHill:
		p.Pop, p.Local, p.Improve = 10, 1, ImproveBest
	case AlgoAnneal:
		p.Pop, p.Temp = 10, 0.05
	case AlgoEA:
		p.Pop, p.Parents, p.Crossover = 100, 10, CrossNone
	case AlgoGA:
		p.Pop, p.Parents, p.Elite, p.Crossover = 100, 10, 1, CrossUniform
	case AlgoMemetic:
		p.Pop, p.Parents, p.Elite, p.Crossover = 25, 10, 2, CrossUniform
		p.Islands, p.Migrate, p.Stagnation, p.Local = 8, 25, 100, 2
	case AlgoILS:
		p.Pop, p.Local, p.Improve, p.Sideways, p.Kick, p.Reach = 1, 2, ImproveFirst, 20, 5, 2
		p.Crossover, p.Deepen, p.DeepenReach = CrossUniform, 6, DefaultDeepenReach
	case AlgoPipeline:
		p.Pop, p.Parents, p.Elite, p.Crossover = 100, 10, 2, CrossUniform
		p.Stagnation, p.Polish = 300, 3
	default:
		return Spec{}, fmt.Errorf("%w %q (have %v)", ErrUnknownAlgo, algo, Algos)
	}
	return p, nil
}

// PresetFor returns Preset(algo) for a search of problem (ProblemGrid or
// "", ProblemEdges, ProblemWalker, ProblemViennese): the deepening climb
// of the ils preset is for grids only. On 13×13 grids it raised the
// default run's median of seeds 1–5 from 17,076 to 19,434 turns for 6–21%
// more time (median 7%, docs/search.md); on edge boards its scans are far larger (the lru walker on
// 8×8: 2,036 steps instead of 1,732, but 414 s instead of 9 s), and
// Viennese streets have no distances (so no reach either).
func PresetFor(problem, algo string) (Spec, error) {
	p, err := Preset(algo)
	if problem != "" && problem != ProblemGrid {
		p.Deepen, p.DeepenReach = 0, 0
	}
	if problem == ProblemViennese {
		p.Reach = 0 // streets have no distances
	}
	return p, err
}

// usesLocal reports whether the method climbs with Local, Improve and
// Sideways; usesKick whether it kicks; breeds whether it breeds children.
func (p Spec) usesLocal() bool {
	return p.Algo == AlgoILS || p.Algo == AlgoHill || p.Algo == AlgoMemetic
}
func (p Spec) usesKick() bool { return p.Algo == AlgoILS }
func (p Spec) breeds() bool {
	switch p.Algo {
	case AlgoEA, AlgoGA, AlgoMemetic, AlgoPipeline:
		return true
	}
	return false
}

// crossover reports whether children are bred by crossover.
func (p Spec) crossover() bool { return p.Crossover == CrossUniform }

// DefaultArchive is the size of ils's archive of local optima when
// Spec.Archive is 0.
const DefaultArchive = 16

// ArchiveOrDefault returns the size of ils's archive: Archive, or
// DefaultArchive when that is 0.
func (p Spec) ArchiveOrDefault() int { return cmp.Or(p.Archive, DefaultArchive) }

// DefaultDeepenReach is the reach of the deepening climb when
// Spec.DeepenReach is 0.
const DefaultDeepenReach = 3

// DeepenReachOrDefault returns the reach of the deepening climb:
// DeepenReach, or DefaultDeepenReach when that is 0.
func (p Spec) DeepenReachOrDefault() int { return cmp.Or(p.DeepenReach, DefaultDeepenReach) }

// MaxPop bounds a search's population (Spec.Pop, and Pop × Islands for
// memetic): about a million genomes, some hundreds of MB on the largest
// grids, so that a mistyped --pop is an error rather than a process killed
// for memory.
const MaxPop = 1 << 20

// Validate checks the method's parameters (the problem checks its own
// rules and size when it is built). Its errors name the parameter by its
// flag and give the valid range.
func (p Spec) Validate() error {
	if p.Version != SpecVersion {
		if p.Version == 0 {
			return ErrOldSpec
		}
		return fmt.Errorf("%w: spec version %d, this mousemaze reads %d", ErrParams, p.Version, SpecVersion)
	}
	if _, err := Preset(p.Algo); err != nil {
		return err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrParams}, args...)...)
	}
	switch {
	case p.Evals <= 0:
		return bad("--evals %d: the budget must be at least 1", p.Evals)
	case p.Pop <= 0:
		return bad("--pop %d: must be at least 1", p.Pop)
	case p.Pop > MaxPop:
		return bad("--pop %d: must be at most %d", p.Pop, MaxPop)
	case p.Density < 0 || p.Density >= 1:
		return bad("--density %v: must be in [0, 1)", p.Density)
	case p.Cap == 1:
		return bad("--cap 1: a search needs no cap (0) or a cap of 2 or more, since every walk out of a maze takes at least 2 turns")
	}
	if err := p.checkParams(); err != nil {
		return err
	}
	switch p.Algo {
	case AlgoMemetic:
		if p.Islands <= 0 || p.Migrate <= 0 || p.Stagnation <= 0 {
			return bad("memetic needs --islands, --migrate and --stagnation above 0")
		}
		if int64(p.Islands)*int64(p.Pop) > MaxPop {
			return bad("--pop %d × --islands %d: must be at most %d genomes", p.Pop, p.Islands, MaxPop)
		}
	case AlgoPipeline:
		if p.Stagnation <= 0 {
			return bad("--stagnation %d: must be at least 1", p.Stagnation)
		}
	case AlgoAnneal:
		if p.Temp < 0 {
			return bad("--temp %v: must be 0 or more", p.Temp)
		}
	}
	return nil
}

// mutationFor returns the expected sites changed per child for a genome of
// the given number of sites: Spec.Mutation, or the method's preset.
func (p Spec) mutationFor(sites int) float64 {
	if p.Mutation > 0 {
		return p.Mutation
	}
	rate := 0.03
	if p.Algo == AlgoEA || p.Algo == AlgoGA {
		rate = 0.06
	}
	return max(1, rate*float64(sites))
}

// order parses the Spec's preference order; its error wraps ErrParams.
func (s Spec) order() (mousemaze.Order, error) {
	o, err := mousemaze.ParseOrder(s.Order)
	if err != nil {
		return o, fmt.Errorf("%w: %v", ErrParams, err)
	}
	return o, nil
}

// objective is the Spec's objective, ObjTurns when none is set.
func (s Spec) objective() string {
	if s.Objective == "" {
		return ObjTurns
	}
	return s.Objective
}

// GridSpec is the Spec of a search for grid mazes of size sz by method
// algo (its preset) under the rules cfg, with free ends or not, the
// objective, budget evals, seed and population pop (0: the preset's).
// evolve and slurm evolve describe their searches with it.
func GridSpec(algo string, sz mousemaze.Size, cfg mousemaze.Config, freeEnds bool, objective string, evals int64, seed uint64, pop int) (Spec, error) {
	p, err := Preset(algo)
	if err != nil {
		return p, fmt.Errorf("--algo %q: want one of %v", algo, Algos)
	}
	p.Rows, p.Cols, p.Evals, p.Seed = sz.Rows, sz.Cols, evals, seed
	p.Order, p.Entry, p.Exit, p.Cap, p.K, p.FreeEnds = cfg.Order.String(), cfg.Entry, cfg.Exit, cfg.Cap, cfg.K, freeEnds
	if objective != ObjTurns {
		p.Objective = objective
	}
	if pop > 0 {
		p.Pop = pop
	}
	return p, nil
}
