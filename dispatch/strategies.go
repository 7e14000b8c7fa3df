package dispatch

import "math"

// randomSearch is the paper's random search: batches of Pop random feasible
// genomes, evaluated as they come. Initial genomes, if any, form the first
// batch.
type randomSearch[G any] struct{}

func (randomSearch[G]) init(s *Engine[G], initial []Member[G]) { s.st.Pop = initial }

// randomChunk is how many genomes random search draws or evaluates
// between checks of Run's context: a batch of a million 64×64 mazes takes
// seconds, and an interrupted one resumes where it stopped.
const randomChunk = 4096

func (randomSearch[G]) step(s *Engine[G]) error {
	batch := s.st.Pop
	s.st.Pop = nil
	for len(batch) < s.st.Spec.Pop {
		if len(batch)%randomChunk == 0 && s.stopped() {
			s.st.Pop, s.cut = batch, true
			return nil
		}
		batch = append(batch, Member[G]{Genome: s.randomFeasible()})
	}
	// A batch cut during its evaluation comes back with its evaluated
	// front scored.
	i := 0
	for i < len(batch) && batch[i].Scored {
		i++
	}
	for i < len(batch) {
		k := min(len(batch)-i, randomChunk)
		n, err := s.evaluate(batch[i : i+k])
		if err != nil || n < k {
			return err
		}
		if i += k; i < len(batch) && s.stopped() {
			s.st.Pop, s.cut = batch, true
			return nil
		}
	}
	return nil
}

// hillClimb is the paper's hill climbing, run as Pop independent climbers
// so that a batch holds several neighbourhoods: each climbs (by default
// best-improvement over Hamming-1, the paper's steepest ascent) and at a
// local optimum restarts from a new random genome.
type hillClimb[G any] struct{}

func (hillClimb[G]) init(s *Engine[G], initial []Member[G]) {
	p := s.st.Spec
	for i := 0; i < p.Pop; i++ {
		m := Member[G]{}
		if i < len(initial) {
			m = initial[i]
		} else {
			m.Genome = s.randomFeasible()
		}
		s.st.Climbs = append(s.st.Climbs, s.newClimb(m, p.Local, improveOf(p), p.Sideways, 0, p.Improve == ImproveBest))
	}
}

func improveOf(p Spec) string {
	if p.Improve == "" {
		return ImproveFirst
	}
	return p.Improve
}

func (hillClimb[G]) step(s *Engine[G]) error {
	for _, c := range s.st.Climbs {
		if c.Done {
			s.restartClimb(c, Member[G]{Genome: s.randomFeasible()})
		}
		ok, err := s.climbStep(c)
		if err != nil || !ok {
			return err
		}
	}
	return nil
}

// anneal is simulated annealing, run as Pop independent chains so that a
// batch holds one proposal per chain. A chain proposes a random feasible
// neighbour of radius 1 (with Spec.Mutation > 0, of a random radius of
// mean Mutation, at least 1). A better or equal neighbour is always accepted, a
// worse one with probability exp(Δ / (T·value)), where Δ is the loss and
// the relative temperature T falls linearly from Spec.Temp to 0 as the
// budget is spent (the paper's "simple linear cooling function").
type anneal[G any] struct{}

func (anneal[G]) init(s *Engine[G], initial []Member[G]) {
	s.st.Walkers = s.fillRandom(initial, s.st.Spec.Pop)
}

func (anneal[G]) step(s *Engine[G]) error {
	p := s.st.Spec
	batch := make([]Member[G], len(s.st.Walkers))
	for i, w := range s.st.Walkers {
		if !w.Scored {
			batch[i] = w
		} else {
			k := 1
			if p.Mutation > 0 {
				k = s.mutationCount(w.Genome, p.Mutation)
			}
			batch[i] = Member[G]{Genome: s.proposal(w.Genome, k)}
		}
	}
	temp := p.Temp * (1 - float64(s.st.Evals)/float64(p.Evals))
	n, err := s.evaluate(batch)
	if err != nil || n < len(batch) {
		return err
	}
	for i := range s.st.Walkers {
		w := &s.st.Walkers[i]
		b := batch[i]
		if !w.Scored {
			*w = b
			continue
		}
		d := b.Score.Value - w.Score.Value
		if b.Score.Cmp(w.Score) >= 0 || (temp > 0 && w.Score.Value > 0 && s.rng.Float64() < math.Exp(d/(temp*w.Score.Value))) {
			*w = b
		}
	}
	return nil
}

// proposal draws random neighbours of g at radius k until one is
// feasible.
func (s *Engine[G]) proposal(g G, k int) G {
	limit := 8 + 4*s.prob.Moves(g) // then g may have no feasible neighbour at all
	for try := 0; ; try++ {
		n := s.prob.Apply(g, s.randomMoves(s.rng, g, k)...)
		if s.prob.Feasible(n) {
			return n
		}
		s.st.Rejected++
		if try > limit {
			return s.prob.Clone(g)
		}
	}
}

// genetic is the paper's evolutionary algorithm (ea: no crossover) and
// genetic algorithm (ga: uniform crossover). A generation of Pop genomes
// is evaluated; its best Parents breed the next generation, each child a
// random parent (crossed with a second one under ga) with a mutation of
// Spec.Mutation sites on average. The Elite best are carried into the next
// generation without being evaluated again.
type genetic[G any] struct{}

func (genetic[G]) init(s *Engine[G], initial []Member[G]) {
	s.st.Pop = s.fillRandom(initial, s.st.Spec.Pop)
}

func (genetic[G]) step(s *Engine[G]) error {
	p := s.st.Spec
	return s.generation(p.Pop, p.Parents, p.Elite, p.crossover(), p.mutationFor(s.sites()))
}

// sites returns the number of moves of the best (or a random) genome,
// the measure mutation rates are relative to.
func (s *Engine[G]) sites() int {
	if s.st.Best.Scored {
		return s.prob.Moves(s.st.Best.Genome)
	}
	if len(s.st.Pop) > 0 {
		return s.prob.Moves(s.st.Pop[0].Genome)
	}
	return s.prob.Moves(s.prob.Random(s.rng))
}

// generation evaluates an unscored population, or breeds and evaluates the
// next generation of s.st.Pop.
func (s *Engine[G]) generation(pop, parents, elite int, cross bool, rate float64) error {
	if done, err := s.evaluateIn(s.st.Pop); err != nil || !done {
		return err
	}
	if len(s.st.Pop) == 0 {
		return nil
	}
	par, eli, err := s.selectBest(s.st.Pop, parents, elite)
	if err != nil {
		return err
	}
	before := s.st.Best.Score
	if pop <= breedChunk {
		kids := s.children(par, pop, cross, rate)
		n, err := s.evaluate(kids)
		if err != nil || n < len(kids) {
			return err
		}
		next := make([]Member[G], 0, len(eli)+len(kids))
		next = append(next, eli...)
		s.st.Pop = append(next, kids...)
	} else {
		// A large generation is built in the array of the generation
		// before the current one, whose genomes nothing holds any more
		// (the elite are copied), so that a Breeder can write the
		// children into their storage: in steady state a generation
		// allocates almost nothing.
		next := s.spare
		if cap(next) >= len(eli)+pop {
			next = next[:len(eli)+pop]
		} else {
			next = make([]Member[G], len(eli)+pop)
		}
		for i, m := range eli {
			next[i] = s.clone(m)
		}
		s.bred = nil
		n, err := s.breedAndEvaluate(par, next[len(eli):], cross, rate)
		if err != nil || n < pop {
			s.spare = nil
			return err
		}
		s.spare, s.st.Pop = s.st.Pop, next
		s.res = s.bred    // nil where the host bred the children
		if s.res != nil { // the children are next[len(eli):]
			s.res.pop, s.res.off = next, len(eli)
		}
	}
	if s.st.Best.Score.Better(before) {
		s.st.StaleGens = 0
	} else {
		s.st.StaleGens++
	}
	return nil
}

// memetic is our island method: a genetic algorithm on Islands populations
// whose best genomes are polished by local search, the recipe behind the
// paper's M_36314 (a GA, then a search of the Hamming neighbourhood).
// Every generation each island breeds Pop children from its best Parents
// by crossover and mutation, keeping its Elite best. Every Migrate
// generations each island's best moves to the next island in a ring. An
// island whose best has not improved for Stagnation generations restarts
// from random genomes. Beside the islands runs one climb (best-improvement
// up to radius Local, whole radii as batches) from the best island best
// not searched before; its centre goes back into its island whenever it
// improves.
type memetic[G any] struct{}

// maxSearched bounds EngineState.Searched.
const maxSearched = 4096

func (memetic[G]) init(s *Engine[G], initial []Member[G]) {
	p := s.st.Spec
	s.st.Islands = make([][]Member[G], p.Islands)
	for i, m := range initial {
		k := i % p.Islands
		s.st.Islands[k] = append(s.st.Islands[k], m)
	}
	for k := range s.st.Islands {
		s.st.Islands[k] = s.fillRandom(s.st.Islands[k], p.Pop)
	}
	s.st.IslandBest = make([]Score, p.Islands)
	s.st.Stale = make([]int64, p.Islands)
}

func (memetic[G]) step(s *Engine[G]) error {
	p := s.st.Spec
	rate := p.mutationFor(s.sites())
	type span struct {
		fresh    bool
		from, to int
		pool     []Member[G]
	}
	var batch []Member[G]
	spans := make([]span, len(s.st.Islands))
	for k, isl := range s.st.Islands {
		sp := span{from: len(batch)}
		unscored := false
		for _, m := range isl {
			if !m.Scored {
				unscored = true
				batch = append(batch, m)
			}
		}
		if unscored {
			sp.fresh = true
		} else {
			sortBest(isl)
			sp.pool = isl
			batch = append(batch, s.children(s.topDistinct(isl, p.Parents), p.Pop, p.crossover(), rate)...)
		}
		sp.to = len(batch)
		spans[k] = sp
	}
	n, err := s.evaluate(batch)
	if err != nil || n < len(batch) {
		return err
	}
	for k, sp := range spans {
		if sp.fresh {
			isl := s.st.Islands[k]
			j := sp.from
			for i := range isl {
				if !isl[i].Scored {
					isl[i] = batch[j]
					j++
				}
			}
		} else {
			next := make([]Member[G], 0, p.Elite+sp.to-sp.from)
			next = append(next, sp.pool[:min(p.Elite, len(sp.pool))]...)
			s.st.Islands[k] = append(next, batch[sp.from:sp.to]...)
		}
		best, _ := bestOf(s.st.Islands[k])
		if best.Score.Better(s.st.IslandBest[k]) {
			s.st.IslandBest[k], s.st.Stale[k] = best.Score, 0
		} else {
			s.st.Stale[k]++
		}
	}

	// The local search: start, step, hand back.
	if len(s.st.Climbs) == 0 {
		s.startLocal()
	}
	if len(s.st.Climbs) > 0 {
		c := s.st.Climbs[0]
		moves := c.Moves
		ok, err := s.climbStep(c)
		if err != nil || !ok {
			return err
		}
		if c.Moves > moves {
			s.markSearched(c.Center.Genome)
			s.inject(c.Island, c.Center)
		}
		if c.Done {
			delete(s.scans, c)
			s.st.Climbs = nil
		}
	}

	if (s.st.Gen+1)%int64(p.Migrate) == 0 && len(s.st.Islands) > 1 {
		bests := make([]Member[G], len(s.st.Islands))
		for k, isl := range s.st.Islands {
			b, _ := bestOf(isl)
			bests[k] = s.clone(b)
		}
		for k := range s.st.Islands {
			s.inject((k+1)%len(s.st.Islands), bests[k])
		}
	}
	for k := range s.st.Islands {
		if s.st.Stale[k] > int64(p.Stagnation) {
			s.st.Islands[k] = s.fillRandom(nil, p.Pop)
			s.st.IslandBest[k], s.st.Stale[k] = Score{}, 0
		}
	}
	return nil
}

// inject puts m into island k in place of its worst genome, unless the
// island holds it already.
func (s *Engine[G]) inject(k int, m Member[G]) {
	if m.Scored {
		s.st.Islands[k] = s.replaceWorst(s.st.Islands[k], m)
	}
}

// startLocal starts the memetic climb at the best island best that has not
// been a centre before, if there is one.
func (s *Engine[G]) startLocal() {
	seen := make(map[uint64]bool, len(s.st.Searched))
	for _, h := range s.st.Searched {
		seen[h] = true
	}
	var best Member[G]
	island := -1
	for k, isl := range s.st.Islands {
		b, ok := bestOf(isl)
		if !ok || (island >= 0 && !b.Score.Better(best.Score)) {
			continue
		}
		if !seen[s.prob.Hash(b.Genome)] {
			best, island = b, k
		}
	}
	if island < 0 {
		return
	}
	s.markSearched(best.Genome)
	c := s.newClimb(best, s.st.Spec.Local, ImproveBest, s.st.Spec.Sideways, 0, true)
	c.Island = island
	s.st.Climbs = []*Climb[G]{c}
}

func (s *Engine[G]) markSearched(g G) {
	s.st.Searched = append(s.st.Searched, s.prob.Hash(g))
	if len(s.st.Searched) > maxSearched {
		s.st.Searched = append([]uint64(nil), s.st.Searched[len(s.st.Searched)-maxSearched:]...)
	}
}

// ils is iterated local search: climb from a random genome (or the first
// initial one) to a local optimum within radius Local (first- or
// best-improvement, with up to Sideways plateau moves); keep the best local
// optimum since the last restart as home (a local optimum at least as good
// as home replaces it); kick home by Kick random sites and climb again.
// After Restarts kicks in a row without a better home it restarts from a
// random genome (never when Restarts is 0). With Crossover uniform (the
// preset) ils keeps an archive of the 16 best distinct local optima it met,
// and half of its kicks cross home uniformly with one of them instead of
// changing Kick random sites: the two share most of their structure, so the
// child differs from home where good optima disagree (on 13×13 this took
// the median of seeds 1–3 at 10M evaluations from 11,086 to 22,542 turns). The neighbours of one climb
// step go to the evaluator as one batch.
type ils[G any] struct{}

// ilsBatch is the number of neighbours a first-improvement climb evaluates
// per generation: enough to keep every core busy, few enough that little
// is wasted after an improvement. It does not depend on the worker count,
// so results do not either.
const ilsBatch = 32

// crossKick is the share of ils's kicks that cross home with a local
// optimum of its archive (EngineState.Pop, Spec.Archive of them at most)
// when Spec.Crossover is uniform or relink.
const crossKick = 0.5

// replaceWorstCapped adds m to pop while pop holds fewer than n members,
// else puts it in place of the worst when better.
func (s *Engine[G]) replaceWorstCapped(pop []Member[G], m Member[G], n int) []Member[G] {
	for _, x := range pop {
		if s.prob.Equal(x.Genome, m.Genome) {
			return pop
		}
	}
	if len(pop) < n {
		return append(pop, s.clone(m))
	}
	return s.replaceWorst(pop, m)
}

func (ils[G]) init(s *Engine[G], initial []Member[G]) {
	m := Member[G]{}
	if len(initial) > 0 {
		m = initial[0]
	} else {
		m.Genome = s.randomFeasible()
	}
	s.st.Climbs = []*Climb[G]{s.newILSClimb(m)}
}

func (s *Engine[G]) newILSClimb(m Member[G]) *Climb[G] {
	p := s.st.Spec
	batch := ilsBatch
	if improveOf(p) == ImproveBest {
		batch = 0
	}
	return s.newClimb(m, p.Local, improveOf(p), p.Sideways, batch, false)
}

func (ils[G]) step(s *Engine[G]) error {
	p := s.st.Spec
	c := s.st.Climbs[0]
	if !c.Done {
		_, err := s.climbStep(c)
		return err
	}
	// A local optimum with no feasible genome within the radius at all:
	// kicks can only come back to it, so the search is complete.
	if c.Seen == 0 && c.Center.Scored {
		s.st.Exhausted = true
		return nil
	}
	// A local optimum: compare with home, then kick or restart.
	switch {
	case s.st.Home == nil || c.Center.Score.Better(s.st.Home.Score):
		h := s.clone(c.Center)
		s.st.Home, s.st.Fails = &h, 0
	case c.Center.Score.Cmp(s.st.Home.Score) == 0 ||
		(p.Accept > 0 && !c.Center.Score.Trapped && !s.st.Home.Score.Trapped &&
			c.Center.Score.Value >= (1-p.Accept)*s.st.Home.Score.Value):
		h := s.clone(c.Center)
		s.st.Home = &h
		s.st.Fails++
	default:
		s.st.Fails++
	}
	delete(s.scans, c)
	if p.Restarts > 0 && s.st.Fails >= p.Restarts {
		s.st.Home, s.st.Fails = nil, 0
		s.st.Climbs[0] = s.newILSClimb(Member[G]{Genome: s.randomFeasible()})
		return nil
	}
	// Keep the archive of local optima (Pop) and kick: by crossing home with
	// an archived optimum, or by random changes.
	s.st.Pop = s.replaceWorstCapped(s.st.Pop, c.Center, p.ArchiveOrDefault())
	if (p.Crossover == CrossUniform || p.Crossover == CrossRelink) && len(s.st.Pop) > 1 && s.rng.Float64() < crossKick {
		other := s.st.Pop[s.rng.IntN(len(s.st.Pop))].Genome
		home := s.st.Home.Genome
		if d, ok := s.prob.(Differ[G]); ok && p.Crossover == CrossRelink {
			m, ok, err := s.relink(d, home, other)
			if err != nil || ok {
				s.st.Climbs[0] = s.newILSClimb(m)
				return err
			}
		}
		child := s.breed(s.rng, &s.st.Rejected, home, func() G { return s.prob.Cross(s.rng, home, other) })
		if !s.prob.Equal(child, home) {
			s.st.Climbs[0] = s.newILSClimb(Member[G]{Genome: child})
			return nil
		}
	}
	s.st.Climbs[0] = s.newILSClimb(Member[G]{Genome: s.kick(s.st.Home.Genome, p.Kick)})
	return nil
}

// pipeline is the paper's recipe for M_36314 as one method: a GA with
// uniform crossover (Pop, Parents, Elite, Mutation) until half the budget
// is spent or Stagnation generations pass without a new best; then an EA
// from a population made entirely of copies of the best, with one site
// changed per child on average and no crossover, for the rest of the
// budget; then the polish of radius Spec.Polish (3 by default). It starts
// as genetic does, from a random population, and has genetic's init.
type pipeline[G any] struct{ genetic[G] }

func (pipeline[G]) step(s *Engine[G]) error {
	p := s.st.Spec
	if s.st.Phase == 0 && s.st.Best.Scored &&
		(s.st.Evals >= p.Evals/2 || s.st.StaleGens >= int64(p.Stagnation)) {
		s.st.Phase = 1
		s.st.StaleGens = 0
		s.st.Pop = make([]Member[G], p.Pop)
		for i := range s.st.Pop {
			s.st.Pop[i] = s.clone(s.st.Best)
		}
	}
	if s.st.Phase == 0 {
		return s.generation(p.Pop, p.Parents, p.Elite, true, p.mutationFor(s.sites()))
	}
	return s.generation(p.Pop, p.Parents, p.Elite, false, 1)
}
