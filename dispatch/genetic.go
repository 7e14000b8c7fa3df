package dispatch

// genetic is the paper's evolutionary algorithm (crossover false) and
// genetic algorithm (crossover true). A generation of Pop mazes is
// evaluated; its best Parents breed the next generation. An EA child is a
// random parent with every cell flipped with probability Mutation; a GA
// child takes each cell from one of two parents picked uniformly at random
// (possibly the same one, "uniform crossover") and is then mutated the same
// way. The Elite best mazes are carried into the next generation without
// being evaluated again, so every generation evaluates exactly Pop mazes.
type genetic struct {
	crossover bool
}

func (genetic) init(s *Search, initial []Individual) {
	s.st.Pop = fillRandom(s, initial, s.st.Params.Pop)
}

// fillRandom returns initial (cut to n) filled up to n with random mazes.
func fillRandom(s *Search, initial []Individual, n int) []Individual {
	if len(initial) > n {
		initial = initial[:n]
	}
	pop := append([]Individual(nil), initial...)
	for len(pop) < n {
		pop = append(pop, s.randomIndividual())
	}
	return pop
}

// unscored returns the indices of the mazes of pop not evaluated yet.
func unscored(pop []Individual) []int {
	var idx []int
	for i, ind := range pop {
		if ind.Turns == 0 {
			idx = append(idx, i)
		}
	}
	return idx
}

// evaluateIn evaluates pop's unscored mazes in place.
func (s *Search) evaluateIn(pop []Individual) error {
	idx := unscored(pop)
	batch := make([]Individual, len(idx))
	for k, i := range idx {
		batch[k] = pop[i]
	}
	_, err := s.evaluate(batch)
	for k, i := range idx {
		pop[i].Turns = batch[k].Turns
	}
	return err
}

func (g genetic) step(s *Search) error {
	p := s.st.Params
	if len(unscored(s.st.Pop)) > 0 {
		return s.evaluateIn(s.st.Pop) // the first generation
	}
	pool := s.st.Pop
	byTurns(pool)
	parents := topDistinct(pool, p.Parents)
	children := s.children(parents, p.Pop, g.crossover, p.Mutation, false)
	n, err := s.evaluate(children)
	if err != nil || n < len(children) {
		return err
	}
	next := make([]Individual, 0, p.Elite+len(children))
	next = append(next, pool[:min(p.Elite, len(pool))]...)
	s.st.Pop = append(next, children...)
	return nil
}

// children breeds n feasible children of parents. With distinct, a child
// equal to one of its parents gets one more random cell flipped, so that
// no evaluation is spent on a maze whose score is known.
func (s *Search) children(parents []Individual, n int, crossover bool, rate float64, distinct bool) []Individual {
	kids := make([]Individual, n)
	for i := range kids {
		a := parents[s.rng.IntN(len(parents))]
		b := a
		if crossover {
			b = parents[s.rng.IntN(len(parents))]
		}
		kids[i] = s.breed(a, func() Individual {
			var c Individual
			if crossover {
				c = s.uniform(a, b)
			} else {
				c = a.clone()
				c.Turns = 0
			}
			s.mutate(&c, rate)
			if distinct && (same(c, a) || same(c, b)) {
				if cells := s.flipCells(c); len(cells) > 0 {
					c = s.flipped(c, cells[s.rng.IntN(len(cells))])
				}
			}
			return c
		})
	}
	return kids
}

// uniform returns a child that takes every cell, and with FreeEnds each
// end, from a or b with equal probability.
func (s *Search) uniform(a, b Individual) Individual {
	c := Individual{Walls: make([]uint64, len(a.Walls)), Entry: a.Entry, Exit: a.Exit}
	for r := range c.Walls {
		m := s.rng.Uint64()
		c.Walls[r] = a.Walls[r]&m | b.Walls[r]&^m
	}
	if s.st.Params.FreeEnds {
		if s.rng.IntN(2) == 1 {
			c.Entry = b.Entry
		}
		if s.rng.IntN(2) == 1 {
			c.Exit = b.Exit
		}
	}
	s.openEnds(&c)
	return c
}

// topDistinct returns up to n of the best mazes of pool, which is sorted
// best first, skipping copies of mazes already taken: copies would only
// make one parent likelier. It returns at least one maze.
func topDistinct(pool []Individual, n int) []Individual {
	var out []Individual
	seen := map[uint64]bool{}
	for _, ind := range pool {
		if len(out) == n {
			break
		}
		if h := ind.hash(); !seen[h] {
			seen[h] = true
			out = append(out, ind)
		}
	}
	return out
}
