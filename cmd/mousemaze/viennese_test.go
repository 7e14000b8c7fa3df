package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/viennese"
)

func TestVienneseScore(t *testing.T) {
	code, out, errOut := runCmd(t, "viennese", "score", "testdata/viennese-lollipop.txt", "testdata/viennese-lollipop.json",
		"testdata/viennese-triangle-two.txt", "testdata/viennese-triangle-none.txt")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The lollipop scores 864 (ht) and 1152 (nht, F = 4), worked by hand in
	// viennese/score_test.go.
	want := `testdata/viennese-lollipop.txt: ht score 864 (unique solution; L=3 A=2 B=4 E=1 F=3; 4 states, 4 moves)
testdata/viennese-lollipop.json: nht score 1152 (unique solution; L=3 A=2 B=4 E=1 F=4; 5 states, 5 moves)
testdata/viennese-triangle-two.txt: ht score 1 (more than one simple path; L=2 A=3 B=3 E=0 F=5; 4 states, 4 moves)
testdata/viennese-triangle-none.txt: nht score 0 (no solution; L=0 A=0 B=0 E=0 F=4; 2 states, 1 moves)
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// --variant overrides the file's variant line.
	code, out, _ = runCmd(t, "viennese", "score", "--variant", "nht", "--json", "testdata/viennese-lollipop.txt")
	var r viennese.Record
	if code != exitOK || json.Unmarshal([]byte(out), &r) != nil || r.Score != 1152 || r.Variant != "nht" || r.Stats.F != 4 {
		t.Errorf("exit %d, %+v from %s", code, r, out)
	}
}

func TestVienneseErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"score", "testdata/viennese-bad.txt"}, exitFail, `testdata/viennese-bad.txt:5: invalid canvas: colour "purple"`},
		{[]string{"score", "testdata/viennese-canvas.txt"}, exitFail, "a canvas without colours"},
		{[]string{"score", "testdata/no-such-file.txt"}, exitFail, "no such file"},
		{[]string{"score", "--variant", "x", "testdata/viennese-lollipop.txt"}, exitUsage, `unknown variant "x"`},
		{[]string{"score"}, exitUsage, "no input files"},
		{[]string{"solve", "--all", "0", "testdata/viennese-lollipop.txt"}, exitUsage, "want one input file"},
		{[]string{"evolve", "--algo", "nope"}, exitUsage, `unknown search method "nope"`},
		{[]string{"evolve", "--algo", "ils", "--restarts", "-1"}, exitUsage, `--restarts -1`},
		{[]string{"evolve", "--algo", "keep", "--kick", "2"}, exitUsage, `--kick does not apply`},
		{[]string{"evolve", "--canvas", "1x1"}, exitUsage, "grid 1x1"},
		{[]string{"evolve", "--canvas", "testdata/viennese-bad.txt"}, exitFail, "viennese-bad.txt:5"},
		{[]string{"evolve", "--budget", "0"}, exitUsage, "budget 0: want at least 1 colouring scored"},
		{[]string{"evolve", "--algo", "ga", "--parents", "200"}, exitUsage, "parents 200"},
		{[]string{"nope"}, exitUsage, "Verbs:"},
		{[]string{"canvas", "triangle"}, exitUsage, "want vienna24 or RxC"},
	}
	for _, tc := range cases {
		code, _, errOut := runCmd(t, append([]string{"viennese"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.msg)
		}
	}
}

func TestVienneseSolve(t *testing.T) {
	pic := filepath.Join(t.TempDir(), "r.png")
	code, out, errOut := runCmd(t, "viennese", "solve", "--png", pic, "testdata/viennese-lollipop.json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `testdata/viennese-lollipop.json: nht score 1152 (unique solution; L=3 A=2 B=4 E=1 F=4; 5 states, 5 moves)
solution 1 (2 moves): 0-2-3
  states: (0,0) (2,1,0) (3)
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() < 600 {
		t.Errorf("png: %v", err)
	}
	// Two shortest solutions, in JSON.
	code, out, _ = runCmd(t, "viennese", "solve", "--json", "--variant", "ht", "testdata/viennese-triangle-two.txt")
	var r viennese.Record
	if code != exitOK || json.Unmarshal([]byte(out), &r) != nil || r.Score != 1 || len(r.Solutions) != 1 {
		t.Errorf("exit %d: %s", code, out)
	}
}

func TestViennesePlay(t *testing.T) {
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("1\n2\n3\n")
	code, out, errOut := runCmd(t, "viennese", "play", "testdata/viennese-lollipop.txt")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, w := range []string{"illegal move: the light of street 0 is red", "legal moves: 1 3", "goal 3 reached in 2 moves: 0-2-3"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
}

// TestVienneseEvolve evolves the 24-street canvas (nht, keep, seed 1,
// 20,000 evaluations) to a unique-solution maze, writes it, and checks
// that `score` and `solve` agree with what evolve printed.
func TestVienneseEvolve(t *testing.T) {
	dir := t.TempDir()
	out, pic := filepath.Join(dir, "best.txt"), filepath.Join(dir, "best.png")
	stdout := runOK(t, "viennese", "evolve", "--canvas", "vienna24", "--variant", "nht", "--seed", "1",
		"--budget", "20000", "--json", "--out", out, "--png", pic)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	var done struct {
		Event string `json:"event"`
		viennese.Record
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &done); err != nil {
		t.Fatal(err)
	}
	if done.Event != "done" || done.Evals != 20000 || !done.Stats.Unique || done.Score <= 1 || len(done.Solutions) != 1 ||
		done.Maze == nil || len(done.Maze.Colours) != 24 || *done.Seed != 1 || done.Algo != "keep" {
		t.Fatalf("done line %+v", done)
	}
	if !strings.Contains(stdout, `"event":"improved"`) {
		t.Errorf("no improvements in %s", stdout)
	}
	f, err := viennese.ParseFile(out)
	if err != nil || f.Variant != viennese.NHT {
		t.Fatalf("%s: %v", out, err)
	}
	st, score, err := viennese.ScoreMaze(&f.Maze, f.Variant)
	if err != nil || score != done.Score || st != done.Stats {
		t.Errorf("written maze scores %v %+v, evolve said %v %+v", score, st, done.Score, done.Stats)
	}
	if _, err := os.Stat(pic); err != nil {
		t.Error(err)
	}
	// Same seed, same maze; grids work too.
	_, again, _ := runCmd(t, "viennese", "evolve", "--variant", "nht", "--budget", "20000")
	if !strings.Contains(again, "# score "+viennese.FormatScore(done.Score)+" ") {
		t.Errorf("text run differs from JSON run (%v):\n%s", done.Score, again)
	}
	code, grid, errOut := runCmd(t, "viennese", "evolve", "--canvas", "3x3", "--algo", "anneal", "--budget", "3000")
	if code != exitOK || !strings.Contains(grid, "nodes 9\n") || !strings.Contains(grid, "3000 evaluations") {
		t.Errorf("3x3: exit %d %s\n%s", code, errOut, grid)
	}
}

func TestVienneseCanvas(t *testing.T) {
	code, out, _ := runCmd(t, "viennese", "canvas", "2x2")
	want := "nodes 4\nstart 0\ngoal 3\npos 0 0 0\npos 1 1 0\npos 2 0 1\npos 3 1 1\nstreet 0 1\nstreet 0 2\nstreet 1 3\nstreet 2 3\n"
	if code != exitOK || out != want {
		t.Errorf("exit %d\n%s\nwant\n%s", code, out, want)
	}
}
