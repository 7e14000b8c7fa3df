package evolve

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze/dispatch"
)

// TestRunnerResume interrupts a run after a few generations, resumes it
// from its checkpoint and wants exactly the uninterrupted run's best.
func TestRunnerResume(t *testing.T) {
	for _, algo := range []string{dispatch.AlgoGA, dispatch.AlgoILS} {
		p, _ := dispatch.Preset(algo)
		p.Rows, p.Cols, p.Evals, p.Seed = 5, 5, 3000, 7
		whole, err := dispatch.New(p, refEvaluator(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Run(Runner{}, whole, dispatch.Hooks{})
		if err != nil || out.Interrupted || out.Evals != whole.Evals() {
			t.Fatalf("%s: whole run %+v, %v", algo, out, err)
		}
		ck := filepath.Join(t.TempDir(), "ck.json")
		part, _ := dispatch.New(p, refEvaluator(t), nil)
		r := Runner{Kind: "test", Version: 3, Checkpoint: ck, Every: 1, InterruptAt: 3}
		gens := 0
		out, err = Run(r, part, dispatch.Hooks{Generation: func(*dispatch.Search) error { gens++; return nil }})
		if err != nil || !out.Interrupted || gens < 3 {
			t.Fatalf("%s: interrupted run %+v, %v, %d generations", algo, out, err, gens)
		}
		if _, err := LoadCheckpoint[dispatch.Grid](ck, "test", 4); err == nil || !strings.Contains(err.Error(), "older mousemaze (test checkpoint version 3)") {
			t.Errorf("%s: a version 3 file read as version 4: %v", algo, err)
		}
		if _, err := LoadCheckpoint[dispatch.Grid](ck, "other", 3); err == nil || !strings.Contains(err.Error(), "is a test checkpoint, not an other checkpoint") {
			t.Errorf("%s: a test checkpoint read as other: %v", algo, err)
		}
		st, err := LoadCheckpoint[dispatch.Grid](ck, "test", 3)
		if err != nil {
			t.Fatal(err)
		}
		rest, err := dispatch.Resume(st, refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Run(Runner{}, rest, dispatch.Hooks{}); err != nil {
			t.Fatal(err)
		}
		a, b := whole.Best(), rest.Best()
		if a.Score != b.Score || !slices.Equal(a.Genome.Walls, b.Genome.Walls) || whole.Evals() != rest.Evals() {
			t.Errorf("%s: resumed best %v (%d evals), uninterrupted %v (%d evals)", algo, b.Score, rest.Evals(), a.Score, whole.Evals())
		}
	}
	if _, err := LoadCheckpoint[dispatch.Grid](filepath.Join(t.TempDir(), "none"), "test", 1); err == nil {
		t.Errorf("a missing checkpoint loaded")
	}
}

// TestFinalEvent checks the last line of a run and its text against the
// search it describes.
func TestFinalEvent(t *testing.T) {
	p, _ := dispatch.Preset(dispatch.AlgoILS)
	p.Rows, p.Cols, p.Evals, p.Seed, p.Polish = 4, 4, 500, 3, 1
	s, err := dispatch.New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Run(Runner{}, s, dispatch.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	e := FinalEvent(s, out, "ref", "")
	m, _ := dispatch.BestMaze(s)
	if e.Event != "done" || e.BestTurns != s.Best().Score.Turns || e.BestMaze != m.String() || e.LocalOptimumRadius == nil || *e.LocalOptimumRadius != 1 {
		t.Fatalf("final event %+v", e)
	}
	var b strings.Builder
	e.WriteText(&b, 0)
	want := fmt.Sprintf("best 4x4 maze (ils, seed 3, entry 0, exit 0, order DRLU): %d turns (%d visits) after %d evaluations in 0s\ncertificate: no maze within Hamming distance 1", e.BestTurns, e.BestTurns-2, s.Evals())
	if !strings.HasPrefix(b.String(), want) || !strings.HasSuffix(b.String(), m.String()) {
		t.Errorf("text\n%s\nwant it to begin %q and end with the maze", b.String(), want)
	}
	if g := NewEvent("generation", s); g.Rejected != s.Rejected() || g.Entry != nil {
		t.Errorf("generation event %+v", g)
	}
}

// lockedWriter is an io.Writer that goroutines may share.
type lockedWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestRunNoStopMessageAtEnd runs many short searches to their end, with
// no signal sent, and wants none of them to say it is stopping after an
// interrupt: the end of a run (whose deferred cleanup ends the signal
// context) is not an interrupt.
func TestRunNoStopMessageAtEnd(t *testing.T) {
	p, _ := dispatch.Preset(dispatch.AlgoILS)
	p.Rows, p.Cols, p.Evals, p.Seed = 2, 1, 50, 1
	var w lockedWriter
	for range 300 {
		s, err := dispatch.New(p, refEvaluator(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := Run(Runner{Label: "evolve", Progress: &w}, s, dispatch.Hooks{}); err != nil || out.Interrupted {
			t.Fatalf("run %+v, %v", out, err)
		}
	}
	time.Sleep(50 * time.Millisecond) // a message would come from a goroutine that outlives Run
	if strings.Contains(w.String(), "stopping") {
		t.Errorf("a run that ended by itself printed a stop message:\n%s", w.String())
	}
}
