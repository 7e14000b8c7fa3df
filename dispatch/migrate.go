package dispatch

import (
	"fmt"
	"sort"
)

// This file lets searches that run apart (island searches, one per process
// or cluster task) trade their best mazes: Emigrants picks a search's best
// mazes and Immigrate evaluates another search's mazes and puts them into
// this one's populations. Both must be called between generations (from
// Hooks.Generation, or before Run), where the State is consistent.

// Emigrants returns up to n of the best distinct evaluated mazes the search
// holds (its best maze, populations, islands, climbers or chains), best
// first, as deep copies.
func (s *Search) Emigrants(n int) []Individual {
	var pool []Individual
	add := func(inds ...Individual) {
		for _, ind := range inds {
			if ind.Turns > 0 && len(ind.Walls) > 0 {
				pool = append(pool, ind)
			}
		}
	}
	add(s.st.Best)
	add(s.st.Pop...)
	add(s.st.Walkers...)
	for _, isl := range s.st.Islands {
		add(isl...)
	}
	if s.st.Local != nil {
		add(s.st.Local.Center)
	}
	byTurns(pool)
	var out []Individual
	seen := map[uint64]bool{}
	for _, ind := range pool {
		if len(out) >= n {
			break
		}
		if h := ind.hash(); !seen[h] {
			seen[h] = true
			out = append(out, ind.clone())
		}
	}
	return out
}

// Immigrate evaluates mazes that come from another search of the same
// Params and puts each into this search in place of a worse maze: into the
// islands in turn (memetic), the generation (ea, ga) or the climbers and
// chains (hill, sa); random search only keeps its best. The immigrants'
// own Turns are not trusted: they are walked again on this search's
// evaluator and count against its budget like any evaluation, so a search
// with no budget left takes none. A maze of the wrong size, with walls
// outside the grid, with ends the search does not allow, or that cannot be
// escaped is an error, and nothing is taken. It returns how many mazes were
// evaluated.
func (s *Search) Immigrate(inds []Individual) (int, error) {
	p := s.st.Params
	batch := make([]Individual, 0, len(inds))
	for i, ind := range inds {
		if err := s.checkImmigrant(ind); err != nil {
			return 0, fmt.Errorf("%w: immigrant %d: %v", ErrParams, i, err)
		}
		ind = ind.clone()
		ind.Turns = 0
		batch = append(batch, ind)
	}
	n, err := s.evaluate(batch)
	if err != nil {
		return 0, err
	}
	batch = batch[:n]
	sort.SliceStable(batch, func(i, j int) bool { return batch[i].Turns > batch[j].Turns })
	for i, ind := range batch {
		switch p.Algo {
		case AlgoMemetic:
			s.inject(i%len(s.st.Islands), ind)
		case AlgoEA, AlgoGA:
			s.st.Pop = replaceWorst(s.st.Pop, ind)
		case AlgoHill, AlgoAnneal:
			s.st.Walkers = replaceWorst(s.st.Walkers, ind)
		}
	}
	return n, nil
}

// checkImmigrant reports why ind cannot join the search, or nil.
func (s *Search) checkImmigrant(ind Individual) error {
	p := s.st.Params
	if len(ind.Walls) != p.Rows {
		return fmt.Errorf("%d rows, search is %dx%d", len(ind.Walls), p.Rows, p.Cols)
	}
	for r, w := range ind.Walls {
		if w>>uint(p.Cols) != 0 {
			return fmt.Errorf("row %d has walls beyond column %d", r, p.Cols-1)
		}
	}
	if ind.Entry < 0 || ind.Entry >= p.Cols || ind.Exit < 0 || ind.Exit >= p.Cols {
		return fmt.Errorf("entry %d, exit %d outside 0..%d", ind.Entry, ind.Exit, p.Cols-1)
	}
	if !p.FreeEnds && (ind.Entry != p.Entry || ind.Exit != p.Exit) {
		return fmt.Errorf("entry %d, exit %d, search fixes %d and %d", ind.Entry, ind.Exit, p.Entry, p.Exit)
	}
	if !s.feasible(ind) {
		return fmt.Errorf("the mouse cannot escape it")
	}
	return nil
}

// replaceWorst puts a copy of ind in place of the worst maze of pop when
// that is worse and pop does not hold ind already; unscored mazes count as
// worst.
func replaceWorst(pop []Individual, ind Individual) []Individual {
	worst := -1
	for i := range pop {
		if same(pop[i], ind) {
			return pop
		}
		if worst < 0 || pop[i].Turns < pop[worst].Turns {
			worst = i
		}
	}
	if worst >= 0 && pop[worst].Turns < ind.Turns {
		pop[worst] = ind.clone()
	}
	return pop
}
