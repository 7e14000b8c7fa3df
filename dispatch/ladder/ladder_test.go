package ladder

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/backends"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// options is a small hunt, 4x4 to 6x6, in dir.
func options(t *testing.T, dir string, workers int) Options {
	t.Helper()
	return Options{
		From: mousemaze.Size{Rows: 4, Cols: 4}, To: mousemaze.Size{Rows: 6, Cols: 6},
		Grid:  evolve.GridOptions{Algo: "ils", Evals: 300, Seed: 7, Set: map[string]bool{}},
		Seeds: 1, Keep: 2, Workers: workers, Dir: dir, Every: 1 << 40,
		Open: func(dispatch.Spec) (mousemaze.Evaluator, error) {
			return mousemaze.NewEvaluator("cpu", mousemaze.Options{Workers: 1})
		},
	}
}

// summary is a hunt's result as text: every size's best turns and maze.
func summary(res Result) string {
	var b strings.Builder
	for _, s := range res.Sizes {
		b.WriteString(s.Size.String() + " " + s.Maze.String())
		b.WriteString(strings.Repeat("+", s.Runs) + "\n")
	}
	return b.String()
}

// TestHuntWorkersAgree checks that a hunt's mazes do not depend on how
// many runs go at once, and that every rung grows the one below: each
// size's best is at least the size below's plus one turn (the top-left
// placement adds exactly one, and a run never returns worse than its
// start).
func TestHuntWorkersAgree(t *testing.T) {
	var got []string
	for _, w := range []int{1, 3} {
		res, err := Hunt(options(t, t.TempDir(), w), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Sizes) != 3 || res.Interrupted {
			t.Fatalf("%d sizes, interrupted %v", len(res.Sizes), res.Interrupted)
		}
		for i, s := range res.Sizes {
			if r, err := mousemaze.Walk(s.Maze, mousemaze.Config{}); err != nil || r.Turns != s.Turns {
				t.Errorf("%s: says %d turns, walks %d (%v)", s.Size, s.Turns, r.Turns, err)
			}
			if i > 0 && s.Turns < res.Sizes[i-1].Turns+1 {
				t.Errorf("%s: %d turns, the size below had %d", s.Size, s.Turns, res.Sizes[i-1].Turns)
			}
		}
		// 4x4: one run; 5x5: its maze at 4 corners; 6x6: 2 kept mazes x 4 corners.
		if res.Sizes[0].Runs != 1 || res.Sizes[1].Runs != 4 || res.Sizes[2].Runs != 8 {
			t.Errorf("runs per size %d %d %d, want 1 4 8", res.Sizes[0].Runs, res.Sizes[1].Runs, res.Sizes[2].Runs)
		}
		got = append(got, summary(res))
	}
	if got[0] != got[1] {
		t.Errorf("1 worker:\n%s\n3 workers:\n%s", got[0], got[1])
	}
}

// TestHuntResumeExact stops a hunt in the middle of its runs, resumes it
// (twice) and wants the mazes of a hunt never stopped.
func TestHuntResumeExact(t *testing.T) {
	whole, err := Hunt(options(t, t.TempDir(), 2), false)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	o := options(t, dir, 2)
	o.stopAt = 3
	part, err := Hunt(o, false)
	if err != nil || !part.Interrupted {
		t.Fatalf("stopped hunt: interrupted %v, %v", part.Interrupted, err)
	}
	runs, _ := filepath.Glob(filepath.Join(dir, "run-*.json"))
	if len(runs) == 0 {
		t.Fatal("a stopped hunt left no run checkpoint")
	}
	// Keep one run as ended in the state, so that the resume mixes ended
	// runs, checkpoints and fresh runs.
	o.stopAt = 0
	res, err := Hunt(o, true)
	if err != nil || res.Interrupted {
		t.Fatal(err)
	}
	if a, b := summary(whole), summary(res); a != b {
		t.Errorf("never stopped:\n%s\nstopped and resumed:\n%s", a, b)
	}
	var st State
	if err := checkpoint.LoadKind(filepath.Join(dir, "hunt.json"), Kind, &st); err != nil || len(st.Runs) != 13 {
		t.Errorf("state: %d runs, %v", len(st.Runs), err)
	}
	// Resumed once more, an ended hunt runs nothing and gives the same.
	again, err := Hunt(o, true)
	if err != nil || summary(again) != summary(whole) {
		t.Errorf("resumed an ended hunt: %v\n%s", err, summary(again))
	}
}

func TestHuntSettingsAndClaim(t *testing.T) {
	dir := t.TempDir()
	if err := Claim(dir, true, false); err == nil {
		t.Error("Claim --resume of an empty dir: no error")
	}
	o := options(t, dir, 1)
	o.To = o.From
	if _, err := Hunt(o, false); err != nil {
		t.Fatal(err)
	}
	if err := Claim(dir, false, false); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("Claim of a dir with a hunt = %v", err)
	}
	if err := Claim(dir, false, true); err != nil {
		t.Errorf("Claim --force = %v", err)
	}
	o.Keep = 3
	if _, err := Hunt(o, true); !errors.Is(err, ErrSettings) {
		t.Errorf("resume with another --keep = %v, want ErrSettings", err)
	}
	o.Keep, o.To = 2, mousemaze.Size{Rows: 6, Cols: 5}
	if _, err := Hunt(o, false); err == nil || !strings.Contains(err.Error(), "--to") {
		t.Errorf("--to 6x5 from 4x4 = %v", err)
	}
	o.To, o.Init = o.From, []mousemaze.Maze{mousemaze.NewMaze(5, 5)}
	if _, err := Hunt(o, false); err == nil || !strings.Contains(err.Error(), "--init") {
		t.Errorf("a 5x5 --init from 4x4 = %v", err)
	}
}

// TestHuntRecords checks the records file: a size's best goes in when it
// beats the file's maze or the file has none; a longer maze in the file
// stays, and is grown into the next size too.
func TestHuntRecords(t *testing.T) {
	dir := t.TempDir()
	recs := filepath.Join(dir, "records.txt")
	// The 5x5 optimum (54 turns, the thesis's maze).
	long := mustMaze(t, "..X..\nX....\n..X..\nX..X.\n.....\n")
	r, _ := mousemaze.Walk(long, mousemaze.Config{})
	var rs Records
	rs.Header = []string{"; test records"}
	rs.Put(Record{Maze: long, Turns: r.Turns, Note: "the optimum"})
	var buf bytes.Buffer
	rs.Write(&buf)
	if err := os.WriteFile(recs, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	o := options(t, filepath.Join(dir, "hunt"), 2)
	o.Records, o.Keep, o.Seeds = recs, 1, 1
	var progress bytes.Buffer
	o.Progress = &progress
	res, err := Hunt(o, false)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadRecords(recs)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Sizes {
		rec, ok := got.Best(s.Size)
		want := s.Turns
		if s.Size == long.Size() && r.Turns > want {
			want = r.Turns
		}
		if !ok || rec.Turns != want {
			t.Errorf("%s: records file has %d turns (%v), want %d", s.Size, rec.Turns, ok, want)
		}
	}
	// 6x6 grew from the run's best 5x5 and from the record: 2 mazes x 4 corners.
	if rec, _ := got.Best(long.Size()); rec.Note != "the optimum" {
		t.Errorf("the 5x5 record, which no run can beat, was replaced: %q", rec.Heading())
	}
	if got.Header[0] != "; test records" || !strings.Contains(progress.String(), "a record, written to") {
		t.Errorf("header %q, progress:\n%s", got.Header, progress.String())
	}
}

func mustMaze(t *testing.T, s string) mousemaze.Maze {
	t.Helper()
	ms, err := mousemaze.Parse(strings.NewReader(s), "test")
	if err != nil {
		t.Fatal(err)
	}
	return ms[0]
}

// TestGrown checks which mazes a rung grows: the best Keep distinct mazes
// of its runs, best first and ties in run order, then the records file's
// maze of the size when it is not among them.
func TestGrown(t *testing.T) {
	sz := mousemaze.Size{Rows: 2, Cols: 2}
	m := func(w0, w1 uint64) mousemaze.Maze { return mousemaze.Maze{Rows: 2, Cols: 2, Walls: []uint64{w0, w1}} }
	runs := []Run{
		{Index: 0, Turns: 5, Walls: []uint64{0, 1}},
		{Index: 1, Turns: 7, Walls: []uint64{0, 2}},
		{Index: 2, Turns: 7, Walls: []uint64{0, 2}}, // the same maze as run 1
		{Index: 3, Turns: 6, Walls: []uint64{2, 0}},
		{Index: 4, Turns: 6, Walls: []uint64{1, 0}},
	}
	for _, c := range []struct {
		keep   int
		record *mousemaze.Maze
		want   []mousemaze.Maze
	}{
		{1, nil, []mousemaze.Maze{m(0, 2)}},
		{2, nil, []mousemaze.Maze{m(0, 2), m(2, 0)}},
		{3, nil, []mousemaze.Maze{m(0, 2), m(2, 0), m(1, 0)}},
		{2, &[]mousemaze.Maze{m(1, 1)}[0], []mousemaze.Maze{m(0, 2), m(2, 0), m(1, 1)}},
		{2, &[]mousemaze.Maze{m(2, 0)}[0], []mousemaze.Maze{m(0, 2), m(2, 0)}},
	} {
		h := &hunt{o: Options{Keep: c.keep}}
		if c.record != nil {
			h.records.Put(Record{Maze: *c.record, Turns: 9})
		}
		got := h.grown(sz, runs)
		if len(got) != len(c.want) {
			t.Fatalf("keep %d: grown %v, want %v", c.keep, got, c.want)
		}
		for i := range got {
			if !got[i].Equal(c.want[i]) {
				t.Errorf("keep %d: grown %v, want %v", c.keep, got, c.want)
			}
		}
	}
}
