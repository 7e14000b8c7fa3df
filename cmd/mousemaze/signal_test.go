//go:build unix

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets a test run this test binary as the mousemaze command.
func TestMain(m *testing.M) {
	if os.Getenv("MOUSEMAZE_TEST_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// TestEvolveSIGINT sends the running command a real SIGINT, checks it
// writes a checkpoint and exits 1, resumes it and wants the final line of
// an uninterrupted run.
func TestEvolveSIGINT(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a child process")
	}
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "run.json")
	args := []string{"evolve", "--size", "6x6", "--algo", "memetic", "--evals", "120000", "--seed", "5", "--backend", "ref", "--json", "--checkpoint", ckpt}
	cmd, out, stderr := startChild(t, args...)
	sc := bufio.NewScanner(out)
	if !sc.Scan() { // the first improvement: the search is under way
		t.Fatalf("no output; stderr %s", stderr.String())
	}
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	var last string
	for sc.Scan() {
		last = sc.Text()
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFail {
		t.Fatalf("after SIGINT: %v, want exit 1; stderr %s", err, stderr.String())
	}
	if !strings.Contains(last, `"event":"interrupted"`) || !strings.Contains(stderr.String(), "--resume") {
		t.Fatalf("last line %s\nstderr %s", last, stderr.String())
	}

	code, stdout, errs := evolveRun(t, "--checkpoint", ckpt, "--resume", "--backend", "ref", "--json")
	if code != exitOK {
		t.Fatalf("resume: exit %d: %s", code, errs)
	}
	got := lastEvent(t, stdout)
	code, stdout, errs = evolveRun(t, args[1:len(args)-2]...)
	if code != exitOK {
		t.Fatalf("uninterrupted: exit %d: %s", code, errs)
	}
	want := lastEvent(t, stdout)
	if got.BestMaze != want.BestMaze || got.BestTurns != want.BestTurns || got.Evals != want.Evals || got.Gen != want.Gen {
		t.Fatalf("resumed after SIGINT: %+v\nuninterrupted: %+v", got, want)
	}
}

// startChild starts this test binary as `mousemaze args...` and returns
// the process, its standard output and the buffer of its standard error.
func startChild(t *testing.T, args ...string) (*exec.Cmd, io.ReadCloser, *bytes.Buffer) {
	stderr := new(bytes.Buffer)
	cmd, out := startChildTo(t, stderr, args...)
	return cmd, out, stderr
}

// startChildTo is startChild with its standard error written to stderr.
func startChildTo(t *testing.T, stderr io.Writer, args ...string) (*exec.Cmd, io.ReadCloser) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "MOUSEMAZE_TEST_MAIN=1")
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, out
}

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
