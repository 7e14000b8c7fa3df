package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// counting is a test backend: the reference walk, counting how often it
// is opened and closed and how many grid and edge batches it walks.
type counting struct {
	closed atomic.Bool
}

var countOpens, countCloses, countGrid, countEdges atomic.Int64

func init() {
	mousemaze.Register("counting", func(mousemaze.Options) (mousemaze.Evaluator, error) {
		countOpens.Add(1)
		return &counting{}, nil
	})
}

func (*counting) Name() string { return "counting" }

func (c *counting) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if c.closed.Load() {
		return errors.New("counting: closed")
	}
	countGrid.Add(1)
	for i := range dst {
		var err error
		if dst[i], err = mousemaze.Walk(pop.Maze(i), cfg); err != nil {
			return err
		}
	}
	return nil
}

func (c *counting) EvaluateEdges(mazes []mousemaze.EdgeMaze, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if c.closed.Load() {
		return errors.New("counting: closed")
	}
	countEdges.Add(1)
	return mousemaze.EvaluateEdges(mazes, cfg, dst, 1)
}

func (c *counting) Close() error {
	if !c.closed.Swap(true) {
		countCloses.Add(1)
	}
	return nil
}

// TestOneEvaluatorPerBackend sends several /api/eval requests, grid and
// edge boards, to a server whose default backend is the counting one, and
// wants the backend opened once, used for every request (edge boards
// through its EdgeEvaluator side), and closed once when the server closes.
func TestOneEvaluatorPerBackend(t *testing.T) {
	opens, closes, grid, edges := countOpens.Load(), countCloses.Load(), countGrid.Load(), countEdges.Load()
	s, err := New(Options{Backend: "counting"})
	if err != nil {
		t.Fatal(err)
	}
	bodies := []string{
		`{"maze":"..\n..\n"}`,
		`{"maze":"...\n.#.\n...\n","backend":"counting"}`,
		`{"maze":"+ +\n|.|\n+ +\n|.|\n+ +\n","edges":true}`,
		`{"maze":"..\n..\n","k":2}`,
		`{"maze":"+ + +\n|. .|\n+ + +\n","edges":true,"no_path":true}`,
	}
	for _, body := range bodies {
		code, out := do(t, s, "POST", "/api/eval", body)
		if code != http.StatusOK {
			t.Fatalf("%s: status %d, body %s", body, code, out)
		}
		var r evalResponse
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		want := "counting"
		if r.K > 0 {
			want = "ref" // mousemaze.ForConfig: counting does not count modulo k
		}
		if r.Backend != want || !r.Escaped {
			t.Errorf("%s: backend %q, escaped %v; want %s, true", body, r.Backend, r.Escaped, want)
		}
	}
	if n := countOpens.Load() - opens; n != 1 {
		t.Errorf("%d requests opened the backend %d times, want 1", len(bodies), n)
	}
	if n := countGrid.Load() - grid; n != 2 {
		t.Errorf("%d grid batches, want 2", n)
	}
	if n := countEdges.Load() - edges; n != 2 {
		t.Errorf("%d edge batches, want 2", n)
	}
	if n := countCloses.Load() - closes; n != 0 {
		t.Errorf("closed %d times before the server closed", n)
	}
	s.Close()
	s.Close()
	if n := countCloses.Load() - closes; n != 1 {
		t.Errorf("closed %d times after the server closed (twice), want 1", n)
	}
	if code, _ := do(t, s, "POST", "/api/eval", bodies[0]); code != http.StatusServiceUnavailable {
		t.Errorf("eval after Close: status %d, want %d", code, http.StatusServiceUnavailable)
	}
	if n := countOpens.Load() - opens; n != 1 {
		t.Errorf("opened %d times in all, want 1", n)
	}
}

// TestEdgesFallBackToRef wants an edge board on a backend without the
// EdgeEvaluator capability (cpu) walked by the reference.
func TestEdgesFallBackToRef(t *testing.T) {
	s := newTestServer(t, Options{Backend: "cpu"})
	code, out := do(t, s, "POST", "/api/eval", `{"maze":"+ +\n|.|\n+ +\n|.|\n+ +\n","edges":true}`)
	if code != http.StatusOK {
		t.Fatalf("status %d, body %s", code, out)
	}
	var r evalResponse
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Backend != "ref" || r.Turns != 3 || !r.Escaped {
		t.Errorf("backend %q, turns %d, escaped %v; want ref, 3, true", r.Backend, r.Turns, r.Escaped)
	}
}

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{"127.0.0.1": true, "localhost": true, "::1": true, "127.1.2.3": true,
		"": false, "0.0.0.0": false, "192.168.1.5": false, "example.com": false} {
		if got := IsLoopback(host); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}
