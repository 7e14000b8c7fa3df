package viennese

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The hand-worked canvases. Light colours open at these phases d mod 3:
// green (0) at 0 and 1, orange (1) at 0 and 2, red (2) at 1 and 2.
var (
	// triangle: s0 = 0-1, s1 = 1-2, s2 = 0-2; start 0, goal 2.
	triangle = &Canvas{Nodes: 3, Streets: []Street{{0, 1}, {1, 2}, {0, 2}}, Start: 0, Goal: 2}
	// square: the 4-cycle s0 = 0-1, s1 = 1-2, s2 = 2-3, s3 = 3-0; start 0, goal 2.
	square = &Canvas{Nodes: 4, Streets: []Street{{0, 1}, {1, 2}, {2, 3}, {3, 0}}, Start: 0, Goal: 2}
	// lollipop: the triangle 0-1-2 with a tail 2-3: s0 = 0-1, s1 = 1-2,
	// s2 = 0-2, s3 = 2-3; start 0, goal 3.
	lollipop = &Canvas{Nodes: 4, Streets: []Street{{0, 1}, {1, 2}, {0, 2}, {2, 3}}, Start: 0, Goal: 3}
)

// grid22 is Grid(2, 2): s0 = 0-1, s1 = 0-2, s2 = 1-3, s3 = 2-3; start 0, goal 3.
func grid22(t testing.TB) *Canvas {
	c, err := Grid(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type handCase struct {
	name    string
	canvas  *Canvas
	variant Variant
	colours []uint8
	stats   Stats
	score   float64
	// graph lists the reachable states with their distances, in BFS order.
	graph []string
	// solutions are the shortest solutions as crossroads.
	solutions [][]int
}

func handCases(t testing.TB) []handCase {
	g22 := grid22(t)
	return []handCase{
		{
			// ht, all green. (0,0) -s0-> (1,1) and -s2-> goal (open at 0);
			// (1,1) -s0-> (0,2) and -s1-> goal (open at 1); at (0,2) all is red.
			// Two simple paths: (0,0)→goal and (0,0)→(1,1)→goal, so the score is 1.
			// Moves: 4. L = 2, A = 3 ((0,0), (1,1), goal), B = 3, E = 0.
			// F: goal + (0,0), (0,1) by s2 + (1,0), (1,1) by s1 = 5.
			name: "triangle ht green", canvas: triangle, variant: HT, colours: []uint8{0, 0, 0},
			stats: Stats{Reachable: true, Unique: false, States: 4, Moves: 4, L: 2, A: 3, B: 3, E: 0, F: 5},
			score: 1, graph: []string{"(0,0):1", "(1,1):2", "(2):2", "(0,2):3"}, solutions: [][]int{{0, 2}},
		},
		{
			// nht, all green. S=(0,0) -s0-> (1,1,0), -s2-> goal; (1,1,0) may
			// not go back by s0, -s1-> goal. Two simple paths: score 1.
			// F: goal + (0,p,1) by s2 at p ∈ {0,1} entered by s0 at p-1 ∈ {2,0}:
			// only (0,1,1); + (1,p,0) by s1 at p ∈ {0,1}, entered by s0
			// at p-1: only (1,1,0); + the start: F = 4.
			name: "triangle nht green", canvas: triangle, variant: NHT, colours: []uint8{0, 0, 0},
			stats: Stats{Reachable: true, Unique: false, States: 3, Moves: 3, L: 2, A: 3, B: 3, E: 0, F: 4},
			score: 1, graph: []string{"(0,0):1", "(1,1,0):2", "(2):2"}, solutions: [][]int{{0, 2}},
		},
		{
			// ht, s0 green, s1 orange, s2 red. (0,0): s2 red, -s0-> (1,1);
			// (1,1): s1 red, -s0-> (0,2); (0,2): s0 red, -s2-> goal. One path
			// of 4 nodes, no loop: L = 4, A = 2, B = 4, E = 0, so the score is 0
			// although the goal is reachable.
			// F: goal + (0,1), (0,2) by s2 + (1,0), (1,2) by s1 = 5.
			name: "triangle ht 012", canvas: triangle, variant: HT, colours: []uint8{0, 1, 2},
			stats: Stats{Reachable: true, Unique: true, States: 4, Moves: 3, L: 4, A: 2, B: 4, E: 0, F: 5},
			score: 0, graph: []string{"(0,0):1", "(1,1):2", "(0,2):3", "(2):4"}, solutions: [][]int{{0, 1, 0, 2}},
		},
		{
			// nht, same colours: S -s0-> (1,1,0), which may not go back by s0
			// and finds s1 red. No solution: score 0.
			// F: goal + (0,p,1) by s2 at p ∈ {1,2} entered by s0 at p-1 ∈ {0,1}:
			// 2 states; + (1,p,0) by s1 at p ∈ {0,2} entered by s0 at p-1 ∈ {2,1}:
			// only (1,2,0). F = 4.
			name: "triangle nht 012", canvas: triangle, variant: NHT, colours: []uint8{0, 1, 2},
			stats: Stats{States: 2, Moves: 1, F: 4},
			score: 0, graph: []string{"(0,0):1", "(1,1,0):2"},
		},
		{
			// ht, s0 and s2 red: both red at the start, nothing moves. Score 0.
			// F: goal + (0,1), (0,2) by s2 + (1,0), (1,1) by s1 = 5.
			name: "triangle ht blocked", canvas: triangle, variant: HT, colours: []uint8{2, 0, 2},
			stats: Stats{States: 1, Moves: 0, F: 5},
			score: 0, graph: []string{"(0,0):1"},
		},
		{
			// ht, all green. (0,0) -s0-> (1,1), -s3-> (3,1); both go on to
			// the goal at phase 1: two simple paths, score 1. (1,1) -s0-> (0,2)
			// and (3,1) -s3-> (0,2), a dead end. States 5, moves 6.
			// F: goal + (1,0), (1,1), (3,0), (3,1) = 5.
			name: "square ht green", canvas: square, variant: HT, colours: []uint8{0, 0, 0, 0},
			stats:     Stats{Reachable: true, Unique: false, States: 5, Moves: 6, L: 3, A: 3, B: 5, E: 0, F: 5},
			score:     1,
			graph:     []string{"(0,0):1", "(1,1):2", "(3,1):2", "(0,2):3", "(2):3"},
			solutions: [][]int{{0, 1, 2}, {0, 3, 2}},
		},
		{
			// ht, s1 orange, the rest green. (0,0) -s0-> (1,1), -s3-> (3,1);
			// (1,1): s1 red, -s0-> (0,2); (3,1) -s3-> (0,2), -s2-> goal; (0,2)
			// is a dead end. One path (0,0)→(3,1)→goal: L = 3, A = 3, B = 5,
			// E = 0: score 0. F: goal + (1,0), (1,2) by s1 + (3,0), (3,1) by s2 = 5.
			name: "square ht 0100", canvas: square, variant: HT, colours: []uint8{0, 1, 0, 0},
			stats:     Stats{Reachable: true, Unique: true, States: 5, Moves: 5, L: 3, A: 3, B: 5, E: 0, F: 5},
			score:     0,
			graph:     []string{"(0,0):1", "(1,1):2", "(3,1):2", "(0,2):3", "(2):3"},
			solutions: [][]int{{0, 3, 2}},
		},
		{
			// nht, same colours. S -s0-> (1,1,0), a dead end (s0 is the way
			// back, s1 red); S -s3-> (3,1,0) -s2-> goal. L = 3, A = 3, B = 4,
			// E = 0: score 0. F: goal + (1,2,0) (s1 open at 2, s0 open at 1;
			// at p = 0 s0 is red at 2) + (3,1,0) (s2 open at 1, s3 at 0; at
			// p = 0 s3 is red at 2) = 3.
			name: "square nht 0100", canvas: square, variant: NHT, colours: []uint8{0, 1, 0, 0},
			stats:     Stats{Reachable: true, Unique: true, States: 4, Moves: 3, L: 3, A: 3, B: 4, E: 0, F: 3},
			score:     0,
			graph:     []string{"(0,0):1", "(1,1,0):2", "(3,1,0):2", "(2):3"},
			solutions: [][]int{{0, 3, 2}},
		},
		{
			// 2×2 grid, ht, all green: (0,0) -s0-> (1,1), -s1-> (2,1); both
			// reach the goal by s2 or s3 at phase 1, and go back to (0,2), a
			// dead end: two simple paths, score 1.
			name: "grid ht green", canvas: g22, variant: HT, colours: []uint8{0, 0, 0, 0},
			stats:     Stats{Reachable: true, Unique: false, States: 5, Moves: 6, L: 3, A: 3, B: 5, E: 0, F: 5},
			score:     1,
			graph:     []string{"(0,0):1", "(1,1):2", "(2,1):2", "(0,2):3", "(3):3"},
			solutions: [][]int{{0, 1, 3}, {0, 2, 3}},
		},
		{
			// 2×2 grid, ht, s0 red, s1 orange, s2 s3 green. (0,0): s0 red,
			// -s1-> (2,1); (2,1): s1 red, -s3-> goal. L = 3, A = 2, B = 3,
			// E = 0: score 0. F: goal + (1,0), (1,1) by s2 + (2,0), (2,1) by s3 = 5.
			name: "grid ht 2100", canvas: g22, variant: HT, colours: []uint8{2, 1, 0, 0},
			stats: Stats{Reachable: true, Unique: true, States: 3, Moves: 2, L: 3, A: 2, B: 3, E: 0, F: 5},
			score: 0, graph: []string{"(0,0):1", "(2,1):2", "(3):3"}, solutions: [][]int{{0, 2, 3}},
		},
		{
			// nht, same colours: the same single path. F: goal + (1,0,0) (s2
			// open at 0, s0 open at 2; at p = 1 s0 is red at 0) + (2,0,0) and
			// (2,1,0) (s3 open at 0, 1; s1 open at 2, 0) = 4.
			name: "grid nht 2100", canvas: g22, variant: NHT, colours: []uint8{2, 1, 0, 0},
			stats: Stats{Reachable: true, Unique: true, States: 3, Moves: 2, L: 3, A: 2, B: 3, E: 0, F: 4},
			score: 0, graph: []string{"(0,0):1", "(2,1,0):2", "(3):3"}, solutions: [][]int{{0, 2, 3}},
		},
		{
			// lollipop, ht, colours s0 red, s1 green, s2 orange, s3 green.
			// (0,0): s0 red, -s2-> (2,1); (2,1): s2 red, -s1-> (1,2), -s3-> goal;
			// (1,2): s1 red, -s0-> (0,0), a loop back from distance 3 to 1.
			// One simple path (0,0)→(2,1)→goal: L = 3, A = 2, B = 4, E = 1,
			// F = goal + (2,0), (2,1) by s3 = 3. Score 3²·2·4²·√1·3 = 864.
			name: "lollipop ht", canvas: lollipop, variant: HT, colours: []uint8{2, 0, 1, 0},
			stats:     Stats{Reachable: true, Unique: true, States: 4, Moves: 4, L: 3, A: 2, B: 4, E: 1, F: 3},
			score:     864,
			graph:     []string{"(0,0):1", "(2,1):2", "(1,2):3", "(3):3"},
			solutions: [][]int{{0, 2, 3}},
		},
		{
			// nht, same colours. S -s2-> (2,1,0) -s1-> (1,2,2) -s0-> (0,0,1)
			// -s2-> (2,1,0) again (distance 4 to 2: E = 1); (2,1,0) -s3-> goal.
			// L = 3, A = 2, B = 4. F: goal + (2,p,0) for p = 0, 1 (s3 open,
			// s2 open at 2 and 0) + (2,1,1) (s1 open at 0; at p = 0, s1 is red
			// at 2) = 4. Score 3²·2·4²·√1·4 = 1152.
			name: "lollipop nht", canvas: lollipop, variant: NHT, colours: []uint8{2, 0, 1, 0},
			stats:     Stats{Reachable: true, Unique: true, States: 5, Moves: 5, L: 3, A: 2, B: 4, E: 1, F: 4},
			score:     1152,
			graph:     []string{"(0,0):1", "(2,1,0):2", "(1,2,2):3", "(3):3", "(0,0,1):4"},
			solutions: [][]int{{0, 2, 3}},
		},
	}
}

func TestHandWorked(t *testing.T) {
	for _, tc := range handCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			sys, err := NewSystem(tc.canvas, tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			ev := NewEvaluator(sys)
			if got := ev.Stats(tc.colours); got != tc.stats {
				t.Errorf("stats %+v, want %+v", got, tc.stats)
			}
			if got := ev.Score(tc.colours); got != tc.score {
				t.Errorf("score %v, want %v", got, tc.score)
			}
			g := sys.Graph(tc.colours)
			var got []string
			for i, s := range g.States {
				got = append(got, fmt.Sprintf("%v:%d", s, g.Dist[i]))
			}
			if !slices.Equal(got, tc.graph) {
				t.Errorf("states graph %v, want %v", got, tc.graph)
			}
			var sols [][]int
			for _, p := range g.Solutions(10) {
				sols = append(sols, g.Crossroads(p))
			}
			if fmt.Sprint(sols) != fmt.Sprint(tc.solutions) {
				t.Errorf("solutions %v, want %v", sols, tc.solutions)
			}
		})
	}
}

// TestAgainstReference compares the Evaluator with refStats, a direct
// construction of the states graph with maps and an enumeration of simple
// paths, on every colouring of the small canvases and on random
// colourings of the 24-street canvas.
func TestAgainstReference(t *testing.T) {
	g23, err := Grid(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Canvas{triangle, square, lollipop, grid22(t), g23} {
		for _, v := range []Variant{HT, NHT} {
			sys, err := NewSystem(c, v)
			if err != nil {
				t.Fatal(err)
			}
			ev := NewEvaluator(sys)
			col := make([]uint8, len(c.Streets))
			total := 1
			for range col {
				total *= 3
			}
			for x := range total {
				for i, y := 0, x; i < len(col); i, y = i+1, y/3 {
					col[i] = uint8(y % 3)
				}
				want, ok := refStats(c, v, col, 1<<20)
				if !ok {
					t.Fatalf("reference gave up on %v", col)
				}
				if got := ev.Stats(col); got != want {
					t.Fatalf("%d crossroads %v colours %v: stats %+v, reference %+v", c.Nodes, v, col, got, want)
				}
			}
		}
	}
	// The best mazes found on the 24-street canvas (see docs/viennese.md).
	for _, name := range []string{"testdata/best-ht.txt", "testdata/best-nht.txt"} {
		f, err := ParseFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sys, _ := NewSystem(f.Maze.Canvas, f.Variant)
		got := NewEvaluator(sys).Stats(f.Maze.Colours)
		want, ok := refStats(f.Maze.Canvas, f.Variant, f.Maze.Colours, 1<<24)
		if !ok || got != want || !got.Unique {
			t.Errorf("%s: stats %+v, reference %+v (finished %v)", name, got, want, ok)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	c := Vienna24()
	for _, v := range []Variant{HT, NHT} {
		sys, _ := NewSystem(c, v)
		ev := NewEvaluator(sys)
		col := make([]uint8, len(c.Streets))
		checked := 0
		for range 300 {
			for i := range col {
				col[i] = uint8(r.IntN(3))
			}
			want, ok := refStats(c, v, col, 200000)
			if !ok {
				continue
			}
			checked++
			if got := ev.Stats(col); got != want {
				t.Fatalf("vienna24 %v colours %v: stats %+v, reference %+v", v, col, got, want)
			}
		}
		if checked < 200 {
			t.Errorf("%v: only %d of 300 colourings checked", v, checked)
		}
	}
}

// refState is a state of the reference construction: the crossroad, the
// phase and the previous crossroad (-1: none; nht only).
type refState struct{ node, phase, prev int }

// refStats builds the states graph with maps, as the rules say, and counts
// simple paths to the goal by depth-first enumeration (up to 2), giving up
// after budget steps.
func refStats(c *Canvas, v Variant, col []uint8, budget int) (Stats, bool) {
	goal := refState{c.Goal, -1, -1}
	adj := map[refState][]refState{}
	add := func(a, b refState) {
		if !slices.Contains(adj[a], b) {
			adj[a] = append(adj[a], b)
		}
		if _, ok := adj[b]; !ok {
			adj[b] = nil
		}
	}
	var states []refState
	for n := 0; n < c.Nodes; n++ {
		for p := 0; p < 3; p++ {
			if v == HT {
				states = append(states, refState{n, p, -1})
				continue
			}
			for _, s := range c.Streets {
				if s.V == n {
					states = append(states, refState{n, p, s.U})
				}
				if s.U == n {
					states = append(states, refState{n, p, s.V})
				}
			}
		}
	}
	start := refState{c.Start, 0, -1}
	if v == NHT {
		states = append(states, start)
	}
	// enters reports whether state s can be entered at all (nht).
	enters := func(s refState) bool {
		if v == HT || s.prev < 0 {
			return true
		}
		if s.prev == c.Goal {
			return false
		}
		return Open(col[c.Street(s.prev, s.node)], (s.phase+2)%3)
	}
	for _, s := range states {
		if s.node == c.Goal || !enters(s) {
			continue
		}
		for i, st := range c.Streets {
			w := -1
			if st.U == s.node {
				w = st.V
			} else if st.V == s.node {
				w = st.U
			}
			if w < 0 || (v == NHT && w == s.prev) || !Open(col[i], s.phase) {
				continue
			}
			t := refState{w, (s.phase + 1) % 3, -1}
			if v == NHT {
				t.prev = s.node
			}
			if w == c.Goal {
				t = goal
			}
			add(s, t)
		}
	}
	var st Stats
	st.F = 1
	for s, out := range adj {
		if slices.Contains(out, goal) && s != goal {
			st.F++
		}
	}
	dist := map[refState]int{start: 1}
	queue := []refState{start}
	for h := 0; h < len(queue); h++ {
		for _, w := range adj[queue[h]] {
			if _, ok := dist[w]; !ok {
				dist[w] = dist[queue[h]] + 1
				queue = append(queue, w)
			}
		}
	}
	st.States = len(queue)
	for _, u := range queue {
		for _, w := range adj[u] {
			st.Moves++
			if d := dist[u] - dist[w]; d > 1 || d < -1 {
				st.E++
			}
		}
	}
	L, ok := dist[goal]
	if !ok {
		return st, true
	}
	st.Reachable, st.L = true, L
	for _, d := range dist {
		if d <= 2 {
			st.A++
		}
		if d <= L {
			st.B++
		}
	}
	paths, steps := 0, 0
	onPath := map[refState]bool{}
	var dfs func(s refState)
	dfs = func(s refState) {
		steps++
		if paths >= 2 || steps > budget {
			return
		}
		if s == goal {
			paths++
			return
		}
		onPath[s] = true
		for _, w := range adj[s] {
			if !onPath[w] {
				dfs(w)
			}
		}
		onPath[s] = false
	}
	dfs(start)
	if paths < 2 && steps > budget {
		return st, false
	}
	st.Unique = paths == 1
	return st, true
}
