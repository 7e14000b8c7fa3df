package dispatch

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
)

// EdgeScorer scores one edge board in place of the mouse's walk (for
// example a classic walker's steps, see classic.WalkerScore): a score
// above 0 for every board the problem's feasibility test accepts. It is
// called from several goroutines at once and must not keep the board.
type EdgeScorer func(m mousemaze.EdgeMaze) int64

// The default wall density of random edge boards (the former edge
// search's).
const defaultEdgeDensity = 0.2

// EdgeProblem is the search over Rows×Cols edge boards (Mouse Maze 2,
// walls on the edges between cells). A move flips one interior edge (move
// i is mousemaze.EdgeMaze.FlipEdge(i), and its site is i); crossover takes
// every edge from one of two parents; repair undoes a child's flips
// towards its parent until it is feasible.
//
// Without a Scorer (ProblemEdges) a board is feasible when the mouse can
// escape it and is scored by his walk under Config: the turns (ObjTurns;
// under a modulus K a board he does not escape scores 1) or the visits of
// the busiest cell (ObjMaxCell). With a Scorer (ProblemWalker) a board is
// feasible when cell Goal can be reached from cell Start, and is scored by
// the Scorer.
type EdgeProblem struct {
	Rows, Cols int
	// Config holds the mouse's rules (ProblemEdges).
	Config mousemaze.Config
	// Density is the wall probability of random boards.
	Density float64
	// Objective is ObjTurns or ObjMaxCell (ProblemEdges).
	Objective string
	// Scorer, when set, replaces the mouse's walk; Start and Goal are the
	// cells (r·Cols+c) a board must connect to be feasible.
	Scorer      EdgeScorer
	Start, Goal int
	// Workers is the number of goroutines that evaluate a batch; 0 means
	// one per CPU. Results do not depend on it.
	Workers int
	ev      mousemaze.Evaluator
}

// NewEdgeProblem returns the Mouse Maze 2 problem that spec describes
// (spec.Problem ProblemEdges): its size, order, ends, cap, modulus K,
// objective (turns or max-cell) and density (0 means 0.2). Boards are
// walked on ev when it is a mousemaze.EdgeEvaluator (ev may be nil), else
// by the reference walk on workers goroutines.
func NewEdgeProblem(spec Spec, ev mousemaze.Evaluator, workers int) (*EdgeProblem, error) {
	p, err := newEdgeProblem(spec, workers)
	if err != nil {
		return nil, err
	}
	if spec.FreeEnds {
		return nil, fmt.Errorf("%w: free ends do not apply to edge boards", ErrParams)
	}
	o, err := spec.order()
	if err != nil {
		return nil, err
	}
	obj := spec.objective()
	switch {
	case obj != ObjTurns && obj != ObjMaxCell:
		return nil, fmt.Errorf("%w: objective %q on edge mazes (have turns, max-cell)", ErrParams, spec.Objective)
	case obj == ObjMaxCell && spec.K != 0:
		return nil, fmt.Errorf("%w: objective max-cell needs exact counting (--k 0)", ErrParams)
	}
	cfg := mousemaze.Config{Order: o, Entry: spec.Entry, Exit: spec.Exit, Cap: spec.Cap, K: spec.K, Heat: obj == ObjMaxCell}
	if err := cfg.Validate(spec.Cols); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParams, err)
	}
	p.Config, p.Objective = cfg, obj
	p.ev = ev
	return p, nil
}

// NewScoredEdgeProblem returns the problem of edge boards of spec's size
// scored by score (spec.Problem ProblemWalker): feasible boards connect
// cell start to cell goal, and score must give them a score above 0.
func NewScoredEdgeProblem(spec Spec, score EdgeScorer, start, goal, workers int) (*EdgeProblem, error) {
	p, err := newEdgeProblem(spec, workers)
	if err != nil {
		return nil, err
	}
	if score == nil {
		return nil, fmt.Errorf("%w: no scorer", ErrParams)
	}
	if n := spec.Rows * spec.Cols; start < 0 || start >= n || goal < 0 || goal >= n {
		return nil, fmt.Errorf("%w: start %d, goal %d outside the %d cells", ErrParams, start, goal, n)
	}
	p.Scorer, p.Start, p.Goal, p.Objective = score, start, goal, ObjTurns
	return p, nil
}

func newEdgeProblem(spec Spec, workers int) (*EdgeProblem, error) {
	if err := (mousemaze.Size{Rows: spec.Rows, Cols: spec.Cols}).Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParams, err)
	}
	if spec.Density < 0 || spec.Density >= 1 {
		return nil, fmt.Errorf("%w: --density %v: must be in [0, 1)", ErrParams, spec.Density)
	}
	d := spec.Density
	if d == 0 {
		d = defaultEdgeDensity
	}
	return &EdgeProblem{Rows: spec.Rows, Cols: spec.Cols, Density: d, Workers: workers}, nil
}

// Random draws a board with every edge a wall with probability Density.
func (p *EdgeProblem) Random(rng *rand.Rand) mousemaze.EdgeMaze {
	return mousemaze.RandomEdges(rng, p.Rows, p.Cols, p.Density)
}

// Open returns the board without walls.
func (p *EdgeProblem) Open() mousemaze.EdgeMaze {
	return mousemaze.NewEdgeMaze(p.Rows, p.Cols)
}

// Feasible reports whether the mouse can escape m or, with a Scorer,
// whether Goal can be reached from Start.
func (p *EdgeProblem) Feasible(m mousemaze.EdgeMaze) bool {
	if p.Scorer != nil {
		return EdgeReachable(m, p.Start, p.Goal)
	}
	return mousemaze.EdgesFeasible(m, p.Config)
}

// EdgeReachable reports whether cell goal (r·Cols+c) can be reached from
// cell start through the open edges of m.
func EdgeReachable(m mousemaze.EdgeMaze, start, goal int) bool {
	n := m.Rows * m.Cols
	seen := make([]bool, n)
	queue := []int{start}
	seen[start] = true
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if i == goal {
			return true
		}
		r, c := i/m.Cols, i%m.Cols
		try := func(j int, wall bool) {
			if !wall && !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
		if c+1 < m.Cols {
			try(i+1, m.Right[r]>>uint(c)&1 != 0)
		}
		if c > 0 {
			try(i-1, m.Right[r]>>uint(c-1)&1 != 0)
		}
		if r+1 < m.Rows {
			try(i+m.Cols, m.Down[r]>>uint(c)&1 != 0)
		}
		if r > 0 {
			try(i-m.Cols, m.Down[r-1]>>uint(c)&1 != 0)
		}
	}
	return false
}

// Moves returns the number of interior edges.
func (p *EdgeProblem) Moves(m mousemaze.EdgeMaze) int { return m.Edges() }

// Site returns the edge move mv flips: mv itself.
func (p *EdgeProblem) Site(m mousemaze.EdgeMaze, mv int) int { return mv }

// Distance returns how far apart the edges of two moves lie, in cells:
// the Chebyshev distance between their midpoints, rounded up. Edges of
// one cell, or of two neighbouring cells in line, are 1 apart; an edge is
// 0 from itself. It makes --reach apply to edge boards as to grids.
func (p *EdgeProblem) Distance(m mousemaze.EdgeMaze, m1, m2 int) int {
	r1, c1 := edgeMid(m, m1)
	r2, c2 := edgeMid(m, m2)
	return (max(abs(r1-r2), abs(c1-c2)) + 1) / 2
}

// edgeMid returns the midpoint of edge i in half cells: (2r, 2c+1) for
// the edge right of cell (r, c), (2r+1, 2c) for the edge below it.
func edgeMid(m mousemaze.EdgeMaze, i int) (int, int) {
	h := m.Rows * (m.Cols - 1)
	if i < h {
		return 2 * (i / (m.Cols - 1)), 2*(i%(m.Cols-1)) + 1
	}
	i -= h
	return 2*(i/m.Cols) + 1, 2 * (i % m.Cols)
}

// Apply returns a copy of m with the given edges flipped.
func (p *EdgeProblem) Apply(m mousemaze.EdgeMaze, moves ...int) mousemaze.EdgeMaze {
	out := m.Clone()
	for _, mv := range moves {
		out.FlipEdge(mv)
	}
	return out
}

// Cross takes every edge from a or b with equal probability.
func (p *EdgeProblem) Cross(rng *rand.Rand, a, b mousemaze.EdgeMaze) mousemaze.EdgeMaze {
	c := mousemaze.NewEdgeMaze(a.Rows, a.Cols)
	for r := range c.Rows {
		mr, md := rng.Uint64(), rng.Uint64()
		c.Right[r] = a.Right[r]&mr | b.Right[r]&^mr
		c.Down[r] = a.Down[r]&md | b.Down[r]&^md
	}
	return c
}

// Repair sets child's edges that differ from parent back to parent's,
// one at a time in random order, until child is feasible.
func (p *EdgeProblem) Repair(rng *rand.Rand, child, parent mousemaze.EdgeMaze) mousemaze.EdgeMaze {
	child = child.Clone()
	var diff []int
	for i := range child.Edges() {
		if edgeBit(child, i) != edgeBit(parent, i) {
			diff = append(diff, i)
		}
	}
	for !p.Feasible(child) && len(diff) > 0 {
		k := rng.IntN(len(diff))
		child.FlipEdge(diff[k])
		diff[k] = diff[len(diff)-1]
		diff = diff[:len(diff)-1]
	}
	return child
}

// edgeBit reports whether interior edge i of m (numbered as by FlipEdge)
// is a wall.
func edgeBit(m mousemaze.EdgeMaze, i int) bool {
	h := m.Rows * (m.Cols - 1)
	if i < h {
		return m.Right[i/(m.Cols-1)]>>uint(i%(m.Cols-1))&1 != 0
	}
	i -= h
	return m.Down[i/m.Cols]>>uint(i%m.Cols)&1 != 0
}

// Equal reports whether a and b are the same board.
func (p *EdgeProblem) Equal(a, b mousemaze.EdgeMaze) bool { return a.Equal(b) }

// Hash returns a 64-bit hash of the board's walls.
func (p *EdgeProblem) Hash(m mousemaze.EdgeMaze) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
		h ^= h >> 29
	}
	for r := range m.Rows {
		mix(m.Right[r])
		mix(bits.RotateLeft64(m.Down[r], 32))
	}
	return h
}

// Clone returns a deep copy of m.
func (p *EdgeProblem) Clone(m mousemaze.EdgeMaze) mousemaze.EdgeMaze { return m.Clone() }

// Check reports why m is not a board of this search.
func (p *EdgeProblem) Check(m mousemaze.EdgeMaze) error {
	if m.Rows != p.Rows || m.Cols != p.Cols {
		return fmt.Errorf("board is %dx%d, search is %dx%d", m.Rows, m.Cols, p.Rows, p.Cols)
	}
	return m.Validate()
}

// Evaluate scores every board of batch: walks them (on the evaluator
// when it walks edge boards, else by the reference walk in parallel) or
// runs the Scorer on them in parallel.
func (p *EdgeProblem) Evaluate(batch []mousemaze.EdgeMaze, dst []Score) error {
	if p.Scorer != nil {
		vals := make([]int64, len(batch))
		p.parallel(len(batch), func(i int) { vals[i] = p.Scorer(batch[i]) })
		for i, v := range vals {
			if v <= 0 {
				return fmt.Errorf("dispatch: the scorer gives %d to a board that connects its start and goal:\n%s", v, batch[i])
			}
			dst[i] = Score{Feasible: true, Value: float64(v)}
		}
		return nil
	}
	res := make([]mousemaze.Result, len(batch))
	var err error
	if p.ev != nil {
		_, err = mousemaze.EvaluateEdgesWith(p.ev, batch, p.Config, res, p.Workers)
	} else {
		err = mousemaze.EvaluateEdges(batch, p.Config, res, p.Workers)
	}
	if err != nil {
		return err
	}
	for i, r := range res {
		if !r.Feasible || r.Turns < 1 {
			return fmt.Errorf("dispatch: walk reports %+v for a feasible board:\n%s", r, batch[i])
		}
		dst[i] = EdgeScore(p.Objective, p.Config, r)
	}
	return nil
}

// EdgeScore is the Score of the walk res of a feasible edge board under
// cfg and objective (ObjTurns or ObjMaxCell): the turns (a capped walk
// scores its cap; under a modulus a walk that does not escape scores 1)
// or the visits of the busiest cell.
func EdgeScore(objective string, cfg mousemaze.Config, res mousemaze.Result) Score {
	s := Score{Feasible: true, Value: float64(max(res.Turns, 1)), Turns: res.Turns, Capped: cfg.Cap > 0 && !res.Escaped && cfg.K == 0}
	switch {
	case objective == ObjMaxCell:
		var hi uint32
		for _, h := range res.Heat {
			hi = max(hi, h)
		}
		s.Value = float64(max(hi, 1))
	case cfg.K > 0 && !res.Escaped:
		s.Value = 1
	}
	return s
}

// parallel runs f(0) … f(n−1) on the problem's workers.
func (p *EdgeProblem) parallel(n int, f func(i int)) {
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	parallel.For(workers, n, f)
}

// EdgeSearch is a running search of edge boards, Engine[mousemaze.EdgeMaze].
type EdgeSearch = Engine[mousemaze.EdgeMaze]
