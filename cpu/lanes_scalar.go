package cpu

import (
	"unsafe"

	"github.com/mousemaze/mousemaze"
)

//go:generate go run gen_scalar.go

// scalarLanes is the number of mazes the scalar kernel walks in lockstep.
// Of 2, 3, 4, 5, 6 and 8 lanes, four measured best on the AMD EPYC of
// doc.go, with three and five within noise of it and two, six and eight
// 7 to 18% slower.
const scalarLanes = 4

// A key's low byte holds a move's cell offset, at most MaxSide+1 either
// way: this fails to compile if that no longer fits in an int8.
const _ = int8(mousemaze.MaxSide + 1)

// errOffBoard is the scalar kernel's panic when a mouse stands outside the
// interior of the count array. A correct walk never does (walls and the
// border are never the least key); the check is there so that the
// kernel's unchecked loads and stores stay inside the array whatever
// happens.
const errOffBoard = "cpu: scalar kernel: a mouse left the count array"

// stepScalar is stepGeneric for up to scalarLanes lanes in pure Go, with
// no gathers: walkScalar1 … walkScalar4 (one for each number of active
// lanes, written out by gen_scalar.go) advance every lane's mouse once per
// loop iteration in straight-line code, so the processor overlaps the
// lanes' independent chains of loads, and pick the move without a branch.
//
// A move loads the four neighbours' counts and forms 64-bit keys
// count<<10 | rank<<8 | offset, offset being the move's cell offset as a
// signed byte (|offset| ≤ MaxSide+1 < 128): the least key is the move,
// ties going to the lower rank, and its low byte is the step to take.
// The Go compiler turns the minimum into conditional moves only when its
// result does not feed a load address within the function's SSA, and a
// branch there would be mispredicted about every other move. So each
// lane's position goes through memory (q, loaded at the start of its
// move, stored at the end), and the visit to the cell the mouse moved to is
// counted when his next move starts, from the reloaded position: the
// visit already counted to the cell he stands on is taken back here
// first, and the pending visits are counted at the end (never the exit's).
//
// Positions are kept less w and read through three pointers into cnt (at
// rows 0, 1 and 2 of the first region), so that every load is one
// instruction; each move checks first that the mouse is in the interior
// of cnt, where all its neighbours are in cnt, and panics with
// errOffBoard otherwise.
func (s *lanes) stepScalar(n int) int {
	if n < 1 {
		return 0
	}
	cnt, w := s.cnt, s.w
	span := uint(len(cnt) - 2*w)
	delta := [4]int{w, 1, -1, -w} // by Dir
	var (
		key  [4]uint64 // by Dir: rank<<8 | uint8(offset)
		q, e [scalarLanes]int
	)
	for d := range key {
		key[d] = uint64(s.key[d])<<8 | uint64(uint8(delta[d]))
	}
	act := s.active
	for l := range act {
		q[l], e[l] = int(s.pos[l])-w, int(s.exit[l])-w
		if uint(q[l]) >= span {
			panic(errOffBoard)
		}
		cnt[q[l]+w]-- // counted again at the start of the lane's first move
	}
	u, c, d := unsafe.Pointer(&cnt[0]), unsafe.Pointer(&cnt[w]), unsafe.Pointer(&cnt[2*w])
	var moved int
	switch act {
	case 1:
		moved = walkScalar1(u, c, d, span, &key, &q, &e, n)
	case 2:
		moved = walkScalar2(u, c, d, span, &key, &q, &e, n)
	case 3:
		moved = walkScalar3(u, c, d, span, &key, &q, &e, n)
	default:
		moved = walkScalar4(u, c, d, span, &key, &q, &e, n)
	}
	for l := range act {
		if q[l] != e[l] {
			cnt[q[l]+w]++
		}
		s.pos[l] = int32(q[l] + w)
	}
	return moved
}
