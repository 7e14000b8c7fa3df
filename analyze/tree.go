package analyze

import (
	"fmt"
	"math"

	"github.com/mousemaze/mousemaze"
)

// TreeWalk returns the result of the walk on m under cfg, computed by the
// excursion recursion when the reachable cells form a tree and by
// mousemaze.Walk otherwise (and always under cfg.K > 0). It always equals
// mousemaze.Walk. TreeEval, the closed form, is faster and is what the
// "tree" backend uses; TreeWalk is kept as a second, simpler check.
//
// On a tree, removing the edge from a cell p to its neighbour c splits the
// maze in two; once the mouse steps from p to c he stays on c's side until
// he steps back to p (or escapes, when the exit lies on c's side), and p's
// visit count cannot change meanwhile. So the walk is a nest of excursions,
// each resolved by a call that compares the fixed count of p with the
// counts of c's other neighbours, entering each chosen subtree by a
// recursive call. An excursion into a leaf is resolved in closed form: the
// leaf gains one visit and the mouse is back. A capped walk (cfg.Cap > 0)
// whose uncapped turns exceed the cap is handed to mousemaze.Walk, which
// stops at the cap.
func TreeWalk(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, error) {
	return exactOr(m, cfg, func() (mousemaze.Result, bool) {
		g := newGraph(m, cfg)
		if !g.feasible || !g.loopless() {
			return mousemaze.Result{}, false
		}
		res, ok := newTreeWalker(g).walk(cfg.Heat)
		return res, ok && (cfg.Cap <= 0 || res.Turns <= cfg.Cap)
	})
}

// treeWalker holds the state of one excursion recursion.
type treeWalker struct {
	g     *graph
	cnt   []uint32
	leaf  []bool
	steps int64
}

// stepLimit bounds the recursion's work; past it TreeWalk falls back to
// the reference walk, so no visit count can overflow a uint32.
const stepLimit = math.MaxUint32

func newTreeWalker(g *graph) *treeWalker {
	t := &treeWalker{g: g, cnt: make([]uint32, len(g.deg)), leaf: make([]bool, len(g.deg))}
	for _, i := range g.cells {
		// The entrance is no neighbour, so an entry cell of degree 1 is a
		// leaf too; the exit cell never is (the exit is its neighbour).
		t.leaf[i] = g.deg[i] == 1 && i != g.exit
	}
	return t
}

// walk runs the recursion from the entry cell. It reports false when the
// step limit was reached.
func (t *treeWalker) walk(heat bool) (mousemaze.Result, bool) {
	t.cnt[t.g.entry] = 1
	if !t.stay(t.g.entry, noNode) || t.steps > stepLimit {
		return mousemaze.Result{}, false
	}
	var sum int64
	for _, i := range t.g.cells {
		sum += int64(t.cnt[i])
	}
	res := mousemaze.Result{Turns: sum + 1, Escaped: true, Feasible: true}
	if heat {
		res.Heat = t.cnt
	}
	return res, true
}

// stay resolves the mouse's stay on c's side of the edge from p (noNode
// for the entry cell, which has no such edge): the mouse has just arrived
// on c and its visit has been counted. It returns true when he escapes and
// false when he steps back to p. While he is on c's side, cnt[p] is fixed.
func (t *treeWalker) stay(c, p int32) bool {
	nb := t.g.nb[4*c : 4*c+4 : 4*c+4]
	for {
		if t.steps++; t.steps > stepLimit {
			return true // abandoned; walk reports the limit
		}
		// The neighbour with the fewest visits, the first in preference
		// order on a tie; the exit counts 0.
		best, bv := int32(noNode), uint32(math.MaxUint32)
		for _, j := range nb {
			if j == noNode {
				break
			}
			if j == exitNode {
				if bv > 0 {
					best, bv = j, 0
				}
				break // nothing beats 0 after it
			}
			if v := t.cnt[j]; v < bv {
				best, bv = j, v
			}
		}
		switch {
		case best == exitNode:
			return true
		case best == p:
			return false
		}
		t.cnt[best]++
		if !t.leaf[best] {
			if t.stay(best, c) {
				return true
			}
		}
		t.cnt[c]++
	}
}

// TreeEvaluator is the "tree" backend: TreeEval, the closed form, on
// loop-less mazes, and the reference walk elsewhere. The backends package
// registers it; it holds nothing, so Close has nothing to release.
type TreeEvaluator struct{}

// OpenTree opens the tree backend, a mousemaze.Factory; it takes no
// options.
func OpenTree(mousemaze.Options) (mousemaze.Evaluator, error) { return TreeEvaluator{}, nil }

// Name returns "tree".
func (TreeEvaluator) Name() string { return "tree" }

// Close does nothing and returns nil.
func (TreeEvaluator) Close() error { return nil }

// Evaluate fills dst with TreeEval's result (the closed form) for every
// maze of pop.
func (TreeEvaluator) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if err := mousemaze.CheckBatch(pop, cfg, dst); err != nil {
		return err
	}
	if err := mousemaze.EvaluateEach(pop, cfg, dst, TreeEval); err != nil {
		return fmt.Errorf("tree: %w", err)
	}
	return nil
}
