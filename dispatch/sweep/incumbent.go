package sweep

import (
	"fmt"
	"math/rand/v2"

	"github.com/mousemaze/mousemaze"
)

// Incumbent returns a maze of size sz and its turns under cfg, found by a
// short hill climb with the reference walk (evals walks, from seed): a
// starting incumbent for a best-only sweep. Each round flips one or two
// cells (never the entry or exit cell) and keeps the result when it is
// feasible and at least as long; the climb restarts from a random maze
// ten times. The turns are those of a real maze, so a best-only sweep
// started from them reaches them.
func Incumbent(sz mousemaze.Size, cfg mousemaze.Config, evals int, seed uint64) (mousemaze.Maze, int64) {
	rng := rand.New(rand.NewPCG(seed, 3))
	best := mousemaze.NewMaze(sz.Rows, sz.Cols)
	var bestT int64
	if res, err := mousemaze.Walk(best, cfg); err == nil && res.Feasible {
		bestT = res.Turns
	}
	restarts := 10
	per := max(evals/restarts, 1)
	for range restarts {
		cur := mousemaze.Random(rng, sz.Rows, sz.Cols, 0.3)
		cur.SetWall(0, cfg.Entry, false)
		cur.SetWall(sz.Rows-1, cfg.Exit, false)
		var curT int64
		if res, err := mousemaze.Walk(cur, cfg); err == nil && res.Feasible {
			curT = res.Turns
		}
		next := cur.Clone()
		for range per {
			copy(next.Walls, cur.Walls)
			for range 1 + rng.IntN(2) {
				r, c := rng.IntN(sz.Rows), rng.IntN(sz.Cols)
				if r == 0 && c == cfg.Entry || r == sz.Rows-1 && c == cfg.Exit {
					continue
				}
				next.Flip(r, c)
			}
			res, err := mousemaze.Walk(next, cfg)
			if err != nil || !res.Feasible || res.Turns < curT {
				continue
			}
			copy(cur.Walls, next.Walls)
			curT = res.Turns
		}
		if curT > bestT {
			bestT = curT
			best = cur.Clone()
		}
	}
	return best, bestT
}

// StartIncumbent returns the incumbent of a best-only sweep o and where it
// came from: the longest walk, under the sweep's rules (every pair of end
// columns with FreeEnds), of the mazes of the swept size in file, or, with
// no file, of a quick hill climb (Incumbent) per pair.
func StartIncumbent(o Options, file string) (int64, string, error) {
	cfgs := o.pairs()
	var best int64
	if file != "" {
		ms, err := mousemaze.ParseFile(file)
		if err != nil {
			return 0, "", err
		}
		for _, m := range ms {
			if m.Size() != o.Size {
				continue
			}
			for _, cfg := range cfgs {
				if res, err := mousemaze.Walk(m, cfg); err == nil && res.Feasible && res.Escaped {
					best = max(best, res.Turns)
				}
			}
		}
		if best == 0 {
			return 0, "", fmt.Errorf("--init %s: no feasible %s maze", file, o.Size)
		}
		return best, file, nil
	}
	for i, cfg := range cfgs {
		_, t := Incumbent(o.Size, cfg, 50000/len(cfgs)+1000, uint64(i+1))
		best = max(best, t)
	}
	if best == 0 {
		return 0, "", fmt.Errorf("no feasible %s maze found for an incumbent", o.Size)
	}
	return best, "quick search", nil
}
