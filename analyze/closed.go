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
//   - when the cells the mouse meets contain a cycle, under modular counting
//     (cfg.K > 0), when a capped walk (cfg.Cap > 0) would pass its cap, and
//     when the sum of the counts would pass closedLimit (2³¹ − 3; no
//     feasible maze seen comes near it), TreeEval returns mousemaze.Walk's
//     result instead.
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
// No move into a leaf is simulated; the work is one step per excursion
// into a cell with children (a frame on an explicit stack, not a Go call,
// so deep trees need no goroutine stack), plus one pass over the cell's
// children per choice it makes.
//
// Fact 4 (lazy reading). The tree is read from the wall masks as the
// mouse goes: a cell's neighbours are read when he first stands on it, and
// each neighbour w but the parent becomes a child of it; w is a leaf when
// it has no other open neighbour (and is not the exit cell). If a
// neighbour was already met and is not the parent, the maze has a cycle
// and TreeEval returns mousemaze.Walk's result. Otherwise every edge the
// mouse can use is a tree edge of what was read, so Facts 1 to 3 hold for
// the walk exactly as on a tree; a maze whose cycles lie where the mouse
// never stands is also done in closed form. Cells he never reaches keep 0
// visits without being read.
//
// Fact 5 (infeasible mazes). The first stay on a cell w enters each of its
// children once before anything else (they count 0, the parent at least
// 1), so it reads w's whole subtree unless the exit is in it. When every
// cell met has been read and the exit cell is not among them, the
// reachable part is finished and has no exit: the maze is infeasible, and
// is reported so (Feasible false), as Walk reports it without walking.
//
// Every loop-less feasible maze up to 4×4 is checked against Walk under
// several orders and entry and exit columns in the package tests, random
// spanning-tree mazes up to 64×64 in the tests, and every 5×5 maze and a
// million random loop-less mazes in the long run TestClosedLong (output in
// analyze/testdata/closed-long-run.txt).
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

// noParent is the parent rank of the entry cell, which has none.
const noParent = 255

// closedLimit bounds the sum of all counts, and so every count, so that
// counts fit an int32 with room for one more; a walk that would go past
// it is handed to the reference walk.
const closedLimit = math.MaxInt32 - 2

// treeNode is what the closed form keeps of one read cell: its count, its
// children with subtrees (and the exit) and its leaf children with their
// counts, each in preference order with the rank of its direction. A
// leaf's count lives in its parent's record, since only the parent's
// batches change it. The record is kept small (48 bytes) so that a 64×64
// maze's records stay in cache: cell indices fit 16 bits (mousemaze.MaxSide
// is 64) and counts 31 bits (closedLimit).
type treeNode struct {
	cnt   int32
	kid   [4]int16
	lcnt  [4]int32
	leaf  [4]int16
	krank [4]uint8
	lrank [4]uint8
	nk    uint8
	nl    uint8
	prank uint8
}

// closedEval is the scratch space of one closed-form evaluation. Cell
// index i is r*Cols+c.
type closedEval struct {
	m    mousemaze.Maze
	cfg  mousemaze.Config
	ord  [4]mousemaze.Dir
	node []treeNode
	// seen[i] == stamp marks the cells met in this evaluation; read[i] ==
	// stamp the cells whose neighbours have been read.
	seen, read []uint32
	stamp      uint32
	par        []int32
	rows       []uint64
	// met lists the cells read; pending counts the cells met, with
	// children, that have not been read.
	met      []int32
	stack    []frame
	pending  int
	exitCell int32
	cycle    bool
	total    int64 // the sum of all counts so far
	limit    int64 // the sum of counts past which the evaluation gives up
}

// grow makes room for n cells.
func (e *closedEval) grow(n int) {
	if len(e.seen) >= n {
		return
	}
	e.seen = make([]uint32, n)
	e.read = make([]uint32, n)
	e.stamp = 0
	e.node = make([]treeNode, n)
	e.par = make([]int32, n)
}

// open reports whether cell (r, c) is on the grid and open: e.rows holds
// each row's open cells with an empty row above and below the grid, and a
// column off the grid reads as a wall (shifts by 64 or more give 0).
func (e *closedEval) open(r, c int) bool {
	return e.rows[r+1]>>uint(c)&1 != 0
}

// isLeaf reports whether cell j has no open neighbour but one and is not
// the exit cell.
func (e *closedEval) isLeaf(j int32) bool {
	if j == e.exitCell {
		return false
	}
	cols := e.m.Cols
	r, c := int(j)/cols, uint(int(j)%cols)
	row := e.rows[r+1]
	n := e.rows[r]>>c&1 + e.rows[r+2]>>c&1 + row>>(c+1)&1 + (row<<1)>>c&1
	return n == 1
}

// readCell reads the neighbours of cell v (met, not a leaf): its children
// in preference order, split into leaves and the others, and its parent's
// rank. It sets e.cycle when a neighbour other than the parent was met
// before.
func (e *closedEval) readCell(v int32) {
	e.read[v] = e.stamp
	e.pending--
	e.met = append(e.met, v)
	nd := &e.node[v]
	nd.nk, nd.nl, nd.prank = 0, 0, noParent
	cols, rows := e.m.Cols, e.m.Rows
	r, c := int(v)/cols, int(v)%cols
	for rank, d := range e.ord {
		dr, dc := d.Delta()
		nr, nc := r+dr, c+dc
		if nr == rows {
			if c == e.cfg.Exit {
				nd.kid[nd.nk], nd.krank[nd.nk] = exitChild, uint8(rank)
				nd.nk++
			}
			continue
		}
		if nc < 0 || !e.open(nr, nc) {
			continue
		}
		j := int32(nr*cols + nc)
		if j == e.par[v] {
			nd.prank = uint8(rank)
			continue
		}
		if e.seen[j] == e.stamp {
			e.cycle = true // a second path to j
			return
		}
		e.seen[j] = e.stamp
		e.par[j] = v
		if e.isLeaf(j) {
			nd.leaf[nd.nl], nd.lrank[nd.nl], nd.lcnt[nd.nl] = int16(j), uint8(rank), 0
			nd.nl++
			continue
		}
		e.node[j].cnt = 0
		e.pending++
		nd.kid[nd.nk], nd.krank[nd.nk] = int16(j), uint8(rank)
		nd.nk++
	}
}

// eval runs the closed form; it reports false when the caller must use the
// reference walk (a cycle, a passed cap, or counts past closedLimit).
func (e *closedEval) eval(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, bool) {
	n := m.Rows * m.Cols
	e.grow(n)
	var res mousemaze.Result
	if m.Wall(0, cfg.Entry) || m.Wall(m.Rows-1, cfg.Exit) {
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	e.m, e.cfg, e.ord = m, cfg, [4]mousemaze.Dir(cfg.Order.Resolve())
	mask := mousemaze.RowMask(m.Cols)
	e.rows = append(e.rows[:0], 0)
	for _, w := range m.Walls {
		e.rows = append(e.rows, ^w&mask)
	}
	e.rows = append(e.rows, 0)
	if e.stamp++; e.stamp == 0 { // wrapped: clear the marks
		clear(e.seen)
		clear(e.read)
		e.stamp = 1
	}
	e.met, e.pending, e.cycle = e.met[:0], 1, false
	e.exitCell = int32((m.Rows-1)*m.Cols + cfg.Exit)
	e.limit = closedLimit
	if cfg.Cap > 0 {
		e.limit = min(e.limit, cfg.Cap-1) // turns = 1 + total must not pass the cap
	}
	root := int32(cfg.Entry)
	e.seen[root] = e.stamp
	e.par[root] = -1
	e.readCell(root) // whatever its degree
	e.node[root].cnt = 1
	e.total = 1
	escaped := !e.cycle && e.stay(root)
	switch {
	case e.cycle || e.total > e.limit:
		return mousemaze.Result{}, false
	case !escaped:
		// Fact 5: infeasible.
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	res = mousemaze.Result{Turns: e.total + 1, Escaped: true, Feasible: true}
	if cfg.Heat {
		res.Heat = make([]uint32, n)
		for _, i := range e.met {
			nd := &e.node[i]
			res.Heat[i] = uint32(nd.cnt)
			for k := 0; k < int(nd.nl); k++ {
				res.Heat[nd.leaf[k]] = uint32(nd.lcnt[k])
			}
		}
	}
	return res, true
}

// frame is one stay in progress: the cell, and its parent's fixed count
// and rank.
type frame struct {
	v     int16
	prank uint8
	p     int32
}

// stay resolves the mouse's stay on the entry cell root, which has been
// read and whose arrival is counted; the stays it leads to are kept on an
// explicit stack of frames (Fact 3), not on the goroutine's stack. It
// returns true when he escapes and false when the maze is found
// infeasible (Fact 5). It also returns true, with e.cycle set or e.total
// past e.limit, when the evaluation is abandoned.
func (e *closedEval) stay(root int32) bool {
	e.stack = append(e.stack[:0], frame{v: int16(root), prank: noParent})
	for {
		f := &e.stack[len(e.stack)-1]
		nd := &e.node[f.v]
		if f.prank == noParent && e.pending == 0 && e.read[e.exitCell] != e.stamp {
			return false // Fact 5
		}
		// s: the least key among the options that are not leaves.
		sc, sr, sw := int32(math.MaxInt32), uint8(noParent), int16(-1)
		if f.prank != noParent {
			sc, sr = f.p, f.prank
		}
		for k := 0; k < int(nd.nk); k++ {
			w := nd.kid[k]
			var x int32
			if w != exitChild {
				x = e.node[w].cnt
			}
			if x < sc || (x == sc && nd.krank[k] < sr) {
				sc, sr, sw = x, nd.krank[k], w
			}
		}
		// Fact 2: raise every leaf above s. (sc is the parent's count, a
		// child's, or 0 for the exit: at most closedLimit, so t fits.)
		var rise int64
		for k := 0; k < int(nd.nl); k++ {
			t := sc
			if nd.lrank[k] < sr {
				t++
			}
			if x := nd.lcnt[k]; x < t {
				rise += int64(t - x)
				nd.lcnt[k] = t
			}
		}
		if rise > 0 {
			if e.total += 2 * rise; e.total > e.limit {
				return true
			}
			nd.cnt += int32(rise) // at most e.total
		}
		switch sw {
		case exitChild:
			return true
		case -1:
			// Back to the parent, which gains the visit.
			e.stack = e.stack[:len(e.stack)-1]
			if e.total++; e.total > e.limit {
				return true
			}
			e.node[e.stack[len(e.stack)-1].v].cnt++
			continue
		}
		if e.read[sw] != e.stamp {
			if e.readCell(int32(sw)); e.cycle {
				return true
			}
		}
		if e.total++; e.total > e.limit {
			return true
		}
		e.node[sw].cnt++
		e.stack = append(e.stack, frame{v: sw, prank: e.node[sw].prank, p: nd.cnt})
	}
}
