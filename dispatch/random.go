package dispatch

// randomSearch is the paper's random search: batches of Pop random feasible
// mazes (each cell a wall with probability Density), evaluated as they come.
// Initial mazes, if any, form the first batch.
type randomSearch struct{}

func (randomSearch) init(s *Search, initial []Individual) {
	s.st.Pop = initial
}

func (randomSearch) step(s *Search) error {
	batch := s.st.Pop
	s.st.Pop = nil
	for len(batch) < s.st.Params.Pop {
		batch = append(batch, s.randomIndividual())
	}
	_, err := s.evaluate(batch)
	return err
}

// hillClimb is the paper's hill climbing, run as Pop independent climbers
// so that a batch holds several neighbourhoods. Each generation evaluates,
// for every climber, all its feasible Hamming-1 neighbours (and its start,
// if new) as one batch; a climber moves to its best neighbour when that is
// better (steepest ascent) and otherwise, at a local optimum, restarts from
// a new random maze.
type hillClimb struct{}

func (hillClimb) init(s *Search, initial []Individual) {
	for i := 0; i < s.st.Params.Pop; i++ {
		if i < len(initial) {
			s.st.Walkers = append(s.st.Walkers, initial[i])
		} else {
			s.st.Walkers = append(s.st.Walkers, s.randomIndividual())
		}
	}
}

func (hillClimb) step(s *Search) error {
	type span struct {
		center   bool
		from, to int
	}
	var batch []Individual
	spans := make([]span, len(s.st.Walkers))
	for i, w := range s.st.Walkers {
		sp := span{from: len(batch)}
		if w.Turns == 0 {
			batch = append(batch, w.clone())
			sp.center = true
		}
		batch = append(batch, s.neighbours(w, 1)...)
		sp.to = len(batch)
		spans[i] = sp
	}
	n, err := s.evaluate(batch)
	if err != nil || n < len(batch) {
		return err // the budget ran out inside this batch: the search is over
	}
	for i, sp := range spans {
		w := &s.st.Walkers[i]
		j := sp.from
		if sp.center {
			w.Turns = batch[j].Turns
			j++
		}
		best := -1
		for k := j; k < sp.to; k++ {
			if best < 0 || batch[k].Turns > batch[best].Turns {
				best = k
			}
		}
		if best >= 0 && batch[best].Turns > w.Turns {
			*w = batch[best]
		} else {
			*w = s.randomIndividual()
		}
	}
	return nil
}
