package kernels

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// This file is a plain-Go mirror of walk.cu, statement for statement where
// Go allows: the same padded, interleaved layout, the same narrow counters
// (uint16 and uint32, with the same wall and limit values), the same key
// packing, the same persistent per-thread loop around an atomic counter,
// and the same handling of caps, heat maps, infeasible mazes and counter
// overflow. Three differences are of representation only: walk.cu chooses
// shared memory or global scratch at compile time (one instantiation of
// its walk template each; here p.Shared at run time), holds the mouse as a
// pointer into the counts (here an index), and counts turns in 32 bits
// below 32-bit counts, where no walk reaches 2^32 turns (here 64 bits).
// The mock driver's tests (make test-cuda-mock) run walk.cu itself, every
// instantiation, against mousemaze.Walk. Change both files together. The
// tests hold Emulate, through
// Driver, to mousemaze.Walk; a device run that disagrees with Walk while
// Emulate agrees points at a translation error between the two files.

// Count is a visit counter type of a kernel.
type Count interface{ ~uint16 | ~uint32 }

// Emulate runs the kernel of width wd as launched by l on the CPU: one
// goroutine per thread, with blocks' shared memory and the global scratch
// as Go slices. p's pointers are ignored; walls, out and heat (nil for no
// heat map) stand for the buffers they point to, and p.N must be
// len(out).
func Emulate(wd Width, l Launch, p Params, walls, out []uint64, heat []uint32) {
	switch wd.Bytes {
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
	cells := Cells(int(p.Rows), int(p.Cols))
	if p.Shared == 0 {
		g.global = make([]T, l.Threads()*cells)
	}
	var wg sync.WaitGroup
	for b := 0; b < l.Grid; b++ {
		var smem []T
		if p.Shared != 0 {
			smem = make([]T, l.Block*cells)
		}
		for t := 0; t < l.Block; t++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				th := thread[T]{blockIdx: b, threadIdx: t, gridDim: l.Grid, blockDim: l.Block, smem: smem}
				walkThread(g, &th, wd.Wall, wd.Limit)
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
func pick(r uint32, o0, o1, o2, o3 int32) int32 {
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

// delta mirrors delta in walk.cu.
func delta(d uint32, down, right int32) int32 {
	return pick(d, down, right, -right, -down)
}

// walkThread mirrors the template walk in walk.cu: one thread of a kernel
// with counts of type T. Indices are uint32, as there, so that adding a
// negative offset wraps exactly as the device's unsigned arithmetic does.
func walkThread[T Count](g *grid[T], th *thread[T], wall, limit uint32) {
	p := g.p
	var cnt []T
	var S uint32
	var lane uint32
	if p.Shared != 0 {
		cnt = th.smem
		S = uint32(th.blockDim)
		lane = uint32(th.threadIdx)
	} else {
		cnt = g.global
		S = uint32(th.gridDim * th.blockDim)
		lane = uint32(th.blockIdx*th.blockDim + th.threadIdx)
	}
	rows := int(p.Rows)
	cols := int(p.Cols)
	w := cols + 1
	cells := uint32((rows + 2) * w)
	down := int32(w) * int32(S)
	right := int32(S)
	o0 := delta(p.Dir[0], down, right)
	o1 := delta(p.Dir[1], down, right)
	o2 := delta(p.Dir[2], down, right)
	o3 := delta(p.Dir[3], down, right)
	kD := p.Rank[0]
	kR := p.Rank[1]
	kL := p.Rank[2]
	kU := p.Rank[3]
	entry := uint32(w+int(p.Entry)+1)*S + lane
	exit := uint32((rows+1)*w+int(p.Exit)+1)*S + lane
	var reach [MaxRows]uint64

	// The border: every cell a wall, but the exit.
	for j := uint32(0); j < cells; j++ {
		cnt[j*S+lane] = T(wall)
	}
	cnt[exit] = 0

	for {
		i := g.next.Add(1) - 1 // atomicAdd returns the old value
		if i >= p.N {
			break
		}
		walls := g.walls[int(i)*rows : int(i)*rows+rows]
		if !feasible(p, walls, reach[:]) {
			g.out[i] = 0
			if g.heat != nil {
				h := g.heat[int(i)*rows*cols:]
				for j := 0; j < rows*cols; j++ {
					h[j] = 0
				}
			}
			continue
		}
		// Load the maze and put the mouse on the entry cell.
		for r := 0; r < rows; r++ {
			row := walls[r]
			o := uint32((r+1)*w+1)*S + lane
			for c := 0; c < cols; c++ {
				if row>>uint(c)&1 != 0 {
					cnt[o+uint32(c)*S] = T(wall)
				} else {
					cnt[o+uint32(c)*S] = 0
				}
			}
		}
		pos := entry
		cnt[pos] = 1
		turns := uint64(1)
		flags := uint64(FlagFeasible)
		for {
			if turns >= p.Limit {
				break
			}
			kd := uint32(cnt[pos+uint32(down)])<<2 | kD
			kr := uint32(cnt[pos+uint32(right)])<<2 | kR
			kl := uint32(cnt[pos-uint32(right)])<<2 | kL
			ku := uint32(cnt[pos-uint32(down)])<<2 | kU
			k := min(min(kd, kr), min(kl, ku))
			pos += uint32(pick(k&3, o0, o1, o2, o3))
			turns++
			if pos == exit {
				flags |= FlagEscaped
				break
			}
			c := uint32(cnt[pos]) + 1
			cnt[pos] = T(c)
			if c == limit {
				flags |= FlagOverflow
				break
			}
		}
		g.out[i] = turns<<TurnShift | flags
		if g.heat != nil && flags&FlagOverflow == 0 {
			h := g.heat[int(i)*rows*cols:]
			for r := 0; r < rows; r++ {
				o := uint32((r+1)*w+1)*S + lane
				for c := 0; c < cols; c++ {
					v := uint32(cnt[o+uint32(c)*S])
					if v == wall {
						h[r*cols+c] = 0
					} else {
						h[r*cols+c] = v
					}
				}
			}
		}
	}
}
