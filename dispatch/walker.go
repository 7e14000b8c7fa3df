package dispatch

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/mousemaze/mousemaze"
)

// EdgeScorer scores one edge board for EvolveEdgesScored: a score above 0
// keeps the board in the search, 0 or less drops it as infeasible. It is
// called from several goroutines at once and must not keep the board.
type EdgeScorer func(m mousemaze.EdgeMaze) int64

// EvolveEdgesScored is the (μ+λ) search of EvolveEdges with the objective
// given by score instead of the mouse's walk: it maximises score over the
// Rows×Cols edge boards with the same breeding (uniform crossover half of
// the time, then 1 + a geometric number of edge flips), selection of the μ
// best distinct boards, and restart after Stagnation generations without a
// new best. p.Config and p.Objective are not used; boards scored 0 are
// dropped and do not count against the budget. The result's Result field
// is empty. With the same p and scorer the search gives the same best
// board whatever the number of workers.
func EvolveEdgesScored(ctx context.Context, p EdgeParams, score EdgeScorer, progress func(evals, best int64)) (EdgeBest, error) {
	if err := (mousemaze.Size{Rows: p.Rows, Cols: p.Cols}).Validate(); err != nil {
		return EdgeBest{}, fmt.Errorf("%w: %v", ErrParams, err)
	}
	switch {
	case score == nil:
		return EdgeBest{}, fmt.Errorf("%w: no scorer", ErrParams)
	case p.Pop <= 0 || p.Children <= 0 || p.Evals <= 0 || p.Stagnation <= 0:
		return EdgeBest{}, fmt.Errorf("%w: pop, children, evals and stagnation must be above 0", ErrParams)
	case p.Density < 0 || p.Density >= 1:
		return EdgeBest{}, fmt.Errorf("%w: density %v outside [0, 1)", ErrParams, p.Density)
	}
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rng := rand.New(rand.NewPCG(p.Seed, 0x3d6e))
	var best EdgeBest
	scoreAll := func(ms []mousemaze.EdgeMaze) []int64 {
		out := make([]int64, len(ms))
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(workers, len(ms)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1) - 1)
					if i >= len(ms) {
						return
					}
					out[i] = score(ms[i])
				}
			}()
		}
		wg.Wait()
		return out
	}
	// evaluate scores boards in order, keeps the feasible ones within the
	// budget and updates the best.
	evaluate := func(ms []mousemaze.EdgeMaze) []edgeInd {
		scores := scoreAll(ms)
		var inds []edgeInd
		for i, m := range ms {
			if scores[i] <= 0 || best.Evals >= p.Evals {
				continue
			}
			best.Evals++
			inds = append(inds, edgeInd{m: m, score: scores[i]})
			if scores[i] > best.Score {
				best.Maze, best.Score = m.Clone(), scores[i]
			}
		}
		return inds
	}
	randomBoards := func(n int) []edgeInd {
		var out []edgeInd
		for tries := 0; len(out) < n && tries < 1000*n && best.Evals < p.Evals; tries++ {
			out = append(out, evaluate([]mousemaze.EdgeMaze{mousemaze.RandomEdges(rng, p.Rows, p.Cols, p.Density)})...)
		}
		return out
	}
	pop := randomBoards(p.Pop)
	if len(pop) == 0 {
		return best, fmt.Errorf("%w: no feasible board among %d random ones", ErrParams, 1000*p.Pop)
	}
	stale, lastBest := 0, best.Score
	edges := mousemaze.NewEdgeMaze(p.Rows, p.Cols).Edges()
	for best.Evals < p.Evals && ctx.Err() == nil {
		kids := make([]mousemaze.EdgeMaze, 0, p.Children)
		for range p.Children {
			c := breedEdge(rng, pop, edges)
			kids = append(kids, c)
		}
		all := append(pop, evaluate(kids)...)
		pop = survivors(all, p.Pop)
		if best.Score > lastBest {
			lastBest, stale = best.Score, 0
		} else if stale++; stale >= p.Stagnation {
			pop = append([]edgeInd{pop[0]}, randomBoards(p.Pop-1)...)
			stale = 0
		}
		if progress != nil {
			progress(best.Evals, best.Score)
		}
	}
	return best, nil
}
