package viennese

import "math"

// Stats are the measures of a colouring's states graph that the default
// score uses. Distances count the nodes of a shortest path, both ends
// included (the start is at distance 1).
type Stats struct {
	// Reachable reports whether the goal can be reached from the start.
	Reachable bool `json:"reachable"`
	// Unique reports whether there is exactly one simple path from the
	// start to the goal in the states graph (false when unreachable).
	Unique bool `json:"unique"`
	// States and Moves count the reachable states and the moves between them.
	States int `json:"states"`
	Moves  int `json:"moves"`
	// L is the goal's distance (0 when unreachable).
	L int `json:"l"`
	// A is the number of reachable states at distance ≤ 2.
	A int `json:"a"`
	// B is the number of reachable states at distance ≤ L.
	B int `json:"b"`
	// E is the number of moves between reachable states whose ends'
	// distances differ by more than 1.
	E int `json:"e"`
	// F is the number of states of the full states graph at most one move
	// from the goal, the goal included.
	F int `json:"f"`
}

// A Formula turns Stats into a score; larger is better.
type Formula func(Stats) float64

// Default is the default score: 0 when the goal is unreachable, 1 when
// there is more than one simple path to it, and L²·A·B²·√E·F otherwise.
func Default(s Stats) float64 {
	if !s.Reachable {
		return 0
	}
	if !s.Unique {
		return 1
	}
	l, a, b := float64(s.L), float64(s.A), float64(s.B)
	return l * l * a * b * b * math.Sqrt(float64(s.E)) * float64(s.F)
}

// A Scorer scores colourings of one canvas; larger is better. Searches
// take any Scorer; an *Evaluator is the default one.
type Scorer interface {
	Score(colours []uint8) float64
}

// An Evaluator measures colourings of one System. It owns preallocated
// buffers, so Stats and Score allocate nothing; it is not safe for
// concurrent use (make one per goroutine).
type Evaluator struct {
	sys *System
	// Formula is the score used by Score; nil means Default.
	Formula Formula

	ord     []int32 // state id → BFS index + 1 (0: not reached)
	queue   []int32 // reached state ids in BFS order
	dist    []int32 // by BFS index
	parent  []int32 // by BFS index
	from    []int32 // reachable moves, by BFS index
	to      []int32
	revHead []int32 // by BFS index: the latest move into the state, or -1
	revNext []int32 // by move: the previous move into the same state, or -1
	onPath  []int32 // by BFS index: position on the solution, or -1
	mark    []int32 // by BFS index: latest solution position reachable off the solution
	stack   []int32
	// intoGoal counts the reachable moves into the goal.
	intoGoal int
}

// NewEvaluator returns an Evaluator for sys with the Default formula.
func NewEvaluator(sys *System) *Evaluator {
	n, m := sys.States(), len(sys.moves)
	return &Evaluator{
		sys:     sys,
		ord:     make([]int32, n),
		queue:   make([]int32, 0, n),
		dist:    make([]int32, n),
		parent:  make([]int32, n),
		from:    make([]int32, 0, m),
		to:      make([]int32, 0, m),
		revHead: make([]int32, n),
		revNext: make([]int32, m),
		onPath:  make([]int32, n),
		mark:    make([]int32, n),
		stack:   make([]int32, 0, n),
	}
}

// System returns the system the evaluator measures.
func (e *Evaluator) System() *System { return e.sys }

// Score returns the Formula (Default when nil) of the colouring's Stats.
// colours must hold one colour 0..2 per street.
func (e *Evaluator) Score(colours []uint8) float64 {
	st := e.Stats(colours)
	if e.Formula != nil {
		return e.Formula(st)
	}
	return Default(st)
}

// Stats measures the states graph of the colouring. It panics if colours
// is shorter than the canvas's streets; use Maze.Validate on input.
func (e *Evaluator) Stats(colours []uint8) Stats {
	s := e.sys
	_ = colours[len(s.Canvas.Streets)-1]
	var st Stats
	st.F = 1
	for _, g := range s.goalMoves {
		if Open(colours[g.street], int(g.phase)) && (g.entry < 0 || Open(colours[g.entry], int(g.entryPhase))) {
			st.F++
		}
	}
	for _, id := range e.queue {
		e.ord[id] = 0
	}
	e.queue, e.from, e.to = e.queue[:0], e.from[:0], e.to[:0]
	e.intoGoal = 0
	goal := int32(s.Goal)
	e.queue = append(e.queue, int32(s.Start))
	e.ord[s.Start] = 1
	e.dist[0], e.parent[0] = 1, -1
	for h := 0; h < len(e.queue); h++ {
		u := e.queue[h]
		du := e.dist[h]
		for _, m := range s.moves[s.off[u]:s.off[u+1]] {
			if colours[m.street] == m.red {
				continue
			}
			v := e.ord[m.to]
			if v == 0 {
				e.queue = append(e.queue, m.to)
				v = int32(len(e.queue))
				e.ord[m.to] = v
				e.dist[v-1], e.parent[v-1] = du+1, int32(h)
			} else if du-e.dist[v-1] > 1 {
				st.E++
			}
			e.from = append(e.from, int32(h))
			e.to = append(e.to, v-1)
			if m.to == goal {
				e.intoGoal++
			}
		}
	}
	n := len(e.queue)
	st.States, st.Moves = n, len(e.from)
	g := e.ord[s.Goal] - 1
	if g < 0 {
		return st
	}
	st.Reachable = true
	st.L = int(e.dist[g])
	for i := 0; i < n; i++ {
		if e.dist[i] <= 2 {
			st.A++
		}
		if int(e.dist[i]) <= st.L {
			st.B++
		}
	}
	// Two moves into the goal give two simple paths: a shortest path to
	// each of the two states, then the move (no path goes through the goal,
	// which has no moves). Otherwise run the full test.
	st.Unique = e.intoGoal < 2 && e.unique(n, g)
	return st
}

// unique reports whether the shortest path from the start (BFS index 0)
// to the goal (BFS index g) is the only simple path between them.
func (e *Evaluator) unique(n int, g int32) bool {
	for i := 0; i < n; i++ {
		e.onPath[i], e.mark[i], e.revHead[i] = -1, -1, -1
	}
	k := e.dist[g] - 1 // the path is p0 … pk
	for x, i := g, k; x >= 0; x, i = e.parent[x], i-1 {
		e.onPath[x] = i
	}
	// Reverse adjacency as linked lists: the moves into v are revHead[v],
	// revNext[revHead[v]], … (-1 ends a list).
	for j, v := range e.to {
		e.revNext[j] = e.revHead[v]
		e.revHead[v] = int32(j)
	}
	// path[j] for j = k … 1: mark the states off the path that reach pj
	// through states off the path only, the latest j first.
	for x := g; x > 0; x = e.parent[x] {
		j := e.onPath[x]
		e.stack = append(e.stack[:0], x)
		for len(e.stack) > 0 {
			y := e.stack[len(e.stack)-1]
			e.stack = e.stack[:len(e.stack)-1]
			for r := e.revHead[y]; r >= 0; r = e.revNext[r] {
				if w := e.from[r]; e.onPath[w] < 0 && e.mark[w] < 0 {
					e.mark[w] = j
					e.stack = append(e.stack, w)
				}
			}
		}
	}
	for j, u := range e.from {
		i := e.onPath[u]
		if i < 0 {
			continue
		}
		v := e.to[j]
		if p := e.onPath[v]; p >= 0 {
			if p > i+1 {
				return false
			}
		} else if e.mark[v] > i {
			return false
		}
	}
	return true
}

// ScoreMaze validates m and returns its Stats and Default score for the
// variant.
func ScoreMaze(m *Maze, v Variant) (Stats, float64, error) {
	if err := m.Validate(); err != nil {
		return Stats{}, 0, err
	}
	sys, err := NewSystem(m.Canvas, v)
	if err != nil {
		return Stats{}, 0, err
	}
	st := NewEvaluator(sys).Stats(m.Colours)
	return st, Default(st), nil
}
