package mousemaze

import (
	"fmt"
	"math"
	"slices"
)

// This file holds the steps of the walk on the graph form (walkcore.go):
// the mouse's state, one move, exact walks under the Theorem 8 guard,
// Brent's cycle detection for k-mod mice, and the mousetrap test.

// walkState is the mouse's state: his vertex, every count and, under a
// modulus, a hash of the counts kept up to date move by move.
type walkState struct {
	pos  int32
	cnt  []uint64
	hash uint64
}

func (s *walkState) copyFrom(o *walkState) {
	s.pos, s.hash = o.pos, o.hash
	copy(s.cnt, o.cnt)
}

// same compares two states exactly; the hash only rules most pairs out fast.
func (s *walkState) same(o *walkState) bool {
	return s.pos == o.pos && s.hash == o.hash && slices.Equal(s.cnt, o.cnt)
}

// countHash is the contribution of vertex v holding count c to a state's
// hash (splitmix64 of the pair); a count of 0 contributes nothing.
func countHash(v int32, c uint64) uint64 {
	if c == 0 {
		return 0
	}
	x := uint64(uint32(v))<<32 ^ c
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// begin returns the state after turn 1: the mouse on start with 1 visit.
func (a *adjacency) begin(k uint64) *walkState {
	s := &walkState{pos: a.start, cnt: make([]uint64, len(a.prefs))}
	a.bump(s, k)
	return s
}

// bump adds one visit to the mouse's vertex, modulo k when k > 0.
func (a *adjacency) bump(s *walkState, k uint64) {
	c := s.cnt[s.pos]
	n := c + 1
	if k > 0 {
		n %= k
		s.hash ^= countHash(s.pos, c) ^ countHash(s.pos, n)
	}
	s.cnt[s.pos] = n
}

// step makes one move: to the neighbour with the fewest visits, the first
// in preference order on a tie. It reports whether he stepped onto the
// exit (and then leaves the counts as they were).
func (a *adjacency) step(s *walkState, k uint64) bool {
	best, bestCnt := int32(-1), uint64(math.MaxUint64)
	for _, n := range a.prefs[s.pos] {
		if c := s.cnt[n]; c < bestCnt {
			best, bestCnt = n, c
		}
	}
	s.pos = best
	if best == a.exit {
		return true
	}
	a.bump(s, k)
	return false
}

// walkOutcome is the result of walkAdj.
type walkOutcome struct {
	turns                int64
	escaped, trapped     bool
	cycleStart, cycleLen int64
	trapTurn             int64      // the first mousetrap turn (set by walk)
	final                *walkState // the state after turns turns
}

// walkAdj walks the mouse on a, whose exit must be reachable from start
// and differ from it. With k = 0 the counts are exact and the walk stops
// at guard turns with errGuard. With k > 0 it runs Brent's cycle detection
// on the full state (compared exactly, the hash only speeds the
// comparison up), so it ends either with an escape or with the exact
// start and length of the cycle. capTurns > 0 stops the walk after that
// many turns, as Config.Cap does. visit, when not nil, is called with
// every turn and vertex of an exact walk (k = 0) and ignored otherwise.
func (a *adjacency) walkAdj(k uint64, capTurns, guard int64, visit func(turn int64, v int32)) (walkOutcome, error) {
	if k == 0 {
		s := a.begin(0)
		turns := int64(1)
		if visit != nil {
			visit(turns, s.pos)
		}
		for {
			if capTurns > 0 && turns >= capTurns {
				return walkOutcome{turns: turns, final: s}, nil
			}
			if turns >= guard {
				return walkOutcome{}, fmt.Errorf("%w: %d turns", errGuard, turns)
			}
			turns++
			escaped := a.step(s, 0)
			if visit != nil {
				visit(turns, s.pos)
			}
			if escaped {
				return walkOutcome{turns: turns, escaped: true, final: s}, nil
			}
		}
	}
	// Brent: the hare walks the states S_1, S_2, … in order; the tortoise
	// waits at S_{2^i} until the hare has gone 2^i further.
	limit := int64(math.MaxInt64)
	if capTurns > 0 {
		// Brent finds a cycle with start μ and length λ (counted from S_1)
		// by hare index 2·max(μ+1, λ) + λ; a cycle that closes by the cap
		// has μ + λ < capTurns.
		limit = satAdd(satMul(3, capTurns), 3)
	}
	tort := a.begin(k)
	hare := a.begin(k)
	hTurn := int64(1)
	capped := func() (walkOutcome, error) {
		s := a.replay(k, capTurns, nil)
		return walkOutcome{turns: capTurns, final: s}, nil
	}
	power, lam := int64(1), int64(0)
	for {
		if hTurn >= limit {
			return capped()
		}
		if power == lam {
			tort.copyFrom(hare)
			power *= 2
			lam = 0
		}
		hTurn++
		lam++
		if a.step(hare, k) {
			if capTurns > 0 && hTurn > capTurns {
				return capped()
			}
			return walkOutcome{turns: hTurn, escaped: true, final: hare}, nil
		}
		if hare.same(tort) {
			break
		}
	}
	// The cycle has length lam; find its start by walking two states lam
	// apart from S_1 until they meet.
	tort = a.begin(k)
	hare = a.begin(k)
	for range lam {
		a.step(hare, k)
	}
	mu := int64(0)
	for !tort.same(hare) {
		a.step(tort, k)
		a.step(hare, k)
		mu++
	}
	out := walkOutcome{turns: 1 + mu + lam, trapped: true, cycleStart: 1 + mu, cycleLen: lam, final: hare}
	if capTurns > 0 && out.turns > capTurns {
		return capped()
	}
	return out, nil
}

// replay walks turns turns from the start under modulus k and returns the
// state; visit, when not nil, is called with every turn and its vertex.
// The walk must not escape before turns.
func (a *adjacency) replay(k uint64, turns int64, visit func(turn int64, v int32)) *walkState {
	s := a.begin(k)
	if visit != nil {
		visit(1, s.pos)
	}
	for t := int64(2); t <= turns; t++ {
		a.step(s, k)
		if visit != nil {
			visit(t, s.pos)
		}
	}
	return s
}

// firstMousetrap returns the first turn in 1..turns after which a
// mousetrap exists, or 0. Once formed a mousetrap stays (Lemma 10), so
// the first turn is well defined.
func (a *adjacency) firstMousetrap(k uint64, turns int64) int64 {
	s := a.begin(k)
	mark := make([]int64, len(a.prefs))
	stack := make([]int32, 0, len(a.prefs))
	for t := int64(1); ; t++ {
		if a.mousetrap(s, k, mark, t, &stack) {
			return t
		}
		if t >= turns || a.step(s, k) {
			return 0
		}
	}
}

// mousetrap reports whether a mousetrap exists in state s, for a mouse
// counting modulo k.
//
// The paper calls a vertex set V_c a mousetrap when every vertex of V_c
// holds the count k−1, the mouse (standing outside V_c) is cut off from the exit in G − V_c, and
// at every vertex u next to V_c that he can reach without crossing V_c he
// prefers some neighbour outside V_c to those inside. Let C be his
// component in G − V_c; shrinking V_c to the neighbours of C keeps every
// condition, so a mousetrap exists exactly when some connected C holding
// the mouse but not the exit has only full neighbours (count k−1) outside
// it and holds the most preferred neighbour of each of its vertices. Every
// such C contains the closure of the mouse's vertex under "add the most
// preferred neighbour" and "add every neighbour that is not full"; so a
// mousetrap exists exactly when that closure avoids the exit.
//
// mark and gen (positive, different at every call) let calls share one
// marking array; stack is scratch space.
func (a *adjacency) mousetrap(s *walkState, k uint64, mark []int64, gen int64, stack *[]int32) bool {
	st := append((*stack)[:0], s.pos)
	mark[s.pos] = gen
	ok := true
	for len(st) > 0 && ok {
		u := st[len(st)-1]
		st = st[:len(st)-1]
		for i, n := range a.prefs[u] {
			if mark[n] == gen {
				continue
			}
			if n == a.exit {
				// The exit can belong neither to C nor to V_c.
				ok = false
				break
			}
			if i == 0 || s.cnt[n] != k-1 {
				mark[n] = gen
				st = append(st, n)
			}
		}
	}
	*stack = st
	return ok
}
