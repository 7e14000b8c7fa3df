package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalK checks eval --k: a 1-mod mouse with order RULD on the open 2×2
// board goes right and left forever (the state after turn 1 recurs after
// turn 3), and {(1,0)} is a mousetrap from turn 1.
func TestEvalK(t *testing.T) {
	path := tempFile(t, "open.txt", "..\n..\n")
	out := runOK(t, "eval", "--json", "--k", "1", "--order", "RULD", "--backend", "ref", path)
	want := `"turns":3,"visits":1,"escaped":false,"feasible":true,"trapped":true,"cycle_start":1,"cycle_len":2,"mousetrap_turn":1}`
	if !strings.HasSuffix(strings.TrimSpace(out), want) {
		t.Errorf("got %s, want it to end in %s", out, want)
	}
	code, out, _ := runCmd(t, "eval", "--k", "1", "--order", "RULD", path)
	if code != 0 || !strings.Contains(out, "trapped  cycle  mousetrap") || !strings.Contains(out, "yes    1+2          1") {
		t.Errorf("exit %d, table:\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "eval", "--k", "-2", path); code != exitUsage {
		t.Errorf("--k -2: exit %d, want %d", code, exitUsage)
	}
}

// TestGraphCommand runs the graph subcommand on the Lemma 11 tree it
// prints, on a grid converted to a graph, and on a bad file.
func TestGraphCommand(t *testing.T) {
	dir := t.TempDir()
	code, tree, errOut := runCmd(t, "graph", "--lemma11", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	path := filepath.Join(dir, "l5.json")
	if err := os.WriteFile(path, []byte(tree), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "graph", "--json", "--k", "5", path)
	want := `"vertices":7,"edges":6,"max_degree":5,"diameter":3,"theorem8_bound":1085,"k":5,"turns":18,"visits":16,"escaped":false,"feasible":true,"trapped":true,"cycle_start":8,"cycle_len":10,"mousetrap_turn":8}`
	if code != 0 || !strings.HasSuffix(strings.TrimSpace(out), want) {
		t.Errorf("exit %d %s: got %s, want the end %s", code, errOut, out, want)
	}
	code, out, _ = runCmd(t, "graph", "--json", path)
	if want := `"turns":20,"visits":18,"escaped":true`; code != 0 || !strings.Contains(out, want) {
		t.Errorf("exact counting: exit %d, got %s, want %s", code, out, want)
	}
	grid := filepath.Join(dir, "g.txt")
	if err := os.WriteFile(grid, []byte("...\nX..\n...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, g, _ := runCmd(t, "graph", "--from-grid", grid)
	gpath := filepath.Join(dir, "g.json")
	if err := os.WriteFile(gpath, []byte(g), 0o644); err != nil || code != 0 {
		t.Fatal(code, err)
	}
	// The traced 3×3 example of docs/rules.md: 12 turns.
	code, out, _ = runCmd(t, "graph", "--json", gpath)
	if code != 0 || !strings.Contains(out, `"turns":12,"visits":10,"escaped":true`) {
		t.Errorf("grid as graph: exit %d, %s", code, out)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"vertices":["a","b"],"edges":[["a","x"]],"start":"a","exit":"b"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCmd(t, "graph", bad)
	if code != exitFail || !strings.Contains(errOut, `bad.json: invalid graph: edge 0 ["a" "x"]: unknown vertex "x"`) {
		t.Errorf("bad file: exit %d, %s", code, errOut)
	}
}

// TestSweepK runs the trap sweep from the command line: the smallest grid
// maze trapping a 2-mod mouse up to 4×4 has 7 open cells on a 3×4 grid.
func TestSweepK(t *testing.T) {
	code, out, errOut := runCmd(t, "sweep", "--k", "2", "--size", "4x4", "--quiet", "--workers", "2")
	want := "smallest trap: 3x4 grid, 7 open cells, bounding box 12; trapped at turn 9 (cycle 5+4, mousetrap from turn 5)\n..XX\nX.XX\n....\n"
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "longest escape: 4x4 grid, 25 turns") {
		t.Errorf("exit %d %s:\n%s", code, errOut, out)
	}
	code, out, _ = runCmd(t, "sweep", "--k", "8", "--size", "3x3", "--quiet", "--json")
	if code != 0 || !strings.Contains(out, `"smallest_trap":null`) || !strings.Contains(out, `"longest_escape":{"rows":3,"cols":3,`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "sweep", "--k", "2", "--size", "4x4", "--free-ends"); code != exitUsage {
		t.Errorf("--free-ends with --k: exit %d", code)
	}
}

// TestEvolveObjectives runs short searches under --k with the trap
// objective and under max-cell, and checks what they report.
func TestEvolveObjectives(t *testing.T) {
	code, out, errOut := runCmd(t, "evolve", "--size", "4x4", "--k", "2", "--objective", "trap", "--evals", "3000", "--seed", "1", "--backend", "cpu")
	if code != 0 || !strings.Contains(out, "objective trap, k=2") || !strings.Contains(out, "trapped (cycle") {
		t.Errorf("trap: exit %d %s:\n%s", code, errOut, out)
	}
	code, out, errOut = runCmd(t, "evolve", "--size", "5x5", "--objective", "max-cell", "--evals", "3000", "--seed", "1", "--json", "--backend", "cpu")
	if code != 0 || !strings.Contains(out, `"objective":"max-cell"`) {
		t.Errorf("max-cell: exit %d %s:\n%s", code, errOut, out)
	}
	if code, _, _ := runCmd(t, "evolve", "--size", "4x4", "--k", "2", "--objective", "max-cell", "--evals", "10"); code != exitUsage {
		t.Errorf("max-cell with --k: exit %d, want %d", code, exitUsage)
	}
}

// TestEdgesCommands runs eval, evolve and sweep with --edges.
func TestEdgesCommands(t *testing.T) {
	code, out, errOut := runCmd(t, "sweep", "--edges", "--size", "2x3", "--workers", "2")
	board := "+ +-+-+\n|. . .|\n+-+ + +\n|. . .|\n+ +-+-+\n"
	if code != 0 || !strings.Contains(out, "2x3  0     128        73       73        0           9               2") || !strings.Contains(out, board) {
		t.Errorf("sweep: exit %d %s:\n%s", code, errOut, out)
	}
	path := tempFile(t, "b.txt", board)
	code, out, errOut = runCmd(t, "eval", "--edges", "--json", "--heat", path)
	if want := `"turns":9,"visits":7,"escaped":true,"feasible":true,"heat":[[1,1,1],[1,2,2]]}`; code != 0 || !strings.HasSuffix(strings.TrimSpace(out), want) {
		t.Errorf("eval: exit %d %s: got %s, want %s", code, errOut, out, want)
	}
	code, out, errOut = runCmd(t, "evolve", "--edges", "--size", "3x3", "--evals", "3000", "--json")
	if code != 0 || !strings.Contains(out, `"turns":20`) {
		t.Errorf("evolve: exit %d %s:\n%s", code, errOut, out)
	}
	code, out, errOut = runCmd(t, "evolve", "--edges", "--size", "3x3", "--algo", "ga", "--evals", "3000", "--json")
	if code != 0 || !strings.Contains(out, `"turns":20`) || !strings.Contains(out, `"algo":"ga"`) {
		t.Errorf("evolve --algo ga: exit %d %s:\n%s", code, errOut, out)
	}
	for _, args := range [][]string{{"--free-ends"}, {"--algo", "nope"}, {"--kick", "99"}, {"--objective", "trap", "--k", "2"}, {"--resume"}} {
		if code, _, _ := runCmd(t, append([]string{"evolve", "--edges", "--size", "3x3"}, args...)...); code != exitUsage {
			t.Errorf("evolve --edges %v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
