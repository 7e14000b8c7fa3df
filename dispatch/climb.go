package dispatch

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
)

// Climb is one local search under way: a centre and the scan of its
// Hamming neighbourhood, radius by radius. It is written once and serves
// hill climbing, the memetic local search, the iterated local search and
// the polish.
//
// A climb scans the neighbours of its centre at radius 1, then 2, up to
// Max. First-improvement moves to the first better neighbour met (in a
// random order, or in a fixed one when Exhaustive); best-improvement scans
// the whole radius and moves to its best neighbour when that is better.
// Either way a move starts again at radius 1. When a whole radius holds no
// better neighbour but one of equal score not visited since the last
// improvement (the tabu list), the climb may step onto it (a sideways
// move on a plateau), at most MaxSideways times in a row. When radius Max
// holds no better neighbour and no sideways move is left, the centre is a
// local optimum: no genome within Max is better, and the climb is Done.
type Climb[G any] struct {
	// Center is the climb's current genome.
	Center Member[G] `json:"center"`
	// Radius is the radius being scanned, Max the largest.
	Radius int `json:"radius"`
	Max    int `json:"max"`
	// Improve is ImproveFirst or ImproveBest.
	Improve string `json:"improve"`
	// Exhaustive scans in a fixed order (lexicographic over the moves);
	// otherwise the order is drawn from Order.
	Exhaustive bool   `json:"exhaustive,omitempty"`
	Order      uint64 `json:"order"`
	// Pos is the number of positions of the radius's order scanned.
	Pos int64 `json:"pos"`
	// Tie is the first neighbour of equal score not in Tabu met in this
	// radius; Top the best neighbour met in it (best-improvement).
	Tie *Member[G] `json:"tie,omitempty"`
	Top *Member[G] `json:"top,omitempty"`
	// Sideways counts the sideways moves since the last improvement, at
	// most MaxSideways; Tabu holds the hashes of the centres visited since.
	Sideways    int      `json:"sideways"`
	MaxSideways int      `json:"max_sideways"`
	Tabu        []uint64 `json:"tabu,omitempty"`
	// Batch is the number of neighbours evaluated per generation; 0 means
	// a whole radius (up to maxBatch).
	Batch int `json:"batch"`
	// Reach limits moves of radius 2 and above to sites within this
	// distance of each other (0: any); a climb with a Reach certifies
	// nothing.
	Reach int `json:"reach,omitempty"`
	// Island is the memetic island the climb's results go back to.
	Island int `json:"island,omitempty"`
	// Done reports that Center is a local optimum within Max.
	Done bool `json:"done"`
	// Moves counts the improving moves made; Seen the neighbours
	// evaluated (feasible ones).
	Moves int64 `json:"moves"`
	Seen  int64 `json:"seen"`
}

// maxBatch bounds a generation's batch of neighbours (a whole Hamming-3
// neighbourhood would not fit in memory on large grids).
const maxBatch = 1 << 16

// maxTabu bounds the tabu list; the oldest hashes are dropped first.
const maxTabu = 1 << 12

// newClimb returns a climb from center under the search's local-search
// parameters.
func (s *Engine[G]) newClimb(center Member[G], maxRadius int, improve string, sideways, batch int, exhaustive bool) *Climb[G] {
	return &Climb[G]{Center: s.clone(center), Radius: 1, Max: maxRadius, Improve: improve,
		Exhaustive: exhaustive, Order: s.rng.Uint64(), MaxSideways: sideways, Batch: batch, Reach: s.st.Spec.Reach}
}

// restartClimb moves c to a new centre m, as after an improvement.
func (s *Engine[G]) restartClimb(c *Climb[G], m Member[G]) {
	delete(s.scans, c)
	c.Center = s.clone(m)
	c.Radius, c.Pos, c.Order = 1, 0, s.rng.Uint64()
	c.Tie, c.Top, c.Done = nil, nil, false
	c.Sideways, c.Tabu = 0, nil
}

// move steps c onto n: an improvement, or a sideways move.
func (s *Engine[G]) move(c *Climb[G], n Member[G], sideways bool) {
	delete(s.scans, c)
	c.Tabu = append(c.Tabu, s.prob.Hash(c.Center.Genome))
	if len(c.Tabu) > maxTabu {
		c.Tabu = append([]uint64(nil), c.Tabu[len(c.Tabu)-maxTabu:]...)
	}
	c.Center = s.clone(n)
	c.Radius, c.Pos, c.Order = 1, 0, s.rng.Uint64()
	c.Tie, c.Top = nil, nil
	if sideways {
		c.Sideways++
	} else {
		c.Sideways, c.Tabu = 0, nil
		c.Moves++
	}
}

// climbBatch returns the next neighbours of c to evaluate (feasible ones
// only) and advances its scan; empty when the radius is exhausted. The
// store, when not nil, holds the batch's storage, to be released once the
// batch is absorbed.
func (s *Engine[G]) climbBatch(c *Climb[G]) ([]Member[G], *climbStore[G]) {
	sc := s.scanOf(c)
	limit := c.Batch
	if limit <= 0 || limit > maxBatch {
		limit = maxBatch
	}
	if limit >= parallelClimb && s.Workers() > 1 {
		return s.climbBatchParallel(c, sc, limit), nil
	}
	return s.buildBatch(c.Center, sc, limit, &c.Pos, &s.st.Rejected)
}

// buildBatch is climbBatch's loop on one goroutine: up to limit feasible
// neighbours of a climb's centre from its scan sc, with the scan's
// position after the last one taken written to *pos and the infeasible
// ones counted in *rejected. It changes nothing else, so it can build a
// batch ahead (see startAhead). The store, not nil for an intoApplier,
// holds the batch's storage.
func (s *Engine[G]) buildBatch(center Member[G], sc *scan, limit int, pos, rejected *int64) ([]Member[G], *climbStore[G]) {
	if ia, ok := s.prob.(intoApplier[G]); ok {
		st := s.store(limit, ia.Words())
		st.batch = s.climbBatchInto(st, center, sc, limit, ia, pos, rejected)
		return st.batch, st
	}
	var batch []Member[G]
	for len(batch) < limit {
		moves, ok := sc.next()
		if !ok {
			break
		}
		*pos = sc.pos
		g := s.prob.Apply(center.Genome, moves...)
		if !s.prob.Feasible(g) {
			*rejected++
			continue
		}
		batch = append(batch, Member[G]{Genome: g})
	}
	return batch, nil
}

// ahead is the batch of a climb that comes after the one being evaluated,
// built (and, where the problem allows, scored) while it is evaluated. It
// is the next batch if evaluating the one before does not move the climb
// (moving drops the climb's scan), as most batches of a first-improvement
// climb near a local optimum do not.
type ahead[G any] struct {
	c        *Climb[G]
	base     *scan // the climb's scan when the batch was begun
	sc       *scan // a copy of base, advanced past the batch
	pos      int64 // the climb's position after the batch
	rejected int64
	batch    []Member[G]
	store    *climbStore[G] // the batch's storage (nil: its own)
	built    chan struct{}  // closed when batch, store, sc, pos and rejected are final
	// With scoring ahead (scored not nil): scores[i] is batch[i]'s score
	// once scored is closed, unless err is set.
	scores []Score
	err    error
	scored chan struct{}
}

// startAhead begins building, on a goroutine of its own, the next batch of
// c (the one after the batch just taken, or the first while c's centre is
// walked), when that can pay: c is the only climb, its
// batches are small (built on one goroutine) and the engine has more than
// one worker. Where the problem's evaluator may be called from several
// goroutines at once (concurrentEvaluator), the goroutine then scores the
// batch too, so that the walks of two batches share the workers (a batch
// ends with its longest walk, which otherwise leaves the other workers
// idle). The next climbBatchAhead takes the batch if it is still the next
// one. The state of the search does not change (the batch is built on a
// copy of the scan and scored without accounting), so the results and
// checkpoints are those of building and evaluating every batch when it is
// needed.
func (s *Engine[G]) startAhead(c *Climb[G]) {
	s.next = nil
	limit := c.Batch
	if limit <= 0 || limit >= parallelClimb || s.Workers() < 2 || len(s.st.Climbs) != 1 || s.st.Climbs[0] != c {
		return
	}
	base := s.scanOf(c)
	a := &ahead[G]{c: c, base: base, sc: base.clone(), pos: c.Pos, built: make(chan struct{})}
	center := c.Center // the goroutine reads this copy: the climb may move meanwhile
	if ce, ok := s.prob.(concurrentEvaluator); ok && ce.ConcurrentEvaluate() {
		a.scored = make(chan struct{})
	}
	s.ahead[0]++
	s.next = a
	go func() {
		a.batch, a.store = s.buildBatch(center, a.sc, limit, &a.pos, &a.rejected)
		close(a.built)
		if a.scored == nil {
			return
		}
		defer close(a.scored)
		gs := make([]G, len(a.batch))
		for i := range a.batch {
			gs[i] = a.batch[i].Genome
		}
		a.scores = make([]Score, len(gs))
		if len(gs) > 0 {
			a.err = s.prob.Evaluate(gs, a.scores)
		}
	}()
}

// concurrentEvaluator is implemented by problems whose Evaluate may run on
// several goroutines at once (GridProblem on an evaluator that says so).
type concurrentEvaluator interface {
	ConcurrentEvaluate() bool
}

// climbBatchAhead is climbBatch, taking the batch built ahead when it is
// still the next one (the climb has the scan the batch was begun from),
// with its scores when it was scored ahead (nil otherwise), and the
// batch's store (see climbBatch).
func (s *Engine[G]) climbBatchAhead(c *Climb[G]) ([]Member[G], *ahead[G], *climbStore[G]) {
	a := s.next
	s.next = nil
	if a != nil {
		<-a.built
	}
	if a == nil || a.c != c || s.scans[c] != a.base || c.Done {
		s.dropAhead(a)
		batch, st := s.climbBatch(c)
		return batch, nil, st
	}
	s.ahead[1]++
	s.scans[c] = a.sc
	c.Pos = a.pos
	s.st.Rejected += a.rejected
	if a.scored == nil {
		return a.batch, nil, a.store
	}
	return a.batch, a, a.store
}

// dropAhead lets go of a batch built ahead that is not taken: a goroutine
// waits until it is built and scored and releases its store, while the
// search goes on (waiting here would hold the next batch back behind the
// walks of one that is thrown away). Run waits for those goroutines
// (Engine.dropped), so that no evaluation runs once the search has
// returned (its caller may close the evaluator).
func (s *Engine[G]) dropAhead(a *ahead[G]) {
	if a == nil {
		return
	}
	s.dropped.Go(func() {
		<-a.built
		if a.scored != nil {
			<-a.scored
		}
		s.release(a.store)
	})
}

// A climbStore is the storage of a climb's batch built by climbBatchInto:
// the members and the words of their genomes, one block. Nothing keeps a
// batch's genomes once it is absorbed (the centre, the best and the ties
// are clones), so the store goes back to the engine's pool then and the
// next batch reuses it: a climb allocates nothing a batch.
type climbStore[G any] struct {
	block []uint64
	batch []Member[G]
}

// store returns a climbStore with room for limit members of words words
// each, from the pool when one fits.
func (s *Engine[G]) store(limit, words int) *climbStore[G] {
	if st, ok := s.stores.Get().(*climbStore[G]); ok && len(st.block) == limit*words && cap(st.batch) >= limit {
		return st
	}
	return &climbStore[G]{block: make([]uint64, limit*words), batch: make([]Member[G], 0, limit)}
}

// release returns st (nil: nothing) to the pool; the batch in it must not
// be used again.
func (s *Engine[G]) release(st *climbStore[G]) {
	if st != nil {
		s.stores.Put(st)
	}
}

// intoApplier is implemented by problems whose genomes are blocks of
// words (GridProblem): a climb builds its batch of neighbours in one block
// of Words() words each, and knows some neighbours feasible without a
// flood fill.
type intoApplier[G any] interface {
	// Words is the number of words of a genome's storage.
	Words() int
	// ApplyInto is Apply writing the result into words, which it keeps.
	ApplyInto(words []uint64, g G, moves ...int) G
	// Guard returns what FeasibleAfter needs to know of a centre, nil for
	// an infeasible one; a scan asks it once for its centre.
	Guard(center G) []uint64
	// FeasibleAfter is Feasible of g, which is center with moves applied,
	// told center's guard (nil: center may be infeasible).
	FeasibleAfter(center G, guard []uint64, moves []int, g G) bool
}

// climbBatchInto is buildBatch's loop for an intoApplier: the same batch,
// its genomes in one block (an infeasible neighbour's slot is reused) and
// feasibility told by FeasibleAfter.
func (s *Engine[G]) climbBatchInto(st *climbStore[G], center Member[G], sc *scan, limit int, ia intoApplier[G], pos, rejected *int64) []Member[G] {
	w := ia.Words()
	block, batch := st.block, st.batch[:0]
	for len(batch) < limit {
		moves, ok := sc.next()
		if !ok {
			break
		}
		*pos = sc.pos
		i := len(batch)
		g := ia.ApplyInto(block[i*w:(i+1)*w], center.Genome, moves...)
		if !ia.FeasibleAfter(center.Genome, sc.guard, moves, g) {
			*rejected++
			continue
		}
		batch = append(batch, Member[G]{Genome: g})
	}
	return batch
}

// parallelClimb is the smallest batch a climb builds on all the engine's
// workers (the deepening's and the polish's; ils's batches of 32 are
// built on one).
const parallelClimb = 1024

// climbBatchParallel is climbBatch with the neighbours made and checked
// on the engine's workers: in rounds, it takes as many move sets from the
// scan as the batch has room for, applies and checks them in parallel and
// keeps the feasible ones in scan order, so that it returns exactly the
// batch (and leaves the scan and c.Pos exactly where) the one-by-one loop
// would.
func (s *Engine[G]) climbBatchParallel(c *Climb[G], sc *scan, limit int) []Member[G] {
	var batch []Member[G]
	for len(batch) < limit {
		var sets [][]int
		for len(sets) < limit-len(batch) {
			moves, ok := sc.next()
			if !ok {
				break
			}
			c.Pos = sc.pos
			sets = append(sets, slices.Clone(moves))
		}
		if len(sets) == 0 {
			break
		}
		gs := make([]G, len(sets))
		feasible := make([]bool, len(sets))
		const chunk = 256
		parallel.Chunks(s.Workers(), len(sets), chunk, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				gs[i] = s.prob.Apply(c.Center.Genome, sets[i]...)
				feasible[i] = s.prob.Feasible(gs[i])
			}
		})
		for i, g := range gs {
			if feasible[i] {
				batch = append(batch, Member[G]{Genome: g})
			} else {
				s.st.Rejected++
			}
		}
	}
	return batch
}

// climbStep runs one generation of c: it evaluates the centre if it is
// new, or the next batch of neighbours, and moves, widens or finishes. A
// climb that ends its radius with nothing to evaluate settles at once. It
// returns false when the budget ran out inside the batch.
func (s *Engine[G]) climbStep(c *Climb[G]) (bool, error) {
	if c.Done {
		return true, nil
	}
	if !c.Center.Scored {
		// The first batch of neighbours does not depend on the centre's
		// score: build and score it ahead while the centre is walked
		// alone, which would leave the other workers idle.
		if s.startAhead(c); s.next != nil {
			s.ahead[2]++
		}
		b := []Member[G]{c.Center}
		n, err := s.evaluate(b)
		if err != nil || n == 0 {
			return false, err
		}
		c.Center = b[0]
		return true, nil
	}
	batch, pre, store := s.climbBatchAhead(c)
	defer s.release(store) // nothing keeps a batch's genomes: absorb and account clone them
	if len(batch) > 0 {
		s.startAhead(c)
		n, err := s.evaluateScored(batch, pre)
		c.Seen += int64(n)
		if err != nil || n < len(batch) {
			return false, err
		}
		s.absorb(c, batch)
		return true, nil
	}
	s.endRadius(c)
	return true, nil
}

// absorb takes the evaluated neighbours of c, in scan order.
func (s *Engine[G]) absorb(c *Climb[G], batch []Member[G]) {
	for _, n := range batch {
		cmp := n.Score.Cmp(c.Center.Score)
		if cmp > 0 && c.Improve == ImproveFirst {
			s.move(c, n, false)
			return
		}
		if cmp > 0 && (c.Top == nil || n.Score.Better(c.Top.Score)) {
			t := s.clone(n)
			c.Top = &t
		}
		if cmp == 0 && c.Tie == nil && c.MaxSideways > c.Sideways && !s.inTabu(c, n.Genome) {
			t := s.clone(n)
			c.Tie = &t
		}
	}
}

func (s *Engine[G]) inTabu(c *Climb[G], g G) bool {
	h := s.prob.Hash(g)
	for _, t := range c.Tabu {
		if t == h {
			return true
		}
	}
	return false
}

// endRadius decides what c does once a whole radius is scanned.
func (s *Engine[G]) endRadius(c *Climb[G]) {
	delete(s.scans, c)
	switch {
	case c.Top != nil:
		s.move(c, *c.Top, false)
	case c.Tie != nil && c.Sideways < c.MaxSideways:
		s.move(c, *c.Tie, true)
	case c.Radius < c.Max:
		c.Radius++
		c.Pos, c.Order = 0, s.rng.Uint64()
		c.Tie = nil
	default:
		c.Done = true
		c.Tie = nil
		if c.Reach == 0 && c.Center.Scored && s.prob.Equal(c.Center.Genome, s.st.Best.Genome) {
			s.st.Certified = max(s.st.Certified, c.Max)
		}
	}
}

// deepenStep runs one generation of the deepening climb: a
// best-improvement climb from the best genome up to radius Spec.Deepen,
// its moves within Spec.DeepenReach of each other. Its evaluations count
// as the polish's, beyond the budget.
func (s *Engine[G]) deepenStep() error {
	s.polish = true
	if s.st.Deepen == nil {
		c := s.newClimb(s.st.Best, s.st.Spec.Deepen, ImproveBest, 0, 0, false)
		c.Reach = s.st.Spec.DeepenReachOrDefault()
		s.st.Deepen = c
	}
	c := s.st.Deepen
	if _, err := s.climbStep(c); err != nil {
		return err
	}
	if c.Done {
		s.st.Deepen, s.st.Deepened = nil, true
	}
	return nil
}

// polishStep runs one generation of the polish: an exhaustive
// first-improvement climb from the best genome up to radius Spec.Polish.
func (s *Engine[G]) polishStep() error {
	s.polish = true
	if s.st.Polish == nil {
		if s.st.Certified >= s.st.Spec.Polish {
			return nil
		}
		s.st.Polish = s.newClimb(s.st.Best, s.st.Spec.Polish, ImproveFirst, 0, 4096, true)
		s.st.Polish.Reach = 0
	}
	c := s.st.Polish
	if _, err := s.climbStep(c); err != nil {
		return err
	}
	if c.Done {
		s.st.Certified = max(s.st.Certified, c.Max)
		s.st.Polish = nil
	}
	return nil
}

// scan enumerates the move combinations of one radius of a climb in its
// order. It is rebuilt from the Climb (centre, radius, order seed,
// position) when missing, so it is never part of a checkpoint.
type scan struct {
	radius int
	moves  []int      // the moves, in scan order
	pairs  [][2]int32 // radius 2, random order: the shuffled pairs
	idx    []int      // the current combination, lexicographic over moves
	pos    int64
	done   bool
	sites  []int32             // the site of each move (Problem.Site)
	guard  []uint64            // an intoApplier's Guard of a feasible centre, else nil
	near   func(a, b int) bool // nil: any pair
	buf    []int               // the combination next returns, reused

	// Radius 4 and above with a Reach: the combinations are listed anchor
	// by anchor (the combination's first move in scan order): cand holds
	// the later moves near the anchor, stk the indices into cand of the
	// current combination's other moves; fresh marks an anchor not begun.
	anchor int
	cand   []int
	stk    []int
	fresh  bool
}

// nearer is a Geometry that answers Distance(g, a, b) <= reach for many
// pairs of moves of one genome faster, its sites' positions found once.
type nearer[G any] interface {
	Near(g G, reach int) func(a, b int) bool
}

func (s *Engine[G]) scanOf(c *Climb[G]) *scan {
	if sc := s.scans[c]; sc != nil {
		return sc
	}
	g := c.Center.Genome
	n := s.prob.Moves(g)
	sc := &scan{radius: c.Radius, moves: make([]int, n), sites: make([]int32, n), buf: make([]int, 0, max(c.Radius, 1))}
	for m := range sc.sites {
		sc.sites[m] = int32(s.prob.Site(g, m))
	}
	if geo, ok := s.prob.(Geometry[G]); ok && c.Reach > 0 {
		reach := c.Reach
		sc.near = func(a, b int) bool { return geo.Distance(g, a, b) <= reach }
		if nr, ok := s.prob.(nearer[G]); ok {
			sc.near = nr.Near(g, reach)
		}
	}
	for i := range sc.moves {
		sc.moves[i] = i
	}
	if ia, ok := s.prob.(intoApplier[G]); ok {
		sc.guard = ia.Guard(g) // nil for an infeasible centre, scored or not
	}
	if !c.Exhaustive {
		r := rand.New(rand.NewPCG(c.Order, uint64(c.Radius)))
		r.Shuffle(n, func(i, j int) { sc.moves[i], sc.moves[j] = sc.moves[j], sc.moves[i] })
		if c.Radius == 2 && n*(n-1)/2 <= 1<<22 {
			sc.pairs = s.pairList(c, sc)
			r.Shuffle(len(sc.pairs), func(i, j int) { sc.pairs[i], sc.pairs[j] = sc.pairs[j], sc.pairs[i] })
		}
	}
	sc.idx = make([]int, max(c.Radius, 1))
	for i := range sc.idx {
		sc.idx[i] = i
	}
	for sc.pos < c.Pos {
		if _, ok := sc.next(); !ok {
			break
		}
	}
	s.scans[c] = sc
	return sc
}

// pairList returns the pairs (i, j), i < j, of positions in sc.moves whose
// moves are near each other (every pair when sc.near is nil), ordered by
// i, then j. A nearLister's lists give them without asking sc.near of
// every pair.
func (s *Engine[G]) pairList(c *Climb[G], sc *scan) [][2]int32 {
	n := len(sc.moves)
	nl, ok := s.prob.(nearLister[G])
	if sc.near == nil || !ok {
		var pairs [][2]int32
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if sc.near == nil || sc.near(sc.moves[i], sc.moves[j]) {
					pairs = append(pairs, [2]int32{int32(i), int32(j)})
				}
			}
		}
		return pairs
	}
	lists := nl.NearLists(c.Center.Genome, c.Reach)
	pos := make([]int32, n) // pos[m]: the position of move m in sc.moves
	total := 0
	for i, m := range sc.moves {
		pos[m] = int32(i)
		total += len(lists[m])
	}
	pairs := make([][2]int32, 0, total/2)
	var later []int32
	for i, m := range sc.moves {
		later = later[:0]
		for _, o := range lists[m] {
			if j := pos[o]; j > int32(i) {
				later = append(later, j)
			}
		}
		slices.Sort(later)
		for _, j := range later {
			pairs = append(pairs, [2]int32{int32(i), j})
		}
	}
	return pairs
}

// A nearLister lists, for each move of a genome, the moves within a reach
// of it (GridProblem): NearLists(g, reach)[a] holds every b ≠ a with
// Distance(g, a, b) ≤ reach, in increasing order, shared and not to be
// changed.
type nearLister[G any] interface {
	NearLists(g G, reach int) [][]int32
}

// clone returns a copy of sc that advances on its own.
func (sc *scan) clone() *scan {
	d := *sc
	d.idx = slices.Clone(sc.idx)
	d.buf = slices.Clone(sc.buf)
	d.cand = slices.Clone(sc.cand)
	d.stk = slices.Clone(sc.stk)
	return &d
}

// next returns the next combination of moves on distinct sites, in a
// slice that the next call reuses.
func (sc *scan) next() ([]int, bool) {
	for !sc.done {
		moves, ok := sc.raw()
		if !ok {
			sc.done = true
			break
		}
		if sc.pairs != nil { // the pairs are near already
			if sc.sites[moves[0]] != sc.sites[moves[1]] {
				return moves, true
			}
			continue
		}
		if sc.distinct(moves) {
			return moves, true
		}
	}
	return nil, false
}

func (sc *scan) distinct(moves []int) bool {
	for i := range moves {
		for j := i + 1; j < len(moves); j++ {
			if sc.sites[moves[i]] == sc.sites[moves[j]] {
				return false
			}
			if sc.near != nil && !sc.near(moves[i], moves[j]) {
				return false
			}
		}
	}
	return true
}

// raw returns the combination at sc.pos and advances.
func (sc *scan) raw() ([]int, bool) {
	n, r := len(sc.moves), sc.radius
	if r >= deepRadius && sc.near != nil {
		return sc.deep()
	}
	if sc.pairs != nil {
		if sc.pos >= int64(len(sc.pairs)) {
			return nil, false
		}
		p := sc.pairs[sc.pos]
		sc.pos++
		sc.buf = append(sc.buf[:0], sc.moves[p[0]], sc.moves[p[1]])
		return sc.buf, true
	}
	if r > n || r < 1 {
		return nil, false
	}
	idx := sc.idx[:r]
	if idx[r-1] >= n {
		return nil, false
	}
	out := sc.buf[:0]
	for _, k := range idx {
		out = append(out, sc.moves[k])
	}
	sc.buf = out
	sc.pos++
	// advance to the next combination i0 < i1 < ... < i(r-1)
	i := r - 1
	for i >= 0 && idx[i] == n-r+i {
		i--
	}
	if i < 0 {
		idx[r-1] = n // exhausted
	} else {
		idx[i]++
		for j := i + 1; j < r; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
	return out, true
}

// deepRadius is the first radius whose combinations a scan with a Reach
// lists anchor by anchor (deep) instead of filtering every combination
// of the moves (there are C(n, r) of them, 2.8·10^10 for r = 6 on 13×13).
const deepRadius = 4

// deep returns the next combination of a radius at or above deepRadius
// whose moves lie pairwise within reach: for each anchor in scan order,
// every set of radius−1 later moves near it and near each other, in
// lexicographic order of their scan positions. Each combination comes
// exactly once, from its first move in scan order. It holds one
// combination at a time, however many there are.
func (sc *scan) deep() ([]int, bool) {
	for {
		if sc.cand == nil {
			if sc.anchor >= len(sc.moves) {
				return nil, false
			}
			first := sc.moves[sc.anchor]
			sc.cand = []int{}
			for j := sc.anchor + 1; j < len(sc.moves); j++ {
				if sc.near(first, sc.moves[j]) && sc.sites[first] != sc.sites[sc.moves[j]] {
					sc.cand = append(sc.cand, sc.moves[j])
				}
			}
			sc.stk, sc.fresh = sc.stk[:0], true
		}
		if sc.advance() {
			out := append(sc.buf[:0], sc.moves[sc.anchor])
			for _, k := range sc.stk {
				out = append(out, sc.cand[k])
			}
			sc.buf = out
			sc.pos++
			return out, true
		}
		sc.cand = nil
		sc.anchor++
	}
}

// advance moves sc.stk (indices into sc.cand, increasing) to the anchor's
// next set of radius−1 candidates that are near each other, and reports
// whether there is one.
func (sc *scan) advance() bool {
	k := sc.radius - 1
	i := 0
	if sc.fresh {
		sc.fresh = false
	} else {
		i = sc.stk[len(sc.stk)-1] + 1
		sc.stk = sc.stk[:len(sc.stk)-1]
	}
	for {
		if len(sc.stk) == k {
			return true
		}
		for ; i <= len(sc.cand)-(k-len(sc.stk)); i++ {
			if sc.nearAll(sc.cand[i]) {
				break
			}
		}
		if i <= len(sc.cand)-(k-len(sc.stk)) {
			sc.stk = append(sc.stk, i)
			i++
			continue
		}
		if len(sc.stk) == 0 {
			return false
		}
		i = sc.stk[len(sc.stk)-1] + 1
		sc.stk = sc.stk[:len(sc.stk)-1]
	}
}

// nearAll reports whether move m is near every candidate on sc.stk and
// on another site.
func (sc *scan) nearAll(m int) bool {
	for _, k := range sc.stk {
		if !sc.near(sc.cand[k], m) || sc.sites[sc.cand[k]] == sc.sites[m] {
			return false
		}
	}
	return true
}

// reachScanSize returns how many sets of r moves of g whose sites lie
// pairwise within reach under geo one scan visits (feasible or not; with
// free ends, sets holding two moves of one end are counted too, so it is
// an upper bound there), counting at most limit+1. Per anchor it builds
// the near-neighbour bitsets of the later moves near it and counts the
// sets with bit operations, the last move of each set by a popcount.
func reachScanSize[G any](prob Problem[G], geo Geometry[G], g G, r, reach int, limit int64) int64 {
	n := prob.Moves(g)
	var total int64
	if r == 1 {
		return min(int64(n), limit+1)
	}
	for a := 0; a < n && total <= limit; a++ {
		var cand []int
		for b := a + 1; b < n; b++ {
			if geo.Distance(g, a, b) <= reach {
				cand = append(cand, b)
			}
		}
		w := (len(cand) + 63) / 64
		near := make([][]uint64, len(cand))
		for i := range cand {
			near[i] = make([]uint64, w)
			for j := i + 1; j < len(cand); j++ {
				if geo.Distance(g, cand[i], cand[j]) <= reach {
					near[i][j/64] |= 1 << uint(j%64)
				}
			}
		}
		all := make([]uint64, w)
		for i := range cand {
			all[i/64] |= 1 << uint(i%64)
		}
		countSets(r-1, all, near, &total, limit)
	}
	return min(total, limit+1)
}

// countSets adds to total the k-sets of the candidates in mask that are
// pairwise near, stopping once total passes limit.
func countSets(k int, mask []uint64, near [][]uint64, total *int64, limit int64) {
	if k == 1 {
		for _, x := range mask {
			*total += int64(bits.OnesCount64(x))
		}
		return
	}
	rest := make([]uint64, len(mask))
	for wi, x := range mask {
		for x != 0 && *total <= limit {
			b := bits.TrailingZeros64(x)
			x &= x - 1
			i := wi*64 + b
			any := false
			for j := range rest {
				rest[j] = 0
				if j >= wi {
					rest[j] = mask[j] & near[i][j]
				}
				if j == wi {
					rest[j] &^= (uint64(2) << uint(b)) - 1
				}
				any = any || rest[j] != 0
			}
			if any {
				countSets(k-1, rest, near, total, limit)
			}
		}
	}
}

// DeepenScanSize returns how many neighbours one scan of the largest
// radius of p's deepening climb visits (Spec.Deepen within
// Spec.DeepenReach, on a grid or an edge board of p's size), counting at
// most limit+1; 0 when p does not deepen. The web server bounds a job's
// deepening with it, as it bounds the polish's scan.
func DeepenScanSize(p Spec, limit int64) int64 {
	if p.Deepen == 0 {
		return 0
	}
	if p.Problem == ProblemEdges || p.Problem == ProblemWalker {
		e := &EdgeProblem{}
		return reachScanSize[mousemaze.EdgeMaze](e, e, mousemaze.NewEdgeMaze(p.Rows, p.Cols), p.Deepen, p.DeepenReachOrDefault(), limit)
	}
	g := &GridProblem{Rows: p.Rows, Cols: p.Cols, FreeEnds: p.FreeEnds, Config: mousemaze.Config{Entry: p.Entry, Exit: p.Exit}}
	return reachScanSize[Grid](g, g, g.Open(), p.Deepen, p.DeepenReachOrDefault(), limit)
}
