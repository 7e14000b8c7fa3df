package sweep

import (
	"math"
	"math/bits"
	"sync/atomic"

	"github.com/mousemaze/mousemaze"
)

// counter is the type of a fast engine's cell keys: 8 bits for grids whose
// walks stay short, 16 bits otherwise.
type counter interface{ ~uint8 | ~uint16 }

// keys is the padded grid of a fast engine's cell keys: 64 cells for grids
// up to 6×6, 128 for larger ones.
type keys[T counter] interface{ [64]T | [128]T }

// fastCells bounds the padded grid of a fast engine; larger grids use the
// reference engine.
const fastCells = 128

// stackLen bounds the levels of a fast engine's stack: one per open
// decision on the current path, at most MaxCells, plus the root.
const stackLen = 128

// fnode is the state of the search at one level of a fast engine: small
// enough (a few cache lines) that a branch copies it instead of undoing.
type fnode[T counter, A keys[T]] struct {
	key     A      // padded grid: visits of open cells (at least 1: the mouse opens a cell by stepping on it); 0 for unknown cells and the exit; ^T(0) for walls
	openU   uint64 // bit r·C+c: cell (r, c) is decided open
	free    uint64 // bit r·C+c: cell (r, c) is open or unknown
	unknown int32  // undecided cells
	turns   int32  // turns so far
	pos     int32  // the mouse's padded position; 0 outside
	pending int32  // the cell whose wall branch is still to come
}

// fast is the sweep engine for grids whose padded form has at most
// fastCells cells. It searches the same tree as engine, in the same order,
// with the same tally; its state is a stack of fnodes (a branch copies the
// parent instead of undoing the walk), and exit reachability is kept
// incrementally: a path is remembered and the grid is flooded only when a
// new wall lands on it and cannot be walked around locally. Every walk is
// checked against capTurns, beyond which a key could overflow; a task that
// passes it is run again by the reference engine.
type fast[T counter, A keys[T]] struct {
	rows, cols, width int
	entryIdx, exitIdx int32
	exitBorder        int32 // padded index of the exit, below the exit cell
	off               [4]int32
	bitOf             [fastCells]uint64 // padded index → its bit in free (0 on the border)
	nbr8              [fastCells]uint64 // padded index → bits of the grid cells around it
	ring              [fastCells]ringBits
	entryBit, exitBit uint64
	notCol0           uint64
	notColLast        uint64
	wall              T
	capTurns          int32
	path              uint64 // open-or-unknown cells holding a path from entry to exit
	fat               bool   // path is all the open-or-unknown cells of the task's node
	over              bool   // a walk passed capTurns
	st                [stackLen]fnode[T, A]
	last              prefix   // the node enter replayed last
	lastOK            bool     // st's levels below its node still hold last's decisions
	lastLevel         [64]int8 // the level of each open decision of last
	rootNode          fnode[T, A]
	layers            [MaxCells + 2]uint64
	bound             *bounder     // best-only pruning, nil for a full sweep
	stop              *atomic.Bool // when set, runTask cuts its task (nil: never)

	tally // of the tasks run since the last result, as in engine

	ref *engine // the reference engine: escalation and the maze text
}

// fastFits reports whether a fast engine can sweep sz.
func fastFits(sz mousemaze.Size) bool {
	return (sz.Rows+2)*(sz.Cols+2) <= fastCells && sz.Cells() <= 64
}

// newFast returns a fast engine for sz under cfg; fastFits(sz) must hold.
func newFast[T counter, A keys[T]](sz mousemaze.Size, cfg mousemaze.Config) *fast[T, A] {
	ref := newEngine(sz, cfg)
	f := &fast[T, A]{rows: sz.Rows, cols: sz.Cols, width: sz.Cols + 2, entryIdx: ref.entryIdx, exitIdx: ref.exitIdx,
		off: ref.off, entryBit: ref.entryBit, exitBit: ref.exitBit, notCol0: ref.notCol0, notColLast: ref.notColLast, ref: ref}
	var a A
	if (sz.Rows+2)*(sz.Cols+2) > len(a) {
		panic("sweep: grid too large for the fast engine's keys")
	}
	f.exitBorder = int32(ref.index(sz.Rows, cfg.Exit))
	f.wall = ^T(0)
	// A cell's visits never exceed half the turns (each arrival follows a
	// departure from a neighbour), so keys stay below the wall while the
	// turns stay below 2·(wall − 1).
	f.capTurns = int32(min(2*(int(f.wall)-2), math.MaxInt32/2))
	for r := 0; r < sz.Rows; r++ {
		for c := 0; c < sz.Cols; c++ {
			i := ref.index(r, c)
			f.bitOf[i] = 1 << uint(r*sz.Cols+c)
			f.ring[i] = newRingBits(r, c, sz.Rows, sz.Cols)
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					rr, cc := r+dr, c+dc
					if (dr != 0 || dc != 0) && rr >= 0 && rr < sz.Rows && cc >= 0 && cc < sz.Cols {
						f.nbr8[i] |= 1 << uint(rr*sz.Cols+cc)
					}
				}
			}
		}
	}
	f.makeRoot()
	f.tally = newTally(len(ref.bestState))
	return f
}

// root puts st[0] at the root: every cell unknown, the mouse outside.
func (f *fast[T, A]) root() *fnode[T, A] {
	f.st[0] = f.rootNode
	return &f.st[0]
}

// makeRoot builds the root node that root copies.
func (f *fast[T, A]) makeRoot() {
	n := &f.rootNode
	for i := 0; i < len(n.key); i++ {
		n.key[i] = f.wall
	}
	for r := 0; r < f.rows; r++ {
		for c := 0; c < f.cols; c++ {
			n.key[f.ref.index(r, c)] = 0
		}
	}
	n.key[f.exitBorder] = 0
	n.unknown = int32(f.rows * f.cols)
	n.free = ^uint64(0) >> uint(64-n.unknown)
	n.turns, n.pos, n.pending = 0, 0, -1
}

// clearTally zeroes the tally and forgets a walk that passed capTurns.
func (f *fast[T, A]) clearTally() {
	f.tally.clearTally()
	f.over = false
}

// advance walks the mouse on n until his next move depends on an unknown
// cell, which it returns, or until he steps onto the exit (−1). It returns
// −2 when the walk passes capTurns.
func (f *fast[T, A]) advance(n *fnode[T, A]) int32 {
	pos := n.pos
	if pos == 0 {
		return f.entryIdx
	}
	o0, o1, o2, o3 := f.off[0], f.off[1], f.off[2], f.off[3]
	turns, capT, exitB := n.turns, f.capTurns, f.exitBorder
	for {
		// The directions in preference order: the first with key 0 (an
		// unknown cell or the exit) decides the move at once; otherwise
		// the fewest visits, ties to the first.
		mask := int32(len(n.key) - 1)
		t := (pos + o0) & mask
		k := n.key[t]
		if k == 0 {
			goto zero
		}
		if m := (pos + o1) & mask; n.key[m] == 0 {
			t = m
			goto zero
		} else if n.key[m] < k {
			t, k = m, n.key[m]
		}
		if m := (pos + o2) & mask; n.key[m] == 0 {
			t = m
			goto zero
		} else if n.key[m] < k {
			t, k = m, n.key[m]
		}
		if m := (pos + o3) & mask; n.key[m] == 0 {
			t = m
			goto zero
		} else if n.key[m] < k {
			t, k = m, n.key[m]
		}
		goto move
	zero:
		// An unknown cell or the exit: an open cell has at least the
		// visit that opened it.
		n.pos = pos
		if t != exitB {
			n.turns = turns
			return t
		}
		n.turns = turns + 1
		return -1
	move:
		if turns >= capT {
			return -2
		}
		n.key[t] = k + 1
		turns++
		pos = t
	}
}

// leaf records the walk of n, which has just ended.
func (f *fast[T, A]) leaf(n *fnode[T, A]) {
	if f.addLeaf(n.turns, int(n.unknown)) {
		for i := range f.bestState {
			switch {
			case i == int(f.exitBorder):
				f.bestState[i] = cellExit
			case n.key[i] == f.wall:
				f.bestState[i] = cellWall
			case n.key[i] != 0:
				f.bestState[i] = cellOpen
			default:
				f.bestState[i] = cellUnknown
			}
		}
	}
}

// open takes the open branch of cell c at level d: the state is copied to
// level d+1, where c is open and the mouse steps onto it; the wall branch
// waits at level d.
func (f *fast[T, A]) open(d int, c int32) *fnode[T, A] {
	n := &f.st[d&(stackLen-1)]
	n.pending = c
	ch := &f.st[(d+1)&(stackLen-1)]
	*ch = *n
	ch.key[int(c)&(len(ch.key)-1)] = 1
	ch.openU |= f.bitOf[c&(fastCells-1)]
	ch.unknown--
	ch.turns++
	ch.pos = c
	return ch
}

// wallIn makes n's pending cell c a wall, in place, and reports whether an
// open-or-unknown path still joins the entry cell and the exit cell.
func (f *fast[T, A]) wallIn(n *fnode[T, A], c int32) bool {
	c &= fastCells - 1
	n.key[c] = f.wall
	n.unknown--
	b := f.bitOf[c]
	n.free &^= b
	if c == f.entryIdx || c == f.exitIdx {
		return false
	}
	if f.path&b == 0 {
		return true // the remembered path does not use c
	}
	if f.fat {
		return f.findPath(n.free)
	}
	// The 3×3 block around c: if c's open-or-unknown neighbours are joined
	// through the ring, the path can go around c.
	if ringJoined[f.ring[c].of(n.free)] {
		f.path = (f.path | f.nbr8[c]&n.free) &^ b
		return true
	}
	return f.findPath(n.free)
}

// wallOK reports whether an open-or-unknown path would still join the
// entry cell and the exit cell if the unknown cell c of n were a wall. It
// leaves n as it is; f.path stays valid for n (it may be replaced by a
// path that avoids c).
func (f *fast[T, A]) wallOK(n *fnode[T, A], c int32) bool {
	c &= fastCells - 1
	if c == f.entryIdx || c == f.exitIdx {
		return false
	}
	b := f.bitOf[c]
	if f.path&b == 0 {
		return true
	}
	if f.fat {
		return f.findPath(n.free &^ b)
	}
	if ringJoined[f.ring[c].of(n.free)] {
		f.path = (f.path | f.nbr8[c]&n.free) &^ b
		return true
	}
	return f.findPath(n.free &^ b)
}

// ringBits extracts from a grid word (bit r·C+c for cell (r, c)) the 3×3
// block around one cell as ringJoined indexes it (bit 3i+j for row i and
// column j of the block; the centre and cells off the grid are 0), with
// one shift and mask per row.
type ringBits struct {
	shift, lsh [3]uint8
	mask       [3]uint64
}

// of returns the block of free around the cell.
func (r *ringBits) of(free uint64) uint {
	return uint(free>>r.shift[0]&r.mask[0])<<r.lsh[0] | uint(free>>r.shift[1]&r.mask[1])<<r.lsh[1] | uint(free>>r.shift[2]&r.mask[2])<<r.lsh[2]
}

// newRingBits returns the ringBits of cell (r, c) on a grid of rows×cols.
func newRingBits(r, c, rows, cols int) ringBits {
	var rb ringBits
	for dr := -1; dr <= 1; dr++ {
		rr, k := r+dr, dr+1
		if rr < 0 || rr >= rows {
			continue
		}
		lo := max(c-1, 0)
		rb.shift[k] = uint8(rr*cols + lo)
		rb.lsh[k] = uint8(3*k + lo - (c - 1))
		for j := 0; j < 3; j++ {
			if cc := lo + j; cc <= min(c+1, cols-1) && (dr != 0 || cc != c) {
				rb.mask[k] |= 1 << uint(j)
			}
		}
	}
	return rb
}

// step returns the cells of open next to the cells of x.
func (f *fast[T, A]) step(x, open uint64) uint64 {
	c := uint(f.cols)
	return (x | x<<1&f.notCol0 | x>>1&f.notColLast | x<<c | x>>c) & open
}

// findPath searches open (the open-or-unknown cells) breadth first from
// the exit cell; when it reaches the entry cell it remembers one shortest
// path in f.path and returns true.
func (f *fast[T, A]) findPath(open uint64) bool {
	if open&f.entryBit == 0 || open&f.exitBit == 0 {
		return false
	}
	seen := f.exitBit
	f.layers[0] = seen
	k := 0
	for seen&f.entryBit == 0 {
		nx := f.step(seen, open)
		if nx == seen {
			return false
		}
		k++
		f.layers[k] = nx &^ seen
		seen = nx
	}
	cur := f.entryBit
	path := cur
	for j := k - 1; j >= 0; j-- {
		cand := f.step(cur, open) & f.layers[j]
		cur = cand & -cand
		path |= cur
	}
	f.path, f.fat = path, false
	return true
}

// enter replays p and returns the level of its node, or −1 when the node
// is a pruned wall branch, whose mazes it counts as infeasible. The replay
// starts from the root, or, when p takes the wall branch of a decision
// whose open branch the previous replay took (and everything before it
// the same), from the level that still holds that decision's state: the
// subtrees run since only used the levels above it.
func (f *fast[T, A]) enter(p prefix) int {
	var n *fnode[T, A]
	d, i := 0, 0
	if f.lastOK {
		m := bits.TrailingZeros64(p.Bits ^ f.last.Bits)
		if m < min(p.Len, f.last.Len) && f.last.Bits>>uint(m)&1 == 0 {
			d = int(f.lastLevel[m])
			n = &f.st[d]
			f.path, f.fat = n.free, true
			if !f.wallIn(n, n.pending) {
				if m != p.Len-1 {
					panic("sweep: prefix runs past a pruned branch")
				}
				f.infeasible.addPow2(int(n.unknown))
				f.lastOK = false
				return -1
			}
			i = m + 1
		}
	}
	if n == nil {
		n = f.root()
		f.path = n.free
	}
	f.last, f.lastOK = p, false
	for ; i < p.Len; i++ {
		c := f.advance(n)
		if c < 0 {
			panic("sweep: prefix runs past a leaf")
		}
		if p.Bits>>uint(i)&1 == 0 {
			f.lastLevel[i] = int8(d)
			n = f.open(d, c)
			d++
			continue
		}
		if !f.wallIn(n, c) {
			if i != p.Len-1 {
				panic("sweep: prefix runs past a pruned branch")
			}
			f.infeasible.addPow2(int(n.unknown))
			return -1
		}
	}
	f.lastOK = true
	// Every node the replay reaches keeps a path (each wall above passed
	// the test), so the open-or-unknown cells hold one; the first wall on
	// them looks for a short one.
	f.path, f.fat = n.free, true
	return d
}

// runTask adds the whole subtree below node p to the tally. It returns
// false when a walk passed capTurns, or when f.stop was set (it looks
// every stopEvery nodes); the tally is then void.
func (f *fast[T, A]) runTask(p prefix) bool {
	d := f.enter(p)
	if d < 0 {
		return true
	}
	base := d
	st := &f.st
	n := &st[d]
	for nodes := uint32(1); ; nodes++ {
		if nodes%stopEvery == 0 && f.stop != nil && f.stop.Load() {
			f.lastOK = false
			return false
		}
		before := n.turns
		c := f.advance(n)
		f.steps += uint64(n.turns - before)
		if c >= 0 {
			if f.bound != nil && !mayBeat(f, n) {
				f.pruned.addPow2(int(n.unknown))
				goto back
			}
			// Branch: the open child goes one level up, the wall branch
			// waits in n.
			f.steps++
			if !f.wallOK(n, c) {
				// The wall branch is pruned: count it and take the open
				// branch in place, with nothing to save.
				f.infeasible.addPow2(int(n.unknown) - 1)
				n.key[c&int32(len(n.key)-1)] = 1
				n.openU |= f.bitOf[c&(fastCells-1)]
				n.unknown--
				n.turns++
				n.pos = c
				continue
			}
			n = f.open(d, c)
			d++
			continue
		}
		if c == -2 {
			f.over = true
			f.lastOK = false
			return false
		}
		f.leaf(n)
	back:
		for {
			if d == base {
				return true
			}
			d--
			n = &st[d&(stackLen-1)]
			if f.wallIn(n, n.pending) {
				break
			}
			f.infeasible.addPow2(int(n.unknown))
		}
	}
}

// result returns the tally of the tasks run since the last call and
// clears it. The optimal maze's text is left out when their best is below
// skipBelow, so that it cannot be the pair's optimum.
func (f *fast[T, A]) result(pair int, skipBelow int64) taskResult {
	return f.tally.result(pair, skipBelow, f.ref.maze)
}
