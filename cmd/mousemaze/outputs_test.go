package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvolveOutputPathsChecked wants every bad output path refused before
// the search starts (exit 2, nothing on stdout), the message naming its
// flag, for grid mazes and edge boards.
func TestEvolveOutputPathsChecked(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "such")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", filepath.Join(missing, "best.txt")}, "--out " + filepath.Join(missing, "best.txt") + ": directory " + missing + " does not exist"},
		{[]string{"--png", filepath.Join(missing, "best.png")}, "--png " + filepath.Join(missing, "best.png")},
		{[]string{"--checkpoint", filepath.Join(missing, "c.json")}, "--checkpoint " + filepath.Join(missing, "c.json")},
		{[]string{"--out", dir}, "--out " + dir + ": " + dir + " is a directory"},
		{[]string{"--edges", "--out", filepath.Join(missing, "b.txt")}, "--out " + filepath.Join(missing, "b.txt")},
		{[]string{"--edges", "--checkpoint", filepath.Join(missing, "c.json")}, "--checkpoint " + filepath.Join(missing, "c.json")},
		{[]string{"--walker", "left", "--out", filepath.Join(missing, "b.txt")}, "--out " + filepath.Join(missing, "b.txt")},
	} {
		args := append([]string{"--size", "5x5", "--evals", "3000"}, tc.args...)
		if tc.args[0] != "--edges" && tc.args[0] != "--walker" {
			args = append(args, "--backend", "ref")
		}
		code, stdout, stderr := evolveRun(t, args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

// TestEvolveCheckpointHeld wants a checkpoint of another search refused
// without --resume (exit 2, the file unchanged) and overwritten with
// --force, on grids and edge boards.
func TestEvolveCheckpointHeld(t *testing.T) {
	for _, front := range [][]string{nil, {"--edges"}} {
		ckpt := filepath.Join(t.TempDir(), "c.json")
		base := append([]string{"--size", "4x4", "--evals", "300", "--checkpoint", ckpt}, front...)
		if code, _, stderr := evolveRun(t, append(base, "--algo", "ga")...); code != exitOK {
			t.Fatalf("%v: first search: exit %d: %s", front, code, stderr)
		}
		before, err := os.ReadFile(ckpt)
		if err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := evolveRun(t, append(base, "--algo", "ea")...)
		want := "mousemaze evolve: " + ckpt + " holds a search; use --resume or remove it (or --force to overwrite it)\n"
		if code != exitUsage || stderr != want || stdout != "" {
			t.Errorf("%v: a second search on the checkpoint: exit %d, stdout %q, stderr %q; want exit 2, %q", front, code, stdout, stderr, want)
		}
		if after, _ := os.ReadFile(ckpt); string(after) != string(before) {
			t.Errorf("%v: the refused search changed the checkpoint", front)
		}
		if code, _, stderr := evolveRun(t, append(base, "--algo", "ea", "--force")...); code != exitOK {
			t.Fatalf("%v: --force: exit %d: %s", front, code, stderr)
		}
		var ck struct {
			State struct {
				Spec struct {
					Algo string `json:"algo"`
				} `json:"spec"`
			} `json:"state"`
		}
		data, _ := os.ReadFile(ckpt)
		if err := json.Unmarshal(data, &ck); err != nil || ck.State.Spec.Algo != "ea" {
			t.Errorf("%v: after --force the checkpoint holds algo %q (%v), want ea", front, ck.State.Spec.Algo, err)
		}
	}
}

// TestSweepOutputPathsChecked wants sweep's --checkpoint and --cpuprofile
// checked before the sweep starts.
func TestSweepOutputPathsChecked(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no")
	for _, flag := range []string{"--checkpoint", "--cpuprofile"} {
		path := filepath.Join(missing, "x")
		code, stdout, stderr := runCmd(t, "sweep", "--size", "3x3", flag, path)
		want := "mousemaze sweep: " + flag + " " + path + ": directory " + missing + " does not exist\n"
		if code != exitUsage || stdout != "" || stderr != want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2, %q", flag, code, stdout, stderr, want)
		}
	}
}
