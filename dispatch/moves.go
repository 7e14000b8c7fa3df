package dispatch

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/mousemaze/mousemaze/internal/parallel"
)

// This file holds the engine's operators on genomes, written once for every
// problem through its moves: random feasible genomes, mutation, breeding
// with crossover and repair, and kicks.
//
// Infeasible candidates never reach the evaluator: a random genome is drawn
// again until feasible; a child of mutation or crossover is drawn again up
// to maxRedraws times and then repaired towards its first parent (which is
// feasible); an infeasible neighbour is skipped. Every rejected or repaired
// candidate adds one to EngineState.Rejected; only evaluated (feasible)
// genomes count against the budget, as the paper counts "feasible mazes
// evaluated".

// maxRedraws is how many times an operator is retried before its child is
// repaired.
const maxRedraws = 4

// maxRandomTries bounds the draws of a random feasible genome before the
// engine falls back to repairing one towards the problem's first feasible
// draw; it keeps problems whose random genomes are almost never feasible
// from spinning.
const maxRandomTries = 1000

// randomFeasible draws random genomes until one is feasible. After
// maxRandomTries infeasible draws it repairs the last one towards the
// problem's most open genome (Opener), which is feasible whenever any
// genome is: so a space with few feasible genomes (a 40×1 grid has one)
// never spins.
func (s *Engine[G]) randomFeasible() G {
	return s.drawFeasible(s.rng, &s.st.Rejected, s.sparse, nil)
}

// drawFeasible is randomFeasible on the stream rng, counting rejected
// draws in *rejected; sparse says a sparse space was seen (repair soon).
// It marks the engine sparse when it repairs, which only its own stream's
// later draws read. Where words is not nil and the problem is an
// intoDrawer, the draws on a stream of their own go into words (a
// repaired genome may have storage of its own).
func (s *Engine[G]) drawFeasible(rng *rand.Rand, rejected *int64, sparse bool, words []uint64) G {
	tries := maxRandomTries
	if sparse {
		tries = maxRedraws // a sparse space was seen: repair soon
	}
	draw := s.prob.Random
	if d, ok := s.prob.(Drawer[G]); ok && rng != s.rng {
		draw = d.Draw
		if di, ok := s.prob.(intoDrawer[G]); ok && words != nil {
			draw = func(rng *rand.Rand) G { return di.DrawInto(rng, words) }
		}
	}
	for try := 0; ; try++ {
		g := draw(rng)
		if s.prob.Feasible(g) {
			return g
		}
		*rejected++
		if o, ok := s.prob.(Opener[G]); ok && try >= tries {
			if open := o.Open(); s.prob.Feasible(open) {
				if rng == s.rng {
					s.sparse = true
				}
				return s.prob.Repair(rng, g, open)
			}
		}
	}
}

// randomMoves returns k random moves of g on distinct sites (fewer if g
// has fewer sites), drawn from rng.
func (s *Engine[G]) randomMoves(rng *rand.Rand, g G, k int) []int {
	n := s.prob.Moves(g)
	if n == 0 {
		return nil
	}
	return s.distinctMoves(g, k, func() int { return rng.IntN(n) })
}

// distinctMoves returns k moves of g on distinct sites, taken in the order
// draw returns them and skipping a move whose site is taken; it gives up
// after 20k+100 draws (g may have fewer sites).
func (s *Engine[G]) distinctMoves(g G, k int, draw func() int) []int {
	if k <= 0 {
		return nil
	}
	moves := make([]int, 0, k)
	sites := make([]int, 0, k)
	for tries := 0; len(moves) < k && tries < 20*k+100; tries++ {
		m := draw()
		site := s.prob.Site(g, m)
		if !slices.Contains(sites, site) {
			sites = append(sites, site)
			moves = append(moves, m)
		}
	}
	return moves
}

// mutationCount draws how many sites a child changes: each of the genome's
// moves is taken with probability rate/moves (a binomial draw with mean
// rate). It may be 0: a child of crossover alone is often the best child,
// and a child equal to a parent gets one change anyway (see children).
func (s *Engine[G]) mutationCount(g G, rate float64) int {
	n := s.prob.Moves(g)
	if n == 0 {
		return 0
	}
	p := rate / float64(n)
	k := 0
	if p >= 1 {
		k = n
	} else {
		for range n {
			if s.rng.Float64() < p {
				k++
			}
		}
	}
	return k
}

// binomialSkips draws the number of successes in n independent trials of
// probability p from rng, with one draw per success (and one more) instead
// of one per trial: the gaps between successes are geometric. It has
// exactly the binomial distribution; p ≤ 0 gives 0 and p ≥ 1 gives n.
func binomialSkips(rng uniform, n int, p float64) int {
	switch {
	case n <= 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	}
	// The trial of the next success is the current one plus a geometric
	// gap: floor(log(U) / log(1-p)) failures, then the success.
	l := math.Log1p(-p)
	k := 0
	for i := -1; ; k++ {
		u := 1 - rng.Float64() // in (0, 1]
		gap := math.Floor(math.Log(u) / l)
		if gap >= float64(n-1-i) {
			return k
		}
		i += int(gap) + 1
	}
}

// binomialDraw draws the number of successes in n independent trials of
// probability p from rng with one uniform draw, by inverting the binomial
// distribution function term by term (as many steps as successes); where
// (1-p)^n underflows it counts geometric gaps instead (binomialSkips).
// Both have the binomial distribution, up to floating-point rounding.
func binomialDraw(rng *rand.Rand, n int, p float64) int {
	var b binomial
	return b.draw(rng, n, p)
}

// binomial is binomialDraw with (1-p)^n kept from one draw to the next of
// the same n and p.
type binomial struct {
	n     int
	p, p0 float64
}

// draw is binomialDraw(rng, n, p).
func (b *binomial) draw(rng *rand.Rand, n int, p float64) int {
	switch {
	case n <= 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	}
	if n != b.n || p != b.p {
		b.n, b.p, b.p0 = n, p, math.Exp(float64(n)*math.Log1p(-p))
	}
	if b.p0 < 1e-250 {
		return binomialSkips(rng, n, p)
	}
	return b.invert(rng.Float64())
}

// invert returns the binomial number of the uniform u, for the n and p of
// the last draw: the smallest k with u < P(X ≤ k) (n at most), the
// distribution function summed term by term from P(0).
func (b *binomial) invert(u float64) int {
	n, f, q := b.n, b.p0, b.p/(1-b.p)
	cdf, k := f, 0
	for u >= cdf && k < n {
		f *= float64(n-k) / float64(k+1) * q
		k++
		cdf += f
	}
	return k
}

// mutate returns g with a random number of random moves (mean rate)
// applied.
func (s *Engine[G]) mutate(g G, rate float64) G {
	return s.prob.Apply(g, s.randomMoves(s.rng, g, s.mutationCount(g, rate))...)
}

// breed makes a feasible child with op, which builds a child of parent
// (and perhaps other parents): it retries an infeasible child up to
// maxRedraws times and then repairs the last one towards parent, drawing
// from rng and counting every rejected candidate in *rejected.
func (s *Engine[G]) breed(rng *rand.Rand, rejected *int64, parent G, op func() G) G {
	for try := 0; ; try++ {
		child := op()
		if s.prob.Feasible(child) {
			return child
		}
		*rejected++
		if try+1 >= maxRedraws {
			return s.prob.Repair(rng, child, parent)
		}
	}
}

// breedChunk is the number of children one breeding task makes from one
// random stream. A batch of more than breedChunk children (or random
// genomes) is made in chunks on the engine's workers, chunk c drawing from
// a PCG stream seeded with one draw of the engine's stream and c, so that
// the result does not depend on the number of workers; a smaller batch is
// drawn from the engine's stream one genome at a time, as it always was
// (the presets' small generations give the results they gave before).
const breedChunk = 1024

// chunked runs f(c, rng) for the chunks c of n items, breedChunk each, on
// the engine's workers; chunk c draws from stream first+c of seed.
func (s *Engine[G]) chunked(n int, seed uint64, first int, f func(c int, rng *rand.Rand)) {
	parallel.For(s.Workers(), (n+breedChunk-1)/breedChunk, func(c int) {
		f(c, rand.New(rand.NewPCG(seed, uint64(first+c))))
	})
}

// children breeds n feasible children of parents: each is a random parent
// (crossed uniformly with a second random parent when cross is set) with a
// mutation of mean rate sites. A child equal to one of its parents gets one
// more random move, so that no evaluation is spent on a known genome.
// Batches of more than breedChunk children are bred in parallel chunks
// (see breedChunk), by the problem's Breed where it is a Breeder.
func (s *Engine[G]) children(parents []Member[G], n int, cross bool, rate float64) []Member[G] {
	kids := make([]Member[G], n)
	if n <= breedChunk {
		for i := range kids {
			kids[i].Genome = s.child(s.rng, &s.st.Rejected, parents, cross, rate, s.mutationCount)
		}
		return kids
	}
	s.st.Rejected += s.breedInto(kids, s.rng.Uint64(), 0, parents, cross, rate)
	return kids
}

// breedAndEvaluate breeds children into every member of kids in chunks
// (see breedChunk; a Breeder may reuse the storage of the genomes there)
// and evaluates them, in up to breedParts parts: while the evaluator walks
// one part, the breeders make the next, so that the breeders and the
// evaluator work at once and only the first part's breeding and the last
// part's walks are not overlapped. The parts are whole chunks, so the
// children and the order of their evaluation are those of one batch. It
// returns how many children, from the front, were evaluated (fewer when
// the budget ran out).
func (s *Engine[G]) breedAndEvaluate(parents []Member[G], kids []Member[G], cross bool, rate float64) (int, error) {
	n := len(kids)
	seed := s.rng.Uint64()
	if db, ok := s.prob.(DeviceBreeder[G]); ok && db.DeviceBreeds(rate) {
		if done, bred, err := s.breedOnDevice(db, parents, kids, seed, cross, rate); bred {
			return done, err
		}
	}
	bounds := partBounds(n) // part k is kids[bounds[k]:bounds[k+1]]
	parts := len(bounds) - 1
	s.st.Rejected += s.breedInto(kids[:bounds[1]], seed, 0, parents, cross, rate)
	done := 0
	for k := range parts {
		lo, hi := bounds[k], bounds[k+1]
		var rest int64
		bred := make(chan struct{})
		if k+1 < parts {
			go func() {
				defer close(bred)
				rest = s.breedInto(kids[hi:bounds[k+2]], seed, hi/breedChunk, parents, cross, rate)
			}()
		} else {
			close(bred)
		}
		m, err := s.evaluate(kids[lo:hi])
		<-bred
		s.st.Rejected += rest
		done += m
		if err != nil || m < hi-lo {
			return done, err
		}
	}
	return done, nil
}

// breedOnDevice is breedAndEvaluate on a DeviceBreeder's device: the
// children of kids, chunk c from the stream breedInto would give it (the
// first draw of stream c of seed seeds Breed's children), bred and scored
// by the device into kids in the parts of breedAndEvaluate, each part on a
// goroutine of its own, deviceInFlight parts at once (one part's copies
// and scoring on the host's cores overlap the next part's kernels and
// copies) while the engine accounts the part before, within the budget.
// The rejected candidates counted are those of the parts
// breedAndEvaluate would have bred before the budget ran out (the part
// after the one in which it runs out included), so that the state is the
// same. It reports bred false, having changed nothing, where the device
// cannot breed them. The waits for the device count as evaluation.
//
// The children stay on the device, in the generation the population is
// not in (see resident): the accounting reads their hashes, and fetches a
// child's genome only to compare it with the best or to make it the best.
// A generation bred whole is left in s.bred, for generation to make the
// record of its population.
func (s *Engine[G]) breedOnDevice(db DeviceBreeder[G], parents, kids []Member[G], seed uint64, cross bool, rate float64) (done int, bred bool, err error) {
	n := len(kids)
	seeds := make([]uint64, (n+breedChunk-1)/breedChunk)
	for c := range seeds {
		seeds[c] = rand.New(rand.NewPCG(seed, uint64(c))).Uint64()
	}
	gs := make([]G, len(parents))
	for i, p := range parents {
		gs[i] = p.Genome
	}
	s.rejectedBuf = slices.Grow(s.rejectedBuf[:0], n)[:n]
	slot := s.freeSlot()
	s.devHashes[slot] = slices.Grow(s.devHashes[slot][:0], n)[:n]
	rejected, hashes := s.rejectedBuf, s.devHashes[slot]
	kept := &resident[G]{db: db, pop: kids, slot: slot, have: make([]bool, n), hashes: hashes}
	bounds := partBounds(n)
	parts := len(bounds) - 1
	type outcome struct {
		ok  bool
		err error
	}
	flight := make([]chan outcome, parts) // part k's outcome, once started
	start := func(k int) {                // part k, on the device
		if k >= parts {
			return
		}
		ch := make(chan outcome, 1)
		lo, hi := bounds[k], bounds[k+1]
		go func() {
			part := DevicePart{Slot: kept.slot, At: lo, Total: n}
			ok, err := db.BreedEvaluate(part, seeds[lo/breedChunk:(hi+breedChunk-1)/breedChunk], gs, kids[lo:hi], rejected[lo:hi], hashes[lo:hi], cross, rate)
			ch <- outcome{ok, err}
		}()
		flight[k] = ch
	}
	wait := func(k int) outcome {
		t0 := time.Now()
		o := <-flight[k]
		flight[k] = nil
		s.evalTime += time.Since(t0)
		return o
	}
	// land waits for the parts still in flight after part k, so that
	// nothing writes into kids once breedOnDevice returns, and counts the
	// rejected candidates of part k+1 when count is set.
	land := func(k int, count bool) {
		for j := k + 1; j < parts; j++ {
			if flight[j] != nil {
				if o := wait(j); j == k+1 && count && o.ok && o.err == nil {
					s.st.Rejected += sumRejected(rejected[bounds[j]:bounds[j+1]])
				}
			}
		}
	}
	for k := range deviceInFlight {
		start(k)
	}
	for k := range parts {
		o := wait(k)
		switch {
		case !o.ok && k == 0:
			land(k, false)
			return 0, false, nil
		case !o.ok:
			o.err = fmt.Errorf("dispatch: the device bred the first part of a generation but not part %d", k)
		}
		if o.err != nil {
			land(k, false)
			return done, true, o.err
		}
		start(k + deviceInFlight)
		lo, hi := bounds[k], bounds[k+1]
		s.st.Rejected += sumRejected(rejected[lo:hi])
		m := s.withinBudget(hi - lo)
		if m > 0 {
			fetch := func(idx []int) error {
				at := make([]int, len(idx))
				for k, i := range idx {
					at[k] = lo + i
				}
				return kept.fetch(at)
			}
			d, err := s.accountLarge(kids[lo:lo+m], nil, hashes[lo:lo+m], fetch)
			done += d
			if err != nil {
				land(k, false)
				return done, true, err
			}
		}
		if m < hi-lo { // the budget ran out: breedAndEvaluate had bred the next part
			land(k, true)
			return done, true, nil
		}
	}
	s.bred = kept
	return done, true, nil
}

// deviceInFlight is how many parts of a generation breedOnDevice has the
// device breed at once.
const deviceInFlight = 2

// sumRejected returns the sum of counts.
func sumRejected(counts []uint8) int64 {
	var sum int64
	for _, r := range counts {
		sum += int64(r)
	}
	return sum
}

// partBounds returns the parts breedAndEvaluate splits n children into:
// part k is [bounds[k], bounds[k+1]), whole chunks, at most breedParts.
func partBounds(n int) []int {
	chunks := (n + breedChunk - 1) / breedChunk
	parts := min(breedParts, chunks)
	bounds := make([]int, parts+1)
	for k := range bounds {
		bounds[k] = min(n, (chunks*k+parts-1)/parts*breedChunk)
	}
	return bounds
}

// breedParts is the most parts breedAndEvaluate splits a generation into.
const breedParts = 4

// breedInto breeds children into every member of kids in chunks (see
// breedChunk), its chunk c from stream first+c of seed, and returns the
// number of rejected candidates. It changes nothing else in the engine.
func (s *Engine[G]) breedInto(kids []Member[G], seed uint64, first int, parents []Member[G], cross bool, rate float64) int64 {
	chunks := (len(kids) + breedChunk - 1) / breedChunk
	rejected := make([]int64, chunks)
	gs := make([]G, len(parents))
	for i, p := range parents {
		gs[i] = p.Genome
	}
	br, fast := s.prob.(Breeder[G])
	var dsts []G
	if fast { // no two breedInto calls run at once (breedAndEvaluate waits)
		s.breedBuf = slices.Grow(s.breedBuf[:0], len(kids))[:len(kids)]
		dsts = s.breedBuf
	}
	s.chunked(len(kids), seed, first, func(c int, rng *rand.Rand) {
		lo, hi := c*breedChunk, min((c+1)*breedChunk, len(kids))
		if fast {
			dst := dsts[lo:hi:hi]
			for i := range dst {
				dst[i] = kids[lo+i].Genome // storage Breed may reuse
			}
			rejected[c] = br.Breed(rng, gs, dst, cross, rate)
			for i, g := range dst {
				kids[lo+i] = Member[G]{Genome: g}
			}
			return
		}
		var b binomial
		count := func(g G, rate float64) int {
			return b.draw(rng, s.prob.Moves(g), rate/float64(max(s.prob.Moves(g), 1)))
		}
		for i := lo; i < hi; i++ {
			kids[i] = Member[G]{Genome: s.child(rng, &rejected[c], parents, cross, rate, count)}
		}
	})
	var total int64
	for _, r := range rejected {
		total += r
	}
	return total
}

// child breeds one feasible child of parents from rng (see children),
// with count drawing the number of mutation moves.
func (s *Engine[G]) child(rng *rand.Rand, rejected *int64, parents []Member[G], cross bool, rate float64, count func(G, float64) int) G {
	a := parents[rng.IntN(len(parents))].Genome
	b := a
	if cross {
		b = parents[rng.IntN(len(parents))].Genome
	}
	return s.breed(rng, rejected, a, func() G {
		c := a
		if cross {
			c = s.prob.Cross(rng, a, b)
		}
		c = s.prob.Apply(c, s.randomMoves(rng, c, count(c, rate))...)
		if s.prob.Equal(c, a) || s.prob.Equal(c, b) {
			if mv := s.randomMoves(rng, c, 1); len(mv) > 0 {
				c = s.prob.Apply(c, mv...)
			}
		}
		return c
	})
}

// kick returns home with k random moves applied, feasible: drawn again up
// to maxRedraws times, then repaired towards home. With Spec.KickHeat on a
// Heater the moves are drawn by weight (heatMoves).
func (s *Engine[G]) kick(home G, k int) G {
	if h, ok := s.prob.(Heater[G]); ok && s.st.Spec.KickHeat > 0 {
		cum := s.heatOf(h, home)
		return s.breed(s.rng, &s.st.Rejected, home, func() G { return s.prob.Apply(home, s.heatMoves(home, cum, k)...) })
	}
	return s.breed(s.rng, &s.st.Rejected, home, func() G { return s.prob.Apply(home, s.randomMoves(s.rng, home, k)...) })
}

// heatOf returns the cumulative move weights of home (Heater.MoveWeights
// with Spec.KickHeat), kept while home stays the same genome: a function
// of home alone, so that a resumed search draws the same kicks.
func (s *Engine[G]) heatOf(h Heater[G], home G) []float64 {
	if s.heat.cum != nil && s.prob.Equal(s.heat.home, home) {
		return s.heat.cum
	}
	w := h.MoveWeights(home, s.st.Spec.KickHeat)
	cum := make([]float64, len(w))
	total := 0.0
	for i, x := range w {
		total += x
		cum[i] = total
	}
	s.heat.home, s.heat.cum = s.prob.Clone(home), cum
	return cum
}

// heatMoves draws k moves of g on distinct sites, each move with
// probability in proportion to its weight (cum holds the weights'
// running sums), as randomMoves draws them uniformly.
func (s *Engine[G]) heatMoves(g G, cum []float64, k int) []int {
	n := len(cum)
	if n == 0 {
		return nil
	}
	return s.distinctMoves(g, k, func() int {
		u := s.rng.Float64() * cum[n-1]
		m, _ := slices.BinarySearch(cum, u)
		for m < n-1 && cum[m] <= u { // the first running sum above u
			m++
		}
		return m
	})
}

// topDistinct returns up to n of the best members of pool, which is sorted
// best first, skipping copies of genomes already taken. It returns at least
// one member when pool is not empty.
func (s *Engine[G]) topDistinct(pool []Member[G], n int) []Member[G] {
	idx := make([]int, len(pool))
	for i := range idx {
		idx[i] = i
	}
	return membersAt(pool, distinctBy(idx, n, func(i int) uint64 { return s.prob.Hash(pool[i].Genome) }))
}

// fillRandom returns initial (cut to n) filled up to n with random
// feasible genomes.
func (s *Engine[G]) fillRandom(initial []Member[G], n int) []Member[G] {
	if len(initial) > n {
		initial = initial[:n]
	}
	pop := append([]Member[G](nil), initial...)
	if n-len(pop) <= breedChunk {
		for len(pop) < n {
			pop = append(pop, Member[G]{Genome: s.randomFeasible()})
		}
		return pop
	}
	// Room for the elite too, so that the array serves the generation
	// after next (see generation).
	pop = slices.Grow(pop, n-len(pop)+max(s.st.Spec.Elite, 0))
	fresh := pop[len(pop):n]
	chunks := (len(fresh) + breedChunk - 1) / breedChunk
	rejected := make([]int64, chunks)
	// A problem that draws into storage draws each chunk's genomes into
	// one block of words.
	di, into := s.prob.(intoDrawer[G])
	s.chunked(len(fresh), s.rng.Uint64(), 0, func(c int, rng *rand.Rand) {
		lo, hi := c*breedChunk, min((c+1)*breedChunk, len(fresh))
		var block []uint64
		w := 0
		if into {
			w = di.Words()
			block = make([]uint64, (hi-lo)*w)
		}
		for i := lo; i < hi; i++ {
			var words []uint64
			if into {
				words = block[(i-lo)*w : (i-lo+1)*w : (i-lo+1)*w]
			}
			fresh[i].Genome = s.drawFeasible(rng, &rejected[c], s.sparse, words)
		}
	})
	for _, r := range rejected {
		s.st.Rejected += r
	}
	return pop[:n]
}
