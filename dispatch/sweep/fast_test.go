package sweep

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// randomCases returns sizes and rules for equivalence tests: every shape
// up to 5×5 that the fast engine takes, with random orders and end columns.
func randomCases(rng *rand.Rand) []struct {
	sz  mousemaze.Size
	cfg mousemaze.Config
} {
	var out []struct {
		sz  mousemaze.Size
		cfg mousemaze.Config
	}
	for r := 1; r <= 5; r++ {
		for c := 1; c <= 5; c++ {
			if r*c > 20 {
				continue
			}
			for k := 0; k < 2; k++ {
				var o mousemaze.Order
				for i, j := range rng.Perm(4) {
					o[i] = mousemaze.Dir(j)
				}
				if k == 0 {
					o = mousemaze.Order{}
				}
				cfg := mousemaze.Config{Order: o.Resolve(), Entry: rng.IntN(c), Exit: rng.IntN(c)}
				out = append(out, struct {
					sz  mousemaze.Size
					cfg mousemaze.Config
				}{mousemaze.Size{Rows: r, Cols: c}, cfg})
			}
		}
	}
	return out
}

// TestFastEqualsReference runs every task of many small sweeps on the fast
// engines (8 and 16 bits) and on the reference engine, and compares the
// tallies exactly.
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
			for _, depth := range []int{1, 3, 6} {
				for i, p := range ref.split(depth) {
					ref.runTask(p)
					want := ref.result(i, 0)
					if !f8.runTask(p) || !f16.runTask(p) {
						t.Fatalf("task %d passed the turn cap", i)
					}
					got8, got16 := f8.result(i, 0), f16.result(i, 0)
					if f6 != nil {
						if !f6.runTask(p) {
							t.Fatalf("task %d passed the turn cap", i)
						}
						if got6 := f6.result(i, 0); !reflect.DeepEqual(got6, want) {
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
// pass it, and checks that the runner's answer still equals the reference.
func TestFastEscalation(t *testing.T) {
	sz := mousemaze.Size{Rows: 4, Cols: 4}
	cfg := mousemaze.Config{Order: mousemaze.Order{}.Resolve()}
	ref := newEngine(sz, cfg)
	r := newRunner(sz, cfg)
	r.f6.capTurns = 15
	for i, p := range ref.split(2) {
		ref.runTask(p)
		want := ref.result(i, 0)
		if got := r.run(p, i, 0); !reflect.DeepEqual(got, want) {
			t.Fatalf("task %d: got %+v, want %+v", i, got, want)
		}
	}
	if r.escals == 0 {
		t.Fatal("no task passed the lowered cap")
	}
	if r.f16 == nil {
		t.Fatal("no 16-bit engine after an escalation")
	}
	r.f16.capTurns = 15
	for i, p := range ref.split(2) {
		ref.runTask(p)
		want := ref.result(i, 0)
		if got := r.run(p, i, 0); !reflect.DeepEqual(got, want) {
			t.Fatalf("task %d with both caps lowered: got %+v, want %+v", i, got, want)
		}
	}
}
