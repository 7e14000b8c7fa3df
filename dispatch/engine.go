package dispatch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mousemaze/mousemaze/internal/parallel"
)

// Member is one genome of a search with its score once evaluated.
type Member[G any] struct {
	// Genome is the genome itself.
	Genome G `json:"genome"`
	// Score is its score; meaningful only when Scored.
	Score Score `json:"score"`
	// Scored reports whether the genome has been evaluated.
	Scored bool `json:"scored"`
}

// EngineState is everything a search needs to go on: its Spec, the PCG
// state and the method's populations. It is taken between generations and
// is what a checkpoint holds.
type EngineState[G any] struct {
	// Spec defines the search.
	Spec Spec `json:"spec"`
	// RNG is the PCG state, from (*rand.PCG).MarshalBinary.
	RNG []byte `json:"rng"`
	// Gen is the number of generations (batches) done.
	Gen int64 `json:"gen"`
	// Evals is the number of feasible genomes evaluated within the budget.
	Evals int64 `json:"evals"`
	// Rejected is the number of infeasible candidates rejected or repaired
	// without an evaluation; they do not count as evaluations.
	Rejected int64 `json:"rejected"`
	// PolishEvals is the number of evaluations of the polish (after the
	// budget).
	PolishEvals int64 `json:"polish_evals,omitempty"`
	// Best is the best genome found so far, BestGen and BestEvals when.
	Best      Member[G] `json:"best"`
	BestGen   int64     `json:"best_gen"`
	BestEvals int64     `json:"best_evals"`
	// Certified is the Hamming radius within which no genome beats Best,
	// as shown by an exhaustive scan (0: not shown).
	Certified int `json:"local_optimum_radius"`
	// Pop is the current generation (ea, ga, pipeline) or the pending
	// batch (random).
	Pop []Member[G] `json:"pop,omitempty"`
	// Islands are the island populations (memetic).
	Islands [][]Member[G] `json:"islands,omitempty"`
	// Walkers are the annealing chains (sa).
	Walkers []Member[G] `json:"walkers,omitempty"`
	// Climbs are the climbs under way: the climbers (hill), the memetic
	// local search, the iterated local search's current climb.
	Climbs []*Climb[G] `json:"climbs,omitempty"`
	// IslandBest and Stale are each island's best score and the
	// generations since it last improved (memetic).
	IslandBest []Score `json:"island_best,omitempty"`
	Stale      []int64 `json:"stale,omitempty"`
	// Searched holds the hashes of genomes already used as local search
	// centres, newest last (memetic).
	Searched []uint64 `json:"searched,omitempty"`
	// Home is the iterated local search's best local optimum since its
	// last restart, and Fails the kicks since Home last improved.
	Home  *Member[G] `json:"home,omitempty"`
	Fails int        `json:"fails,omitempty"`
	// Phase is the pipeline's phase: 0 GA, 1 EA; StaleGens the
	// generations since the best last improved.
	Phase     int   `json:"phase,omitempty"`
	StaleGens int64 `json:"stale_gens,omitempty"`
	// Deepen is the deepening climb under way once the budget is spent
	// (Spec.Deepen), and Deepened reports that it has ended; the polish
	// comes after it.
	Deepen   *Climb[G] `json:"deepen,omitempty"`
	Deepened bool      `json:"deepened,omitempty"`
	// Polish is the polish under way once the budget is spent.
	Polish *Climb[G] `json:"polish,omitempty"`
	// Exhausted reports a search that ended before its budget because
	// nothing was left to search: an iterated local search whose home has
	// no feasible genome within its radius (a 40×1 grid has one feasible
	// maze).
	Exhausted bool `json:"exhausted,omitempty"`
	// Repeats counts the evaluations in a row of the best genome itself;
	// maxRepeats of them end the search as Exhausted (a space with one
	// feasible genome, where every method keeps coming back to it).
	Repeats int64 `json:"repeats,omitempty"`
}

// EngineHooks let a caller watch a search. Both are called between
// evaluations on the goroutine that runs the search.
type EngineHooks[G any] struct {
	// Generation is called after every generation. A non-nil error stops
	// the search; Run returns it. The State taken here is a consistent
	// checkpoint.
	Generation func(s *Engine[G]) error
	// Improved is called whenever the best genome improves.
	Improved func(s *Engine[G])
}

// A strategy is one search method written once for every problem: init
// sets up a fresh state (without evaluating anything) and step runs one
// generation.
type strategy[G any] interface {
	init(s *Engine[G], initial []Member[G])
	step(s *Engine[G]) error
}

// Engine is a running search of a Problem.
type Engine[G any] struct {
	st    EngineState[G]
	pcg   *rand.PCG
	rng   *rand.Rand
	prob  Problem[G]
	strat strategy[G]
	hooks EngineHooks[G]
	idle  int                 // generations in a row that evaluated nothing
	scans map[*Climb[G]]*scan // neighbour orders of the climbs, rebuilt on resume
	next  *ahead[G]           // the batch built ahead of a climb's next step (see startAhead)
	// dropped counts the batches built ahead and not taken whose scoring
	// may still run (see dropAhead); Run waits for them before it returns.
	dropped sync.WaitGroup
	// stores are the climbs' batch storage, reused (climbStore); a pool,
	// as a batch built ahead takes one on another goroutine.
	stores sync.Pool
	ahead  [3]int64 // batches built ahead, of them those taken, and those begun while a climb's centre was walked
	// heat caches the kick weights of home (Spec.KickHeat), rebuilt on
	// resume.
	heat struct {
		home G
		cum  []float64
	}
	polish bool            // evaluations go to PolishEvals, beyond the budget
	sparse bool            // random genomes are almost never feasible
	single *G              // the only feasible genome, when the space holds one
	ctx    context.Context // the context of Run, which long steps check
	cut    bool            // the step stopped early for ctx; its work so far is in the state

	workers     int         // breeding goroutines; 0 = GOMAXPROCS
	spare       []Member[G] // the generation before Pop, free for the next (see generation)
	breedBuf    []G         // breedInto's genomes handed to a Breeder, kept between calls
	gsBuf       []G         // evaluate's genomes and scores, kept between calls
	scoreBuf    []Score
	markBuf     []bool      // accountLarge's marks, kept between calls
	rejectedBuf []uint8     // breedOnDevice's counts of rejected candidates, kept between calls
	devHashes   [2][]uint64 // breedOnDevice's hashes of the children, a buffer for each device generation
	// res is the population whose children a device keeps (nil: all of
	// it is on the host), bred the device's generation being bred now
	// (see breedOnDevice and generation).
	res, bred *resident[G]
	selectK   int           // the candidates selectBest's last selection took (see there)
	evalTime  time.Duration // wall time inside Problem.Evaluate since the engine was made
}

// SetWorkers sets the number of goroutines that breed large generations
// (0, the default, means one per CPU). The results do not depend on it.
func (s *Engine[G]) SetWorkers(n int) { s.workers = max(n, 0) }

// Workers returns the number of goroutines that breed large generations:
// SetWorkers's, else the problem's (a problem with a Workers method, as
// the grid problem on a cpu evaluator of --workers n), else one per CPU.
func (s *Engine[G]) Workers() int {
	if s.workers > 0 {
		return s.workers
	}
	if w, ok := s.prob.(interface{ Workers() int }); ok && w.Workers() > 0 {
		return w.Workers()
	}
	return runtime.GOMAXPROCS(0)
}

// EvalTime returns the wall time this engine has spent inside the
// problem's Evaluate (the evaluator's walks and the scoring), since it was
// made or resumed; the rest of a run's time is the host's: breeding,
// selection, feasibility and bookkeeping.
func (s *Engine[G]) EvalTime() time.Duration { return s.evalTime }

// NewEngine starts a search described by spec on problem. The initial
// genomes, if any, seed the starting population; infeasible ones are
// repaired towards a random feasible genome.
func NewEngine[G any](spec Spec, problem Problem[G], initial []G) (*Engine[G], error) {
	s, err := newEngine(spec, problem)
	if err != nil {
		return nil, err
	}
	// A reach on a problem without distances would be ignored; refuse it
	// (a checkpoint of a former search that has one still resumes).
	if _, ok := problem.(Geometry[G]); spec.Reach > 0 && !ok {
		return nil, fmt.Errorf("%w: --reach needs sites at distances (grids, edge boards)", ErrParams)
	}
	s.pcg = rand.NewPCG(spec.Seed, 0x6d6f7573656d617a) // "mousemaz"
	s.rng = rand.New(s.pcg)
	var members []Member[G]
	for i, g := range initial {
		if err := problem.Check(g); err != nil {
			return nil, fmt.Errorf("%w: initial genome %d: %v", ErrParams, i, err)
		}
		g = problem.Clone(g)
		if !problem.Feasible(g) {
			s.st.Rejected++
			g = problem.Repair(s.rng, g, s.randomFeasible())
		}
		members = append(members, Member[G]{Genome: g})
	}
	s.strat.init(s, members)
	return s, nil
}

// ResumeEngine continues the search saved in st on problem. A state that
// no search of its Spec could have written (see ErrState) is refused with
// an error wrapping ErrState that says what is wrong; the best genome and
// the others whose scores a search reports or certifies from are
// evaluated again for it (those evaluations count nowhere), so a valid
// state resumes exactly as it was saved.
func ResumeEngine[G any](st *EngineState[G], problem Problem[G]) (*Engine[G], error) {
	s, err := newEngine(st.Spec, problem)
	if err != nil {
		return nil, err
	}
	s.pcg = &rand.PCG{}
	if err := s.pcg.UnmarshalBinary(st.RNG); err != nil {
		return nil, badState("rng: not a random state of this search (%v)", err)
	}
	if err := s.checkState(st); err != nil {
		return nil, err
	}
	s.rng = rand.New(s.pcg)
	s.st = cloneState(problem, st)
	if !s.budgetSpent() {
		// A search saved in its deepening or polish and resumed with a
		// larger budget goes on searching; both start again from the best
		// once the new budget is spent (else the search's evaluations
		// would count as the polish's and the budget never be spent).
		s.st.Deepen, s.st.Polish = nil, nil
	}
	s.polish = s.st.Polish != nil || s.st.Deepen != nil
	return s, nil
}

// onlyFeasible returns the problem's only feasible genome when its space
// holds exactly one (see Opener), or nil. It stops at the first feasible
// neighbour of Open, which on any grid of two columns or more is its first
// move.
func onlyFeasible[G any](problem Problem[G]) *G {
	o, ok := problem.(Opener[G])
	if !ok {
		return nil
	}
	open := o.Open()
	if !problem.Feasible(open) {
		return nil
	}
	for m := range problem.Moves(open) {
		if problem.Feasible(problem.Apply(open, m)) {
			return nil
		}
	}
	return &open
}

func newEngine[G any](spec Spec, problem Problem[G]) (*Engine[G], error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if problem == nil {
		return nil, fmt.Errorf("%w: no problem", ErrParams)
	}
	if _, ok := problem.(Geometry[G]); spec.Deepen > 0 && !ok {
		return nil, fmt.Errorf("%w: --deepen needs sites at distances (grids, edge boards)", ErrParams)
	}
	s := &Engine[G]{st: EngineState[G]{Spec: spec}, prob: problem, scans: map[*Climb[G]]*scan{}, single: onlyFeasible(problem)}
	s.strat = map[string]strategy[G]{
		AlgoRandom: randomSearch[G]{}, AlgoHill: hillClimb[G]{}, AlgoAnneal: anneal[G]{}, AlgoEA: genetic[G]{}, AlgoGA: genetic[G]{},
		AlgoMemetic: memetic[G]{}, AlgoILS: ils[G]{}, AlgoPipeline: pipeline[G]{},
	}[spec.Algo]
	return s, nil
}

// maxRepeats is how many evaluations in a row of the best genome itself
// end a search as exhausted.
const maxRepeats = 20000

// Run runs the search until its budget is spent (and the polish, if any,
// is done), ctx is cancelled or a hook returns an error. It checks ctx
// between generations, so after a cancellation the search's State is a
// consistent checkpoint; Run then returns ctx.Err().
func (s *Engine[G]) Run(ctx context.Context, hooks EngineHooks[G]) error {
	s.hooks, s.ctx = hooks, ctx
	defer func() {
		s.dropAhead(s.next)
		s.dropped.Wait() // no evaluation may outlive Run
		s.hooks, s.ctx, s.next = EngineHooks[G]{}, nil, nil
	}()
	for !s.Done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		before := s.st.Evals + s.st.PolishEvals + s.st.Rejected
		var err error
		if s.single != nil {
			err = s.finishSingle()
		} else if s.budgetSpent() && s.deepening() {
			err = s.deepenStep()
		} else if s.budgetSpent() {
			err = s.polishStep()
		} else {
			err = s.strat.step(s)
		}
		if err != nil {
			return err
		}
		if s.cut {
			// Not a whole generation: its work so far is saved in the
			// state, and the resumed search finishes it.
			s.cut = false
			continue
		}
		s.st.Gen++
		if s.st.Evals+s.st.PolishEvals+s.st.Rejected == before {
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

// finishSingle completes the search of a space with one feasible genome:
// it evaluates that genome unless it is the best already and ends the
// search as Exhausted, certified at the polish's radius (no genome within
// any radius beats it).
func (s *Engine[G]) finishSingle() error {
	if !s.st.Best.Scored || !s.prob.Equal(s.st.Best.Genome, *s.single) {
		polish := s.polish
		s.polish = s.budgetSpent() // a spent budget evaluates it as the polish
		_, err := s.evaluate([]Member[G]{{Genome: s.prob.Clone(*s.single)}})
		s.polish = polish
		if err != nil {
			return err
		}
	}
	s.st.Certified = max(s.st.Certified, s.st.Spec.Polish)
	s.st.Polish = nil
	s.st.Exhausted = true
	return nil
}

// stopped reports, inside a long step, that Run's context is done: the
// step saves its work so far in the state, sets s.cut and returns.
func (s *Engine[G]) stopped() bool {
	return s.ctx != nil && s.ctx.Err() != nil
}

// budgetSpent reports whether the evaluation budget is spent.
func (s *Engine[G]) budgetSpent() bool { return s.st.Evals >= s.st.Spec.Evals }

// Done reports whether the search is over: the budget spent and the
// polish, if asked for, finished.
func (s *Engine[G]) Done() bool {
	if s.st.Exhausted {
		return true
	}
	if !s.budgetSpent() {
		return false
	}
	if s.deepening() {
		return false
	}
	if s.st.Spec.Polish == 0 || !s.st.Best.Scored {
		return true
	}
	return s.st.Certified >= s.st.Spec.Polish && s.st.Polish == nil
}

// deepening reports whether the deepening climb is still to run or under
// way (once the budget is spent).
func (s *Engine[G]) deepening() bool {
	return s.st.Spec.Deepen > 0 && !s.st.Deepened && s.st.Best.Scored
}

// Exhausted reports whether the search ended early because nothing was
// left to search.
func (s *Engine[G]) Exhausted() bool { return s.st.Exhausted }

// Spec returns the search's Spec.
func (s *Engine[G]) Spec() Spec { return s.st.Spec }

// Problem returns the problem searched.
func (s *Engine[G]) Problem() Problem[G] { return s.prob }

// Gen returns the number of generations done.
func (s *Engine[G]) Gen() int64 { return s.st.Gen }

// Evals returns the number of genomes evaluated within the budget.
func (s *Engine[G]) Evals() int64 { return s.st.Evals }

// PolishEvals returns the number of evaluations of the polish.
func (s *Engine[G]) PolishEvals() int64 { return s.st.PolishEvals }

// Rejected returns the number of infeasible candidates rejected or repaired.
func (s *Engine[G]) Rejected() int64 { return s.st.Rejected }

// Best returns a copy of the best genome found so far with its score.
func (s *Engine[G]) Best() Member[G] { return s.clone(s.st.Best) }

// Certified returns the Hamming radius within which no genome beats the
// best, as shown by an exhaustive scan (0 when not shown).
func (s *Engine[G]) Certified() int { return s.st.Certified }

// Polishing reports whether the search is in its polish.
func (s *Engine[G]) Polishing() bool { return s.budgetSpent() && !s.Done() }

// State returns a deep copy of the search's state, the RNG state included,
// for a checkpoint. It fails only where a device that keeps genomes of the
// population (see resident) cannot give them back.
func (s *Engine[G]) State() (*EngineState[G], error) {
	if err := s.settle(); err != nil {
		return nil, err
	}
	st := cloneState(s.prob, &s.st)
	rng, err := s.pcg.MarshalBinary()
	if err != nil {
		panic("dispatch: PCG state cannot be marshalled: " + err.Error())
	}
	st.RNG = rng
	return &st, nil
}

func (s *Engine[G]) clone(m Member[G]) Member[G] {
	m.Genome = s.prob.Clone(m.Genome)
	return m
}

func cloneMembers[G any](p Problem[G], src []Member[G]) []Member[G] {
	if src == nil {
		return nil
	}
	dst := make([]Member[G], len(src))
	for i, m := range src {
		dst[i] = m
		dst[i].Genome = p.Clone(m.Genome)
	}
	return dst
}

func cloneClimb[G any](p Problem[G], c *Climb[G]) *Climb[G] {
	if c == nil {
		return nil
	}
	d := *c
	d.Center.Genome = p.Clone(c.Center.Genome)
	if c.Tie != nil {
		t := *c.Tie
		t.Genome = p.Clone(t.Genome)
		d.Tie = &t
	}
	if c.Top != nil {
		t := *c.Top
		t.Genome = p.Clone(t.Genome)
		d.Top = &t
	}
	d.Tabu = append([]uint64(nil), c.Tabu...)
	return &d
}

func cloneState[G any](p Problem[G], src *EngineState[G]) EngineState[G] {
	st := *src
	st.RNG = append([]byte(nil), src.RNG...)
	st.Best.Genome = p.Clone(src.Best.Genome)
	st.Pop = cloneMembers(p, src.Pop)
	st.Walkers = cloneMembers(p, src.Walkers)
	st.Islands = nil
	for _, isl := range src.Islands {
		st.Islands = append(st.Islands, cloneMembers(p, isl))
	}
	st.Climbs = nil
	for _, c := range src.Climbs {
		st.Climbs = append(st.Climbs, cloneClimb(p, c))
	}
	st.Polish = cloneClimb(p, src.Polish)
	st.Deepen = cloneClimb(p, src.Deepen)
	if src.Home != nil {
		h := *src.Home
		h.Genome = p.Clone(h.Genome)
		st.Home = &h
	}
	st.IslandBest = append([]Score(nil), src.IslandBest...)
	st.Stale = append([]int64(nil), src.Stale...)
	st.Searched = append([]uint64(nil), src.Searched...)
	return st
}

// evaluate scores the genomes of batch, which must all be feasible. Within
// the budget it evaluates at most what is left of it and returns how many
// members, from the front of batch, it evaluated; the rest stay unscored.
// The polish is not bounded by the budget.
func (s *Engine[G]) evaluate(batch []Member[G]) (int, error) {
	n := s.withinBudget(len(batch))
	if n <= 0 {
		return 0, nil
	}
	batch = batch[:n]
	s.gsBuf = slices.Grow(s.gsBuf[:0], n)[:n]
	s.scoreBuf = slices.Grow(s.scoreBuf[:0], n)[:n]
	gs, dst := s.gsBuf, s.scoreBuf
	for i := range batch {
		gs[i] = batch[i].Genome
	}
	clear(dst)
	t0 := time.Now()
	err := s.prob.Evaluate(gs, dst)
	s.evalTime += time.Since(t0)
	if err != nil {
		return 0, err
	}
	return s.account(batch, dst)
}

// evaluateScored is evaluate for a batch that may have been scored ahead
// (pre, from climbBatchAhead): it waits for those scores and takes them
// as evaluate would have found them, or evaluates the batch when there
// are none or their scoring failed.
func (s *Engine[G]) evaluateScored(batch []Member[G], pre *ahead[G]) (int, error) {
	if pre == nil {
		return s.evaluate(batch)
	}
	t0 := time.Now()
	<-pre.scored
	s.evalTime += time.Since(t0) // the wait: evaluation not overlapped
	if pre.err != nil {
		return s.evaluate(batch)
	}
	n := s.withinBudget(len(batch))
	if n <= 0 {
		return 0, nil
	}
	return s.account(batch[:n], pre.scores[:n])
}

// withinBudget returns how many of n evaluations the budget has room for
// (all of them in the polish, which the budget does not bound).
func (s *Engine[G]) withinBudget(n int) int {
	if left := s.st.Spec.Evals - s.st.Evals; !s.polish && int64(n) > left {
		return int(max(left, 0))
	}
	return n
}

// account takes the scores dst of the evaluated batch (with dst nil, the
// scores already in the batch's members): the members' scores, the
// evaluation counts, repeats and the best.
func (s *Engine[G]) account(batch []Member[G], dst []Score) (int, error) {
	if len(batch) >= accountParallel && s.Workers() > 1 {
		return s.accountLarge(batch, dst, nil, nil)
	}
	for i := range batch {
		m := &batch[i]
		if dst != nil {
			m.Score = dst[i]
		}
		if !m.Score.Feasible {
			return 0, errScoredInfeasible
		}
		m.Scored = true
		// A genome equal to the best scores as the best did (evaluations
		// are deterministic), so the scores spare most comparisons.
		if s.st.Best.Scored && m.Score == s.st.Best.Score && s.prob.Equal(m.Genome, s.st.Best.Genome) {
			s.repeat()
		} else {
			s.st.Repeats = 0
		}
		if s.polish {
			s.st.PolishEvals++
		} else {
			s.st.Evals++
		}
		if !s.st.Best.Scored || m.Score.Better(s.st.Best.Score) {
			s.improve(*m)
		}
	}
	return len(batch), nil
}

// accountLarge is account for a large batch on several workers. The
// scores are taken on every core first, and each chunk marks its members
// that score above every member before them in the chunk; the pass that
// must run in order then compares a score with the best's only for a
// marked member (a member that beats the best beats every member
// accounted before it: scores are totally ordered, so it is marked), and
// a genome with the best only when their scores agree.
//
// For a batch whose genomes a device keeps (see resident), hashes holds
// their hashes (compared before the genomes) and fetch(idx) brings the
// genomes of batch[idx...] to the host: accountLarge fetches, in one
// call, every member that will be the best and every member whose hash is
// that of the best or of one of them, before the ordered pass compares or
// keeps them. Both are nil for a batch on the host.
func (s *Engine[G]) accountLarge(batch []Member[G], dst []Score, hashes []uint64, fetch func(idx []int) error) (int, error) {
	n := len(batch)
	s.markBuf = slices.Grow(s.markBuf[:0], n)[:n]
	marked := s.markBuf
	var infeasible atomic.Bool
	parallel.Chunks(s.Workers(), n, accountParallel, func(lo, hi int) {
		var top Score
		for i := lo; i < hi; i++ {
			m := &batch[i]
			if dst != nil {
				m.Score = dst[i]
			}
			if !m.Score.Feasible {
				infeasible.Store(true)
			}
			m.Scored = true
			marked[i] = i == lo || m.Score.Better(top)
			if marked[i] {
				top = m.Score
			}
		}
	})
	if infeasible.Load() {
		return 0, errScoredInfeasible
	}
	var bestHash uint64
	if s.st.Best.Scored && hashes != nil {
		bestHash = s.prob.Hash(s.st.Best.Genome)
	}
	if fetch != nil {
		if err := fetch(s.readInAccount(batch, hashes, marked, bestHash)); err != nil {
			return 0, err
		}
	}
	count := &s.st.Evals
	if s.polish {
		count = &s.st.PolishEvals
	}
	start := *count
	for i := range batch {
		m := &batch[i]
		if s.st.Best.Scored && m.Score == s.st.Best.Score && (hashes == nil || hashes[i] == bestHash) &&
			s.prob.Equal(m.Genome, s.st.Best.Genome) {
			s.repeat()
		} else {
			s.st.Repeats = 0
		}
		if marked[i] && (!s.st.Best.Scored || m.Score.Better(s.st.Best.Score)) {
			*count = start + int64(i) + 1
			s.improve(*m)
			if hashes != nil {
				bestHash = hashes[i]
			}
		}
	}
	*count = start + int64(n)
	return n, nil
}

// readInAccount returns the members of batch whose genomes accountLarge's
// ordered pass reads: those that will be the best (marked, and better than
// the best before them) and those whose hash is the best's (bestHash, the
// best's before the batch) or one of theirs. The hashes are scanned on
// every core.
func (s *Engine[G]) readInAccount(batch []Member[G], hashes []uint64, marked []bool, bestHash uint64) []int {
	var read []int
	var bests []uint64
	best, scored := s.st.Best.Score, s.st.Best.Scored
	if scored {
		bests = append(bests, bestHash)
	}
	for i := range batch {
		if marked[i] && (!scored || batch[i].Score.Better(best)) {
			read = append(read, i)
			best, scored = batch[i].Score, true
			bests = append(bests, hashes[i])
		}
	}
	n := len(hashes)
	found := make([][]int, (n+accountParallel-1)/accountParallel)
	parallel.Chunks(s.Workers(), n, accountParallel, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if slices.Contains(bests, hashes[i]) {
				found[lo/accountParallel] = append(found[lo/accountParallel], i)
			}
		}
	})
	return append(read, slices.Concat(found...)...)
}

// errScoredInfeasible is account's error for a genome that was checked
// feasible before its evaluation and scored infeasible by it.
var errScoredInfeasible = errors.New("dispatch: a genome checked feasible was scored infeasible")

// repeat counts one more evaluation of the best genome in a row.
func (s *Engine[G]) repeat() {
	if s.st.Repeats++; s.st.Repeats >= maxRepeats {
		s.st.Exhausted = true
	}
}

// improve makes m, just counted, the best.
func (s *Engine[G]) improve(m Member[G]) {
	s.st.Best = s.clone(m)
	s.st.BestGen, s.st.BestEvals = s.st.Gen, s.st.Evals
	s.st.Certified = 0
	if s.hooks.Improved != nil {
		s.hooks.Improved(s)
	}
}

// accountParallel is the batch size from which account hashes the
// genomes in parallel, and the genomes one goroutine hashes at a time;
// also the members one goroutine of unscored scans.
const accountParallel = 8192

// evaluateIn evaluates pop's unscored members in place and reports
// whether all of them were evaluated.
func (s *Engine[G]) evaluateIn(pop []Member[G]) (bool, error) {
	idx := unscored(pop, s.Workers())
	if len(idx) == 0 {
		return true, nil
	}
	if len(idx) == len(pop) { // all of them (a first generation): no copies
		n, err := s.evaluate(pop)
		return err == nil && n == len(pop), err
	}
	batch := make([]Member[G], len(idx))
	for k, i := range idx {
		batch[k] = pop[i]
	}
	n, err := s.evaluate(batch)
	for k, i := range idx {
		pop[i] = batch[k]
	}
	return err == nil && n == len(batch), err
}

// unscored returns the indices of pop's unscored members, in order; a
// large pop is scanned in chunks on up to workers goroutines.
func unscored[G any](pop []Member[G], workers int) []int {
	chunks := (len(pop) + accountParallel - 1) / accountParallel
	found := make([][]int, chunks)
	parallel.For(workers, chunks, func(c int) {
		for i := c * accountParallel; i < min((c+1)*accountParallel, len(pop)); i++ {
			if !pop[i].Scored {
				found[c] = append(found[c], i)
			}
		}
	})
	return slices.Concat(found...)
}

// sortBest sorts members best first; ties keep their order.
func sortBest[G any](ms []Member[G]) {
	slices.SortStableFunc(ms, func(a, b Member[G]) int { return b.Score.Cmp(a.Score) })
}

// selectBest returns the parents (the best of pool with distinct
// genomes, up to parents of them, see topDistinct) and the elite (the
// first elite members of pool sorted best first) of a generation, as
// sortBest and topDistinct give them. A small pool is sorted in place; a
// large one is left as it is and only its best few are selected and
// sorted (stably, so ties keep pool's order), which gives the same
// members in the same order. The genomes it reads that a device keeps
// (see resident) are fetched first, which is how it can fail.
func (s *Engine[G]) selectBest(pool []Member[G], parents, elite int) (par, eli []Member[G], err error) {
	want := max(parents, elite)
	if len(pool) <= 8*want+breedChunk {
		if s.res.holds(pool) {
			if err := s.settle(); err != nil {
				return nil, nil, err
			}
		}
		sortBest(pool)
		return s.topDistinct(pool, parents), pool[:min(elite, len(pool))], nil
	}
	hash := func(i int) uint64 { return s.prob.Hash(pool[i].Genome) }
	if r := s.res; r.holds(pool) {
		hash = func(i int) uint64 { return r.hash(s.prob, i) }
	}
	// The first pass takes as many as sufficed the generation before: in
	// a population of many copies, the best few hold few distinct genomes.
	for k := min(max(2*want, s.selectK), len(pool)); ; k = min(2*k, len(pool)) {
		idx := bestK(pool, k, s.Workers())
		pi := distinctBy(idx, parents, hash)
		if len(pi) == parents || k == len(pool) {
			s.selectK = k
			ei := idx[:min(elite, len(idx))]
			if err := s.fetchMembers(pool, slices.Concat(pi, ei)); err != nil {
				return nil, nil, err
			}
			return membersAt(pool, pi), membersAt(pool, ei), nil
		}
	}
}

// distinctBy returns the first indices of idx, up to n of them, whose
// hashes differ from those of the indices before them: topDistinct on
// indices.
func distinctBy(idx []int, n int, hash func(i int) uint64) []int {
	var out []int
	seen := map[uint64]bool{}
	for _, i := range idx {
		if len(out) == n {
			break
		}
		if h := hash(i); !seen[h] {
			seen[h] = true
			out = append(out, i)
		}
	}
	return out
}

// membersAt returns copies of the members idx of pool.
func membersAt[G any](pool []Member[G], idx []int) []Member[G] {
	out := make([]Member[G], len(idx))
	for k, i := range idx {
		out[k] = pool[i]
	}
	return out
}

// bestK returns the indices of the k best members of pool, best first,
// ties in pool's order: the first k of a stable sort, in O(n log k). A large pool
// is cut into chunks whose k best are found on up to workers goroutines;
// the k best of their union are then the k best of pool, the same members
// in the same order.
func bestK[G any](pool []Member[G], k, workers int) []int {
	k = min(k, len(pool))
	var h []int
	if chunk := max(bestKChunk, 4*k); len(pool) < 2*chunk || workers <= 1 {
		h = topK(pool, k, 0, len(pool), nil)
	} else {
		chunks := (len(pool) + chunk - 1) / chunk
		tops := make([][]int, chunks)
		parallel.For(workers, chunks, func(c int) {
			lo, hi := c*chunk, min((c+1)*chunk, len(pool))
			tops[c] = topK(pool, k, lo, hi-lo, nil)
		})
		union := slices.Concat(tops...)
		slices.Sort(union) // pool's order, which topK's ties follow
		h = topK(pool, k, 0, len(union), union)
	}
	return h
}

// bestKChunk is the smallest chunk of a pool that bestK gives one goroutine.
const bestKChunk = 1 << 16

// topK returns the indices of the k best members of pool among n
// increasing indices, list[0], ..., list[n-1] or, with list nil, lo, ...,
// lo+n-1: best first, ties in index order.
func topK[G any](pool []Member[G], k, lo, n int, list []int) []int {
	// worse reports whether pool[i] ranks after pool[j] in a stable sort.
	worse := func(i, j int) bool {
		if c := pool[i].Score.Cmp(pool[j].Score); c != 0 {
			return c < 0
		}
		return i > j
	}
	// A heap of indices whose root is the worst kept member.
	h := make([]int, 0, min(k, n))
	down := func(i int) {
		for {
			l, w := 2*i+1, i
			if l < len(h) && worse(h[l], h[w]) {
				w = l
			}
			if r := l + 1; r < len(h) && worse(h[r], h[w]) {
				w = r
			}
			if w == i {
				return
			}
			h[i], h[w] = h[w], h[i]
			i = w
		}
	}
	// The indices increase, so a member ties with the heap's worst only
	// to rank after it: it enters the heap when it scores strictly above.
	// Most members do not, and are turned away by one comparison with a
	// copy of the worst's score, on the value alone where both are plain
	// feasible scores (Cmp's order there).
	var root Score
	plain := false // root is feasible and not trapped
	for j := range n {
		i := lo + j
		if list != nil {
			i = list[j]
		}
		if len(h) < k {
			h = append(h, i)
			for j := len(h) - 1; j > 0; {
				p := (j - 1) / 2
				if !worse(h[j], h[p]) {
					break
				}
				h[j], h[p] = h[p], h[j]
				j = p
			}
			root = pool[h[0]].Score
			plain = root.Feasible && !root.Trapped
			continue
		}
		if sc := &pool[i].Score; plain && sc.Feasible && !sc.Trapped {
			if sc.Value <= root.Value {
				continue
			}
		} else if sc.Cmp(root) <= 0 {
			continue
		}
		h[0] = i
		down(0)
		root = pool[h[0]].Score
		plain = root.Feasible && !root.Trapped
	}
	slices.SortFunc(h, func(a, b int) int {
		if worse(a, b) {
			return 1
		}
		if worse(b, a) {
			return -1
		}
		return 0
	})
	return h
}

// bestOf returns the first of the best members of pop (unscored members
// rank last); ok is false when none is scored.
func bestOf[G any](pop []Member[G]) (best Member[G], ok bool) {
	for _, m := range pop {
		if m.Scored && (!ok || m.Score.Better(best.Score)) {
			best, ok = m, true
		}
	}
	return best, ok
}

// Emigrants returns up to n of the best distinct evaluated genomes the
// search holds, best first, as deep copies. It fails only as State does.
func (s *Engine[G]) Emigrants(n int) ([]Member[G], error) {
	if err := s.settle(); err != nil {
		return nil, err
	}
	var pool []Member[G]
	add := func(ms ...Member[G]) {
		for _, m := range ms {
			if m.Scored {
				pool = append(pool, m)
			}
		}
	}
	add(s.st.Best)
	add(s.st.Pop...)
	add(s.st.Walkers...)
	for _, isl := range s.st.Islands {
		add(isl...)
	}
	for _, c := range s.st.Climbs {
		add(c.Center)
	}
	if s.st.Home != nil {
		add(*s.st.Home)
	}
	sortBest(pool)
	var out []Member[G]
	seen := map[uint64]bool{}
	for _, m := range pool {
		if len(out) >= n {
			break
		}
		if h := s.prob.Hash(m.Genome); !seen[h] {
			seen[h] = true
			out = append(out, s.clone(m))
		}
	}
	return out, nil
}

// Immigrate evaluates genomes that come from another search of the same
// Spec and puts each into this search in place of a worse one: into the
// islands in turn (memetic), the generation (ea, ga, pipeline), the chains
// (sa) or as a climb's new centre (hill, ils) when better; random search
// only keeps its best. Their scores are not trusted: they are evaluated
// again and count against the budget, so a search with no budget left
// takes none. A genome the problem refuses (wrong size, infeasible) is an
// error, and nothing is taken. It returns how many were evaluated.
func (s *Engine[G]) Immigrate(gs []G) (int, error) {
	if err := s.settle(); err != nil {
		return 0, err
	}
	batch := make([]Member[G], 0, len(gs))
	for i, g := range gs {
		if err := s.prob.Check(g); err != nil {
			return 0, fmt.Errorf("%w: immigrant %d: %v", ErrParams, i, err)
		}
		if !s.prob.Feasible(g) {
			return 0, fmt.Errorf("%w: immigrant %d: infeasible", ErrParams, i)
		}
		batch = append(batch, Member[G]{Genome: s.prob.Clone(g)})
	}
	if s.budgetSpent() {
		return 0, nil
	}
	n, err := s.evaluate(batch)
	if err != nil {
		return 0, err
	}
	batch = batch[:n]
	sortBest(batch)
	for i, m := range batch {
		switch s.st.Spec.Algo {
		case AlgoMemetic:
			s.inject(i%len(s.st.Islands), m)
		case AlgoEA, AlgoGA, AlgoPipeline:
			s.st.Pop = s.replaceWorst(s.st.Pop, m)
		case AlgoAnneal:
			s.st.Walkers = s.replaceWorst(s.st.Walkers, m)
		case AlgoHill, AlgoILS:
			for _, c := range s.st.Climbs {
				if c.Center.Scored && m.Score.Better(c.Center.Score) {
					s.restartClimb(c, m)
					break
				}
			}
		}
	}
	return n, nil
}

// replaceWorst puts a copy of m in place of the worst member of pop when
// that is worse and pop does not hold m already; unscored members count
// as worst.
func (s *Engine[G]) replaceWorst(pop []Member[G], m Member[G]) []Member[G] {
	// below reports whether a ranks strictly below b; unscored ranks lowest.
	below := func(a, b Member[G]) bool {
		if !a.Scored {
			return b.Scored
		}
		return b.Scored && b.Score.Better(a.Score)
	}
	worst := -1
	for i := range pop {
		if s.prob.Equal(pop[i].Genome, m.Genome) {
			return pop
		}
		if worst < 0 || below(pop[i], pop[worst]) {
			worst = i
		}
	}
	if worst >= 0 && below(pop[worst], m) {
		pop[worst] = s.clone(m)
	}
	return pop
}
