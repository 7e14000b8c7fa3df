package ladder

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
)

// TestHuntResumeRefusesBadState edits the state file of an ended hunt,
// as a damaged or hand-edited hunt.json would be, and wants a resume to
// fail with an error naming the file, the run and the fault, never a
// panic; the unedited file resumes.
func TestHuntResumeRefusesBadState(t *testing.T) {
	dir := t.TempDir()
	o := options(t, dir, 1)
	o.From, o.To, o.Keep = mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Size{Rows: 4, Cols: 4}, 1
	if _, err := Hunt(o, false); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "hunt.json")
	var good State
	if err := checkpoint.LoadKind(path, Kind, &good); err != nil {
		t.Fatal(err)
	}
	if len(good.Runs) != 5 || good.Runs[0].Size != "3x3" {
		t.Fatalf("the hunt ended %d runs, the first of %s", len(good.Runs), good.Runs[0].Size)
	}
	cases := []struct {
		name string
		edit func(runs []Run) []Run
		msg  string // "" for a state that resumes
	}{
		{"unedited", func(rs []Run) []Run { return rs }, ""},
		{"no walls", func(rs []Run) []Run { rs[0].Walls = nil; return rs }, "runs[0] (3x3 run 0): walls holds 0 rows; a 3x3 maze has 3"},
		{"walls off the grid", func(rs []Run) []Run { rs[1].Walls[0] = 1 << 10; return rs }, "runs[1] (4x4 run 0): walls: "},
		{"negative turns", func(rs []Run) []Run { rs[0].Turns = -1; return rs }, "not the -1 it records"},
		{"false turns", func(rs []Run) []Run { rs[0].Turns = 1e9; return rs }, "not the 1000000000 it records"},
		{"infeasible", func(rs []Run) []Run { rs[0].Walls = []uint64{7, 7, 7}; return rs }, "its maze is infeasible"},
		{"size off the ladder", func(rs []Run) []Run { rs[0].Size = "9x9"; return rs }, `size "9x9" is not one of the hunt's, 3x3 to 4x4`},
		{"another seed", func(rs []Run) []Run { rs[0].Seed += 5; return rs }, "where the hunt gives this run seed"},
		{"twice", func(rs []Run) []Run { return append(rs, rs[0]) }, "the run is listed twice"},
		{"negative index", func(rs []Run) []Run { rs[0].Index = -1; return rs }, "index -1 is negative"},
		{"negative evals", func(rs []Run) []Run { rs[2].Evals = -3; return rs }, "none can be negative"},
		{"bad placement", func(rs []Run) []Run { rs[2].At = "x"; return rs }, `at "x"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := good
			st.Runs = nil
			data, err := json.Marshal(good.Runs)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &st.Runs); err != nil { // a deep copy
				t.Fatal(err)
			}
			st.Runs = c.edit(st.Runs)
			if err := checkpoint.Save(path, st); err != nil {
				t.Fatal(err)
			}
			res, err := Hunt(o, true)
			if c.msg == "" {
				if err != nil || len(res.Sizes) != 2 {
					t.Errorf("resume: %d sizes, %v", len(res.Sizes), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), path+": ") || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("resume = %v; want an error naming %s with %q", err, path, c.msg)
			}
		})
	}
}

// TestReadRecordsChecksTurns wants ReadRecords to walk every record and
// refuse a heading whose turns are not its maze's walk, naming the file
// and the heading's line.
func TestReadRecordsChecksTurns(t *testing.T) {
	dir := t.TempDir()
	maze := "...\n.X.\n...\n"
	r, err := mousemaze.Walk(mustMaze(t, maze), mousemaze.Config{})
	if err != nil || !r.Escaped {
		t.Fatal(r, err)
	}
	for _, c := range []struct {
		name, text, msg string // msg "" for a file that reads
	}{
		{"true turns", "; a header\n\n; 3x3 turns " + itoa(r.Turns) + ": found\n" + maze, ""},
		{"false turns", "; a header\n\n; 3x3 turns 99: fake\n" + maze, ":3: the heading says 99 turns, but the maze walks " + itoa(r.Turns)},
		{"infeasible", "; 3x3 turns 4: walled in\n.X.\nX..\n...\n", ":1: the maze is infeasible"},
		{"second record false", "; 3x3 turns " + itoa(r.Turns) + ": ok\n" + maze + "\n; 2x2 turns 50: fake\n..\n..\n", ":6: the heading says 50 turns"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".txt")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			rs, err := ReadRecords(path)
			if c.msg == "" {
				if err != nil || len(rs.List) != 1 || rs.List[0].Turns != r.Turns {
					t.Errorf("ReadRecords = %+v, %v", rs, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), path+c.msg) {
				t.Errorf("ReadRecords = %v; want an error with %q", err, path+c.msg)
			}
		})
	}
}

// itoa writes n in decimal.
func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestHuntRecordsUnderCap runs a hunt whose walks are capped into a
// records file: the file gets the true turns of each size's best maze,
// which a later ReadRecords checks, not the capped ones.
func TestHuntRecordsUnderCap(t *testing.T) {
	dir := t.TempDir()
	o := options(t, filepath.Join(dir, "hunt"), 1)
	o.From, o.To, o.Keep = mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Size{Rows: 4, Cols: 4}, 1
	o.Grid.Config.Cap = 6
	o.Records = filepath.Join(dir, "records.txt")
	res, err := Hunt(o, false)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := ReadRecords(o.Records)
	if err != nil {
		t.Fatal(err)
	}
	beyond := false
	for _, b := range res.Sizes {
		rec, ok := rs.Best(b.Size)
		walk, err := mousemaze.Walk(b.Maze, mousemaze.Config{})
		if err != nil || !ok || b.Turns > 6 || rec.Turns != walk.Turns {
			t.Errorf("%s: the run's best %d turns (capped at 6), the record %d (%v), the walk %d (%v)", b.Size, b.Turns, rec.Turns, ok, walk.Turns, err)
		}
		beyond = beyond || rec.Turns > 6
	}
	if !beyond {
		t.Error("no record beyond the cap: the test shows nothing")
	}
}

// TestPlanNothingBelow wants a rung above the first with no maze to grow
// to be an error, not a panic.
func TestPlanNothingBelow(t *testing.T) {
	h := &hunt{o: Options{Seeds: 1}}
	if _, err := h.plan(1, mousemaze.Size{Rows: 4, Cols: 4}, nil); err == nil || !strings.Contains(err.Error(), "no maze of 3x3 could be grown into 4x4") {
		t.Errorf("plan with nothing below = %v", err)
	}
}
