package sweep

import (
	"math"
	"math/rand/v2"
	"sync/atomic"

	"github.com/mousemaze/mousemaze"
)

// Cell states on the padded grid. The engine works on a grid with one
// border cell on every side: the border is a wall, except the cell below
// the exit column, which is the exit.
const (
	cellUnknown uint8 = iota
	cellOpen
	cellWall
	cellExit
)

// padCells bounds the padded grid: (R+2)(C+2) ≤ 198 cells for R·C ≤ 64,
// so a uint8 indexes it without bounds checks.
const padCells = 256

// wallVal is the visit value of a wall: never the fewest.
const wallVal = math.MaxUint32

// frame is one branch point on the explicit stack: the cell whose value
// the mouse's next move depends on, and the mouse's state just before.
type frame struct {
	cell  int32 // padded index of the undecided cell
	pos   int32 // the mouse's position before the move (-1: outside)
	turns int32 // turns before the move
	trail int32 // length of the visit trail before the move
	wall  bool  // the wall branch is being explored (the open one is done)
}

// engine walks the mouse over partly decided mazes of one size and one
// Config. It holds every buffer it needs, so the search allocates nothing
// once it runs. An engine is used by one goroutine.
type engine struct {
	rows, cols, width int
	entry, exit       int   // columns
	entryIdx          int32 // padded index of the entry cell
	off               [4]int32
	state             [padCells]uint8
	val               [padCells]uint32              // visits of open cells; 0 for unknown cells and the exit; wallVal for walls
	rowOf, colOf      []int8                        // padded index → row and column (−1 on the border)
	exitIdx           int32                         // padded index of the exit cell (last row, exit column)
	notWall           [mousemaze.MaxSide + 2]uint64 // row r+1, bit c+1: cell (r, c) is open or unknown
	free              uint64                        // bit r·C+c: cell (r, c) is open or unknown
	entryBit, exitBit uint64                        // the bits of the entry and exit cells in free
	notCol0           uint64                        // every cell but those of column 0
	notColLast        uint64                        // every cell but those of the last column
	small             bool                          // at most 8 rows and 8 columns
	unknown           int
	pos               int32
	turns             int32
	trail             []uint8
	ntrail            int
	frames            [MaxCells + 1]frame // the branch stack; nf frames are in use
	nf                int

	cutFlag *atomic.Bool // when set, runTask cuts its task (nil: never)

	tally // of the tasks run since the last result
}

// newEngine returns an engine for R×C mazes under cfg, which must be valid.
func newEngine(sz mousemaze.Size, cfg mousemaze.Config) *engine {
	e := &engine{rows: sz.Rows, cols: sz.Cols, width: sz.Cols + 2, entry: cfg.Entry, exit: cfg.Exit}
	n := (sz.Rows + 2) * e.width
	e.rowOf = make([]int8, n)
	e.colOf = make([]int8, n)
	e.tally = newTally(n)
	for i := range n {
		r, c := i/e.width-1, i%e.width-1
		if r < 0 || r >= sz.Rows || c < 0 || c >= sz.Cols {
			r, c = -1, -1
		}
		e.rowOf[i], e.colOf[i] = int8(r), int8(c)
	}
	e.entryIdx = int32(e.index(0, cfg.Entry))
	e.exitIdx = int32(e.index(sz.Rows-1, cfg.Exit))
	e.small = sz.Rows <= 8 && sz.Cols <= 8
	e.entryBit = 1 << uint(cfg.Entry)
	e.exitBit = 1 << uint((sz.Rows-1)*sz.Cols+cfg.Exit)
	for r := 0; r < sz.Rows; r++ {
		e.notCol0 |= (mousemaze.RowMask(sz.Cols) &^ 1) << uint(r*sz.Cols)
		e.notColLast |= (mousemaze.RowMask(sz.Cols) >> 1) << uint(r*sz.Cols)
	}
	for i, d := range cfg.Order.Resolve() {
		dr, dc := d.Delta()
		e.off[i] = int32(dr*e.width + dc)
	}
	e.trail = make([]uint8, 1024)
	e.reset()
	return e
}

// index returns the padded index of cell (r, c); r and c may be −1 or one
// past the last row or column.
func (e *engine) index(r, c int) int { return (r+1)*e.width + c + 1 }

// reset puts the engine at the root: every cell unknown, the mouse outside.
func (e *engine) reset() {
	for i := range e.rowOf {
		e.state[i] = cellWall
		e.val[i] = wallVal
	}
	for r := 0; r < e.rows; r++ {
		for c := 0; c < e.cols; c++ {
			e.state[e.index(r, c)] = cellUnknown
			e.val[e.index(r, c)] = 0
		}
		e.notWall[r+1] = mousemaze.RowMask(e.cols) << 1
	}
	e.state[e.index(e.rows, e.exit)] = cellExit
	e.val[e.index(e.rows, e.exit)] = 0
	e.unknown = e.rows * e.cols
	e.free = ^uint64(0) >> uint(64-e.unknown)
	e.pos, e.turns, e.ntrail = -1, 0, 0
	e.nf = 0
}

// advance walks the mouse until his next move depends on an unknown cell,
// which it returns, or until he steps onto the exit, when it returns −1.
// An unknown cell has never been visited, so if open it has 0 visits: it
// matters exactly when no direction before it in the order offers 0
// visits (an open cell never visited, or the exit).
func (e *engine) advance() int32 {
	pos := e.pos
	if pos < 0 {
		return e.entryIdx // only the root's first decision: the entry cell
	}
	st, val := &e.state, &e.val
	off := e.off
	turns, n, tr := e.turns, e.ntrail, e.trail
	for {
		// The four directions in preference order. A value of 0 is a
		// 0-visit open cell, the exit or an unknown cell: the first one in
		// the order decides the move; else the fewest visits do.
		best, bv := int32(0), uint32(wallVal)
		for _, o := range off {
			m := pos + o
			if v := val[uint8(m)]; v == 0 {
				if s := st[uint8(m)]; s != cellOpen {
					return e.stop(m, s, pos, turns, n)
				}
				best = m
				break
			} else if v < bv {
				best, bv = m, v
			}
		}
		pos = best
		val[uint8(pos)]++
		turns++
		if n == len(tr) {
			tr = append(tr, make([]uint8, len(tr))...)
			e.trail = tr
		}
		tr[n] = uint8(pos)
		n++
	}
}

// stop saves the walk's state where advance stopped: before an unknown
// cell m, which it returns, or on the exit, when it returns −1.
func (e *engine) stop(m int32, s uint8, pos, turns int32, n int) int32 {
	e.steps += uint64(n - e.ntrail)
	e.pos, e.ntrail = pos, n
	if s == cellUnknown {
		e.turns = turns
		return m
	}
	e.steps++ // the move onto the exit
	e.turns = turns + 1
	return -1
}

// push records a branch on cell c and takes its first branch: c is open
// and the mouse, whose move depended on it, steps onto it.
func (e *engine) push(c int32) {
	e.frames[e.nf] = frame{cell: c, pos: e.pos, turns: e.turns, trail: int32(e.ntrail)}
	e.nf++
	e.state[c] = cellOpen
	e.unknown--
	e.moveTo(c)
}

// moveTo moves the mouse onto the open cell c.
func (e *engine) moveTo(c int32) {
	e.pos = c
	e.val[c]++
	e.turns++
	if e.ntrail == len(e.trail) {
		e.trail = append(e.trail, make([]uint8, len(e.trail))...)
	}
	e.trail[e.ntrail] = uint8(c)
	e.ntrail++
}

// pushRewound pushes the frame of cell c and undoes the walk back to the
// state saved in it, as a branch must before it is taken; it returns the
// frame.
func (e *engine) pushRewound(c int32) *frame {
	e.push(c)
	f := &e.frames[e.nf-1]
	e.rewind(f)
	return f
}

// rewind undoes the walk back to the state saved in f.
func (e *engine) rewind(f *frame) {
	for _, c := range e.trail[f.trail:e.ntrail] {
		e.val[c]--
	}
	e.ntrail = int(f.trail)
	e.pos, e.turns = f.pos, f.turns
}

// setWall makes the undecided cell c a wall.
func (e *engine) setWall(c int32) {
	e.state[c] = cellWall
	e.val[c] = wallVal
	e.notWall[e.rowOf[c]+1] &^= 2 << uint(e.colOf[c])
	e.free &^= 1 << uint(int(e.rowOf[c])*e.cols+int(e.colOf[c]))
}

// unset makes the decided cell c unknown again.
func (e *engine) unset(c int32) {
	e.state[c] = cellUnknown
	e.val[c] = 0
	e.notWall[e.rowOf[c]+1] |= 2 << uint(e.colOf[c])
	e.free |= 1 << uint(int(e.rowOf[c])*e.cols+int(e.colOf[c]))
	e.unknown++
}

// wallKeepsPath makes the undecided cell c a wall and reports whether an
// open-or-unknown path still joins the entry cell and the exit cell. When
// none does, no completion of the partly decided maze is feasible.
//
// Before the wall, such a path existed (every earlier wall passed this
// test). A local test settles most cases: if the open-or-unknown cells
// among c's four neighbours are joined to each other through the eight
// cells around c, any path through c can go around it, so walling c cuts
// nothing. Only otherwise is the whole grid flooded.
func (e *engine) wallKeepsPath(c int32) bool {
	if c == e.entryIdx || c == e.exitIdx {
		e.setWall(c)
		return false
	}
	r, col := int(e.rowOf[c]), uint(e.colOf[c])
	nw := &e.notWall
	ring := nw[r]>>col&7 | (nw[r+1]>>col&7)<<3 | (nw[r+2]>>col&7)<<6
	e.setWall(c)
	if ringJoined[ring] {
		return true
	}
	return e.reachable()
}

// ringJoined[p] tells, for the 3×3 block p around a cell (bit 3i+j for
// row i, column j of the block; the centre bit ignored), whether the set
// cells among the four neighbours of the centre are joined through the
// set cells of the ring around it.
var ringJoined = func() (t [512]bool) {
	// The ring in cyclic order: N, NE, E, SE, S, SW, W, NW; consecutive
	// cells of the ring share an edge.
	ring := [8]uint{1, 2, 5, 8, 7, 6, 3, 0}
	for p := range 512 {
		on := func(i int) bool { return p>>ring[(i+8)%8]&1 != 0 }
		// Label the runs of set cells around the ring.
		var comp [8]int
		label := 0
		for i := range 8 {
			comp[i] = -1
		}
		for i := range 8 {
			if !on(i) || comp[i] >= 0 {
				continue
			}
			label++
			for j := i; on(j) && comp[(j+8)%8] < 0; j++ {
				comp[(j+8)%8] = label
			}
			for j := i - 1; on(j) && comp[(j+8)%8] < 0; j-- {
				comp[(j+8)%8] = label
			}
		}
		seen := -1
		ok := true
		for _, i := range []int{0, 2, 4, 6} { // N, E, S, W
			if !on(i) {
				continue
			}
			if seen < 0 {
				seen = comp[i]
			} else if comp[i] != seen {
				ok = false
			}
		}
		t[p] = ok
	}
	return t
}()

// reachable reports whether an open-or-unknown path joins the entry cell
// and the exit cell. The whole grid is one word (bit r·C+c for cell r, c).
// Two floods grow at once, from the entry and from the exit, along rows
// and columns by doubling steps (Kogge–Stone): they meet when a path
// exists, and otherwise the smaller side stops growing first.
func (e *engine) reachable() bool {
	open := e.free
	if open&e.entryBit == 0 || open&e.exitBit == 0 {
		return false
	}
	x, y := e.entryBit, e.exitBit
	for {
		nx := e.grow(x, open)
		if nx&y != 0 {
			return true
		}
		if nx == x {
			return false
		}
		ny := e.grow(y, open)
		if ny&nx != 0 {
			return true
		}
		if ny == y {
			return false
		}
		x, y = nx, ny
	}
}

// grow extends the set x of cells inside open along every row run it
// touches, then along every column run.
func (e *engine) grow(x, open uint64) uint64 {
	c, n := uint(e.cols), uint(e.rows*e.cols)
	if e.small {
		// Runs of at most 8 cells: three doubling steps each way.
		g, p := x, open&e.notCol0
		g |= p & (g << 1)
		p &= p << 1
		g |= p & (g << 2)
		p &= p << 2
		g |= p & (g << 4)
		h, q := g, open&e.notColLast
		h |= q & (h >> 1)
		q &= q >> 1
		h |= q & (h >> 2)
		q &= q >> 2
		h |= q & (h >> 4)
		g, p = h, open
		g |= p & (g << c)
		p &= p << c
		g |= p & (g << (2 * c))
		p &= p << (2 * c)
		g |= p & (g << (4 * c))
		h, q = g, open
		h |= q & (h >> c)
		q &= q >> c
		h |= q & (h >> (2 * c))
		q &= q >> (2 * c)
		h |= q & (h >> (4 * c))
		return h
	}
	g, p := x, open&e.notCol0
	for s := uint(1); s < c; s <<= 1 {
		g |= p & (g << s)
		p &= p << s
	}
	h, q := g, open&e.notColLast
	for s := uint(1); s < c; s <<= 1 {
		h |= q & (h >> s)
		q &= q >> s
	}
	g, p = h, open
	for s := c; s < n; s <<= 1 {
		g |= p & (g << s)
		p &= p << s
	}
	h, q = g, open
	for s := c; s < n; s <<= 1 {
		h |= q & (h >> s)
		q &= q >> s
	}
	return h
}

// leaf records the walk that just ended: 2^unknown mazes with e.turns turns.
func (e *engine) leaf() {
	if e.addLeaf(e.turns, e.unknown) {
		copy(e.bestState, e.state[:])
	}
}

// backtrack moves to the next unexplored branch above base: the wall
// branch of the deepest frame whose open branch is done and whose wall
// keeps the exit reachable. Pruned wall branches are counted as
// infeasible. It returns false when no branch is left above base.
func (e *engine) backtrack(base int) bool {
	for e.nf > base {
		f := &e.frames[e.nf-1]
		e.rewind(f)
		if !f.wall {
			f.wall = true
			if e.wallKeepsPath(f.cell) {
				return true
			}
			e.infeasible.addPow2(e.unknown)
			continue
		}
		e.unset(f.cell)
		e.nf--
	}
	return false
}

// A prefix names a node of the search tree by its decisions from the root:
// bit i is 1 when decision i took the wall branch.
type prefix struct {
	Bits uint64
	Len  int
}

// enter replays p from the root. It returns false when the node is a pruned
// wall branch, whose mazes it counts as infeasible; the stack then holds
// p's frames either way.
func (e *engine) enter(p prefix) bool {
	e.reset()
	for i := 0; i < p.Len; i++ {
		c := e.advance()
		if c < 0 {
			panic("sweep: prefix runs past a leaf")
		}
		e.push(c)
		if p.Bits>>uint(i)&1 != 0 {
			f := &e.frames[e.nf-1]
			e.rewind(f)
			f.wall = true
			if !e.wallKeepsPath(c) {
				if i != p.Len-1 {
					panic("sweep: prefix runs past a pruned branch")
				}
				e.infeasible.addPow2(e.unknown)
				return false
			}
		}
	}
	return true
}

// runTask adds the whole subtree below node p to the tally. When e.cutFlag
// is set (it looks every stopEvery nodes) it returns early, leaving the
// tally partial: the caller must then drop it.
func (e *engine) runTask(p prefix) {
	s0 := e.steps
	ok := e.enter(p)
	e.steps = s0 // the replay is not the task's work
	if !ok {
		return
	}
	base := e.nf
	for nodes := uint32(1); ; nodes++ {
		if nodes%stopEvery == 0 && e.cutFlag != nil && e.cutFlag.Load() {
			return
		}
		if c := e.advance(); c >= 0 {
			e.push(c)
			e.steps++
			if c == e.exitIdx || c == e.entryIdx {
				// A walled entry or exit cell leaves no feasible
				// completion: count the wall branch now and skip it.
				e.frames[e.nf-1].wall = true
				e.infeasible.addPow2(e.unknown)
			}
			continue
		}
		e.leaf()
		if !e.backtrack(base) {
			return
		}
	}
}

// split lists the nodes that divide the tree into tasks: every node with
// depth decisions, and every leaf or pruned branch above that depth. In
// depth-first order (open before wall) they cover every maze exactly once.
func (e *engine) split(depth int) []prefix {
	ps, _ := e.splitBelowInto(nil, prefix{}, depth)
	return ps
}

// splitInto is split appending to out.
func (e *engine) splitInto(out []prefix, depth int) []prefix {
	ps, _ := e.splitBelowInto(out, prefix{}, depth)
	return ps
}

// splitCounts returns, for every depth d from 0 to maxDepth, the number of
// tasks split(d) lists, from one walk of the tree down to maxDepth: the
// nodes at depth d and the leaves and pruned branches above it.
func (e *engine) splitCounts(maxDepth int) []int {
	counts, _ := e.splitTop(maxDepth, 0)
	return counts
}

// splitTop is splitCounts, and also returns split(maxDepth) from the same
// walk unless that has more than limit tasks (then nil).
func (e *engine) splitTop(maxDepth, limit int) ([]int, []prefix) {
	c := splitCount{at: make([]int, maxDepth+1), ends: make([]int, maxDepth+1), limit: limit}
	ps, _ := e.splitWalk(nil, prefix{}, maxDepth, &c)
	counts, above := make([]int, maxDepth+1), 0
	for d := range counts {
		counts[d] = c.at[d] + above
		above += c.ends[d]
	}
	return counts, ps
}

// splitCount is what splitWalk counts by depth: the nodes, and the leaves
// and pruned branches; it lists the tasks while there are at most limit.
type splitCount struct {
	at, ends []int
	limit    int
}

// splitBelow is split for the subtree below node p: the nodes with depth
// decisions (depth > p.Len) and the leaves and pruned branches above them
// and below p, or p alone when it is a pruned branch. It also returns the
// steps runTask(p) takes above those nodes, which running them does not
// count: the walks to the decisions above depth and the moves onto their
// cells (the walks to leaves above depth are the leaves' own).
func (e *engine) splitBelow(p prefix, depth int) ([]prefix, uint64) {
	return e.splitBelowInto(nil, p, depth)
}

// splitBelowInto is splitBelow appending to out.
func (e *engine) splitBelowInto(out []prefix, p prefix, depth int) ([]prefix, uint64) {
	return e.splitWalk(out, p, depth, nil)
}

// splitWalk is splitBelowInto, counting into c when c is not nil.
func (e *engine) splitWalk(out []prefix, p prefix, depth int, c *splitCount) ([]prefix, uint64) {
	s0, inf0 := e.steps, e.infeasible
	defer func() { e.steps, e.infeasible = s0, inf0 }() // splitting is not a task's work
	if !e.enter(p) {
		e.reset()
		return append(out, p), 0
	}
	base := e.nf
	s1 := e.steps
	// walls has bit i set when frame i takes its wall branch, kept as the
	// frames change.
	walls := p.Bits & (1<<uint(p.Len) - 1)
	task := func(end bool) { // the current node is a task, and an end when end is set
		if c != nil {
			if end {
				c.ends[e.nf]++
			}
			if len(out) >= c.limit {
				out, c.limit = nil, -1 // too many: list none
				return
			}
		}
		out = append(out, prefix{Bits: walls, Len: e.nf})
	}
	for {
		// Descend until a leaf or the depth limit.
		for {
			if c != nil {
				c.at[e.nf]++
			}
			if e.nf == depth {
				task(false)
				break
			}
			before := e.steps
			cell := e.advance()
			if cell < 0 {
				e.steps = before
				task(true)
				break
			}
			e.push(cell)
			e.steps++
		}
		// Backtrack, listing pruned wall branches as nodes of their own.
		for {
			if e.nf == base {
				e.reset()
				return out, e.steps - s1
			}
			f := &e.frames[e.nf-1]
			e.rewind(f)
			if !f.wall {
				f.wall = true
				walls |= 1 << uint(e.nf-1)
				if e.wallKeepsPath(f.cell) {
					break
				}
				if c != nil {
					c.at[e.nf]++
				}
				task(true)
				continue
			}
			e.unset(f.cell)
			e.nf--
			walls &^= 1 << uint(e.nf)
		}
	}
}

// estimate returns Knuth's unbiased estimate of the number of leaves below
// node p, averaged over probes random descents: each descent multiplies
// the number of live children (1 or 2) at every branch it passes.
func (e *engine) estimate(p prefix, probes int, rng *rand.Rand) float64 {
	var sum float64
	for range probes {
		if !e.enter(p) {
			e.reset()
			return 0
		}
		est := 1.0
		for {
			c := e.advance()
			if c < 0 {
				break
			}
			f := e.pushRewound(c)
			wallOK := e.wallKeepsPath(c)
			if wallOK {
				est *= 2
			}
			if wallOK && rng.IntN(2) == 1 {
				f.wall = true
				continue
			}
			e.state[c] = cellOpen
			e.val[c] = 0
			e.notWall[e.rowOf[c]+1] |= 2 << uint(e.colOf[c])
			e.free |= 1 << uint(int(e.rowOf[c])*e.cols+int(e.colOf[c]))
			e.moveTo(c)
		}
		sum += est
	}
	e.reset()
	e.clearTally()
	return sum / float64(probes)
}

// maze returns the completion of a saved cell-state grid in which every
// unknown cell is open, and the grid's pattern with '?' for unknown cells.
func (e *engine) maze(state []uint8) (mousemaze.Maze, string) {
	m := mousemaze.NewMaze(e.rows, e.cols)
	b := make([]byte, 0, e.rows*(e.cols+1))
	for r := 0; r < e.rows; r++ {
		for c := 0; c < e.cols; c++ {
			switch state[e.index(r, c)] {
			case cellWall:
				m.SetWall(r, c, true)
				b = append(b, 'X')
			case cellOpen:
				b = append(b, '.')
			default:
				b = append(b, '?')
			}
		}
		b = append(b, '\n')
	}
	return m, string(b)
}
