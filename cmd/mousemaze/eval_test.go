package main

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

var update = flag.Bool("update", false, "update golden files")

// golden compares got with testdata/NAME.golden, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n got:\n%s\nwant:\n%s", path, got, want)
	}
}

const thesisFile = "../../testdata/thesis-mazes.txt"

func TestEvalThesisJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "eval", "--json", "--backend", "ref", thesisFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "eval-thesis.json", out)
	var turns []int64
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec evalRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Visits != rec.Turns-2 || !rec.Escaped || !rec.Feasible {
			t.Errorf("record %+v", rec)
		}
		turns = append(turns, rec.Turns)
	}
	want := []int64{12, 27, 54, 117, 332, 647, 1160}
	if len(turns) != len(want) {
		t.Fatalf("got %d records, want %d", len(turns), len(want))
	}
	for i := range want {
		if turns[i] != want[i] {
			t.Errorf("maze %d: %d turns, want %d", i, turns[i], want[i])
		}
	}
}

func TestEvalTableAndHeat(t *testing.T) {
	code, out, errOut := runCmd(t, "eval", "--heat", "testdata/mixed.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "eval-mixed.txt", out)
}

func TestEvalJSONHeatAndInfeasible(t *testing.T) {
	code, out, _ := runCmd(t, "eval", "--json", "--heat", "testdata/mixed.txt")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 3", len(lines))
	}
	want := []string{
		`{"file":"testdata/mixed.txt","index":0,"rows":3,"cols":3,"turns":12,"visits":10,"escaped":true,"feasible":true,"heat":[[1,1,1],[0,1,2],[1,2,2]]}`,
		`{"file":"testdata/mixed.txt","index":1,"rows":3,"cols":3,"turns":0,"visits":0,"escaped":false,"feasible":false,"infeasible":"exit unreachable","heat":[[0,0,0],[0,0,0],[0,0,0]]}`,
		`{"file":"testdata/mixed.txt","index":2,"rows":1,"cols":1,"turns":2,"visits":0,"escaped":true,"feasible":true,"heat":[[1]]}`,
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d\n got %s\nwant %s", i, lines[i], want[i])
		}
	}
}

func TestEvalStdinAndFlags(t *testing.T) {
	stdin = strings.NewReader("..\n..\n")
	defer func() { stdin = os.Stdin }()
	code, out, _ := runCmd(t, "eval", "--json", "--order", "ULRD", "--exit", "1", "--cap", "100", "-")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	// ULRD on an open 2x2, exit under column 1, traced by hand: (0,0)
	// right to (0,1) (up is the entrance, left is off the grid); down to
	// (1,1); left to (1,0), which ties with the exit at 0 visits and comes
	// first; up to (0,0) (tie with right at 1 visit); right to (0,1) (tie
	// with down); down to (1,1); the exit. 7 moves, 8 turns.
	var rec evalRecord
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.File != "-" || rec.Turns != 8 || !rec.Escaped {
		t.Errorf("got %+v, want 8 turns from -", rec)
	}
	res, err := mousemaze.Walk(mousemaze.NewMaze(2, 2), mousemaze.Config{Order: mousemaze.Order{mousemaze.Up, mousemaze.Left, mousemaze.Right, mousemaze.Down}, Exit: 1})
	if err != nil || res.Turns != rec.Turns {
		t.Errorf("Walk gives %d turns, %v", res.Turns, err)
	}
}

func TestEvalErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no files", []string{"eval"}, 2, "no input files"},
		{"bad order", []string{"eval", "--order", "DDLU", thesisFile}, 2, "--order"},
		{"negative cap", []string{"eval", "--cap", "-1", thesisFile}, 2, "--cap -1"},
		{"unknown flag", []string{"eval", "--bogus", thesisFile}, 2, "flag provided but not defined"},
		{"missing file", []string{"eval", "testdata/no-such-file"}, 1, "no-such-file"},
		{"ragged file", []string{"eval", "testdata/ragged.txt"}, 1, "testdata/ragged.txt:2: ragged row: row has 2 cells, want 3"},
		{"exit beyond a maze", []string{"eval", "--exit", "3", thesisFile}, 2, "../../testdata/thesis-mazes.txt:6: maze 0 is 3x3: invalid config: exit column 3 outside 0..2"},
		{"unknown backend", []string{"eval", "--backend", "abacus", thesisFile}, exitUsage, `unknown backend "abacus"`},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, errOut)
			}
			if !strings.Contains(errOut, tc.msg) {
				t.Errorf("stderr %q does not mention %q", errOut, tc.msg)
			}
			if tc.code != 0 && out != "" {
				t.Errorf("stdout not empty on error: %q", out)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := runCmd(t, "help")
	if code != 0 || !strings.Contains(out, "eval") {
		t.Errorf("help: exit %d, %q", code, out)
	}
	code, out, errOut := runCmd(t, "eval", "-h")
	if code != 0 || !strings.Contains(out, "Example:") || errOut != "" {
		t.Errorf("eval -h: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestEvalInfeasibleReasons wants eval to say why each infeasible maze is,
// in the table and in JSON, and the table to gain "capped" under --cap.
func TestEvalInfeasibleReasons(t *testing.T) {
	stdin = strings.NewReader("X.\n..\n\n..\nX.\n\n.X\nX.\n..\n\n..\n..\n")
	defer func() { stdin = os.Stdin }()
	code, out, errs := runCmd(t, "eval", "--json", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec evalRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		got = append(got, rec.Infeasible)
	}
	if want := []string{"entry walled", "exit walled", "exit unreachable", ""}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("reasons %q, want %q", got, want)
	}
	stdin = strings.NewReader("X.\n..\n\n..\n..\n\n...\nX..\n...\n")
	code, out, errs = runCmd(t, "eval", "--cap", "4", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := "  file  index  size  turns  visits  escaped  feasible  capped           why\n" +
		"     -      0   2x2      0       0       no        no      no  entry walled\n" +
		"     -      1   2x2      3       1      yes       yes      no             -\n" +
		"     -      2   3x3      4       2       no       yes     yes             -\n"
	if out != want {
		t.Errorf("table:\n%s\nwant\n%s", out, want)
	}
}

// TestEvalBackends checks that eval prints exactly the same thing with
// --backend cpu (every kernel, one and two workers) as with --backend ref,
// on the thesis mazes and on random files, with and without heat maps.
func TestEvalBackends(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 12))
	files := []string{"../../testdata/thesis-mazes.txt"}
	for _, size := range []mousemaze.Size{{Rows: 1, Cols: 1}, {Rows: 6, Cols: 6}, {Rows: 13, Cols: 13}, {Rows: 9, Cols: 64}, {Rows: 64, Cols: 3}} {
		var mazes []mousemaze.Maze
		for i := 0; i < 40; i++ {
			mazes = append(mazes, mousemaze.Random(rng, size.Rows, size.Cols, 0.05*float64(i%8)))
		}
		name := filepath.Join(dir, size.String()+".txt")
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := mousemaze.Write(f, mazes...); err != nil {
			t.Fatal(err)
		}
		f.Close()
		files = append(files, name)
	}
	flagSets := [][]string{
		{"--json", "--heat"},
		{"--heat", "--order", "LURD"},
		{"--json", "--cap", "40"},
	}
	kernels := append([]string{""}, cpuKernelNames()...)
	for _, fl := range flagSets {
		args := append(append([]string{"eval"}, fl...), files...)
		want := runOK(t, append(append([]string{}, args[:1]...), append([]string{"--backend", "ref"}, args[1:]...)...)...)
		for _, k := range kernels {
			for _, w := range []string{"1", "2"} {
				a := append([]string{"eval", "--backend", "cpu", "--workers", w, "--kernel", k}, args[1:]...)
				if got := runOK(t, a...); got != want {
					t.Errorf("mousemaze %v differs from --backend ref", a)
				}
			}
		}
	}
}
