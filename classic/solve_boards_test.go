package classic

import (
	"reflect"
	"testing"
)

// TestSolveBoards wants each board's record to be that of a solve on its
// own with a fresh Rand of the seed, and a bad algorithm to fail with no
// records.
func TestSolveBoards(t *testing.T) {
	var boards []Board
	for seed := uint64(1); seed <= 3; seed++ {
		b, _, err := GenOptions{Algo: GenSpanning, Rows: 5, Cols: 6, Seed: seed}.Build()
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	opt := Options{Path: true}
	for _, algo := range []string{AlgoRandom, AlgoBFS} {
		recs, err := SolveBoards(algo, "f", boards, opt, 7)
		if err != nil || len(recs) != len(boards) {
			t.Fatalf("%s: %d records, %v", algo, len(recs), err)
		}
		for k, b := range boards {
			o := opt
			o.Rand = NewRand(7)
			res, err := Solve(algo, b.Nav(), o)
			if want := NewSolveRecord("f", k, b, res); err != nil || !reflect.DeepEqual(recs[k], want) {
				t.Errorf("%s board %d: %+v, want %+v (%v)", algo, k, recs[k], want, err)
			}
		}
	}
	if recs, err := SolveBoards("nosuch", "f", boards, opt, 7); err == nil || len(recs) != 0 {
		t.Errorf("unknown algorithm: %d records, %v", len(recs), err)
	}
}
