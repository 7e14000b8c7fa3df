//go:build unix

package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestEvalSIGTERMFlushes sends eval a real SIGTERM while it writes (its
// standard output, a pipe nobody reads, is full) and wants the output to
// stop at the end of a line, flushed, with exit 1 and a message saying how
// far it got.
func TestEvalSIGTERMFlushes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a child process")
	}
	const n = 30_000
	text := strings.Repeat("...\nX..\n...\n\n", n)
	file := filepath.Join(t.TempDir(), "many.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, out, stderr := startChild(t, "eval", "--json", "--backend", "ref", file)
	first := make([]byte, 1)
	if _, err := io.ReadFull(out, first); err != nil { // it writes: past the walks
		t.Fatalf("no output: %v; stderr %s", err, stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, err := io.ReadAll(out)
	if err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFail || !strings.Contains(stderr.String(), "output stopped after ") {
		t.Fatalf("after SIGTERM: %v, stderr %q; want exit 1 and where the output stopped", err, stderr.String())
	}
	got := string(first) + string(rest)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if !strings.HasSuffix(got, "\n") || len(lines) >= n || len(lines) < 100 {
		t.Fatalf("%d bytes, %d lines of %d; want whole lines, stopped early", len(got), len(lines), n)
	}
	for i, line := range lines {
		var rec evalRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil || rec.Index != i || rec.Turns != 12 {
			t.Fatalf("line %d %q: %v", i+1, line, err)
		}
	}
}
