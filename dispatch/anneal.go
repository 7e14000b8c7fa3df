package dispatch

import "math"

// anneal is simulated annealing, run as Pop independent chains so that a
// batch holds one proposal per chain. A chain proposes a uniformly random
// feasible neighbour of its maze (flipping one cell; with FreeEnds, moving
// an end counts as a neighbour too), drawing again until the neighbour is
// feasible. A better or equal neighbour is always accepted, a worse one
// with probability exp(Δ / (T·turns)), where Δ is the loss in turns and the
// relative temperature T falls linearly from Params.Temp to 0 as the budget
// is spent (the paper's "simple linear cooling function").
type anneal struct{}

func (anneal) init(s *Search, initial []Individual) {
	hillClimb{}.init(s, initial)
}

func (anneal) step(s *Search) error {
	p := s.st.Params
	var batch []Individual
	for _, w := range s.st.Walkers {
		if w.Turns == 0 {
			batch = append(batch, w.clone())
		} else {
			batch = append(batch, s.proposal(w))
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
		if w.Turns == 0 {
			*w = b
			continue
		}
		d := float64(b.Turns - w.Turns)
		if d >= 0 || (temp > 0 && s.rng.Float64() < math.Exp(d/(temp*float64(w.Turns)))) {
			*w = b
		}
	}
	return nil
}

// proposal draws random neighbours of w until one is feasible.
func (s *Search) proposal(w Individual) Individual {
	p := s.st.Params
	cells := s.flipCells(w)
	moves := len(cells)
	if p.FreeEnds && p.Cols > 1 {
		moves += 2
	}
	for {
		k := s.rng.IntN(moves)
		var n Individual
		switch {
		case k < len(cells):
			n = s.flipped(w, cells[k])
		case k == len(cells):
			n = s.flipped(w)
			n.Entry = (w.Entry + 1 + s.rng.IntN(p.Cols-1)) % p.Cols
			s.openEnds(&n)
		default:
			n = s.flipped(w)
			n.Exit = (w.Exit + 1 + s.rng.IntN(p.Cols-1)) % p.Cols
			s.openEnds(&n)
		}
		if s.feasible(n) {
			return n
		}
		s.st.Rejected++
	}
}
