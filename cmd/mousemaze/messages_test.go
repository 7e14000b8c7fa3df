package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessages wants the messages of issue 25 items 10 and 15 to name
// the real problem, each with its exit status.
func TestMessages(t *testing.T) {
	walledIn := tempFile(t, "walled.txt", "+-+-+\n|.|.|\n+-+ +\n|. .|\n+-+ +\n")
	goal := tempFile(t, "goal.txt", "; a comment\n\n; classic start 0,0\n; classic goal 9,9\n+-+-+\n|. .|\n+ + +\n|. .|\n+-+-+\n")
	cases := []struct {
		args        []string
		code        int
		want, never string
	}{
		{[]string{"game", "value", thesisFile}, exitFail, "this looks like a grid maze", ""},
		{[]string{"classic", "solve", thesisFile}, exitFail, "want a board in the edge format", ""},
		{[]string{"eval", "--edges", thesisFile}, exitFail, "this looks like a grid maze", ""},
		{[]string{"classic", "solve", "--algo", "left", walledIn}, exitOK, "no way on (the cell has no open side)", "one-way"},
		{[]string{"classic", "solve", goal}, exitFail, "goal.txt:4: goal 9,9 is outside the 2x2 board", ""},
		{[]string{"analyze", "--table", "--max", "0x0"}, exitUsage, "grid dimensions out of range", "36 cells"},
		{[]string{"analyze", "--table", "--max", "0x3"}, exitUsage, "grid dimensions out of range", "36 cells"},
		{[]string{"analyze", "--table", "--max", "7x7"}, exitUsage, "7x7: 49 cells; --table enumerates every maze up to it, so at most 36 cells", ""},
		{[]string{"viennese", "evolve", "--budget", "-1"}, exitUsage, "budget -1: want at least 1 colouring scored", "evals"},
		{[]string{"game", "build", "--", "-2"}, exitOK, "; value -2: a ", ""},
		{[]string{"game", "build", "--json", "--", "-3/4"}, exitOK, `"value":"-3/4"`, ""},
		{[]string{"game", "build", "3/9223372036854775808"}, exitUsage, "the denominator is too large (at most 2^48)", "power of two"},
		{[]string{"game", "build", "99999999999999999999"}, exitUsage, "the numerator is too large", "not a dyadic"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, c.args...)
		all := out + errs
		if code != c.code || !strings.Contains(all, c.want) || (c.never != "" && strings.Contains(all, c.never)) {
			t.Errorf("mousemaze %s: exit %d, %q; want exit %d, %q and not %q", strings.Join(c.args, " "), code, all, c.code, c.want, c.never)
		}
	}
}

// TestCheckpointNotRead checks that a checkpoint that is no checkpoint is
// refused with a message the user can act on: /dev/zero at once (not read
// into memory), a README given as --checkpoint (not overwritten, not
// called a search), and the checkpoint of evolve given to sweep and the
// reverse, each named for what it is.
func TestCheckpointNotRead(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err == nil {
		code, _, stderr := runCmd(t, "evolve", "--size", "4x4", "--evals", "10", "--resume", "--checkpoint", "/dev/zero")
		if code == exitOK || !strings.Contains(stderr, "/dev/zero is not a checkpoint of mousemaze") {
			t.Errorf("evolve --resume --checkpoint /dev/zero: exit %d: %s", code, stderr)
		}
		code, _, stderr = runCmd(t, "sweep", "--size", "3x3", "--quiet", "--resume", "--checkpoint", "/dev/zero")
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
		code, _, stderr := runCmd(t, args...)
		want := readme + " is not a checkpoint of mousemaze and will not be overwritten"
		if code != exitUsage || !strings.Contains(stderr, want) || strings.Contains(stderr, "holds a search") {
			t.Errorf("%v: exit %d: %s, want %q", args, code, stderr, want)
		}
	}
	if data, _ := os.ReadFile(readme); string(data) != "# notes\n" {
		t.Errorf("README overwritten: %q", data)
	}
	ev, sw := filepath.Join(dir, "ev.json"), filepath.Join(dir, "sw.json")
	if code, _, stderr := runCmd(t, "evolve", "--size", "4x4", "--evals", "10", "--checkpoint", ev); code != exitOK {
		t.Fatalf("evolve: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCmd(t, "sweep", "--size", "3x3", "--quiet", "--checkpoint", sw); code != exitOK {
		t.Fatalf("sweep: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--size", "3x3", "--quiet", "--resume", "--checkpoint", ev}, "mousemaze sweep: " + ev + " is an evolve checkpoint, not a sweep's\n"},
		{[]string{"evolve", "--size", "4x4", "--evals", "10", "--resume", "--checkpoint", sw}, "mousemaze evolve: " + sw + " is a sweep's checkpoint, not an evolve checkpoint\n"},
	} {
		if code, _, stderr := runCmd(t, tc.args...); code != exitUsage || stderr != tc.want {
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
		if code, _, stderr := runCmd(t, tc.args...); code != exitUsage || stderr != tc.want {
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
