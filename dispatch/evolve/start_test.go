package evolve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// TestStartGridErrors wants the errors of a search's set-up that blame the
// flags to be UsageErrors, and those of files and the machine not.
func TestStartGridErrors(t *testing.T) {
	ev := refEvaluator(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("not a maze\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := GridOptions{Algo: dispatch.AlgoGA, Size: mousemaze.Size{Rows: 4, Cols: 4}, Config: mousemaze.Config{Order: mousemaze.DRLU}, Objective: dispatch.ObjTurns, Evals: 100, Seed: 1}
	cases := []struct {
		name  string
		s     Start
		o     GridOptions
		init  string
		usage bool
		msg   string
	}{
		{"bad algo", Start{}, with(good, func(o *GridOptions) { o.Algo = "magic" }), "", true, `--algo "magic"`},
		{"exit off the grid", Start{}, with(good, func(o *GridOptions) { o.Config.Exit = 4 }), "", true, "on a 4x4 grid"},
		{"tuning of another method", Start{}, with(good, func(o *GridOptions) { o.Tuning = Tuning{"kick": "2"}; o.Set = map[string]bool{"kick": true} }), "", true, "--kick"},
		{"unreadable init", Start{}, good, bad, false, "bad.txt"},
		{"missing init", Start{}, good, filepath.Join(dir, "none.txt"), false, "none.txt"},
		{"resume without checkpoint", Start{Resume: true}, good, "", true, "--resume needs --checkpoint FILE"},
		{"resume of a missing file", Start{Resume: true, Checkpoint: filepath.Join(dir, "none.json"), Kind: "evolve", Version: 2}, good, "", false, "none.json"},
	}
	for _, c := range cases {
		_, err := StartGrid(c.s, c.o, c.init, ev)
		if err == nil || mousemaze.IsUsageError(err) != c.usage || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v (usage %v), want usage %v and %q", c.name, err, mousemaze.IsUsageError(err), c.usage, c.msg)
		}
	}
}

// with returns o changed by f.
func with(o GridOptions, f func(*GridOptions)) GridOptions {
	f(&o)
	return o
}

// TestStartGridResume runs a search in two parts through StartGrid (new,
// then resumed with a larger --evals) and wants the best of one run of the
// whole budget; a flag that would change the search is refused.
func TestStartGridResume(t *testing.T) {
	ev := refEvaluator(t)
	ck := filepath.Join(t.TempDir(), "ck.json")
	o := GridOptions{Algo: dispatch.AlgoGA, Size: mousemaze.Size{Rows: 5, Cols: 5}, Config: mousemaze.Config{Order: mousemaze.DRLU}, Objective: dispatch.ObjTurns, Evals: 4000, Seed: 3}
	whole, err := StartGrid(Start{}, o, "", ev)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(Runner{}, whole, dispatch.Hooks{}); err != nil {
		t.Fatal(err)
	}
	o.Evals = 1500
	s := Start{Kind: "evolve", Version: 2, Checkpoint: ck}
	if err := s.Claim(); err != nil {
		t.Fatal(err)
	}
	part, err := StartGrid(s, o, "", ev)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(Runner{Kind: s.Kind, Version: s.Version, Checkpoint: ck, Every: 1}, part, dispatch.Hooks{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Claim(); err == nil || !mousemaze.IsUsageError(err) {
		t.Errorf("Claim of a held checkpoint: %v", err)
	}
	flags := map[string]string{"evals": "4000", "seed": "4"}
	s.Resume, s.Set, s.Evals = true, map[string]bool{"evals": true}, 4000
	s.Flag = func(name string) string { return flags[name] }
	resumed, err := StartGrid(s, o, "", ev)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(Runner{}, resumed, dispatch.Hooks{}); err != nil {
		t.Fatal(err)
	}
	if a, b := resumed.Best().Score, whole.Best().Score; a != b || resumed.Evals() != whole.Evals() {
		t.Errorf("resumed best %+v after %d evaluations, whole %+v after %d", a, resumed.Evals(), b, whole.Evals())
	}
	s.Set["seed"] = true
	if _, err := StartGrid(s, o, "", ev); !mousemaze.IsUsageError(err) || !strings.Contains(err.Error(), "--seed cannot change on --resume") {
		t.Errorf("--seed on resume: %v", err)
	}
}

// TestEdgeOptionsSpec checks the Spec of the edge-board and walker
// searches built from the flags.
func TestEdgeOptionsSpec(t *testing.T) {
	cfg := mousemaze.Config{Order: mousemaze.DRLU}
	cfg.K, cfg.Exit = 2, 1
	p, err := EdgeOptions{Size: "3x4", Config: cfg, Objective: dispatch.ObjTurns, Evals: 9, Seed: 5, Pop: 20}.Spec()
	if err != nil || p.Problem != dispatch.ProblemEdges || p.Algo != dispatch.DefaultEdgeAlgo || p.Rows != 3 || p.Cols != 4 || p.K != 2 || p.Exit != 1 ||
		p.Evals != 9 || p.Seed != 5 || p.Pop != 20 || p.Objective != "" || p.Walker != "" {
		t.Errorf("edges: %+v, %v", p, err)
	}
	p, err = EdgeOptions{Walker: "lru", Algo: dispatch.AlgoHill, Size: "4x4", Config: cfg, Evals: 9}.Spec()
	if err != nil || p.Problem != dispatch.ProblemWalker || p.Walker != "lru" || p.Algo != dispatch.AlgoHill || p.K != 0 {
		t.Errorf("walker: %+v, %v", p, err)
	}
	p, err = EdgeOptions{Walker: "tremaux", Size: "4x4", Evals: 9}.Spec()
	if err != nil || p.Problem != dispatch.ProblemWalker || p.Algo != dispatch.DefaultWalkerAlgo || dispatch.DefaultWalkerAlgo != dispatch.AlgoILS || p.Reach != 2 {
		t.Errorf("walker, default method: %+v, %v", p, err)
	}
	for _, o := range []EdgeOptions{{Size: "0x3"}, {Size: "3x3", Algo: "magic"}} {
		if _, err := o.Spec(); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	if _, err := StartEdges(Start{}, EdgeOptions{Walker: "nosuch", Size: "3x3", Evals: 9}); !mousemaze.IsUsageError(err) || !strings.Contains(err.Error(), "--walker") {
		t.Errorf("unknown walker: %v", err)
	}
}

// TestRunGridFinal runs a trap search through RunGrid and wants the final
// event to carry the objective's detail, and the island's hooks called.
func TestRunGridFinal(t *testing.T) {
	cfg := mousemaze.Config{Order: mousemaze.DRLU}
	cfg.K = 2
	o := GridOptions{Algo: dispatch.AlgoGA, Size: mousemaze.Size{Rows: 3, Cols: 3}, Config: cfg, Objective: dispatch.ObjTrap, Evals: 300, Seed: 1}
	s, err := StartGrid(Start{}, o, "", refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	isl := &countIsland{}
	var events strings.Builder
	final, out, err := RunGrid(Runner{}, s, &events, isl, "ref")
	if err != nil || out.Interrupted || final.Event != "done" || final.Backend != "ref" || final.Detail == nil || final.Evals != s.Evals() {
		t.Fatalf("final %+v, outcome %+v, %v", final, out, err)
	}
	if isl.gens != int(s.Gen()) || isl.writes != 1 || !isl.done {
		t.Errorf("island saw %d generations (search %d), %d writes, done %v", isl.gens, s.Gen(), isl.writes, isl.done)
	}
	if !strings.Contains(events.String(), `"event":"improved"`) {
		t.Errorf("no improved line: %s", events.String())
	}
}

// timedEvaluator is an evaluator that times its "kernels": each batch
// adds a millisecond a maze to its kernel time.
type timedEvaluator struct {
	mousemaze.Evaluator
	kernel time.Duration
}

func (e *timedEvaluator) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	e.kernel += time.Duration(len(dst)) * time.Millisecond
	return e.Evaluator.Evaluate(pop, cfg, dst)
}

func (e *timedEvaluator) KernelTime() time.Duration { return e.kernel }

// TestRunGridKernelSeconds wants kernel_seconds in the final event of a
// search whose evaluator times its kernels (the search's part of the
// time, not what came before it) and none on one that does not.
func TestRunGridKernelSeconds(t *testing.T) {
	o := GridOptions{Algo: dispatch.AlgoGA, Size: mousemaze.Size{Rows: 5, Cols: 5}, Config: mousemaze.Config{Order: mousemaze.DRLU},
		Objective: dispatch.ObjTurns, Evals: 400, Seed: 3, Pop: 50}
	ev := &timedEvaluator{Evaluator: refEvaluator(t), kernel: time.Hour}
	s, err := StartGrid(Start{}, o, "", ev)
	if err != nil {
		t.Fatal(err)
	}
	before := ev.kernel
	final, _, err := RunGrid(Runner{}, s, nil, nil, "timed")
	if err != nil {
		t.Fatal(err)
	}
	want := (ev.kernel - before).Seconds()
	if final.KernelSeconds == nil || *final.KernelSeconds != want || want < 0.4 {
		t.Errorf("kernel_seconds %v, want %v (a millisecond for each of at least 400 evaluations)", final.KernelSeconds, want)
	}
	b, _ := json.Marshal(final)
	if !strings.Contains(string(b), `"kernel_seconds":`) {
		t.Errorf("no kernel_seconds in %s", b)
	}
	s, err = StartGrid(Start{}, o, "", refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	if final, _, err = RunGrid(Runner{}, s, nil, nil, "ref"); err != nil || final.KernelSeconds != nil {
		t.Errorf("ref: kernel_seconds %v, %v", final.KernelSeconds, err)
	}
}

// countIsland counts the calls of a GridIsland.
type countIsland struct {
	gens, writes int
	done         bool
}

func (c *countIsland) Generation(*dispatch.Search) error { c.gens++; return nil }
func (c *countIsland) Write(_ *dispatch.Search, done bool) error {
	c.writes++
	c.done = done
	return nil
}

// TestOpenGrid checks the evaluator OpenGrid opens: the backend named, or
// for "auto" the one dispatch.BackendFor picks for the search's method (a
// new search's, or a resumed one's from its checkpoint), and none on an
// error.
func TestOpenGrid(t *testing.T) {
	o := GridOptions{Algo: dispatch.AlgoILS, Size: mousemaze.Size{Rows: 5, Cols: 5}, Config: mousemaze.Config{Order: mousemaze.DRLU}, Objective: dispatch.ObjTurns, Evals: 300, Seed: 2}
	ck := filepath.Join(t.TempDir(), "ck.json")
	s := Start{Kind: "evolve", Version: 2, Checkpoint: ck}
	for _, c := range []struct {
		start   Start
		backend string
		want    string
	}{{Start{}, "auto", "cpu"}, {Start{}, "ref", "ref"}, {s, "auto", "cpu"}, {Start{Kind: "evolve", Version: 2, Checkpoint: ck, Resume: true}, "", "cpu"}} {
		search, ev, err := OpenGrid(c.start, o, "", c.backend, mousemaze.Options{Workers: 1})
		if err != nil {
			t.Fatalf("%q: %v", c.backend, err)
		}
		if ev.Name() != c.want {
			t.Errorf("%q for %s: opened %q, want %q", c.backend, o.Algo, ev.Name(), c.want)
		}
		if !c.start.Resume && c.start.Checkpoint != "" {
			if _, err := Run(Runner{Kind: s.Kind, Version: s.Version, Checkpoint: ck, Every: 1}, search, dispatch.Hooks{}); err != nil {
				t.Fatal(err)
			}
		}
		ev.Close()
	}
	if _, ev, err := OpenGrid(Start{}, o, "", "nonesuch", mousemaze.Options{}); err == nil || ev != nil || !mousemaze.IsUsageError(err) {
		t.Errorf("an unknown backend: evaluator %v, error %v", ev, err)
	}
	if _, ev, err := OpenGrid(Start{}, o, "", "cpu", mousemaze.Options{Workers: -1}); ev != nil || !mousemaze.IsUsageError(err) || !strings.Contains(err.Error(), "--workers -1") {
		t.Errorf("--workers -1: evaluator %v, error %v", ev, err)
	}
	if _, ev, err := OpenGrid(Start{}, with(o, func(o *GridOptions) { o.Algo = "magic" }), "", "cpu", mousemaze.Options{}); ev != nil || !mousemaze.IsUsageError(err) {
		t.Errorf("a bad method: evaluator %v, error %v", ev, err)
	}
}
