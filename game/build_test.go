package game

import (
	"testing"
)

// checkBuilt builds v and checks the position: vertical, no walls in the
// top row, and the sweep's reduced form of the top-left cell is v.
func checkBuilt(t *testing.T, bd *Builder, v Value) (Position, bool) {
	t.Helper()
	p, err := bd.Build(v)
	if err != nil {
		t.Errorf("build %v: %v", v, err)
		return p, false
	}
	if !p.Vertical() {
		t.Errorf("build %v: not a vertical position", v)
		return p, false
	}
	for c := range p.Cols - 1 {
		if p.RightWall(0, c) {
			t.Errorf("build %v: a wall in the top row", v)
			return p, false
		}
	}
	cells, err := Sweep(p)
	if err != nil {
		t.Errorf("build %v: sweep: %v", v, err)
		return p, false
	}
	if got := cells[0].Value; !got.Equal(v) {
		t.Errorf("build %v: the %dx%d position has value %v", v, p.Rows, p.Cols, got)
		return p, false
	}
	// The seed's Theorem 13: a built number is exactly that number.
	if cells[0].Number == v.Switch {
		t.Errorf("build %v: exact number %v", v, cells[0].Number)
		return p, false
	}
	return p, true
}

// rangeDyadics returns every dyadic with denominator dividing 2^exp in
// [lo, hi].
func rangeDyadics(lo, hi int64, exp uint) []Dyadic {
	var xs []Dyadic
	for n := lo << exp; n <= hi<<exp; n++ {
		xs = append(xs, mustDyadic(n, exp))
	}
	return xs
}

// buildAtMost builds v with bd, failing t when it cannot; ok is false when
// the board has more than cells cells.
func buildAtMost(t *testing.T, bd *Builder, v Value, cells int) (p Position, ok bool) {
	t.Helper()
	p, err := bd.Build(v)
	if err != nil {
		t.Fatal(err)
	}
	return p, p.Rows*p.Cols <= cells
}

func TestBuildByHand(t *testing.T) {
	tests := []struct{ v, want string }{
		{"0", "+ +\n|.|\n+-+\n"},
		{"2", "+ +\n|.|\n+ +\n|.|\n+ +\n|.|\n+-+\n"},
		{"-1", "+ +-+\n|. .|\n+-+-+\n"},
		// 1/2 = {0 | 1}: 0 is one cell, 1 a column of two; 0's gets a free
		// top row, 1's stands to its right: the seed's 2x2 board for 1/2.
		{"1/2", "+ +-+\n|. .|\n+ + +\n|.|.|\n+-+-+\n"},
		// {1 | 0}: 1 is a column of 2 cells, so 0's single cell is extended
		// twice (Lemma 11) to an open 3x3 block, one row taller; 1's column
		// under a free top row stands left of it, walled off below the top
		// row: 3x4.
		{"{1|0}", "+ +-+-+-+\n|. . . .|\n+ + + + +\n|.|. . .|\n+ + + + +\n|.|. . .|\n+-+-+-+-+\n"},
	}
	for _, tt := range tests {
		v, err := ParseValue(tt.v)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := checkBuilt(t, NewBuilder(), v)
		if ok && p.String() != tt.want {
			t.Errorf("build %s:\n%s\nwant:\n%s", tt.v, p, tt.want)
		}
	}
}

// TestBuildNumbers builds every dyadic with denominator up to 2^6 in
// [−4, 4] (513 numbers).
func TestBuildNumbers(t *testing.T) {
	bd := NewBuilder()
	for _, x := range rangeDyadics(-4, 4, 6) {
		if _, ok := checkBuilt(t, bd, Number(x)); !ok {
			return
		}
	}
}

// TestBuildSwitches builds every switch {a | b}, a > b, of dyadics with
// denominator up to 2^3 in [−4, 4] (65 numbers, 2080 switches); with
// -game.long, denominator up to 2^6 (513 numbers, 131 328 switches).
func TestBuildSwitches(t *testing.T) {
	exp := uint(3)
	if *long {
		exp = 6
	}
	xs := rangeDyadics(-4, 4, exp)
	bd := NewBuilder()
	n := 0
	for i, b := range xs {
		for _, a := range xs[i+1:] {
			v, _ := NewSwitch(a, b)
			p, ok := checkBuilt(t, bd, v)
			if !ok {
				return
			}
			delete(bd.memo, v) // keep the memory to the numbers
			_ = p
			n++
		}
	}
	if want := len(xs) * (len(xs) - 1) / 2; n != want {
		t.Fatalf("%d switches, want %d", n, want)
	}
	t.Logf("%d switches built and checked", n)
}

// TestBuildExact checks small built positions with the exact engine
// instead of the sweep: the reduced canonical form of the exact value.
func TestBuildExact(t *testing.T) {
	s := NewStore()
	bd := NewBuilder()
	var vals []Value
	for _, x := range rangeDyadics(-3, 3, 3) {
		vals = append(vals, Number(x))
	}
	xs := rangeDyadics(-2, 2, 2)
	for i, b := range xs {
		for _, a := range xs[i+1:] {
			v, _ := NewSwitch(a, b)
			vals = append(vals, v)
		}
	}
	checked := 0
	for _, v := range vals {
		p, ok := buildAtMost(t, bd, v, 200)
		if !ok {
			continue
		}
		checked++
		g := s.Exact(p)
		if got := s.Reduced(g); !got.Equal(v) {
			t.Errorf("build %v: exact value %s reduces to %v\n%s", v, s.Name(g), got, p)
		}
	}
	// 49 numbers and 136 switches, all within 200 cells.
	if checked != len(vals) || checked != 185 {
		t.Errorf("only %d of %d built positions checked", checked, len(vals))
	}
	t.Logf("%d of %d built positions checked with the exact engine", checked, len(vals))
}
