package sweep

import (
	"math/bits"
	"sync"

	"github.com/mousemaze/mousemaze"
)

// ring is the fast engines' ring test: whether the open-or-unknown
// neighbours of a grid cell are joined through the eight cells around it
// (then a path through the cell can go around it), read from the
// open-or-unknown word (bit r·C+c for cell (r, c)) with no branch. The
// word is rotated so that the 3×3 block around the cell starts at bit 0
// (row i, column j of the block at bit i·C+j), masked to the block's grid
// cells but the centre (cells off the grid's sides come out at bits of
// other cells and the mask drops them), and looked up in one bit table
// for every cell of the grid: for 3 to 7 columns indexed by the masked
// window itself; for 8 to 27 columns by its three rows gathered into 9
// bits by one multiply. Grids of other widths get an empty table, so
// every wall on the path is flooded, which gives the same answer.
type ring struct {
	rot   [fastCells]uint8  // padded index → the left rotation of the word
	wmask [fastCells]uint64 // padded index → the block's grid cells but the centre, after the rotation
	mul   uint64            // the gather's multiplier: 1 for a window index, 0 for no test
	shift uint8             // the gather's shift
	imask uint64            // the index's bits
	tab   *[ringWords]uint64
}

// ringWords is the size of a ring table: 2^(2·7+3) bits, the window of a
// grid of 7 columns.
const ringWords = 1 << (2*7 + 3 - 6)

// joined reports whether the open-or-unknown neighbours of the grid cell
// at padded index c are joined through the ring around it in free.
func (g *ring) joined(free uint64, c int32) bool {
	return g.has(g.gather(g.window(free, c)))
}

// window returns the 3×3 block around the grid cell at padded index c in
// free, rotated to bit 0 and masked.
func (g *ring) window(free uint64, c int32) uint64 {
	c &= fastCells - 1
	return bits.RotateLeft64(free, int(g.rot[c])) & g.wmask[c]
}

// gather returns the table index of the window w: w itself for 3 to 7
// columns, else its rows gathered.
func (g *ring) gather(w uint64) uint64 {
	return (w * g.mul) >> (g.shift & 63) & g.imask
}

// has reports whether bit x of the table is set.
func (g *ring) has(x uint64) bool {
	return g.tab[x>>6&(ringWords-1)]>>(x&63)&1 != 0
}

// windowed reports whether the table is indexed by the window itself.
func (g *ring) windowed() bool { return g.mul == 1 }

// newRing returns the ring test of grids of size sz, whose padded index of
// cell (r, c) is index(r, c).
func newRing(sz mousemaze.Size, index func(r, c int) int) ring {
	var g ring
	cols := sz.Cols
	switch {
	case cols >= 3 && cols <= 7:
		g.mul, g.imask, g.tab = 1, 1<<uint(2*cols+3)-1, windowTables[cols]()
	case cols >= 8 && cols <= 27:
		// The rows of the block are at bits 0, C and 2C: row 2 goes to
		// bits 2C..2C+2, row 1 to 2C+3.., row 0 to 2C+6..; every other
		// product of the multiply lands below 2C or from 2C+9 on, with
		// no two overlapping, so no carry reaches the index.
		g.mul = 1<<uint(2*cols+6) | 1<<uint(cols+3) | 1
		g.shift, g.imask, g.tab = uint8(2*cols), 511, gatherTable()
	default: // narrower or wider grids: no ring test
		g.tab = new([ringWords]uint64)
		return g
	}
	for r := 0; r < sz.Rows; r++ {
		for c := 0; c < cols; c++ {
			i := index(r, c)
			base := (r-1)*cols + c - 1
			g.rot[i] = uint8((64 - base%64) % 64)
			for k := range 9 {
				rr, cc := r+k/3-1, c+k%3-1
				if k != 4 && rr >= 0 && rr < sz.Rows && cc >= 0 && cc < cols {
					g.wmask[i] |= 1 << uint(k/3*cols+k%3)
				}
			}
		}
	}
	return g
}

// windowTables[C] returns the ring table of grids of C columns (3 to 7):
// bit w tells whether ringJoined holds for the 3×3 block whose row i,
// column j is bit i·C+j of w.
var windowTables = func() (t [8]func() *[ringWords]uint64) {
	for cols := 3; cols <= 7; cols++ {
		t[cols] = sync.OnceValue(func() *[ringWords]uint64 {
			return ringTable(func(k int) int { return k/3*cols + k%3 })
		})
	}
	return t
}()

// gatherTable returns the ring table of grids of 8 to 27 columns: bit x
// tells whether ringJoined holds for the 3×3 block whose row i, column j
// is bit 3·(2−i)+j of x.
var gatherTable = sync.OnceValue(func() *[ringWords]uint64 {
	return ringTable(func(k int) int { return 3*(2-k/3) + k%3 })
})

// ringTable returns the table whose bit at index x is ringJoined[p], where
// x has bit at(k) set for each bit k of p (row k/3, column k%3 of the 3×3
// block), for every p without the centre.
func ringTable(at func(k int) int) *[ringWords]uint64 {
	tab := new([ringWords]uint64)
	for p := range 512 {
		if p&16 != 0 || !ringJoined[p] {
			continue
		}
		x := 0
		for k := range 9 {
			if p>>uint(k)&1 != 0 {
				x |= 1 << uint(at(k))
			}
		}
		tab[x>>6] |= 1 << uint(x&63)
	}
	return tab
}
