package main

import (
	"bytes"
	"encoding/json"
	"io"
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
	old := searchBench
	defer func() { searchBench = old }()
	searchBench = nil
	errb.Reset()
	if code := run([]string{"bench", "--search"}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "not built") {
		t.Errorf("--search without hook: exit %d, stderr %q", code, errb.String())
	}
	var got []string
	searchBench = func(args []string, stdout, stderr io.Writer) int { got = args; return exitOK }
	if code := run([]string{"bench", "--search", "--n", "3"}, &out, &errb); code != exitOK || strings.Join(got, " ") != "--n 3" {
		t.Errorf("--search with hook: exit %d, args %q", code, got)
	}
}
