package mousemaze

import "testing"

// readEdgesFile returns the boards of the named edge-format file, failing
// t when it cannot be read or parsed.
func readEdgesFile(t *testing.T, name string) []EdgeMaze {
	t.Helper()
	ms, _, err := ParseFileWith(name, ParseEdges)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestKModTrapsFile pins the smallest traps the trap sweep found for
// k = 2, 4, 5, 6, 7, 8 (testdata/kmod-traps.txt): each traps its k-mod
// mouse with the recorded cycle and mousetrap, and with exact counting
// every one of them lets him escape.
func TestKModTrapsFile(t *testing.T) {
	mazes, err := ParseFile("testdata/kmod-traps.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		k                           int
		turns, start, length, mtrap int64
	}{{2, 9, 5, 4, 5}, {4, 30, 22, 8, 22}, {5, 38, 28, 10, 22}, {6, 44, 32, 12, 32}, {7, 76, 62, 14, 60}, {8, 63, 47, 16, 47}}
	if len(mazes) != len(want) {
		t.Fatalf("%d mazes, want %d", len(mazes), len(want))
	}
	for i, w := range want {
		res, err := Walk(mazes[i], Config{K: w.k})
		exp := Result{Feasible: true, Trapped: true, Turns: w.turns, CycleStart: w.start, CycleLen: w.length, TrapTurn: w.mtrap}
		if err != nil || !res.Same(exp) {
			t.Errorf("k=%d: got %+v, %v, want %+v", w.k, res, err, exp)
		}
		if res, err := Walk(mazes[i], Config{}); err != nil || !res.Escaped {
			t.Errorf("k=%d maze with exact counting: %+v, %v", w.k, res, err)
		}
	}
	// The k=2 maze also traps a 3-mod mouse.
	if res, _ := Walk(mazes[0], Config{K: 3}); !res.Same(Result{Feasible: true, Trapped: true, Turns: 17, CycleStart: 11, CycleLen: 6, TrapTurn: 11}) {
		t.Errorf("k=3 on the k=2 trap: %+v", res)
	}
}

// TestMM2Record pins the best 13×13 Mouse Maze 2 board found.
func TestMM2Record(t *testing.T) {
	ms := readEdgesFile(t, "testdata/mm2-13x13-best.txt")
	if len(ms) != 1 {
		t.Fatalf("%d boards, want 1", len(ms))
	}
	res, err := WalkEdges(ms[0], Config{})
	if err != nil || !res.Escaped || res.Turns != 75780 {
		t.Errorf("got %+v, %v, want 75780 turns", res, err)
	}
	g, err := WalkGraph(EdgeGraph(ms[0], Config{}), Config{})
	if err != nil || g.Turns != 75780 {
		t.Errorf("as a graph: %+v, %v", g, err)
	}
}
