package classic

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// A Stepper is a walker taken one move at a time, for the games: like a
// player in the dark it knows only the doors of the cell it stands in
// (nav.Next[p]) and what it remembers of its own walk. Step returns the
// cell it moves to from cell p, or −1 when no move is possible.
type Stepper interface {
	Name() string
	Step(p int) int
}

// The walkers a game's computer player can use, as --opponent-walker and
// --player take them.
const (
	WalkerRandom  = AlgoRandom
	WalkerLRU     = AlgoLRU
	WalkerTremaux = AlgoTremaux
)

// Walkers lists the walkers NewStepper builds.
var Walkers = []string{WalkerRandom, WalkerLRU, WalkerTremaux}

// ParseWalker checks a walker's name.
func ParseWalker(name string) error {
	for _, w := range Walkers {
		if w == name {
			return nil
		}
	}
	return fmt.Errorf("unknown walker %q (want one of %s)", name, strings.Join(Walkers, ", "))
}

// NewStepper returns the named walker on nav. random and lru (with random
// ties) draw from rng; tremaux takes its doors in N, E, S, W order. Each
// makes the same moves as its batch solver (RandomWalk, LRUWalk without
// FixedTies, Tremaux) given the same generator.
func NewStepper(name string, nav *Nav, rng *rand.Rand) (Stepper, error) {
	switch name {
	case WalkerRandom:
		return &randomStepper{nav: nav, rng: rng}, nil
	case WalkerLRU:
		return newLRUStepper(nav, rng, [4]Dir{North, East, South, West}, false), nil
	case WalkerTremaux:
		return newTremauxStepper(nav), nil
	}
	return nil, ParseWalker(name)
}

type randomStepper struct {
	nav *Nav
	rng *rand.Rand
}

func (s *randomStepper) Name() string { return WalkerRandom }

func (s *randomStepper) Step(p int) int {
	var moves [4]int
	k := 0
	for _, j := range s.nav.Next[p] {
		if j >= 0 {
			moves[k] = j
			k++
		}
	}
	if k == 0 {
		return -1
	}
	return moves[s.rng.IntN(k)]
}

// lruStepper is LRUWalk's choice: the least recently passed door, both
// sides of a door marked with the move's number; ties go to the first in
// order when fixed, else to a random one.
type lruStepper struct {
	nav   *Nav
	rng   *rand.Rand
	order [4]Dir
	fixed bool
	marks [][4]int64
	i     int64
}

func newLRUStepper(nav *Nav, rng *rand.Rand, order [4]Dir, fixed bool) *lruStepper {
	return &lruStepper{nav: nav, rng: rng, order: order, fixed: fixed, marks: make([][4]int64, nav.Cells())}
}

func (s *lruStepper) Name() string { return WalkerLRU }

func (s *lruStepper) Step(p int) int {
	best, k := int64(-1), 0
	var ties [4]Dir
	for _, d := range s.order {
		if s.nav.Next[p][d] < 0 {
			continue
		}
		switch m := s.marks[p][d]; {
		case best < 0 || m < best:
			best, k = m, 0
			ties[k] = d
			k++
		case m == best:
			ties[k] = d
			k++
		}
	}
	if k == 0 {
		return -1
	}
	d := ties[0]
	if !s.fixed && k > 1 {
		d = ties[s.rng.IntN(k)]
	}
	q := s.nav.Next[p][d]
	s.i++
	s.marks[p][d] = s.i
	s.marks[q][d.Back()] = s.i
	return q
}

// tremauxStepper is Tremaux's walk one move at a time. A step into a cell
// already visited leaves a pending move back. When the exploration is over
// (back at the start with every door used) it forgets its marks and
// explores again.
type tremauxStepper struct {
	nav     *Nav
	marks   [][4]uint8
	visited []bool
	back    int // the cell to return to after entering a visited cell, or −1
	started bool
}

func newTremauxStepper(nav *Nav) *tremauxStepper {
	return &tremauxStepper{nav: nav, marks: make([][4]uint8, nav.Cells()), visited: make([]bool, nav.Cells()), back: -1}
}

func (s *tremauxStepper) Name() string { return WalkerTremaux }

func (s *tremauxStepper) Step(p int) int {
	nav := s.nav
	if !s.started {
		s.started = true
		s.visited[p] = true
	}
	if s.back >= 0 {
		q := s.back
		s.back = -1
		return q
	}
	for restart := 0; restart < 2; restart++ {
		for _, d := range [4]Dir{North, East, South, West} {
			q := nav.Next[p][d]
			if q < 0 || s.marks[p][d] != unmarked {
				continue
			}
			s.marks[p][d] = markE
			if s.visited[q] {
				s.marks[q][d.Back()] = markX
				if nav.Next[q][d.Back()] == p {
					s.back = p
				}
				return q
			}
			s.marks[q][d.Back()] = markR
			s.visited[q] = true
			return q
		}
		for d := range 4 {
			if s.marks[p][d] == markR {
				return nav.Next[p][d]
			}
		}
		// Every door used and no way back: the exploration is over.
		clear(s.marks)
		clear(s.visited)
		s.visited[p] = true
	}
	return -1
}
