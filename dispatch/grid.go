package dispatch

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
	"github.com/mousemaze/mousemaze/kernels"
)

// The objectives a search can maximise (Spec.Objective).
const (
	// ObjTurns maximises the turns of the walk: the game's score (a capped
	// walk scores its cap). Under Spec.K > 0 a walk that does not escape
	// (trapped or capped) scores 1, the worst, so under a modulus it finds
	// the maze that keeps the mouse longest before he escapes.
	ObjTurns = "turns"
	// ObjTrap looks for the smallest maze that traps a k-mod mouse: any
	// trapped maze (a repeated state, or a mousetrap by the cap) beats any
	// other, trapped mazes rank by fewest reachable open cells, then the
	// smallest bounding box of those cells, and the rest by turns. It
	// needs K > 0.
	ObjTrap = "trap"
	// ObjMaxCell maximises the visits to one single cell (the paper's
	// "crossed paths" question, §6): the largest count of the heat map.
	// It needs exact counting.
	ObjMaxCell = "max-cell"
)

// Objectives lists the objectives, the default first.
var Objectives = []string{ObjTurns, ObjTrap, ObjMaxCell}

// Grid is the genome of a grid maze: its row wall masks (as in
// mousemaze.Maze) and its end columns.
type Grid struct {
	Walls []uint64 `json:"walls"`
	Entry int      `json:"entry"`
	Exit  int      `json:"exit"`
}

// Maze returns g as a maze of the given size; it shares the walls.
func (g Grid) Maze(rows, cols int) mousemaze.Maze {
	return mousemaze.Maze{Rows: rows, Cols: cols, Walls: g.Walls}
}

// GridProblem is the game's problem: Rows×Cols grid mazes under one set of
// rules, scored by an objective through an Evaluator. Its moves flip one
// cell (never an end cell, which stays open) and, with free ends, move the
// entry or the exit to another column, leaving the old end cell open or
// walling it, so that the Hamming-r neighbourhood of a climb (and the
// polish's certificate) holds every maze within r changed cells and ends.
type GridProblem struct {
	Rows, Cols int
	// Config holds the rules; its Entry and Exit are replaced by each
	// genome's ends.
	Config    mousemaze.Config
	FreeEnds  bool
	Density   float64
	Objective string
	ev        mousemaze.Evaluator
	buffers   *sync.Pool // of *evalBuffers
	near      *nearCache // NearLists' lists by ends and reach (nil: not kept)
	device    *deviceBreeding
}

// NewGridProblem returns the grid problem that spec describes, evaluated on
// ev.
func NewGridProblem(spec Spec, ev mousemaze.Evaluator) (*GridProblem, error) {
	if ev == nil {
		return nil, fmt.Errorf("%w: no evaluator", ErrParams)
	}
	if err := (mousemaze.Size{Rows: spec.Rows, Cols: spec.Cols}).Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParams, err)
	}
	o, err := spec.order()
	if err != nil {
		return nil, err
	}
	obj := spec.objective()
	switch obj {
	case ObjTurns:
	case ObjTrap:
		if spec.K == 0 {
			return nil, fmt.Errorf("%w: --objective trap needs --k (a k-mod mouse); an exact mouse always escapes a feasible maze", ErrParams)
		}
	case ObjMaxCell:
		if spec.K != 0 {
			return nil, fmt.Errorf("%w: --objective max-cell needs exact counting (--k 0)", ErrParams)
		}
	default:
		return nil, fmt.Errorf("%w: --objective %q (have %v)", ErrParams, spec.Objective, Objectives)
	}
	cfg := mousemaze.Config{Order: o, Entry: spec.Entry, Exit: spec.Exit, Cap: spec.Cap, K: spec.K, Heat: obj == ObjMaxCell}
	if err := cfg.Validate(spec.Cols); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParams, err)
	}
	g := &GridProblem{Rows: spec.Rows, Cols: spec.Cols, Config: cfg, FreeEnds: spec.FreeEnds,
		Density: spec.Density, Objective: obj, ev: mousemaze.ForConfig(ev, cfg),
		buffers: &sync.Pool{New: func() any { return new(evalBuffers) }},
		near:    &nearCache{lists: map[nearKey][][]int32{}}, device: &deviceBreeding{}}
	return g, nil
}

// Evaluator returns the evaluator the problem scores with.
func (p *GridProblem) Evaluator() mousemaze.Evaluator { return p.ev }

// Workers returns the evaluator's worker count where it has one (the cpu
// backend's --workers), which the engine breeds with too; else 0.
func (p *GridProblem) Workers() int {
	if w, ok := p.ev.(interface{ Workers() int }); ok {
		return w.Workers()
	}
	return 0
}

// hostWorkers returns the goroutines the host's work around the
// evaluator (packing, scoring, copying children) is split among: the
// evaluator's workers where it has a count, else every core.
func (p *GridProblem) hostWorkers() int {
	if w := p.Workers(); w > 0 {
		return w
	}
	return runtime.GOMAXPROCS(0)
}

// ConfigOf returns the rules for genome g (its ends).
func (p *GridProblem) ConfigOf(g Grid) mousemaze.Config {
	cfg := p.Config
	cfg.Entry, cfg.Exit = g.Entry, g.Exit
	return cfg
}

// openEnds clears the walls on g's entry and exit cells.
func (p *GridProblem) openEnds(g *Grid) {
	g.Walls[0] &^= 1 << uint(g.Entry)
	g.Walls[p.Rows-1] &^= 1 << uint(g.Exit)
}

// Random draws a maze with each cell a wall with probability Density (and,
// with free ends, random ends), its ends open.
func (p *GridProblem) Random(rng *rand.Rand) Grid {
	g := Grid{Walls: make([]uint64, p.Rows), Entry: p.Config.Entry, Exit: p.Config.Exit}
	if p.FreeEnds {
		g.Entry, g.Exit = rng.IntN(p.Cols), rng.IntN(p.Cols)
	}
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; c++ {
			if rng.Float64() < p.Density {
				g.Walls[r] |= 1 << uint(c)
			}
		}
	}
	p.openEnds(&g)
	return g
}

// Open returns the maze without walls, at the search's ends.
func (p *GridProblem) Open() Grid {
	return Grid{Walls: make([]uint64, p.Rows), Entry: p.Config.Entry, Exit: p.Config.Exit}
}

// Feasible reports whether the mouse can escape g.
func (p *GridProblem) Feasible(g Grid) bool {
	return mousemaze.FeasibleWalls(g.Walls, p.Cols, g.Entry, g.Exit)
}

// FeasibleAfter reports whether g, which is center with moves applied, is
// feasible (GridProblem is an intoApplier), told center's Guard (nil if
// center is infeasible or not known feasible): without a flood fill when
// every move is a cell move that opens a wall cell (opening a cell never
// cuts a path) or walls a cell off the guard's path, else by Feasible.
func (p *GridProblem) FeasibleAfter(center Grid, guard []uint64, moves []int, g Grid) bool {
	if guard != nil {
		n, a, b := p.cellMoves(center)
		kept := true
		for _, m := range moves {
			if m >= n {
				kept = false
				break
			}
			site := cellOfMove(m, a, b)
			r, bit := site/p.Cols, uint64(1)<<uint(site%p.Cols)
			if center.Walls[r]&bit == 0 && guard[r]&bit != 0 { // walls a cell of the path
				kept = false
				break
			}
		}
		if kept {
			return true
		}
	}
	return p.Feasible(g)
}

// MoveWeights weighs the moves of g by its walk (GridProblem is a
// Heater): a cell move by (visits of the cell + 1)^alpha, an end move 1.
// The walk is the reference walk with the search's rules, capped at the
// rules' cap; an infeasible g weighs every move 1.
func (p *GridProblem) MoveWeights(g Grid, alpha float64) []float64 {
	n := p.Moves(g)
	w := make([]float64, n)
	for i := range w {
		w[i] = 1
	}
	cfg := p.ConfigOf(g)
	cfg.Heat = true
	res, err := mousemaze.Walk(g.Maze(p.Rows, p.Cols), cfg)
	if err != nil || len(res.Heat) != p.Rows*p.Cols {
		return w
	}
	cells, a, b := p.cellMoves(g)
	for m := 0; m < cells; m++ {
		w[m] = math.Pow(float64(res.Heat[cellOfMove(m, a, b)])+1, alpha)
	}
	return w
}

// Toward returns the cell moves of a whose cells differ from b's, in
// increasing order (GridProblem is a Differ); ends that differ are left
// as they are.
func (p *GridProblem) Toward(a, b Grid) []int {
	_, ea, eb := p.cellMoves(a)
	var moves []int
	for r := range a.Walls {
		for diff := a.Walls[r] ^ b.Walls[r]; diff != 0; diff &= diff - 1 {
			cell := r*p.Cols + bits.TrailingZeros64(diff)
			if cell == ea || cell == eb {
				continue
			}
			m := cell
			if cell > ea {
				m--
			}
			if ea != eb && cell > eb {
				m--
			}
			moves = append(moves, m)
		}
	}
	return moves
}

// cellMoves returns the number of flippable cells of g (all but its ends)
// and its end cells in row-major index order.
func (p *GridProblem) cellMoves(g Grid) (n, a, b int) {
	a, b = g.Entry, (p.Rows-1)*p.Cols+g.Exit
	if a > b {
		a, b = b, a
	}
	n = p.Rows*p.Cols - 2
	if a == b {
		n++
	}
	return n, a, b
}

// Moves returns the flippable cells and, with free ends, the end moves:
// the entry to each other column, leaving its old cell open or walling
// it, and the same for the exit. With the second kind every maze within
// Hamming distance r (cells that differ, plus one for each end that
// moved) is r moves away: the old end cell is not a flippable cell.
func (p *GridProblem) Moves(g Grid) int {
	n, _, _ := p.cellMoves(g)
	if p.FreeEnds {
		n += 4 * (p.Cols - 1)
	}
	return n
}

// cellOfMove returns the cell index of cell move m, whose numbering skips
// the end cells a ≤ b (cellMoves).
func cellOfMove(m, a, b int) int {
	if m >= a {
		m++
	}
	if a != b && m >= b {
		m++
	}
	return m
}

// Site returns the cell index r*Cols+c of a cell move, Rows*Cols for an
// entry move and Rows*Cols+1 for an exit move.
func (p *GridProblem) Site(g Grid, m int) int {
	n, a, b := p.cellMoves(g)
	switch {
	case m < n:
		return cellOfMove(m, a, b)
	case m < n+2*(p.Cols-1):
		return p.Rows * p.Cols
	}
	return p.Rows*p.Cols + 1
}

// moveEnd applies end move k of g's ends to out (0 ≤ k < 4(Cols-1): the
// entry's 2(Cols-1) moves, then the exit's): the end goes to its new
// column and, for a move that walls it, g's old end cell in out becomes a
// wall. The caller opens out's ends after its last move.
func (p *GridProblem) moveEnd(out *Grid, g Grid, k int) {
	if k < 2*(p.Cols-1) {
		to, wall := p.endMove(g.Entry, k)
		out.Entry = to
		if wall {
			out.Walls[0] |= 1 << uint(g.Entry)
		}
		return
	}
	to, wall := p.endMove(g.Exit, k-2*(p.Cols-1))
	out.Exit = to
	if wall {
		out.Walls[p.Rows-1] |= 1 << uint(g.Exit)
	}
}

// endMove decodes end move k (0 ≤ k < 2(Cols-1)) of an end at column
// from: the new column, and whether the old end cell is walled.
func (p *GridProblem) endMove(from, k int) (to int, wall bool) {
	to = k % (p.Cols - 1)
	if to >= from {
		to++
	}
	return to, k >= p.Cols-1
}

// Apply returns g with the moves applied.
func (p *GridProblem) Apply(g Grid, moves ...int) Grid {
	return p.ApplyInto(make([]uint64, len(g.Walls)), g, moves...)
}

// Words is the number of words of a maze's walls, one per row.
func (p *GridProblem) Words() int { return p.Rows }

// ApplyInto is Apply with the result's walls written into walls, which
// must hold len(g.Walls) words and not overlap g's (GridProblem is an
// applierInto: a climb builds its batch of neighbours in one block).
func (p *GridProblem) ApplyInto(walls []uint64, g Grid, moves ...int) Grid {
	out := Grid{Walls: walls[:len(g.Walls):len(g.Walls)], Entry: g.Entry, Exit: g.Exit}
	copy(out.Walls, g.Walls)
	n, a, b := p.cellMoves(g)
	for _, m := range moves {
		switch {
		case m < n:
			site := cellOfMove(m, a, b)
			out.Walls[site/p.Cols] ^= 1 << uint(site%p.Cols)
		default:
			p.moveEnd(&out, g, m-n)
		}
	}
	p.openEnds(&out)
	return out
}

// Cross takes every cell, and with free ends each end, from a or b with
// equal probability.
func (p *GridProblem) Cross(rng *rand.Rand, a, b Grid) Grid {
	c := Grid{Walls: make([]uint64, p.Rows)}
	p.crossInto(rng, a, b, &c)
	return c
}

// crossInto is Cross into the walls of c.
func (p *GridProblem) crossInto(rng *rand.Rand, a, b Grid, c *Grid) {
	c.Entry, c.Exit = a.Entry, a.Exit
	for r := range c.Walls {
		m := rng.Uint64()
		c.Walls[r] = a.Walls[r]&m | b.Walls[r]&^m
	}
	if p.FreeEnds {
		if rng.IntN(2) == 1 {
			c.Entry = b.Entry
		}
		if rng.IntN(2) == 1 {
			c.Exit = b.Exit
		}
	}
	p.openEnds(c)
}

// Repair sets child's cells that differ from parent back to parent's, one
// at a time in random order, until child is feasible; child takes
// parent's ends.
//
// It floods only when a step can change the answer: walling a cell never
// makes an infeasible maze feasible, and opening a cell that touches none of
// the cells reached from the entry leaves them as they were. (A cell walled
// since the last flood stays in reach: a superset of the reached cells
// serves the test as well, at the cost of a flood now and then that was
// not needed. The entry cell is open throughout.)
func (p *GridProblem) Repair(rng *rand.Rand, child, parent Grid) Grid {
	child = p.Clone(child)
	p.repair(rng, &child, parent)
	return child
}

// repair is Repair in place: it changes child's walls and ends, drawing
// from rng.
func (p *GridProblem) repair(rng uniform, c *Grid, parent Grid) {
	child := *c
	child.Entry, child.Exit = parent.Entry, parent.Exit
	p.openEnds(&child)
	var diffBuf [64]int
	diff := diffBuf[:0]
	for r, w := range child.Walls {
		for x := w ^ parent.Walls[r]; x != 0; x &= x - 1 {
			diff = append(diff, r*p.Cols+bits.TrailingZeros64(x))
		}
	}
	var reachBuf [mousemaze.MaxSide]uint64
	reach := reachBuf[:p.Rows] // the cells reached from the entry, or more
	ok := mousemaze.ReachWalls(child.Walls, reach, p.Cols, child.Entry, child.Exit)
	for !ok && len(diff) > 0 {
		i := rng.IntN(len(diff))
		cell := diff[i]
		diff[i] = diff[len(diff)-1]
		diff = diff[:len(diff)-1]
		r, bit := cell/p.Cols, uint64(1)<<uint(cell%p.Cols)
		if parent.Walls[r]&bit != 0 { // walled: still infeasible
			child.Walls[r] |= bit
			continue
		}
		child.Walls[r] &^= bit
		if p.touches(reach, r, bit) {
			ok = mousemaze.ReachWalls(child.Walls, reach, p.Cols, child.Entry, child.Exit)
		}
	}
	*c = child
}

// touches reports whether the cell of row r with column mask bit is, or
// is next to, a cell of reach (its row's bits at or above Cols are zero).
func (p *GridProblem) touches(reach []uint64, r int, bit uint64) bool {
	near := reach[r] & (bit | bit<<1 | bit>>1)
	if r > 0 {
		near |= reach[r-1] & bit
	}
	if r+1 < p.Rows {
		near |= reach[r+1] & bit
	}
	return near != 0
}

// ConcurrentEvaluate reports whether Evaluate may run on several
// goroutines at once (GridProblem is a concurrentEvaluator): when its
// evaluator says so with a Concurrent method (the cpu and ref backends).
func (p *GridProblem) ConcurrentEvaluate() bool {
	c, ok := p.ev.(interface{ Concurrent() bool })
	return ok && c.Concurrent()
}

// Distance returns the Chebyshev distance between the cells of two cell
// moves; a move of an end counts as near every cell of its row.
func (p *GridProblem) Distance(g Grid, m1, m2 int) int {
	n, a, b := p.cellMoves(g)
	cell := func(m int) (r, c int, end bool) {
		if m >= n { // an end move
			if m < n+2*(p.Cols-1) {
				return 0, 0, true
			}
			return p.Rows - 1, 0, true
		}
		site := cellOfMove(m, a, b)
		return site / p.Cols, site % p.Cols, false
	}
	r1, c1, e1 := cell(m1)
	r2, c2, e2 := cell(m2)
	d := max(abs(r1-r2), abs(c1-c2))
	if e1 || e2 {
		d = abs(r1 - r2)
	}
	return d
}

// Near returns whether two moves of g are within reach of each other, as
// Distance says, with the positions of g's move sites computed once (a
// scan's pair list asks it of every pair of moves).
func (p *GridProblem) Near(g Grid, reach int) func(a, b int) bool {
	n := p.Moves(g)
	cells, _, _ := p.cellMoves(g)
	row, col := make([]int32, n), make([]int32, n)
	for m := range n {
		switch site := p.Site(g, m); {
		case m >= cells && site == p.Rows*p.Cols: // an entry move
			row[m], col[m] = 0, -1
		case m >= cells: // an exit move
			row[m], col[m] = int32(p.Rows-1), -1
		default:
			row[m], col[m] = int32(site/p.Cols), int32(site%p.Cols)
		}
	}
	return func(a, b int) bool {
		d := abs(int(row[a] - row[b]))
		if col[a] >= 0 && col[b] >= 0 { // an end move is near every cell of its row
			d = max(d, abs(int(col[a]-col[b])))
		}
		return d <= reach
	}
}

// NearLists returns, for each move m of g, the moves other than m within
// reach of m as Near says, in increasing order (GridProblem is a
// nearLister: a scan builds its pair list from them in about n·k steps for
// n moves with k near each, where asking Near of every pair takes n²/2).
// They depend only on g's ends, so they are made once for each pair of
// ends and reach and shared: the caller must not change them.
func (p *GridProblem) NearLists(g Grid, reach int) [][]int32 {
	key := nearKey{g.Entry, g.Exit, reach}
	if p.near != nil {
		p.near.mu.Lock()
		lists, ok := p.near.lists[key]
		p.near.mu.Unlock()
		if ok {
			return lists
		}
	}
	near := p.Near(g, reach)
	n := p.Moves(g)
	lists := make([][]int32, n)
	for a := range n {
		for b := range n {
			if a != b && near(a, b) {
				lists[a] = append(lists[a], int32(b))
			}
		}
	}
	if p.near != nil {
		p.near.mu.Lock()
		if len(p.near.lists) >= maxNearLists {
			clear(p.near.lists)
		}
		p.near.lists[key] = lists
		p.near.mu.Unlock()
	}
	return lists
}

// nearCache holds NearLists' lists, for the climbs on every goroutine.
type nearCache struct {
	mu    sync.Mutex
	lists map[nearKey][][]int32
}

// nearKey is what a genome's near lists depend on.
type nearKey struct{ entry, exit, reach int }

// maxNearLists bounds the lists kept (with free ends a search meets many
// pairs of ends); past it the cache starts again.
const maxNearLists = 64

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Equal reports whether a and b are the same maze with the same ends.
func (p *GridProblem) Equal(a, b Grid) bool {
	return a.Entry == b.Entry && a.Exit == b.Exit && slices.Equal(a.Walls, b.Walls)
}

// Hash returns a 64-bit hash of the maze and its ends (kernels.ChildHash,
// the hash the device returns for a child it keeps).
func (p *GridProblem) Hash(g Grid) uint64 { return kernels.ChildHash(g.Walls, g.Entry, g.Exit) }

// Clone returns a deep copy of g.
func (p *GridProblem) Clone(g Grid) Grid {
	g.Walls = append([]uint64(nil), g.Walls...)
	return g
}

// Check reports why g is not a maze of this search: its rows are not
// Rows words, a row has walls at or beyond column Cols, an end is off the
// grid, or with fixed ends an end is not the search's.
func (p *GridProblem) Check(g Grid) error {
	if len(g.Walls) != p.Rows {
		return fmt.Errorf("the maze has %d rows, not the %d of the search's %dx%d grid", len(g.Walls), p.Rows, p.Rows, p.Cols)
	}
	for r, w := range g.Walls {
		if w>>uint(p.Cols) != 0 {
			return fmt.Errorf("row %d has walls beyond column %d", r, p.Cols-1)
		}
	}
	for _, e := range []struct {
		name string
		col  int
	}{{"entry", g.Entry}, {"exit", g.Exit}} {
		if e.col < 0 || e.col >= p.Cols {
			return fmt.Errorf("%s column %d outside 0..%d", e.name, e.col, p.Cols-1)
		}
	}
	if !p.FreeEnds && (g.Entry != p.Config.Entry || g.Exit != p.Config.Exit) {
		return fmt.Errorf("entry column %d and exit column %d, where the search fixes %d and %d", g.Entry, g.Exit, p.Config.Entry, p.Config.Exit)
	}
	return nil
}

// Evaluate walks every maze of batch on the problem's evaluator (mazes
// with the same ends as one population) and scores the walks. The mazes
// must be feasible (the engine checks every genome before it evaluates
// it), and the populations say so (Population.Feasible), so the evaluator
// need not check again; one that is not is scored as an error.
func (p *GridProblem) Evaluate(batch []Grid, dst []Score) error {
	if len(batch) == 0 {
		return nil
	}
	same := true
	for _, g := range batch[1:] {
		if g.Entry != batch[0].Entry || g.Exit != batch[0].Exit {
			same = false
			break
		}
	}
	if same && p.buffers != nil { // one population at a time, from buffers kept between calls
		return p.evaluateParts(batch, p.ConfigOf(batch[0]), dst)
	}
	type ends struct{ entry, exit int }
	groups := map[ends][]int{}
	var keys []ends
	for i, g := range batch {
		k := ends{g.Entry, g.Exit}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range keys {
		idx := groups[k]
		pop := mousemaze.Population{Rows: p.Rows, Cols: p.Cols, Words: make([]uint64, 0, p.Rows*len(idx)), Feasible: true}
		for _, i := range idx {
			pop.Words = append(pop.Words, batch[i].Walls...)
		}
		if err := p.evaluateGroup(pop, p.ConfigOf(batch[idx[0]]), make([]mousemaze.Result, len(idx)), idx, dst); err != nil {
			return err
		}
	}
	return nil
}

// evalBatch is the most mazes the grid problem hands the evaluator at
// once: a batch is walked in parts of this size, so that its words and
// results need not be held all at once, and so that the host packs the
// next part and scores the last one while the evaluator walks this one.
const evalBatch = 1 << 16

// hostChunk is the mazes one goroutine packs or scores at a time.
const hostChunk = 4096

// evalBuffers are the words and results of one part of an Evaluate call,
// kept for the next call.
type evalBuffers struct {
	words []uint64
	res   []mousemaze.Result
}

// evaluateParts scores batch, whose genomes share their ends (cfg), into
// dst in parts of evalBatch, as a pipeline of three stages: while the
// evaluator walks part k, one goroutine packs part k+1's walls into a
// population and another turns part k-1's results into scores, each
// stage split among the host's cores in chunks of hostChunk mazes. The
// scores are the same whatever the timing: every part and chunk writes
// its own slots.
func (p *GridProblem) evaluateParts(batch []Grid, cfg mousemaze.Config, dst []Score) error {
	workers := p.hostWorkers()
	parts := (len(batch) + evalBatch - 1) / evalBatch
	if parts == 1 { // nothing to overlap: no goroutines for the stages
		return p.evaluatePart(batch, cfg, dst, workers)
	}
	packed := make(chan *evalBuffers, 1)
	stop := make(chan struct{})
	defer func() { // on an error, let the packer finish before returning
		close(stop)
		for buf := range packed {
			p.buffers.Put(buf)
		}
	}()
	go func() { // stage 1: pack
		defer close(packed)
		for k := range parts {
			part := batch[k*evalBatch : min((k+1)*evalBatch, len(batch))]
			buf := p.pack(part, workers)
			select {
			case packed <- buf:
			case <-stop:
				p.buffers.Put(buf)
				return
			}
		}
	}()
	var scoring sync.WaitGroup
	var scoreErr error
	lo := 0
	for buf := range packed { // stage 2: walk
		pop := mousemaze.Population{Rows: p.Rows, Cols: p.Cols, Words: buf.words, Feasible: true}
		if err := p.ev.Evaluate(pop, cfg, buf.res); err != nil {
			p.buffers.Put(buf)
			scoring.Wait()
			return fmt.Errorf("dispatch: %s backend: %w", p.ev.Name(), err)
		}
		scoring.Wait() // stage 3 of the part before
		if scoreErr != nil {
			p.buffers.Put(buf)
			return scoreErr
		}
		out := dst[lo : lo+len(buf.res)]
		lo += len(buf.res)
		scoring.Go(func() { // stage 3: score
			defer p.buffers.Put(buf)
			scoreErr = p.scoreAll(pop, cfg, buf.res, out, workers)
		})
	}
	scoring.Wait()
	return scoreErr
}

// evaluatePart is evaluateParts for a batch of one part: packed, walked
// and scored one stage after another.
func (p *GridProblem) evaluatePart(batch []Grid, cfg mousemaze.Config, dst []Score, workers int) error {
	buf := p.pack(batch, workers)
	defer p.buffers.Put(buf)
	pop := mousemaze.Population{Rows: p.Rows, Cols: p.Cols, Words: buf.words, Feasible: true}
	if err := p.ev.Evaluate(pop, cfg, buf.res); err != nil {
		return fmt.Errorf("dispatch: %s backend: %w", p.ev.Name(), err)
	}
	return p.scoreAll(pop, cfg, buf.res, dst, workers)
}

// pack returns buffers from the pool holding the walls of part's mazes, one
// after another, copied in chunks of hostChunk on up to workers
// goroutines, and room for their results.
func (p *GridProblem) pack(part []Grid, workers int) *evalBuffers {
	buf := p.buffers.Get().(*evalBuffers)
	buf.words = slices.Grow(buf.words[:0], p.Rows*len(part))[:p.Rows*len(part)]
	buf.res = slices.Grow(buf.res[:0], len(part))[:len(part)]
	parallel.Chunks(workers, len(part), hostChunk, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			copy(buf.words[i*p.Rows:(i+1)*p.Rows], part[i].Walls)
		}
	})
	return buf
}

// scoreAll scores the walks res of pop's mazes into dst, in chunks of
// hostChunk on up to workers goroutines; of several errors it returns one.
func (p *GridProblem) scoreAll(pop mousemaze.Population, cfg mousemaze.Config, res []mousemaze.Result, dst []Score, workers int) error {
	sc := p.newScorer(cfg)
	parallel.Chunks(workers, len(dst), hostChunk, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			s, err := sc.score(pop, res, j)
			if err != nil {
				sc.fail(err)
				return
			}
			dst[j] = s
		}
	})
	return sc.first
}

// scorer scores the walks of a batch, maze by maze, on several goroutines
// at once (scoreAll, BreedEvaluate).
type scorer struct {
	p      *GridProblem
	cfg    mousemaze.Config
	turns  bool // exact walks scored by their turns: scored inline
	capped bool
	mu     sync.Mutex
	first  error // the first error reported to fail
}

func (p *GridProblem) newScorer(cfg mousemaze.Config) *scorer {
	return &scorer{p: p, cfg: cfg, turns: p.Objective == ObjTurns && cfg.K == 0, capped: cfg.Cap > 0}
}

// score returns the score of maze j of pop, whose walk is res[j]. The
// turns of exact walks, the common case, are scored here as score scores
// them, without a call and a Maze a walk; the rest (and any walk score
// would refuse) go through score.
func (sc *scorer) score(pop mousemaze.Population, res []mousemaze.Result, j int) (Score, error) {
	if s, ok := sc.fast(res[j]); ok {
		return s, nil
	}
	return sc.p.score(pop.Maze(j), sc.cfg, res[j])
}

// fast returns the score of a maze whose walk is r, and true, where it
// does not need the maze: the turns of an exact walk.
func (sc *scorer) fast(r mousemaze.Result) (Score, bool) {
	if sc.turns && r.Feasible && r.Turns >= 2 {
		return Score{Feasible: true, Value: float64(r.Turns), Turns: r.Turns, Capped: sc.capped && !r.Escaped}, true
	}
	return Score{}, false
}

// fail keeps the first error it is given.
func (sc *scorer) fail(err error) {
	sc.mu.Lock()
	sc.first = cmp.Or(sc.first, err)
	sc.mu.Unlock()
}

// evaluateGroup walks pop under cfg into res and scores maze j into
// dst[idx[j]] (dst[j] when idx is nil).
func (p *GridProblem) evaluateGroup(pop mousemaze.Population, cfg mousemaze.Config, res []mousemaze.Result, idx []int, dst []Score) error {
	if err := p.ev.Evaluate(pop, cfg, res); err != nil {
		return fmt.Errorf("dispatch: %s backend: %w", p.ev.Name(), err)
	}
	for j := range res {
		s, err := p.score(pop.Maze(j), cfg, res[j])
		if err != nil {
			return err
		}
		if idx != nil {
			dst[idx[j]] = s
		} else {
			dst[j] = s
		}
	}
	return nil
}

// score turns the walk res of the feasible maze m under cfg into the
// objective's Score.
func (p *GridProblem) score(m mousemaze.Maze, cfg mousemaze.Config, res mousemaze.Result) (Score, error) {
	if !res.Feasible || res.Turns < 2 {
		return Score{}, fmt.Errorf("dispatch: %s backend reports %+v for a feasible maze:\n%s", p.ev.Name(), res, m)
	}
	s := Score{Feasible: true, Value: float64(res.Turns), Turns: res.Turns, Capped: cfg.Cap > 0 && !res.Escaped && cfg.K == 0}
	switch p.Objective {
	case ObjMaxCell:
		var hi uint32
		for _, h := range res.Heat {
			hi = max(hi, h)
		}
		s.Value = float64(max(hi, 1))
		return s, nil
	case ObjTrap:
		if res.Trapped || res.TrapTurn > 0 {
			s.Trapped = true
			s.TrapCells, s.TrapArea = mousemaze.TrapSize(m, cfg)
			s.Value = 0
			return s, nil
		}
	}
	if cfg.K > 0 && !res.Escaped {
		s.Value = 1
	}
	return s, nil
}

// The engine on grid mazes, the problem of most callers, under short names.
type (
	// Search is a running search of grid mazes, Engine[Grid].
	Search = Engine[Grid]
	// Hooks watch a grid search: EngineHooks[Grid].
	Hooks = EngineHooks[Grid]
)

// New starts a grid search described by spec on evaluator ev. The initial
// mazes, if any, seed the starting population (they must be
// spec.Rows×spec.Cols; their ends are opened and infeasible ones repaired).
func New(spec Spec, ev mousemaze.Evaluator, initial []mousemaze.Maze) (*Search, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	prob, err := NewGridProblem(spec, ev)
	if err != nil {
		return nil, err
	}
	var gs []Grid
	for i, m := range initial {
		if m.Rows != spec.Rows || m.Cols != spec.Cols {
			return nil, fmt.Errorf("%w: initial maze %d is %dx%d, search is %dx%d", ErrParams, i, m.Rows, m.Cols, spec.Rows, spec.Cols)
		}
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("%w: initial maze %d: %v", ErrParams, i, err)
		}
		g := Grid{Walls: append([]uint64(nil), m.Walls...), Entry: spec.Entry, Exit: spec.Exit}
		prob.openEnds(&g)
		gs = append(gs, g)
	}
	return NewEngine[Grid](spec, prob, gs)
}

// Resume continues the grid search saved in st on evaluator ev.
func Resume(st *EngineState[Grid], ev mousemaze.Evaluator) (*Search, error) {
	if err := st.Spec.Validate(); err != nil {
		return nil, err
	}
	prob, err := NewGridProblem(st.Spec, ev)
	if err != nil {
		return nil, err
	}
	return ResumeEngine[Grid](st, prob)
}

// BestMaze returns the best maze of a grid search and the rules it was
// walked under (its ends).
func BestMaze(s *Search) (mousemaze.Maze, mousemaze.Config) {
	p := s.Problem().(*GridProblem)
	b := s.Best()
	return b.Genome.Maze(p.Rows, p.Cols), p.ConfigOf(b.Genome)
}
