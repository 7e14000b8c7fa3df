package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/classic"
	"github.com/mousemaze/mousemaze/classic/neural"
)

// gen writes a perfect maze in the edge text format (the root parser reads
// it too), the same for the same seed.
func TestClassicGen(t *testing.T) {
	for _, algo := range []string{"spanning", "anderson"} {
		code, out, errOut := runCmd(t, "classic", "gen", "--algo", algo, "--size", "6x7", "--seed", "4")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", algo, code, errOut)
		}
		_, again, _ := runCmd(t, "classic", "gen", "--algo", algo, "--size", "6x7", "--seed", "4")
		if out != again {
			t.Errorf("%s: seed 4 gave two mazes", algo)
		}
		edges, _, err := mousemaze.ParseEdges(strings.NewReader(out), "gen")
		if err != nil || len(edges) != 1 {
			t.Fatalf("%s: root parser: %v", algo, err)
		}
		if doors := edges[0].Edges() - edges[0].WallCount(); doors != 41 {
			t.Errorf("%s: %d doors on 42 cells, want 41", algo, doors)
		}
		bs, _, err := classic.ParseBoards(strings.NewReader(out), "gen")
		if err != nil {
			t.Fatal(err)
		}
		if !classic.DistancesByBFS(bs[0].Nav()).Connected() {
			t.Errorf("%s: not connected", algo)
		}
	}
	path := filepath.Join(t.TempDir(), "m.txt")
	if code, _, errOut := runCmd(t, "classic", "gen", "--size", "3x3", "--extra", "2", "--goal", "1,1", "--out", path); code != 0 {
		t.Fatalf("gen --out: exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "; classic goal 1,1\n") {
		t.Errorf("gen --goal 1,1 wrote:\n%s", data)
	}
	for _, args := range [][]string{{"--algo", "prim"}, {"--size", "0x3"}, {"--goal", "3,3", "--size", "3x3"}, {"--extra", "-1"}, {"extra-arg"}} {
		if code, _, _ := runCmd(t, append([]string{"classic", "gen"}, args...)...); code != exitUsage {
			t.Errorf("gen %v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// solve on Figure 15's maze (start cell 5 = 1,1, goal 9 = 2,2): bfs goes
// 1,1 → 1,2 → 2,2; the left hand facing east loops through cells 5, 6, 3,
// 2, 1, 4 (six steps) and says so.
func TestClassicSolve(t *testing.T) {
	file := "testdata/classic-fig15.txt"
	code, out, errOut := runCmd(t, "classic", "solve", "--algo", "bfs", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec classic.SolveRecord
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if !rec.Reached || rec.Outcome != "reached" || rec.Steps != 2 || !slices.Equal(rec.Path, [][2]int{{1, 1}, {1, 2}, {2, 2}}) {
		t.Errorf("bfs record %+v", rec)
	}
	code, out, _ = runCmd(t, "classic", "solve", "--algo", "left", "--heading", "E", file)
	want := file + " board 0: left loops for ever: from step 0 the walk repeats every 6 steps (stopped after 6), 6 cells explored\n" +
		"  path: 1,1 1,2 0,2 0,1 0,0 1,0 1,1\n"
	if code != 0 || out != want {
		t.Errorf("left: exit %d\n%s\nwant\n%s", code, out, want)
	}
	code, out, _ = runCmd(t, "classic", "solve", "--algo", "lru", "--ties", "fixed", "--path=false", "--json", file)
	if code != 0 || !strings.Contains(out, `"outcome":"reached","reached":true,"steps":8,`) || strings.Contains(out, "path") {
		t.Errorf("lru: exit %d %s", code, out)
	}
	code, _, errOut = runCmd(t, "classic", "solve", "--algo", "bfs", "testdata/classic-bad.txt")
	if code != exitFail || !strings.Contains(errOut, "testdata/classic-bad.txt:1: goal 9,9 is outside the 1x2 board") {
		t.Errorf("bad file: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{{"--algo", "dfs", file}, {"--heading", "X", file}, {"--ties", "maybe", file}, {"--order", "NNSW", file}, {}} {
		if code, _, _ := runCmd(t, append([]string{"classic", "solve"}, args...)...); code != exitUsage {
			t.Errorf("solve %v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// matrix prints Figure 20's Md (with the seed's misprint at row 8, column
// 3 corrected to 5) and M^c = M^5.
func TestClassicMatrix(t *testing.T) {
	code, out, errOut := runCmd(t, "classic", "matrix", "testdata/classic-fig15.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, line := range []string{"connected: the complete connection matrix is M^5", "  8 3 4 5 2 3 4 1 0 5", "  1 0 1 2 1 2 3 2 3 4"} {
		if !strings.Contains(out, line+"\n") {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}
	code, out, _ = runCmd(t, "classic", "matrix", "--kind", "solution", "--goal", "0,0", "--method", "bfs", "--json", "testdata/classic-fig15.txt")
	var rec struct {
		Matrix string
		Rows   [][]int
	}
	if err := json.Unmarshal([]byte(out), &rec); code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	if rec.Matrix != "Ms1" || !slices.Equal(rec.Rows[4], []int{-1, -1, -1, 2, -1, -1, -1, -1, -1}) {
		t.Errorf("Ms1 %s row 5 %v", rec.Matrix, rec.Rows[4])
	}
	code, out, _ = runCmd(t, "classic", "matrix", "--kind", "power", "--power", "2", "testdata/classic-fig15.txt")
	if code != 0 || !strings.Contains(out, "  1 3 2 1 2 1 0 1 0 0\n") {
		t.Errorf("M^2: exit %d\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "classic", "matrix", "--kind", "eigen", "testdata/classic-fig15.txt"); code != exitUsage {
		t.Errorf("--kind eigen: exit %d", code)
	}
}

// A scripted blind game to the goal: from cell 5 facing north the player
// sees a wall, turns right, steps to 6, turns right and steps into 9.
func TestClassicPlayBlind(t *testing.T) {
	stdin = strings.NewReader("look\nfly\nr\nf\nr\nf\nq\n")
	defer func() { stdin = os.Stdin }()
	code, out, errOut := runCmd(t, "classic", "play", "--blind", "testdata/classic-fig15.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `Blind maze: 3 rows by 3 columns. Find the goal. Commands: f(orward), l(eft), r(ight), a(round), n/e/s/w, look, q(uit).
Ahead: a wall.
Ahead: a wall.
unknown command "fly" (try help)
You turn right. Ahead: an opening; you see 1 cell, then a wall.
You step forward. Ahead: a wall.
You turn right. Ahead: an opening; you see 1 cell, then a wall.
You step forward... and find the goal after 2 moves!
`
	if out != want {
		t.Errorf("game:\n%s\nwant\n%s", out, want)
	}
	stdin = strings.NewReader("f\n")
	_, out, _ = runCmd(t, "classic", "play", "--blind", "testdata/classic-fig15.txt")
	if !strings.HasSuffix(out, "Bump! A wall.\nYou give up after 1 moves.\n") {
		t.Errorf("give up:\n%s", out)
	}
	if code, _, _ := runCmd(t, "classic", "play", "testdata/classic-fig15.txt"); code != exitUsage {
		t.Errorf("play without --blind: exit %d", code)
	}
}

// classic neural prints one row per run of the net and one for the random
// walk, counting the mazes; bad flags exit 2.
func TestClassicNeural(t *testing.T) {
	code, out, errOut := runCmd(t, "classic", "neural", "--mazes", "3", "--size", "3x3", "--episodes", "2", "--cap", "100", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec neural.Report
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if len(rec.Net) != 2 || rec.Net[0].Of != 3 || rec.Random.Of != 3 || rec.Rows != 3 {
		t.Errorf("record %+v", rec)
	}
	if code, _, _ := runCmd(t, "classic", "neural", "--inhibition", "0"); code != exitUsage {
		t.Errorf("--inhibition 0: exit %d", code)
	}
}

// TestClassicSolveCutOff solves a 1x3 board whose goal is walled off with
// every solver that could walk to the cap: each reports it unreachable
// at once, without a move, as bfs and Trémaux do.
func TestClassicSolveCutOff(t *testing.T) {
	file := tempFile(t, "cut.txt", "; classic goal 0,2\n+-+-+-+\n|. .|.|\n+-+-+-+\n")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--algo", "lru"}, "lru found the goal unreachable after 0 steps, 2 cells explored\n  path: 0,0\n"},
		{[]string{"--algo", "lru", "--ties", "fixed"}, "lru found the goal unreachable after 0 steps, 2 cells explored\n"},
		{[]string{"--algo", "random"}, "random found the goal unreachable after 0 steps, 2 cells explored\n"},
		{[]string{"--algo", "tar"}, "tar found the goal unreachable after 0 steps, 2 cells explored\n"},
		{[]string{"--algo", "bfs"}, "bfs found the goal unreachable after 0 steps, 2 cells explored\n"},
		{[]string{"--algo", "tremaux"}, "tremaux found the goal unreachable after 2 steps, 2 cells explored\n"},
	}
	for _, tc := range tests {
		start := time.Now()
		code, out, errs := runCmd(t, append(append([]string{"classic", "solve"}, tc.args...), file)...)
		if code != exitOK || !strings.Contains(out, file+" board 0: "+tc.want) || time.Since(start) > 5*time.Second {
			t.Errorf("%v: exit %d in %v, %s%s\nwant %q", tc.args, code, time.Since(start), out, errs, tc.want)
		}
	}
}
