package kernels

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

// This file is a plain-Go mirror of walk.cu, statement for statement where
// Go allows: the same padded, interleaved layouts (untiled, and tiled for
// narrow counts in shared memory), the same counters (uint8, uint16 and
// uint32, with the same wall and limit values), the same key
// packing, the same rounds of a warp around an atomic counter (refill the
// lanes without a mouse, then up to RefillSteps steps each), and the same
// handling of caps, heat maps, infeasible mazes and counter overflow. The
// lanes of a warp run in one goroutine, phase by phase. Three differences
// are of representation only: walk.cu chooses shared memory or global
// scratch at compile time (one instantiation of its walk template each;
// here p.Shared at run time), holds the untiled mouse as a pointer into
// the counts (here a byte offset, as walk.cu's tiled mouse), and counts turns in 32 bits below 32-bit counts, where
// no walk reaches 2^32 turns (here 64 bits). The mock driver's tests (make
// test-cuda-mock) run walk.cu itself, every instantiation, against
// mousemaze.Walk. Change both files together. The tests hold Emulate,
// through Driver, to mousemaze.Walk; a device run that disagrees with Walk
// while Emulate agrees points at a translation error between the two
// files.

// Count is a visit counter type of a kernel.
type Count interface{ ~uint8 | ~uint16 | ~uint32 }

// Emulate runs the kernel of width wd as launched by l on the CPU: one
// goroutine per warp, with blocks' shared memory and the global scratch
// as Go slices. p's pointers are ignored; walls, out and heat (nil for no
// heat map) stand for the buffers they point to, and p.N must be
// len(out).
func Emulate(wd Width, l Launch, p Params, walls, out []uint64, heat []uint32) {
	switch wd.Bytes {
	case 1:
		emulate[uint8](wd, l, p, walls, out, heat)
	case 2:
		emulate[uint16](wd, l, p, walls, out, heat)
	case 4:
		emulate[uint32](wd, l, p, walls, out, heat)
	default:
		panic("kernels: no counter of that width")
	}
}

// grid is the memory the emulated threads share.
type grid[T Count] struct {
	p      *Params
	walls  []uint64
	out    []uint64
	heat   []uint32 // nil: Params.heat == 0
	next   atomic.Uint32
	global []T // Params.scratch
}

// thread is one thread's identity: blockIdx.x, threadIdx.x and its
// block's shared memory.
type thread[T Count] struct {
	blockIdx, threadIdx int
	gridDim, blockDim   int
	smem                []T
}

func emulate[T Count](wd Width, l Launch, p Params, walls, out []uint64, heat []uint32) {
	g := &grid[T]{p: &p, walls: walls, out: out, heat: heat}
	cells := NewLayout(wd.Bytes, int(p.Rows), int(p.Cols), p.Shared != 0).Bytes() / wd.Bytes
	if p.Shared == 0 {
		g.global = make([]T, l.Threads()*cells)
	}
	var wg sync.WaitGroup
	for b := 0; b < l.Grid; b++ {
		var smem []T
		if p.Shared != 0 {
			smem = make([]T, l.Block*cells)
		}
		for t0 := 0; t0 < l.Block; t0 += 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var lanes []*lane[T]
				for t := t0; t < min(t0+32, l.Block); t++ {
					th := thread[T]{blockIdx: b, threadIdx: t, gridDim: l.Grid, blockDim: l.Block, smem: smem}
					lanes = append(lanes, newLane(g, &th, wd.Wall))
				}
				walkWarp(g, lanes, wd.Wall, wd.Limit)
			}()
		}
	}
	wg.Wait()
}

// spread mirrors spread in walk.cu.
func spread(x, open uint64) uint64 {
	if x == 0 {
		return 0
	}
	up := ((open + x) ^ open | x) & open
	ro := bits.Reverse64(open)
	rx := bits.Reverse64(x)
	down := bits.Reverse64(((ro + rx) ^ ro | rx) & ro)
	return up | down
}

// feasible mirrors feasible in walk.cu.
func feasible(p *Params, walls []uint64, reach []uint64) bool {
	rows := int(p.Rows)
	entry := uint32(p.Entry)
	exit := uint32(p.Exit)
	if walls[0]>>entry&1 != 0 || walls[rows-1]>>exit&1 != 0 {
		return false
	}
	mask := ^uint64(0)
	if p.Cols < 64 {
		mask = 1<<uint(p.Cols) - 1
	}
	for r := 0; r < rows; r++ {
		reach[r] = 0
	}
	reach[0] = spread(1<<entry, ^walls[0]&mask)
	goal := uint64(1) << exit
	for {
		changed := false
		for r := 1; r < rows; r++ {
			open := ^walls[r] & mask
			x := reach[r] | spread(reach[r-1]&open&^reach[r], open)
			if x != reach[r] {
				reach[r] = x
				changed = true
			}
		}
		if reach[rows-1]&goal != 0 {
			return true
		}
		for r := rows - 2; r >= 0; r-- {
			open := ^walls[r] & mask
			x := reach[r] | spread(reach[r+1]&open&^reach[r], open)
			if x != reach[r] {
				reach[r] = x
				changed = true
			}
		}
		if !changed {
			return false
		}
	}
}

// pick mirrors pick in walk.cu.
func pick(r, o0, o1, o2, o3 uint32) uint32 {
	a := o0
	if r&1 != 0 {
		a = o1
	}
	b := o2
	if r&1 != 0 {
		b = o3
	}
	if r&2 != 0 {
		return b
	}
	return a
}

// lane is one thread of a kernel with counts of type T: its constants, as
// the template walk in walk.cu computes them before its loop, and the
// state of its walk. Offsets are uint32 bytes, as there, so that
// subtracting wraps exactly as the device's unsigned arithmetic does; the
// count at byte offset a is cnt[a/B].
type lane[T Count] struct {
	cnt            []T
	B, TR, TC, U   uint32
	tiled          bool
	S, lane        uint32
	rows, cols     int
	W, H, units    uint32
	SU, rs, hc, vc uint32
	o0, o1, o2, o3 uint32
	kD, kR, kL, kU uint32
	dirs           uint32
	base           uint32
	entry, exit    uint32
	reach          [MaxRows]uint64
	a              uint32 // the mouse, a byte offset
	turns          uint64
	flags          uint64
	i              uint32
	live           bool
}

// addr mirrors ADDR in walk.cu: the byte offset of padded cell (r, c).
func (t *lane[T]) addr(r, c uint32) uint32 {
	return (r/t.TR*(t.W/t.TC)+c/t.TC)*t.SU + t.base + (r%t.TR*t.TC+c%t.TC)*t.B
}

// at returns the count at byte offset a.
func (t *lane[T]) at(a uint32) *T { return &t.cnt[a/t.B] }

// newLane sets a thread up as walk does before its loop: its constants,
// and the border of its grid (every cell a wall, but the exit).
func newLane[T Count](g *grid[T], th *thread[T], wall uint32) *lane[T] {
	p := g.p
	t := &lane[T]{}
	if p.Shared != 0 {
		t.cnt = th.smem
		t.S = uint32(th.blockDim)
		t.lane = uint32(th.threadIdx)
	} else {
		t.cnt = g.global
		t.S = uint32(th.gridDim * th.blockDim)
		t.lane = uint32(th.blockIdx*th.blockDim + th.threadIdx)
	}
	var zero T
	t.B = uint32(unsafe.Sizeof(zero))
	t.tiled = p.Shared != 0 && t.B < 4
	t.TR, t.TC, t.U = 1, 1, t.B
	if t.tiled {
		t.TR, t.TC, t.U = 2/t.B, 2, 4
	}
	t.rows = int(p.Rows)
	t.cols = int(p.Cols)
	t.W = (uint32(t.cols) + 1 + t.TC - 1) / t.TC * t.TC
	t.H = (uint32(t.rows) + 2 + t.TR - 1 + t.TR - 1) / t.TR * t.TR
	t.units = t.H / t.TR * (t.W / t.TC)
	t.SU = t.U * t.S
	t.rs = t.SU * (t.W / t.TC)
	t.hc = (t.SU - 2*t.B) / t.B
	t.vc = t.rs/2 - 2
	for k, o := range []*uint32{&t.o0, &t.o1, &t.o2, &t.o3} {
		*o = pick(p.Dir[k], t.rs, t.SU, -t.SU, -t.rs)
	}
	t.kD, t.kR, t.kL, t.kU = p.Rank[0], p.Rank[1], p.Rank[2], p.Rank[3]
	t.dirs = p.Dir[0] | p.Dir[1]<<2 | p.Dir[2]<<4 | p.Dir[3]<<6
	t.base = t.U * t.lane
	t.entry = t.addr(1, uint32(p.Entry)+1)
	t.exit = t.addr(uint32(t.rows)+1, uint32(p.Exit)+1)
	for m := uint32(0); m < t.units; m++ {
		for s := uint32(0); s < t.U; s += t.B {
			*t.at(m*t.SU + t.base + s) = T(wall)
		}
	}
	*t.at(t.exit) = 0
	t.a = t.exit
	return t
}

// walkWarp mirrors the rounds of walk in walk.cu for one warp: the lanes
// without a mouse take the next mazes (one atomic add for the warp, each
// lane's index its rank among them), then every lane with a mouse walks up
// to RefillSteps steps; the warp ends when no lane has a mouse and the
// mazes are used up. The lanes of a phase run one after the other, which
// the device runs side by side.
func walkWarp[T Count](g *grid[T], lanes []*lane[T], wall, limit uint32) {
	p := g.p
	exhausted := false
	for {
		var need uint32
		for k, t := range lanes {
			if !t.live {
				need |= 1 << k
			}
		}
		if need != 0 && !exhausted {
			taken := uint32(bits.OnesCount32(need))
			base := g.next.Add(taken) - taken // atomicAdd returns the old value
			exhausted = base >= p.N || p.N-base <= taken
			for k, t := range lanes {
				if t.live {
					continue
				}
				t.i = base + uint32(bits.OnesCount32(need&(1<<k-1)))
				if t.i < p.N {
					t.start(g, wall)
				}
			}
		}
		anyLive := false
		for _, t := range lanes {
			anyLive = anyLive || t.live
		}
		if !anyLive {
			if exhausted {
				return
			}
			continue
		}
		for _, t := range lanes {
			if t.live && t.walk(p, limit) {
				t.live = false
				t.finish(g, wall)
			}
		}
	}
}

// start gives the lane maze t.i: an infeasible one gets its 0 result and
// zero heat map at once; a feasible one is loaded and the mouse put on the
// entry cell.
func (t *lane[T]) start(g *grid[T], wall uint32) {
	p := g.p
	rows, cols := t.rows, t.cols
	walls := g.walls[int(t.i)*rows : int(t.i)*rows+rows]
	if !feasible(p, walls, t.reach[:]) {
		g.out[t.i] = 0
		if g.heat != nil {
			h := g.heat[int(t.i)*rows*cols:]
			for j := 0; j < rows*cols; j++ {
				h[j] = 0
			}
		}
		return
	}
	for r := 0; r < rows; r++ {
		row := walls[r]
		for c := 0; c < cols; c++ {
			if row>>uint(c)&1 != 0 {
				*t.at(t.addr(uint32(r)+1, uint32(c)+1)) = T(wall)
			} else {
				*t.at(t.addr(uint32(r)+1, uint32(c)+1)) = 0
			}
		}
	}
	t.a = t.entry
	*t.at(t.a) = 1
	t.turns = 1
	t.flags = FlagFeasible
	t.live = true
}

// neighbours returns the byte offsets of the cells below, right of, left
// of and above the one at a, as the step of walk in walk.cu computes them.
func (t *lane[T]) neighbours(a uint32) (aD, aR, aL, aU uint32) {
	if !t.tiled {
		return a + t.rs, a + t.SU, a - t.SU, a - t.rs
	}
	aR = a + t.B + a&t.B*t.hc
	aL = aR - t.SU
	if t.TR == 1 {
		aD = a + t.rs
		aU = a - t.rs
	} else {
		aD = a + 2 + a&2*t.vc
		aU = aD - t.rs
	}
	return aD, aR, aL, aU
}

// walk makes up to RefillSteps steps and reports whether the walk ended.
func (t *lane[T]) walk(p *Params, limit uint32) bool {
	for step := 0; step < RefillSteps; step++ {
		if t.turns >= p.Limit {
			return true
		}
		aD, aR, aL, aU := t.neighbours(t.a)
		kd := uint32(*t.at(aD))<<2 | t.kD
		kr := uint32(*t.at(aR))<<2 | t.kR
		kl := uint32(*t.at(aL))<<2 | t.kL
		ku := uint32(*t.at(aU))<<2 | t.kU
		k := min(min(kd, kr), min(kl, ku))
		if !t.tiled {
			t.a += pick(k&3, t.o0, t.o1, t.o2, t.o3)
		} else {
			t.a = pick(t.dirs>>((k&3)<<1)&3, aD, aR, aL, aU)
		}
		t.turns++
		if t.a == t.exit {
			t.flags |= FlagEscaped
			return true
		}
		c := uint32(*t.at(t.a)) + 1
		*t.at(t.a) = T(c)
		if c == limit {
			t.flags |= FlagOverflow
			return true
		}
	}
	return false
}

// finish writes the result of the lane's walk and its heat map.
func (t *lane[T]) finish(g *grid[T], wall uint32) {
	rows, cols := t.rows, t.cols
	g.out[t.i] = t.turns<<TurnShift | t.flags
	if g.heat != nil && t.flags&FlagOverflow == 0 {
		h := g.heat[int(t.i)*rows*cols:]
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				v := uint32(*t.at(t.addr(uint32(r)+1, uint32(c)+1)))
				if v == wall {
					h[r*cols+c] = 0
				} else {
					h[r*cols+c] = v
				}
			}
		}
	}
}
