package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/classic"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// evolve --walker finds a board and reports the walker's steps on it,
// which walking the reported board again reproduces.
func TestEvolveWalker(t *testing.T) {
	for _, w := range []string{"left", "lru", "tremaux"} {
		code, out, errOut := runCmd(t, "evolve", "--walker", w, "--size", "4x4", "--evals", "2000", "--seed", "2", "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", w, code, errOut)
		}
		var ev evolve.WalkerEvent
		if err := json.Unmarshal([]byte(out), &ev); err != nil {
			t.Fatal(err)
		}
		bs, _, err := classic.ParseBoards(strings.NewReader(ev.Board), "board")
		if err != nil {
			t.Fatal(err)
		}
		res, _ := classic.WalkBoard(w, bs[0].EdgeMaze, 0, 15)
		if ev.Evals != 2000 || !res.Reached || res.Steps != ev.Steps || ev.Score != ev.Steps || ev.Steps < 15 {
			t.Errorf("%s: event %+v, walk again %s %d", w, ev, res.Outcome, res.Steps)
		}
	}
	for _, args := range [][]string{{"--walker", "random"}, {"--walker", "left", "--k", "2"}, {"--walker", "left", "--size", "1x99"}} {
		if code, _, _ := runCmd(t, append([]string{"evolve"}, args...)...); code != exitUsage {
			t.Errorf("evolve %v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// evolve --edges and --walker write a checkpoint that --resume continues
// with a larger budget, to the same board as a run straight through.
func TestEvolveEdgesResume(t *testing.T) {
	for _, mode := range [][]string{{"--edges"}, {"--walker", "lru"}} {
		ck := filepath.Join(t.TempDir(), "ck.json")
		args := append([]string{"evolve", "--size", "4x4", "--seed", "3", "--json"}, mode...)
		code, _, errOut := runCmd(t, append(args, "--evals", "600", "--checkpoint", ck)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", mode, code, errOut)
		}
		code, resumed, errOut := runCmd(t, append(append([]string{"evolve", "--json"}, mode...), "--evals", "1500", "--checkpoint", ck, "--resume")...)
		if code != 0 {
			t.Fatalf("%v resume: exit %d: %s", mode, code, errOut)
		}
		code, straight, _ := runCmd(t, append(args, "--evals", "1500")...)
		var a, b struct {
			Evals int64  `json:"evals"`
			Score int64  `json:"score"`
			Board string `json:"board"`
		}
		if code != 0 || json.Unmarshal([]byte(resumed), &a) != nil || json.Unmarshal([]byte(straight), &b) != nil {
			t.Fatalf("%v: exit %d, %s / %s", mode, code, resumed, straight)
		}
		if a.Evals != 1500 || a != b {
			t.Errorf("%v: resumed %+v, straight %+v", mode, a, b)
		}
		if code, _, _ := runCmd(t, append(append([]string{"evolve"}, mode...), "--checkpoint", ck, "--resume", "--seed", "4")...); code != exitUsage {
			t.Errorf("%v: --seed on --resume: exit %d", mode, code)
		}
	}
}
