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
	path := filepath.Join(t.TempDir(), "open.txt")
	if err := os.WriteFile(path, []byte("..\n..\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "eval", "--json", "--k", "1", "--order", "RULD", "--backend", "ref", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `"turns":3,"visits":1,"escaped":false,"feasible":true,"trapped":true,"cycle_start":1,"cycle_len":2,"mousetrap_turn":1}`
	if !strings.HasSuffix(strings.TrimSpace(out), want) {
		t.Errorf("got %s, want it to end in %s", out, want)
	}
	code, out, _ = runCmd(t, "eval", "--k", "1", "--order", "RULD", path)
	if code != 0 || !strings.Contains(out, "trapped  cycle  mousetrap") || !strings.Contains(out, "yes    1+2          1") {
		t.Errorf("exit %d, table:\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "eval", "--k", "-2", path); code != exitUsage {
		t.Errorf("--k -2: exit %d, want %d", code, exitUsage)
	}
}
