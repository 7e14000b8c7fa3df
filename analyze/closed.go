package analyze

import (
	"math/bits"
	"sync"

	"github.com/mousemaze/mousemaze"
)

// TreeEval returns the result of the walk on m under cfg (turns, and every
// cell's visit count when cfg.Heat is set), computed without ever moving
// the mouse into a dead end: the entries into dead ends are done in closed
// form, by arithmetic. It was made for loop-less mazes (where the open
// cells reachable from the entry form a tree) but is exact on any maze,
// and always equals mousemaze.Walk:
//
//   - an infeasible maze is reported infeasible (Feasible false), never
//     walked, as Walk does;
//   - under modular counting (cfg.K > 0), when a capped walk (cfg.Cap > 0)
//     would pass its cap, and when the sum of the counts would pass
//     closedLimit (2²⁹ − 2, over half a billion turns), TreeEval returns
//     mousemaze.Walk's result instead.
//
// # The method
//
// The exit is a neighbour of the exit cell, in direction down, whose count
// is always 0. Write key(w) = (count(w), rank(w)), compared
// lexicographically, where rank is the place of the direction toward w in
// the preference order; standing on v the mouse moves to the neighbour of
// least key (the walk's rule exactly).
//
// Fact 1 (excursions). On a tree, removing the edge v–w splits it in two.
// After the mouse steps from v to w he stays on w's side until he steps
// back to v, or escapes when the exit lies on w's side; v's count cannot
// change meanwhile, because v is only counted when he steps onto it. So a
// stay on w depends only on w's side and the fixed count of v: the walk
// needs no record of where it came from, and the parent's count is read
// from the parent's cell whenever it is needed.
//
// Fact 2 (leaf batches, the closed form). A leaf ℓ (an open cell with one
// open neighbour v, other than the exit cell) is left at once: one entry
// adds 1 to ℓ and 1 to v (the step back), and changes nothing else.
// Standing on v, let s be the least key among v's options that are not
// leaves (the exit, and the neighbours with two or more open neighbours).
// While some leaf has a key below s the mouse enters a leaf; leaf entries
// change no key but the entered leaf's, so they go on until every leaf has
// a key above s, and in which order the leaves are entered changes nothing
// that is counted. A leaf with count x and rank r < rank(s) ends at
// max(x, count(s)+1); one with r > rank(s) at max(x, count(s)); v gains
// the sum of the rises. This is one arithmetic step per leaf instead of
// two moves per entry, and it is exact, because the option chosen next is
// then s itself. Nothing in it needs a tree: it holds on a maze with
// cycles too.
//
// Fact 3 (the walk). So the mouse is moved only between cells that are not
// leaves: standing on v, raise v's leaves (Fact 2), then take s: the exit
// (escape) or a neighbour w, which gains 1. Turns are 1 + the sum of all
// counts. On a tree this is one step per excursion into a cell with
// children (Fact 1), and none per dead end.
//
// Fact 4 (the count grid). The counts live in a grid with a border of
// walls, one cell wider on every side, so that the four neighbours of a
// cell are at fixed offsets. Each count is kept with an offset that tells
// the cell's kind: leafBase + x for a leaf, openBase + x for another open
// cell and for the exit, wallCount for a wall, the three ranges apart
// because counts stay below 2²⁹. Read as x − openBase (unsigned), the
// least of v's four neighbours is s, as leaves wrap round to the top; and
// raising a leaf to leafBase + t with max leaves every other cell as it
// is. So a step is four loads, the least of four keys, four maxes and
// stores, without a data-dependent branch, which would be mispredicted
// about every other step. Leaves are found for the whole grid at once by
// bit-parallel neighbour counts on the row masks, and the grid is written
// four cells at a time from a table.
//
// Fact 5 (infeasible mazes). If, standing on v, every option is a leaf or
// a wall, v and its leaves are all the mouse can reach, and the exit is
// not among them. Otherwise a flood fill over the row masks decides
// feasibility: before the walk on a maze of at most 256 cells, and on a
// larger maze once the sum of the counts passes 16·Rows·Cols + 64 (once
// only: a feasible maze then walks on unchecked), so that the walks the
// benchmarks time, on spanning trees, never pay for it. An infeasible maze
// is reported infeasible, as Walk reports it without walking.
//
// Every maze up to 4×4 is checked against Walk under 17 rules in the
// package tests, random spanning-tree mazes up to 64×64 and random mazes
// with cycles, feasible and infeasible, up to 40×40 in the tests, and
// every 5×5 maze under three rules and a million random loop-less mazes in
// the long run TestClosedLong (output in
// analyze/testdata/closed-long-run.txt).
func TreeEval(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, error) {
	return exactOr(m, cfg, func() (mousemaze.Result, bool) {
		e := closedPool.Get().(*closedEval)
		defer closedPool.Put(e)
		return e.eval(m, cfg)
	})
}

// closedPool keeps evaluator scratch space between calls.
var closedPool = sync.Pool{New: func() any { return new(closedEval) }}

// The count grid holds a count x as leafBase + x for a dead end (a leaf),
// as openBase + x for any other open cell and for the exit (always
// openBase), and wallCount for walls and the border. Every count stays
// below 2²⁹ (closedLimit), so the three ranges are apart and ordered
// leaves < others < walls. Read as x − openBase (unsigned, so a leaf's
// wraps round to above 2³¹), the others come first in count order, then
// the walls, then the leaves: the least is the option the mouse takes
// after his leaf batch. And raising a leaf to leafBase + t with max
// leaves every other cell as it is, since all of them hold more.
const (
	leafBase  = 1 << 29
	openBase  = 1 << 30
	wallCount = openBase + 1<<29 + 1<<28
)

// closedLimit bounds the sum of all counts, and so every count (a leaf
// raised to one more than a count included), below 2²⁹; a walk that would
// go past it is handed to the reference walk.
const closedLimit = 1<<29 - 2

// closedEval is the scratch space of one evaluation: the count grid, padded
// with one border cell on every side, so that cell (r, c) has index
// (r+1)*w + c + 1 with w = Cols + 2 and a step in any direction is a fixed
// offset. The border cell below the exit column stands for the exit; its
// count is always 0.
type closedEval struct {
	// cnt is the count grid. Its length, a power of two above the
	// largest padded grid (66·66 cells, mousemaze.MaxSide being 64), lets
	// an index be masked instead of checked.
	cnt [cntLen]uint32
	// open[r+1] holds row r's open cells and leaf[r+1] its dead ends
	// (open cells with exactly one open neighbour, the exit cell left
	// out), with an empty row above and below the grid.
	open, leaf []uint64
	reach      []uint64 // scratch space of feasible
}

// smallMaze is the largest number of cells of a maze whose feasibility is
// checked before the walk.
const smallMaze = 256

// cntLen is the length of the count grid.
const cntLen = 8192

// setRows fills e.open and e.leaf from m's walls, with bit-parallel
// neighbour counts: a cell is a leaf when exactly one of its up, down,
// left and right neighbours is open.
func (e *closedEval) setRows(m mousemaze.Maze, exitCol int) {
	mask := mousemaze.RowMask(m.Cols)
	e.open = append(e.open[:0], 0)
	for _, wl := range m.Walls {
		e.open = append(e.open, ^wl&mask)
	}
	e.open = append(e.open, 0)
	e.leaf = append(e.leaf[:0], 0)
	for r := 1; r <= m.Rows; r++ {
		o := e.open[r]
		up, down, left, right := e.open[r-1], e.open[r+1], o<<1, o>>1
		// up+down+left+right == 1: the four sum to an odd number and
		// neither pair has both.
		e.leaf = append(e.leaf, o&(up^down^left^right)&^(up&down|left&right))
	}
	e.leaf = append(e.leaf, 0)
	e.leaf[m.Rows] &^= 1 << uint(exitCol)
}

// feasible reports whether the exit cell (last row, column exitCol) can be
// reached from the entry cell (row 0, column entry) through open cells: a
// flood fill over e.open, a row at a time, sweeping down and up until
// nothing changes, each row's reached cells spread sideways inside their
// open runs by two additions.
func (e *closedEval) feasible(rows, entry, exitCol int) bool {
	reach := append(e.reach[:0], make([]uint64, rows+2)...)
	e.reach = reach
	reach[1] = 1 << uint(entry)
	open := e.open
	grow := func(r int) bool {
		o := open[r]
		x := reach[r] | (reach[r-1]|reach[r+1])&o
		x = spreadRun(x, o) | bits.Reverse64(spreadRun(bits.Reverse64(x), bits.Reverse64(o)))
		if x == reach[r] {
			return false
		}
		reach[r] = x
		return true
	}
	for changed := true; changed; {
		changed = false
		for r := 1; r <= rows; r++ {
			changed = grow(r) || changed
		}
		for r := rows; r >= 1; r-- {
			changed = grow(r) || changed
		}
	}
	return reach[rows]>>uint(exitCol)&1 != 0
}

// spreadRun returns x (a subset of o) grown toward the high bits through
// the runs of o it touches: adding x to o carries from each of x's bits to
// the end of its run, so the bits that change, inside o, are the grown
// ones (but for a bit of x above another in the same run, which the
// carry leaves set in the sum; the final |x restores it).
func spreadRun(x, o uint64) uint64 {
	return ((o+x)^o)&o | x
}

// fillTable[o | l<<4] holds the starting counts of four cells in a row
// whose open bits are o and leaf bits l, all counts 0: openBase for an
// open cell that is not a leaf, leafBase for a leaf, wallCount for a wall.
var fillTable = func() (t [256][4]uint32) {
	for i := range t {
		for k := range 4 {
			switch o, l := i>>k&1, i>>(4+k)&1; {
			case o == 0:
				t[i][k] = wallCount
			case l == 1:
				t[i][k] = leafBase
			default:
				t[i][k] = openBase
			}
		}
	}
	return t
}()

// fill writes the count grid for a fresh walk, all counts 0: openBase for
// open cells that are not leaves and for the exit, leafBase for leaves,
// wallCount for walls and the border. A row is written four cells at a time from fillTable;
// the last group may run past the row's end into the border and the next
// row, writing wallCount (no bit is set past Cols), which the next row
// then overwrites.
func (e *closedEval) fill(rows, cols, exitCol int) {
	w := cols + 2
	n := (rows + 2) * w
	cnt := e.cnt[:]
	for i := range w {
		cnt[i] = wallCount
		cnt[n-w+i] = wallCount
	}
	for r := 1; r <= rows; r++ {
		cnt[r*w], cnt[r*w+w-1] = wallCount, wallCount
		open, leaf := e.open[r], e.leaf[r]
		for i := r*w + 1; i < r*w+1+cols; i += 4 {
			*(*[4]uint32)(cnt[i : i+4]) = fillTable[open&15|leaf&15<<4]
			open, leaf = open>>4, leaf>>4
		}
	}
	cnt[(rows+1)*w+exitCol+1] = openBase
}

// eval runs the closed form; it reports false when the caller must use the
// reference walk (a passed cap, or counts past closedLimit).
func (e *closedEval) eval(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, bool) {
	n := m.Rows * m.Cols
	var res mousemaze.Result
	if m.Wall(0, cfg.Entry) || m.Wall(m.Rows-1, cfg.Exit) {
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	w := m.Cols + 2
	e.setRows(m, cfg.Exit)
	e.fill(m.Rows, m.Cols, cfg.Exit)
	var off [4]int32
	for k, d := range cfg.Order.Resolve() {
		dr, dc := d.Delta()
		off[k] = int32(dr*w + dc)
	}
	limit := int64(closedLimit)
	if cfg.Cap > 0 {
		limit = min(limit, cfg.Cap-1) // turns = 1 + total must not pass the cap
	}
	// The feasibility check (Fact 5) is made once: before the walk on a
	// maze of at most smallMaze cells, where the flood fill is cheap, and
	// otherwise when the sum of the counts first passes 16·Rows·Cols + 64,
	// which walks on spanning trees rarely do, so that they never pay for
	// it.
	check := min(limit, int64(16*n+64))
	if n <= smallMaze {
		if !e.feasible(m.Rows, cfg.Entry, cfg.Exit) {
			if cfg.Heat {
				res.Heat = make([]uint32, n)
			}
			return res, true
		}
		check = limit
	}
	root := int32(w + cfg.Entry + 1)
	exit := int32((m.Rows+1)*w + cfg.Exit + 1)
	escaped, total := e.walk(root, exit, off, check, limit, m, cfg)
	switch {
	case total > limit:
		return mousemaze.Result{}, false
	case !escaped:
		if cfg.Heat {
			res.Heat = make([]uint32, n)
		}
		return res, true
	}
	res = mousemaze.Result{Turns: total + 1, Escaped: true, Feasible: true}
	if cfg.Heat {
		res.Heat = make([]uint32, n)
		for r := range m.Rows {
			row := e.cnt[(r+1)*w+1 : (r+1)*w+1+m.Cols : (r+1)*w+1+m.Cols]
			heat := res.Heat[r*m.Cols : (r+1)*m.Cols]
			open := e.open[r+1]
			for c, x := range row {
				heat[c] = x & (1<<29 - 1) & -uint32(open>>uint(c)&1)
			}
		}
	}
	return res, true
}

// walk runs the mouse from the entry cell root, moving only onto cells
// that are not leaves and raising the leaves by Fact 2 at every cell he
// stands on. It returns whether he escaped and the sum of all counts; it
// returns false for an infeasible maze (Fact 5) and stops, with the sum
// past limit, when the evaluation is abandoned. When the sum first passes
// check, it checks that the maze is feasible.
func (e *closedEval) walk(root, exit int32, off [4]int32, check, limit int64, m mousemaze.Maze, cfg mousemaze.Config) (bool, int64) {
	cnt := &e.cnt
	const mk = cntLen - 1
	cnt[root]++
	// budget: how far the sum of the counts may grow before check.
	budget := check - 1
	// o[k]: the step in the k-th direction, plus k·2¹⁶.
	var o [4]int64
	for k := range o {
		o[k] = int64(off[k]) + int64(k)<<16
	}
	v, ex := int64(root), int64(exit)
	for {
		// The least key, (x − openBase)·2¹⁸ + rank·2¹⁶ + index, is the
		// least count of an option that is not a leaf nor a wall, the
		// first in preference order among equals, and carries its cell.
		k0, k1, k2, k3 := v+o[0], v+o[1], v+o[2], v+o[3]
		x0, x1, x2, x3 := cnt[k0&mk], cnt[k1&mk], cnt[k2&mk], cnt[k3&mk]
		key := minKey(
			minKey(int64(x0-openBase)<<18+k0, int64(x1-openBase)<<18+k1),
			minKey(int64(x2-openBase)<<18+k2, int64(x3-openBase)<<18+k3))
		b, bi, s := uint32(key>>18), uint32(key>>16&3), key&0xffff
		if b >= 1<<29 {
			// Every neighbour is a leaf or a wall and none is the exit:
			// v and its leaves are all he can reach (Fact 5).
			return false, check - budget
		}
		// Fact 2: raise every leaf above s, to b+1 when it comes before s
		// in preference order (bit k of inc), else to b; max leaves every
		// other cell as it is. No branch: one on whether v has leaves
		// would be mispredicted often.
		t, inc := leafBase+b, uint32(1)<<bi-1
		n0, n1, n2, n3 := max(x0, t+inc&1), max(x1, t+inc>>1&1), max(x2, t+inc>>2), max(x3, t)
		cnt[k0&mk], cnt[k1&mk], cnt[k2&mk], cnt[k3&mk] = n0, n1, n2, n3
		// Each rise is below 2²⁹, so their sum fits.
		rise := n0 - x0 + n1 - x1 + n2 - x2 + n3 - x3
		cnt[v&mk] += rise // wraps only past the limit, then unused
		if s == ex {
			return true, check - budget + 2*int64(rise)
		}
		cnt[s&mk] = openBase + b + 1
		if budget -= 1 + 2*int64(rise); budget < 0 {
			total := check - budget
			if total > limit {
				return true, total
			}
			if !e.feasible(m.Rows, cfg.Entry, cfg.Exit) {
				return false, total // Fact 5
			}
			check, budget = limit, limit-total
		}
		v = s
	}
}

// minKey returns the lesser of two keys without a branch (keys are below
// 2⁵⁰, so the difference cannot overflow): a data-dependent branch here
// would be mispredicted about every other step.
func minKey(a, b int64) int64 {
	d := a - b
	return b + d&(d>>63)
}

// exactOr is the frame of the tree forms, which count exactly: it checks
// m and cfg, walks m with the reference walk when cfg counts modulo K,
// and otherwise returns the result of form, or the reference walk's when
// form reports that it cannot tell (ok false).
func exactOr(m mousemaze.Maze, cfg mousemaze.Config, form func() (res mousemaze.Result, ok bool)) (mousemaze.Result, error) {
	if err := mousemaze.ValidateWalk(m, m.Cols, cfg); err != nil {
		return mousemaze.Result{}, err
	}
	if cfg.K == 0 {
		if res, ok := form(); ok {
			return res, nil
		}
	}
	return mousemaze.Walk(m, cfg)
}
