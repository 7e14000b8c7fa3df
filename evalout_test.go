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

// offByOne is the reference walk with one turn too many on maze 3.
type offByOne struct{ refEvaluator }

func (o offByOne) Evaluate(pop Population, cfg Config, dst []Result) error {
	err := o.refEvaluator.Evaluate(pop, cfg, dst)
	dst[3].Turns++
	return err
}

// TestCheckAgainstWalk wants the reference backend to pass and a backend
// off by one turn on one maze to be caught, naming that maze.
func TestCheckAgainstWalk(t *testing.T) {
	pop := RandomPopulation(rand.New(rand.NewPCG(3, 4)), 6, 6, 10, 0.3)
	if _, err := CheckAgainstWalk(refEvaluator{}, pop, Config{K: 2}); err != nil {
		t.Errorf("ref: %v", err)
	}
	if _, err := CheckAgainstWalk(offByOne{}, pop, Config{}); err == nil || !strings.Contains(err.Error(), "maze 3:") {
		t.Errorf("off by one: %v", err)
	}
}
