package sweep

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// randomCases returns sizes and rules for equivalence tests: every shape
// up to 5×5 that the fast engine takes, and a few of 8 columns and more
// (whose ring test gathers the rows of its window), with random orders and
// end columns.
func randomCases(rng *rand.Rand) []struct {
	sz  mousemaze.Size
	cfg mousemaze.Config
} {
	var out []struct {
		sz  mousemaze.Size
		cfg mousemaze.Config
	}
	sizes := []mousemaze.Size{{Rows: 2, Cols: 8}, {Rows: 2, Cols: 9}, {Rows: 2, Cols: 10}, {Rows: 1, Cols: 12}}
	for r := 5; r >= 1; r-- {
		for c := 5; c >= 1; c-- {
			if r*c <= 20 {
				sizes = append([]mousemaze.Size{{Rows: r, Cols: c}}, sizes...)
			}
		}
	}
	for _, sz := range sizes {
		for k := 0; k < 2; k++ {
			var o mousemaze.Order
			for i, j := range rng.Perm(4) {
				o[i] = mousemaze.Dir(j)
			}
			if k == 0 {
				o = mousemaze.Order{}
			}
			cfg := mousemaze.Config{Order: o.Resolve(), Entry: rng.IntN(sz.Cols), Exit: rng.IntN(sz.Cols)}
			out = append(out, struct {
				sz  mousemaze.Size
				cfg mousemaze.Config
			}{sz, cfg})
		}
	}
	return out
}

// TestFastEqualsReference runs every task of many small sweeps on the fast
// engines (8 and 16 bits) and on the reference engine, and compares the
// tallies exactly; the tasks of depth 0 are the root.
func TestFastEqualsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	cases := randomCases(rng)
	cases = append(cases, struct {
		sz  mousemaze.Size
		cfg mousemaze.Config
	}{mousemaze.Size{Rows: 5, Cols: 5}, mousemaze.Config{Order: mousemaze.Order{}.Resolve()}})
	for _, tc := range cases {
		t.Run(fmt.Sprintf("size=%s/order=%s/entry=%d/exit=%d", tc.sz, tc.cfg.Order, tc.cfg.Entry, tc.cfg.Exit), func(t *testing.T) {
			ref := newEngine(tc.sz, tc.cfg)
			f8 := newFast[uint8, [128]uint8](tc.sz, tc.cfg)
			f16 := newFast[uint16, [128]uint16](tc.sz, tc.cfg)
			var f6 *fast[uint8, [64]uint8]
			if (tc.sz.Rows+2)*(tc.sz.Cols+2) <= 64 {
				f6 = newFast[uint8, [64]uint8](tc.sz, tc.cfg)
			}
			for _, depth := range []int{0, 1, 3, 6} {
				for i, p := range ref.split(depth) {
					ref.curIndex = i
					ref.runTask(p)
					want := ref.result(0)
					f8.curIndex, f16.curIndex = i, i
					if !f8.runTask(p) || !f16.runTask(p) {
						t.Fatalf("task %d passed the turn cap", i)
					}
					got8, got16 := f8.result(0, 0), f16.result(0, 0)
					if f6 != nil {
						f6.curIndex = i
						if !f6.runTask(p) {
							t.Fatalf("task %d passed the turn cap", i)
						}
						if got6 := f6.result(0, 0); !reflect.DeepEqual(got6, want) {
							t.Fatalf("depth %d task %d %+v: 64-cell engine %+v, want %+v", depth, i, p, got6, want)
						}
					}
					if !reflect.DeepEqual(got8, want) || !reflect.DeepEqual(got16, want) {
						t.Fatalf("depth %d task %d %+v:\n  8-bit %+v\n 16-bit %+v\n   want %+v", depth, i, p, got8, got16, want)
					}
				}
			}
		})
	}
}

// TestFastEscalation lowers the 8-bit engine's turn cap so that long walks
// pass it, and checks that the runner's answer for batches of tasks still
// equals the reference engine's, first with the 16-bit engine taking over,
// then with the reference engine.
func TestFastEscalation(t *testing.T) {
	sz := mousemaze.Size{Rows: 4, Cols: 4}
	cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve()}
	ref := newEngine(sz, cfg)
	var all []task
	for _, p := range ref.split(3) {
		all = append(all, task{node: p})
	}
	check := func(r *runner) {
		for k := 0; k < len(all); k += 3 {
			idx := []int{}
			for i := k; i < min(k+3, len(all)); i++ {
				idx = append(idx, i)
				ref.curIndex = i
				ref.runTask(all[i].node)
			}
			want := ref.result(0)
			if got := r.run(all, idx, 0); !reflect.DeepEqual(got, want) {
				t.Fatalf("tasks %v: got %+v, want %+v", idx, got, want)
			}
		}
	}
	r := newRunner(sz, cfg)
	r.f6.capTurns = 15
	check(r)
	if r.escals == 0 || r.f16 == nil {
		t.Fatalf("no batch passed the lowered cap (%d escalations)", r.escals)
	}
	r = newRunner(sz, cfg)
	r.f6.capTurns = 15
	r.f16 = newFast[uint16, [128]uint16](sz, cfg)
	r.f16.capTurns = 15
	check(r)
	if r.ref == nil {
		t.Fatal("the reference engine never ran")
	}
}

// TestFastNoAllocs checks that the fast engine's search allocates nothing.
func TestFastNoAllocs(t *testing.T) {
	sz := mousemaze.Size{Rows: 5, Cols: 5}
	cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve()}
	ps := newEngine(sz, cfg).split(4)
	f := newFast[uint8, [128]uint8](sz, cfg)
	allocs := testing.AllocsPerRun(3, func() {
		for _, p := range ps {
			if !f.runTask(p) {
				t.Fatal("cap passed")
			}
			f.clearTally()
		}
	})
	if allocs != 0 {
		t.Errorf("the fast search allocates %.0f times per 5×5 sweep", allocs)
	}
}

// TestRing compares the ring test of every cell of grids of many widths
// with ringJoined on the 3×3 block read cell by cell, on random words (on
// 1, 2 and 28 columns the engine has no ring test).
func TestRing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, sz := range []mousemaze.Size{{Rows: 1, Cols: 1}, {Rows: 6, Cols: 2}, {Rows: 3, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 7, Cols: 7},
		{Rows: 8, Cols: 8}, {Rows: 4, Cols: 9}, {Rows: 2, Cols: 27}, {Rows: 1, Cols: 3}, {Rows: 2, Cols: 28}} {
		e := newEngine(sz, mousemaze.Config{Order: mousemaze.Order{}.Resolve()})
		g := newRing(sz, e.index)
		for r := 0; r < sz.Rows; r++ {
			for c := 0; c < sz.Cols; c++ {
				for range 200 {
					free := rng.Uint64() & (^uint64(0) >> uint(64-sz.Cells()))
					var block uint
					for k := range 9 {
						rr, cc := r+k/3-1, c+k%3-1
						if k != 4 && rr >= 0 && rr < sz.Rows && cc >= 0 && cc < sz.Cols && free>>uint(rr*sz.Cols+cc)&1 != 0 {
							block |= 1 << uint(k)
						}
					}
					want := ringJoined[block] && sz.Cols >= 3 && sz.Cols <= 27
					if got := g.joined(free, int32(e.index(r, c))); got != want {
						t.Fatalf("%s cell (%d,%d), free %#x (block %09b): joined %v, want %v", sz, r, c, free, block, got, want)
					}
				}
			}
		}
	}
}

// TestProbeReusesNode checks that Knuth's descents from a task's node give
// the same figures whether the engine replays the node from the root (a
// fresh engine each time) or keeps it from the previous descent of the
// same node, and that a task run after descents is exact.
func TestProbeReusesNode(t *testing.T) {
	sz := mousemaze.Size{Rows: 5, Cols: 5}
	cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve(), Entry: 1, Exit: 3}
	ref := newEngine(sz, cfg)
	kept := newFast[uint8, [64]uint8](sz, cfg)
	for i, p := range ref.split(5) {
		rngKept, rngFresh := rand.New(rand.NewPCG(uint64(i), 9)), rand.New(rand.NewPCG(uint64(i), 9))
		for range 4 {
			l, n, s := kept.probe(p, rngKept)
			l2, n2, s2 := newFast[uint8, [64]uint8](sz, cfg).probe(p, rngFresh)
			if l != l2 || n != n2 || s != s2 {
				t.Fatalf("task %d %+v: descent from the kept node %v %v %v, from a replay %v %v %v", i, p, l, n, s, l2, n2, s2)
			}
		}
		ref.curIndex, kept.curIndex = i, i
		ref.runTask(p)
		if !kept.runTask(p) {
			t.Fatal("cap passed")
		}
		if got, want := kept.result(0, 0), ref.result(0); !reflect.DeepEqual(got, want) {
			t.Fatalf("task %d after descents: %+v, want %+v", i, got, want)
		}
	}
}

// TestExitAlone checks search's shortcut before the flood: a set of
// open-or-unknown cells that holds none of the exit cell's neighbours
// joins the entry to the exit only when they are one cell, and the flood
// says the same for every set of cells of every shape up to 4×4 and end
// columns (random sets above 2^12).
func TestExitAlone(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for r := 1; r <= 4; r++ {
		for c := 1; c <= 4; c++ {
			for en := 0; en < c; en++ {
				for ex := 0; ex < c; ex++ {
					sz := mousemaze.Size{Rows: r, Cols: c}
					f := newFast[uint8, [64]uint8](sz, mousemaze.Config{Order: mousemaze.Order{}.Resolve(), Entry: en, Exit: ex})
					n := uint64(1) << uint(r*c)
					for k := uint64(0); k < min(n, 1<<12); k++ {
						open := k
						if n > 1<<12 {
							open = rng.Uint64() & (n - 1)
						}
						if shortcut := open&f.exitNbr != 0 && f.reaches(open); shortcut != f.reaches(open) {
							t.Fatalf("%s entry %d exit %d, cells %#x: shortcut says %v, the flood %v", sz, en, ex, open, shortcut, !shortcut)
						}
					}
				}
			}
		}
	}
}

// TestFindPath checks findPath on random sets of open-or-unknown cells of
// several shapes and end columns: it finds a path exactly when the flood
// reaches the entry, and the path is a shortest one (as many cells as
// the flood's steps from the exit to the entry, plus one) of cells of the
// set, each next to the one before it, from the entry cell to the exit
// cell.
func TestFindPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	for _, sz := range []mousemaze.Size{{Rows: 1, Cols: 5}, {Rows: 4, Cols: 4}, {Rows: 6, Cols: 6}, {Rows: 5, Cols: 9}, {Rows: 8, Cols: 8}} {
		for k := 0; k < 2000; k++ {
			cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve(), Entry: rng.IntN(sz.Cols), Exit: rng.IntN(sz.Cols)}
			f := newFast[uint16, [128]uint16](sz, cfg)
			all := ^uint64(0) >> uint(64-sz.Cells())
			walls := rng.Uint64() // a quarter to a sixteenth of the cells
			for range 1 + rng.IntN(3) {
				walls &= rng.Uint64()
			}
			open := all &^ walls
			path, ok := f.findPath(open)
			if ok != f.reaches(open) {
				t.Fatalf("%s %+v, cells %#x: findPath %v, the flood %v", sz, cfg, open, ok, !ok)
			}
			if !ok {
				continue
			}
			dist, x := 0, f.exitBit
			for x&f.entryBit == 0 {
				x, dist = f.grow1(x, open), dist+1
			}
			if path&^open != 0 || path&f.entryBit == 0 || path&f.exitBit == 0 || bits.OnesCount64(path) != dist+1 {
				t.Fatalf("%s %+v, cells %#x: path %#x is not a shortest path (%d steps)", sz, cfg, open, path, dist)
			}
			for y := f.exitBit; y != path; {
				ny := f.grow1(y, path)
				if ny == y {
					t.Fatalf("%s %+v, cells %#x: path %#x is not joined", sz, cfg, open, path)
				}
				y = ny
			}
		}
	}
}

// grow1 adds to x the cells of open next to it.
func (f *fast[T, A]) grow1(x, open uint64) uint64 {
	c := uint(f.cols)
	return (x | x<<1&f.notCol0 | x>>1&f.notColLast | x<<c | x>>c) & open
}
