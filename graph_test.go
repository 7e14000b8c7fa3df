package mousemaze

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// randomOrder returns a random permutation of DRLU.
func randomOrder(rng *rand.Rand) Order {
	var o Order
	for i, p := range rng.Perm(4) {
		o[i] = Dir(p)
	}
	return o
}

// TestGridGraphEquivalence walks random grid mazes, with random orders,
// ends and moduli, both as grids and as graphs, and compares every field,
// the heat map cell by cell.
func TestGridGraphEquivalence(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	for i := 0; i < 1500; i++ {
		rows, cols := 1+rng.IntN(8), 1+rng.IntN(8)
		cfg := Config{Order: randomOrder(rng), Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: true}
		if i%2 == 1 {
			cfg.K = 1 + rng.IntN(6)
		}
		m := RandomFeasible(rng, rows, cols, 0.35, cfg)
		if i%5 == 0 {
			// Possibly infeasible, with the ends open.
			m = Random(rng, rows, cols, 0.45)
			m.SetWall(0, cfg.Entry, false)
			m.SetWall(rows-1, cfg.Exit, false)
		}
		want, err := Walk(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		g, err := GridGraph(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := WalkGraph(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		// Map the graph's heat back onto the grid.
		heat := make([]uint32, rows*cols)
		for v, c := range got.Heat {
			var r, cc int
			if _, err := fmt.Sscanf(g.Names[v], "%d,%d", &r, &cc); err == nil {
				heat[r*cols+cc] = c
			} else if c != 0 {
				t.Fatalf("the exit has count %d", c)
			}
		}
		got.Heat = heat
		if !got.Same(want) {
			t.Fatalf("%v k=%d entry %d exit %d:\n%sgraph %+v\ngrid  %+v", cfg.Order, cfg.K, cfg.Entry, cfg.Exit, m, got, want)
		}
	}
}

// randomGraph returns a connected random graph on n vertices (a random
// spanning tree plus extra edges with probability p), random preference
// orders and random distinct start and exit.
func randomGraph(rng *rand.Rand, n int, p float64) Graph {
	g := Graph{Prefs: make([][]int, n)}
	has := map[[2]int]bool{}
	add := func(a, b int) {
		if a == b || has[[2]int{a, b}] {
			return
		}
		has[[2]int{a, b}], has[[2]int{b, a}] = true, true
		g.Prefs[a] = append(g.Prefs[a], b)
		g.Prefs[b] = append(g.Prefs[b], a)
	}
	for v := 1; v < n; v++ {
		add(v, rng.IntN(v))
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if rng.Float64() < p {
				add(a, b)
			}
		}
	}
	for _, l := range g.Prefs {
		rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	}
	g.Start = rng.IntN(n)
	g.Exit = (g.Start + 1 + rng.IntN(n-1)) % n
	return g
}

// TestTheorem8 walks many random graphs with exact counting and checks the
// paper's Theorem 8: a vertex at distance d from the exit is visited at
// most Σ_{i=1..d} Δ^i times, and the turns stay within Theorem8Bound.
func TestTheorem8(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var maxRatio float64
	for i := 0; i < 3000; i++ {
		g := randomGraph(rng, 2+rng.IntN(14), 0.05+0.3*rng.Float64())
		res, err := WalkGraph(g, Config{Heat: true})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Escaped {
			t.Fatalf("not escaped: %+v", res)
		}
		_, delta, _ := g.Stats()
		dist := g.distances(g.Exit)
		for v, c := range res.Heat {
			var bound, pow int64 = 0, 1
			for j := 0; j < dist[v]; j++ {
				pow *= int64(delta)
				bound += pow
			}
			if v != g.Exit && int64(c) > bound {
				t.Fatalf("vertex %d at distance %d visited %d > %d times: %+v", v, dist[v], c, bound, g)
			}
		}
		b := Theorem8Bound(g)
		if res.Turns > b {
			t.Fatalf("%d turns > bound %d: %+v", res.Turns, b, g)
		}
		maxRatio = max(maxRatio, float64(res.Turns)/float64(b))
	}
	t.Logf("largest turns/bound: %.4f", maxRatio)
}

func TestTheorem8Bound(t *testing.T) {
	// The path s – a – f: |V| = 3, Δ = 2, diam = 2: 3·(2+4) = 18.
	g := Graph{Prefs: [][]int{{1}, {0, 2}, {1}}, Start: 0, Exit: 2}
	if b := Theorem8Bound(g); b != 18 {
		t.Errorf("bound %d, want 18", b)
	}
	if res, err := WalkGraph(g, Config{}); err != nil || res.Turns != 3 || !res.Escaped {
		t.Errorf("got %+v, %v", res, err)
	}
}

// TestLemma11 checks the paper's Lemma 11 trees for k = 2 … 8: a k-mod
// mouse is trapped, {s} being a mousetrap from his first visit to
// v_{k-1} (turn 2k−2), and the state then recurs every 2k turns; with
// exact counting he escapes after 4k turns.
func TestLemma11(t *testing.T) {
	for k := 2; k <= 8; k++ {
		g := Lemma11(k)
		res, err := WalkGraph(g, Config{K: k})
		if err != nil {
			t.Fatal(err)
		}
		kk := int64(k)
		want := Result{Feasible: true, Trapped: true, Turns: 4*kk - 2, CycleStart: 2*kk - 2, CycleLen: 2 * kk, TrapTurn: 2*kk - 2}
		if !res.Same(want) {
			t.Errorf("k=%d: got %+v, want %+v", k, res, want)
		}
		res, err = WalkGraph(g, Config{})
		if want := (Result{Feasible: true, Escaped: true, Turns: 4 * kk}); err != nil || !res.Same(want) {
			t.Errorf("k=%d, exact counting: got %+v, %v, want %+v", k, res, err, want)
		}
	}
}

// bruteMousetrap reports whether some vertex set is a mousetrap in the
// state s, checking the paper's three conditions literally on every
// subset of the full vertices (count k−1, not the exit).
func bruteMousetrap(a *adjacency, s *walkState, k uint64) bool {
	var full []int32
	for v := range a.prefs {
		if int32(v) != a.exit && int32(v) != s.pos && s.cnt[v] == k-1 {
			full = append(full, int32(v))
		}
	}
	for mask := 1; mask < 1<<len(full); mask++ {
		in := make([]bool, len(a.prefs))
		for i, v := range full {
			if mask>>i&1 != 0 {
				in[v] = true
			}
		}
		// The mouse's component in G − V_c.
		comp := map[int32]bool{s.pos: true}
		stack := []int32{s.pos}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range a.prefs[u] {
				if !in[w] && !comp[w] {
					comp[w] = true
					stack = append(stack, w)
				}
			}
		}
		if comp[a.exit] {
			continue
		}
		ok := true
		for u := range comp {
			touches := false
			for _, w := range a.prefs[u] {
				touches = touches || in[w]
			}
			// Some neighbour outside V_c is preferred to all inside it:
			// the first of u's list outside V_c comes before the first inside.
			if touches && in[a.prefs[u][0]] {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestMousetrapBrute compares the first mousetrap turn with a brute-force
// search over vertex sets, turn by turn, on random small graphs.
func TestMousetrapBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	found := 0
	for i := 0; i < 400; i++ {
		g := randomGraph(rng, 3+rng.IntN(7), 0.2*rng.Float64())
		k := 1 + rng.IntN(4)
		res, err := WalkGraph(g, Config{K: k})
		if err != nil {
			t.Fatal(err)
		}
		a := g.adjacency()
		s := a.begin(uint64(k))
		want := int64(0)
		for turn := int64(1); turn <= res.Turns; turn++ {
			if s.pos == a.exit {
				break
			}
			if bruteMousetrap(a, s, uint64(k)) {
				want = turn
				break
			}
			a.step(s, uint64(k))
		}
		if res.TrapTurn != want {
			t.Fatalf("k=%d %+v: mousetrap at turn %d, brute force %d (%+v)", k, g, res.TrapTurn, want, res)
		}
		if want > 0 {
			found++
		}
	}
	if found < 20 {
		t.Errorf("only %d mousetraps: the test is too weak", found)
	}
}

// TestParseGraphErrors checks that a malformed graph file is an error
// wrapping errGraph that names the file, the problem and, for a JSON value
// of the wrong kind, the line and what was expected, not Go's type names.
func TestParseGraphErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, "no JSON object"},
		{"{\n\"vertices\": [\"a\",\n}", "line 3"},
		{`{"vertices":["a","b"],"edges":[["a","b"]],"start":"a","exit":"b","colour":1}`, `unknown field "colour"`},
		{`{"vertices":[],"start":"a","exit":"b"}`, `"vertices" is missing or empty`},
		{`{"vertices":["a","a"]}`, `vertex "a" is listed twice`},
		{`{"vertices":["a","b"],"edges":[["a","c"]]}`, `edge 0 ["a" "c"]: unknown vertex "c"`},
		{`{"vertices":["a","b"],"edges":[["a"]]}`, `edge 0 ["a"]: want two vertices`},
		{`{"vertices":["a","b"],"edges":[["a","a"]]}`, `a loop`},
		{`{"vertices":["a","b"],"edges":[["a","b"],["b","a"]]}`, `edge 1 ["b" "a"]: listed twice`},
		{`{"vertices":["a","b"],"edges":[["a","b"]],"exit":"b"}`, `"start" is missing`},
		{`{"vertices":["a","b"],"edges":[["a","b"]],"start":"a","exit":"z"}`, `exit "z" is not a vertex`},
		{`{"vertices":["a","b"],"edges":[["a","b"]],"start":"a","exit":"a"}`, `same vertex "a"`},
		{`{"vertices":["a","b","c"],"edges":[["a","b"],["a","c"]],"start":"b","exit":"c"}`, `vertex "a" has 2 neighbours but no preference list`},
		{`{"vertices":["a","b","c"],"edges":[["a","b"],["a","c"]],"start":"b","exit":"c","prefs":{"a":["b"]}}`, `prefs of "a": neighbour "c" is missing`},
		{`{"vertices":["a","b","c"],"edges":[["a","b"]],"start":"b","exit":"c","prefs":{"a":["c"]}}`, `prefs of "a": "c" is not a neighbour`},
		{`{"vertices":["a","b"],"edges":[["a","b"]],"start":"b","exit":"a","prefs":{"q":["a"]}}`, `prefs: unknown vertex "q"`},
		{`{"vertices":["a","b"],"edges":[["a","b"]],"start":"b","exit":"a","prefs":{"a":["b","b"]}}`, `prefs of "a": "b" is listed twice`},
		{`[1, 2]`, `g.json: invalid graph: line 1: want a JSON object with the fields "vertices", "edges", "start", "exit" and "prefs" (docs/graph.md), not an array`},
		{"\n\n5", `g.json: invalid graph: line 3: want a JSON object with the fields "vertices", "edges", "start", "exit" and "prefs" (docs/graph.md), not a number`},
		{`"graph"`, `not a string`},
		{`{"vertices": "ab"}`, `g.json: invalid graph: line 1: field "vertices": want an array of vertex names, not a string`},
		{`{"vertices": ["a"], "edges": [["a", 1]]}`, `field "edges": want an array of edges, each an array of two vertex names (["a", "b"]), not a number`},
		{`{"vertices": ["a"], "start": 0}`, `field "start": want a vertex name (a string), not a number`},
		{"{\n\"prefs\": []}", `g.json: invalid graph: line 2: field "prefs": want an object that maps a vertex name to the array of its neighbours in preference order, not an array`},
	} {
		_, err := ParseGraph(strings.NewReader(tc.in), "g.json")
		if err == nil || !errors.Is(err, errGraph) || !strings.HasPrefix(err.Error(), "g.json: ") || !strings.Contains(err.Error(), tc.want) ||
			strings.Contains(err.Error(), "Go value") || strings.Contains(err.Error(), "graphJSON") {
			t.Errorf("%s: got error %v, want one naming %q", tc.in, err, tc.want)
		}
	}
}

func TestGraphJSONRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	for i := 0; i < 50; i++ {
		cfg := Config{Order: randomOrder(rng), K: i % 4}
		m := RandomFeasible(rng, 5, 6, 0.3, cfg)
		g, err := GridGraph(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteGraph(&buf, g); err != nil {
			t.Fatal(err)
		}
		h, err := ParseGraph(&buf, "rt.json")
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(g) != fmt.Sprint(h) {
			t.Fatalf("round trip changed the graph:\n%v\n%v", g, h)
		}
	}
	// The Lemma 11 tree in the documented format.
	const doc = `{
  "vertices": ["s", "v1", "v2", "v3", "w"],
  "edges": [["s", "v1"], ["s", "v2"], ["s", "v3"], ["v2", "w"]],
  "start": "s",
  "exit": "v3",
  "prefs": {"s": ["v1", "v2", "v3"], "v2": ["w", "s"]}
}`
	g, err := ParseGraph(strings.NewReader(doc), "lemma11.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := WalkGraph(g, Config{K: 3})
	if want := (Result{Feasible: true, Trapped: true, Turns: 10, CycleStart: 4, CycleLen: 6, TrapTurn: 4}); err != nil || !res.Same(want) {
		t.Errorf("got %+v, %v, want %+v", res, err, want)
	}
}

// TestSinglePath checks the paper's single path (Figure 5) that traps 2-
// and 3-mod mice with the mousetrap {a}, the second vertex from the top,
// as a graph and as the 1×3 grid with order RDLU; the values were traced
// by hand (see singlePath).
func TestSinglePath(t *testing.T) {
	grid := NewMaze(1, 3)
	for _, tc := range []struct {
		k    int
		want Result
	}{
		{0, Result{Feasible: true, Escaped: true, Turns: 8}},
		{2, Result{Feasible: true, Trapped: true, Turns: 6, CycleStart: 2, CycleLen: 4, TrapTurn: 2}},
		{3, Result{Feasible: true, Trapped: true, Turns: 14, CycleStart: 8, CycleLen: 6, TrapTurn: 8}},
		{4, Result{Feasible: true, Escaped: true, Turns: 8}},
	} {
		got, err := WalkGraph(singlePath(), Config{K: tc.k})
		if err != nil || !got.Same(tc.want) {
			t.Errorf("graph, k=%d: got %+v, %v, want %+v", tc.k, got, err, tc.want)
		}
		got, err = Walk(grid, Config{K: tc.k, Order: Order{Right, Down, Left, Up}})
		if err != nil || !got.Same(tc.want) {
			t.Errorf("grid, k=%d: got %+v, %v, want %+v", tc.k, got, err, tc.want)
		}
	}
}

// bruteStats is Stats the slow way: a breadth-first search from every
// vertex of the start's component.
func bruteStats(g Graph) (vertices, maxDegree, diameter int) {
	for v, d := range g.distances(g.Start) {
		if d < 0 {
			continue
		}
		vertices++
		maxDegree = max(maxDegree, len(g.Prefs[v]))
		for _, e := range g.distances(v) {
			diameter = max(diameter, e)
		}
	}
	return vertices, maxDegree, diameter
}

// pathGraph returns the path 0 – 1 – … – n−1 with the given start and exit.
func pathGraph(n, start, exit int) Graph {
	g := Graph{Prefs: make([][]int, n), Start: start, Exit: exit}
	for v := 0; v+1 < n; v++ {
		g.Prefs[v] = append(g.Prefs[v], v+1)
		g.Prefs[v+1] = append(g.Prefs[v+1], v)
	}
	return g
}

// TestComponentStats checks the diameter search against a search from
// every vertex on random graphs (sparse, dense, with a second component)
// and on paths, cycles, stars and complete graphs.
func TestComponentStats(t *testing.T) {
	cycle := func(n int) Graph {
		g := pathGraph(n, 0, 1)
		g.Prefs[0] = append(g.Prefs[0], n-1)
		g.Prefs[n-1] = append(g.Prefs[n-1], 0)
		return g
	}
	complete := func(n int) Graph {
		g := Graph{Prefs: make([][]int, n), Start: 0, Exit: n - 1}
		for a := range n {
			for b := range n {
				if a != b {
					g.Prefs[a] = append(g.Prefs[a], b)
				}
			}
		}
		return g
	}
	tests := []struct {
		name string
		g    Graph
		want ComponentStats
	}{
		{"edge", pathGraph(2, 0, 1), ComponentStats{2, 1, 1, 1}},
		{"path of 3 from its middle", pathGraph(3, 1, 0), ComponentStats{3, 2, 2, 2}},
		{"path of 20000", pathGraph(20000, 1, 0), ComponentStats{20000, 2, 19999, 19999}},
		{"cycle of 7", cycle(7), ComponentStats{7, 2, 3, 3}},
		{"cycle of 8", cycle(8), ComponentStats{8, 2, 4, 4}},
		{"complete 6", complete(6), ComponentStats{6, 5, 1, 1}},
		{"star", Lemma11(6), ComponentStats{8, 6, 3, 3}},
		{"start cut off", Graph{Prefs: [][]int{{}, {2}, {1}}, Start: 0, Exit: 1}, ComponentStats{1, 0, 0, 0}},
	}
	for _, tc := range tests {
		if got := tc.g.ComponentStats(); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 11))
	for i := range 2000 {
		n := 2 + rng.IntN(40)
		g := randomGraph(rng, n, []float64{0, 0.02, 0.1, 0.5, 0.9}[i%5])
		if i%3 == 0 { // a second component the start does not see
			h := randomGraph(rng, 2+rng.IntN(5), 0.3)
			for _, p := range h.Prefs {
				q := make([]int, len(p))
				for j, w := range p {
					q[j] = w + n
				}
				g.Prefs = append(g.Prefs, q)
			}
		}
		v, d, diam := bruteStats(g)
		want := ComponentStats{v, d, diam, diam}
		if got := g.ComponentStats(); got != want {
			t.Fatalf("graph %d %+v: %+v, want %+v", i, g, got, want)
		}
		if gv, gd, gdiam := g.Stats(); gv != v || gd != d || gdiam != diam {
			t.Fatalf("graph %d: Stats %d %d %d, want %d %d %d", i, gv, gd, gdiam, v, d, diam)
		}
	}
}

// TestComponentStatsWorkBound lowers the bound on the diameter search and
// checks that it then gives bounds around the diameter, and that the
// Theorem 8 bound uses the upper one.
func TestComponentStatsWorkBound(t *testing.T) {
	defer func(w int) { diameterWork = w }(diameterWork)
	rng := rand.New(rand.NewPCG(3, 3))
	inexact := 0
	for i := range 500 {
		g := randomGraph(rng, 10+rng.IntN(30), 0.05+0.2*rng.Float64())
		_, _, diam := bruteStats(g)
		diameterWork = rng.IntN(4) * len(g.Prefs) * 4
		s := g.ComponentStats()
		if s.DiameterMin > diam || s.DiameterMax < diam || s.DiameterExact() != (s.DiameterMin == diam && s.DiameterMax == diam) {
			t.Fatalf("graph %d: diameter %d outside %d..%d (exact %v)", i, diam, s.DiameterMin, s.DiameterMax, s.DiameterExact())
		}
		if !s.DiameterExact() {
			inexact++
			if _, _, hi := g.Stats(); hi != s.DiameterMax {
				t.Fatalf("graph %d: Stats gives diameter %d, want the upper bound %d", i, hi, s.DiameterMax)
			}
			want := ComponentStats{s.Vertices, s.MaxDegree, s.DiameterMax, s.DiameterMax}.Theorem8Bound()
			if b := Theorem8Bound(g); b != want {
				t.Fatalf("graph %d: bound %d, want %d", i, b, want)
			}
		}
	}
	if inexact == 0 {
		t.Error("no search stopped at the bound")
	}
}

// gridGraph returns the R×C grid graph, vertex r·C+c, start 0 and exit 1.
func gridGraph(rows, cols int) Graph {
	g := Graph{Prefs: make([][]int, rows*cols), Start: 0, Exit: 1}
	for v := range rows * cols {
		if v%cols+1 < cols {
			g.Prefs[v] = append(g.Prefs[v], v+1)
			g.Prefs[v+1] = append(g.Prefs[v+1], v)
		}
		if v+cols < rows*cols {
			g.Prefs[v] = append(g.Prefs[v], v+cols)
			g.Prefs[v+cols] = append(g.Prefs[v+cols], v)
		}
	}
	return g
}

// TestComponentStatsFewSearches wants trees, paths and grids, whose
// center the searches find, described exactly within 16 searches.
func TestComponentStatsFewSearches(t *testing.T) {
	defer func(w int) { diameterWork = w }(diameterWork)
	rng := rand.New(rand.NewPCG(9, 9))
	tests := []struct {
		name string
		g    Graph
	}{
		{"grid 40x40", gridGraph(40, 40)},
		{"grid 17x60", gridGraph(17, 60)},
		{"path of 3000", pathGraph(3000, 0, 1)},
		{"random tree", randomGraph(rng, 3000, 0)},
	}
	for _, tc := range tests {
		cost := 0
		for _, p := range tc.g.Prefs {
			cost += 1 + len(p)
		}
		diameterWork = 16 * cost
		_, _, diam := bruteStats(tc.g)
		if s := tc.g.ComponentStats(); s.DiameterMin != diam || s.DiameterMax != diam {
			t.Errorf("%s: diameter %d..%d in 16 searches, want %d", tc.name, s.DiameterMin, s.DiameterMax, diam)
		}
	}
}

// TestComponentStatsFast wants a path of 200,000 vertices described at
// once (a search from every vertex would take minutes).
func TestComponentStatsFast(t *testing.T) {
	start := time.Now()
	s := pathGraph(200000, 1, 0).ComponentStats()
	if s != (ComponentStats{200000, 2, 199999, 199999}) || time.Since(start) > 5*time.Second {
		t.Errorf("%+v in %v", s, time.Since(start))
	}
	if b := s.Theorem8Bound(); b != math.MaxInt64 {
		t.Errorf("bound %d, want it saturated", b)
	}
}
