package kernels

import (
	"sync"
	"sync/atomic"
)

// This file is a plain-Go mirror of sweep.cu, statement for statement:
// the same thread state, the same replay and depth-first search, the same
// cap, the same negated replay of an unfinished task and the same tally
// words and atomics. Two differences are of representation only: the
// tally, the best words and the task counter are Go slices and an
// atomic.Uint32 instead of device pointers, and a thread is a goroutine.
// Change both files together. The tests hold EmulateSweep, task by task,
// to dispatch/sweep's reference engine; the mock driver's tests run
// sweep.cu itself.

// The tally's layout and the kernel's bounds (SW_* in sweep.cu).
const (
	// SweepHist is the number of turn buckets of the tally.
	SweepHist = 1024
	// SweepTallyWords is the length of the tally in 64-bit words: mazes
	// (lo, then hi words) and leaves by turns, then infeasible lo, hi,
	// leaves and steps.
	SweepTallyWords = 3*SweepHist + 4
	// SweepUnfinished is the best word of a task whose walk reached the
	// cap: the host runs it again.
	SweepUnfinished = 0xFFFFFFFF
	swTrail         = 1024
	swPad           = 256
	swFrames        = 65
	swWall          = 0xFF
	swInf           = 3 * SweepHist
)

// sweepThread is one thread's state (struct SweepThread).
type sweepThread struct {
	key                                    [swPad]uint8
	trail                                  [swTrail]uint8
	fcell                                  [swFrames]uint8
	fwall                                  [swFrames]uint8
	fpos                                   [swFrames]int16
	fturns                                 [swFrames]uint16
	ftrail                                 [swFrames]uint16
	free                                   uint64
	entryBit, exitBit, notCol0, notColLast uint64
	width, entryIdx, exitIdx, exitBorder   int
	unknown, pos, turns, ntrail, nf        int
	steps, leaves, infLo, infHi            uint64
	best                                   uint32
	neg                                    int
}

// sweepMem is the device memory the emulated threads share.
type sweepMem struct {
	tasks []uint64
	tally []uint64
	best  []uint32
	next  atomic.Uint32
}

func swAdd128(plo, phi *uint64, lo, hi uint64) {
	old := atomic.AddUint64(plo, lo) - lo
	if old+lo < old {
		hi++
	}
	if hi != 0 {
		atomic.AddUint64(phi, hi)
	}
}

func swPow2(k int, lo, hi *uint64) {
	*lo, *hi = 0, 0
	if k < 64 {
		*lo = 1 << uint(k)
	} else {
		*hi = 1 << uint(k-64)
	}
}

func swBit(p *SweepParams, s *sweepThread, c int) uint64 {
	r, col := c/s.width-1, c%s.width-1
	return 1 << uint(r*int(p.Cols)+col)
}

func swReset(p *SweepParams, s *sweepThread) {
	n := (int(p.Rows) + 2) * s.width
	for i := 0; i < n; i++ {
		s.key[i] = swWall
	}
	for r := 0; r < int(p.Rows); r++ {
		for c := 0; c < int(p.Cols); c++ {
			s.key[(r+1)*s.width+c+1] = 0
		}
	}
	s.key[s.exitBorder] = 0
	s.unknown = int(p.Rows * p.Cols)
	s.free = ^uint64(0) >> uint(64-s.unknown)
	s.pos = -1
	s.turns = 0
	s.ntrail = 0
	s.nf = 0
}

func swAdvance(p *SweepParams, s *sweepThread) int {
	pos := s.pos
	if pos < 0 {
		return s.entryIdx
	}
	turns, n := s.turns, s.ntrail
	for {
		best := 0
		bv := uint32(swWall)
		for i := 0; i < 4; i++ {
			m := pos + int(p.Off[i])
			v := uint32(s.key[m])
			if v == 0 {
				s.steps += uint64(n - s.ntrail)
				s.pos = pos
				s.ntrail = n
				if m != s.exitBorder {
					s.turns = turns
					return m
				}
				s.steps++
				s.turns = turns + 1
				return -1
			}
			if v < bv {
				best = m
				bv = v
			}
		}
		if turns >= int(p.CapTurns) || bv >= p.KeyLimit {
			return -2
		}
		pos = best
		s.key[pos]++
		turns++
		s.trail[n] = uint8(pos)
		n++
	}
}

func swMove(s *sweepThread, c int) {
	s.pos = c
	s.key[c]++
	s.turns++
	s.trail[s.ntrail] = uint8(c)
	s.ntrail++
}

func swPush(s *sweepThread, c int) {
	f := s.nf
	s.fcell[f] = uint8(c)
	s.fwall[f] = 0
	s.fpos[f] = int16(s.pos)
	s.fturns[f] = uint16(s.turns)
	s.ftrail[f] = uint16(s.ntrail)
	s.nf++
	s.unknown--
	swMove(s, c)
}

func swRewind(s *sweepThread, f int) {
	for j := int(s.ftrail[f]); j < s.ntrail; j++ {
		s.key[s.trail[j]]--
	}
	s.ntrail = int(s.ftrail[f])
	s.pos = int(s.fpos[f])
	s.turns = int(s.fturns[f])
}

func swUnset(p *SweepParams, s *sweepThread, c int) {
	s.key[c] = 0
	s.free |= swBit(p, s, c)
	s.unknown++
}

func swReachable(p *SweepParams, s *sweepThread) bool {
	open := s.free
	if open&s.entryBit == 0 || open&s.exitBit == 0 {
		return false
	}
	x := s.entryBit
	sh := 0
	if p.Cols < 64 {
		sh = int(p.Cols) // one row of 64 cells: no row above or below
	}
	for {
		vert := uint64(0)
		if sh != 0 {
			vert = x<<uint(sh) | x>>uint(sh)
		}
		nx := (x | (x << 1 & s.notCol0) | (x >> 1 & s.notColLast) | vert) & open
		if nx&s.exitBit != 0 {
			return true
		}
		if nx == x {
			return false
		}
		x = nx
	}
}

func swWallKeepsPath(p *SweepParams, s *sweepThread, c int) bool {
	b := swBit(p, s, c)
	s.key[c] = swWall
	s.free &^= b
	if c == s.entryIdx || c == s.exitIdx {
		return false
	}
	r, col := c/s.width-1, c%s.width-1
	ring := uint32(0)
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			rr, cc := r+dr, col+dc
			if rr >= 0 && rr < int(p.Rows) && cc >= 0 && cc < int(p.Cols) && s.free>>uint(rr*int(p.Cols)+cc)&1 != 0 {
				ring |= 1 << uint(3*(dr+1)+dc+1)
			}
		}
	}
	if p.Ring[ring>>5]>>(ring&31)&1 != 0 {
		return true
	}
	return swReachable(p, s)
}

func swInfeasible(s *sweepThread) {
	var lo, hi uint64
	swPow2(s.unknown, &lo, &hi)
	old := s.infLo
	s.infLo += lo
	c := uint64(0)
	if s.infLo < old {
		c = 1
	}
	s.infHi += hi + c
}

func swLeaf(p *SweepParams, m *sweepMem, s *sweepThread) {
	var lo, hi uint64
	swPow2(s.unknown, &lo, &hi)
	one := uint64(1)
	if s.neg != 0 {
		lo = ^lo + 1
		c := uint64(0)
		if lo == 0 {
			c = 1
		}
		hi = ^hi + c
		one = ^uint64(0)
	}
	t := s.turns
	swAdd128(&m.tally[t], &m.tally[SweepHist+t], lo, hi)
	atomic.AddUint64(&m.tally[2*SweepHist+t], one)
	s.leaves++
	if uint32(t) > s.best {
		s.best = uint32(t)
	}
}

func swBacktrack(p *SweepParams, s *sweepThread, base int) bool {
	for s.nf > base {
		f := s.nf - 1
		swRewind(s, f)
		if s.fwall[f] == 0 {
			s.fwall[f] = 1
			if swWallKeepsPath(p, s, int(s.fcell[f])) {
				return true
			}
			swInfeasible(s)
			continue
		}
		swUnset(p, s, int(s.fcell[f]))
		s.nf--
	}
	return false
}

func swEnter(p *SweepParams, s *sweepThread, bits uint64, n int) int {
	swReset(p, s)
	for i := 0; i < n; i++ {
		c := swAdvance(p, s)
		if c < 0 {
			return -2 // the cap, or a task past a leaf: the CPU decides
		}
		swPush(s, c)
		if bits>>uint(i)&1 != 0 {
			f := s.nf - 1
			swRewind(s, f)
			s.fwall[f] = 1
			if !swWallKeepsPath(p, s, c) {
				if i != n-1 {
					return -2 // a task past a pruned branch: the CPU decides
				}
				swInfeasible(s)
				return 0
			}
		}
	}
	return 1
}

func swRunTask(p *SweepParams, m *sweepMem, s *sweepThread, bits uint64, n int) bool {
	s.steps = 0
	s.leaves = 0
	s.infLo = 0
	s.infHi = 0
	s.best = 0
	ok := swEnter(p, s, bits, n)
	s.steps = 0 // the replay is not the task's work
	if ok < 0 {
		return false
	}
	if ok == 0 {
		return true
	}
	base := s.nf
	for {
		c := swAdvance(p, s)
		if c >= 0 {
			swPush(s, c)
			s.steps++
			if c == s.exitIdx || c == s.entryIdx {
				// A walled entry or exit cell leaves no feasible
				// completion: count the wall branch now and skip it.
				s.fwall[s.nf-1] = 1
				swInfeasible(s)
			}
			continue
		}
		if c == -2 {
			return false
		}
		swLeaf(p, m, s)
		if !swBacktrack(p, s, base) {
			return true
		}
	}
}

func swInit(p *SweepParams, s *sweepThread) {
	s.width = int(p.Cols) + 2
	s.entryIdx = s.width + int(p.Entry) + 1
	s.exitIdx = int(p.Rows)*s.width + int(p.Exit) + 1
	s.exitBorder = (int(p.Rows)+1)*s.width + int(p.Exit) + 1
	s.entryBit = 1 << uint(p.Entry)
	s.exitBit = 1 << uint((p.Rows-1)*p.Cols+p.Exit)
	s.notCol0 = 0
	s.notColLast = 0
	row := ^uint64(0)
	if p.Cols < 64 {
		row = 1<<uint(p.Cols) - 1
	}
	for r := 0; r < int(p.Rows); r++ {
		s.notCol0 |= (row &^ 1) << uint(r*int(p.Cols))
		s.notColLast |= (row >> 1) << uint(r*int(p.Cols))
	}
}

// sweep8 is the kernel's body for one thread.
func sweep8(p *SweepParams, m *sweepMem) {
	var s sweepThread
	swInit(p, &s)
	for {
		i := m.next.Add(1) - 1
		if i >= p.N {
			return
		}
		bits := m.tasks[2*i]
		n := int(m.tasks[2*i+1])
		s.neg = 0
		if swRunTask(p, m, &s, bits, n) {
			atomic.AddUint64(&m.tally[swInf+2], s.leaves)
			atomic.AddUint64(&m.tally[swInf+3], s.steps)
			swAdd128(&m.tally[swInf], &m.tally[swInf+1], s.infLo, s.infHi)
			m.best[i] = s.best
			continue
		}
		m.best[i] = SweepUnfinished
		s.neg = 1
		swRunTask(p, m, &s, bits, n)
	}
}

// EmulateSweep runs the sweep kernel on the CPU with threads goroutines as
// its persistent threads: tasks (two words per task, EncodeTasks), tally
// (SweepTallyWords words, zeroed) and best (one word per task) stand for
// the buffers p's pointers name, which are ignored; p.N must be
// len(best).
func EmulateSweep(p SweepParams, threads int, tasks, tally []uint64, best []uint32) {
	m := &sweepMem{tasks: tasks, tally: tally, best: best}
	var wg sync.WaitGroup
	for range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sweep8(&p, m)
		}()
	}
	wg.Wait()
}
