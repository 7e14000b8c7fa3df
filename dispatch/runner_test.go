package dispatch

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRunnerResume interrupts a run after a few generations, resumes it
// from its checkpoint and wants exactly the uninterrupted run's best.
func TestRunnerResume(t *testing.T) {
	for _, algo := range []string{AlgoGA, AlgoILS} {
		p, _ := Preset(algo)
		p.Rows, p.Cols, p.Evals, p.Seed = 5, 5, 3000, 7
		whole, err := New(p, refEvaluator(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Run(Runner{}, whole, Hooks{})
		if err != nil || out.Interrupted || out.Evals != whole.Evals() {
			t.Fatalf("%s: whole run %+v, %v", algo, out, err)
		}
		ck := filepath.Join(t.TempDir(), "ck.json")
		part, _ := New(p, refEvaluator(t), nil)
		r := Runner{Kind: "test", Version: 3, Checkpoint: ck, Every: 1, InterruptAt: 3}
		gens := 0
		out, err = Run(r, part, Hooks{Generation: func(*Search) error { gens++; return nil }})
		if err != nil || !out.Interrupted || gens < 3 {
			t.Fatalf("%s: interrupted run %+v, %v, %d generations", algo, out, err, gens)
		}
		if _, err := LoadCheckpoint[Grid](ck, "test", 4); err == nil || !strings.Contains(err.Error(), "older mousemaze (test checkpoint version 3)") {
			t.Errorf("%s: a version 3 file read as version 4: %v", algo, err)
		}
		if _, err := LoadCheckpoint[Grid](ck, "other", 3); err == nil || !strings.Contains(err.Error(), "is not an other checkpoint") {
			t.Errorf("%s: a test checkpoint read as other: %v", algo, err)
		}
		st, err := LoadCheckpoint[Grid](ck, "test", 3)
		if err != nil {
			t.Fatal(err)
		}
		rest, err := Resume(st, refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Run(Runner{}, rest, Hooks{}); err != nil {
			t.Fatal(err)
		}
		a, b := whole.Best(), rest.Best()
		if a.Score != b.Score || !slices.Equal(a.Genome.Walls, b.Genome.Walls) || whole.Evals() != rest.Evals() {
			t.Errorf("%s: resumed best %v (%d evals), uninterrupted %v (%d evals)", algo, b.Score, rest.Evals(), a.Score, whole.Evals())
		}
	}
	if _, err := LoadCheckpoint[Grid](filepath.Join(t.TempDir(), "none"), "test", 1); err == nil {
		t.Errorf("a missing checkpoint loaded")
	}
}
