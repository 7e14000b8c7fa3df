package dispatch

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
	tries := maxRandomTries
	if s.sparse {
		tries = maxRedraws // a sparse space was seen: repair soon
	}
	for try := 0; ; try++ {
		g := s.prob.Random(s.rng)
		if s.prob.Feasible(g) {
			return g
		}
		s.st.Rejected++
		if o, ok := s.prob.(Opener[G]); ok && try >= tries {
			if open := o.Open(); s.prob.Feasible(open) {
				s.sparse = true
				return s.prob.Repair(s.rng, g, open)
			}
		}
	}
}

// randomMoves returns k random moves of g on distinct sites (fewer if g
// has fewer sites).
func (s *Engine[G]) randomMoves(g G, k int) []int {
	n := s.prob.Moves(g)
	if n == 0 || k <= 0 {
		return nil
	}
	var moves []int
	sites := map[int]bool{}
	for tries := 0; len(moves) < k && tries < 20*k+100; tries++ {
		m := s.rng.IntN(n)
		site := s.prob.Site(g, m)
		if !sites[site] {
			sites[site] = true
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

// mutate returns g with a random number of random moves (mean rate)
// applied.
func (s *Engine[G]) mutate(g G, rate float64) G {
	return s.prob.Apply(g, s.randomMoves(g, s.mutationCount(g, rate))...)
}

// breed makes a feasible child with op, which builds a child of parent
// (and perhaps other parents): it retries an infeasible child up to
// maxRedraws times and then repairs the last one towards parent.
func (s *Engine[G]) breed(parent G, op func() G) G {
	for try := 0; ; try++ {
		child := op()
		if s.prob.Feasible(child) {
			return child
		}
		s.st.Rejected++
		if try+1 >= maxRedraws {
			return s.prob.Repair(s.rng, child, parent)
		}
	}
}

// children breeds n feasible children of parents: each is a random parent
// (crossed uniformly with a second random parent when cross is set) with a
// mutation of mean rate sites. A child equal to one of its parents gets one
// more random move, so that no evaluation is spent on a known genome.
func (s *Engine[G]) children(parents []Member[G], n int, cross bool, rate float64) []Member[G] {
	kids := make([]Member[G], n)
	for i := range kids {
		a := parents[s.rng.IntN(len(parents))].Genome
		b := a
		if cross {
			b = parents[s.rng.IntN(len(parents))].Genome
		}
		kids[i].Genome = s.breed(a, func() G {
			c := a
			if cross {
				c = s.prob.Cross(s.rng, a, b)
			}
			c = s.mutate(c, rate)
			if s.prob.Equal(c, a) || s.prob.Equal(c, b) {
				if mv := s.randomMoves(c, 1); len(mv) > 0 {
					c = s.prob.Apply(c, mv...)
				}
			}
			return c
		})
	}
	return kids
}

// kick returns home with k random moves applied, feasible: drawn again up
// to maxRedraws times, then repaired towards home.
func (s *Engine[G]) kick(home G, k int) G {
	return s.breed(home, func() G { return s.prob.Apply(home, s.randomMoves(home, k)...) })
}

// topDistinct returns up to n of the best members of pool, which is sorted
// best first, skipping copies of genomes already taken. It returns at least
// one member when pool is not empty.
func (s *Engine[G]) topDistinct(pool []Member[G], n int) []Member[G] {
	var out []Member[G]
	seen := map[uint64]bool{}
	for _, m := range pool {
		if len(out) == n {
			break
		}
		if h := s.prob.Hash(m.Genome); !seen[h] {
			seen[h] = true
			out = append(out, m)
		}
	}
	return out
}

// fillRandom returns initial (cut to n) filled up to n with random
// feasible genomes.
func (s *Engine[G]) fillRandom(initial []Member[G], n int) []Member[G] {
	if len(initial) > n {
		initial = initial[:n]
	}
	pop := append([]Member[G](nil), initial...)
	for len(pop) < n {
		pop = append(pop, Member[G]{Genome: s.randomFeasible()})
	}
	return pop
}
