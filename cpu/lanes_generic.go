package cpu

import (
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/mousemaze/mousemaze"
)

// maxLanes is the most lanes any kernel walks in lockstep.
const maxLanes = 32

// genericLanes is the number of lanes the pure Go kernel interleaves. More
// than one lets the processor overlap the independent walks' loads.
const genericLanes = 4

// kernelTurns is MaxKernelTurns; tests lower it to reach the fallback.
var kernelTurns int64 = MaxKernelTurns

// wallCount is the count a wall or border cell holds: larger than any count
// an open cell reaches before MaxKernelTurns, so its key is never the least.
const wallCount = 1<<30 - 1

// lanes is the state of one worker: a flat array of visit counts with one
// bordered region per lane, and each lane's mouse.
//
// Region b holds cell (r, c) at index b + (r+1)*w + c + 1, with w = Cols+1:
// row 0 and row Rows+1 of the region and column 0 of every row are border
// (column 0 of a row is also the right-hand border of the row above). The
// border holds wallCount, except the exit, the border cell below the exit
// column, which holds 0 and is never incremented.
type lanes struct {
	rows, cols int
	w          int // row stride in the count array: Cols+1
	stride     int // size of one lane's region
	cfg        mousemaze.Config
	limit      int64 // turns at which the kernel stops a walk
	capped     bool  // limit is cfg.Cap (else it is MaxKernelTurns)
	entry      int32 // entry cell, relative to a region
	exitCell   int32 // exit border cell, relative to a region

	cnt []uint32 // visit counts, one region per lane

	// The first active lanes are walking; the rest are idle. Every slot,
	// idle or not, owns the region that starts at base.
	active int
	pos    [maxLanes]int32 // the mouse's cell, an index into cnt
	exit   [maxLanes]int32 // the lane's exit cell, an index into cnt
	base   [maxLanes]int32
	turns  [maxLanes]int64
	maze   [maxLanes]int // the lane's maze, an index into the batch

	off [4]int32  // cell offset of a move, by rank
	key [4]uint32 // rank of each direction, by Dir (down, right, left, up)

	vec vecParams // the same, laid out for the vector kernels

}

// vecParams are the constants of a walk as the assembly kernels load them;
// the offsets of its fields are part of their contract.
type vecParams struct {
	key   [4]uint32 // 0: rank of each direction, by Dir
	off   [16]int32 // 16: cell offset of a move, by rank (4 used)
	three uint32    // 80
	one   uint32    // 84
	w     int32     // 88: row stride
	_     int32
	bits  [8]uint32 // 96: 1<<i in lane i, to spread a lane mask
}

// newLanes returns the state for walking rows×cols mazes under cfg in n
// lanes. cfg must be valid for cols.
func newLanes(n, rows, cols int, cfg mousemaze.Config) *lanes {
	w := cols + 1
	s := &lanes{rows: rows, cols: cols, w: w, cfg: cfg}
	s.stride = ((rows+2)*w + 15) &^ 15
	s.limit, s.capped = kernelTurns, false
	if cfg.Cap > 0 && cfg.Cap <= kernelTurns {
		s.limit, s.capped = cfg.Cap, true
	}
	s.entry = int32(w + cfg.Entry + 1)
	s.exitCell = int32((rows+1)*w + cfg.Exit + 1)
	order := cfg.Order.Resolve()
	delta := [4]int32{int32(w), 1, -1, int32(-w)} // by Dir
	for rank, d := range order {
		s.off[rank] = delta[d]
		s.key[d] = uint32(rank)
	}
	s.vec = vecParams{key: s.key, one: 1, three: 3, w: int32(w)}
	copy(s.vec.off[:], s.off[:])
	for i := range s.vec.bits {
		s.vec.bits[i] = 1 << i
	}
	s.cnt = make([]uint32, n*s.stride)
	for i := range s.cnt {
		s.cnt[i] = wallCount
	}
	for l := 0; l < n; l++ {
		s.base[l] = int32(l * s.stride)
		s.cnt[int(s.base[l]+s.exitCell)] = 0
	}
	return s
}

// fits reports whether s was made by newLanes(n, rows, cols, cfg), heat
// map aside.
func (s *lanes) fits(n, rows, cols int, cfg mousemaze.Config) bool {
	a, b := s.cfg, cfg
	a.Heat, b.Heat = false, false
	return s.rows == rows && s.cols == cols && a == b && len(s.cnt) == n*s.stride
}

// feasible reports whether the maze with the given wall rows is feasible,
// exactly as mousemaze.Feasible does (mousemaze.FeasibleWalls).
func (s *lanes) feasible(walls []uint64) bool {
	return mousemaze.FeasibleWalls(walls, s.cols, s.cfg.Entry, s.cfg.Exit)
}

// startable reports whether the maze's entry and exit cells are open and
// the entry cell is the exit cell of a one-row maze or has an open
// neighbour. A maze that is not feasible but startable walks in its
// entry's component, never onto a wall (the cell it came from is always
// open), and never escapes; one that is not startable could step onto a
// wall from its first cell, or start on one.
func (s *lanes) startable(walls []uint64) bool {
	e := uint(s.cfg.Entry)
	open0 := ^walls[0] & mousemaze.RowMask(s.cols)
	if open0>>e&1 == 0 || walls[s.rows-1]>>uint(s.cfg.Exit)&1 != 0 {
		return false
	}
	if s.rows == 1 && s.cfg.Entry == s.cfg.Exit {
		return true
	}
	near := open0 & (1<<(e+1) | 1<<e>>1)
	if s.rows > 1 {
		near |= ^walls[1] & (1 << e)
	}
	return near != 0
}

// infeasible returns the result of a maze that is not feasible, as
// mousemaze.Walk gives it (with an all-zero heat map where asked for).
func (s *lanes) infeasible() mousemaze.Result {
	var res mousemaze.Result
	if s.cfg.Heat {
		res.Heat = make([]uint32, s.rows*s.cols)
	}
	return res
}

// wallCells[b] is the counts of eight cells in a row whose walls are the
// bits of b: wallCount for a wall, 0 for an open cell.
var wallCells = func() (t [256][8]uint32) {
	for b := range t {
		for c := range 8 {
			if b>>c&1 == 1 {
				t[b][c] = wallCount
			}
		}
	}
	return t
}()

// load copies maze walls into lane slot l's region and puts the mouse on
// the entry cell, which gets its first visit.
func (s *lanes) load(l int, walls []uint64) {
	b := int(s.base[l])
	cols := s.cols
	for r, row := range walls {
		o := b + (r+1)*s.w + 1
		cells := s.cnt[o : o+cols]
		if cols < 8 {
			clear(cells)
			for ; row != 0; row &= row - 1 {
				cells[bits.TrailingZeros64(row)] = wallCount
			}
			continue
		}
		// Eight cells at a time from a table of each byte's counts, the
		// last eight overlapping the ones before where cols is not a
		// multiple of 8 (they write the same counts).
		for c := 0; c+8 <= cols; c += 8 {
			*(*[8]uint32)(cells[c : c+8]) = wallCells[row>>uint(c)&0xff]
		}
		if c := cols - 8; cols&7 != 0 {
			*(*[8]uint32)(cells[c : c+8]) = wallCells[row>>uint(c)&0xff]
		}
	}
	s.pos[l] = s.base[l] + s.entry
	s.exit[l] = s.base[l] + s.exitCell
	s.cnt[s.pos[l]] = 1
	s.turns[l] = 1
}

// heat returns lane slot l's visit counts as a row-major heat map.
func (s *lanes) heat(l int, walls []uint64) []uint32 {
	h := make([]uint32, s.rows*s.cols)
	b := int(s.base[l])
	for r, row := range walls {
		o := b + (r+1)*s.w + 1
		for c := 0; c < s.cols; c++ {
			if row>>uint(c)&1 == 0 {
				h[r*s.cols+c] = s.cnt[o+c]
			}
		}
	}
	return h
}

// finish writes the result of lane slot l's walk.
func (s *lanes) finish(l int, escaped bool, pop mousemaze.Population, dst []mousemaze.Result) error {
	i := s.maze[l]
	m := pop.Maze(i)
	if !escaped && !s.capped {
		// The walk reached MaxKernelTurns: let the 64-bit reference finish it.
		res, err := mousemaze.Walk(m, s.cfg)
		if err != nil {
			return fmt.Errorf("cpu: maze %d: %w", i, err)
		}
		dst[i] = res
		return nil
	}
	if !escaped && pop.Feasible && !s.feasible(m.Walls) {
		// Capped, in a population promised feasible: fill did not check.
		dst[i] = s.infeasible()
		return nil
	}
	res := mousemaze.Result{Turns: s.turns[l], Escaped: escaped, Feasible: true}
	if s.cfg.Heat {
		res.Heat = s.heat(l, m.Walls)
	}
	dst[i] = res
	return nil
}

// fill loads the next maze of the batch that needs walking into lane slot
// l. Mazes that need no walk (infeasible ones, or a cap of one turn) get
// their results on the way. It reports false when the batch is used up.
func (s *lanes) fill(l int, next *atomic.Int64, pop mousemaze.Population, dst []mousemaze.Result) (bool, error) {
	for {
		i := int(next.Add(1) - 1)
		if i >= len(dst) {
			return false, nil
		}
		walls := pop.Words[i*s.rows : (i+1)*s.rows]
		// A population promised feasible is not flooded, but what would
		// send the walk astray is still looked at (startable).
		if pop.Feasible && !s.startable(walls) || !pop.Feasible && !s.feasible(walls) {
			dst[i] = s.infeasible()
			continue
		}
		s.maze[l] = i
		s.load(l, walls)
		if s.turns[l] >= s.limit {
			if err := s.finish(l, false, pop, dst); err != nil {
				return false, err
			}
			continue
		}
		return true, nil
	}
}

// swap exchanges lane slots a and b, regions included.
func (s *lanes) swap(a, b int) {
	s.pos[a], s.pos[b] = s.pos[b], s.pos[a]
	s.exit[a], s.exit[b] = s.exit[b], s.exit[a]
	s.base[a], s.base[b] = s.base[b], s.base[a]
	s.turns[a], s.turns[b] = s.turns[b], s.turns[a]
	s.maze[a], s.maze[b] = s.maze[b], s.maze[a]
}

// run walks mazes of pop with kernel k, which must have been given to
// newLanes by its lane count, and writes their results to dst. It takes
// the mazes one at a time from next, which workers may share: a lane is
// refilled as soon as its walk ends, so no worker idles while another
// still has mazes to start.
func (s *lanes) run(k kernel, pop mousemaze.Population, dst []mousemaze.Result, next *atomic.Int64) error {
	return s.drive(k, pop, dst, func(l int) (bool, error) { return s.fill(l, next, pop, dst) })
}

// drive walks the lanes with kernel k until fill has no more walks to
// start: fill(l) loads the next walk into lane slot l (setting s.maze[l],
// its region, s.pos[l], s.exit[l] and s.turns[l]) or reports false. Each
// finished walk's result goes to dst[s.maze[l]], by finish.
func (s *lanes) drive(k kernel, pop mousemaze.Population, dst []mousemaze.Result, fill func(l int) (bool, error)) error {
	s.active = 0
	for s.active < k.lanes {
		ok, err := fill(s.active)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		s.active++
	}
	for s.active > 0 {
		n := s.limit - s.turns[0]
		for l := 1; l < s.active; l++ {
			n = min(n, s.limit-s.turns[l])
		}
		moved := int64(k.step(s, int(n)))
		for l := 0; l < s.active; l++ {
			s.turns[l] += moved
		}
		for l := 0; l < s.active; {
			escaped := s.pos[l] == s.exit[l]
			if !escaped && s.turns[l] < s.limit {
				l++
				continue
			}
			if err := s.finish(l, escaped, pop, dst); err != nil {
				return err
			}
			ok, err := fill(l)
			if err != nil {
				return err
			}
			if ok {
				l++
				continue
			}
			s.active--
			s.swap(l, s.active)
		}
	}
	return nil
}

// stepGeneric moves the mouse of each of the first s.active lanes up to n
// times (n ≥ 1) and returns the number of moves made. It stops after the
// first move that takes some lane's mouse onto its exit; that lane's exit
// count stays 0. Every step kernel keeps this contract.
func (s *lanes) stepGeneric(n int) int {
	cnt := s.cnt
	w := s.w
	kD, kR, kL, kU := s.key[0], s.key[1], s.key[2], s.key[3]
	off := s.off
	pos := s.pos[:s.active]
	exit := s.exit[:len(pos)]
	for i := 1; i <= n; i++ {
		hit := false
		for l, p32 := range pos {
			p := int(p32)
			k := min(cnt[p+w]<<2|kD, cnt[p+1]<<2|kR, cnt[p-1]<<2|kL, cnt[p-w]<<2|kU)
			p += int(off[k&3])
			pos[l] = int32(p)
			if int32(p) == exit[l] {
				hit = true
				continue
			}
			cnt[p]++
		}
		if hit {
			return i
		}
	}
	return n
}
