package analyze

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/evalout"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

func mustParse(t testing.TB, text string) mousemaze.Maze {
	t.Helper()
	ms, err := mousemaze.Parse(strings.NewReader(text), "test")
	if err != nil || len(ms) != 1 {
		t.Fatalf("parse: %v (%d mazes)", err, len(ms))
	}
	return ms[0]
}

// checkTree compares TreeWalk with the reference walk field by field.
func checkTree(t *testing.T, m mousemaze.Maze, cfg mousemaze.Config) {
	t.Helper()
	want, err := mousemaze.Walk(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, err := TreeWalk(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Same(want) {
		t.Fatalf("cfg %+v: tree %+v, walk %+v on\n%s", cfg, got, want, m)
	}
}

// treeConfigs are the rules the exhaustive check runs under, for a maze
// with cols columns.
func treeConfigs(cols int) []mousemaze.Config {
	lurd, _ := mousemaze.ParseOrder("LURD")
	rdul, _ := mousemaze.ParseOrder("RDUL")
	return []mousemaze.Config{
		{Heat: true},
		{Order: lurd, Entry: cols - 1, Exit: 0, Heat: true},
		{Order: rdul, Entry: cols / 2, Exit: cols - 1, Heat: true},
		{Cap: 5, Heat: true},
		{Cap: 1000},
	}
}

func TestTreeWalkExhaustive(t *testing.T) {
	for r := 1; r <= 4; r++ {
		for c := 1; c <= 4; c++ {
			for _, cfg := range treeConfigs(c) {
				Enumerate(r, c, func(m mousemaze.Maze) { checkTree(t, m, cfg) })
			}
		}
	}
}

func TestTreeWalkRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	for i := 0; i < 3000; i++ {
		rows, cols := 1+rng.IntN(16), 1+rng.IntN(16)
		cfgs := treeConfigs(cols)
		cfg := cfgs[i%len(cfgs)]
		m := RandomTree(rng, rows, cols, 0.01*float64(i%5), cfg)
		if !Loopless(m, cfg) {
			t.Fatalf("RandomTree made a maze with a loop:\n%s", m)
		}
		checkTree(t, m, cfg)
		// Mazes with loops go to the reference walk.
		checkTree(t, mousemaze.RandomFeasible(rng, rows, cols, 0.3, cfg), cfg)
	}
}

func TestTreeBackend(t *testing.T) {
	ev, err := OpenTree(mousemaze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Name() != "tree" {
		t.Errorf("name %q", ev.Name())
	}
	rng := rand.New(rand.NewPCG(3, 0))
	pop := mousemaze.NewPopulation(13, 13, 0)
	for i := 0; i < 40; i++ {
		var m mousemaze.Maze
		if i%2 == 0 {
			m = RandomTree(rng, 13, 13, 0, mousemaze.Config{})
		} else {
			m = mousemaze.Random(rng, 13, 13, 0.35)
		}
		if err := pop.Append(m); err != nil {
			t.Fatal(err)
		}
	}
	cfg := mousemaze.Config{Heat: true}
	if _, err := mazetest.CheckAgainstWalk(ev, pop, cfg); err != nil {
		t.Error(err)
	}
	if err := ev.Evaluate(pop, cfg, make([]mousemaze.Result, 1)); err == nil {
		t.Error("short dst accepted")
	}
}

func TestLoopless(t *testing.T) {
	tests := []struct {
		maze string
		want bool
	}{
		{"...\nX..\n...\n", false}, // a 2×2 block
		{"..X\nX.X\n...\n", true},
		{".X.\n...\n.X.\n", true},  // a plus: 4-way split
		{"...\n.X.\n...\n", false}, // a ring
		{"X..\n...\n", false},      // walled entry
		{".\n", true},
	}
	for _, tc := range tests {
		if got := Loopless(mustParse(t, tc.maze), mousemaze.Config{}); got != tc.want {
			t.Errorf("%q: got %v, want %v", tc.maze, got, tc.want)
		}
	}
}

func TestDecompose(t *testing.T) {
	// Main path down column 1 after the first row; (0,2) is a dead end
	// to the right of the entry's neighbour, (2,0) one to the left.
	m := mustParse(t, "...\nX.X\n...\n.XX\n")
	d, err := Decompose(m, mousemaze.Config{Exit: 0})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Loopless || !d.Feasible {
		t.Fatalf("%+v", d)
	}
	wantPath := []Cell{{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 0}, {3, 0}}
	if len(d.MainPath) != len(wantPath) {
		t.Fatalf("main path %v, want %v", d.MainPath, wantPath)
	}
	for i := range wantPath {
		if d.MainPath[i] != wantPath[i] {
			t.Fatalf("main path %v, want %v", d.MainPath, wantPath)
		}
	}
	var got []string
	d.Walk(func(b *Branch, _ int) {
		got = append(got, b.Dir+":"+b.Case)
	})
	// At (0,1), coming from the left: down is the main path, right
	// comes after it, so (0,2) is never visited. At (2,1), coming down:
	// right (2,2) comes before left, the main path.
	want := []string{"R:" + CaseT2Unvisited, "R:" + CaseT3Last}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("branches %v, want %v", got, want)
	}
	if d.Turns != 9 || d.Branches[1].Actual != 2 || d.Branches[1].Predicted != 4 {
		t.Errorf("turns %d, branch actual %d predicted %d; want 9, 2, 4", d.Turns, d.Branches[1].Actual, d.Branches[1].Predicted)
	}
}

// TestInputs wants the record of each input to be Analyze's, and a
// failure to come with the records before it and the maze's file and line.
func TestInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cfg := mousemaze.Config{Order: mousemaze.DRLU, Exit: 5}
	wide := mousemaze.RandomFeasible(rng, 3, 8, 0.3, cfg)
	narrow := mousemaze.Random(rng, 3, 3, 0.3)
	inputs := []evalout.Input{{File: "a", Index: 0, Line: 1, Maze: wide}, {File: "a", Index: 1, Line: 5, Maze: wide}, {File: "b", Index: 0, Line: 7, Maze: narrow}}
	recs, err := Inputs(inputs, cfg)
	if err == nil || !strings.HasPrefix(err.Error(), "b:7: ") || len(recs) != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for k, rec := range recs {
		want, werr := Analyze("a", k, wide, cfg)
		if werr != nil || !reflect.DeepEqual(rec, want) {
			t.Errorf("record %d: %+v, want %+v (%v)", k, rec, want, werr)
		}
	}
	if recs, err := Inputs(inputs[:2], cfg); err != nil || len(recs) != 2 {
		t.Errorf("two good mazes: %d records, %v", len(recs), err)
	}
}
