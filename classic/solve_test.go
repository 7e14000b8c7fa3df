package classic

import (
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// checkPath fails the test unless path is a walk of legal moves from the
// start with steps moves.
func checkPath(t *testing.T, nav *Nav, what string, path []int, steps int64) {
	t.Helper()
	if int64(len(path)) != steps+1 {
		t.Fatalf("%s: path of %d cells for %d steps", what, len(path), steps)
	}
	if path[0] != nav.Start {
		t.Fatalf("%s: path starts at %d, not the start %d", what, path[0], nav.Start)
	}
	for k := 1; k < len(path); k++ {
		if !slices.Contains(nav.Next[path[k-1]][:], path[k]) {
			t.Fatalf("%s: move %d from cell %d to %d is not possible", what, k, path[k-1], path[k])
		}
	}
}

// seedCells converts the seed's 1-based cell numbers of a 3x3 board.
func seedCells(ks ...int) []int {
	out := make([]int, len(ks))
	for i, k := range ks {
		out[i] = cellOf(k)
	}
	return out
}

// The hand walks of §3.2 on the maze of Figure 15 (cells 1…9 row by row,
// start 5, goal 9). Traced by hand: facing east with the left hand on the
// wall, cell 5 has a wall to the north (its left), so the walker goes on
// east to 6, turns left (north) into 3, left (west) into 2, on west to 1,
// left (south) into 4 and left (east) into 5, facing east again: the loop
// 5, 6, 3, 2, 1, 4 of the seed, six moves, from move 0. The right hand
// from 5 facing east turns right (south) into a wall, goes on east to 6
// and turns right (south) into 9: two moves. The left hand facing west
// reaches 9 in ten moves, as the seed says it will. The improved walk
// closes the left-hand loop after six moves, switches to the right hand in
// cell 5 facing east and needs two more.
func TestHandWalksFigure15(t *testing.T) {
	b := loadBoard(t, "fig15.txt")
	nav := b.Nav()
	tests := []struct {
		algo      string
		heading   Dir
		outcome   string
		path      []int
		loopStart int64
		loopLen   int64
	}{
		{AlgoLeft, East, Looped, seedCells(5, 6, 3, 2, 1, 4, 5), 0, 6},
		{AlgoRight, East, Reached, seedCells(5, 6, 9), 0, 0},
		{AlgoLeft, West, Reached, seedCells(5, 4, 7, 8, 7, 4, 1, 2, 3, 6, 9), 0, 0},
		{AlgoRight, West, Looped, seedCells(5, 4, 1, 2, 3, 6, 5), 0, 6},
		{AlgoSwitchLeft, East, Reached, seedCells(5, 6, 3, 2, 1, 4, 5, 6, 9), 0, 0},
		{AlgoSwitchRight, West, Reached, seedCells(5, 4, 1, 2, 3, 6, 5, 4, 7, 8, 7, 4, 1, 2, 3, 6, 9), 0, 0},
	}
	for _, tc := range tests {
		res, err := Solve(tc.algo, nav, Options{Heading: tc.heading, Path: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != tc.outcome || !slices.Equal(res.Path, tc.path) || res.LoopStart != tc.loopStart || res.LoopLength != tc.loopLen {
			t.Errorf("%s facing %v: %s path %v loop %d+%d, want %s %v loop %d+%d", tc.algo, tc.heading,
				res.Outcome, res.Path, res.LoopStart, res.LoopLength, tc.outcome, tc.path, tc.loopStart, tc.loopLen)
		}
		if res.Steps != int64(len(tc.path)-1) {
			t.Errorf("%s facing %v: %d steps, want %d", tc.algo, tc.heading, res.Steps, len(tc.path)-1)
		}
	}
}

// Trémaux on Figure 15 from cell 5, doors tried N, E, S, W: 5→6 (new),
// 6→3, 3→2, 2→1, 1→4 (new), 4→5 (visited: back to 4), 4→7, 7→8, dead end,
// back 8→7→4→1→2→3→6, then 6→9, the goal: sixteen moves; its route along
// the return marks is 5, 6, 9. The visit-all form goes back 9→6→5 and
// stops: every one of the nine doors passed twice, eighteen moves.
func TestTremauxFigure15(t *testing.T) {
	b := loadBoard(t, "fig15.txt")
	nav := b.Nav()
	res, _ := Solve(AlgoTremaux, nav, Options{Path: true})
	want := seedCells(5, 6, 3, 2, 1, 4, 5, 4, 7, 8, 7, 4, 1, 2, 3, 6, 9)
	if res.Outcome != Reached || !slices.Equal(res.Path, want) || !slices.Equal(res.Route, seedCells(5, 6, 9)) {
		t.Errorf("tremaux: %s %v route %v, want reached %v route 5 6 9", res.Outcome, res.Path, res.Route, want)
	}
	all, _ := Solve(AlgoTremauxAll, nav, Options{Path: true})
	want = append(want, seedCells(6, 5)...)
	if all.Outcome != Reached || !slices.Equal(all.Path, want) || all.Explored != 9 {
		t.Errorf("tremaux-all: %s %v explored %d, want reached %v explored 9", all.Outcome, all.Path, all.Explored, want)
	}
}

// §3.2: the goal of testdata/king.txt is a king's chamber. Every hand
// walk, plain or improved, from every heading, loops without entering it;
// the complete solvers reach it, bfs in 4 moves (0,0 → 0,1 → 1,1 → 2,1 →
// 2,2; the cell below 0,0 and the one right of 0,1 are walled off).
func TestKingsChamber(t *testing.T) {
	b := loadBoard(t, "king.txt")
	nav := b.Nav()
	for h := North; h <= West; h++ {
		for _, algo := range []string{AlgoLeft, AlgoRight, AlgoSwitchLeft, AlgoSwitchRight} {
			res, _ := Solve(algo, nav, Options{Heading: h, Path: true})
			if res.Outcome != Looped || res.LoopLength <= 0 {
				t.Fatalf("%s facing %v: %s after %d moves, want a loop", algo, h, res.Outcome, res.Steps)
			}
			if slices.Contains(res.Path, b.Goal) {
				t.Fatalf("%s facing %v entered the king's chamber", algo, h)
			}
			checkPath(t, nav, algo, res.Path, res.Steps)
			// The walk repeats: the state at LoopStart returns after LoopLength moves.
			if res.Path[res.LoopStart] != res.Path[res.LoopStart+res.LoopLength] {
				t.Fatalf("%s facing %v: loop %d+%d does not close: %v", algo, h, res.LoopStart, res.LoopLength, res.Path)
			}
		}
	}
	// The plain left-hand walk from 0,0 facing east: the wall contour it
	// follows is 40 moves long, entered after the first move.
	res, _ := Solve(AlgoLeft, nav, Options{Heading: East})
	if res.LoopStart != 1 || res.LoopLength != 40 {
		t.Errorf("left facing east: loop %d+%d, want 1+40", res.LoopStart, res.LoopLength)
	}
	for _, algo := range []string{AlgoRandom, AlgoLRU, AlgoBFS, AlgoTremaux, AlgoTremauxAll, AlgoTAR} {
		res, _ := Solve(algo, nav, Options{Path: true, FixedTies: true})
		if !res.Reached {
			t.Errorf("%s: %s, want reached", algo, res.Outcome)
		}
		if algo == AlgoBFS && res.Steps != 4 {
			t.Errorf("bfs: %d steps, want 4", res.Steps)
		}
	}
}

// Every solver reaches the goal of perfect mazes (a hand walk follows the
// whole tree), its path is made of legal moves, and bfs's path is as long
// as the distance the connection-matrix powers give.
func TestSolversOnPerfectMazes(t *testing.T) {
	sizes := [][2]int{{1, 5}, {3, 3}, {4, 7}, {8, 8}, {10, 6}}
	for _, sz := range sizes {
		for seed := range 12 {
			rng := NewRand(uint64(seed))
			algo := GenSpanning
			if seed%2 == 1 {
				algo = GenAnderson
			}
			m, _ := Generate(algo, sz[0], sz[1], rng)
			b := NewBoard(m)
			b.Start, b.Goal = rng.IntN(b.Cells()), rng.IntN(b.Cells())
			nav := b.Nav()
			d, _ := DistancesByPowers(nav)
			for _, a := range Algos {
				res, err := Solve(a, nav, Options{Rand: NewRand(uint64(seed)), Heading: Dir(seed % 4), Path: true, FixedTies: seed%3 == 0})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Reached {
					t.Fatalf("%s on %dx%d seed %d: %s after %d steps\n%s", a, sz[0], sz[1], seed, res.Outcome, res.Steps, b.Format())
				}
				checkPath(t, nav, a, res.Path, res.Steps)
				if a != AlgoTremauxAll && res.Path[len(res.Path)-1] != b.Goal {
					t.Fatalf("%s: path ends at %d, not the goal %d", a, res.Path[len(res.Path)-1], b.Goal)
				}
				if a == AlgoBFS && res.Steps != int64(d[b.Start][b.Goal]) {
					t.Fatalf("bfs: %d steps, distance %d", res.Steps, d[b.Start][b.Goal])
				}
				// On a tree the only route is the shortest one.
				if res.Route != nil && len(res.Route)-1 != d[b.Start][b.Goal] {
					t.Fatalf("%s: route of %d moves, distance %d", a, len(res.Route)-1, d[b.Start][b.Goal])
				}
				// A walk never beats the shortest path.
				if res.Steps < int64(d[b.Start][b.Goal]) {
					t.Fatalf("%s: %d steps, shorter than the distance %d", a, res.Steps, d[b.Start][b.Goal])
				}
			}
		}
	}
}

// On multiply connected and on cut-off boards bfs finds a shortest path
// or reports the goal unreachable, as the independent matrix distances
// say; visit-all Trémaux passes every door of the start's region twice.
func TestBFSShortestAndTremauxDoors(t *testing.T) {
	for seed := range 60 {
		rng := NewRand(uint64(seed))
		m := SpanningTree(6, 7, rng)
		RemoveWalls(m, 3+seed%5, rng)
		if seed%4 == 0 {
			m = mousemaze.RandomEdges(rng, 6, 7, 0.45)
		}
		b := NewBoard(m)
		b.Start, b.Goal = rng.IntN(b.Cells()), rng.IntN(b.Cells())
		nav := b.Nav()
		d, _ := DistancesByPowers(nav)
		res, _ := Solve(AlgoBFS, nav, Options{})
		if want := d[b.Start][b.Goal]; want < 0 {
			if res.Outcome != Unreachable {
				t.Fatalf("seed %d: bfs %s on a cut-off goal", seed, res.Outcome)
			}
		} else if res.Steps != int64(want) || len(res.Route) != want+1 {
			t.Fatalf("seed %d: bfs %d steps, distance %d", seed, res.Steps, want)
		}
		all, _ := Solve(AlgoTremauxAll, nav, Options{})
		doors := 0
		dist := bfsFrom(nav, b.Start)
		for i := range nav.Cells() {
			if dist[i] >= 0 {
				doors += nav.Degree(i) // each door counted from both sides
			}
		}
		if all.Steps != int64(doors) {
			t.Fatalf("seed %d: tremaux-all %d steps, want twice the %d doors", seed, all.Steps, doors/2)
		}
		if (d[b.Start][b.Goal] >= 0) != all.Reached {
			t.Fatalf("seed %d: tremaux-all %s, distance %d", seed, all.Outcome, d[b.Start][b.Goal])
		}
	}
}

// A goal walled off: 1x3, wall between cells 1 and 2. Every solver ends
// without walking to the cap: bfs and Trémaux search and find it cut off;
// random, lru (with either tie rule) and tar check first with a flood and
// report it unreachable without a move; the hand walk loops at once (0
// facing E → 1 → 0 → 1 facing E, period 2).
func TestLoopsReported(t *testing.T) {
	b := parseBoard(t, "; classic goal 0,2\n+-+-+-+\n|. .|.|\n+-+-+-+\n")
	nav := b.Nav()
	res, _ := Solve(AlgoLeft, nav, Options{Heading: East})
	if res.Outcome != Looped || res.LoopStart != 1 || res.LoopLength != 2 {
		t.Errorf("left: %s loop %d+%d, want loop 1+2", res.Outcome, res.LoopStart, res.LoopLength)
	}
	for _, tc := range []struct {
		algo  string
		opt   Options
		want  string
		steps int64
	}{
		{AlgoRandom, Options{}, Unreachable, 0},
		{AlgoLRU, Options{}, Unreachable, 0},
		{AlgoLRU, Options{FixedTies: true}, Unreachable, 0},
		{AlgoTAR, Options{}, Unreachable, 0},
		{AlgoBFS, Options{}, Unreachable, 0},
		{AlgoTremaux, Options{}, Unreachable, 2},
		{AlgoTremauxAll, Options{}, Unreachable, 2},
		{AlgoSwitchLeft, Options{Cap: 300}, Looped, -1},
	} {
		tc.opt.Path = true
		res, _ := Solve(tc.algo, nav, tc.opt)
		if res.Outcome != tc.want || res.Reached || tc.steps >= 0 && res.Steps != tc.steps {
			t.Errorf("%s %+v: %s after %d steps, want %s after %d", tc.algo, tc.opt, res.Outcome, res.Steps, tc.want, tc.steps)
		}
		if tc.want == Unreachable && res.Explored != 2 {
			t.Errorf("%s: %d cells explored, want the 2 the start reaches", tc.algo, res.Explored)
		}
		if tc.steps == 0 && tc.algo != AlgoBFS && !slices.Equal(res.Path, []int{0}) {
			t.Errorf("%s: path %v, want the start alone", tc.algo, res.Path)
		}
	}
	// The goal reachable, but a one-way door (east from 0,0) leads into
	// 0,1 – 0,2, which cannot come back: the LRU walk with fixed ties
	// shuttles 0,1 → 0,2 → 0,1 …; its state after move 1 (in 0,1, every
	// door ranked) comes back after move 3, so Brent's check reports the
	// loop from move 1 with period 2.
	ow := parseBoard(t, "; classic goal 1,0\n; classic oneway 0,0 E\n+-+-+-+\n|. . .|\n+ +-+-+\n|.|.|.|\n+-+-+-+\n")
	res, _ = Solve(AlgoLRU, ow.Nav(), Options{FixedTies: true})
	if res.Outcome != Looped || res.LoopStart != 1 || res.LoopLength != 2 || res.Steps != 3 {
		t.Errorf("lru fixed: %s after %d, loop %d+%d; want loop after 3, 1+2", res.Outcome, res.Steps, res.LoopStart, res.LoopLength)
	}
	res, _ = Solve(AlgoBFS, ow.Nav(), Options{})
	if res.Outcome != Reached || res.Steps != 1 {
		t.Errorf("bfs: %s after %d, want reached after 1", res.Outcome, res.Steps)
	}
}

func TestSolveErrors(t *testing.T) {
	b := NewBoard(SpanningTree(2, 2, NewRand(1)))
	if _, err := Solve("dfs", b.Nav(), Options{}); err == nil {
		t.Error("unknown solver accepted")
	}
	if _, err := Solve(AlgoLRU, b.Nav(), Options{Order: [4]Dir{North, North, East, West}}); err == nil {
		t.Error("order NNEW accepted")
	}
	if _, err := ParseOrder("NESX"); err == nil {
		t.Error("order NESX accepted")
	}
	if o, err := ParseOrder("WSEN"); err != nil || o != [4]Dir{West, South, East, North} {
		t.Errorf("ParseOrder(WSEN) = %v, %v", o, err)
	}
}

// TestSolversAreAlgos wants the solver table to hold exactly the names of
// Algos, so that Solve runs every listed solver and nothing unlisted.
func TestSolversAreAlgos(t *testing.T) {
	if len(solvers) != len(Algos) {
		t.Fatalf("%d solvers, %d names in Algos", len(solvers), len(Algos))
	}
	for _, a := range Algos {
		if solvers[a] == nil {
			t.Errorf("Algos lists %q, which has no solver", a)
		}
	}
}
