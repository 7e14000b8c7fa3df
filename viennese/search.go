package viennese

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// The search methods.
const (
	// AlgoKeep is the seed's mutate-and-keep loop: change a few random
	// lights of the current colouring; keep the new colouring unless it
	// scores lower (ties are kept, as the seed says: "if the new maze
	// scores lower than the current maze, dump it, otherwise it replaces
	// the current maze").
	AlgoKeep = "keep"
	// AlgoAnneal runs the same loop with a falling mutation probability:
	// for i = 0 … Levels−1, Rounds rounds in which each light changes with
	// probability (Levels−i)/Levels.
	AlgoAnneal = "anneal"
	// AlgoRandom scores random colourings and keeps the best.
	AlgoRandom = "random"
	// AlgoEA is the evolutionary algorithm: the best Parents of each
	// generation of Pop colourings breed mutated copies.
	AlgoEA = "ea"
	// AlgoGA is the genetic algorithm: children take each light from one
	// of two random parents (uniform crossover) and are then mutated.
	AlgoGA = "ga"
	// AlgoHill is steepest-ascent hill climbing: all 2·streets colourings
	// that differ in one light are scored, the best is taken if it is
	// better, and a local optimum restarts from a random colouring.
	AlgoHill = "hill"
	// AlgoSA is simulated annealing on one chain: a proposal changes one
	// random light; a better or equal one is accepted, a worse one with
	// probability exp(Δ/(T·score)), where the relative temperature T falls
	// linearly from Temp to 0 as the budget is spent.
	AlgoSA = "sa"
)

// Algos lists the search methods.
var Algos = []string{AlgoKeep, AlgoAnneal, AlgoRandom, AlgoHill, AlgoSA, AlgoEA, AlgoGA}

// ErrUnknownAlgo reports a method not in Algos.
var ErrUnknownAlgo = errors.New("unknown search method")

// Params define a search completely: with the same Params and Scorer, a
// search gives the same result.
type Params struct {
	// Algo is the method, one of Algos.
	Algo string `json:"algo"`
	// Evals is the budget: the number of colourings scored.
	Evals int64 `json:"evals"`
	// Seed seeds the PCG stream every random choice is drawn from.
	Seed uint64 `json:"seed"`
	// Rate is the probability that a light changes in one step of keep.
	Rate float64 `json:"rate,omitempty"`
	// Rounds is k, the rounds per level of anneal; the number of levels n
	// is ⌈(Evals−1)/Rounds⌉ (the first colouring is random).
	Rounds int `json:"rounds,omitempty"`
	// Pop is the generation size (ea, ga).
	Pop int `json:"pop,omitempty"`
	// Parents is how many of the best colourings of a generation breed.
	Parents int `json:"parents,omitempty"`
	// Elite is how many of the best colourings are carried into the next
	// generation unchanged (and not scored again).
	Elite int `json:"elite,omitempty"`
	// Mutation is the probability that a child's light changes (ea, ga).
	Mutation float64 `json:"mutation,omitempty"`
	// Temp is the initial relative temperature of sa.
	Temp float64 `json:"temp,omitempty"`
}

// DefaultParams returns the defaults for algo: Rate 0.1 for keep, 10
// rounds per level for anneal, and for ea and ga the values package
// dispatch uses on grid mazes: Pop 100, Parents 10, Elite 1, Mutation 0.06;
// Temp 0.05 for sa, as dispatch.
func DefaultParams(algo string) (Params, error) {
	p := Params{Algo: algo, Evals: 100000, Seed: 1}
	switch algo {
	case AlgoKeep:
		p.Rate = 0.1
	case AlgoAnneal:
		p.Rounds = 10
	case AlgoRandom, AlgoHill:
	case AlgoSA:
		p.Temp = 0.05
	case AlgoEA, AlgoGA:
		p.Pop, p.Parents, p.Elite, p.Mutation = 100, 10, 1, 0.06
	default:
		return p, fmt.Errorf("%w %q, want one of %v", ErrUnknownAlgo, algo, Algos)
	}
	return p, nil
}

// Validate checks the parameters of p's method.
func (p Params) Validate() error {
	if !slices.Contains(Algos, p.Algo) {
		return fmt.Errorf("%w %q, want one of %v", ErrUnknownAlgo, p.Algo, Algos)
	}
	if p.Evals < 1 {
		return fmt.Errorf("evals %d: want at least 1", p.Evals)
	}
	switch p.Algo {
	case AlgoKeep:
		if !(p.Rate > 0 && p.Rate <= 1) {
			return fmt.Errorf("rate %v: want 0 < rate ≤ 1", p.Rate)
		}
	case AlgoAnneal:
		if p.Rounds < 1 {
			return fmt.Errorf("rounds %d: want at least 1", p.Rounds)
		}
	case AlgoSA:
		if !(p.Temp >= 0) {
			return fmt.Errorf("temp %v: want 0 or more", p.Temp)
		}
	case AlgoEA, AlgoGA:
		if p.Pop < 1 || p.Parents < 1 || p.Parents > p.Pop || p.Elite < 0 || p.Elite > p.Pop {
			return fmt.Errorf("pop %d, parents %d, elite %d: want 1 ≤ parents ≤ pop and 0 ≤ elite ≤ pop", p.Pop, p.Parents, p.Elite)
		}
		if !(p.Mutation >= 0 && p.Mutation <= 1) {
			return fmt.Errorf("mutation %v: want 0..1", p.Mutation)
		}
	}
	return nil
}

// Result is the outcome of a search.
type Result struct {
	// Colours is the best colouring found and Score its score.
	Colours Colouring `json:"colours"`
	Score   float64   `json:"score"`
	// Evals is the number of colourings scored.
	Evals int64 `json:"evals"`
	// Improvements counts the times the best score went up.
	Improvements int `json:"improvements"`
}

// searcher holds the running state of one search.
type searcher struct {
	p        Params
	n        int
	sc       Scorer
	r        *rand.Rand
	res      Result
	progress func(Result)
}

// score scores c, counts the evaluation and updates the best.
func (s *searcher) score(c []uint8) float64 {
	v := s.sc.Score(c)
	s.res.Evals++
	if s.res.Colours == nil || v > s.res.Score {
		if s.res.Colours != nil {
			s.res.Improvements++
		}
		s.res.Colours = append(s.res.Colours[:0], c...)
		s.res.Score = v
		if s.progress != nil {
			s.progress(s.res)
		}
	}
	return v
}

// left reports whether the budget allows another evaluation.
func (s *searcher) left() bool { return s.res.Evals < s.p.Evals }

func (s *searcher) random(dst []uint8) {
	for i := range dst {
		dst[i] = uint8(s.r.IntN(3))
	}
}

// mutate changes each light of c with probability p to one of the two
// other colours; if none changed, one random light changes.
func (s *searcher) mutate(c []uint8, p float64) {
	changed := false
	for i := range c {
		if s.r.Float64() < p {
			c[i] = (c[i] + 1 + uint8(s.r.IntN(2))) % 3
			changed = true
		}
	}
	if !changed {
		i := s.r.IntN(len(c))
		c[i] = (c[i] + 1 + uint8(s.r.IntN(2))) % 3
	}
}

// Evolve searches colourings of a canvas with streets streets for the
// highest score under sc. progress, if not nil, is called with the result
// so far each time the best score goes up (and for the first colouring);
// it must not keep the Colours slice.
func Evolve(p Params, streets int, sc Scorer, progress func(Result)) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if streets < 1 {
		return Result{}, fmt.Errorf("%w: no streets", ErrCanvas)
	}
	s := &searcher{p: p, n: streets, sc: sc, r: rand.New(rand.NewPCG(p.Seed, 0x7669656e6e657365)), progress: progress}
	switch p.Algo {
	case AlgoKeep, AlgoAnneal:
		s.keep()
	case AlgoRandom:
		c := make([]uint8, streets)
		for s.left() {
			s.random(c)
			s.score(c)
		}
	case AlgoHill:
		s.hill()
	case AlgoSA:
		s.anneal()
	default:
		s.genetic(p.Algo == AlgoGA)
	}
	s.res.Colours = slices.Clone(s.res.Colours)
	return s.res, nil
}

// keep runs the mutate-and-keep loop, with the annealing schedule for
// AlgoAnneal.
func (s *searcher) keep() {
	cur := make([]uint8, s.n)
	s.random(cur)
	curScore := s.score(cur)
	child := make([]uint8, s.n)
	levels, rounds := int64(1), s.p.Evals-1
	if s.p.Algo == AlgoAnneal {
		rounds = int64(s.p.Rounds)
		levels = max((s.p.Evals-1+rounds-1)/rounds, 1)
	}
	for i := int64(0); i < levels && s.left(); i++ {
		rate := s.p.Rate
		if s.p.Algo == AlgoAnneal {
			rate = float64(levels-i) / float64(levels)
		}
		for k := int64(0); k < rounds && s.left(); k++ {
			copy(child, cur)
			s.mutate(child, rate)
			if v := s.score(child); v >= curScore {
				cur, child, curScore = child, cur, v
			}
		}
	}
}

// individual is one colouring of a generation with its score.
type individual struct {
	c     []uint8
	score float64
}

// genetic runs the evolutionary (crossover false) or genetic algorithm.
func (s *searcher) genetic(crossover bool) {
	p := s.p
	pop := make([]individual, p.Pop)
	for i := range pop {
		pop[i].c = make([]uint8, s.n)
		s.random(pop[i].c)
		if !s.left() {
			pop = pop[:i]
			break
		}
		pop[i].score = s.score(pop[i].c)
	}
	for s.left() {
		slices.SortStableFunc(pop, func(a, b individual) int {
			switch {
			case a.score > b.score:
				return -1
			case a.score < b.score:
				return 1
			}
			return 0
		})
		parents := pop[:min(p.Parents, len(pop))]
		next := make([]individual, 0, p.Elite+p.Pop)
		for _, e := range pop[:min(p.Elite, len(pop))] {
			next = append(next, individual{slices.Clone(e.c), e.score})
		}
		for k := 0; k < p.Pop && s.left(); k++ {
			a := parents[s.r.IntN(len(parents))].c
			c := slices.Clone(a)
			if crossover {
				b := parents[s.r.IntN(len(parents))].c
				for i := range c {
					if s.r.IntN(2) == 1 {
						c[i] = b[i]
					}
				}
			}
			for i := range c {
				if s.r.Float64() < p.Mutation {
					c[i] = (c[i] + 1 + uint8(s.r.IntN(2))) % 3
				}
			}
			if slices.Equal(c, a) {
				i := s.r.IntN(len(c))
				c[i] = (c[i] + 1 + uint8(s.r.IntN(2))) % 3
			}
			next = append(next, individual{c, s.score(c)})
		}
		pop = next
	}
}

// hill runs steepest-ascent hill climbing with random restarts.
func (s *searcher) hill() {
	cur := make([]uint8, s.n)
	best := make([]uint8, s.n)
	nb := make([]uint8, s.n)
	for s.left() {
		s.random(cur)
		curScore := s.score(cur)
		for s.left() {
			bestScore, found := curScore, false
			for i := 0; i < s.n && s.left(); i++ {
				for _, d := range [2]uint8{1, 2} {
					if !s.left() {
						break
					}
					copy(nb, cur)
					nb[i] = (nb[i] + d) % 3
					if v := s.score(nb); v > bestScore {
						bestScore, found = v, true
						copy(best, nb)
					}
				}
			}
			if !found {
				break // a local optimum: restart
			}
			copy(cur, best)
			curScore = bestScore
		}
	}
}

// anneal runs simulated annealing on one chain.
func (s *searcher) anneal() {
	cur := make([]uint8, s.n)
	s.random(cur)
	curScore := s.score(cur)
	nb := make([]uint8, s.n)
	for s.left() {
		temp := s.p.Temp * (1 - float64(s.res.Evals)/float64(s.p.Evals))
		copy(nb, cur)
		i := s.r.IntN(s.n)
		nb[i] = (nb[i] + 1 + uint8(s.r.IntN(2))) % 3
		v := s.score(nb)
		d := v - curScore
		if d >= 0 || (temp > 0 && curScore > 0 && s.r.Float64() < math.Exp(d/(temp*curScore))) {
			cur, nb, curScore = nb, cur, v
		}
	}
}
