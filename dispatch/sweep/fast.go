package sweep

import (
	"math"
	"math/bits"
	"sync/atomic"
	"unsafe"

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

// stackLen bounds the levels of a fast engine's stack: one per pending
// wall branch on the current path, at most MaxCells, plus the current one.
const stackLen = 128

// levelMask is stackLen − 1: a level's index masked with it needs no
// bounds check.
const levelMask = stackLen - 1

// fhdr is the state of the search at one level of a fast engine, but for
// the cell keys, which the level keeps in its own array: saved there when
// a wall branch is left pending, read back when its turn comes.
type fhdr struct {
	free    uint64 // bit r·C+c: cell (r, c) is open or unknown
	open    uint64 // bit r·C+c: cell (r, c) is decided open (the best-only bound reads it; a full sweep's search does not keep it on the levels above a task's node)
	wpath   uint64 // open-or-unknown cells holding an entry–exit path once pending is a wall (on the levels a replay made: before pending is decided)
	unknown int32  // undecided cells
	turns   int32  // turns so far
	pos     int32  // the mouse's padded position; 0 outside
	pending int32  // the cell whose wall branch is still to come
}

// fast is the sweep engine for grids whose padded form has at most
// fastCells cells. It searches the same tree as engine, in the same order,
// with the same tally. Its state is a stack of levels, one per wall branch
// left pending: the open branch copies the cell keys one level up and
// walks there, the wall branch later goes in place. Whether a wall cuts
// every entry–exit path is tested at the branch, before anything is
// saved: a cut wall is counted and the open branch walked in place, and a
// kept wall needs no test when its turn comes. The test keeps a set of
// open-or-unknown cells holding an entry–exit path (a wall off the set
// cuts nothing), then looks at the 3×3 ring around the cell (ring.go),
// and only then floods the grid. With down first in the order, the exit cell met
// undecided ends the walk at once (its wall cuts, and on it the mouse
// leaves). Every walk is checked against capTurns, beyond which a key
// could overflow; a task that passes it is run again by a wider engine.
type fast[T counter, A keys[T]] struct {
	// key holds the cell keys of each level. It comes first so that,
	// the engine being a large allocation, every level's keys start on a
	// cache line.
	key [stackLen]A

	rows, cols, width int
	entryIdx, exitIdx int32
	exitBorder        int32 // padded index of the exit, below the exit cell
	exitFirst         bool  // down comes first in the order: on the exit cell the mouse leaves at once
	exitStop          int32 // exitIdx when exitFirst, else −1
	off               [4]int32
	bitOf             [fastCells]uint64 // padded index → its bit in free (0 on the border)
	nbr8              [fastCells]uint64 // padded index → bits of the grid cells around it
	ring              ring
	entryBit, exitBit uint64
	exitNbr           uint64 // the exit cell's grid neighbours (all bits when it is the entry cell): a wall leaving none of them open or unknown cuts every path
	notCol0           uint64
	notColLast        uint64
	wall              T
	capTurns          int32
	over              bool // a walk passed capTurns
	hdr               [stackLen]fhdr
	path              uint64   // after enter: the node's set of open-or-unknown cells holding an entry–exit path, as runTask would have it there
	last              prefix   // the node enter replayed last
	lastOK            bool     // the levels below its node still hold last's decisions
	lastLevel         [64]int8 // the level of each open decision of last
	lastNode          int      // the level of last's node
	lastPath          uint64   // f.path for last's node
	rootPath          uint64   // a shortest entry–exit path of the root
	nodeKept          bool     // the level of last's node still holds it (runTask walks on it)
	rootKey           A
	bestKey           A // the keys of the tally's best leaf, which result turns into its cell states
	rootHdr           fhdr
	cur               curState          // search's state
	layers            [fastCells]uint64 // findPath's cells within each distance of the exit (a power of two: no division per index)
	bound             *bounder          // best-only pruning, nil for a full sweep
	stop              *atomic.Bool      // when set, runTask cuts its task (nil: never)
	live              *atomic.Uint64    // when set, runTask stores its leaves there every stopEvery leaves

	tally            // of the tasks run since the last result, as in engine
	cut   [64]uint64 // infeasible mazes not yet in tally: cut[u] wall branches of 2^u mazes each

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
	f.exitFirst = f.exitIdx+f.off[0] == f.exitBorder
	f.exitStop = -1
	if f.exitFirst {
		f.exitStop = f.exitIdx
	}
	f.wall = ^T(0)
	// A cell's visits never exceed half the turns (each arrival follows a
	// departure from a neighbour), so keys stay below the wall while the
	// turns stay below 2·(wall − 1).
	f.capTurns = int32(min(2*(int(f.wall)-2), math.MaxInt32/2))
	for r := 0; r < sz.Rows; r++ {
		for c := 0; c < sz.Cols; c++ {
			i := ref.index(r, c)
			f.bitOf[i] = 1 << uint(r*sz.Cols+c)
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
	f.ring = newRing(sz, ref.index)
	f.exitNbr = (f.exitBit<<1&f.notCol0 | f.exitBit>>1&f.notColLast | f.exitBit>>uint(sz.Cols)) &^ f.exitBit
	if f.exitBit == f.entryBit {
		f.exitNbr = ^uint64(0)
	}
	f.makeRoot()
	f.tally = newTally(len(ref.bestState))
	return f
}

// makeRoot builds the root: every cell unknown, the mouse outside.
func (f *fast[T, A]) makeRoot() {
	k := &f.rootKey
	for i := range len(*k) {
		(*k)[i] = f.wall
	}
	for r := 0; r < f.rows; r++ {
		for c := 0; c < f.cols; c++ {
			(*k)[f.ref.index(r, c)] = 0
		}
	}
	(*k)[f.exitBorder] = 0
	h := &f.rootHdr
	h.unknown = int32(f.rows * f.cols)
	h.free = ^uint64(0) >> uint(64-h.unknown)
	h.turns, h.pos, h.pending = 0, 0, -1
	f.rootPath, _ = f.findPath(h.free)
}

// clearTally zeroes the tally and forgets a walk that passed capTurns.
func (f *fast[T, A]) clearTally() {
	f.setRange()
	f.tally.clearTally()
	f.cut = [64]uint64{}
	f.over = false
}

// setRange sets the range of turns the tally's histogram may hold, which
// search does not keep up leaf by leaf: 0 to the most turns of a leaf.
func (f *fast[T, A]) setRange() {
	f.minT, f.maxT = 0, f.best
}

// addCut adds the wall branches that search counted in f.cut to the
// tally's infeasible mazes and clears f.cut.
func (f *fast[T, A]) addCut() {
	for u, n := range f.cut {
		if n != 0 {
			hi, lo := bits.Mul64(n, 1<<uint(u))
			f.infeasible.Add(Count{Hi: hi, Lo: lo})
		}
	}
	f.cut = [64]uint64{}
}

// advance walks the mouse on the keys k from the state h until his next
// move depends on an unknown cell, which it returns, or until he steps
// onto the exit (−1). It returns −2 when the walk passes capTurns. It
// serves the replays and the estimator; search has its own copy.
func (f *fast[T, A]) advance(k *A, h *fhdr) int32 {
	pos := h.pos
	if pos == 0 {
		return f.entryIdx
	}
	mask := int32(len(*k) - 1)
	turns := h.turns
	o0, o1, o2, o3 := f.off[0], f.off[1], f.off[2], f.off[3]
	for {
		// The first of the fewest keys in preference order (key 0, the
		// least, is an unknown cell or the exit), as search reads them.
		t := (pos + o0) & mask
		kt := (*k)[t]
		if m := (pos + o1) & mask; (*k)[m] < kt {
			t, kt = m, (*k)[m]
		}
		if m := (pos + o2) & mask; (*k)[m] < kt {
			t, kt = m, (*k)[m]
		}
		if m := (pos + o3) & mask; (*k)[m] < kt {
			t, kt = m, (*k)[m]
		}
		if kt == 0 {
			h.pos = pos
			if t != f.exitBorder {
				h.turns = turns
				return t
			}
			h.turns = turns + 1
			return -1
		}
		if turns >= f.capTurns {
			h.pos, h.turns = pos, turns
			return -2
		}
		(*k)[t] = kt + 1
		turns++
		pos = t
	}
}

// bestLeaf puts the cell states of the leaf on keys k in bestState.
func (f *fast[T, A]) bestLeaf(k *A) {
	for i := range f.bestState {
		switch {
		case i == int(f.exitBorder):
			f.bestState[i] = cellExit
		case (*k)[i] == f.wall:
			f.bestState[i] = cellWall
		case (*k)[i] != 0:
			f.bestState[i] = cellOpen
		default:
			f.bestState[i] = cellUnknown
		}
	}
}

// pathAround reports whether an open-or-unknown path still joins the entry
// cell and the exit cell when the unknown cell c of free (on path, a set
// of open-or-unknown cells holding such a path) is a wall, and if so
// returns a set of the remaining cells that holds one. It looks at the
// 3×3 ring around c first: if c's open-or-unknown neighbours are joined
// through it, a path through c can go around it. It finds the set search
// finds.
func (f *fast[T, A]) pathAround(free, path uint64, c int32) (uint64, bool) {
	c &= fastCells - 1
	if c == f.entryIdx || c == f.exitIdx {
		return 0, false
	}
	b := f.bitOf[c]
	if f.ring.joined(free, c) {
		return (path | f.nbr8[c]&free) &^ b, true
	}
	if !f.reaches(free &^ b) {
		return 0, false
	}
	return f.findPath(free &^ b)
}

// reaches reports whether open (the open-or-unknown cells) joins the
// exit cell to the entry cell: a flood from the exit, small enough to be
// inlined where a wall usually cuts every path.
func (f *fast[T, A]) reaches(open uint64) bool {
	entry, x := f.entryBit, f.exitBit&open
	c := uint(f.cols) & 63
	for x&entry == 0 {
		nx := (x | x<<1&f.notCol0 | x>>1&f.notColLast | x<<c | x>>c) & open
		if nx == x {
			return false
		}
		x = nx
	}
	return true
}

// findPath searches open (the open-or-unknown cells) breadth first from
// the exit cell; when it reaches the entry cell it returns one shortest
// path and true.
func (f *fast[T, A]) findPath(open uint64) (uint64, bool) {
	entry, exit := f.entryBit, f.exitBit
	if open&entry == 0 || open&exit == 0 {
		return 0, false
	}
	c := uint(f.cols) & 63
	nc0, ncl := f.notCol0, f.notColLast
	step := func(x uint64) uint64 { return (x | x<<1&nc0 | x>>1&ncl | x<<c | x>>c) & open }
	// layers[k] holds the cells within k steps of the exit; a cell k+1
	// steps away has its neighbours in it exactly k steps away.
	layers := &f.layers
	const lm = uint(len(f.layers) - 1)
	seen := exit
	layers[0] = seen
	k := uint(0)
	for seen&entry == 0 {
		nx := step(seen)
		if nx == seen {
			return 0, false
		}
		k++
		layers[k&lm] = nx
		seen = nx
	}
	cur := entry
	path := cur
	for ; k > 0; k-- {
		cand := step(cur) & layers[(k-1)&lm]
		cur = cand & -cand
		path |= cur
	}
	return path, true
}

// enter replays p and returns the level of its node, whose state is then
// in f.hdr and f.key at that level, with in f.path the set of its
// open-or-unknown cells holding an entry–exit path that runTask would have
// at that node (the set depends only on the decisions from the root, so
// a sweep cut into tasks floods as often as one that is not); or −1 when
// the node is a pruned wall branch, whose mazes it counts as infeasible.
// The replay starts from the root, or, when p takes the wall branch of a
// decision whose open branch the previous replay took (and everything
// before it the same), from the level that still holds that decision's
// state: the subtrees run since only used the levels above it.
func (f *fast[T, A]) enter(p prefix) int {
	const sm = stackLen - 1
	if f.lastOK && f.nodeKept && p == f.last {
		// The same node again, which the levels still hold (probes
		// leave it as it is).
		f.path = f.lastPath
		return f.lastNode
	}
	d, i := 0, 0
	var path uint64
	resumed := false
	if f.lastOK {
		m := bits.TrailingZeros64(p.Bits ^ f.last.Bits)
		if m < min(p.Len, f.last.Len) && f.last.Bits>>uint(m)&1 == 0 {
			d = int(f.lastLevel[m])
			h := &f.hdr[d&sm]
			wp, ok := f.wallPath(h.free, h.wpath, h.pending)
			f.wallAt(d, h.pending)
			if !ok {
				if m != p.Len-1 {
					panic("sweep: prefix runs past a pruned branch")
				}
				f.infeasible.addPow2(int(h.unknown))
				// The levels below still hold p's open decisions: the
				// next task resumes from one of them.
				f.last, f.nodeKept = p, false
				return -1
			}
			i, resumed, path = m+1, true, wp
		}
	}
	if !resumed {
		f.key[0], f.hdr[0] = f.rootKey, f.rootHdr
		path = f.rootPath
	}
	f.last, f.lastOK = p, false
	for ; i < p.Len; i++ {
		h := &f.hdr[d&sm]
		c := f.advance(&f.key[d&sm], h)
		if c < 0 {
			panic("sweep: prefix runs past a leaf")
		}
		if p.Bits>>uint(i)&1 == 0 {
			// The open branch one level up; this level keeps the path
			// before the decision (in wpath) for a replay that resumes
			// here with the wall.
			f.lastLevel[i] = int8(d)
			h.pending, h.wpath = c, path
			f.key[(d+1)&sm], f.hdr[(d+1)&sm] = f.key[d&sm], *h
			d++
			f.openAt(d, c)
			continue
		}
		wp, ok := f.wallPath(h.free, path, c)
		f.wallAt(d, c)
		if !ok {
			if i != p.Len-1 {
				panic("sweep: prefix runs past a pruned branch")
			}
			f.infeasible.addPow2(int(h.unknown))
			f.lastOK, f.nodeKept = true, false // as above
			return -1
		}
		path = wp
	}
	f.lastOK = true
	f.path = path
	f.lastNode, f.lastPath, f.nodeKept = d, f.path, true
	return d
}

// openAt makes the unknown cell c open at level d, in place, and moves
// the mouse onto it.
func (f *fast[T, A]) openAt(d int, c int32) {
	const sm = stackLen - 1
	h := &f.hdr[d&sm]
	f.key[d&sm][int(c)&(len(f.key[0])-1)] = 1
	h.open |= f.bitOf[c&(fastCells-1)]
	h.unknown--
	h.turns++
	h.pos = c
}

// wallAt makes the unknown cell c a wall at level d, in place.
func (f *fast[T, A]) wallAt(d int, c int32) {
	const sm = stackLen - 1
	h := &f.hdr[d&sm]
	f.key[d&sm][int(c)&(len(f.key[0])-1)] = f.wall
	h.unknown--
	h.free &^= f.bitOf[c&(fastCells-1)]
}

// wallPath is search's test of a wall on the unknown cell c of free,
// where path is a set of open-or-unknown cells holding an entry–exit
// path: it reports whether such a path remains with c a wall, and if so
// returns a set that holds one.
func (f *fast[T, A]) wallPath(free, path uint64, c int32) (uint64, bool) {
	if path&f.bitOf[c&(fastCells-1)] == 0 {
		return path, true
	}
	return f.pathAround(free, path, c)
}

// copyKeys copies n bytes, a multiple of 64, from src to dst: a level's
// keys, in 16-byte moves the compiler writes out (an assignment of the
// generic array calls memmove, which spills every register).
func copyKeys(dst, src unsafe.Pointer, n uintptr) {
	for end := unsafe.Add(src, n); src != end; src, dst = unsafe.Add(src, 64), unsafe.Add(dst, 64) {
		*(*[16]byte)(dst) = *(*[16]byte)(src)
		*(*[16]byte)(unsafe.Add(dst, 16)) = *(*[16]byte)(unsafe.Add(src, 16))
		*(*[16]byte)(unsafe.Add(dst, 32)) = *(*[16]byte)(unsafe.Add(src, 32))
		*(*[16]byte)(unsafe.Add(dst, 48)) = *(*[16]byte)(unsafe.Add(src, 48))
	}
}

// curState is the state of search's current level that the walk does
// not need: search keeps it in memory, so that the walk has the
// registers to itself.
type curState struct {
	free, open, path uint64 // as in fhdr (open kept only when the search prunes); path holds an entry–exit path of free
	unknown          int32  // undecided cells
	d, base          int32  // the current level and the task's
}

// result returns the tally of the tasks run since the last call and
// clears it. The optimal maze's text is left out when their best is below
// skipBelow, so that it cannot be the pair's optimum.
func (f *fast[T, A]) result(pair int, skipBelow int64) taskResult {
	f.addCut()
	f.addLeafSteps()
	f.setRange()
	if f.best > 0 && int64(f.best) >= skipBelow {
		f.bestLeaf(&f.bestKey)
	}
	return f.tally.result(pair, skipBelow, f.ref.maze)
}

// addLeafSteps adds the last turns of every leaf in the tally to its
// steps: search leaves them out at the leaves (each walk counts its last
// turns less its first), and they are the turns in the histogram.
func (f *fast[T, A]) addLeafSteps() {
	for t := int32(0); t <= f.best; t++ {
		f.steps += uint64(t) * f.histLeaves[t]
	}
}
