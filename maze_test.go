package mousemaze

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseOrder(t *testing.T) {
	for in, want := range map[string]Order{"DRLU": DRLU, "drlu": DRLU, "ULRD": {Up, Left, Right, Down}} {
		if got, err := ParseOrder(in); err != nil || got != want {
			t.Errorf("ParseOrder(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"DRL", "DRLL", "DRLX", "DRLUD"} {
		if got, err := ParseOrder(in); !errors.Is(err, errOrder) || got != (Order{}) {
			t.Errorf("ParseOrder(%q) = %v, %v; want the zero Order and errOrder", in, got, err)
		}
	}
	if (Order{}).String() != "DRLU" || (Order{Up, Left, Right, Down}).String() != "ULRD" {
		t.Error("Order.String")
	}
	if DRLU.Rank(Left) != 2 || (Order{}).Rank(Up) != 3 {
		t.Error("Order.Rank")
	}
}

// TestParseSize checks sizes written RxC, and that a size not so written
// says how to write one and a size out of range says the range.
func TestParseSize(t *testing.T) {
	for in, want := range map[string]Size{"13x13": {13, 13}, "3X7": {3, 7}, "64×64": {64, 64}, "1x1": {1, 1}, " 13 x 7 ": {13, 7}} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	tests := []struct {
		in   string
		want error
		msg  string
	}{
		{"abc", errSizeSyntax, `a size must be RxC (rows x columns), e.g. 13x13, not "abc"`},
		{"13", errSizeSyntax, `a size must be RxC (rows x columns), e.g. 13x13, not "13"`},
		{"1x", errSizeSyntax, `not "1x"`},
		{"ax3", errSizeSyntax, `not "ax3"`},
		{"", errSizeSyntax, `not ""`},
		{"0x3", errDims, "grid dimensions out of range: 0x3 (each side must be 1..64)"},
		{"65x1", errDims, "grid dimensions out of range: 65x1"},
	}
	for _, tc := range tests {
		got, err := ParseSize(tc.in)
		if !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), tc.msg) && !strings.HasSuffix(err.Error(), tc.msg) {
			t.Errorf("ParseSize(%q) = %v, %v; want %v: %q", tc.in, got, err, tc.want, tc.msg)
		}
		if tc.want == errSizeSyntax && errors.Is(err, errDims) {
			t.Errorf("ParseSize(%q) = %v: not a range error", tc.in, err)
		}
	}
}

func TestPopulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a, b := Random(rng, 5, 7, 0.3), Random(rng, 5, 7, 0.3)
	p, err := PopulationOf(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if p.Len() != 2 || !p.Maze(0).Equal(a) || !p.Maze(1).Equal(b) {
		t.Fatal("PopulationOf lost a maze")
	}
	if err := p.Append(NewMaze(5, 6)); !errors.Is(err, ErrSize) {
		t.Errorf("Append of a 5x6 maze: %v", err)
	}
	// Maze(i) shares memory with the population.
	p.Maze(1).Flip(4, 6)
	if p.Maze(1).Wall(4, 6) == b.Wall(4, 6) {
		t.Error("Maze(i) does not share memory")
	}
	if s := p.Slice(1, 2); s.Len() != 1 || !s.Maze(0).Equal(p.Maze(1)) {
		t.Error("Slice")
	}
}

// bfsFeasible decides feasibility cell by cell, independently of the
// row-mask flood fill.
func bfsFeasible(m Maze, cfg Config) bool {
	if m.Wall(0, cfg.Entry) || m.Wall(m.Rows-1, cfg.Exit) {
		return false
	}
	seen := make([]bool, m.Rows*m.Cols)
	stack := []int{cfg.Entry}
	seen[cfg.Entry] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := i/m.Cols, i%m.Cols
		if r == m.Rows-1 && c == cfg.Exit {
			return true
		}
		for d := Down; d <= Up; d++ {
			dr, dc := d.Delta()
			nr, nc := r+dr, c+dc
			if nr < 0 || nr >= m.Rows || nc < 0 || nc >= m.Cols || m.Wall(nr, nc) {
				continue
			}
			if j := nr*m.Cols + nc; !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return false
}

func TestFeasibleMatchesBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	counts := [2]int{}
	for i := 0; i < 20000; i++ {
		rows, cols := 1+rng.IntN(MaxSide), 1+rng.IntN(MaxSide)
		if i%2 == 0 {
			rows, cols = 1+rng.IntN(8), 1+rng.IntN(8)
		}
		m := Random(rng, rows, cols, rng.Float64()*0.6)
		cfg := Config{Entry: rng.IntN(cols), Exit: rng.IntN(cols)}
		got, want := Feasible(m, cfg), bfsFeasible(m, cfg)
		if got != want {
			t.Fatalf("Feasible = %v, BFS = %v, cfg %+v on\n%s", got, want, cfg, m)
		}
		if got {
			counts[1]++
		} else {
			counts[0]++
		}
	}
	if counts[0] < 1000 || counts[1] < 1000 {
		t.Errorf("unbalanced sample: %d infeasible, %d feasible", counts[0], counts[1])
	}
}

func TestRegistry(t *testing.T) {
	ev, err := NewEvaluator("ref", Options{})
	if err != nil || ev.Name() != "ref" {
		t.Fatalf("ref: %v, %v", ev, err)
	}
	if _, err := NewEvaluator("nope", Options{}); !errors.Is(err, ErrUnknownBackend) {
		t.Errorf("unknown backend: %v", err)
	}
	// With only ref registered in this package's tests, auto falls back to it.
	auto, err := NewEvaluator("auto", Options{})
	if err != nil || auto.Name() != "ref" {
		t.Errorf("auto: %v, %v", auto, err)
	}
	mazes := thesisMazes(t)
	pop, _ := PopulationOf(mazes[2], mazes[2])
	if err := ev.Evaluate(pop, Config{}, make([]Result, 1)); !errors.Is(err, ErrSize) {
		t.Errorf("short dst: %v", err)
	}
	if err := ev.Evaluate(pop, Config{Exit: 9}, make([]Result, 2)); !errors.Is(err, ErrConfig) {
		t.Errorf("bad exit: %v", err)
	}
	dst := make([]Result, 2)
	if err := ev.Evaluate(pop, Config{}, dst); err != nil || dst[0].Turns != 54 || dst[1].Turns != 54 {
		t.Errorf("evaluate: %v %+v", err, dst)
	}
}

func TestWalkAllMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	pop := RandomPopulation(rng, 9, 11, 500, 0.3)
	cfg := Config{Order: RandomOrder(rng), Entry: 3, Exit: 7, Heat: true}
	got, err := WalkAll(pop, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		want, err := Walk(pop.Maze(i), cfg)
		if err != nil || !got[i].Same(want) {
			t.Fatalf("maze %d: WalkAll %+v, Walk %+v (%v)", i, got[i], want, err)
		}
	}
	if _, err := WalkAll(pop, Config{Exit: 11}); !errors.Is(err, ErrConfig) {
		t.Errorf("bad exit: %v", err)
	}
}
