package sweep

import (
	"math"

	"github.com/mousemaze/mousemaze"
)

// tally is what an engine (the reference engine or a fast one) has counted
// in the tasks it ran since its last result: the histogram of turns, the
// leaves, steps, infeasible and pruned mazes, and the first leaf with the
// most turns.
type tally struct {
	leaves     uint64
	hist       []Count  // turns → weighted mazes
	histLeaves []uint64 // turns → leaves (maze classes)
	minT, maxT int32    // the range of turns touched in hist
	infeasible Count
	pruned     Count   // mazes in subtrees cut by the bound (best-only)
	steps      uint64  // the mouse's moves, the moves onto opened cells included
	best       int32   // the most turns of any leaf, −1 if none
	bestIndex  int     // the task that holds best's first leaf
	curIndex   int     // the task being run
	bestState  []uint8 // the reference engine's cell states (cellOpen, …) at the first leaf with best turns
}

// newTally returns an empty tally for grids of padCells padded cells.
func newTally(padCells int) tally {
	y := tally{hist: make([]Count, 1024), histLeaves: make([]uint64, 1024), bestState: make([]uint8, padCells)}
	y.minT, y.maxT = 0, -1
	y.clearTally()
	return y
}

// clearTally zeroes the tally.
func (y *tally) clearTally() {
	for t := y.minT; t <= y.maxT; t++ {
		y.hist[t], y.histLeaves[t] = Count{}, 0
	}
	y.leaves, y.infeasible, y.pruned, y.best, y.steps = 0, Count{}, Count{}, -1, 0
	y.minT, y.maxT = math.MaxInt32, -1
	y.bestIndex = 0
}

// addLeaf counts a leaf of t turns that stands for 2^unknown mazes and
// reports whether it is the first leaf with the most turns so far, whose
// cell states the caller then puts in bestState.
func (y *tally) addLeaf(t int32, unknown int) bool {
	if int(t) >= len(y.hist) {
		y.growHist(int(t))
	}
	y.hist[t].addPow2(unknown)
	y.histLeaves[t]++
	y.leaves++
	y.minT, y.maxT = min(y.minT, t), max(y.maxT, t)
	if t > y.best {
		y.best = t
		y.bestIndex = y.curIndex
		return true
	}
	return false
}

// growHist makes room in the histogram for t turns.
func (y *tally) growHist(t int) {
	n := max(2*len(y.hist), t+1)
	y.hist = append(y.hist, make([]Count, n-len(y.hist))...)
	y.histLeaves = append(y.histLeaves, make([]uint64, n-len(y.histLeaves))...)
}

// result hands the tally over as the result of a batch of pair's tasks
// and clears it. The best leaf's maze and class come from maze, called
// only when the best is at least skipBelow (a maze below the best any
// finished task reached cannot be the pair's optimum).
func (y *tally) result(pair int, skipBelow int64, maze func([]uint8) (mousemaze.Maze, string)) taskResult {
	r := taskResult{index: y.bestIndex, pair: pair, leaves: y.leaves, steps: y.steps, infeasible: y.infeasible, pruned: y.pruned, best: int64(y.best)}
	n := 0
	for t := y.minT; t <= y.maxT; t++ {
		if y.histLeaves[t] != 0 {
			n++
		}
	}
	if n > 0 {
		r.hist = make([]Bucket, 0, n)
	}
	for t := y.minT; t <= y.maxT; t++ {
		if y.histLeaves[t] != 0 {
			r.hist = append(r.hist, Bucket{Turns: int64(t), Classes: y.histLeaves[t], Mazes: y.hist[t]})
		}
	}
	if y.best > 0 && int64(y.best) >= skipBelow {
		m, class := maze(y.bestState)
		r.maze, r.class = m.String(), class
	} else if y.best <= 0 {
		r.best = 0
	}
	y.clearTally()
	return r
}
