package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAnalyzeText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tree.txt")
	if err := os.WriteFile(path, []byte("...\nX.X\n...\n.XX\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "analyze", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"turns 9, loop-less yes", "thesis prediction 11 turns", "T3 2n+2 (last priority), predicted 4, walk 2", "Lemma 6 holds"} {
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
		var rec analyzeRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Turns != wantTurns[i] || rec.Loopless || rec.Bounds == nil || rec.Bounds.Lemma6 != "" || rec.Bounds.Turns >= rec.Bounds.Guard {
			t.Errorf("record %d: %+v", i, rec)
		}
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
