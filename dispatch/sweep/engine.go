package sweep

import (
	"math"
	"math/rand/v2"

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
	state             []uint8
	val               []uint32                      // visits of open cells; 0 for unknown cells and the exit; wallVal for walls
	rowOf, colOf      []int8                        // padded index → row and column (−1 on the border)
	exitIdx           int32                         // padded index of the exit cell (last row, exit column)
	notWall           [mousemaze.MaxSide + 2]uint64 // row r+1, bit c+1: cell (r, c) is open or unknown
	reach             [mousemaze.MaxSide + 2]uint64
	unknown           int
	pos               int32
	turns             int32
	trail             []int32
	ntrail            int
	frames            []frame

	// The tally of the current task.
	leaves     uint64
	hist       []Count  // turns → weighted mazes
	histLeaves []uint64 // turns → leaves (maze classes)
	minT, maxT int32    // the range of turns touched in hist
	infeasible Count
	best       int32   // the most turns of any leaf in this task, −1 if none
	bestState  []uint8 // the cell states at the first leaf with best turns
}

// newEngine returns an engine for R×C mazes under cfg, which must be valid.
func newEngine(sz mousemaze.Size, cfg mousemaze.Config) *engine {
	e := &engine{rows: sz.Rows, cols: sz.Cols, width: sz.Cols + 2, entry: cfg.Entry, exit: cfg.Exit}
	n := (sz.Rows + 2) * e.width
	e.state = make([]uint8, n)
	e.val = make([]uint32, n)
	e.rowOf = make([]int8, n)
	e.colOf = make([]int8, n)
	e.bestState = make([]uint8, n)
	for i := range n {
		r, c := i/e.width-1, i%e.width-1
		if r < 0 || r >= sz.Rows || c < 0 || c >= sz.Cols {
			r, c = -1, -1
		}
		e.rowOf[i], e.colOf[i] = int8(r), int8(c)
	}
	e.entryIdx = int32(e.index(0, cfg.Entry))
	e.exitIdx = int32(e.index(sz.Rows-1, cfg.Exit))
	for i, d := range cfg.Order.Resolve() {
		dr, dc := d.Delta()
		e.off[i] = int32(dr*e.width + dc)
	}
	e.trail = make([]int32, 1024)
	e.frames = make([]frame, 0, sz.Cells()+1)
	e.hist = make([]Count, 1024)
	e.histLeaves = make([]uint64, 1024)
	e.reset()
	e.clearTally()
	return e
}

// index returns the padded index of cell (r, c); r and c may be −1 or one
// past the last row or column.
func (e *engine) index(r, c int) int { return (r+1)*e.width + c + 1 }

// reset puts the engine at the root: every cell unknown, the mouse outside.
func (e *engine) reset() {
	for i := range e.state {
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
	e.pos, e.turns, e.ntrail = -1, 0, 0
	e.frames = e.frames[:0]
}

// clearTally zeroes the tally of the current task.
func (e *engine) clearTally() {
	if e.minT <= e.maxT {
		for t := e.minT; t <= e.maxT; t++ {
			e.hist[t], e.histLeaves[t] = Count{}, 0
		}
	}
	e.leaves, e.infeasible, e.best = 0, Count{}, -1
	e.minT, e.maxT = math.MaxInt32, -1
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
	st, val, off := e.state, e.val, e.off
	turns, n, tr := e.turns, e.ntrail, e.trail
	for {
		best, bv := int32(-1), uint32(math.MaxUint32)
		for _, o := range off {
			m := pos + o
			if v := val[m]; v < bv {
				if v == 0 {
					// A 0-visit open cell, the exit or an unknown cell:
					// the first in the order decides the move.
					switch st[m] {
					case cellUnknown:
						e.pos, e.turns, e.ntrail = pos, turns, n
						return m
					case cellExit:
						e.pos, e.turns, e.ntrail = pos, turns+1, n
						return -1
					}
					best = m
					break
				}
				best, bv = m, v
			}
		}
		pos = best
		val[pos]++
		turns++
		if n == len(tr) {
			tr = append(tr, make([]int32, len(tr))...)
			e.trail = tr
		}
		tr[n] = pos
		n++
	}
}

// push records a branch on cell c and takes its first branch: c is open
// and the mouse, whose move depended on it, steps onto it.
func (e *engine) push(c int32) {
	e.frames = append(e.frames, frame{cell: c, pos: e.pos, turns: e.turns, trail: int32(e.ntrail)})
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
		e.trail = append(e.trail, make([]int32, len(e.trail))...)
	}
	e.trail[e.ntrail] = c
	e.ntrail++
}

// rewind undoes the walk back to the state saved in f.
func (e *engine) rewind(f *frame) {
	for i := int(f.trail); i < e.ntrail; i++ {
		e.val[e.trail[i]]--
	}
	e.ntrail = int(f.trail)
	e.pos, e.turns = f.pos, f.turns
}

// setWall makes the undecided cell c a wall.
func (e *engine) setWall(c int32) {
	e.state[c] = cellWall
	e.val[c] = wallVal
	e.notWall[e.rowOf[c]+1] &^= 2 << uint(e.colOf[c])
}

// unset makes the decided cell c unknown again.
func (e *engine) unset(c int32) {
	e.state[c] = cellUnknown
	e.val[c] = 0
	e.notWall[e.rowOf[c]+1] |= 2 << uint(e.colOf[c])
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
// and the exit cell. It floods row masks down and up until they settle.
func (e *engine) reachable() bool {
	nw, rc := &e.notWall, &e.reach
	R := e.rows
	target := uint64(2) << uint(e.exit)
	if nw[1]>>uint(e.entry+1)&1 == 0 || nw[R]&target == 0 {
		return false
	}
	for r := 2; r <= R; r++ {
		rc[r] = 0
	}
	rc[1] = spread(2<<uint(e.entry), nw[1])
	for {
		changed := false
		for r := 2; r <= R; r++ {
			if x := rc[r] | rc[r-1]&nw[r]; x != rc[r] {
				rc[r] = spread(x, nw[r])
				changed = true
			}
		}
		if rc[R]&target != 0 {
			return true
		}
		for r := R - 1; r >= 1; r-- {
			if x := rc[r] | rc[r+1]&nw[r]; x != rc[r] {
				rc[r] = spread(x, nw[r])
				changed = true
			}
		}
		if !changed {
			return false
		}
	}
}

// spread grows x sideways inside open until it covers the open runs it
// touches. Runs of up to 8 cells fill in three doubling steps each way
// (Kogge–Stone); longer runs, on grids wider than 8, finish in a loop.
func spread(x, open uint64) uint64 {
	g, p := x, open
	g |= p & (g << 1)
	p &= p << 1
	g |= p & (g << 2)
	p &= p << 2
	g |= p & (g << 4)
	h, q := g, open
	h |= q & (h >> 1)
	q &= q >> 1
	h |= q & (h >> 2)
	q &= q >> 2
	h |= q & (h >> 4)
	for {
		y := h | (h<<1|h>>1)&open
		if y == h {
			return h
		}
		h = y
	}
}

// leaf records the walk that just ended: 2^unknown mazes with e.turns turns.
func (e *engine) leaf() {
	t := e.turns
	if int(t) >= len(e.hist) {
		e.growHist(int(t))
	}
	e.hist[t].addPow2(e.unknown)
	e.histLeaves[t]++
	e.leaves++
	e.minT, e.maxT = min(e.minT, t), max(e.maxT, t)
	if t > e.best {
		e.best = t
		copy(e.bestState, e.state)
	}
}

func (e *engine) growHist(t int) {
	n := max(2*len(e.hist), t+1)
	e.hist = append(e.hist, make([]Count, n-len(e.hist))...)
	e.histLeaves = append(e.histLeaves, make([]uint64, n-len(e.histLeaves))...)
}

// dfs explores every branch below the frames that lie above base, and
// returns with the stack back at base.
func (e *engine) dfs(base int) {
	for {
		if c := e.advance(); c >= 0 {
			e.push(c)
			continue
		}
		e.leaf()
		if !e.backtrack(base) {
			return
		}
	}
}

// backtrack moves to the next unexplored branch above base: the wall
// branch of the deepest frame whose open branch is done and whose wall
// keeps the exit reachable. Pruned wall branches are counted as
// infeasible. It returns false when no branch is left above base.
func (e *engine) backtrack(base int) bool {
	for len(e.frames) > base {
		f := &e.frames[len(e.frames)-1]
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
		e.frames = e.frames[:len(e.frames)-1]
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
			f := &e.frames[len(e.frames)-1]
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

// runTask adds the whole subtree below node p to the tally.
func (e *engine) runTask(p prefix) {
	if !e.enter(p) {
		return
	}
	base := len(e.frames)
	for {
		if c := e.advance(); c >= 0 {
			e.push(c)
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
	e.reset()
	var out []prefix
	cur := func() prefix {
		var p prefix
		for i, f := range e.frames {
			if f.wall {
				p.Bits |= 1 << uint(i)
			}
		}
		p.Len = len(e.frames)
		return p
	}
	for {
		// Descend until a leaf or the depth limit.
		for {
			if len(e.frames) == depth {
				out = append(out, cur())
				break
			}
			c := e.advance()
			if c < 0 {
				out = append(out, cur())
				break
			}
			e.push(c)
		}
		// Backtrack, listing pruned wall branches as nodes of their own.
		for {
			if len(e.frames) == 0 {
				e.reset()
				return out
			}
			f := &e.frames[len(e.frames)-1]
			e.rewind(f)
			if !f.wall {
				f.wall = true
				if e.wallKeepsPath(f.cell) {
					break
				}
				out = append(out, cur())
				continue
			}
			e.unset(f.cell)
			e.frames = e.frames[:len(e.frames)-1]
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
			e.push(c)
			f := &e.frames[len(e.frames)-1]
			e.rewind(f)
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
