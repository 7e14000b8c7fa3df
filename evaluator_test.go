package mousemaze

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// closeCounter is an exact-only backend that counts its Close calls.
type closeCounter struct {
	refEvaluator
	closes *int
}

func (closeCounter) Name() string { return "closecounter" }

func (c closeCounter) Close() error {
	*c.closes++
	return nil
}

// TestCloseIdempotent closes the reference backend twice, and wants
// ForConfig's stand-in to close the backend it replaces.
func TestCloseIdempotent(t *testing.T) {
	ev, err := NewEvaluator("ref", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Close(); err != nil {
		t.Errorf("first Close: %v", err)
	}
	if err := ev.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	var n int
	inner := closeCounter{closes: &n}
	got := ForConfig(inner, Config{K: 3})
	if got.Name() != "ref" {
		t.Fatalf("ForConfig under k=3: %s, want ref", got.Name())
	}
	if err := got.Close(); err != nil || n != 1 {
		t.Errorf("closing the stand-in: %v, %d closes of the replaced backend, want 1", err, n)
	}
}

// edgeOnly is an EdgeEvaluator whose edge walk reports every board as
// escaping in 42 turns, to show which path EvaluateEdgesWith takes.
type edgeOnly struct{ refEvaluator }

func (edgeOnly) Name() string { return "edgeonly" }

func (edgeOnly) EvaluateEdges(mazes []EdgeMaze, cfg Config, dst []Result) error {
	if len(dst) != len(mazes) {
		return ErrSize
	}
	for i := range dst {
		dst[i] = Result{Feasible: true, Escaped: true, Turns: 42}
	}
	return nil
}

// TestEvaluateEdgesWith wants an EdgeEvaluator used for edge boards and
// the reference walk otherwise.
func TestEvaluateEdgesWith(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	mazes := []EdgeMaze{RandomEdges(rng, 4, 5, 0.3), RandomEdges(rng, 3, 7, 0.2), NewEdgeMaze(2, 2)}
	dst := make([]Result, len(mazes))
	name, err := EvaluateEdgesWith(refEvaluator{}, mazes, Config{}, dst, 2)
	if err != nil || name != "ref" {
		t.Fatalf("ref: %q, %v", name, err)
	}
	for i, m := range mazes {
		want, err := WalkEdges(m, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if !dst[i].Same(want) {
			t.Errorf("board %d: %+v, want %+v", i, dst[i], want)
		}
	}
	name, err = EvaluateEdgesWith(edgeOnly{}, mazes, Config{}, dst, 2)
	if err != nil || name != "edgeonly" || dst[2].Turns != 42 {
		t.Errorf("edge backend: %q, %v, %+v", name, err, dst[2])
	}
	if _, err := EvaluateEdgesWith(refEvaluator{}, mazes, Config{}, dst[:1], 2); !errors.Is(err, ErrSize) {
		t.Errorf("short dst: %v, want ErrSize", err)
	}
}
