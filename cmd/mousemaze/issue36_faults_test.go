package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run36 runs the command line args and returns its exit status and
// standard error.
func run36(args ...string) (int, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, errb.String()
}

// TestCheckpointNotRead checks that a checkpoint that is no checkpoint is
// refused with a message the user can act on: /dev/zero at once (not read
// into memory), a README given as --checkpoint (not overwritten, not
// called a search), and the checkpoint of evolve given to sweep and the
// reverse, each named for what it is.
func TestCheckpointNotRead(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err == nil {
		code, stderr := run36("evolve", "--size", "4x4", "--evals", "10", "--resume", "--checkpoint", "/dev/zero")
		if code == exitOK || !strings.Contains(stderr, "/dev/zero is not a checkpoint of mousemaze") {
			t.Errorf("evolve --resume --checkpoint /dev/zero: exit %d: %s", code, stderr)
		}
		code, stderr = run36("sweep", "--size", "3x3", "--quiet", "--resume", "--checkpoint", "/dev/zero")
		if code == exitOK || !strings.Contains(stderr, "/dev/zero is not a checkpoint of mousemaze") {
			t.Errorf("sweep --resume --checkpoint /dev/zero: exit %d: %s", code, stderr)
		}
	}
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	if err := os.WriteFile(readme, []byte("# notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"evolve", "--size", "4x4", "--evals", "10", "--checkpoint", readme},
		{"sweep", "--size", "3x3", "--quiet", "--checkpoint", readme, "--force"},
	} {
		code, stderr := run36(args...)
		want := readme + " is not a checkpoint of mousemaze and will not be overwritten"
		if code != exitUsage || !strings.Contains(stderr, want) || strings.Contains(stderr, "holds a search") {
			t.Errorf("%v: exit %d: %s, want %q", args, code, stderr, want)
		}
	}
	if data, _ := os.ReadFile(readme); string(data) != "# notes\n" {
		t.Errorf("README overwritten: %q", data)
	}
	ev, sw := filepath.Join(dir, "ev.json"), filepath.Join(dir, "sw.json")
	if code, stderr := run36("evolve", "--size", "4x4", "--evals", "10", "--checkpoint", ev); code != exitOK {
		t.Fatalf("evolve: exit %d: %s", code, stderr)
	}
	if code, stderr := run36("sweep", "--size", "3x3", "--quiet", "--checkpoint", sw); code != exitOK {
		t.Fatalf("sweep: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--size", "3x3", "--quiet", "--resume", "--checkpoint", ev}, "mousemaze sweep: " + ev + " is an evolve checkpoint, not a sweep's\n"},
		{[]string{"evolve", "--size", "4x4", "--evals", "10", "--resume", "--checkpoint", sw}, "mousemaze evolve: " + sw + " is a sweep's checkpoint, not an evolve checkpoint\n"},
	} {
		if code, stderr := run36(tc.args...); code != exitUsage || stderr != tc.want {
			t.Errorf("%v: exit %d: %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestMessagesNotDoubled checks that no message names its command twice
// ("sweep: sweep:", "bench: bench:") or shows the library's heading of a
// bad search parameter, and that a preset's parents above --pop are
// named as the preset's.
func TestMessagesNotDoubled(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--size", "3x3", "--split-depth", "-5"}, "mousemaze sweep: invalid options: split depth -5 outside 0..9\n"},
		{[]string{"evolve", "--algo", "ea", "--pop", "1", "--size", "4x4", "--evals", "10"},
			"mousemaze evolve: --pop 1: the ea preset's parents, 10, exceed --pop 1; give a larger --pop, or --parents at most 1\n"},
	} {
		if code, stderr := run36(tc.args...); code != exitUsage || stderr != tc.want {
			t.Errorf("%v: exit %d: %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
	for _, tc := range []struct{ cmd, msg, want string }{
		{"sweep", "sweep: invalid options: x", "invalid options: x"},
		{"bench", "bench: bench: unknown population kind", "unknown population kind"},
		{"evolve", "dispatch: invalid search parameters: --pop 2000000000: must be at most 1048576", "--pop 2000000000: must be at most 1048576"},
		{"evolve", "--spec: dispatch: invalid search parameters: --evals 0: the budget must be at least 1", "--spec: --evals 0: the budget must be at least 1"},
	} {
		if got := userMessage(tc.cmd, tc.msg); got != tc.want {
			t.Errorf("userMessage(%q, %q) = %q, want %q", tc.cmd, tc.msg, got, tc.want)
		}
	}
}

// TestVienneseTuningApplies checks that viennese evolve refuses --rate and
// --temp with a method they do not apply to, such as ga.
func TestVienneseTuningApplies(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"viennese", "evolve", "--algo", "ga", "--budget", "10", "--rate", "0.2"}, "--rate does not apply to --algo ga (only to keep)"},
		{[]string{"viennese", "evolve", "--algo", "ga", "--budget", "10", "--temp", "0.2"}, "--temp does not apply to --algo ga (only to sa)"},
		{[]string{"viennese", "evolve", "--algo", "keep", "--budget", "10", "--temp", "0.2"}, "--temp does not apply to --algo keep (only to sa)"},
	} {
		if code, stderr := run36(tc.args...); code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d: %s, want %q", tc.args, code, stderr, tc.want)
		}
	}
}
