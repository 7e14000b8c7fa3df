package viennese

import "fmt"

// Variant selects the rules about half-turns.
type Variant int

// The two variants.
const (
	// HT allows half-turns: a state is (crossroad, d mod 3).
	HT Variant = iota
	// NHT forbids leaving by the street one came in by: a state is
	// (crossroad, d mod 3, previous crossroad).
	NHT
)

// String returns "ht" or "nht".
func (v Variant) String() string {
	if v == NHT {
		return "nht"
	}
	return "ht"
}

// ParseVariant parses "ht" or "nht".
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "ht":
		return HT, nil
	case "nht":
		return NHT, nil
	}
	return HT, fmt.Errorf("unknown variant %q, want ht or nht", s)
}

// A State describes where a walker is: at crossroad Node after a number of
// moves equal to Phase modulo 3, having come from crossroad Prev (nht
// only; -1 in the ht variant and at the start). The merged goal state has
// Node = the goal, Phase = -1 and Prev = -1.
type State struct {
	Node, Phase, Prev int
}

// String formats a state as (node,phase) or (node,phase,prev), or (goal).
func (s State) String() string {
	switch {
	case s.Phase < 0:
		return fmt.Sprintf("(%d)", s.Node)
	case s.Prev < 0:
		return fmt.Sprintf("(%d,%d)", s.Node, s.Phase)
	}
	return fmt.Sprintf("(%d,%d,%d)", s.Node, s.Phase, s.Prev)
}

// A move is one possible transition of the states graph: it is there iff
// the light of street is not red at phase.
type move struct {
	to     int32
	street int32
	phase  uint8
	red    uint8 // the initial colour that is red at phase: (2 - phase) mod 3
}

// goalMove is a move into the goal, with the move by which its state is
// entered (entry < 0: the state needs no entry, it always exists).
type goalMove struct {
	street, entry           int32
	phase, entryPhase, _, _ uint8
}

// A System holds everything about one canvas and variant that does not
// depend on the colouring: every state and every possible move. It is
// read-only once built and may be shared by many Evaluators.
type System struct {
	Canvas  *Canvas
	Variant Variant
	// Start and Goal are the state ids of the start and the merged goal.
	Start, Goal int
	labels      []State
	off         []int32 // moves of state s are moves[off[s]:off[s+1]]
	moves       []move
	goalMoves   []goalMove
}

// NewSystem validates the canvas and precomputes its states and moves for
// the variant.
func NewSystem(c *Canvas, v Variant) (*System, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if v != HT && v != NHT {
		return nil, fmt.Errorf("unknown variant %d", v)
	}
	s := &System{Canvas: c, Variant: v}
	inc := make([][]int, c.Nodes) // streets at each crossroad
	for i, st := range c.Streets {
		inc[st.U] = append(inc[st.U], i)
		inc[st.V] = append(inc[st.V], i)
	}
	other := func(street, n int) int {
		if st := c.Streets[street]; st.U == n {
			return st.V
		}
		return c.Streets[street].U
	}
	// arc returns the id of the directed street u→v along street i.
	arc := func(i, u int) int {
		if c.Streets[i].U == u {
			return 2 * i
		}
		return 2*i + 1
	}
	var n int
	if v == HT {
		n = 3*c.Nodes + 1
		s.Start, s.Goal = 3*c.Start, 3*c.Nodes
	} else {
		n = 6*len(c.Streets) + 2
		s.Start, s.Goal = 6*len(c.Streets), 6*len(c.Streets)+1
	}
	s.labels = make([]State, n)
	s.off = make([]int32, n+1)
	for id := 0; id < n; id++ {
		var node, phase, prev int
		entry, entryPhase := -1, 0
		switch {
		case id == s.Goal:
			node, phase, prev = c.Goal, -1, -1
		case v == HT:
			node, phase, prev = id/3, id%3, -1
		case id == s.Start:
			node, phase, prev = c.Start, 0, -1
		default:
			a := id / 3
			node, phase = c.Streets[a/2].V, id%3
			prev = c.Streets[a/2].U
			if a%2 == 1 {
				node, prev = prev, node
			}
			entry, entryPhase = a/2, (phase+2)%3
			if prev == c.Goal {
				entry = -2 // never entered: the goal has no moves
			}
		}
		s.labels[id] = State{node, phase, prev}
		s.off[id] = int32(len(s.moves))
		if id == s.Goal || node == c.Goal {
			continue
		}
		for _, e := range inc[node] {
			w := other(e, node)
			if w == prev && v == NHT {
				continue
			}
			var to int
			switch {
			case w == c.Goal:
				to = s.Goal
			case v == HT:
				to = 3*w + (phase+1)%3
			default:
				to = 3*arc(e, node) + (phase+1)%3
			}
			s.moves = append(s.moves, move{int32(to), int32(e), uint8(phase), uint8((5 - phase) % 3)})
			if to == s.Goal && entry > -2 {
				s.goalMoves = append(s.goalMoves, goalMove{street: int32(e), entry: int32(entry), phase: uint8(phase), entryPhase: uint8(entryPhase)})
			}
		}
	}
	s.off[n] = int32(len(s.moves))
	return s, nil
}

// States returns the number of state ids, the goal included; some may be
// unreachable under every colouring.
func (s *System) States() int { return len(s.labels) }

// Label returns the state with id.
func (s *System) Label(id int) State { return s.labels[id] }

// A Move is one legal move from a state under a colouring.
type Move struct {
	Street int // the street taken
	To     int // the crossroad reached
	State  int // the state id reached
}

// Moves returns the moves from state id whose light is not red under
// colours, in the order of the streets at the crossroad.
func (s *System) Moves(colours []uint8, id int) []Move {
	var out []Move
	for _, m := range s.moves[s.off[id]:s.off[id+1]] {
		if Open(colours[m.street], int(m.phase)) {
			out = append(out, Move{Street: int(m.street), To: s.labels[m.to].Node, State: int(m.to)})
		}
	}
	return out
}

// Blocked returns the streets at state id's crossroad that may not be
// taken now because their light is red (half-turn streets excluded).
func (s *System) Blocked(colours []uint8, id int) []int {
	var out []int
	for _, m := range s.moves[s.off[id]:s.off[id+1]] {
		if !Open(colours[m.street], int(m.phase)) {
			out = append(out, int(m.street))
		}
	}
	return out
}
