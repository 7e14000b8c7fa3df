package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/classic"
)

// evolve --walker finds a board and reports the walker's steps on it,
// which walking the reported board again reproduces.
func TestEvolveWalker(t *testing.T) {
	for _, w := range []string{"left", "lru", "tremaux"} {
		code, out, errOut := runCmd(t, "evolve", "--walker", w, "--size", "4x4", "--evals", "2000", "--seed", "2", "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", w, code, errOut)
		}
		var ev walkerEvolveEvent
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
