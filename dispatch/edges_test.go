package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func edgeSpec(algo string, rows, cols int, evals int64, seed uint64) Spec {
	p, _ := Preset(algo)
	p.Problem, p.Rows, p.Cols, p.Evals, p.Seed = ProblemEdges, rows, cols, evals, seed
	return p
}

func mustParseEdges(t *testing.T, text string) mousemaze.EdgeMaze {
	t.Helper()
	ms, _, err := mousemaze.ParseEdges(strings.NewReader(text), "test")
	if err != nil || len(ms) != 1 {
		t.Fatalf("parse: %v (%d boards)", err, len(ms))
	}
	return ms[0]
}

// TestEdgeProblemOps checks the moves, crossover, repair and checks of the
// edge problem on 2×2 and 3×3 boards with exact values.
func TestEdgeProblemOps(t *testing.T) {
	p, err := NewEdgeProblem(edgeSpec(AlgoGA, 2, 3, 10, 1), nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := mousemaze.NewEdgeMaze(2, 3)
	// 2×3: right edges 0..3 (row 0: 0,1; row 1: 2,3), down edges 4..6.
	if got := p.Moves(m); got != 7 {
		t.Fatalf("moves %d, want 7", got)
	}
	for _, tc := range []struct {
		moves       []int
		right, down []uint64
	}{
		{[]int{0}, []uint64{1, 0}, []uint64{0, 0}},
		{[]int{1, 3}, []uint64{2, 2}, []uint64{0, 0}},
		{[]int{4, 6}, []uint64{0, 0}, []uint64{5, 0}},
		{[]int{2, 5}, []uint64{0, 1}, []uint64{2, 0}},
	} {
		g := p.Apply(m, tc.moves...)
		if g.Right[0] != tc.right[0] || g.Right[1] != tc.right[1] || g.Down[0] != tc.down[0] || g.Down[1] != tc.down[1] {
			t.Errorf("Apply %v: right %v down %v, want %v %v", tc.moves, g.Right, g.Down, tc.right, tc.down)
		}
		for _, mv := range tc.moves {
			if p.Site(m, mv) != mv || !edgeBit(g, mv) {
				t.Errorf("move %d: site %d, bit %v", mv, p.Site(m, mv), edgeBit(g, mv))
			}
		}
		if err := p.Check(g); err != nil {
			t.Errorf("Check %v: %v", tc.moves, err)
		}
		if m.WallCount() != 0 {
			t.Fatal("Apply changed its argument")
		}
		if !p.Equal(p.Apply(g, tc.moves...), m) || p.Hash(p.Apply(g, tc.moves...)) != p.Hash(m) {
			t.Errorf("moves %v are not their own inverse", tc.moves)
		}
	}
	// Feasibility: entry 0, exit 0 on 2×3; walls around cell (0,0) shut
	// the mouse in.
	if !p.Feasible(m) || p.Feasible(p.Apply(m, 0, 4)) || !p.Feasible(p.Apply(m, 0)) {
		t.Error("feasibility of the empty board, the shut cell and one wall")
	}
	// Check refuses other sizes and bits on missing edges.
	bad := mousemaze.NewEdgeMaze(2, 3)
	bad.Down[1] = 1
	for _, g := range []mousemaze.EdgeMaze{mousemaze.NewEdgeMaze(3, 3), bad} {
		if p.Check(g) == nil {
			t.Errorf("Check accepted\n%v", g)
		}
	}
	// Cross takes every edge from one parent.
	rng := rand.New(rand.NewPCG(1, 2))
	a, b := p.Apply(m, 0, 1, 2), p.Apply(m, 2, 3, 4, 5, 6)
	for range 20 {
		c := p.Cross(rng, a, b)
		for i := range 7 {
			if edgeBit(c, i) != edgeBit(a, i) && edgeBit(c, i) != edgeBit(b, i) {
				t.Fatalf("edge %d from neither parent", i)
			}
		}
		if p.Check(c) != nil {
			t.Fatal("crossover set a missing edge")
		}
	}
	// Repair of the shut cell towards the empty board opens one of its
	// two walls and keeps every other difference.
	shut := p.Apply(m, 0, 4, 3)
	r := p.Repair(rng, shut, m)
	if !p.Feasible(r) || !edgeBit(r, 3) || r.WallCount() != 2 {
		t.Errorf("repair gave\n%v", r)
	}
	// Errors.
	for _, s := range []Spec{
		func() Spec { s := edgeSpec(AlgoGA, 3, 3, 10, 1); s.Objective = ObjTrap; return s }(),
		func() Spec { s := edgeSpec(AlgoGA, 3, 3, 10, 1); s.Objective, s.K = ObjMaxCell, 2; return s }(),
		func() Spec { s := edgeSpec(AlgoGA, 3, 3, 10, 1); s.FreeEnds = true; return s }(),
		func() Spec { s := edgeSpec(AlgoGA, 3, 3, 10, 1); s.Exit = 3; return s }(),
		edgeSpec(AlgoGA, 0, 3, 10, 1),
	} {
		if _, err := NewEdgeProblem(s, nil, 1); !errors.Is(err, ErrParams) {
			t.Errorf("%+v: %v", s, err)
		}
	}
}

// TestEdgeProblemEvaluate checks the scores against the reference walk:
// turns, max-cell and a k-mod mouse that does not escape.
func TestEdgeProblemEvaluate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		obj string
		k   int
	}{{ObjTurns, 0}, {ObjMaxCell, 0}, {ObjTurns, 2}} {
		for _, size := range [][2]int{{2, 2}, {3, 4}, {5, 5}, {7, 3}} {
			s := edgeSpec(AlgoGA, size[0], size[1], 10, 1)
			s.Objective, s.K, s.Exit = tc.obj, tc.k, size[1]-1
			p, err := NewEdgeProblem(s, nil, 2)
			if err != nil {
				t.Fatal(err)
			}
			var batch []mousemaze.EdgeMaze
			for len(batch) < 50 {
				if g := mousemaze.RandomEdges(rng, size[0], size[1], 0.3); p.Feasible(g) {
					batch = append(batch, g)
				}
			}
			dst := make([]Score, len(batch))
			if err := p.Evaluate(batch, dst); err != nil {
				t.Fatal(err)
			}
			for i, g := range batch {
				res, err := mousemaze.WalkEdges(g, p.Config)
				if err != nil {
					t.Fatal(err)
				}
				want := float64(res.Turns)
				if tc.obj == ObjMaxCell {
					var hi uint32
					for _, h := range res.Heat {
						hi = max(hi, h)
					}
					want = float64(hi)
				} else if tc.k > 0 && !res.Escaped {
					want = 1
				}
				if dst[i].Value != want || dst[i].Turns != res.Turns || !dst[i].Feasible {
					t.Fatalf("%v k=%d %dx%d: score %+v, walk %+v", tc.obj, tc.k, size[0], size[1], dst[i], res)
				}
			}
		}
	}
}

// runEngine runs a whole search of spec on p from scratch, failing t when
// it cannot.
func runEngine[G any](t *testing.T, spec Spec, p Problem[G]) *Engine[G] {
	t.Helper()
	s, err := NewEngine(spec, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background(), EngineHooks[G]{}); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEdgeSearch runs short searches of every method on 3×3 boards: each
// is reproducible for its seed, its best re-walks to its score, and ga and
// ils find the exhaustive 3×3 optimum (20 turns, see sweep.TestEdgeSweep)
// whatever the number of workers.
func TestEdgeSearch(t *testing.T) {
	for _, algo := range Algos {
		var bests []Member[mousemaze.EdgeMaze]
		for _, w := range []int{1, 3} {
			spec := edgeSpec(algo, 3, 3, 3000, 5)
			p, err := NewEdgeProblem(spec, nil, w)
			if err != nil {
				t.Fatal(err)
			}
			s := runEngine(t, spec, p)
			b := s.Best()
			res, err := mousemaze.WalkEdges(b.Genome, p.Config)
			if err != nil || float64(res.Turns) != b.Score.Value || s.Evals() != 3000 {
				t.Fatalf("%s: best %v re-walks to %+v (%v), %d evals", algo, b.Score, res, err, s.Evals())
			}
			if (algo == AlgoGA || algo == AlgoILS) && b.Score.Value != 20 {
				t.Errorf("%s: best %v, want the optimum 20", algo, b.Score)
			}
			bests = append(bests, b)
		}
		if !bests[0].Genome.Equal(bests[1].Genome) || bests[0].Score != bests[1].Score {
			t.Errorf("%s: the result depends on the workers", algo)
		}
	}
}

// TestEdgeSearchResume checks that a search stopped, saved as JSON and
// resumed ends exactly as one run straight through.
func TestEdgeSearchResume(t *testing.T) {
	spec := edgeSpec(AlgoILS, 4, 4, 2000, 9)
	p, _ := NewEdgeProblem(spec, nil, 2)
	full := runEngine(t, spec, p)
	half, _ := NewEngine(spec, p, nil)
	stop := errors.New("stop")
	err := half.Run(context.Background(), EngineHooks[mousemaze.EdgeMaze]{Generation: func(s *EdgeSearch) error {
		if s.Evals() >= 700 {
			return stop
		}
		return nil
	}})
	if err != stop {
		t.Fatal(err)
	}
	st, err := half.State()
	if err != nil {
		t.Fatal(err)
	}
	data, err := jsonRoundTrip(st)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ResumeEngine(data, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := again.Run(context.Background(), EngineHooks[mousemaze.EdgeMaze]{}); err != nil {
		t.Fatal(err)
	}
	if !again.Best().Genome.Equal(full.Best().Genome) || again.Best().Score != full.Best().Score || again.Evals() != full.Evals() {
		t.Errorf("resumed %v after %d, straight %v after %d", again.Best().Score, again.Evals(), full.Best().Score, full.Evals())
	}
}

// TestScoredEdgeSearch maximises the wall count over 3×3 boards that
// connect the top-left to the bottom-right cell: the optimum leaves only
// a shortest path open, 12 − 4 = 8 walls (score 9).
func TestScoredEdgeSearch(t *testing.T) {
	score := func(m mousemaze.EdgeMaze) int64 { return int64(m.WallCount()) + 1 }
	spec := edgeSpec(AlgoILS, 3, 3, 2000, 7)
	spec.Problem = ProblemWalker
	p, err := NewScoredEdgeProblem(spec, score, 0, 8, 2)
	if err != nil {
		t.Fatal(err)
	}
	s := runEngine(t, spec, p)
	b := s.Best()
	if b.Score.Value != 9 || b.Genome.WallCount() != 8 || !EdgeReachable(b.Genome, 0, 8) {
		t.Errorf("best %v with %d walls\n%v", b.Score, b.Genome.WallCount(), b.Genome)
	}
	// Reachability on a board cut in two.
	cut := mustParseEdges(t, "+ +-+-+\n|. . .|\n+-+-+-+\n|. . .|\n+-+-+-+\n|. . .|\n+ +-+-+\n")
	if EdgeReachable(cut, 0, 8) || !EdgeReachable(cut, 0, 2) || !EdgeReachable(cut, 6, 8) {
		t.Error("reachability on the cut board")
	}
	if _, err := NewScoredEdgeProblem(spec, nil, 0, 8, 1); !errors.Is(err, ErrParams) {
		t.Errorf("no scorer: %v", err)
	}
	if _, err := NewScoredEdgeProblem(spec, score, 0, 9, 1); !errors.Is(err, ErrParams) {
		t.Errorf("goal outside: %v", err)
	}
}

// jsonRoundTrip writes st as JSON and reads it back, as a checkpoint does.
func jsonRoundTrip[G any](st *EngineState[G]) (*EngineState[G], error) {
	data, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	var out EngineState[G]
	return &out, json.Unmarshal(data, &out)
}

// TestEdgeDistance checks the distance between edges, in cells, on a 3×4
// board: right edges 0..8 (row by row, 3 a row), down edges 9..16 (4 a
// row).
func TestEdgeDistance(t *testing.T) {
	p, err := NewEdgeProblem(edgeSpec(AlgoILS, 3, 4, 10, 1), nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := mousemaze.NewEdgeMaze(3, 4)
	for _, tc := range []struct{ a, b, want int }{
		{0, 0, 0},   // itself
		{0, 1, 1},   // right of (0,0) and of (0,1): in line
		{0, 3, 1},   // right of (0,0) and of (1,0): parallel
		{0, 9, 1},   // right of and below (0,0): one cell
		{0, 10, 1},  // right of (0,0), below (0,1): one corner
		{0, 8, 2},   // right of (0,0) and of (2,2)
		{9, 16, 3},  // below (0,0) and below (1,3)
		{2, 9, 3},   // right of (0,2), below (0,0)
		{13, 14, 1}, // below (1,0) and below (1,1)
		{12, 13, 3}, // below (0,3) and below (1,0)
	} {
		if got := p.Distance(m, tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := p.Distance(m, tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%d, %d) = %d, want %d (not symmetric)", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestEdgeScanReach wants a climb on an edge board with a Reach to scan
// exactly the pairs of edges within that distance, as on grids: --reach
// applies to edge boards.
func TestEdgeScanReach(t *testing.T) {
	for _, reach := range []int{0, 1, 2} {
		spec := edgeSpec(AlgoILS, 4, 5, 100, 3)
		spec.Reach = reach
		p, err := NewEdgeProblem(spec, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewEngine(spec, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := p.Random(s.rng)
		n := p.Moves(g)
		want := 0
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if reach == 0 || p.Distance(g, a, b) <= reach {
					want++
				}
			}
		}
		got := 0
		for _, moves := range scanned(s, g, 2, reach) {
			if reach > 0 && p.Distance(g, moves[0], moves[1]) > reach {
				t.Fatalf("reach %d: edges %v are %d apart", reach, moves, p.Distance(g, moves[0], moves[1]))
			}
			got++
		}
		if got != want {
			t.Errorf("reach %d: %d pairs scanned, want %d", reach, got, want)
		}
		if reach == 1 && want >= n*(n-1)/2 {
			t.Errorf("reach 1 keeps all %d pairs", want)
		}
	}
}
