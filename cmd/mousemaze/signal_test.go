//go:build unix

package main

import (
	"bufio"
	"bytes"
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
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "MOUSEMAZE_TEST_MAIN=1")
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, out, stderr
}
