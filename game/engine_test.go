package game

import "testing"

// textbook builds the usual small games in s.
type textbook struct {
	s                           *Store
	zero, star, one, mone, half Game
	up, down                    Game
}

func newTextbook() textbook {
	s := NewStore()
	tb := textbook{s: s}
	tb.zero = s.Canonical(s.Form(nil, nil))
	tb.star = s.Canonical(s.Form([]Game{tb.zero}, []Game{tb.zero}))
	tb.one = s.Canonical(s.Form([]Game{tb.zero}, nil))
	tb.mone = s.Canonical(s.Form(nil, []Game{tb.zero}))
	tb.half = s.Canonical(s.Form([]Game{tb.zero}, []Game{tb.one}))
	tb.up = s.Canonical(s.Form([]Game{tb.zero}, []Game{tb.star}))
	tb.down = s.Canonical(s.Form([]Game{tb.star}, []Game{tb.zero}))
	return tb
}

func TestTextbookNames(t *testing.T) {
	tb := newTextbook()
	s := tb.s
	d := func(x string) Dyadic { return parseDyadic(t, x) }
	tests := []struct {
		name string
		g    Game
		want string
	}{
		{"{|}", tb.zero, "0"},
		{"{0|0}", tb.star, "*"},
		{"{0|}", tb.one, "1"},
		{"{|0}", tb.mone, "-1"},
		{"{0|1}", tb.half, "1/2"},
		{"{0|*}", tb.up, "↑"},
		{"{*|0}", tb.down, "↓"},
		{"{1|0}", s.Canonical(s.Form([]Game{tb.one}, []Game{tb.zero})), "{1|0}"},
		// {1/2 | 1} = 3/4 and {-1 | 1} = 0 (simplest number between).
		{"{1/2|1}", s.Canonical(s.Form([]Game{tb.half}, []Game{tb.one})), "3/4"},
		{"{-1|1}", s.Canonical(s.Form([]Game{tb.mone}, []Game{tb.one})), "0"},
		// {0, * | 0, *} = *2; * + *2 = *3 (nim-sum 1 ⊕ 2).
		{"{0,*|0,*}", s.Canonical(s.Form([]Game{tb.zero, tb.star}, []Game{tb.zero, tb.star})), "*2"},
		{"*+*2", s.Add(tb.star, s.Nimber(2)), "*3"},
		{"*2+*2", s.Add(s.Nimber(2), s.Nimber(2)), "0"},
		{"*+*", s.Add(tb.star, tb.star), "0"},
		// ↑ + ↑ = ⇑ = {0 | ↑*}; ↑ + * = ↑* = {0, * | 0}; ↑ + ↓ = 0;
		// ⇑ + * = ⇑* = {0 | ↑}.
		{"↑+↑", s.Add(tb.up, tb.up), "⇑"},
		{"↑+*", s.Add(tb.up, tb.star), "↑*"},
		{"↑+↓", s.Add(tb.up, tb.down), "0"},
		{"↑+↑+*", s.Add(s.Add(tb.up, tb.up), tb.star), "{0|↑}"},
		// Number sums: 1/2 + 1/2 = 1 (needs reversible options bypassed),
		// 1/2 + 1/4 = 3/4, 1 + (−1) = 0.
		{"1/2+1/2", s.Add(tb.half, tb.half), "1"},
		{"1/2+1/4", s.Add(tb.half, s.NumberGame(d("1/4"))), "3/4"},
		{"1+-1", s.Add(tb.one, tb.mone), "0"},
		// {1|0} + {1|0} = 1: the two switches cancel around their mean 1/2.
		{"{1|0}+{1|0}", s.Add(s.Game(Value{Switch: true, A: Int(1), B: Int(0)}), s.Game(Value{Switch: true, A: Int(1), B: Int(0)})), "1"},
		// 1 + * = {1|1} = 1*.
		{"1+*", s.Add(tb.one, tb.star), "1*"},
		// The seed's example: {0 | {1|0}, 0} and {0 | {1|−1}, 0} both have
		// canonical form * ({1|0} reverses through 1, which has no right
		// option).
		{"{0|{1|0},0}", s.Canonical(s.Form([]Game{tb.zero}, []Game{s.Form([]Game{tb.one}, []Game{tb.zero}), tb.zero})), "*"},
		{"{0|{1|-1},0}", s.Canonical(s.Form([]Game{tb.zero}, []Game{s.Form([]Game{tb.one}, []Game{tb.mone}), tb.zero})), "*"},
		// A dominated option: {0, 1 | } = {1|} = 2.
		{"{0,1|}", s.Canonical(s.Form([]Game{tb.zero, tb.one}, nil)), "2"},
		// −(1/2) and −↑.
		{"-1/2", s.Neg(tb.half), "-1/2"},
		{"-↑", s.Neg(tb.up), "↓"},
	}
	for _, tt := range tests {
		if got := s.Name(tt.g); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestTextbookOrder(t *testing.T) {
	tb := newTextbook()
	s := tb.s
	tiny := s.NumberGame(Dyadic{Num: 1, Exp: 6}) // 1/64
	sw := s.Game(Value{Switch: true, A: Int(1), B: Int(0)})
	tests := []struct {
		name string
		g, h Game
		want string
	}{
		{"0 vs *", tb.zero, tb.star, "||"},
		{"↑ vs 0", tb.up, tb.zero, ">"},
		{"↑ vs *", tb.up, tb.star, "||"},
		{"↑ vs 1/64", tb.up, tiny, "<"},
		{"1/2 vs 1", tb.half, tb.one, "<"},
		{"{1|0} vs 0", sw, tb.zero, "||"},
		{"{1|0} vs 1/2", sw, tb.half, "||"},
		// {1|0} − 1 = {0 | −1}: whoever starts wins, so confused with 1.
		{"{1|0} vs 1", sw, tb.one, "||"},
		{"{1|0} vs 2", sw, s.NumberGame(Int(2)), "<"},
		{"{1|0} vs -1/64", sw, s.Neg(tiny), ">"},
		{"⇑ vs ↑", s.Add(tb.up, tb.up), tb.up, ">"},
		{"1/2+1/2 vs 1", s.Add(tb.half, tb.half), tb.one, "="},
	}
	for _, tt := range tests {
		if got := s.Cmp(tt.g, tt.h); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestNumberGames(t *testing.T) {
	s := NewStore()
	// Every dyadic with denominator up to 16 in [−3, 3]: the canonical form
	// built from its definition is recognised as that number, the sum of
	// two numbers is their sum, and order agrees with the dyadics.
	var xs []Dyadic
	for n := int64(-48); n <= 48; n++ {
		xs = append(xs, mustDyadic(n, 4))
	}
	for _, x := range xs {
		g := s.NumberGame(x)
		if y, ok := s.NumberOf(g); !ok || y != x {
			t.Fatalf("NumberOf(NumberGame(%v)) = %v, %v", x, y, ok)
		}
		if ls, rs := s.Stops(g); ls != x || rs != x {
			t.Fatalf("stops of %v: %v, %v", x, ls, rs)
		}
	}
	for i := 0; i < len(xs); i += 7 {
		for j := 0; j < len(xs); j += 5 {
			x, y := xs[i], xs[j]
			sum, _ := x.Add(y)
			if got, _ := s.NumberOf(s.Add(s.NumberGame(x), s.NumberGame(y))); got != sum {
				t.Errorf("%v + %v = %v, want %v", x, y, got, sum)
			}
			if s.Le(s.NumberGame(x), s.NumberGame(y)) != (x.Cmp(y) <= 0) {
				t.Errorf("%v ≤ %v disagrees", x, y)
			}
		}
	}
}

func TestStopsAndReduced(t *testing.T) {
	tb := newTextbook()
	s := tb.s
	tests := []struct {
		name   string
		g      Game
		ls, rs string
		rcf    string
	}{
		{"*", tb.star, "0", "0", "0"},
		{"↑", tb.up, "0", "0", "0"},
		{"1*", s.Add(tb.one, tb.star), "1", "1", "1"},
		{"{1|0}", s.Game(Value{Switch: true, A: Int(1), B: Int(0)}), "1", "0", "{1|0}"},
		// {1 | 0, *}: Right's best stop is 0; the reduced form is {1|0}.
		{"{1|0,*}", s.Canonical(s.Form([]Game{tb.one}, []Game{tb.zero, tb.star})), "1", "0", "{1|0}"},
		// {{2|1} | -1}: left stop is the right stop of {2|1}, 1.
		{"{{2|1}|-1}", s.Canonical(s.Form([]Game{s.Game(Value{Switch: true, A: Int(2), B: Int(1)})}, []Game{tb.mone})), "1", "-1", "{1|-1}"},
	}
	for _, tt := range tests {
		ls, rs := s.Stops(tt.g)
		if ls.String() != tt.ls || rs.String() != tt.rs || s.Reduced(tt.g).String() != tt.rcf {
			t.Errorf("%s: stops %v, %v, reduced %v; want %s, %s, %s", tt.name, ls, rs, s.Reduced(tt.g), tt.ls, tt.rs, tt.rcf)
		}
	}
}

// TestLiteralEqualsCanonical holds the canonical engine to the literal
// forms on every board up to 3x3 and every cell: Eq compares by the
// recursive definition of ≤ and needs no simplification.
func TestLiteralEqualsCanonical(t *testing.T) {
	s := NewStore()
	boards := 0
	for r := 1; r <= 3; r++ {
		for c := 1; c <= 3; c++ {
			p := mustPosition(r, c)
			for mask := uint64(0); mask < 1<<uint(p.Edges()); mask++ {
				p.SetEdges(mask)
				lit, can := s.LiteralValues(p), s.ExactValues(p)
				for i := range lit {
					if !s.Eq(lit[i], can[i]) || s.Canonical(lit[i]) != can[i] {
						t.Fatalf("cell %d: literal and canonical differ\n%s", i, p)
					}
				}
				boards++
			}
		}
	}
	// Σ over r, c ≤ 3 of 2^(r(c−1)+(r−1)c) = 1+2+4+2+16+128+4+128+4096.
	if boards != 4381 {
		t.Fatalf("%d boards", boards)
	}
}
