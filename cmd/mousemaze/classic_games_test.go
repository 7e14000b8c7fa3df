package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/classic"
)

// play --opponent racer replays the classic package's scripted game: the
// racer (Trémaux, from the start) reaches the goal while the player bumps
// into the north wall; --view perspective draws the corridor after every
// reply; bad names exit 2 naming the valid ones; an unreachable goal is
// refused before the game.
func TestClassicPlayOpponent(t *testing.T) {
	defer func() { stdin = os.Stdin }()
	stdin = strings.NewReader(strings.Repeat("f\n", 16))
	code, out, errOut := runCmd(t, "classic", "play", "--blind", "--opponent", "racer", "--opponent-walker", "tremaux", "testdata/classic-fig15.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "A racer (tremaux walker) is in the maze with you") ||
		!strings.HasSuffix(out, "Bump! A wall. You hear footsteps to the east.\nA distant cheer: the racer has reached the goal first, after 16 moves.\n") {
		t.Errorf("racer game:\n%s", out)
	}
	stdin = strings.NewReader("r\n")
	code, out, _ = runCmd(t, "classic", "play", "--blind", "--view", "perspective", "testdata/classic-fig15.txt")
	// From 1,1 facing east: 1,2 ahead, then the east wall; the side
	// passages are 0,2's (left, north of 1,2) and 2,2's (right, south).
	wantPic := classic.Perspective{Depth: 1, Left: []bool{false, true}, Right: []bool{false, true}, Figure: -1}.ASCII()
	if code != 0 || !strings.Contains(out, "You turn right. Ahead: an opening; you see 1 cell, then a wall.\n"+wantPic) {
		t.Errorf("perspective:\n%s\nwant the drawing\n%s", out, wantPic)
	}
	cut := filepath.Join(t.TempDir(), "cut.txt")
	os.WriteFile(cut, []byte("+-+-+\n|.|.|\n+-+-+\n"), 0o644)
	code, _, errOut = runCmd(t, "classic", "play", "--blind", cut)
	if code != exitFail || !strings.Contains(errOut, "cannot be reached from the start 0,0") {
		t.Errorf("unreachable goal: exit %d: %s", code, errOut)
	}
	for _, c := range []struct{ args, want string }{
		{"--opponent hunter", "catcher, racer"},
		{"--opponent racer --opponent-walker bfs", "random, lru, tremaux"},
		{"--view 3d", "text or perspective"},
	} {
		args := append([]string{"classic", "play", "--blind"}, strings.Fields(c.args)...)
		code, _, errOut := runCmd(t, append(args, "testdata/classic-fig15.txt")...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d: %s", c.args, code, errOut)
		}
	}
}

// duel prints the same fractions for the same seed, as text and JSON.
func TestClassicDuel(t *testing.T) {
	args := []string{"classic", "duel", "--player", "lru", "--opponent", "catcher", "--opponent-walker", "random", "--size", "6x6", "--games", "30", "--seed", "4", "--braid", "0.5"}
	code, out, errOut := runCmd(t, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep classic.DuelReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	want, _ := classic.Duel{Player: "lru", Opponent: "catcher", OpponentWalker: "random", Algo: "spanning", Rows: 6, Cols: 6, Games: 30, Seed: 4, Braid: 0.5}.Run()
	if rep != want {
		t.Errorf("report %+v, want %+v", rep, want)
	}
	_, text, _ := runCmd(t, args...)
	if !strings.Contains(text, "lru player vs random catcher, 30 games of 6x6 spanning mazes (braid 0.5), seed 4") || !strings.Contains(text, "95% Wilson") {
		t.Errorf("text report:\n%s", text)
	}
	for _, bad := range [][]string{{"--player", "left"}, {"--opponent", "ghost"}, {"--games", "0"}, {"--braid", "1.5"}, {"--size", "0x2"}, {"extra"}} {
		if code, _, _ := runCmd(t, append([]string{"classic", "duel"}, bad...)...); code != exitUsage {
			t.Errorf("duel %v: exit %d, want %d", bad, code, exitUsage)
		}
	}
}

// interpret --auto tremaux reaches the goal on generated braided mazes and
// reveals the maze and the path (text and PNG); a typed game reads option
// numbers; bad names exit 2.
func TestClassicInterpret(t *testing.T) {
	dir := t.TempDir()
	for seed := range 5 {
		maze := filepath.Join(dir, "m.txt")
		if code, _, errOut := runCmd(t, "classic", "gen", "--size", "7x9", "--seed", string(rune('1'+seed)), "--braid", "0.4", "--out", maze); code != 0 {
			t.Fatalf("gen: %s", errOut)
		}
		for _, theme := range classic.Themes {
			png := filepath.Join(dir, "p.png")
			code, out, errOut := runCmd(t, "classic", "interpret", "--theme", theme, "--auto", "tremaux", "--png", png, maze)
			if code != 0 || !strings.Contains(out, "The tremaux walker reaches the goal after") || !strings.Contains(out, "The "+theme+" game was a 7x9 maze") {
				t.Fatalf("%s: exit %d: %s\n%s", theme, code, errOut, out)
			}
			if data, err := os.ReadFile(png); err != nil || !strings.HasPrefix(string(data), "\x89PNG") {
				t.Errorf("%s: png %v", theme, err)
			}
		}
	}
	defer func() { stdin = os.Stdin }()
	stdin = strings.NewReader("x\n9\nq\n")
	code, out, _ := runCmd(t, "classic", "interpret", "--theme", "quiz", "testdata/classic-fig15.txt")
	for _, want := range []string{"The problem:", "type an option's number", "option 9: choose 1 to 4", "You give up after 0 choices.", "The quiz game was a 3x3 maze"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("typed game lacks %q (exit %d):\n%s", want, code, out)
		}
	}
	for _, bad := range [][]string{{"--theme", "chess"}, {"--auto", "left"}, {}} {
		args := append([]string{"classic", "interpret"}, bad...)
		if len(bad) > 0 {
			args = append(args, "testdata/classic-fig15.txt")
		}
		if code, _, _ := runCmd(t, args...); code != exitUsage {
			t.Errorf("interpret %v: exit %d, want %d", bad, code, exitUsage)
		}
	}
}
