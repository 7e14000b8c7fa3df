package game

import "slices"

// Canonical returns the canonical form of g: every option made canonical,
// dominated options removed and reversible options bypassed, repeated
// until nothing changes. Equal games have the same canonical Game.
func (s *Store) Canonical(g Game) Game {
	return memo(s.canon, g, func(n node) Game { return s.canonical(s.mapForm(n.l, n.r, s.Canonical)) }, s)
}

// memo returns m[g], computing it as f(g's node) the first time.
func memo(m map[Game]Game, g Game, f func(node) Game, s *Store) Game {
	if v, ok := m[g]; ok {
		return v
	}
	v := f(s.nodes[g])
	m[g] = v
	return v
}

// canonical simplifies g, whose options are already canonical.
func (s *Store) canonical(g0 Game) Game {
	if c, ok := s.canon[g0]; ok {
		return c
	}
	l, r := norm(s.nodes[g0].l), norm(s.nodes[g0].r)
	for {
		changed := false
		// Remove dominated options (x ≤ y beats x on the left, y ≤ x on
		// the right); equal canonical options are one Game.
		undominated := func(opts []Game, beats func(x, y Game) bool) []Game {
			out := opts[:0:0]
			for _, x := range opts {
				if !slices.ContainsFunc(opts, func(y Game) bool { return y != x && beats(x, y) }) {
					out = append(out, x)
				}
			}
			return out
		}
		l2 := undominated(l, s.Le)
		r2 := undominated(r, func(x, y Game) bool { return s.Le(y, x) })
		changed = len(l2) != len(l) || len(r2) != len(r)
		l, r = l2, r2
		// Bypass reversible options: a left option x with some x^R ≤ g is
		// replaced by the left options of that x^R; symmetrically on the right.
		bypass := func(opts []Game, left bool) []Game {
			var out []Game
			for _, x := range opts {
				rev := false
				back := s.nodes[x].r
				if !left {
					back = s.nodes[x].l
				}
				for _, y := range back {
					if left && s.Le(y, g0) || !left && s.Le(g0, y) {
						forth := s.nodes[y].l
						if !left {
							forth = s.nodes[y].r
						}
						out = append(out, forth...)
						rev, changed = true, true
						break
					}
				}
				if !rev {
					out = append(out, x)
				}
			}
			return out
		}
		nl, nr := bypass(l, true), bypass(r, false)
		l, r = norm(nl), norm(nr)
		if !changed {
			break
		}
	}
	c := s.Form(l, r)
	s.canon[g0] = c
	s.canon[c] = c
	return c
}

// NumberGame returns the canonical form of the number x: 0 = { | },
// n = {n−1 | }, −n = { | −n+1}, and m/2^k = {x − 1/2^k | x + 1/2^k}.
func (s *Store) NumberGame(x Dyadic) Game {
	var g Game
	switch {
	case x.Exp > 0:
		step := Dyadic{Num: 1, Exp: x.Exp}
		lo, _ := x.Sub(step)
		hi, _ := x.Add(step)
		g = s.Form([]Game{s.NumberGame(lo)}, []Game{s.NumberGame(hi)})
	case x.Num > 0:
		g = s.Form([]Game{s.NumberGame(Int(x.Num - 1))}, nil)
	case x.Num < 0:
		g = s.Form(nil, []Game{s.NumberGame(Int(x.Num + 1))})
	default:
		g = s.Form(nil, nil)
	}
	s.canon[g] = g
	s.num[g] = numInfo{ok: true, x: x}
	return g
}

// NumberOf reports whether the canonical form g is a number, and which.
// A canonical number has at most one option on each side, all numbers,
// with the left one below the right one.
func (s *Store) NumberOf(g Game) (Dyadic, bool) {
	if v, ok := s.num[g]; ok {
		return v.x, v.ok
	}
	n := s.nodes[g]
	info := numInfo{}
	if len(n.l) <= 1 && len(n.r) <= 1 {
		lo, hi := Bound{Inf: -1}, Bound{Inf: 1}
		ok := true
		if len(n.l) == 1 {
			x, isNum := s.NumberOf(n.l[0])
			lo, ok = Finite(x), isNum
		}
		if len(n.r) == 1 && ok {
			x, isNum := s.NumberOf(n.r[0])
			hi, ok = Finite(x), isNum
		}
		if ok && lo.Less(hi) {
			if x, err := Simplest(lo, hi); err == nil {
				info = numInfo{ok: true, x: x}
			}
		}
	}
	s.num[g] = info
	return info.x, info.ok
}

// Stops returns the left and right stops of the canonical form g: a number
// is its own stops; otherwise the left stop is the largest right stop of a
// left option and the right stop the smallest left stop of a right option.
func (s *Store) Stops(g Game) (left, right Dyadic) {
	if v, ok := s.stops[g]; ok {
		return v[0], v[1]
	}
	if x, ok := s.NumberOf(g); ok {
		s.stops[g] = [2]Dyadic{x, x}
		return x, x
	}
	// A canonical form with an empty side is an integer, so both sides
	// have options here.
	n := s.nodes[g]
	for i, gl := range n.l {
		_, rs := s.Stops(gl)
		if i == 0 || left.Less(rs) {
			left = rs
		}
	}
	for i, gr := range n.r {
		ls, _ := s.Stops(gr)
		if i == 0 || ls.Less(right) {
			right = ls
		}
	}
	s.stops[g] = [2]Dyadic{left, right}
	return left, right
}

// Reduced returns the reduced canonical form of the canonical form g when
// g is option-closed (as every MAZE value is): the number x when g is a
// number or infinitesimally close to x (equal stops), else the switch
// {left stop | right stop}.
func (s *Store) Reduced(g Game) Value {
	if x, ok := s.NumberOf(g); ok {
		return Number(x)
	}
	ls, rs := s.Stops(g)
	if ls == rs {
		return Number(ls)
	}
	return Value{Switch: true, A: ls, B: rs}
}

// Nimber returns *n = {0, *, …, *(n−1) | 0, *, …, *(n−1)}.
func (s *Store) Nimber(n int) Game {
	opts := make([]Game, n)
	for i := range n {
		opts[i] = s.Nimber(i)
	}
	return s.canonical(s.Form(opts, opts))
}

// Up returns ↑ = {0 | *}.
func (s *Store) Up() Game {
	return s.canonical(s.Form([]Game{s.Zero()}, []Game{s.Nimber(1)}))
}

// Game returns the canonical form of the value v: a number, or the switch
// {a | b} with number options.
func (s *Store) Game(v Value) Game {
	if !v.Switch {
		return s.NumberGame(v.X)
	}
	return s.canonical(s.Form([]Game{s.NumberGame(v.A)}, []Game{s.NumberGame(v.B)}))
}

// IsSwitch reports whether the canonical form g is exactly a switch {a|b}
// of numbers a > b, and returns it.
func (s *Store) IsSwitch(g Game) (Value, bool) {
	n := s.nodes[g]
	if len(n.l) != 1 || len(n.r) != 1 {
		return Value{}, false
	}
	a, ok1 := s.NumberOf(n.l[0])
	b, ok2 := s.NumberOf(n.r[0])
	if !ok1 || !ok2 || !b.Less(a) {
		return Value{}, false
	}
	return Value{Switch: true, A: a, B: b}, true
}

// mapForm forms the game {f(l...) | f(r...)}.
func (s *Store) mapForm(l, r []Game, f func(Game) Game) Game {
	apply := func(xs []Game) []Game {
		out := make([]Game, len(xs))
		for i, x := range xs {
			out[i] = f(x)
		}
		return out
	}
	return s.Form(apply(l), apply(r))
}
