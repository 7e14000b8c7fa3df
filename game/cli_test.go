package game

import (
	"strings"
	"testing"
)

// TestBuildChecked builds positions of several values and wants each
// record to hold the value, the board as Build makes it and the sweep's
// check; its text form starts with the comment line.
func TestBuildChecked(t *testing.T) {
	for _, s := range []string{"5/8", "-3/4", "2", "{3/4|1/2}"} {
		v, err := ParseValue(s)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := BuildChecked(v)
		p, perr := Build(v)
		if err != nil || perr != nil || !rec.Checked.Equal(v) || rec.Board != p.String() || rec.Rows != p.Rows || rec.Cols != p.Cols {
			t.Errorf("%s: %+v, %v (build %v)", s, rec, err, perr)
			continue
		}
		var w strings.Builder
		if err := rec.WriteText(&w); err != nil || !strings.HasPrefix(w.String(), "; value "+v.String()+": a ") || !strings.HasSuffix(w.String(), rec.Board) {
			t.Errorf("%s: text %q, %v", s, w.String(), err)
		}
	}
}

// TestValueRecords wants a record per board with its file, line and
// index, Values' cells, and --exact refused beyond MaxExactCells with the
// records before it.
func TestValueRecords(t *testing.T) {
	small, _ := Build(Value{})
	v, _ := ParseValue("{255/64|-255/64}")
	big, _ := Build(v)
	for big.Rows*big.Cols <= MaxExactCells {
		big, _ = Extend(big, 2)
	}
	store := NewStore()
	recs, err := ValueRecords(store, "f", []Position{small, small}, []int{1, 4}, false)
	want, _ := Values(store, small, false)
	if err != nil || len(recs) != 2 || recs[1].Line != 4 || recs[1].Index != 1 || recs[1].File != "f" || recs[1].Value.String() != want.Value.String() || len(recs[1].Cells) != small.Rows {
		t.Errorf("records %+v, %v", recs, err)
	}
	recs, err = ValueRecords(store, "f", []Position{small, big}, []int{1, 9}, true)
	if err == nil || !strings.HasPrefix(err.Error(), "f:9: --exact takes boards of at most") || len(recs) != 1 || recs[0].Exact == nil {
		t.Errorf("exact beyond the bound: %d records, %v", len(recs), err)
	}
}

// TestSearchConfigCheck wants the default search accepted and each bound
// enforced.
func TestSearchConfigCheck(t *testing.T) {
	if err := DefaultSearch.Check(); err != nil {
		t.Errorf("default: %v", err)
	}
	for _, f := range []func(*SearchConfig){
		func(c *SearchConfig) { c.Rows = 0 }, func(c *SearchConfig) { c.Cols = 65 }, func(c *SearchConfig) { c.Edges = MaxSearchEdges + 1 },
		func(c *SearchConfig) { c.Edges = -1 }, func(c *SearchConfig) { c.Exp = 9 }, func(c *SearchConfig) { c.Lo = 5 }, func(c *SearchConfig) { c.Hi = 70 },
	} {
		c := DefaultSearch
		f(&c)
		if c.Check() == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}
