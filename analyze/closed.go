package analyze

import (
	"math"
	"sync"

	"github.com/mousemaze/mousemaze"
)

// TreeEval returns the result of the walk on m under cfg (turns, and every
// cell's visit count when cfg.Heat is set), computed in closed form over
// the tree when the open cells reachable from the entry form a tree. It
// always equals mousemaze.Walk:
//
//   - an infeasible maze is reported infeasible (Feasible false), never
//     walked, as Walk does;
//   - when the reachable cells contain a cycle, under modular counting
//     (cfg.K > 0), and when a capped walk (cfg.Cap > 0) would pass its cap,
//     TreeEval returns mousemaze.Walk's result instead.
//
// # The method
//
// Root the tree at the entry cell. The exit is a pseudo-child of the exit
// cell, in direction down, whose count is always 0. Write key(w) =
// (count(w), rank(w)), compared lexicographically, where rank is the place
// of the direction toward w in the preference order; standing on v the
// mouse moves to the neighbour of least key (the walk's rule exactly).
//
// Fact 1 (excursions). Removing the edge v–w (w a child of v) splits the
// tree in two. After the mouse steps from v to w he stays on w's side until
// he steps back to v, or escapes when the exit lies on w's side; v's count
// cannot change meanwhile, because v is only counted when he steps onto
// it. So a stay on w is a function of w's subtree state and the fixed
// parent count P = count(v): it ends exactly when, standing on w, the
// parent's key (P, rank of v at w) is the least, i.e. when every child u
// of w has key(u) > (P, rank of v), or when the exit is chosen.
//
// Fact 2 (leaf batches, the closed form). A leaf ℓ (a cell whose only
// neighbour is its parent v) is left at once: one entry adds 1 to ℓ and 1
// to v (the step back), and changes nothing else. Standing on v, let s be
// the least key among v's options that are not leaves (the parent, the
// exit, the children with subtrees). While some leaf has a key below s the
// mouse enters a leaf; leaf entries change no key but the entered leaf's,
// so they go on until every leaf has a key above s, and in which order
// the leaves are entered changes nothing that is counted. A leaf with
// count x and rank r < rank(s) ends at max(x, count(s)+1); one with
// r > rank(s) at max(x, count(s)); v gains the sum of the rises. This is
// one arithmetic step per leaf instead of one step per move, and it is
// exact, because the option chosen next is then s itself.
//
// Fact 3 (the recursion). Standing on v, after the leaf batch the mouse
// takes s: the exit (escape), the parent (the stay ends), or a child w
// with a subtree: w gains 1, the stay on w is resolved recursively with
// parent count count(v), and on the way back v gains 1. The mouse never
// leaves the tree, so the whole walk is the stay on the entry cell (which
// has no parent option) and turns are 1 + the sum of all counts.
//
// No move into a leaf is simulated; the work is one call per excursion
// into a cell with children, plus one pass over the children of the cell
// per call. The tree is read from the wall masks by one depth-first pass
// from the entry that meets every reachable cell once and finds any cycle
// (a neighbour already met that is not the parent).
//
// Every loop-less feasible maze up to 4×4 is checked against Walk under
// several orders and entry and exit columns in the package tests, 5×5 with
// -analyze.long5, and random spanning-tree mazes up to 64×64 in the tests
// and the long run (analyze/testdata/closed-long-run.txt).
func TreeEval(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, error) {
	if err := m.Validate(); err != nil {
		return mousemaze.Result{}, err
	}
	if err := cfg.Validate(m.Cols); err != nil {
		return mousemaze.Result{}, err
	}
	if cfg.K > 0 {
		return mousemaze.Walk(m, cfg)
	}
	e := closedPool.Get().(*closedEval)
	defer closedPool.Put(e)
	res, ok := e.eval(m, cfg)
	if !ok {
		return mousemaze.Walk(m, cfg)
	}
	return res, nil
}

// closedPool keeps evaluator scratch space between calls.
var closedPool = sync.Pool{New: func() any { return new(closedEval) }}

// exitChild marks the exit in a child table; its count is always 0.
const exitChild = -2

// closedWorkLimit bounds the number of excursions the closed form makes
// before it hands the maze to the reference walk (whose guard reports a
// runaway walk); no feasible maze seen comes near it.
const closedWorkLimit = 1 << 32

// closedEval is the scratch space of one closed-form evaluation. Cell
// index i is r*Cols+c.
type closedEval struct {
	// seen[i] == stamp marks the cells met in this evaluation.
	seen  []uint32
	stamp uint32
	cnt   []int64
	// ch holds four child slots per cell, in preference order: a cell
	// index, exitChild, or -1 after the last child. crank holds the rank
	// of each slot's direction.
	ch    []int32
	crank []uint8
	// prank is the rank of the direction toward the parent.
	prank []uint8
	// par is the parent of each cell (-1 for the entry cell).
	par []int32
	// leaf marks the cells without children (and not the exit cell).
	leaf  []bool
	cells []int32
	stack []int32
	total int64 // the sum of all counts so far
	work  int64 // excursions made
	limit int64 // the sum of counts past which the evaluation gives up
}

// grow makes room for n cells.
func (e *closedEval) grow(n int) {
	if len(e.seen) >= n {
		return
	}
	e.seen = make([]uint32, n)
	e.stamp = 0
	e.cnt = make([]int64, n)
	e.ch = make([]int32, 4*n)
	e.crank = make([]uint8, 4*n)
	e.prank = make([]uint8, n)
	e.par = make([]int32, n)
	e.leaf = make([]bool, n)
}

// build reads the tree of cells reachable from the entry, whose cell
// must be open. It reports whether the exit cell was met (feasible) and
// whether a cycle was found (then the tables are incomplete).
func (e *closedEval) build(m mousemaze.Maze, cfg mousemaze.Config, order *[4]mousemaze.Dir) (feasible, cycle bool) {
	rows, cols := m.Rows, m.Cols
	e.stamp++
	if e.stamp == 0 { // wrapped: clear the marks
		clear(e.seen)
		e.stamp = 1
	}
	st := e.stamp
	e.cells = e.cells[:0]
	exitCell := int32((rows-1)*cols + cfg.Exit)
	root := int32(cfg.Entry)
	e.seen[root] = st
	e.par[root] = -1
	e.stack = append(e.stack[:0], root)
	for len(e.stack) > 0 {
		v := e.stack[len(e.stack)-1]
		e.stack = e.stack[:len(e.stack)-1]
		e.cells = append(e.cells, v)
		e.cnt[v] = 0
		r, c := int(v)/cols, int(v)%cols
		k := 0
		for rank, d := range order {
			dr, dc := d.Delta()
			nr, nc := r+dr, c+dc
			if nr == rows {
				if c == cfg.Exit {
					e.ch[4*v+int32(k)] = exitChild
					e.crank[4*v+int32(k)] = uint8(rank)
					k++
				}
				continue
			}
			if nr < 0 || nc < 0 || nc >= cols || m.Walls[nr]>>uint(nc)&1 != 0 {
				continue
			}
			j := int32(nr*cols + nc)
			if j == e.par[v] {
				e.prank[v] = uint8(rank)
				continue
			}
			if e.seen[j] == st {
				// Met before and not the parent: a second path to j.
				return false, true
			}
			e.seen[j] = st
			e.par[j] = v
			e.ch[4*v+int32(k)] = j
			e.crank[4*v+int32(k)] = uint8(rank)
			k++
			e.stack = append(e.stack, j)
		}
		if k < 4 {
			e.ch[4*v+int32(k)] = -1
		}
		e.leaf[v] = k == 0
	}
	return e.seen[exitCell] == st, false
}

// eval runs the closed form; it reports false when the caller must use the
// reference walk (a cycle, a passed cap, or the work limit).
func (e *closedEval) eval(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, bool) {
	n := m.Rows * m.Cols
	e.grow(n)
	var res mousemaze.Result
	if m.Wall(0, cfg.Entry) {
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	order := [4]mousemaze.Dir(cfg.Order.Resolve())
	feasible, cycle := e.build(m, cfg, &order)
	if cycle {
		return res, false
	}
	if !feasible {
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	e.limit = math.MaxInt64
	if cfg.Cap > 0 {
		e.limit = cfg.Cap - 1 // turns = 1 + total must not pass the cap
	}
	root := int32(cfg.Entry)
	e.cnt[root] = 1
	e.total, e.work = 1, 0
	if !e.stay(root, 0, 255) || e.total > e.limit {
		return res, false
	}
	res = mousemaze.Result{Turns: e.total + 1, Escaped: true, Feasible: true}
	if cfg.Heat {
		res.Heat = make([]uint32, n)
		for _, i := range e.cells {
			if e.cnt[i] > math.MaxUint32 {
				return mousemaze.Result{}, false
			}
			res.Heat[i] = uint32(e.cnt[i])
		}
	}
	return res, true
}

// stay resolves the mouse's stay on v, whose arrival is counted, while
// its parent holds count p with rank prank at v (prank 255: no parent, the
// entry cell). It returns true when he escapes and false when he steps
// back to the parent; it also returns true, with e.total past e.limit or
// e.work past closedWorkLimit, when the evaluation is abandoned.
func (e *closedEval) stay(v int32, p int64, prank uint8) bool {
	ch := e.ch[4*v : 4*v+4 : 4*v+4]
	rk := e.crank[4*v : 4*v+4 : 4*v+4]
	for {
		// s: the least key among the options that are not leaves.
		sc, sr, sw := int64(math.MaxInt64), uint8(255), int32(-1)
		if prank != 255 {
			sc, sr = p, prank
		}
		hasLeaf := false
		for k, w := range ch {
			if w == -1 {
				break
			}
			var x int64
			if w != exitChild {
				if e.leaf[w] {
					hasLeaf = true
					continue
				}
				x = e.cnt[w]
			}
			if x < sc || (x == sc && rk[k] < sr) {
				sc, sr, sw = x, rk[k], w
			}
		}
		if hasLeaf {
			// Fact 2: raise every leaf above s.
			var rise int64
			for k, w := range ch {
				if w == -1 {
					break
				}
				if w == exitChild || !e.leaf[w] {
					continue
				}
				t := sc
				if rk[k] < sr {
					t++
				}
				if x := e.cnt[w]; x < t {
					rise += t - x
					e.cnt[w] = t
				}
			}
			e.cnt[v] += rise
			e.total += 2 * rise
			if e.total > e.limit {
				return true
			}
		}
		switch sw {
		case exitChild:
			return true
		case -1:
			return false // the parent
		}
		if e.work++; e.work > closedWorkLimit {
			e.total = math.MaxInt64
			return true
		}
		e.cnt[sw]++
		e.total++
		if e.stay(sw, e.cnt[v], e.prank[sw]) {
			return true
		}
		e.cnt[v]++
		e.total++
		if e.total > e.limit {
			return true
		}
	}
}
