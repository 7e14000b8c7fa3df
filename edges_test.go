package mousemaze

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustEdges(t *testing.T, text string) EdgeMaze {
	t.Helper()
	ms, _, err := ParseEdges(strings.NewReader(text), "test")
	if err != nil || len(ms) != 1 {
		t.Fatalf("parse: %v", err)
	}
	return ms[0]
}

// TestWalkEdgesTraced checks boards traced by hand (order DRLU).
func TestWalkEdgesTraced(t *testing.T) {
	for _, tc := range []struct {
		name, board string
		cfg         Config
		turns       int64
		heat        string
	}{
		// Down to (1,0), then the exit.
		{"open 2x2", "+ +-+\n|. .|\n+ + +\n|. .|\n+ +-+\n", Config{}, 3, "[1 0 1 0]"},
		// (0,0) R (0,1) D (1,1) L (1,0) D exit.
		{"2x2 wall under (0,0)", "+ +-+\n|. .|\n+-+ +\n|. .|\n+ +-+\n", Config{}, 5, "[1 1 1 1]"},
		// (0,0) R (0,1) D (1,1) D exit (column 1).
		{"2x2 exit 1", "+ +-+\n|. .|\n+-+ +\n|. .|\n+-+ +\n", Config{Exit: 1}, 4, "[1 1 0 1]"},
		// (0,0) R (0,1) D (1,1) R (1,2) U (0,2) D (1,2) L (1,1) L (1,0) D exit:
		// at (0,2) down and left tie at 1 and down wins; at (1,1) the
		// unvisited (1,0) beats (0,1).
		{"2x3", "+ +-+-+\n|. . .|\n+-+ + +\n|. . .|\n+ +-+-+\n", Config{}, 9, "[1 1 1 1 2 2]"},
	} {
		m := mustEdges(t, tc.board)
		cfg := tc.cfg
		cfg.Heat = true
		res, err := WalkEdges(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Feasible || !res.Escaped || res.Turns != tc.turns || fmt.Sprint(res.Heat) != tc.heat {
			t.Errorf("%s: got %+v, want %d turns, heat %s", tc.name, res, tc.turns, tc.heat)
		}
	}
	// (1,0) cut off from (0,0) and (1,1): infeasible, not walked.
	m := mustEdges(t, "+ +-+-+\n|. . .|\n+-+ + +\n|.|. .|\n+ +-+-+\n")
	if res, err := WalkEdges(m, Config{}); err != nil || res.Feasible || res.Turns != 0 {
		t.Errorf("cut-off exit: got %+v, %v", res, err)
	}
}

// TestWalkEdgesGraph compares the edge walk with the graph walk on random
// boards with random orders, ends and moduli, and the batch path with both.
func TestWalkEdgesGraph(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	var mazes []EdgeMaze
	cfg0 := Config{Order: Order{Left, Up, Down, Right}, Entry: 1, Exit: 0, Heat: true}
	for i := 0; i < 1500; i++ {
		rows, cols := 1+rng.IntN(7), 2+rng.IntN(6)
		cfg := Config{Order: randomOrder(rng), Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: true}
		if i%3 == 2 {
			cfg.K = 1 + rng.IntN(5)
		}
		m := RandomEdges(rng, rows, cols, 0.4*rng.Float64())
		want, err := WalkEdges(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := WalkGraph(EdgeGraph(m, cfg), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got.Heat != nil {
			got.Heat = got.Heat[:rows*cols]
		}
		if !got.Same(want) {
			t.Fatalf("%v k=%d entry %d exit %d:\n%sgraph %+v\nedges %+v", cfg.Order, cfg.K, cfg.Entry, cfg.Exit, m, got, want)
		}
		if rows == 4 && cols == 5 {
			mazes = append(mazes, m)
		}
	}
	dst := make([]Result, len(mazes))
	if err := EvaluateEdges(mazes, cfg0, dst, 3); err != nil {
		t.Fatal(err)
	}
	for i, m := range mazes {
		want, _ := WalkEdges(m, cfg0)
		if !dst[i].Same(want) {
			t.Fatalf("batch maze %d: %+v, want %+v", i, dst[i], want)
		}
	}
	if err := EvaluateEdges(mazes, cfg0, dst[:0], 1); !errors.Is(err, ErrSize) && len(mazes) > 0 {
		t.Errorf("short dst: %v", err)
	}
}

func TestEdgesFormat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	var text strings.Builder
	var want []EdgeMaze
	for i := 0; i < 30; i++ {
		m := RandomEdges(rng, 1+rng.IntN(6), 1+rng.IntN(6), 0.5)
		want = append(want, m)
		text.WriteString("; board " + fmt.Sprint(i) + "\n" + m.String() + "\n")
	}
	got, lines, err := ParseEdges(strings.NewReader(text.String()), "all")
	if err != nil || len(got) != len(want) {
		t.Fatalf("%d boards, %v", len(got), err)
	}
	for i := range got {
		if !got[i].Equal(want[i]) {
			t.Fatalf("board %d (line %d) changed:\n%s\n%s", i, lines[i], want[i], got[i])
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"+ +-+\n|. .|\n+ +-+\n|. .|\n", "x:4: ragged row: an edge maze has an odd number of lines"},
		{"+ +-+\n|. .|\n+ +\n", "x:3: ragged row: line has 3 characters, want 5"},
		{"+ +-+\n|.x.|\n+ +-+\n", `x:2: unknown character 'x' at column 3`},
		{"+ +-+\n|. -|\n+ +-+\n", `x:2: unknown character '-' at column 4`},
		{"+ +-+\n|. .|\n+|+-+\n", `x:3: unknown character '|' at column 2`},
		{"; nothing\n", "x: no maze in input"},
	} {
		_, _, err := ParseEdges(strings.NewReader(tc.in), "x")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}
