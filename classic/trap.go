package classic

import (
	"fmt"

	"github.com/mousemaze/mousemaze"
)

// TrapWalkers are the deterministic walkers whose traps `evolve --walker`
// searches for: the hand walks from the start facing East, the improved
// hand-switching walks, the LRU door walk with ties in N, E, S, W order,
// and Trémaux's walk stopping at the goal.
var TrapWalkers = []string{AlgoLeft, AlgoRight, AlgoSwitchLeft, AlgoSwitchRight, AlgoLRU, AlgoTremaux}

// TrapCap is the step cap of a walk scored by WalkerScore.
const TrapCap = 50_000_000

// WalkerScore returns the objective of a walker-trap search on edge boards
// from cell start to cell goal (no wrap-around, no one-way doors): the
// moves the walker makes to reach the goal. A board whose goal cannot be
// reached scores 0 (dropped); one on which the walker loops or gets stuck
// scores 1, below every escape; one that hits TrapCap scores the cap.
func WalkerScore(walker string, start, goal int) (func(m mousemaze.EdgeMaze) int64, error) {
	ok := false
	for _, w := range TrapWalkers {
		ok = ok || w == walker
	}
	if !ok {
		return nil, fmt.Errorf("walker %q: want one of %v", walker, TrapWalkers)
	}
	return func(m mousemaze.EdgeMaze) int64 {
		res, _ := WalkBoard(walker, m, start, goal)
		switch res.Outcome {
		case Reached, Capped:
			return max(res.Steps, 1)
		case Unreachable:
			return 0
		}
		return 1
	}, nil
}

// WalkBoard runs a trap walker on edge board m from start to goal with the
// fixed options of the trap search. A goal that cannot be reached is
// reported Unreachable without walking.
func WalkBoard(walker string, m mousemaze.EdgeMaze, start, goal int) (Result, error) {
	b := NewBoard(m)
	b.Start, b.Goal = start, goal
	nav := b.Nav()
	if bfsFrom(nav, start)[goal] < 0 {
		return Result{Algo: walker, Outcome: Unreachable}, nil
	}
	return Solve(walker, nav, Options{Cap: TrapCap, Heading: East, FixedTies: true})
}
