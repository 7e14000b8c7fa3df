package cpu

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/mousemaze/mousemaze"
)

// Errors of the resumed evaluation. Callers test for them with errors.Is.
var (
	// ErrInfeasible reports a maze given to NewBase that the mouse cannot
	// escape: a Base must be walkable.
	ErrInfeasible = errors.New("infeasible maze")
	// ErrCell reports a cell list given to Resumer.Eval with a cell
	// outside the maze or a cell listed twice.
	ErrCell = errors.New("bad cell list")
)

// SnapshotBytes is the most memory a Base spends on snapshots of the walk's
// visit counts.
const SnapshotBytes = 4 << 20

// snapshotBytes is SnapshotBytes; tests lower it to make NewBase thin the
// snapshots of small mazes.
var snapshotBytes = SnapshotBytes

// gridSize is the length of a resumed walk's count array: a power of two
// at least as long as the padded grid of a 64×64 maze, (64+2)·(64+1), so
// that masking an index with gridSize-1 keeps it in range without a
// bounds check.
const gridSize = 8192

// noContact is the contact time of a cell the base walk never examines.
const noContact = math.MaxInt64

// A Base is a feasible maze walked once, with snapshots of the walk, from
// which the walks of its neighbours are resumed. A Base is read-only after
// NewBase and safe for concurrent use.
//
// # Method
//
// The mouse's move at turn t depends only on the cell he stands on and on
// the wall bits and visit counts of its four neighbours (the exit counts
// 0). Say the walk examines a cell at turn t when the mouse, standing on a
// neighbour of that cell at turn t, chooses a move. Let T be the first
// turn at which the base walk examines any of the cells a neighbour maze
// flips. Before T every choice of the base walk looked only at unchanged
// cells, so by induction the neighbour's walk makes the same choices and
// holds the same counts at every turn up to T. In particular a flipped
// cell has count 0 at T in both walks: entering it takes a choice made
// while examining it. So the neighbour's walk is the base walk's state at
// any turn s ≤ T, with the flipped cells set to 0 (opened) or to the wall
// value (walled), walked on from s on the neighbour maze. If the base walk
// never examines a flipped cell, the neighbour's walk is the base walk and
// its result is the base result.
//
// NewBase walks the base maze twice with the fast walk: once to record
// the first-contact time of every cell (the first turn at which it is
// examined) and the walk's length, once to take snapshots of (position,
// turn, visit counts) at chosen first-contact times. Resumer.Eval resumes
// from the last snapshot at or before T.
//
// # Snapshot policy
//
// A snapshot holds the whole padded count array, (Rows+2)·(Cols+1)
// uint32s. When a snapshot at every distinct first-contact time fits in
// SnapshotBytes (always for 13×13, about 140 kB), that is what is taken,
// and every neighbour resumes exactly at T. Otherwise the first-contact
// times are thinned: a snapshot is taken at the first one and then at the
// first one at least N/S turns after the last snapshot, for a walk of N
// turns and a budget of S snapshots, until the budget is used up; a
// neighbour then replays at most about N/S turns of the base walk.
//
// # Feasibility
//
// A flip of the entry or exit cell walls it, which makes the neighbour
// infeasible (the base is feasible, so both are open). Opening cells never
// breaks feasibility. NewBase keeps one entry-to-exit path of open cells
// (a shortest one among the cells the walk visited, when it escaped, so
// that every cell of the path has been examined); a neighbour that walls
// no cell of that path is feasible. Only the others get a flood fill.
// Infeasible neighbours are never walked.
//
// # Fallbacks
//
// Under modular counting (Config.K > 0) NewBase and Eval simply call
// mousemaze.Walk on the whole maze. A walk that reaches MaxKernelTurns
// turns without escaping or reaching the cap is handed to mousemaze.Walk
// too, as the batch kernels do, since the fast walk counts in 32 bits.
type Base struct {
	m   mousemaze.Maze
	cfg mousemaze.Config
	res mousemaze.Result
	// slow is set under K > 0 or when the base walk left the fast walk's
	// range: every Eval then calls mousemaze.Walk.
	slow bool

	g geom

	contact  []int64  // by cell r*Cols+c: first turn the walk examines it, or noContact
	snapOf   []int32  // by cell: the last snapshot at or before its contact, or -1
	snapTurn []int64  // by snapshot: the turn it was taken at
	snapPos  []int32  // by snapshot: the mouse's padded index
	snaps    []uint32 // snapshot i's counts at snaps[i*g.n : (i+1)*g.n]
	path     []uint64 // by row: one entry-to-exit path of open cells
}

// geom is the padded grid of a maze shape and the constants of a walk on
// it. Cell (r, c) is at index (r+1)·w + c + 1 with w = Cols+1; row 0, row
// Rows+1 and column 0 of every row are border, holding wallCount, except
// the exit, the border cell below the exit column, which holds 0.
type geom struct {
	rows, cols int
	w          int   // row stride, Cols+1
	n          int   // padded grid length, (Rows+2)·w
	entry      int   // padded index of the entry cell
	exit       int   // padded index of the exit
	limit      int64 // turns at which the fast walk stops
	capped     bool  // limit is the config's cap (else MaxKernelTurns)
	off        [4]int
	kD, kR     uint32 // rank of each direction, as the low bits of a key
	kL, kU     uint32
}

func newGeom(rows, cols int, cfg mousemaze.Config) geom {
	w := cols + 1
	g := geom{rows: rows, cols: cols, w: w, n: (rows + 2) * w}
	g.entry = w + cfg.Entry + 1
	g.exit = (rows+1)*w + cfg.Exit + 1
	g.limit, g.capped = kernelTurns, false
	if cfg.Cap > 0 && cfg.Cap <= kernelTurns {
		g.limit, g.capped = cfg.Cap, true
	}
	delta := [4]int{w, 1, -1, -w} // by Dir
	var key [4]uint32
	for rank, d := range cfg.Order.Resolve() {
		g.off[rank] = delta[d]
		key[d] = uint32(rank)
	}
	g.kD, g.kR, g.kL, g.kU = key[mousemaze.Down], key[mousemaze.Right], key[mousemaze.Left], key[mousemaze.Up]
	return g
}

// pad returns the padded index of cell x = r*Cols+c.
func (g *geom) pad(x int) int { return (x/g.cols+1)*g.w + x%g.cols + 1 }

// load fills cnt with the start of a walk on the maze with the given wall
// rows: border and walls at wallCount, open cells and the exit at 0, and
// the entry cell at 1 (the mouse stands there after turn 1).
func (g *geom) load(cnt *[gridSize]uint32, walls []uint64) {
	c := cnt[:g.n]
	for i := range c {
		c[i] = wallCount
	}
	for r, row := range walls {
		o := (r+1)*g.w + 1
		for x := 0; x < g.cols; x++ {
			if row>>uint(x)&1 == 0 {
				c[o+x] = 0
			}
		}
	}
	c[g.exit] = 0
	c[g.entry] = 1
}

// run walks the mouse from padded index p at turn t until he escapes or
// t reaches limit, and returns his position, the turn and whether he
// escaped. It is the hot loop of a resumed walk: indices are masked into
// the fixed-size array, so it has no bounds checks and no allocation.
func (g *geom) run(cnt *[gridSize]uint32, p int, t, limit int64) (int, int64, bool) {
	const mask = gridSize - 1
	w, exit, off := g.w, g.exit, g.off
	kD, kR, kL, kU := g.kD, g.kR, g.kL, g.kU
	for t < limit {
		k := min(cnt[(p+w)&mask]<<2|kD, cnt[(p+1)&mask]<<2|kR, cnt[(p-1)&mask]<<2|kL, cnt[(p-w)&mask]<<2|kU)
		p += off[k&3]
		t++
		if p == exit {
			return p, t, true
		}
		cnt[p&mask]++
	}
	return p, t, false
}

// heat returns the counts in cnt of the open cells of the maze with the
// given wall rows as a row-major heat map.
func (g *geom) heat(cnt *[gridSize]uint32, walls []uint64) []uint32 {
	h := make([]uint32, g.rows*g.cols)
	for r, row := range walls {
		o := (r+1)*g.w + 1
		for x := 0; x < g.cols; x++ {
			if row>>uint(x)&1 == 0 {
				h[r*g.cols+x] = cnt[o+x]
			}
		}
	}
	return h
}

// NewBase walks m under cfg and keeps what Resumer.Eval needs to evaluate
// m's neighbours: the result, the first-contact time of every cell,
// snapshots of the walk and one entry-to-exit path. m is copied. It
// returns an error wrapping ErrInfeasible when m is infeasible under cfg,
// and the errors of mousemaze.Walk for an invalid maze or config.
func NewBase(m mousemaze.Maze, cfg mousemaze.Config) (*Base, error) {
	if err := mousemaze.ValidateWalk(m, m.Cols, cfg); err != nil {
		return nil, fmt.Errorf("cpu: base: %w", err)
	}
	if !mousemaze.Feasible(m, cfg) {
		return nil, fmt.Errorf("cpu: base: %w:\n%s", ErrInfeasible, m)
	}
	b := &Base{m: m.Clone(), cfg: cfg, g: newGeom(m.Rows, m.Cols, cfg)}
	if cfg.K > 0 {
		return b.fallBack()
	}
	cells := m.Rows * m.Cols
	g := &b.g
	cnt := new([gridSize]uint32)
	g.load(cnt, m.Walls)

	// First pass: the contact time of every padded index and the result.
	// The mouse first examines a cell's neighbours at his first move from
	// it, which is when he stands on it with a count of 1.
	contact := make([]int64, g.n)
	for i := range contact {
		contact[i] = noContact
	}
	p, t, escaped := g.entry, int64(1), false
	w, off, exit := g.w, g.off, g.exit
	for t < g.limit {
		if cnt[p] == 1 {
			for _, q := range [4]int{p + w, p + 1, p - 1, p - w} {
				contact[q] = min(contact[q], t)
			}
		}
		k := min(cnt[p+w]<<2|g.kD, cnt[p+1]<<2|g.kR, cnt[p-1]<<2|g.kL, cnt[p-w]<<2|g.kU)
		p += off[k&3]
		t++
		if p == exit {
			escaped = true
			break
		}
		cnt[p]++
	}
	if !escaped && !g.capped {
		return b.fallBack()
	}
	b.res = mousemaze.Result{Turns: t, Escaped: escaped, Feasible: true}
	if cfg.Heat {
		b.res.Heat = g.heat(cnt, m.Walls)
	}
	b.contact = make([]int64, cells)
	for x := range b.contact {
		b.contact[x] = contact[g.pad(x)]
	}
	b.path = b.findPath(cnt, escaped)
	b.snapshot(cnt)
	return b, nil
}

// fallBack makes b a base whose every evaluation is a mousemaze.Walk.
func (b *Base) fallBack() (*Base, error) {
	res, err := mousemaze.Walk(b.m, b.cfg)
	if err != nil {
		return nil, fmt.Errorf("cpu: base: %w", err)
	}
	b.res, b.slow = res, true
	return b, nil
}

// snapshot chooses the snapshot turns among the first-contact times, walks
// the base maze again taking them, and points every cell at its snapshot.
// cnt is scratch.
func (b *Base) snapshot(cnt *[gridSize]uint32) {
	g := &b.g
	var times []int64
	for _, t := range b.contact {
		if t != noContact {
			times = append(times, t)
		}
	}
	times = append(times, 1)
	slices.Sort(times)
	times = slices.Compact(times)
	budget := max(1, snapshotBytes/(4*g.n))
	if len(times) > budget {
		gap := (b.res.Turns + int64(budget) - 1) / int64(budget)
		kept := times[:1]
		for _, t := range times[1:] {
			if len(kept) == budget {
				break
			}
			if t-kept[len(kept)-1] >= gap {
				kept = append(kept, t)
			}
		}
		times = kept
	}
	b.snapTurn = times
	b.snapPos = make([]int32, len(times))
	b.snaps = make([]uint32, len(times)*g.n)
	g.load(cnt, b.m.Walls)
	p, t := g.entry, int64(1)
	for i, s := range times {
		p, t, _ = g.run(cnt, p, t, s) // s is a turn of the walk: it neither escapes nor caps before
		b.snapPos[i] = int32(p)
		copy(b.snaps[i*g.n:(i+1)*g.n], cnt[:g.n])
	}
	b.snapOf = make([]int32, len(b.contact))
	for x, c := range b.contact {
		if c == noContact {
			b.snapOf[x] = -1
			continue
		}
		i, found := slices.BinarySearch(times, c)
		if !found {
			i--
		}
		b.snapOf[x] = int32(i)
	}
}

// findPath returns, row by row, the cells of a shortest path of open cells
// from the entry cell to the exit cell: among the cells the walk visited
// (cnt > 0) when it escaped, so that every cell of the path was examined,
// else among all open cells. The base is feasible, so a path exists.
func (b *Base) findPath(cnt *[gridSize]uint32, escaped bool) []uint64 {
	g := &b.g
	prev := make([]int32, g.n)
	for i := range prev {
		prev[i] = -1
	}
	allowed := func(q int) bool {
		if escaped {
			return q != g.exit && cnt[q] > 0 && cnt[q] != wallCount
		}
		return q != g.exit && cnt[q] != wallCount
	}
	goal := g.exit - g.w
	queue := []int{g.entry}
	prev[g.entry] = int32(g.entry)
	for len(queue) > 0 && prev[goal] < 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range [4]int{p + g.w, p + 1, p - 1, p - g.w} {
			if prev[q] < 0 && allowed(q) {
				prev[q] = int32(p)
				queue = append(queue, q)
			}
		}
	}
	path := make([]uint64, g.rows)
	for q := goal; prev[q] >= 0; q = int(prev[q]) {
		path[q/g.w-1] |= 1 << uint(q%g.w-1)
		if q == g.entry {
			break
		}
	}
	return path
}

// Result returns the base maze's result, exactly what mousemaze.Walk
// returns for it (its heat map is a copy).
func (b *Base) Result() mousemaze.Result {
	res := b.res
	res.Heat = slices.Clone(res.Heat)
	return res
}

// Maze returns a copy of the base maze.
func (b *Base) Maze() mousemaze.Maze { return b.m.Clone() }

// Config returns the config the base was walked under.
func (b *Base) Config() mousemaze.Config { return b.cfg }

// Contact returns the first turn at which the base walk examines cell x =
// r*Cols+c, and false when it never does (or the base falls back to
// mousemaze.Walk, which records none).
func (b *Base) Contact(x int) (int64, bool) {
	if b.slow || x < 0 || x >= len(b.contact) || b.contact[x] == noContact {
		return 0, false
	}
	return b.contact[x], true
}

// Snapshots returns the number of snapshots b holds.
func (b *Base) Snapshots() int { return len(b.snapTurn) }

// A Resumer evaluates neighbours of one Base; one per goroutine (it owns
// scratch buffers).
type Resumer struct {
	b     *Base
	cnt   *[gridSize]uint32 // the resumed walk's counts
	walls []uint64          // the neighbour's wall rows
	open  []uint64          // flood-fill scratch
	reach []uint64
	mark  []uint32 // by cell: stamp when Eval's list holds it
	stamp uint32
	stats ResumeStats

	// EvalBatch's state: the lanes of the kernel chosen when the Resumer
	// was made, the batch's neighbour mazes, and the resumed ones.
	k     kernel
	lanes *lanes
	pop   mousemaze.Population
	queue []queued
}

// queued is a neighbour of a batch waiting for a lane: its index in the
// batch, its cells and its snapshot.
type queued struct {
	i     int
	cells []int
	snap  int32
}

// ResumeStats counts what a Resumer's evaluations cost. A walk of N turns
// makes N-1 moves; each move of a feasible neighbour's walk is counted as
// walked or as skipped.
type ResumeStats struct {
	// Evals is the number of neighbours evaluated without error.
	Evals int64
	// Infeasible neighbours were reported without a walk.
	Infeasible int64
	// Unchanged neighbours flip no cell the base walk examines: the base
	// result was returned at once.
	Unchanged int64
	// Resumed neighbours were walked on from a snapshot.
	Resumed int64
	// Fallbacks were walked by mousemaze.Walk (Config.K > 0, or a walk
	// beyond the fast walk's range).
	Fallbacks int64
	// Walked is the number of moves the resumed walks made.
	Walked int64
	// Skipped is the number of moves of feasible neighbours' walks that
	// were not made: those before the snapshot a walk resumed from, and
	// every move of an unchanged neighbour.
	Skipped int64
	// Flood is the number of flood fills the feasibility test needed.
	Flood int64
}

// NewResumer returns a Resumer for b's neighbours.
func (b *Base) NewResumer() *Resumer {
	rows := b.m.Rows
	return &Resumer{
		b:     b,
		cnt:   new([gridSize]uint32),
		walls: make([]uint64, rows),
		open:  make([]uint64, rows),
		reach: make([]uint64, rows),
		mark:  make([]uint32, rows*b.m.Cols),
		k:     chosen,
	}
}

// Stats returns the counts of r's evaluations so far.
func (r *Resumer) Stats() ResumeStats { return r.stats }

// ResetStats sets r's counts to zero.
func (r *Resumer) ResetStats() { r.stats = ResumeStats{} }

// What a neighbour needs, as prepare finds it.
const (
	needInfeasible = iota // report it infeasible, with no walk
	needNothing           // the base result is its result
	needResume            // walk it on from a snapshot
	needWalk              // walk it with mousemaze.Walk
)

// prepare checks cells, writes the neighbour's wall rows to walls and
// returns what the neighbour needs and, to resume it, the snapshot.
func (r *Resumer) prepare(cells []int, walls []uint64) (need int, snap int32, err error) {
	b := r.b
	g := &b.g
	ncells := len(r.mark)
	r.stamp++
	if r.stamp == 0 {
		clear(r.mark)
		r.stamp = 1
	}
	for _, x := range cells {
		if x < 0 || x >= ncells {
			return 0, 0, fmt.Errorf("cpu: eval: %w: cell %d outside 0..%d", ErrCell, x, ncells-1)
		}
		if r.mark[x] == r.stamp {
			return 0, 0, fmt.Errorf("cpu: eval: %w: cell %d (row %d, column %d) listed twice", ErrCell, x, x/g.cols, x%g.cols)
		}
		r.mark[x] = r.stamp
	}
	copy(walls, b.m.Walls)
	for _, x := range cells {
		walls[x/g.cols] ^= 1 << uint(x%g.cols)
	}
	if b.slow {
		return needWalk, 0, nil
	}

	// Feasibility: walling the entry or exit cell breaks it; walling a
	// cell of the kept path might; opening a cell never does.
	entryCell, exitCell := b.cfg.Entry, (g.rows-1)*g.cols+b.cfg.Exit
	mayBreak := false
	first, snap := int64(noContact), int32(-1)
	for _, x := range cells {
		row, bit := x/g.cols, uint64(1)<<uint(x%g.cols)
		if b.m.Walls[row]&bit == 0 { // walled by the flip
			if x == entryCell || x == exitCell {
				return needInfeasible, 0, nil
			}
			if b.path[row]&bit != 0 {
				mayBreak = true
			}
		}
		if c := b.contact[x]; c < first {
			first, snap = c, b.snapOf[x]
		}
	}
	if mayBreak {
		r.stats.Flood++
		if !feasibleRows(walls, g.cols, b.cfg.Entry, b.cfg.Exit, r.open, r.reach) {
			return needInfeasible, 0, nil
		}
	}
	if snap < 0 {
		return needNothing, 0, nil
	}
	return needResume, snap, nil
}

// Eval returns exactly what mousemaze.Walk returns for the base maze with
// the wall bit of every listed cell flipped (cells are r*Cols+c, distinct);
// infeasible neighbours are reported (Feasible false, as Walk does)
// without a walk, using a reachability check. A cell outside the maze or
// listed twice gives an error wrapping ErrCell. Eval allocates nothing but
// the result's heat map, when the config asks for one. The resumed walk is
// one scalar loop; EvalBatch walks several neighbours at once.
func (r *Resumer) Eval(cells []int) (mousemaze.Result, error) {
	b := r.b
	g := &b.g
	need, snap, err := r.prepare(cells, r.walls)
	if err != nil {
		return mousemaze.Result{}, err
	}
	switch need {
	case needInfeasible:
		return r.infeasible(), nil
	case needNothing:
		return r.unchanged(), nil
	case needWalk:
		return r.fallBack(r.walls)
	}
	// Resume from the snapshot with the flipped cells' counts set: 0 for
	// an opened cell (unvisited, as the method shows), wallCount for a
	// walled one.
	s := int(snap)
	cnt := r.cnt
	copy(cnt[:g.n], b.snaps[s*g.n:(s+1)*g.n])
	r.setFlipped(cnt[:g.n], cells, r.walls)
	start := b.snapTurn[s]
	_, t, escaped := g.run(cnt, int(b.snapPos[s]), start, g.limit)
	if !escaped && !g.capped {
		return r.fallBack(r.walls)
	}
	r.stats.Evals++
	r.stats.Resumed++
	r.stats.Walked += t - start
	r.stats.Skipped += start - 1
	res := mousemaze.Result{Turns: t, Escaped: escaped, Feasible: true}
	if b.cfg.Heat {
		res.Heat = g.heat(cnt, r.walls)
	}
	return res, nil
}

// setFlipped sets the counts of the flipped cells in a padded count array
// cnt: 0 for a cell the neighbour opens, wallCount for one it walls.
func (r *Resumer) setFlipped(cnt []uint32, cells []int, walls []uint64) {
	g := &r.b.g
	for _, x := range cells {
		if walls[x/g.cols]>>uint(x%g.cols)&1 != 0 {
			cnt[g.pad(x)] = wallCount
		} else {
			cnt[g.pad(x)] = 0
		}
	}
}

// EvalBatch evaluates many neighbours of r's base: dst[i] gets exactly
// what Eval(cells[i]) returns. The neighbours that need a walk are resumed
// from their snapshots in the lanes of the cpu backend's kernel (the one
// chosen when r was made), several in lockstep, as Evaluator does for
// whole walks. It returns an error wrapping mousemaze.ErrSize when
// len(dst) != len(cells), and ErrCell for a bad cell list, in which case
// dst is left partly written.
func (r *Resumer) EvalBatch(cells [][]int, dst []mousemaze.Result) error {
	if len(dst) != len(cells) {
		return fmt.Errorf("cpu: eval batch: %w: %d results for %d neighbours", mousemaze.ErrSize, len(dst), len(cells))
	}
	b := r.b
	g := &b.g
	rows := g.rows
	if need := rows * len(cells); cap(r.pop.Words) < need {
		r.pop = mousemaze.NewPopulation(rows, g.cols, len(cells))
	}
	r.pop = mousemaze.Population{Rows: rows, Cols: g.cols, Words: r.pop.Words[:rows*len(cells)]}
	r.queue = r.queue[:0]
	for i, c := range cells {
		walls := r.pop.Words[i*rows : (i+1)*rows]
		need, snap, err := r.prepare(c, walls)
		if err != nil {
			return err
		}
		switch need {
		case needInfeasible:
			dst[i] = r.infeasible()
		case needNothing:
			dst[i] = r.unchanged()
		case needWalk:
			if dst[i], err = r.fallBack(walls); err != nil {
				return err
			}
		default:
			r.queue = append(r.queue, queued{i: i, cells: c, snap: snap})
		}
	}
	if len(r.queue) == 0 {
		return nil
	}
	// The walks with the most of the base walk left to replay go first,
	// so that fewer lanes idle at the end of the batch.
	slices.SortFunc(r.queue, func(x, y queued) int { return int(x.snap) - int(y.snap) })
	if r.lanes == nil {
		r.lanes = newLanes(r.k.lanes, rows, g.cols, b.cfg)
		r.lanes.limit, r.lanes.capped = g.limit, g.capped
	}
	s := r.lanes
	next := 0
	err := s.drive(r.k, r.pop, dst, func(l int) (bool, error) {
		if next == len(r.queue) {
			return false, nil
		}
		q := r.queue[next]
		next++
		base := int(s.base[l])
		region := s.cnt[base : base+g.n]
		copy(region, b.snaps[int(q.snap)*g.n:(int(q.snap)+1)*g.n])
		r.setFlipped(region, q.cells, r.pop.Words[q.i*rows:(q.i+1)*rows])
		s.maze[l] = q.i
		s.pos[l] = int32(base) + b.snapPos[q.snap]
		s.exit[l] = int32(base + g.exit)
		s.turns[l] = b.snapTurn[q.snap]
		return true, nil
	})
	if err != nil {
		return err
	}
	for _, q := range r.queue {
		start := b.snapTurn[q.snap]
		r.stats.Evals++
		r.stats.Resumed++
		r.stats.Walked += dst[q.i].Turns - start
		r.stats.Skipped += start - 1
	}
	return nil
}

// unchanged returns the base result for a neighbour whose flipped cells
// the base walk never examines.
func (r *Resumer) unchanged() mousemaze.Result {
	r.stats.Evals++
	r.stats.Unchanged++
	r.stats.Skipped += r.b.res.Turns - 1
	return r.b.Result()
}

// infeasible returns the result of an infeasible neighbour, as
// mousemaze.Walk reports it.
func (r *Resumer) infeasible() mousemaze.Result {
	r.stats.Evals++
	r.stats.Infeasible++
	var res mousemaze.Result
	if r.b.cfg.Heat {
		res.Heat = make([]uint32, r.b.m.Rows*r.b.m.Cols)
	}
	return res
}

// fallBack walks the neighbour with the given wall rows with
// mousemaze.Walk.
func (r *Resumer) fallBack(walls []uint64) (mousemaze.Result, error) {
	m := mousemaze.Maze{Rows: r.b.m.Rows, Cols: r.b.m.Cols, Walls: slices.Clone(walls)}
	res, err := mousemaze.Walk(m, r.b.cfg)
	if err != nil {
		return mousemaze.Result{}, fmt.Errorf("cpu: eval: %w", err)
	}
	r.stats.Evals++
	r.stats.Fallbacks++
	if !res.Feasible {
		r.stats.Infeasible++
	}
	return res, nil
}
