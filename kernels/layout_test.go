package kernels

import (
	"fmt"
	"testing"
	"unsafe"
)

// conflict looks for two lanes of a warp that can touch different words
// of one shared-memory bank (32 banks of 4-byte words) at the same time:
// addr(l, j) is the byte offset of cell j of lane l. Each lane may stand on
// any cell independently of the others, so such a pair exists exactly when
// some bank is reached by two lanes through different words. It returns a
// description of the first pair found, or "".
func conflict(addr func(lane, cell int) int, lanes []int, cells int) string {
	type touch struct{ lane, cell, word int }
	byBank := map[int][]touch{}
	for _, l := range lanes {
		seen := map[int]bool{} // words of this lane already listed
		for j := 0; j < cells; j++ {
			w := addr(l, j) / 4
			if seen[w] {
				continue
			}
			seen[w] = true
			bank := w % 32
			for _, o := range byBank[bank] {
				if o.lane != l && o.word != w {
					return fmt.Sprintf("bank %d: lane %d on cell %d (word %d), lane %d on cell %d (word %d)", bank, o.lane, o.cell, o.word, l, j, w)
				}
			}
			byBank[bank] = append(byBank[bank], touch{l, j, w})
		}
	}
	return ""
}

// TestLayoutBanks computes, for every kernel's layout, block sizes the
// plans use, several grid sizes and every warp of the block, the banks
// that each lane touches on every cell of its grid, and checks that no
// two lanes of a warp ever touch different words of one bank: shared
// counts are read without bank conflicts, whatever cells the lanes stand
// on. The 16-bit layout before this one (cell j of lane l at element
// j·S + l) fails the same check, as it must.
func TestLayoutBanks(t *testing.T) {
	for _, wd := range Kernels {
		for _, size := range [][2]int{{1, 1}, {3, 5}, {13, 13}, {14, 13}, {32, 32}, {7, 64}} {
			lay := wd.Layout(size[0], size[1], true)
			cells := lay.H * lay.W
			for _, S := range []int{64, 128, 256} {
				for w0 := 0; w0 < S; w0 += 32 {
					var lanes []int
					for l := w0; l < w0+32; l++ {
						lanes = append(lanes, l)
					}
					addr := func(l, j int) int { return lay.Addr(S, l, j/lay.W, j%lay.W) }
					if c := conflict(addr, lanes, cells); c != "" {
						t.Fatalf("%s %dx%d S=%d warp %d: %s", wd.Kernel, size[0], size[1], S, w0/32, c)
					}
				}
			}
		}
	}
	old := func(l, j int) int { return 2 * (j*64 + l) }
	lanes := make([]int, 32)
	for l := range lanes {
		lanes[l] = l
	}
	if conflict(old, lanes, Cells(13, 13)) == "" {
		t.Fatal("the interleaved 16-bit layout shows no conflict: the check cannot fail")
	}
}

// TestLayoutCells checks, for every width in shared memory and in global
// scratch, that the layout's grid gives every cell of
// every lane its own count, that the kernels' step (lane.neighbours, as in
// walk.cu) finds exactly the four neighbours of every cell a mouse can
// stand on, and that a step right from the last column lands on a wall
// (column 0 of a later row) inside the grid.
func TestLayoutCells(t *testing.T) {
	for _, wd := range Kernels {
		for rows := 1; rows <= 20; rows++ {
			for cols := 1; cols <= 20; cols += 3 {
				for _, S := range []int{32, 64, 192} {
					checkLayout(t, wd, rows, cols, S, true)
					checkLayout(t, wd, rows, cols, S, false)
				}
			}
		}
		checkLayout(t, wd, 64, 64, 64, true)
		checkLayout(t, wd, 64, 64, 64, false)
	}
}

func checkLayout(t *testing.T, wd Width, rows, cols, S int, shared bool) {
	t.Helper()
	lay := wd.Layout(rows, cols, shared)
	name := fmt.Sprintf("%s %dx%d S=%d shared=%v", wd.Kernel, rows, cols, S, shared)
	if lay.H < rows+2 || lay.W < cols+1 || lay.H%lay.TileRows != 0 || lay.W%lay.TileCols != 0 {
		t.Fatalf("%s: bad grid %+v", name, lay)
	}
	size := S * lay.Bytes()
	seen := make([]bool, size)
	for _, l := range []int{0, 1, S/2 + 3, S - 1} {
		for r := 0; r < lay.H; r++ {
			for c := 0; c < lay.W; c++ {
				a := lay.Addr(S, l, r, c)
				if a < 0 || a+wd.Bytes > size || a%wd.Bytes != 0 || seen[a] {
					t.Fatalf("%s: lane %d cell (%d,%d) at %d: outside, misaligned or shared", name, l, r, c, a)
				}
				seen[a] = true
			}
		}
	}
	p := Params{Rows: int32(rows), Cols: int32(cols)}
	if shared {
		p.Shared = 1
	}
	for _, l := range []int{0, S - 1} {
		switch wd.Bytes {
		case 1:
			checkSteps(t, name, lay, S, l, wd.Wall, testLane[uint8](p, S, l, size, wd.Wall))
		case 2:
			checkSteps(t, name, lay, S, l, wd.Wall, testLane[uint16](p, S, l, size, wd.Wall))
		default:
			checkSteps(t, name, lay, S, l, wd.Wall, testLane[uint32](p, S, l, size, wd.Wall))
		}
	}
}

// testLane sets thread l of a grid of one block of S threads up on size
// bytes of shared memory or global scratch, as the emulation does.
func testLane[T Count](p Params, S, l, size int, wall uint32) *lane[T] {
	var z T
	mem := make([]T, size/int(unsafe.Sizeof(z)))
	return newLane(&grid[T]{p: &p, global: mem}, &thread[T]{threadIdx: l, blockDim: S, gridDim: 1, smem: mem}, wall)
}

func checkSteps[T Count](t *testing.T, name string, lay Layout, S, l int, wall uint32, ln *lane[T]) {
	t.Helper()
	at := func(r, c int) uint32 { return uint32(lay.Addr(S, l, r, c)) }
	if ln.entry != at(1, 1) || ln.exit != at(int(ln.rows)+1, 1) {
		t.Fatalf("%s lane %d: the emulation's entry/exit %d/%d differ from Layout's %d/%d", name, l, ln.entry, ln.exit, at(1, 1), at(ln.rows+1, 1))
	}
	for r := 1; r <= ln.rows; r++ {
		for c := 1; c <= ln.cols; c++ {
			d, rt, lt, u := ln.neighbours(at(r, c))
			wantR := at(r, c+1)
			if c+1 == lay.W {
				if r+lay.TileRows >= lay.H {
					t.Fatalf("%s: a step right from (%d,%d) leaves the grid", name, r, c)
				}
				wantR = at(r+lay.TileRows, 0)
			}
			if d != at(r+1, c) || rt != wantR || lt != at(r, c-1) || u != at(r-1, c) {
				t.Fatalf("%s lane %d cell (%d,%d): neighbours D %d R %d L %d U %d, want %d %d %d %d",
					name, l, r, c, d, rt, lt, u, at(r+1, c), wantR, at(r, c-1), at(r-1, c))
			}
		}
	}
	// Every cell of the border and the padding holds a wall, the exit 0.
	for r := 0; r < lay.H; r++ {
		for c := 0; c < lay.W; c++ {
			v := uint32(*ln.at(at(r, c)))
			want := wall
			if r == ln.rows+1 && c == 1 {
				want = 0
			}
			if (r == 0 || r > ln.rows || c == 0 || c > ln.cols) && v != want {
				t.Fatalf("%s: padded cell (%d,%d) holds %d, want %d", name, r, c, v, want)
			}
		}
	}
}
