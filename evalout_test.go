package mousemaze

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEvaluateInputs evaluates mazes of mixed sizes in one call and wants
// each result to be the reference walk's, in input order, and the table
// to show them.
func TestEvaluateInputs(t *testing.T) {
	ev, err := NewEvaluator("ref", Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var inputs []Input
	for i := 0; i < 30; i++ {
		rows, cols := 1+rng.IntN(6), 1+rng.IntN(6)
		inputs = append(inputs, Input{File: "f", Index: i, Maze: Random(rng, rows, cols, 0.3)})
	}
	results, err := EvaluateInputs(ev, Config{}, inputs)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range inputs {
		want, err := Walk(in.Maze, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if results[i].Turns != want.Turns || results[i].Escaped != want.Escaped || results[i].Feasible != want.Feasible {
			t.Errorf("maze %d: %+v, want %+v", i, results[i], want)
		}
	}
	var b bytes.Buffer
	WriteEvalTable(&b, inputs[:1], results[:1], false, false)
	if lines := strings.Split(strings.TrimSpace(b.String()), "\n"); len(lines) != 2 || !strings.Contains(lines[0], "turns") || !strings.Contains(lines[1], inputs[0].Maze.Size().String()) {
		t.Errorf("table:\n%s", b.String())
	}
}
