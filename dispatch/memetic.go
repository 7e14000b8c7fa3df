package dispatch

// memetic is our own method: a genetic algorithm on Islands populations
// whose elites are polished by exhaustive local search, the recipe behind
// the paper's M_36314 (a GA, then a search of the Hamming neighbourhood).
//
// Every generation, each island breeds Pop children from its best Parents
// by uniform crossover and mutation (a child equal to a parent gets one
// more cell flipped), keeping its Elite best. Every Migrate generations
// each island's best moves to the next island in a ring, replacing its
// worst. An island whose best has not improved for Stagnation generations
// restarts from random mazes. Beside the islands runs one local search:
// the best maze of the islands not searched before becomes its centre;
// each generation it evaluates the whole Hamming-1 neighbourhood of the
// centre (Hamming-2 once Hamming-1 holds no better maze), moves to the best
// neighbour when that is better and puts it back into the island, and ends
// at a maze that no maze within distance Radius beats. The islands'
// children and the neighbourhood go to the evaluator as one batch.
type memetic struct{}

// maxSearched bounds State.Searched; the oldest hashes are dropped first.
const maxSearched = 4096

func (memetic) init(s *Search, initial []Individual) {
	p := s.st.Params
	s.st.Islands = make([][]Individual, p.Islands)
	for i, ind := range initial {
		k := i % p.Islands
		s.st.Islands[k] = append(s.st.Islands[k], ind)
	}
	for k := range s.st.Islands {
		s.st.Islands[k] = fillRandom(s, s.st.Islands[k], p.Pop)
	}
	s.st.IslandBest = make([]int64, p.Islands)
	s.st.Stale = make([]int64, p.Islands)
}

func (memetic) step(s *Search) error {
	p := s.st.Params
	type span struct {
		fresh    bool // the island's own mazes are evaluated (start or restart)
		from, to int
		pool     []Individual
	}
	var batch []Individual
	spans := make([]span, len(s.st.Islands))
	for k, isl := range s.st.Islands {
		sp := span{from: len(batch)}
		if idx := unscored(isl); len(idx) > 0 {
			sp.fresh = true
			for _, i := range idx {
				batch = append(batch, isl[i])
			}
		} else {
			byTurns(isl)
			sp.pool = isl
			parents := topDistinct(isl, p.Parents)
			batch = append(batch, s.children(parents, p.Pop, true, p.Mutation, true)...)
		}
		sp.to = len(batch)
		spans[k] = sp
	}
	if s.st.Local == nil {
		s.startLocal()
	}
	localFrom := len(batch)
	if s.st.Local != nil {
		batch = append(batch, s.neighbours(s.st.Local.Center, s.st.Local.Radius)...)
	}
	n, err := s.evaluate(batch)
	if err != nil || n < len(batch) {
		return err
	}

	// Islands: the new generation and its progress.
	for k, sp := range spans {
		if sp.fresh {
			isl := s.st.Islands[k]
			j := sp.from
			for i := range isl {
				if isl[i].Turns == 0 {
					isl[i].Turns = batch[j].Turns
					j++
				}
			}
		} else {
			next := make([]Individual, 0, p.Elite+sp.to-sp.from)
			next = append(next, sp.pool[:min(p.Elite, len(sp.pool))]...)
			s.st.Islands[k] = append(next, batch[sp.from:sp.to]...)
		}
		best := bestOf(s.st.Islands[k])
		if best.Turns > s.st.IslandBest[k] {
			s.st.IslandBest[k], s.st.Stale[k] = best.Turns, 0
		} else {
			s.st.Stale[k]++
		}
	}

	// Local search: move, widen or finish.
	if l := s.st.Local; l != nil {
		nb := batch[localFrom:]
		best := -1
		for i := range nb {
			if best < 0 || nb[i].Turns > nb[best].Turns {
				best = i
			}
		}
		switch {
		case best >= 0 && nb[best].Turns > l.Center.Turns:
			l.Center, l.Radius = nb[best].clone(), 1
			s.markSearched(l.Center)
			s.inject(l.Island, l.Center)
		case l.Radius < p.Radius:
			l.Radius++
		default:
			s.st.Local = nil
		}
	}

	// Migration around the ring, from a snapshot of the islands' bests.
	if (s.st.Gen+1)%int64(p.Migrate) == 0 && len(s.st.Islands) > 1 {
		bests := make([]Individual, len(s.st.Islands))
		for k, isl := range s.st.Islands {
			bests[k] = bestOf(isl).clone()
		}
		for k := range s.st.Islands {
			s.inject((k+1)%len(s.st.Islands), bests[k])
		}
	}

	// Restarts of stagnant islands.
	for k := range s.st.Islands {
		if s.st.Stale[k] > int64(p.Stagnation) {
			s.st.Islands[k] = fillRandom(s, nil, p.Pop)
			s.st.IslandBest[k], s.st.Stale[k] = 0, 0
		}
	}
	return nil
}

// bestOf returns the first of the best mazes of pop.
func bestOf(pop []Individual) Individual {
	var best Individual
	for _, ind := range pop {
		if ind.Turns > best.Turns {
			best = ind
		}
	}
	return best
}

// inject puts ind into island k in place of its worst maze, unless the
// island holds it already.
func (s *Search) inject(k int, ind Individual) {
	isl := s.st.Islands[k]
	worst := -1
	for i := range isl {
		if same(isl[i], ind) {
			return
		}
		if worst < 0 || isl[i].Turns < isl[worst].Turns {
			worst = i
		}
	}
	if worst >= 0 && isl[worst].Turns < ind.Turns {
		isl[worst] = ind.clone()
	}
}

// startLocal starts a local search at the best island best that has not
// been a centre before, if there is one.
func (s *Search) startLocal() {
	var seen map[uint64]bool
	best, island := Individual{}, -1
	for k, isl := range s.st.Islands {
		b := bestOf(isl)
		if b.Turns == 0 || b.Turns <= best.Turns {
			continue
		}
		if seen == nil {
			seen = make(map[uint64]bool, len(s.st.Searched))
			for _, h := range s.st.Searched {
				seen[h] = true
			}
		}
		if !seen[b.hash()] {
			best, island = b, k
		}
	}
	if island < 0 {
		return
	}
	s.markSearched(best)
	s.st.Local = &LocalSearch{Center: best.clone(), Radius: 1, Island: island}
}

// markSearched records ind as a local search centre.
func (s *Search) markSearched(ind Individual) {
	s.st.Searched = append(s.st.Searched, ind.hash())
	if len(s.st.Searched) > maxSearched {
		s.st.Searched = append([]uint64(nil), s.st.Searched[len(s.st.Searched)-maxSearched:]...)
	}
}
