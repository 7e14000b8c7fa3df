package classic

import (
	"fmt"
	"math/rand/v2"
)

// The solvers' names, as `classic solve --algo` takes them.
const (
	AlgoRandom      = "random"       // §3.1, capped
	AlgoLeft        = "left"         // §3.2 left-hand walk
	AlgoRight       = "right"        // §3.2 right-hand walk
	AlgoSwitchLeft  = "switch-left"  // §3.2 improved walk, starting with the left hand
	AlgoSwitchRight = "switch-right" // §3.2 improved walk, starting with the right hand
	AlgoLRU         = "lru"          // §3.3 least recently used door walk
	AlgoBFS         = "bfs"          // §3.4 breadth-first search
	AlgoTremaux     = "tremaux"      // §3.5 with step 6′: stop at the goal
	AlgoTremauxAll  = "tremaux-all"  // §3.5 visiting every cell
	AlgoTAR         = "tar"          // §3.6 the cheese's total aroma rating
)

// Algos lists the solvers.
var Algos = []string{AlgoRandom, AlgoLeft, AlgoRight, AlgoSwitchLeft, AlgoSwitchRight, AlgoLRU, AlgoBFS, AlgoTremaux, AlgoTremauxAll, AlgoTAR}

// Outcomes of a solve.
const (
	Reached     = "reached"     // the goal was reached
	Looped      = "loop"        // a deterministic walker repeated a state: it would walk forever
	Capped      = "capped"      // the step cap stopped the walk
	Stuck       = "stuck"       // no move is possible (one-way doors)
	Unreachable = "unreachable" // the search ended without reaching the goal
)

// DefaultCap is the step cap used when Options.Cap is 0.
const DefaultCap = 1_000_000

// Options tune a solve.
type Options struct {
	// Rand drives the random choices (random walk, LRU's random ties).
	// Nil means NewRand(1).
	Rand *rand.Rand
	// Cap bounds the moves of a walk (0 means DefaultCap); the TAR solver
	// counts ticks of simulated time against it.
	Cap int64
	// Heading is the direction a hand walker faces at the start.
	Heading Dir
	// FixedTies makes the LRU walk break ties between equally old doors in
	// the order Order instead of at random.
	FixedTies bool
	// Order is the tie order of a deterministic choice (LRU with
	// FixedTies, Trémaux, TAR); the zero value means N, E, S, W.
	Order [4]Dir
	// Path asks for the cells walked; without it only the counts are kept.
	Path bool
}

// order returns the tie order, N E S W by default.
func (o *Options) order() [4]Dir {
	if o.Order == [4]Dir{} {
		return [4]Dir{North, East, South, West}
	}
	return o.Order
}

// cap returns the step cap.
func (o *Options) cap() int64 {
	if o.Cap <= 0 {
		return DefaultCap
	}
	return o.Cap
}

// Result is the outcome of a solve.
type Result struct {
	// Algo is the solver's name.
	Algo string `json:"algo"`
	// Outcome is one of reached, loop, capped, stuck, unreachable.
	Outcome string `json:"outcome"`
	// Reached reports whether the goal was reached.
	Reached bool `json:"reached"`
	// Steps counts the moves made (for bfs, the length of the path found).
	Steps int64 `json:"steps"`
	// Path lists the cells walked, start first, when Options.Path is set.
	Path []int `json:"path,omitempty"`
	// Route is a start-to-goal route the solver leaves behind, when it has
	// one: bfs's shortest path, Trémaux's path along its return marks.
	Route []int `json:"route,omitempty"`
	// Explored counts the cells labelled by bfs or visited by a walker;
	// for a goal random, lru or tar found cut off before moving, the
	// cells the start reaches.
	Explored int `json:"explored"`
	// LoopStart and LoopLength describe a detected loop: the walk repeats
	// from move LoopStart on with period LoopLength moves.
	LoopStart  int64 `json:"loop_start,omitempty"`
	LoopLength int64 `json:"loop_length,omitempty"`
	// Ticks counts the TAR solver's units of simulated time.
	Ticks int64 `json:"ticks,omitempty"`
}

// Solve runs the named solver on the board from its start to its goal.
func Solve(algo string, nav *Nav, opt Options) (Result, error) {
	if opt.Rand == nil {
		opt.Rand = NewRand(1)
	}
	if o := opt.order(); !isPerm(o) {
		return Result{}, fmt.Errorf("tie order %v is not a permutation of N, E, S, W", o)
	}
	solve, ok := solvers[algo]
	if !ok {
		return Result{}, fmt.Errorf("unknown solver %q (want one of %v)", algo, Algos)
	}
	res := solve(nav, opt)
	res.Algo = algo
	res.Reached = res.Outcome == Reached
	return res, nil
}

// solvers maps each name of Algos to its solver.
var solvers = map[string]func(nav *Nav, opt Options) Result{
	AlgoRandom:      RandomWalk,
	AlgoLeft:        func(nav *Nav, opt Options) Result { return HandWalk(nav, true, opt) },
	AlgoRight:       func(nav *Nav, opt Options) Result { return HandWalk(nav, false, opt) },
	AlgoSwitchLeft:  func(nav *Nav, opt Options) Result { return SwitchWalk(nav, true, opt) },
	AlgoSwitchRight: func(nav *Nav, opt Options) Result { return SwitchWalk(nav, false, opt) },
	AlgoLRU:         LRUWalk,
	AlgoBFS:         BFS,
	AlgoTremaux:     func(nav *Nav, opt Options) Result { return Tremaux(nav, true, opt) },
	AlgoTremauxAll:  func(nav *Nav, opt Options) Result { return Tremaux(nav, false, opt) },
	AlgoTAR:         Cheese,
}

func isPerm(o [4]Dir) bool {
	var seen [4]bool
	for _, d := range o {
		if d < 0 || d > 3 || seen[d] {
			return false
		}
		seen[d] = true
	}
	return true
}

// ParseOrder reads a tie order such as "NESW".
func ParseOrder(s string) ([4]Dir, error) {
	var o [4]Dir
	if len(s) != 4 {
		return o, fmt.Errorf("order %q: want four letters, a permutation of NESW", s)
	}
	for i := range 4 {
		d, err := ParseDir(s[i : i+1])
		if err != nil {
			return o, fmt.Errorf("order %q: %v", s, err)
		}
		o[i] = d
	}
	if !isPerm(o) {
		return o, fmt.Errorf("order %q is not a permutation of NESW", s)
	}
	return o, nil
}

// trail records a walk: its length and, when asked for, its cells.
type trail struct {
	steps   int64
	path    []int
	keep    bool
	visited []bool
	seen    int
}

func newTrail(nav *Nav, opt Options) *trail {
	t := &trail{keep: opt.Path, visited: make([]bool, nav.Cells())}
	t.at(nav.Start)
	return t
}

// at records arriving at cell i (the start, or after a move).
func (t *trail) at(i int) {
	if t.keep {
		t.path = append(t.path, i)
	}
	if !t.visited[i] {
		t.visited[i] = true
		t.seen++
	}
}

// move records one move to cell i.
func (t *trail) move(i int) {
	t.steps++
	t.at(i)
}

func (t *trail) result(outcome string) Result {
	return Result{Outcome: outcome, Steps: t.steps, Path: t.path, Explored: t.seen}
}

// cutOff checks, by a breadth-first flood from the start along the moves
// of nav (one-way doors respected), whether the goal can be reached. When
// it cannot, ok is true and res reports it unreachable, as bfs does, with
// no move made, Explored the cells the flood reached and Path the start
// alone (with Options.Path): the walkers that cannot tell a goal cut off
// from one they have not found yet (random, lru, tar) check this first
// instead of walking to the cap.
func cutOff(nav *Nav, opt Options) (res Result, ok bool) {
	dist := bfsFrom(nav, nav.Start)
	if dist[nav.Goal] >= 0 {
		return Result{}, false
	}
	res.Outcome = Unreachable
	for _, d := range dist {
		if d >= 0 {
			res.Explored++
		}
	}
	if opt.Path {
		res.Path = []int{nav.Start}
	}
	return res, true
}
