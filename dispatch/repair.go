package dispatch

import "github.com/mousemaze/mousemaze"

// This file keeps infeasible mazes away from the evaluator. Feasibility is
// a flood fill on row masks (mousemaze.Feasible), far cheaper than a walk,
// so every candidate is checked before it joins a batch. The policy:
//
//   - random mazes (random search, starts and restarts) are drawn again
//     until feasible, as in the paper;
//   - infeasible neighbours (hill climbing, local search) are skipped and
//     annealing draws another neighbour, as in the paper ("we keep picking
//     until N is feasible");
//   - a child of mutation or crossover is drawn again up to maxRedraws
//     times, and then repaired: its cells that differ from its first
//     parent are set back to the parent's, in random order, until it is
//     feasible. The parent is feasible, so this always ends.
//
// Only evaluated (so feasible) mazes count against the budget, as the
// paper counts "feasible mazes evaluated"; every rejected or repaired
// candidate adds one to State.Rejected.

// maxRedraws is how many times a genetic operator is retried before its
// child is repaired.
const maxRedraws = 4

// feasible reports whether ind can be escaped.
func (s *Search) feasible(ind Individual) bool {
	cfg := s.cfg
	cfg.Entry, cfg.Exit = ind.Entry, ind.Exit
	return mousemaze.Feasible(ind.Maze(s.st.Params.Rows, s.st.Params.Cols), cfg)
}

// openEnds clears the walls on ind's entry and exit cells, which a
// feasible maze needs open.
func (s *Search) openEnds(ind *Individual) {
	ind.Walls[0] &^= 1 << uint(ind.Entry)
	ind.Walls[s.st.Params.Rows-1] &^= 1 << uint(ind.Exit)
}

// openUp makes a given maze feasible: it opens the ends and then removes
// walls in random order until the exit can be reached.
func (s *Search) openUp(ind *Individual) {
	s.openEnds(ind)
	if s.feasible(*ind) {
		return
	}
	s.st.Rejected++
	open := Individual{Walls: make([]uint64, len(ind.Walls)), Entry: ind.Entry, Exit: ind.Exit}
	s.repair(ind, open)
}

// randomIndividual draws random mazes (each cell a wall with probability
// Density, the ends open) until one is feasible. With FreeEnds the ends are
// drawn too.
func (s *Search) randomIndividual() Individual {
	p := s.st.Params
	for {
		ind := Individual{Walls: make([]uint64, p.Rows), Entry: p.Entry, Exit: p.Exit}
		if p.FreeEnds {
			ind.Entry, ind.Exit = s.rng.IntN(p.Cols), s.rng.IntN(p.Cols)
		}
		for r := 0; r < p.Rows; r++ {
			for c := 0; c < p.Cols; c++ {
				if s.rng.Float64() < p.Density {
					ind.Walls[r] |= 1 << uint(c)
				}
			}
		}
		s.openEnds(&ind)
		if s.feasible(ind) {
			return ind
		}
		s.st.Rejected++
	}
}

// breed makes a feasible child with op, which builds a child of parent
// (and perhaps other parents): it retries an infeasible child up to
// maxRedraws times and then repairs the last one towards parent.
func (s *Search) breed(parent Individual, op func() Individual) Individual {
	for try := 0; ; try++ {
		child := op()
		if s.feasible(child) {
			return child
		}
		s.st.Rejected++
		if try+1 >= maxRedraws {
			s.repair(&child, parent)
			return child
		}
	}
}

// repair sets child's cells that differ from parent back to parent's, one
// at a time in random order, until child is feasible. parent must be
// feasible; child takes parent's ends.
func (s *Search) repair(child *Individual, parent Individual) {
	child.Entry, child.Exit = parent.Entry, parent.Exit
	s.openEnds(child)
	cols := s.st.Params.Cols
	var diff []int
	for r, w := range child.Walls {
		for x := w ^ parent.Walls[r]; x != 0; x &= x - 1 {
			c := 0
			for x>>uint(c)&1 == 0 {
				c++
			}
			diff = append(diff, r*cols+c)
		}
	}
	for !s.feasible(*child) && len(diff) > 0 {
		i := s.rng.IntN(len(diff))
		cell := diff[i]
		diff[i] = diff[len(diff)-1]
		diff = diff[:len(diff)-1]
		r, c := cell/cols, cell%cols
		child.Walls[r] = child.Walls[r]&^(1<<uint(c)) | parent.Walls[r]&(1<<uint(c))
	}
}

// isEnd reports whether (r, c) is one of ind's end cells, which must stay
// open and so are never flipped.
func (s *Search) isEnd(ind Individual, r, c int) bool {
	return (r == 0 && c == ind.Entry) || (r == s.st.Params.Rows-1 && c == ind.Exit)
}

// mutate flips every cell of ind except the ends with probability rate,
// and with FreeEnds moves each end to a random column with probability rate.
func (s *Search) mutate(ind *Individual, rate float64) {
	p := s.st.Params
	if p.FreeEnds {
		if s.rng.Float64() < rate {
			ind.Entry = s.rng.IntN(p.Cols)
		}
		if s.rng.Float64() < rate {
			ind.Exit = s.rng.IntN(p.Cols)
		}
	}
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; c++ {
			if s.rng.Float64() < rate && !s.isEnd(*ind, r, c) {
				ind.Walls[r] ^= 1 << uint(c)
			}
		}
	}
	s.openEnds(ind)
}

// flipCells returns the cells of ind that may be flipped (all but its ends),
// as row*Cols+col.
func (s *Search) flipCells(ind Individual) []int {
	p := s.st.Params
	cells := make([]int, 0, p.Rows*p.Cols)
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; c++ {
			if !s.isEnd(ind, r, c) {
				cells = append(cells, r*p.Cols+c)
			}
		}
	}
	return cells
}

// flipped returns a copy of ind with the given cells flipped.
func (s *Search) flipped(ind Individual, cells ...int) Individual {
	n := ind.clone()
	n.Turns = 0
	cols := s.st.Params.Cols
	for _, cell := range cells {
		n.Walls[cell/cols] ^= 1 << uint(cell%cols)
	}
	return n
}

// neighbours returns the feasible mazes at Hamming distance exactly radius
// (1 or 2) from ind, the ends fixed; with FreeEnds and radius 1 it adds
// ind with either end moved to another column. Infeasible neighbours are
// skipped and counted as rejected.
func (s *Search) neighbours(ind Individual, radius int) []Individual {
	cells := s.flipCells(ind)
	var out []Individual
	add := func(n Individual) {
		if s.feasible(n) {
			out = append(out, n)
		} else {
			s.st.Rejected++
		}
	}
	switch radius {
	case 1:
		for _, c := range cells {
			add(s.flipped(ind, c))
		}
		if p := s.st.Params; p.FreeEnds {
			for c := 0; c < p.Cols; c++ {
				if c != ind.Entry {
					n := s.flipped(ind)
					n.Entry = c
					s.openEnds(&n)
					add(n)
				}
			}
			for c := 0; c < p.Cols; c++ {
				if c != ind.Exit {
					n := s.flipped(ind)
					n.Exit = c
					s.openEnds(&n)
					add(n)
				}
			}
		}
	case 2:
		for i, a := range cells {
			for _, b := range cells[i+1:] {
				add(s.flipped(ind, a, b))
			}
		}
	}
	return out
}
