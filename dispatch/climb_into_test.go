package dispatch

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestApplyIntoFeasibleAfter checks GridProblem's climb fast paths against
// Apply and Feasible on many random mazes of many sizes, fixed and free
// ends, and random sets of one to three moves (end moves among them):
// ApplyInto gives Apply's maze and FeasibleAfter Feasible's answer,
// whatever the centre's feasibility.
func TestApplyIntoFeasibleAfter(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	shortcuts := 0
	for i := 0; i < 3000; i++ {
		rows, cols := 2+rng.IntN(12), 2+rng.IntN(12)
		prob, _ := openGridProblem(t, rows, cols, i%3 == 0, 0, 0)
		center := prob.Random(rng)
		n := prob.Moves(center)
		moves := make([]int, 1+rng.IntN(3))
		for k := range moves {
			moves[k] = rng.IntN(n)
		}
		want := prob.Apply(center, moves...)
		words := make([]uint64, prob.Words())
		got := prob.ApplyInto(words, center, moves...)
		if !prob.Equal(got, want) || got.Entry != want.Entry || got.Exit != want.Exit || &got.Walls[0] != &words[0] {
			t.Fatalf("%dx%d %v: ApplyInto %v, Apply %v", rows, cols, moves, got, want)
		}
		cf := prob.Feasible(center)
		guard := prob.Guard(center)
		if (guard != nil) != cf {
			t.Fatalf("%dx%d: centre feasible %v, guard %v", rows, cols, cf, guard)
		}
		if a, b := prob.FeasibleAfter(center, guard, moves, got), prob.Feasible(want); a != b {
			t.Fatalf("%dx%d centre feasible %v, moves %v: FeasibleAfter %v, Feasible %v", rows, cols, cf, moves, a, b)
		}
		if a, b := prob.FeasibleAfter(center, nil, moves, got), prob.Feasible(want); a != b {
			t.Fatalf("%dx%d no guard, moves %v: FeasibleAfter %v, Feasible %v", rows, cols, moves, a, b)
		}
		if cf {
			shortcuts++
		}
	}
	if shortcuts < 300 {
		t.Errorf("only %d feasible centres: the shortcut is hardly tested", shortcuts)
	}
}

// TestGuardIsAShortestPath checks Guard on many random mazes of many
// sizes, fixed and free ends, against a breadth-first search one cell at a
// time: nil exactly for the infeasible mazes, else a set of open cells that
// holds the entry and the exit, joins them, and has as many cells as a
// shortest path.
func TestGuardIsAShortestPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	feasible := 0
	for i := 0; i < 4000; i++ {
		rows, cols := 1+rng.IntN(16), 1+rng.IntN(16)
		if i%500 == 0 {
			rows, cols = 64, 64
		}
		prob, _ := openGridProblem(t, rows, cols, i%3 == 0, 0, 0)
		g := prob.Random(rng)
		open := func(r, c int) bool { return g.Walls[r]>>uint(c)&1 == 0 }
		// dist from the entry by a queue, over open cells.
		dist := map[[2]int]int{{0, g.Entry}: 0}
		queue := [][2]int{{0, g.Entry}}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				y := [2]int{x[0] + d[0], x[1] + d[1]}
				if _, ok := dist[y]; ok || y[0] < 0 || y[0] >= rows || y[1] < 0 || y[1] >= cols || !open(y[0], y[1]) {
					continue
				}
				dist[y] = dist[x] + 1
				queue = append(queue, y)
			}
		}
		want, ok := dist[[2]int{rows - 1, g.Exit}]
		guard := prob.Guard(g)
		if (guard != nil) != ok {
			t.Fatalf("%dx%d maze %d: guard %v, exit reached %v", rows, cols, i, guard != nil, ok)
		}
		if !ok {
			continue
		}
		feasible++
		cells := 0
		for r, w := range guard {
			cells += bits.OnesCount64(w)
			if w&g.Walls[r] != 0 || w>>uint(cols) != 0 {
				t.Fatalf("%dx%d maze %d: the guard holds walls or cells outside the grid in row %d", rows, cols, i, r)
			}
		}
		// The guard's cells join the entry to the exit (a search over them).
		in := func(r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols && guard[r]>>uint(c)&1 == 1 }
		reached := map[[2]int]bool{{0, g.Entry}: in(0, g.Entry)}
		stack := [][2]int{{0, g.Entry}}
		for len(stack) > 0 && reached[[2]int{0, g.Entry}] {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				y := [2]int{x[0] + d[0], x[1] + d[1]}
				if !reached[y] && in(y[0], y[1]) {
					reached[y] = true
					stack = append(stack, y)
				}
			}
		}
		if !reached[[2]int{rows - 1, g.Exit}] || cells != want+1 {
			t.Fatalf("%dx%d maze %d: the guard joins the ends %v, %d cells, a shortest path has %d", rows, cols, i, reached[[2]int{rows - 1, g.Exit}], cells, want+1)
		}
	}
	if feasible < 500 {
		t.Errorf("only %d feasible mazes", feasible)
	}
}

// TestClimbIntoIsGeneric runs ils, hill and memetic searches through
// GridProblem (the climbs' batches in one block, FeasibleAfter) and
// through the generic climb loop, and wants the same final state.
func TestClimbIntoIsGeneric(t *testing.T) {
	ev := refEvaluator(t)
	for _, v := range []struct {
		algo string
		free bool
	}{{AlgoILS, false}, {AlgoILS, true}, {AlgoHill, false}, {AlgoMemetic, false}} {
		p, err := PresetFor(ProblemGrid, v.algo)
		if err != nil {
			t.Fatal(err)
		}
		p.Rows, p.Cols, p.FreeEnds, p.Seed, p.Evals = 7, 6, v.free, 3, 8000
		run := func(generic bool) string {
			prob, err := NewGridProblem(p, ev)
			if err != nil {
				t.Fatal(err)
			}
			var pr Problem[Grid] = prob
			if generic {
				pr = noInto{GridProblem: prob}
				if _, ok := pr.(intoApplier[Grid]); ok {
					t.Fatal("noInto is an intoApplier")
				}
			}
			return stateJSON(t, runGridEngine(t, p, pr, 1))
		}
		if run(false) != run(true) {
			t.Errorf("%s free %v: the block climb ends in another state than the generic one", v.algo, v.free)
		}
	}
}

// noInto is a GridProblem without the climbs' fast paths: intoHider's
// methods of the same names make GridProblem's ambiguous, so noInto is
// no intoApplier and has every other method of GridProblem.
type noInto struct {
	*GridProblem
	intoHider
}

type intoHider struct{}

func (intoHider) Words()         {}
func (intoHider) ApplyInto()     {}
func (intoHider) FeasibleAfter() {}

// TestClimbAheadIsExact runs ils (fixed and free ends) and hill on one
// worker, where no batch is built ahead, and on two, where ils builds and
// scores each batch while the one before it is evaluated (the first
// batch of a climb while its centre is walked), and wants the same final
// state; on two workers ils must have taken most of its batches from
// ahead, some of them begun at a centre, and hill (ten climbs) none.
func TestClimbAheadIsExact(t *testing.T) {
	ev := refEvaluator(t)
	for _, v := range []struct {
		algo  string
		free  bool
		ahead bool
	}{{AlgoILS, false, true}, {AlgoILS, true, true}, {AlgoHill, false, false}} {
		p, err := PresetFor(ProblemGrid, v.algo)
		if err != nil {
			t.Fatal(err)
		}
		p.Rows, p.Cols, p.FreeEnds, p.Seed, p.Evals = 8, 7, v.free, 5, 6000
		run := func(workers int) (string, [3]int64) {
			prob, err := NewGridProblem(p, ev)
			if err != nil {
				t.Fatal(err)
			}
			if !prob.ConcurrentEvaluate() {
				t.Fatal("the ref evaluator does not score ahead")
			}
			s := runGridEngine(t, p, prob, workers)
			return stateJSON(t, s), s.ahead
		}
		one, none := run(1)
		two, ahead := run(2)
		if one != two {
			t.Errorf("%s free %v: two workers end in another state than one", v.algo, v.free)
		}
		if none != [3]int64{} {
			t.Errorf("%s free %v: one worker built %d batches ahead", v.algo, v.free, none[0])
		}
		switch {
		case v.ahead && (ahead[1] < 50 || ahead[1]*2 < ahead[0]):
			t.Errorf("%s free %v: took %d of %d batches built ahead", v.algo, v.free, ahead[1], ahead[0])
		case v.ahead && ahead[2] == 0:
			t.Errorf("%s free %v: began %d batches ahead while a centre was walked", v.algo, v.free, ahead[2])
		case !v.ahead && ahead[0] != 0:
			t.Errorf("%s: built %d batches ahead", v.algo, ahead[0])
		}
	}
}
