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

// closedLimit bounds the sum of all counts, and so every count, so that
// counts fit an int32 with room for one more; a walk that would go past
// it is handed to the reference walk.
const closedLimit = math.MaxInt32 - 2

// closedInf is the count of the cell that fills an empty slot: no count
// reaches it, so such a slot is never the least, and raising it to any
// count leaves it as it is.
const closedInf = math.MaxInt32

// infCell is the index of the filler cell (a corner of the border, never a
// cell of the maze nor the exit).
const infCell = 0

// treeNode is what the closed form keeps of one read cell v. Slot k
// stands for the k-th direction of the preference order and holds the
// neighbour in that direction as a padded-grid index (see closedEval):
// in opt when it is not a leaf (the parent, a child with a subtree, or
// the exit), in leaf (16 bits a slot, slot k at bit 16k) when it is a
// leaf; every other slot holds infCell, so leaf is 0 when v has no leaf.
// The record is 16 bytes, so a 64×64 maze's records stay in cache.
type treeNode struct {
	opt  [4]uint16
	leaf uint64
}

// closedEval is the scratch space of one closed-form evaluation. Cells
// are numbered on a grid padded with one border cell on every side: cell
// (r, c) has index (r+1)*w + c + 1, with w = Cols + 2, so that a step in
// any direction is a fixed offset (mousemaze.MaxSide is 64, so indices
// fit 16 bits). The border cell below the exit column stands for the
// exit; its count is always 0.
type closedEval struct {
	cfg mousemaze.Config
	w   int32
	off [4]int32 // off[k] is the index step in the k-th direction
	dr  [4]int32 // dr[k], dc[k]: the row and column steps
	dc  [4]int32
	// cnt holds the count of every met cell, of infCell and of the exit.
	cnt  []int32
	node []treeNode
	// seen[i] == stamp marks the cells met in this evaluation; read[i] ==
	// stamp the cells whose neighbours have been read.
	seen, read []uint32
	stamp      uint32
	par        []uint16
	// rows[r+1] holds row r's open cells, with an empty row above and
	// below the grid.
	rows []uint64
	// met lists the cells met, kept for the heat map; pending counts the
	// cells met, with children, that have not been read.
	met      []uint16
	pending  int
	exit     int32 // the exit's index (below the exit cell)
	exitCell int32 // the exit cell's index
	cycle    bool
}

// grow makes room for n padded cells.
func (e *closedEval) grow(n int) {
	if len(e.seen) >= n {
		return
	}
	e.seen = make([]uint32, n)
	e.read = make([]uint32, n)
	e.stamp = 0
	e.node = make([]treeNode, n)
	e.par = make([]uint16, n)
	e.cnt = make([]int32, n)
}

// readCell reads the neighbours of cell v (met, not a leaf) into its
// record: in preference order, its parent, its children with subtrees,
// the exit, and its leaves. A neighbour other than the parent becomes a
// child of v; it is a leaf when it has no other open neighbour and is not
// the exit cell. readCell sets e.cycle when a neighbour other than the
// parent was met before.
func (e *closedEval) readCell(v int32) {
	e.read[v] = e.stamp
	e.pending--
	nd := &e.node[v]
	nd.opt, nd.leaf = [4]uint16{}, 0
	// The padded row and column of v; column c of the maze is bit c−1 of
	// a row mask, and a border column reads as a wall (a shift by 2⁶⁴ − 1,
	// or a bit past the mask, or a shift by 64: all 0).
	r, c := uint32(v)/uint32(e.w), uint32(v)%uint32(e.w)
	rows := e.rows
	for k := range 4 {
		j := v + e.off[k]
		if j == e.exit {
			nd.opt[k] = uint16(j)
			continue
		}
		nr, nc := uint32(int32(r)+e.dr[k]), uint32(int32(c)+e.dc[k])-1
		if rows[nr]>>nc&1 == 0 {
			continue
		}
		if uint16(j) == e.par[v] {
			nd.opt[k] = uint16(j)
			continue
		}
		if e.seen[j] == e.stamp {
			e.cycle = true // a second path to j
			return
		}
		e.seen[j] = e.stamp
		e.par[j] = uint16(v)
		e.cnt[j] = 0
		if e.cfg.Heat {
			e.met = append(e.met, uint16(j))
		}
		row := rows[nr]
		if j != e.exitCell && rows[nr-1]>>nc&1+rows[nr+1]>>nc&1+row>>(nc+1)&1+row>>(nc-1)&1 == 1 {
			nd.leaf |= uint64(j) << (16 * k)
			continue
		}
		e.pending++
		nd.opt[k] = uint16(j)
	}
}

// eval runs the closed form; it reports false when the caller must use the
// reference walk (a cycle, a passed cap, or counts past closedLimit).
func (e *closedEval) eval(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, bool) {
	n := m.Rows * m.Cols
	w := m.Cols + 2
	e.grow((m.Rows + 2) * w)
	var res mousemaze.Result
	if m.Wall(0, cfg.Entry) || m.Wall(m.Rows-1, cfg.Exit) {
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	e.cfg, e.w = cfg, int32(w)
	for k, d := range cfg.Order.Resolve() {
		dr, dc := d.Delta()
		e.dr[k], e.dc[k], e.off[k] = int32(dr), int32(dc), int32(dr*w+dc)
	}
	mask := mousemaze.RowMask(m.Cols)
	e.rows = append(e.rows[:0], 0)
	for _, wl := range m.Walls {
		e.rows = append(e.rows, ^wl&mask)
	}
	e.rows = append(e.rows, 0)
	if e.stamp++; e.stamp == 0 { // wrapped: clear the marks
		clear(e.seen)
		clear(e.read)
		e.stamp = 1
	}
	e.met, e.pending, e.cycle = e.met[:0], 1, false
	e.exitCell = int32(m.Rows*w + cfg.Exit + 1)
	e.exit = e.exitCell + int32(w)
	e.cnt[infCell], e.cnt[e.exit] = closedInf, 0
	limit := int64(closedLimit)
	if cfg.Cap > 0 {
		limit = min(limit, cfg.Cap-1) // turns = 1 + total must not pass the cap
	}
	root := int32(w + cfg.Entry + 1)
	e.seen[root] = e.stamp
	e.par[root] = infCell // no parent: the border above is never open
	if cfg.Heat {
		e.met = append(e.met, uint16(root))
	}
	e.readCell(root) // whatever its degree
	e.cnt[root] = 1
	escaped, total := false, int64(1)
	if !e.cycle {
		escaped, total = e.walk(root, limit)
	}
	switch {
	case e.cycle || total > limit:
		return mousemaze.Result{}, false
	case !escaped:
		// Fact 5: infeasible.
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	res = mousemaze.Result{Turns: total + 1, Escaped: true, Feasible: true}
	if cfg.Heat {
		res.Heat = make([]uint32, n)
		for _, i := range e.met {
			res.Heat[(int(i)/w-1)*m.Cols+int(i)%w-1] = uint32(e.cnt[i])
		}
	}
	return res, true
}

// walk runs the mouse from the entry cell root, which has been read and
// whose arrival is counted, moving only between cells that are not
// leaves and raising the leaves by Fact 2 at every cell he stands on. A
// stay (Fact 1) needs no frame: the parent's count, fixed during the stay,
// is read from the parent's cell. It returns whether he escaped (false
// when the maze is found infeasible, Fact 5) and the sum of all counts.
// It also returns, with e.cycle set or the sum past limit, when the
// evaluation is abandoned.
func (e *closedEval) walk(root int32, limit int64) (bool, int64) {
	cnt, node, read := e.cnt, e.node, e.read
	stamp, exit, exitCell := e.stamp, uint16(e.exit), e.exitCell
	total := int64(1)
	v := uint16(root)
	for {
		if int32(v) == root && e.pending == 0 && read[exitCell] != stamp {
			return false, total // Fact 5
		}
		nd := &node[v]
		// s: the least key among the options that are not leaves. Slot k
		// has rank k; a key is count·4 + rank, so the least key is the
		// least count, the first in preference order among equals.
		key := minKey(
			minKey(int64(cnt[nd.opt[0]])<<2, int64(cnt[nd.opt[1]])<<2|1),
			minKey(int64(cnt[nd.opt[2]])<<2|2, int64(cnt[nd.opt[3]])<<2|3))
		b, bi := int32(key>>2), uint(key&3)
		if lv := nd.leaf; lv != 0 {
			// Fact 2: raise every leaf above s: to b+1 when it comes
			// before s in preference order, else to b. An empty slot
			// holds infCell, whose count stays closedInf.
			var rise int32
			for k := uint(0); k < 4; k++ {
				l := uint16(lv >> (16 * k))
				t := b
				if k < bi {
					t = b + 1
				}
				x := cnt[l]
				nx := max(x, t)
				rise += nx - x
				cnt[l] = nx
			}
			if total += 2 * int64(rise); total > limit {
				return true, total
			}
			cnt[v] += rise
		}
		s := nd.opt[bi]
		if s == exit {
			return true, total
		}
		if total++; total > limit {
			return true, total
		}
		cnt[s]++
		if read[s] != stamp {
			if e.readCell(int32(s)); e.cycle {
				return true, total
			}
		}
		v = s
	}
}

// minKey returns the lesser of two keys without a branch (keys are below
// 2³⁴, so the difference cannot overflow): a data-dependent branch here
// would be mispredicted about every other step.
func minKey(a, b int64) int64 {
	d := a - b
	return b + d&(d>>63)
}
