package analyze

import (
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// closedOnly runs the closed form alone: ok is false when it would hand
// the maze to the reference walk.
func closedOnly(m mousemaze.Maze, cfg mousemaze.Config) (mousemaze.Result, bool) {
	e := closedPool.Get().(*closedEval)
	defer closedPool.Put(e)
	return e.eval(m, cfg)
}

// checkClosed compares the closed form with the reference walk on m; it
// fails when a loop-less maze without a cap was not done in closed form.
// It returns whether the closed form did the maze.
func checkClosed(t testing.TB, m mousemaze.Maze, cfg mousemaze.Config) bool {
	t.Helper()
	want, err := mousemaze.Walk(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := closedOnly(m, cfg)
	if !ok {
		if Loopless(m, cfg) && cfg.Cap == 0 {
			t.Fatalf("cfg %+v: closed form refused a loop-less maze\n%s", cfg, m)
		}
		got, err = TreeEval(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
	}
	if !got.Same(want) {
		t.Fatalf("cfg %+v: closed form %+v, walk %+v on\n%s", cfg, got, want, m)
	}
	return ok
}

// closedConfigs are the rules of the exhaustive checks: the default, other
// orders, other entry and exit columns, and caps.
func closedConfigs(cols int) []mousemaze.Config {
	var out []mousemaze.Config
	for _, o := range []string{"DRLU", "LURD", "RDUL", "UDLR", "RLDU"} {
		ord, _ := mousemaze.ParseOrder(o)
		out = append(out,
			mousemaze.Config{Order: ord, Heat: true},
			mousemaze.Config{Order: ord, Entry: cols - 1, Exit: 0, Heat: true},
			mousemaze.Config{Order: ord, Entry: cols / 2, Exit: cols - 1, Heat: true})
	}
	return append(out, mousemaze.Config{Cap: 5, Heat: true}, mousemaze.Config{Cap: 12})
}

// exhaustClosed checks every maze of every size up to rows×cols under
// every config and returns the number of (maze, config) pairs the closed
// form did (the loop-less ones and the infeasible ones).
func exhaustClosed(t *testing.T, rows, cols int) int {
	done := 0
	for r := 1; r <= rows; r++ {
		for c := 1; c <= cols; c++ {
			for _, cfg := range closedConfigs(c) {
				Enumerate(r, c, func(m mousemaze.Maze) {
					if checkClosed(t, m, cfg) {
						done++
					}
				})
			}
		}
	}
	return done
}

// TestClosedExhaustive4 checks every maze up to 4×4 under 17 rules; the
// 5×5 check is TestClosedLong.
func TestClosedExhaustive4(t *testing.T) {
	done := exhaustClosed(t, 4, 4)
	t.Logf("closed form did %d (maze, config) pairs up to 4x4", done)
	if done == 0 {
		t.Fatal("the closed form did no maze")
	}
}

// TestClosedSpanningTrees checks random spanning-tree mazes up to 64×64,
// and random loop-less mazes that stop growing early, under random orders
// and entry and exit columns.
func TestClosedSpanningTrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 0))
	for i := 0; i < 300; i++ {
		rows, cols := 2+rng.IntN(63), 2+rng.IntN(63)
		cfg := mousemaze.Config{Order: mousemaze.RandomOrder(rng), Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: true}
		stop := 0.0
		if i%3 == 1 {
			stop = 0.01
		}
		m := RandomTree(rng, rows, cols, stop, cfg)
		if !checkClosed(t, m, cfg) {
			t.Fatalf("closed form refused a spanning tree\n%s", m)
		}
	}
}

// TestClosedFallback covers the inputs the closed form hands on or reports
// itself: a maze with a cycle (the reference walk), an infeasible maze and
// a walled entry (reported infeasible), a capped walk that passes its cap.
func TestClosedFallback(t *testing.T) {
	tests := []struct {
		name   string
		maze   string
		cfg    mousemaze.Config
		closed bool
		turns  int64
	}{
		// Thesis Table 4.2: a 2×2 block, 12 turns; dead-end raising
		// holds on any maze, so the closed form does it too.
		{"cycle", "...\nX..\n...\n", mousemaze.Config{}, true, 12},
		{"walled exit", "..\n.X\nX.\n", mousemaze.Config{Exit: 0}, true, 0},
		{"walled entry", "X.\n..\n", mousemaze.Config{}, true, 0},
		// "..X / X.X / ..." from (0,0): right to (0,1), down (1,1), down
		// (2,1), right (2,2) leaf, back (2,1), left (2,0), exit: 1 + 7
		// visits... counted: (0,0)1 (0,1)1 (1,1)1 (2,1)2 (2,2)1 (2,0)1 =
		// 7, so 8 turns; a cap of 5 stops the walk first.
		{"uncapped", "..X\nX.X\n...\n", mousemaze.Config{}, true, 8},
		{"capped", "..X\nX.X\n...\n", mousemaze.Config{Cap: 5}, false, 5},
		{"cap reached at the exit", "..X\nX.X\n...\n", mousemaze.Config{Cap: 8}, true, 8},
	}
	for _, tc := range tests {
		m := mustParse(t, tc.maze)
		_, ok := closedOnly(m, tc.cfg)
		if ok != tc.closed {
			t.Errorf("%s: closed form did it %v, want %v", tc.name, ok, tc.closed)
		}
		got, err := TreeEval(m, tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got.Turns != tc.turns {
			t.Errorf("%s: %d turns, want %d", tc.name, got.Turns, tc.turns)
		}
		checkClosed(t, m, tc.cfg)
	}
}

// TestClosedLargeRandom checks random mazes of more than smallMaze cells,
// where feasibility is checked during the walk: feasible ones with cycles,
// and infeasible ones, whose walk goes round its closed part until the
// sum of the counts passes 16·Rows·Cols + 64 and the flood fill finds no
// way out.
func TestClosedLargeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 0))
	var infeasible, cyclic int
	for i := 0; i < 200; i++ {
		rows, cols := 17+rng.IntN(24), 17+rng.IntN(24)
		cfg := mousemaze.Config{Order: mousemaze.RandomOrder(rng), Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: true}
		m := mousemaze.Random(rng, rows, cols, 0.3+0.2*rng.Float64())
		m.SetWall(0, cfg.Entry, false)
		m.SetWall(rows-1, cfg.Exit, false)
		if !checkClosed(t, m, cfg) {
			t.Fatalf("closed form refused an uncapped maze\n%s", m)
		}
		switch {
		case !mousemaze.Feasible(m, cfg):
			infeasible++
		case !Loopless(m, cfg):
			cyclic++
		}
	}
	t.Logf("%d infeasible, %d feasible with cycles", infeasible, cyclic)
	if infeasible < 20 || cyclic < 20 {
		t.Fatalf("only %d infeasible and %d cyclic mazes: the test needs more of each", infeasible, cyclic)
	}
}
