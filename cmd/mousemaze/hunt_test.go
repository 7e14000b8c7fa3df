package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/ladder"
)

// TestHuntCommand runs a small hunt with --json and --records, checks its
// lines and the records file, then the flags it refuses.
func TestHuntCommand(t *testing.T) {
	dir := t.TempDir()
	hunt, recs := filepath.Join(dir, "h"), filepath.Join(dir, "records.txt")
	small := filepath.Join(dir, "small.txt")
	if err := os.WriteFile(small, []byte("....\n....\n....\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"hunt", "--from", "4x4", "--to", "5x5", "--evals", "500", "--keep", "1", "--workers", "2", "--dir", hunt, "--records", recs}
	code, out, errs := runCmd(t, append(args, "--json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var runs, sizes int
	var done struct {
		Event string
		Sizes []struct {
			Size  string
			Turns int64
			Runs  int
			Maze  string
		}
	}
	for _, l := range lines {
		var e struct{ Event string }
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		switch e.Event {
		case "run":
			runs++
		case "size":
			sizes++
		case "done":
			json.Unmarshal([]byte(l), &done)
		}
	}
	// 4x4: one run from a random start; 5x5: the best 4x4 maze at 4 corners.
	if runs != 5 || sizes != 2 || len(done.Sizes) != 2 || done.Sizes[1].Runs != 4 {
		t.Fatalf("%d run lines, %d size lines, done %+v", runs, sizes, done)
	}
	rs, err := ladder.ReadRecords(recs)
	if err != nil || len(rs.List) != 2 {
		t.Fatalf("records: %+v, %v", rs, err)
	}
	for i, s := range done.Sizes {
		ms, err := mousemaze.Parse(strings.NewReader(s.Maze), "done")
		if err != nil {
			t.Fatal(err)
		}
		r, _ := mousemaze.Walk(ms[0], mousemaze.Config{})
		if r.Turns != s.Turns || rs.List[i].Turns != s.Turns || !rs.List[i].Maze.Equal(ms[0]) {
			t.Errorf("%s: done says %d turns, walks %d, records file %d", s.Size, s.Turns, r.Turns, rs.List[i].Turns)
		}
	}
	// The text form, resumed: nothing runs again and the result stands.
	code, text, errs := runCmd(t, append(args, "--resume")...)
	if code != exitOK || !strings.Contains(text, "; 5x5 turns ") || strings.Contains(errs, " run ") {
		t.Errorf("--resume of an ended hunt: exit %d\n%s\n%s", code, text, errs)
	}
	for _, c := range []struct {
		code int
		msg  string
		args []string
	}{
		{exitUsage, "--dir DIR is required", []string{"hunt"}},
		{exitUsage, "holds a hunt; use --resume", args},
		{exitUsage, "settings differ", append(slices.Clone(args), "--resume", "--keep", "2")},
		{exitUsage, "--to 6x5 must be --from 4x4 plus", []string{"hunt", "--from", "4x4", "--to", "6x5", "--dir", filepath.Join(dir, "x1")}},
		{exitUsage, "--records keeps mazes of the default rules", []string{"hunt", "--order", "RDLU", "--records", recs, "--dir", filepath.Join(dir, "x2")}},
		{exitUsage, "--free-ends does not apply", []string{"hunt", "--free-ends", "--dir", filepath.Join(dir, "x3")}},
		{exitUsage, "--resume", []string{"hunt", "--resume", "--dir", filepath.Join(dir, "x4")}},
		{exitUsage, "--seeds and --keep must be 1 or more", []string{"hunt", "--keep", "0", "--dir", filepath.Join(dir, "x5")}},
		{exitFail, "no such file", []string{"hunt", "--init", filepath.Join(dir, "nosuch"), "--dir", filepath.Join(dir, "x6")}},
		{exitUsage, "--init: a 4x4 maze, where the ladder starts at --from 12x12", []string{"hunt", "--init", small, "--dir", filepath.Join(dir, "x7")}},
	} {
		code, _, errs := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%q: exit %d, %q; want exit %d naming %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

// TestEvolveInitAt grows a maze into a larger grid with evolve --init
// --init-at, and checks the flags' errors.
func TestEvolveInitAt(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.txt")
	// The 5x5 optimum, 54 turns; at 1,1 of 6x6 the mouse walks it and one
	// turn more into the new column's path.
	if err := os.WriteFile(small, []byte("; a 5x5 maze\n..X..\nX....\n..X..\nX..X.\n.....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, at := range []string{"0,0", "1,1", "corners"} {
		code, out, errs := runCmd(t, "evolve", "--size", "6x6", "--init", small, "--init-at", at, "--evals", "1", "--deepen", "0", "--json")
		if code != exitOK {
			t.Fatalf("--init-at %s: exit %d: %s", at, code, errs)
		}
		var done struct {
			BestTurns int64 `json:"best_turns"`
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		json.Unmarshal([]byte(lines[len(lines)-1]), &done)
		if done.BestTurns < 55 {
			t.Errorf("--init-at %s: best %d turns after 1 evaluation, want the grown maze's (55 or more)", at, done.BestTurns)
		}
	}
	for _, c := range []struct {
		msg  string
		args []string
	}{
		{"--init-at needs --init", []string{"evolve", "--init-at", "1,1"}},
		{`--init-at "x": want ROW,COL`, []string{"evolve", "--size", "6x6", "--init", small, "--init-at", "x"}},
		{small + ":2: --init-at 2,0: cannot embed the maze: a 5x5 maze at 2,0 does not fit in 6x6", []string{"evolve", "--size", "6x6", "--init", small, "--init-at", "2,0"}},
		{small + ":2: the maze is 5x5, larger than --size 4x4", []string{"evolve", "--size", "4x4", "--init", small}},
	} {
		code, _, errs := runCmd(t, c.args...)
		if code != exitUsage || !strings.Contains(errs, c.msg) {
			t.Errorf("%q: exit %d, %q; want exit 2 naming %q", c.args, code, errs, c.msg)
		}
	}
}

// TestEvolveInitInfeasibleWarns wants evolve to warn, naming the file and
// line, about each --init maze the mouse cannot escape (the search
// repairs it and goes on), and to say nothing about one it can.
func TestEvolveInitInfeasibleWarns(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, maze string
		warn       string // "" for none
	}{
		{"closed.txt", ".XXX\nXXXX\nXXXX\n.XXX\n", ":1: maze 1 is infeasible (no open path from entry column 0 to exit column 0); the search starts from it repaired"},
		{"second.txt", "....\n....\n....\n....\n\n; walled in\n.XXX\nXXXX\nXXXX\nXXXX\n", ":7: maze 2 is infeasible"},
		{"open.txt", "....\n.XX.\n.X..\n....\n", ""},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.maze), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runCmd(t, "evolve", "--size", "4x4", "--init", path, "--evals", "50", "--deepen", "0", "--json")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", tc.name, code, errs)
		}
		want := "mousemaze evolve: warning: --init " + path + tc.warn
		if got := strings.Contains(errs, "warning"); tc.warn == "" && got || tc.warn != "" && !strings.Contains(errs, want) {
			t.Errorf("%s: standard error %q; want a warning %q: %v", tc.name, errs, want, tc.warn != "")
		}
	}
}
