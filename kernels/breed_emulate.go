package kernels

import (
	"fmt"
	"math/bits"
	"runtime"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
)

// This file is a plain-Go, statement-for-statement mirror of breed.cu, as
// emulate.go is of the walk kernels: the CPU tests hold it to dispatch's
// GridProblem.Breed, and EmulatedBreeder lets the engine's device
// breeding run without a device. Change both files together.

// breedRand is breed.cu's Rand (wyrand).
type breedRand struct{ s uint64 }

func (r *breedRand) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

func (r *breedRand) below(n uint64) uint64 {
	hi, lo := bits.Mul64(r.next(), n)
	if lo < n {
		floor := -n % n
		for lo < floor {
			hi, lo = bits.Mul64(r.next(), n)
		}
	}
	return hi
}

func (r *breedRand) uniform() float64 { return float64(r.next()>>11) * (1.0 / 9007199254740992.0) }

// childRand is breed.cu's child_rand.
func childRand(seed, i uint64) uint64 {
	z := seed + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// binomDraw is breed.cu's binom_draw.
func binomDraw(j *BreedJob, r *breedRand) int {
	if j.Binom == BinomNone {
		return 0
	}
	if j.Binom == BinomAll {
		return len(j.CellOf)
	}
	u := r.uniform()
	k := int(j.Guide[int(u*BreedGuide)])
	last := len(j.CDF) - 1
	for k < last && u >= j.CDF[k] {
		k++
	}
	return k
}

// flipCells is breed.cu's flip_cells.
func flipCells(j *BreedJob, r *breedRand, c, flip []uint64, k int) {
	for got, tries := 0, 0; got < k && tries < 20*k+100; tries++ {
		cell := j.CellOf[r.below(uint64(len(j.CellOf)))]
		row, bit := cell>>6, uint64(1)<<(cell&63)
		if flip[row]&bit != 0 {
			continue
		}
		flip[row] |= bit
		got++
	}
	for row := range c {
		c[row] ^= flip[row]
		flip[row] = 0
	}
}

// equalWalls is breed.cu's equal.
func equalWalls(a, b []uint64) bool {
	for row := range a {
		if a[row] != b[row] {
			return false
		}
	}
	return true
}

// candidate is breed.cu's candidate.
func candidate(j *BreedJob, r *breedRand, a, b, c, flip []uint64, rowMask uint64) {
	rows, cols := j.Rows, j.Cols
	if j.Cross {
		var words [MaxBreedCells/64 + 1]uint64
		nw := (rows*cols + 63) / 64
		for i := 0; i < nw; i++ {
			words[i] = r.next()
		}
		words[nw] = 0
		for row, pos := 0, 0; row < rows; row, pos = row+1, pos+cols {
			i, off := pos>>6, uint(pos&63)
			m := words[i] >> off
			if off != 0 {
				m |= words[i+1] << (64 - off)
			}
			m &= rowMask
			c[row] = a[row]&m | b[row]&^m
		}
	} else {
		copy(c, a)
	}
	c[0] &^= 1 << uint(j.Entry)
	c[rows-1] &^= 1 << uint(j.Exit)
	flipCells(j, r, c, flip, binomDraw(j, r))
	if equalWalls(c, a) || equalWalls(c, b) {
		flipCells(j, r, c, flip, 1)
	}
}

// breedRepair is breed.cu's repair.
func breedRepair(j *BreedJob, r *breedRand, c, a []uint64) {
	var diff [MaxBreedCells]uint16
	nd := 0
	for row := range c {
		for x := c[row] ^ a[row]; x != 0; x &= x - 1 {
			diff[nd] = uint16(row<<6 | bits.TrailingZeros64(x))
			nd++
		}
	}
	ok := mousemaze.FeasibleWalls(c, j.Cols, j.Entry, j.Exit)
	for !ok && nd > 0 {
		i := int(r.below(uint64(nd)))
		cell := diff[i]
		nd--
		diff[i] = diff[nd]
		row, bit := cell>>6, uint64(1)<<(cell&63)
		if a[row]&bit != 0 { // walled: still infeasible
			c[row] |= bit
			continue
		}
		c[row] &^= bit
		ok = mousemaze.FeasibleWalls(c, j.Cols, j.Entry, j.Exit)
	}
}

// breedChild is one pass of breed.cu's loop: child g of j into c, and
// the number of its candidates rejected.
func breedChild(j *BreedJob, g int, c, flip []uint64, rowMask uint64) uint8 {
	rows := j.Rows
	r := breedRand{childRand(j.Seeds[g/j.Chunk], uint64(g%j.Chunk))}
	np := uint64(len(j.Parents) / rows)
	k := int(r.below(np))
	a := j.Parents[k*rows : (k+1)*rows]
	b := a
	if j.Cross {
		k = int(r.below(np))
		b = j.Parents[k*rows : (k+1)*rows]
	}
	rejected := 0
	for {
		candidate(j, &r, a, b, c, flip, rowMask)
		if mousemaze.FeasibleWalls(c, j.Cols, j.Entry, j.Exit) {
			break
		}
		if rejected++; rejected >= j.MaxRedraws {
			breedRepair(j, &r, c, a)
			break
		}
	}
	return uint8(rejected)
}

// EmulateBreed runs the breeding kernel's logic on the host: the children
// of j into children (j.N*j.Rows words) and their counts of rejected
// candidates into rejected (j.N), on every core.
func EmulateBreed(j *BreedJob, children []uint64, rejected []uint8) error {
	if err := j.Check(); err != nil {
		return err
	}
	if len(children) != j.N*j.Rows || len(rejected) != j.N {
		return fmt.Errorf("breed: %w: %d words and %d counts for %d children of %d rows", mousemaze.ErrSize, len(children), len(rejected), j.N, j.Rows)
	}
	rows, rowMask := j.Rows, mousemaze.RowMask(j.Cols)
	parallel.Chunks(runtime.GOMAXPROCS(0), j.N, 1<<10, func(lo, hi int) {
		flip := make([]uint64, rows)
		for g := lo; g < hi; g++ {
			rejected[g] = breedChild(j, g, children[g*rows:(g+1)*rows], flip, rowMask)
		}
	})
	return nil
}

// EmulatedBreeder is a kernels.Breeder on the host: EmulateBreed into its
// HostGenerations, then its Evaluator walks the children. It is the
// device's breeding without a device, for the engine's tests. Use it by
// pointer.
type EmulatedBreeder struct {
	mousemaze.Evaluator
	HostGenerations
}

// BreedWalk breeds j's children with EmulateBreed into generation j.Slot
// and walks them with the embedded Evaluator.
func (e *EmulatedBreeder) BreedWalk(j *BreedJob, cfg mousemaze.Config, rejected []uint8, hashes []uint64, dst []mousemaze.Result) error {
	if err := j.CheckWalk(cfg, rejected, hashes, dst); err != nil {
		return err
	}
	children := e.Place(j)
	if err := EmulateBreed(j, children, rejected); err != nil {
		return err
	}
	for i := range hashes {
		hashes[i] = ChildHash(children[i*j.Rows:(i+1)*j.Rows], j.Entry, j.Exit)
	}
	return e.Evaluate(mousemaze.Population{Rows: j.Rows, Cols: j.Cols, Words: children, Feasible: true}, cfg, dst)
}
