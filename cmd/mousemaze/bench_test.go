package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/bench"
	"github.com/mousemaze/mousemaze/cpu"
)

func cpuKernelNames() []string { return cpu.Kernels() }

// TestBench runs a tiny bench and checks the table and the JSON lines.
func TestBench(t *testing.T) {
	args := []string{"bench", "--sizes", "5x5", "--n", "8", "--rounds", "3", "--duration", "1ms", "--backends", "cpu,ref", "--workers", "2"}
	out := runOK(t, args...)
	for _, w := range []string{"vs ref", "generic", "1.00x", "long", "random"} {
		if !strings.Contains(out, w) {
			t.Errorf("table lacks %q:\n%s", w, out)
		}
	}
	out = runOK(t, append(args, "--json")...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := 2 * (1 + 2*len(cpu.Kernels()))
	if len(lines) != want {
		t.Fatalf("%d JSON lines, want %d:\n%s", len(lines), want, out)
	}
	var m bench.Measurement
	if err := json.Unmarshal([]byte(lines[0]), &m); err != nil || m.Backend != "ref" || m.VsRef != 1 {
		t.Errorf("first line %q: %+v, %v; want the ref row", lines[0], m, err)
	}
}

// TestBenchUsage checks bad flags and the --search hook.
func TestBenchUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"bench", "--sizes", "0x5"}, &out, &errb); code != exitUsage {
		t.Errorf("--sizes 0x5: exit %d, want %d", code, exitUsage)
	}
	errb.Reset()
	if code := run([]string{"bench", "--search", "--algos", "tabu"}, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "bench search: --algos") {
		t.Errorf("--search routes to bench search: exit %d, stderr %q", code, errb.String())
	}
}

// TestBenchSearchCommand runs `bench search` over two sizes and wants one
// JSON record per method and size with the statistics of its seeds, each
// seed's turns what a single evolve run of that seed gives.
func TestBenchSearchCommand(t *testing.T) {
	var got []string
	for _, r := range searchRecords(t, "--sizes", "4x4,3x5", "--evals", "800", "--seeds", "3", "--algos", "ils,pipeline", "--backend", "ref") {
		got = append(got, fmt.Sprintf("%s/%dx%d", r.Algo, r.Rows, r.Cols))
		sorted := slices.Sorted(slices.Values(r.Turns))
		if len(r.Turns) != 3 || r.Min != sorted[0] || r.Max != sorted[2] || r.Best != r.Max ||
			r.Median != float64(sorted[1]) || r.Evals != 800 || r.Seconds <= 0 || r.EvalsPerS <= 0 {
			t.Errorf("record %+v", r)
		}
		if r.Algo == "pipeline" && (r.Certified != 3 || r.PolishEvals == 0) {
			t.Errorf("pipeline: certified %d, %d polish evaluations", r.Certified, r.PolishEvals)
		}
		for i, turns := range r.Turns {
			c, out, errs := evolveRun(t, "--size", fmt.Sprintf("%dx%d", r.Rows, r.Cols), "--algo", r.Algo, "--evals", "800",
				"--seed", fmt.Sprint(r.Seeds[i]), "--backend", "ref", "--json")
			if c != exitOK {
				t.Fatalf("evolve: exit %d: %s", c, errs)
			}
			if e := lastEvent(t, out); e.BestTurns != turns {
				t.Errorf("%s seed %d: bench says %d turns, evolve %d", r.Algo, r.Seeds[i], turns, e.BestTurns)
			}
		}
	}
	if want := "ils/4x4,pipeline/4x4,ils/3x5,pipeline/3x5"; strings.Join(got, ",") != want {
		t.Errorf("records %v, want %s", got, want)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"bench", "search", "--sizes", "4x4", "--evals", "300", "--seeds", "2", "--algos", "ga", "--backend", "ref"}, &stdout, &stderr); code != exitOK ||
		!strings.Contains(stdout.String(), "median  min  max") || !strings.Contains(stdout.String(), "hits >= 27") {
		t.Fatalf("table: exit %d\n%s", code, stdout.String())
	}
	for _, bad := range [][]string{{"--sizes", "4y4"}, {"--algos", "tabu"}, {"--seeds", "0"}} {
		stderr.Reset()
		if code := run(append([]string{"bench", "search"}, bad...), &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), bad[0]) {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming %s", bad, code, stderr.String(), bad[0])
		}
	}
}

// TestBenchLoopCommand runs `bench loop` with tiny budgets: --json gives a
// null row and a cpu row per method with every field, the table names
// the processor, and `help bench` lists the verb.
func TestBenchLoopCommand(t *testing.T) {
	args := []string{"bench", "loop", "--algos", "ga,ils", "--sizes", "6x6", "--workers-list", "1", "--evals", "1200", "--pop", "300", "--backends", "cpu"}
	lines := strings.Split(strings.TrimSpace(runOK(t, append(args, "--json")...)), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d JSON lines, want 4 (ga and ils, null and cpu):\n%s", len(lines), strings.Join(lines, "\n"))
	}
	fields := []string{"algo", "size", "backend", "workers", "evals", "seconds", "evals_per_s", "evals_per_s_per_worker", "eval_seconds", "host_seconds", "setup_seconds", "cpu"}
	for i, line := range lines {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("line %d %q: %v", i, line, err)
		}
		for _, f := range fields {
			if _, ok := rec[f]; !ok {
				t.Errorf("line %d lacks %q: %s", i, f, line)
			}
		}
		want := map[string]any{"algo": []string{"ga", "ils"}[i/2], "size": "6x6", "backend": []string{"null", "cpu"}[i%2], "workers": 1.0, "evals": 1200.0}
		for k, v := range want {
			if rec[k] != v {
				t.Errorf("line %d: %s = %v, want %v", i, k, rec[k], v)
			}
		}
		if s, _ := rec["evals_per_s"].(float64); s <= 0 {
			t.Errorf("line %d: evals_per_s %v, want above 0", i, rec["evals_per_s"])
		}
	}
	out := runOK(t, args...)
	for _, w := range []string{"search loop on ", "evals/s/worker", "eval s", "host s", "ga 1200 evals (generations of 300)"} {
		if !strings.Contains(out, w) {
			t.Errorf("table lacks %q:\n%s", w, out)
		}
	}
	if out := runOK(t, "help", "bench"); !strings.Contains(out, "  loop ") || !strings.Contains(out, "  search ") {
		t.Errorf("help bench does not list the verbs:\n%s", out)
	}
	if out := runOK(t, "help", "bench", "loop"); !strings.Contains(out, "-workers-list string") || !strings.Contains(out, "-evals int") || !strings.Contains(out, "-pop int") {
		t.Errorf("help bench loop:\n%s", out)
	}
}

// TestBenchLoopUsage wants bad flags of `bench loop` to exit 2 with a
// message naming the flag.
func TestBenchLoopUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--algos", "tabu"}, `--algos: dispatch: unknown search method "tabu"`},
		{[]string{"--algos", ""}, "--algos: no methods"},
		{[]string{"--sizes", "4y4"}, "--sizes"},
		{[]string{"--sizes", "0x5"}, "--sizes"},
		{[]string{"--workers-list", "0"}, "--workers-list: 0: must be above 0"},
		{[]string{"--workers-list", "1,two"}, `--workers-list: "two" is not a number`},
		{[]string{"--pop", "0"}, "-pop: must be above 0"},
		{[]string{"--evals", "-5"}, "--evals -5"},
		{[]string{"--backends", "foo"}, `--backends: unknown backend "foo"`},
		{[]string{"extra"}, "unexpected arguments"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"bench", "loop"}, tc.args...), &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("bench loop %v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), exitUsage, tc.want)
		}
	}
}

// TestBenchMazes writes long-walk and random populations and wants them
// to read back as that many mazes of the size asked for, the same for the
// same seed, and eval to walk them; bad flags are usage errors.
func TestBenchMazes(t *testing.T) {
	long := runOK(t, "bench", "mazes", "--size", "6x5", "--n", "20", "--rounds", "10", "--seed", "3")
	if again := runOK(t, "bench", "mazes", "--size", "6x5", "--n", "20", "--rounds", "10", "--seed", "3"); again != long {
		t.Errorf("the same seed wrote other mazes")
	}
	for _, text := range []string{long, runOK(t, "bench", "mazes", "--mazes", "random", "--size", "6x5", "--n", "20")} {
		mazes, err := mousemaze.Parse(strings.NewReader(text), "out")
		if err != nil || len(mazes) != 20 || mazes[19].Size() != (mousemaze.Size{Rows: 6, Cols: 5}) {
			t.Fatalf("%d mazes, %v:\n%s", len(mazes), err, text)
		}
	}
	file := filepath.Join(t.TempDir(), "long.txt")
	if err := os.WriteFile(file, []byte(long), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := runOK(t, "eval", "--json", file); strings.Count(out, `"feasible":true`) != 20 {
		t.Errorf("long-walk mazes not all feasible:\n%s", out)
	}
	for _, args := range [][]string{{"--mazes", "long,random"}, {"--size", "0x3"}, {"--n", "0"}, {"--n", "2000000"}, {"extra"}} {
		if code, _, errs := runCmd(t, append([]string{"bench", "mazes"}, args...)...); code != exitUsage {
			t.Errorf("bench mazes %q: exit %d, want %d (%s)", args, code, exitUsage, errs)
		}
	}
}

// TestBenchSelfcheckLimits wants the counts that size what bench and
// selfcheck hold in memory refused with a usage error naming the flag,
// before anything is allocated, and selfcheck's default batch lowered to
// fit a large size rather than refused.
func TestBenchSelfcheckLimits(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"bench", "--sizes", "3x3", "--n", "100000000", "--duration", "10ms", "--backends", "ref", "--mazes", "random"}, exitUsage,
			"mousemaze bench: --n 100000000: at most 1048576 mazes of 3x3 per population"},
		{[]string{"bench", "--sizes", "6x6,64x64", "--n", "16385", "--backends", "ref"}, exitUsage, "--n 16385: at most 16384 mazes of 64x64 per population"},
		{[]string{"selfcheck", "--n", "50000000", "--batch", "50000000", "--sizes", "64x64"}, exitUsage,
			"mousemaze selfcheck: --batch 50000000: at most 16384 mazes of 64x64 per batch"},
		{[]string{"selfcheck", "--n", "5", "--batch", "50000", "--sizes", "1x1,64x64"}, exitUsage, "--batch 50000: at most 16384 mazes of 64x64"},
		{[]string{"selfcheck", "--n", "5", "--batch", "1048577", "--sizes", "1x1"}, exitUsage, "--batch 1048577: at most 1048576 mazes of 1x1"},
		{[]string{"selfcheck", "--backend", "cpu", "--n", "40", "--sizes", "64x64"}, exitOK, ""},
		{[]string{"selfcheck", "--backend", "cpu", "--n", "40", "--batch", "16384", "--sizes", "3x3,64x64"}, exitOK, ""},
		{[]string{"bench", "--sizes", "64x64", "--n", "2", "--rounds", "1", "--duration", "1ms", "--backends", "ref"}, exitOK, ""},
	}
	for _, tc := range tests {
		code, _, errs := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.msg) || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, errs, tc.code, tc.msg)
		}
	}
}
