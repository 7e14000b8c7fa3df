package game

import (
	"encoding/binary"
	"slices"
)

// Game names a game form held by a Store. Forms are hash-consed: two forms
// with the same option sets are the same Game, so two canonical forms are
// equal games exactly when they are the same Game.
type Game int32

// node is one form: its left and right options, sorted and without repeats.
type node struct {
	l, r []Game
}

// Store holds game forms and memoises comparison, canonical forms, sums,
// negatives, numbers and stops. A Store is not safe for concurrent use.
type Store struct {
	nodes []node
	index map[string]Game
	le    map[uint64]bool
	canon map[Game]Game
	num   map[Game]numInfo
	sum   map[uint64]Game
	neg   map[Game]Game
	stops map[Game][2]Dyadic
	seqs  map[[2]int32]int32 // option sequences: cons(head, tail) → sequence
	seqEl [][]Game           // the sorted games of each sequence
	cells map[[2]int32]Game  // (left sequence, right sequence) → canonical value
}

// numInfo caches whether a canonical form is a number, and which.
type numInfo struct {
	ok bool
	x  Dyadic
}

// NewStore returns an empty store.
func NewStore() *Store {
	s := &Store{
		index: map[string]Game{},
		le:    map[uint64]bool{},
		canon: map[Game]Game{},
		num:   map[Game]numInfo{},
		sum:   map[uint64]Game{},
		neg:   map[Game]Game{},
		stops: map[Game][2]Dyadic{},
		seqs:  map[[2]int32]int32{},
		seqEl: [][]Game{nil}, // sequence 0 is empty
		cells: map[[2]int32]Game{},
	}
	return s
}

// Len returns the number of forms the store holds.
func (s *Store) Len() int { return len(s.nodes) }

// key encodes sorted option lists for the index.
func key(l, r []Game) string {
	b := make([]byte, 0, 4*(len(l)+len(r))+4)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(l)))
	for _, g := range l {
		b = binary.LittleEndian.AppendUint32(b, uint32(g))
	}
	for _, g := range r {
		b = binary.LittleEndian.AppendUint32(b, uint32(g))
	}
	return string(b)
}

// norm returns a sorted copy of gs without repeats.
func norm(gs []Game) []Game {
	out := slices.Clone(gs)
	slices.Sort(out)
	return slices.Compact(out)
}

// Form returns the game {l | r} with exactly these options (the literal
// form, not simplified).
func (s *Store) Form(l, r []Game) Game {
	l, r = norm(l), norm(r)
	k := key(l, r)
	if g, ok := s.index[k]; ok {
		return g
	}
	g := Game(len(s.nodes))
	s.nodes = append(s.nodes, node{l: l, r: r})
	s.index[k] = g
	return g
}

// Left returns g's left options (do not modify the slice).
func (s *Store) Left(g Game) []Game { return s.nodes[g].l }

// Right returns g's right options (do not modify the slice).
func (s *Store) Right(g Game) []Game { return s.nodes[g].r }

// Le reports whether g ≤ h: no left option of g is ≥ h and no right
// option of h is ≤ g.
func (s *Store) Le(g, h Game) bool {
	k := uint64(uint32(g))<<32 | uint64(uint32(h))
	if v, ok := s.le[k]; ok {
		return v
	}
	v := true
	for _, gl := range s.nodes[g].l {
		if s.Le(h, gl) {
			v = false
			break
		}
	}
	if v {
		for _, hr := range s.nodes[h].r {
			if s.Le(hr, g) {
				v = false
				break
			}
		}
	}
	s.le[k] = v
	return v
}

// Eq reports whether g and h are equal games.
func (s *Store) Eq(g, h Game) bool { return s.Le(g, h) && s.Le(h, g) }

// Cmp compares g and h: "<", ">", "=" or "||" (confused, incomparable).
func (s *Store) Cmp(g, h Game) string {
	a, b := s.Le(g, h), s.Le(h, g)
	switch {
	case a && b:
		return "="
	case a:
		return "<"
	case b:
		return ">"
	}
	return "||"
}

// Zero returns the game 0 = { | }.
func (s *Store) Zero() Game { return s.canonical(s.Form(nil, nil)) }

// Neg returns −g in canonical form, g canonical.
func (s *Store) Neg(g Game) Game {
	return memo(s.neg, g, func(n node) Game { return s.Canonical(s.mapForm(n.r, n.l, s.Neg)) }, s)
}

// Add returns g + h in canonical form, g and h canonical.
func (s *Store) Add(g, h Game) Game {
	if g > h {
		g, h = h, g
	}
	k := uint64(uint32(g))<<32 | uint64(uint32(h))
	if v, ok := s.sum[k]; ok {
		return v
	}
	var l, r []Game
	for _, x := range s.nodes[g].l {
		l = append(l, s.Add(x, h))
	}
	for _, x := range s.nodes[h].l {
		l = append(l, s.Add(g, x))
	}
	for _, x := range s.nodes[g].r {
		r = append(r, s.Add(x, h))
	}
	for _, x := range s.nodes[h].r {
		r = append(r, s.Add(g, x))
	}
	v := s.Canonical(s.Form(l, r))
	s.sum[k] = v
	return v
}
