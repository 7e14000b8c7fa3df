package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/analyze"
)

func TestAnalyzeText(t *testing.T) {
	path := tempFile(t, "tree.txt", "...\nX.X\n...\n.XX\n")
	out := runOK(t, "analyze", path)
	for _, want := range []string{"turns 9, loop-less yes", "closed-form tree evaluator 9 turns (equals the walk)", "thesis prediction 11 turns", "T3 2n+2 (last priority), predicted 4, walk 2", "Lemma 6 holds"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestAnalyzeJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "analyze", "--json", thesisFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 7 {
		t.Fatalf("%d records, want 7", len(lines))
	}
	wantTurns := []int64{12, 27, 54, 117, 332, 647, 1160}
	for i, line := range lines {
		var rec analyze.Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Turns != wantTurns[i] || rec.Loopless || rec.Bounds == nil || rec.Bounds.Lemma6 != "" ||
			(!rec.Bounds.GuardOverflow && rec.Bounds.Turns >= rec.Bounds.Guard) || rec.Bounds.GuardRatio >= 1 {
			t.Errorf("record %d: %+v", i, rec)
		}
	}
}

// TestAnalyzeTreeTurns checks the tree_turns field: the closed form's
// turns beside the walk's on a loop-less maze, absent on a maze with a
// cycle. The 4×3 maze "... / X.X / ... / .XX" walks (0,0) (0,1) (1,1)
// (2,1) (2,2) (2,1) (2,0) (3,0) and out: 8 visits, 9 turns.
func TestAnalyzeTreeTurns(t *testing.T) {
	path := tempFile(t, "two.txt", "...\nX.X\n...\n.XX\n\n...\nX..\n...\n")
	code, out, errOut := runCmd(t, "analyze", "--json", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d records, want 2:\n%s", len(lines), out)
	}
	var tree, loop analyze.Record
	if err := json.Unmarshal([]byte(lines[0]), &tree); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &loop); err != nil {
		t.Fatal(err)
	}
	if !tree.Loopless || tree.Turns != 9 || tree.TreeTurns != 9 {
		t.Errorf("loop-less maze: %+v", tree)
	}
	// Thesis Table 4.2: 12 turns, a 2x2 loop, so no tree_turns.
	if loop.Loopless || loop.Turns != 12 || loop.TreeTurns != 0 || strings.Contains(lines[1], "tree_turns") {
		t.Errorf("maze with a loop: %s", lines[1])
	}
}

func TestAnalyzeTable(t *testing.T) {
	code, out, errOut := runCmd(t, "analyze", "--table", "--max", "3x3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "tree evaluator mismatches 0") || !strings.Contains(out, "total (whole maze)") {
		t.Errorf("output:\n%s", out)
	}
	if code, _, _ := runCmd(t, "analyze", "--table", "--max", "7x7"); code != exitUsage {
		t.Errorf("--max 7x7: exit %d, want %d", code, exitUsage)
	}
	if code, _, _ := runCmd(t, "analyze"); code != exitUsage {
		t.Errorf("no files: exit %d, want %d", code, exitUsage)
	}
}

func TestTreeBackendRegistered(t *testing.T) {
	code, out, errOut := runCmd(t, "eval", "--backend", "tree", "--json", thesisFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "eval-thesis.json", out)
}

// TestAnalyzeNoSaturation wants analyze never to print the int64
// saturation 9223372036854775807 as a value: a guard beyond 2^63 is
// written "> 2^63" with its log10, and JSON leaves guard out.
func TestAnalyzeNoSaturation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "open.txt")
	if err := os.WriteFile(path, []byte(strings.Repeat(strings.Repeat(".", 40)+"\n", 40)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"analyze", thesisFile, path}, {"analyze", "--json", thesisFile, path}} {
		code, out, errs := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if strings.Contains(out, "9223372036854775807") {
			t.Errorf("%v prints the int64 saturation:\n%s", args, out)
		}
		if args[1] != "--json" && !strings.Contains(out, "Theorem 8 guard > 2^63 (10^") {
			t.Errorf("%v: no guard beyond 2^63 in:\n%s", args, out)
		}
		if args[1] == "--json" {
			lines := strings.Split(strings.TrimSpace(out), "\n")
			var rec analyze.Record
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rec); err != nil {
				t.Fatal(err)
			}
			if b := rec.Bounds; b == nil || !b.GuardOverflow || b.Log10Guard < 19 || b.Guard != 0 {
				t.Errorf("40x40 open maze: bounds %+v, want guard_overflow, log10_guard ≥ 19, no guard", rec.Bounds)
			}
		}
	}
}
