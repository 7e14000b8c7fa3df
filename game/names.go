package game

import "strings"

// Name writes the canonical form g in game notation: numbers as dyadic
// rationals ("3/4"), x* for {x | x}, nimbers (*, *2, …), ↑, ↓, ↑*, ↓*
// and ⇑, ⇓; anything else as {left options | right options}, each option
// named the same way.
func (s *Store) Name(g Game) string {
	if x, ok := s.NumberOf(g); ok {
		return x.String()
	}
	n := s.nodes[g]
	if n := s.nimberOf(g); n > 0 {
		if n == 1 {
			return "*"
		}
		return "*" + itoa(n)
	}
	if len(n.l) == 1 && len(n.r) == 1 && n.l[0] == n.r[0] {
		if x, ok := s.NumberOf(n.l[0]); ok {
			if x.Sign() == 0 {
				return "*"
			}
			return x.String() + "*"
		}
	}
	zero, star := s.Zero(), s.Nimber(1)
	up := s.Form([]Game{zero}, []Game{star})
	down := s.Form([]Game{star}, []Game{zero})
	switch g {
	case up:
		return "↑"
	case down:
		return "↓"
	case s.Form([]Game{zero, star}, []Game{zero}):
		return "↑*"
	case s.Form([]Game{zero}, []Game{zero, star}):
		return "↓*"
	case s.Form([]Game{zero}, []Game{s.Form([]Game{zero, star}, []Game{zero})}):
		return "⇑"
	case s.Form([]Game{s.Form([]Game{zero}, []Game{zero, star})}, []Game{zero}):
		return "⇓"
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, x := range n.l {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.Name(x))
	}
	b.WriteByte('|')
	for i, x := range n.r {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.Name(x))
	}
	b.WriteByte('}')
	return b.String()
}

// nimberOf returns n > 0 when the canonical form g is *n, else 0.
func (s *Store) nimberOf(g Game) int {
	n := s.nodes[g]
	if len(n.l) == 0 || len(n.l) != len(n.r) {
		return 0
	}
	for i := range n.l {
		if n.l[i] != n.r[i] {
			return 0
		}
	}
	// The options must be 0, *, …, *(k−1) for k options.
	seen := make([]bool, len(n.l))
	for _, x := range n.l {
		k := 0
		if x != s.Zero() {
			k = s.nimberOf(x)
			if k == 0 {
				return 0
			}
		}
		if k >= len(seen) || seen[k] {
			return 0
		}
		seen[k] = true
	}
	return len(n.l)
}

// itoa formats a small non-negative int.
func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
