package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/bench"
	"github.com/mousemaze/mousemaze/cpu"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// TestSelfcheckCPU runs the self-check on the cpu backend, as CI can,
// in text and in JSON.
func TestSelfcheckCPU(t *testing.T) {
	out := runOK(t, "selfcheck", "--backend", "cpu", "--n", "3000", "--batch", "400", "--seed", "5")
	if !strings.HasPrefix(out, "backend cpu: 3000 mazes in ") || !strings.Contains(out, ": 0 mismatches\n") ||
		!strings.Contains(out, "(kernel "+cpu.Kernel()+"; reference walk ") {
		t.Errorf("unexpected report:\n%s", out)
	}
	out = runOK(t, "selfcheck", "--backend", "cpu", "--n", "500", "--sizes", "13x13,64x64,1x1", "--json")
	var rep bench.CheckReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if rep.Backend != "cpu" || rep.Kernel != cpu.Kernel() || rep.Mazes != 500 || rep.Mismatches != 0 || rep.First != nil || rep.Feasible == 0 || rep.Steps == 0 ||
		rep.RefSeconds <= 0 || rep.Seconds <= 0 {
		t.Errorf("unexpected report %+v", rep)
	}
}

// TestSelfcheckUsage checks the usage errors, an unknown backend among
// them.
func TestSelfcheckUsage(t *testing.T) {
	for _, args := range [][]string{
		{"selfcheck", "--n", "0"},
		{"selfcheck", "--sizes", "65x2"},
		{"selfcheck", "extra"},
	} {
		if code, _, _ := runCmd(t, args...); code != exitUsage {
			t.Errorf("mousemaze %v: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code, _, errs := runCmd(t, "selfcheck", "--backend", "nosuch"); code != exitUsage || !strings.Contains(errs, "unknown backend") {
		t.Errorf("unknown backend: exit %d, %q", code, errs)
	}
}

// broken is an Evaluator that is wrong on every feasible 6×6 maze.
type broken struct{ mousemaze.Evaluator }

func (b broken) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if err := b.Evaluator.Evaluate(pop, cfg, dst); err != nil {
		return err
	}
	for i := range dst {
		if pop.Rows == 6 && dst[i].Feasible {
			dst[i].Turns++
		}
	}
	return nil
}

// TestSelfcheckFindsMismatch checks that a wrong backend is caught and the
// first bad maze reported in the text format.
func TestSelfcheckFindsMismatch(t *testing.T) {
	ref := mazetest.Open(t, "ref", mousemaze.Options{})
	sizes := []mousemaze.Size{{Rows: 3, Cols: 3}, {Rows: 6, Cols: 6}}
	rep, err := bench.Selfcheck(broken{ref}, bench.CheckOptions{N: 400, Batch: 50, Seed: 3, Sizes: sizes}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Mismatches == 0 || rep.First == nil {
		t.Fatalf("no mismatch found: %+v", rep)
	}
	m := rep.First
	if m.Size != "6x6" || m.Got.Turns != m.Want.Turns+1 || strings.Count(m.Maze, "\n") != 6 {
		t.Errorf("bad first mismatch %+v", m)
	}
	parsed, err := mousemaze.Parse(strings.NewReader(m.Maze), "mismatch")
	if err != nil || len(parsed) != 1 {
		t.Fatalf("the reported maze does not parse: %v", err)
	}
	want, _ := mousemaze.Walk(parsed[0], mousemaze.Config{Order: mustOrder(t, m.Order), Entry: m.Entry, Exit: m.Exit, Cap: m.Cap})
	if want.Turns != m.Want.Turns {
		t.Errorf("the reported maze walks %d turns, the report says %d", want.Turns, m.Want.Turns)
	}
}

func mustOrder(t *testing.T, s string) mousemaze.Order {
	t.Helper()
	o, err := mousemaze.ParseOrder(s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
