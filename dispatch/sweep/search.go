package sweep

import "unsafe"

// The search loop is compiled once for each mode, so that each copy
// holds only its own tests: the size of the mode type tells whether the
// sweep prunes by the best-only bound (whose call would make every branch
// of a full sweep spill the walk's registers) and whether the ring test
// gathers the rows of its window (grids of other than 3 to 7 columns).
type (
	windowed      uint8
	gathered      uint16
	windowedBound uint32
	gatheredBound uint64
)

// searchMode is search's type parameter.
type searchMode interface {
	windowed | gathered | windowedBound | gatheredBound
}

// hasBound reports whether mode M prunes by the best-only bound.
func hasBound[M searchMode]() bool {
	var m M
	return unsafe.Sizeof(m) >= 4
}

// hasGather reports whether mode M gathers the ring's window.
func hasGather[M searchMode]() bool {
	var m M
	return unsafe.Sizeof(m)&10 != 0
}

// runTask adds the whole subtree below node p to the tally. It returns
// false when a walk passed capTurns, or when f.stop was set (it looks
// every stopEvery leaves); the tally is then void.
func (f *fast[T, A]) runTask(p prefix) bool {
	d := f.enter(p)
	if d < 0 {
		return true
	}
	f.nodeKept = false
	h := &f.hdr[d&(stackLen-1)]
	if h.pos == 0 {
		// The root: the mouse is outside and the first decision is
		// the entry cell, whose wall cuts every path. The open branch
		// goes on in place, its move a step of the task.
		if f.bound != nil && !mayBeat(f, h.free, h.open) {
			f.pruned.addPow2(int(h.unknown))
			return true
		}
		f.cut[(h.unknown-1)&63]++
		f.openAt(d, f.entryIdx)
		f.steps++
	}
	switch win := f.ring.windowed(); {
	case f.bound == nil && win:
		return search[windowed](f, int32(d))
	case f.bound == nil:
		return search[gathered](f, int32(d))
	case win:
		return search[windowedBound](f, int32(d))
	default:
		return search[gatheredBound](f, int32(d))
	}
}

// search adds the subtree of the node at level base, where the mouse
// stands on a grid cell, to the tally, as runTask does.
//
// The walk, the branches and the leaves are written out here, because
// this loop is where a sweep spends its time. The walk keeps the mouse's
// cell as a pointer pp into the level's keys (at kp) and his turns in
// registers. The rule (the first direction in preference order with key
// 0, an unknown cell or the exit, decides the move at once, else the
// fewest visits, an open cell having at least the visit that opened it)
// is the first of the fewest keys in preference order, since 0 is the
// least key: the walk reads all four and keeps the first least, with no
// test for 0 but the one after the four (16% fewer branches and 2.7% fewer
// instructions on 6×6 than stopping at the first 0). Every walk adds its
// last turns less its first to the steps: a leaf's last turns are added
// when the batch reports (from the histogram), a pruned node's here.
// The mouse stands on a grid cell, so its neighbours are in the padded
// grid and need no bounds checks. The rest of the current level's state,
// which only the branches and the leaves read, is in f.cur.
//
// At an unknown cell the wall branch waits at this level and the open
// branch goes one level up, unless the wall cuts every path (the test of
// pathAround; below the root the entry cell is open, so the walk never
// meets it unknown), when the open branch is taken in place with nothing
// to save. The open cells (cs.open and the levels' open) are kept only in
// the modes that prune (hasBound). With down first, the exit cell met
// unknown ends the walk at once: walled it cuts every path, open the
// mouse steps on it and leaves. A wall that leaves the exit cell no
// open-or-unknown neighbour cuts every path with no flood (f.exitNbr).
func search[M searchMode, T counter, A keys[T]](f *fast[T, A], base int32) bool {
	cs, h := &f.cur, &f.hdr[base&levelMask]
	*cs = curState{free: h.free, open: h.open, path: f.path, unknown: h.unknown, d: base, base: base}
	f.steps -= uint64(h.turns)
	kt, tp := T(0), unsafe.Pointer(nil)
	sz := unsafe.Sizeof(kt)
	kp, turns := unsafe.Pointer(&f.key[base&levelMask]), h.turns
	pp := unsafe.Add(kp, uintptr(h.pos)*sz)
	o0, o1, o2, o3 := int(f.off[0])*int(sz), int(f.off[1])*int(sz), int(f.off[2])*int(sz), int(f.off[3])*int(sz)
	for {
		for {
			tp, kt = unsafe.Add(pp, o0), *(*T)(unsafe.Add(pp, o0))
			if m := unsafe.Add(pp, o1); *(*T)(m) < kt {
				tp, kt = m, *(*T)(m)
			}
			if m := unsafe.Add(pp, o2); *(*T)(m) < kt {
				tp, kt = m, *(*T)(m)
			}
			if m := unsafe.Add(pp, o3); *(*T)(m) < kt {
				tp, kt = m, *(*T)(m)
			}
			if kt == 0 {
				break
			}
			if turns >= f.capTurns {
				return f.overCap()
			}
			*(*T)(tp) = kt + 1
			turns++
			pp = tp
		}
		t := int32((uintptr(tp) - uintptr(kp)) / sz)
		if t != f.exitBorder {
			if hasBound[M]() && !mayBeat(f, cs.free, cs.open) {
				f.pruned.addPow2(int(cs.unknown))
				f.steps += uint64(turns)
				goto back
			}
			if t != f.exitStop {
				b := f.bitOf[t&(fastCells-1)]
				wp, ok := cs.path, cs.path&b == 0
				if !ok && t != f.exitIdx {
					w := f.ring.window(cs.free, t)
					if hasGather[M]() {
						w = f.ring.gather(w)
					}
					if f.ring.has(w) {
						wp, ok = (cs.path|f.nbr8[t&(fastCells-1)]&cs.free)&^b, true
					} else if cs.free&^b&f.exitNbr != 0 && f.reaches(cs.free&^b) {
						wp, ok = f.findPath(cs.free &^ b) // rare: a call, which spills the walk's registers
					}
				}
				if ok {
					h = &f.hdr[cs.d&levelMask]
					h.free, h.wpath, h.unknown, h.pending = cs.free, wp, cs.unknown, t
					if hasBound[M]() {
						h.open = cs.open
					}
					h.pos, h.turns = int32((uintptr(pp)-uintptr(kp))/sz), turns
					cs.d++
					up := unsafe.Pointer(&f.key[cs.d&levelMask])
					copyKeys(up, kp, unsafe.Sizeof(f.key[0]))
					tp, kp = unsafe.Add(up, uintptr(t&(fastCells-1))*sz), up
				} else {
					f.cut[(cs.unknown-1)&63]++
				}
				*(*T)(tp) = 1
				if hasBound[M]() {
					cs.open |= b
				}
				cs.unknown--
				pp, turns = tp, turns+1
				continue
			}
			f.cut[(cs.unknown-1)&63]++
			*(*T)(tp) = 1
			cs.unknown, turns = cs.unknown-1, turns+1
		}
		// A leaf: the mouse steps onto the exit.
		turns++
		if f.leaves++; (turns > f.best || f.leaves%stopEvery == 0) && !f.leafEvent(turns, (*A)(kp)) {
			return false
		}
		f.addLeaf(turns, cs.unknown)
	back:
		if cs.d == cs.base {
			return true
		}
		cs.d-- // the wall branch below, known to keep a path
		h = &f.hdr[cs.d&levelMask]
		kp, t = unsafe.Pointer(&f.key[cs.d&levelMask]), h.pending&(fastCells-1)
		*(*T)(unsafe.Add(kp, uintptr(t)*sz)) = f.wall
		cs.free, cs.path, cs.unknown = h.free&^f.bitOf[t], h.wpath, h.unknown-1
		if hasBound[M]() {
			cs.open = h.open
		}
		pp, turns = unsafe.Add(kp, uintptr(h.pos)*sz), h.turns
		f.steps -= uint64(turns)
	}
}

// addLeaf adds a leaf of turns turns standing for 2^unknown mazes to the
// histogram, with no bounds checks: turns is at most the tally's best,
// which leafEvent made room for.
func (f *fast[T, A]) addLeaf(turns, unknown int32) {
	(*Count)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(f.hist)), uintptr(turns)*unsafe.Sizeof(Count{}))).addPow2Small(int(unknown))
	*(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(f.histLeaves)), uintptr(turns)*8)) += 1
}

// leafEvent is search's rarer work at a leaf of turns turns on keys k: a
// new best leaf (with room for it in the histogram), and every
// stopEvery leaves publishes the leaves and looks at the stop flag; it
// returns false when that is set.
func (f *fast[T, A]) leafEvent(turns int32, k *A) bool {
	if turns > f.best { // the tally's range of turns is 0..best (setRange)
		if int(turns) >= len(f.hist) {
			f.growHist(int(turns))
		}
		f.best, f.bestIndex = turns, f.curIndex
		copyKeys(unsafe.Pointer(&f.bestKey), unsafe.Pointer(k), unsafe.Sizeof(*k))
	}
	if f.leaves%stopEvery == 0 {
		if f.live != nil {
			f.live.Store(f.leaves)
		}
		if f.stop != nil && f.stop.Load() {
			f.lastOK = false
			return false
		}
	}
	return true
}

// overCap records that a walk passed capTurns, which voids the tally and
// the levels, and returns false for search to return.
func (f *fast[T, A]) overCap() bool {
	f.over, f.lastOK = true, false
	return false
}
