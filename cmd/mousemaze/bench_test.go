package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

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
