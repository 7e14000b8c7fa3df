package dispatch

// This file is path relinking, ils's alternative to crossing home with an
// archived local optimum (--crossover relink).

// A Differ is a Problem that tells the moves between two genomes.
type Differ[G any] interface {
	// Toward returns the moves of a, in increasing order, that each set
	// one of a's sites to b's: applying all of them to a gives b up to
	// what moves cannot change.
	Toward(a, b G) []int
}

// relink walks from home towards other, one greedy step at a time: each
// step evaluates every feasible genome one move of Toward closer to other
// and moves to the best (the first of equals). It takes half as many steps
// as the genomes differ in moves, so that it stops in the middle of the
// path, and returns the best genome met, scored; ok is false when the two
// are fewer than 3 moves apart or nothing was evaluated (the budget spent,
// or no step feasible).
func (s *Engine[G]) relink(d Differ[G], home, other G) (best Member[G], ok bool, err error) {
	cur := home
	steps := len(d.Toward(home, other)) / 2
	if steps < 2 {
		return best, false, nil
	}
	for range steps {
		var batch []Member[G]
		for _, m := range d.Toward(cur, other) {
			g := s.prob.Apply(cur, m)
			if !s.prob.Feasible(g) {
				s.st.Rejected++
				continue
			}
			batch = append(batch, Member[G]{Genome: g})
		}
		if len(batch) == 0 {
			break
		}
		n, err := s.evaluate(batch)
		if err != nil {
			return best, false, err
		}
		b, found := bestOf(batch[:n])
		if !found {
			break
		}
		cur = b.Genome
		if !ok || b.Score.Better(best.Score) {
			best, ok = b, true
		}
		if n < len(batch) {
			break
		}
	}
	return best, ok, nil
}
