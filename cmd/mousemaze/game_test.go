package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/game"
)

func TestGameValueText(t *testing.T) {
	code, out, errOut := runCmd(t, "game", "value", "testdata/game-boards.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The 2x2 board is the seed's 1/2; the 3x2 board is {1|0} (worked in
	// game/sweep_test.go).
	want := "testdata/game-boards.txt:2: 2x2 board, value 1/2\n1/2  1\n  0  0\n\n" +
		"testdata/game-boards.txt:9: 3x2 board, value {1|0}\n{1|0}  0\n    1  1\n    0  0\n\n"
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestGameValueJSONExact(t *testing.T) {
	code, out, errOut := runCmd(t, "game", "value", "--json", "--exact", "testdata/game-boards.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d records, want 2", len(lines))
	}
	var rec struct {
		Line   int        `json:"line"`
		Value  string     `json:"value"`
		Cells  [][]string `json:"cells"`
		Number [][]bool   `json:"number"`
		Exact  [][]string `json:"exact"`
	}
	if err := json.Unmarshal([]byte(lines[1]), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Line != 9 || rec.Value != "{1|0}" || rec.Cells[1][0] != "1" || rec.Number[0][0] || !rec.Number[0][1] || rec.Exact[0][0] != "{1|0}" {
		t.Errorf("record %+v", rec)
	}
}

func TestGameBuildRoundTrip(t *testing.T) {
	for _, v := range []string{"5/8", "-3/4", "2", "{3/4|1/2}", "{1/2|-1}", "0"} {
		code, out, errOut := runCmd(t, "game", "build", v)
		if code != 0 {
			t.Fatalf("build %s: exit %d: %s", v, code, errOut)
		}
		path := tempFile(t, "b.txt", out)
		code, out, errOut = runCmd(t, "game", "value", "--json", path)
		if code != 0 {
			t.Fatalf("value of built %s: exit %d: %s", v, code, errOut)
		}
		var rec struct {
			Value string `json:"value"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Value != v {
			t.Errorf("build %s then value: %s", v, rec.Value)
		}
	}
}

func TestGameBuildJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "game", "build", "--json", "1/2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rec struct {
		Value, Board, SweepValue string
		Rows, Cols               int
		Vertical                 bool
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	// 1/2 = {0 | 1}: the seed's 2x2 board.
	if rec.Value != "1/2" || rec.Rows != 2 || rec.Cols != 2 || !rec.Vertical || rec.Board != "+ +-+\n|. .|\n+ + +\n|.|.|\n+-+-+\n" {
		t.Errorf("record %+v", rec)
	}
	if !strings.Contains(out, `"sweep_value":"1/2"`) {
		t.Errorf("no sweep_value in %s", out)
	}
}

func TestGameErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"game"}, 2, "Verbs:"},
		{[]string{"game", "nope"}, 2, `unknown verb "nope"`},
		{[]string{"game", "build", "1/3"}, 2, "power of two"},
		{[]string{"game", "build", "{1|1}"}, 2, "neither a number nor a switch"},
		{[]string{"game", "build"}, 2, "exactly one VALUE"},
		{[]string{"game", "build", "--bogus", "1"}, 2, "flag provided but not defined"},
		{[]string{"game", "value"}, 2, "no input files"},
		{[]string{"game", "value", "testdata/game-ragged.txt"}, 1, "testdata/game-ragged.txt:5: ragged row: line has 4 characters, want 5"},
		{[]string{"game", "value", "testdata/game-missing.txt"}, 1, "game-missing.txt"},
		{[]string{"game", "search", "--edges", "30"}, 2, "--edges in 0..24"},
	}
	for _, tt := range tests {
		code, _, errOut := runCmd(t, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tt.args, code, errOut, tt.code, tt.want)
		}
	}
}

func TestGameValueExactTooBig(t *testing.T) {
	p, err := game.Build(game.Value{Switch: true, A: game.Int(4), B: game.Int(-4)})
	if err != nil {
		t.Fatal(err)
	}
	path := tempFile(t, "big.txt", p.String())
	code, _, errOut := runCmd(t, "game", "value", "--exact", path)
	if code != 1 || !strings.Contains(errOut, "at most 64 cells") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// TestGameSearchSmall runs the search on boards up to 2x2 and checks the
// six values worked by hand in game/search_test.go and the construction.
func TestGameSearchSmall(t *testing.T) {
	code, out, errOut := runCmd(t, "game", "search", "--rows", "2", "--cols", "2", "--lo", "-1", "--hi", "1", "--exp", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"21 boards, 6 distinct exact values", "exactly a switch {a|b} with numbers a > b: 0",
		"10 switches built", "exactly {a|b}: 10; not exactly: 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
