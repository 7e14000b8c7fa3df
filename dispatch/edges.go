package dispatch

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mousemaze/mousemaze"
)

// EdgeParams define a search over Mouse Maze 2 boards (walls on edges):
// a (μ+λ) evolutionary search with restarts. With the same EdgeParams a
// search gives the same result whatever the number of workers.
type EdgeParams struct {
	// Rows and Cols are the board size.
	Rows, Cols int
	// Config holds the rules: order, ends, modulus K and cap.
	Config mousemaze.Config
	// Objective is ObjTurns (the default, when empty) or ObjMaxCell.
	Objective string
	// Evals is the budget in feasible boards walked.
	Evals int64
	// Seed seeds every random choice.
	Seed uint64
	// Pop is μ, the boards kept from one generation to the next; Children
	// is λ, the boards bred per generation.
	Pop, Children int
	// Density is the wall probability of the random boards the search
	// starts (and restarts) from.
	Density float64
	// Stagnation is the number of generations without a new best after
	// which the population restarts from random boards (the best is kept).
	Stagnation int
	// Workers is the number of goroutines walking boards; 0 means one per CPU.
	Workers int
}

// DefaultEdgeParams returns the documented defaults: μ = 20, λ = 100,
// density 0.2, restart after 300 stagnant generations.
func DefaultEdgeParams() EdgeParams {
	return EdgeParams{Pop: 20, Children: 100, Density: 0.2, Stagnation: 300, Evals: 100000, Seed: 1}
}

// EdgeBest is the outcome of EvolveEdges.
type EdgeBest struct {
	Maze   mousemaze.EdgeMaze
	Result mousemaze.Result
	// Score is what the objective measured: turns, or the largest cell count.
	Score int64
	// Evals is the number of feasible boards walked.
	Evals int64
}

type edgeInd struct {
	m     mousemaze.EdgeMaze
	score int64
	res   mousemaze.Result
}

// edgeScore is the objective's value of a walk (at least 1).
func edgeScore(objective string, k int, res mousemaze.Result) int64 {
	if objective == ObjMaxCell {
		var hi uint32
		for _, h := range res.Heat {
			hi = max(hi, h)
		}
		return max(int64(hi), 1)
	}
	if k > 0 && !res.Escaped {
		return 1
	}
	return max(res.Turns, 1)
}

// EvolveEdges searches for the Mouse Maze 2 board that maximises p's
// objective. Each generation breeds λ children from random parents of the
// population (uniform crossover with a second parent half of the time,
// then 1 + a geometric number of edge flips), drops infeasible children
// unwalked, and keeps the μ best distinct boards of parents and children.
// progress, when not nil, is called after each generation. It stops at
// the budget or when ctx is done, returning the best board found.
func EvolveEdges(ctx context.Context, p EdgeParams, progress func(evals, best int64)) (EdgeBest, error) {
	if err := (mousemaze.Size{Rows: p.Rows, Cols: p.Cols}).Validate(); err != nil {
		return EdgeBest{}, fmt.Errorf("%w: %v", ErrParams, err)
	}
	if err := p.Config.Validate(p.Cols); err != nil {
		return EdgeBest{}, fmt.Errorf("%w: %v", ErrParams, err)
	}
	switch {
	case p.Objective != "" && p.Objective != ObjTurns && p.Objective != ObjMaxCell:
		return EdgeBest{}, fmt.Errorf("%w: objective %q on edge mazes (have turns, max-cell)", ErrParams, p.Objective)
	case p.Objective == ObjMaxCell && p.Config.K != 0:
		return EdgeBest{}, fmt.Errorf("%w: objective max-cell needs exact counting", ErrParams)
	case p.Pop <= 0 || p.Children <= 0 || p.Evals <= 0 || p.Stagnation <= 0:
		return EdgeBest{}, fmt.Errorf("%w: pop, children, evals and stagnation must be above 0", ErrParams)
	case p.Density < 0 || p.Density >= 1:
		return EdgeBest{}, fmt.Errorf("%w: density %v outside [0, 1)", ErrParams, p.Density)
	}
	cfg := p.Config
	cfg.Heat = p.Objective == ObjMaxCell
	rng := rand.New(rand.NewPCG(p.Seed, 0x3d6e))
	var best EdgeBest
	evaluate := func(ms []mousemaze.EdgeMaze) ([]edgeInd, error) {
		if left := p.Evals - best.Evals; int64(len(ms)) > left {
			ms = ms[:left]
		}
		dst := make([]mousemaze.Result, len(ms))
		if err := mousemaze.EvaluateEdges(ms, cfg, dst, p.Workers); err != nil {
			return nil, err
		}
		inds := make([]edgeInd, len(ms))
		for i, m := range ms {
			inds[i] = edgeInd{m: m, res: dst[i], score: edgeScore(p.Objective, cfg.K, dst[i])}
			best.Evals++
			if inds[i].score > best.Score {
				best.Maze, best.Result, best.Score = m.Clone(), dst[i], inds[i].score
			}
		}
		return inds, nil
	}
	randomBoards := func(n int) []mousemaze.EdgeMaze {
		var out []mousemaze.EdgeMaze
		for len(out) < n {
			m := mousemaze.RandomEdges(rng, p.Rows, p.Cols, p.Density)
			if mousemaze.EdgesFeasible(m, p.Config) {
				out = append(out, m)
			}
		}
		return out
	}
	pop, err := evaluate(randomBoards(p.Pop))
	if err != nil {
		return best, err
	}
	stale, lastBest := 0, best.Score
	edges := mousemaze.NewEdgeMaze(p.Rows, p.Cols).Edges()
	for best.Evals < p.Evals && ctx.Err() == nil {
		var kids []mousemaze.EdgeMaze
		for tries := 0; len(kids) < p.Children && tries < 50*p.Children; tries++ {
			c := breedEdge(rng, pop, edges)
			if mousemaze.EdgesFeasible(c, p.Config) {
				kids = append(kids, c)
			}
		}
		inds, err := evaluate(kids)
		if err != nil {
			return best, err
		}
		all := append(pop, inds...)
		pop = survivors(all, p.Pop)
		if best.Score > lastBest {
			lastBest, stale = best.Score, 0
		} else if stale++; stale >= p.Stagnation {
			fresh, err := evaluate(randomBoards(p.Pop - 1))
			if err != nil {
				return best, err
			}
			pop = append([]edgeInd{pop[0]}, fresh...)
			stale = 0
		}
		if progress != nil {
			progress(best.Evals, best.Score)
		}
	}
	return best, nil
}

// breedEdge breeds one child board from random parents of pop: a copy of
// one parent, crossed uniformly with a second parent half of the time,
// then 1 + a geometric number of flips among the board's edges edges.
func breedEdge(rng *rand.Rand, pop []edgeInd, edges int) mousemaze.EdgeMaze {
	c := pop[rng.IntN(len(pop))].m.Clone()
	if rng.IntN(2) == 0 && len(pop) > 1 {
		b := pop[rng.IntN(len(pop))].m
		for r := range c.Rows {
			mr, md := rng.Uint64(), rng.Uint64()
			c.Right[r] = c.Right[r]&mr | b.Right[r]&^mr
			c.Down[r] = c.Down[r]&md | b.Down[r]&^md
		}
	}
	if edges > 0 {
		for {
			c.FlipEdge(rng.IntN(edges))
			if rng.IntN(2) == 0 {
				break
			}
		}
	}
	return c
}

// survivors sorts all by score, best first (stable, so earlier boards win
// ties), and returns the first n distinct boards.
func survivors(all []edgeInd, n int) []edgeInd {
	slices.SortStableFunc(all, func(x, y edgeInd) int {
		switch {
		case x.score > y.score:
			return -1
		case x.score < y.score:
			return 1
		}
		return 0
	})
	var pop []edgeInd
	for _, ind := range all {
		if len(pop) == n {
			break
		}
		dup := false
		for _, q := range pop {
			if q.score == ind.score && q.m.Equal(ind.m) {
				dup = true
				break
			}
		}
		if !dup {
			pop = append(pop, ind)
		}
	}
	return pop
}
