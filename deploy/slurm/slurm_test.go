package slurm

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
	"github.com/mousemaze/mousemaze/dispatch/island"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// TestScripts wants the embedded scripts to be the files of this
// directory, each naming its kind and running `mousemaze slurm task`.
func TestScripts(t *testing.T) {
	for _, kind := range []string{"sweep", "evolve"} {
		got, err := os.ReadFile(kind + ".sbatch")
		if err != nil {
			t.Fatal(err)
		}
		s := Script(kind)
		if string(got) != s || !strings.Contains(s, "#SBATCH --job-name=mousemaze-"+kind+"\n") || !strings.Contains(s, `exec "$mm" slurm task`) {
			t.Errorf("Script(%q) is not %s.sbatch or lacks its job name", kind, kind)
		}
	}
}

func TestCommand(t *testing.T) {
	s := Submission{Dir: "/d", Kind: "evolve", Tasks: 8, CPUs: 4, Gres: "gpu:1", Time: "1:00:00", Binary: "/opt/mm", Sbatch: "sbatch"}
	want := "sbatch --parsable --array=0-7 --output=/d/logs/%A_%a.out --cpus-per-task=4 --gres=gpu:1 --time=1:00:00 --export=ALL,MOUSEMAZE=/opt/mm /d/evolve.sbatch /d"
	if got := ShellJoin(s.Command()); got != want {
		t.Errorf("Command\n got %s\nwant %s", got, want)
	}
	if got := ShellJoin([]string{"a b", "it's", ""}); got != `'a b' 'it'\''s' ''` {
		t.Errorf("ShellJoin = %s", got)
	}
}

func TestTaskIndex(t *testing.T) {
	cases := []struct {
		spec, id, count string
		tasks           int
		i, n            int
		err             string
	}{
		{"3/16", "", "", 16, 3, 16, ""},
		{"", "5", "16", 16, 5, 16, ""},
		{"0/1", "7", "8", 8, 0, 1, ""}, // --task wins
		// Only the missing indices 3 and 7 of 8 submitted again: the
		// array's count is 2, the run's tasks still 8.
		{"", "7", "2", 8, 7, 8, ""},
		{"", "3", "2", 8, 3, 8, ""},
		{"", "8", "2", 8, 0, 0, `SLURM_ARRAY_TASK_ID "8": want a task index in 0..7 (the run's 8 tasks)`},
		{"", "", "", 8, 0, 0, "not in a Slurm array"},
		{"16/16", "", "", 16, 0, 0, "want 0 ≤ i < N"},
		{"3-16", "", "", 16, 0, 0, "want i/N"},
		{"", "x", "4", 4, 0, 0, `SLURM_ARRAY_TASK_ID "x"`},
	}
	for _, c := range cases {
		env := map[string]string{"SLURM_ARRAY_TASK_ID": c.id, "SLURM_ARRAY_TASK_COUNT": c.count}
		sh, err := TaskIndex(c.spec, c.tasks, func(k string) string { return env[k] })
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("TaskIndex(%q, %d, %q/%q) error %v, want %q", c.spec, c.tasks, c.id, c.count, err, c.err)
			}
			continue
		}
		if err != nil || sh.Index != c.i || sh.Count != c.n {
			t.Errorf("TaskIndex(%q, %d, %q/%q) = %v, %v; want %d/%d", c.spec, c.tasks, c.id, c.count, sh, err, c.i, c.n)
		}
	}
}

// TestRecover checks a task's checkpoint before it resumes: absent or
// whole is fine, torn is an error naming the file and the ways out, and
// with force it is removed.
func TestRecover(t *testing.T) {
	dir := t.TempDir()
	whole, torn := filepath.Join(dir, "whole.json"), filepath.Join(dir, "torn.json")
	os.WriteFile(whole, []byte(`{"key":"x"}`), 0o644)
	os.WriteFile(torn, []byte(`{"key":"x","do`), 0o644)
	var log strings.Builder
	for _, path := range []string{whole, filepath.Join(dir, "none.json")} {
		if err := Recover(path, "shard 1/4", false, &log); err != nil {
			t.Errorf("Recover(%s): %v", path, err)
		}
	}
	err := Recover(torn, "shard 1/4", false, &log)
	want := "shard 1/4: its checkpoint " + torn + " is unreadable"
	if err == nil || !errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), "; remove it to start shard 1/4 again, or run the task with --force") {
		t.Fatalf("Recover of a torn file: %v", err)
	}
	if _, err := os.Stat(torn); err != nil {
		t.Fatal("Recover without force removed the file")
	}
	if err := Recover(torn, "shard 1/4", true, &log); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(torn); !os.IsNotExist(err) || !strings.Contains(log.String(), "removed the unreadable checkpoint "+torn) {
		t.Errorf("Recover with force: stat %v, log %q", err, log.String())
	}
}

func TestRanges(t *testing.T) {
	cases := []struct {
		in   []int
		want string
	}{
		{nil, "none"},
		{[]int{4}, "4"},
		{[]int{1, 3}, "1, 3"},
		{[]int{0, 1, 2, 5, 7, 8}, "0-2, 5, 7-8"},
	}
	for _, c := range cases {
		if got := Ranges(c.in); got != c.want {
			t.Errorf("Ranges(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestNewJobs checks the jobs' defaults and the errors that name a flag.
func TestNewJobs(t *testing.T) {
	sz := mousemaze.Size{Rows: 4, Cols: 4}
	j, err := NewSweepJob(mousemaze.Size{Rows: 5, Cols: 5}, mousemaze.Config{}, false, time.Minute, 3000, 0, 0)
	if err != nil || j.Tasks != 1000 || j.Shards != 3000 || j.Size != "5x5" || j.Order != "DRLU" || j.CheckpointEvery != "1m0s" {
		t.Errorf("sweep job %+v, %v", j, err)
	}
	if j, err := NewSweepJob(sz, mousemaze.Config{}, false, time.Minute, 744, 0, 0); err != nil || j.Shards != 744 || j.Tasks != 744 {
		t.Errorf("one shard per task of 4x4: %+v, %v", j, err)
	}
	three := mousemaze.Size{Rows: 3, Cols: 3}
	for _, c := range []struct {
		sz                   mousemaze.Size
		shards, split, tasks int
		want                 string
	}{
		{sz, 0, 0, 0, "--shards is required"},
		{mousemaze.Size{Rows: 9, Cols: 8}, 4, 0, 0, "at most 64 cells"},
		{sz, 4, 0, 5, "--tasks 5: want 1 to --shards (4)"},
		{three, 1000000000, 0, 1, "--shards 1000000000: at most 4194304"},
		{three, mousemaze.MaxShards + 1, 0, 1, "--shards 4194305: at most 4194304"},
		{three, 20, 0, 1, "--shards 20: the 3x3 sweep has 19 tasks at the automatic split depth, so at most 19 shards"},
		{sz, 745, 0, 0, "the 4x4 sweep has 744 tasks"},
		{three, 4, 2, 0, "--shards 4: the 3x3 sweep has 3 tasks at split depth 2, so at most 3 shards"},
		{three, 2, -1, 0, "--split-depth -1: want 0 (automatic) to 9, the cells of 3x3"},
		{three, 2, 10, 0, "--split-depth 10: want 0 (automatic) to 9"},
	} {
		if _, err := NewSweepJob(c.sz, mousemaze.Config{}, false, time.Minute, c.shards, c.split, c.tasks); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sweep %v %d shards, split %d, %d tasks: %v, want %q", c.sz, c.shards, c.split, c.tasks, err, c.want)
		}
	}
	for _, shards := range []int{1, 19} {
		if _, err := NewSweepJob(three, mousemaze.Config{}, false, time.Minute, shards, 0, 1); err != nil {
			t.Errorf("3x3 in %d shards: %v", shards, err)
		}
	}
	if err := j.SetBestOnly(0); err == nil {
		t.Error("best-only from incumbent 0: no error")
	}
	if err := j.SetBestOnly(20); err != nil || !j.BestOnly || j.Incumbent != 20 {
		t.Errorf("best-only from 20: %+v, %v", j, err)
	}
	p, _ := dispatch.Preset(dispatch.AlgoMemetic)
	p.Rows, p.Cols, p.Order, p.Evals, p.Seed = 5, 5, "DRLU", 1000, 9
	j, err = NewEvolveJob(p, dispatch.ObjTurns, false, time.Second, 6, 0, 10)
	if err != nil || j.Kind != "evolve" || j.Tasks != 6 || j.Seed != 9 || j.Spec == nil || j.Spec.Evals != 1000 || j.MigrateEvery != 10 {
		t.Errorf("evolve job %+v, %v", j, err)
	}
	for islands, want := range map[int]string{0: "--islands 0: must be 1 or more", mousemaze.MaxShards + 1: "--islands 4194305: at most 4194304"} {
		if _, err := NewEvolveJob(p, dispatch.ObjTurns, false, time.Second, islands, 0, 10); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%d islands: %v, want %q", islands, err, want)
		}
	}
	if err := j.SetBestOnly(20); err == nil {
		t.Error("best-only evolve job: no error")
	}
}

// TestNewJob checks the job of each kind from its options and the errors,
// which name the flags: the rules on the size, the search's spec and one
// task per island.
func TestNewJob(t *testing.T) {
	sz := mousemaze.Size{Rows: 4, Cols: 4}
	grid := evolve.GridOptions{Algo: dispatch.AlgoMemetic, Size: sz, Objective: dispatch.ObjTurns, Evals: 1000, Seed: 3}
	j, err := NewJob(JobOptions{Kind: "evolve", Grid: grid, Every: time.Second, Islands: 4, MigrateEvery: 5}, nil)
	if err != nil || j.Kind != "evolve" || j.Tasks != 4 || j.Seed != 3 || j.MigrateEvery != 5 || j.Spec == nil || j.Size != "4x4" {
		t.Errorf("evolve job %+v, %v", j, err)
	}
	j, err = NewJob(JobOptions{Kind: "sweep", Grid: evolve.GridOptions{Size: sz, FreeEnds: true}, Every: time.Minute, Shards: 8, Tasks: 2}, nil)
	if err != nil || j.Kind != "sweep" || j.Tasks != 2 || j.Shards != 8 || !j.FreeEnds || j.Size != "4x4" {
		t.Errorf("sweep job %+v, %v", j, err)
	}
	wide := evolve.GridOptions{Size: sz, Config: mousemaze.Config{Entry: 4}}
	for _, c := range []struct {
		o    JobOptions
		want string
	}{
		{JobOptions{Kind: "evolve", Grid: grid, Every: time.Second, Islands: 4, MigrateEvery: 5, Tasks: 3}, "--tasks 3 and --islands 4: one task runs one island"},
		{JobOptions{Kind: "evolve", Grid: evolve.GridOptions{Algo: "nope", Size: sz, Evals: 1}, Every: time.Second, Islands: 4, MigrateEvery: 5}, "nope"},
		{JobOptions{Kind: "sweep", Grid: wide, Every: time.Minute, Shards: 8}, "on a 4x4 grid"},
		{JobOptions{Kind: "sweep", Grid: evolve.GridOptions{Size: sz}, Every: time.Minute, Shards: 8, InitFile: "x.txt"}, "--init applies to --best-only"},
	} {
		if _, err := NewJob(c.o, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
}

// TestLoadJobBestOnly checks that job.json's best-only fields come back
// and that a best-only sweep without an incumbent is refused.
func TestLoadJobBestOnly(t *testing.T) {
	for _, c := range []struct {
		extra string
		ok    bool
	}{
		{`"best_only":true,"incumbent":27`, true},
		{`"best_only":true`, false},
		{`"incumbent":27`, false},
	} {
		dir := t.TempDir()
		js := `{"kind":"sweep","version":1,"tasks":1,"size":"4x4","order":"DRLU","entry":0,"exit":0,"checkpoint_every":"1m0s","shards":2,` + c.extra + `}`
		if err := os.WriteFile(JobFile(dir), []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
		j, err := LoadJob(dir)
		if c.ok && (err != nil || !j.BestOnly || j.Incumbent != 27) || !c.ok && err == nil {
			t.Errorf("%s: %+v, %v", c.extra, j, err)
		}
	}
}

// TestPrepareDryRun prepares a submission from a relative directory and
// wants absolute paths, the job's array, and a dry run that prints
// job.json, the script and the sbatch line and writes nothing.
func TestPrepareDryRun(t *testing.T) {
	t.Chdir(t.TempDir())
	job, err := NewSweepJob(mousemaze.Size{Rows: 4, Cols: 4}, mousemaze.Config{Order: mousemaze.DRLU}, false, time.Second, 6, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := Submission{Kind: "sweep", CPUs: 1, Binary: "bin/mm", Sbatch: "sbatch"}
	if err := s.Prepare("run", job); err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if s.Dir != filepath.Join(wd, "run") || s.Binary != filepath.Join(wd, "bin/mm") || s.Tasks != 3 {
		t.Errorf("prepared %+v", s)
	}
	var back Job
	if err := json.Unmarshal(job.JSON(), &back); err != nil || back.Shards != 6 || back.Tasks != 3 || !bytes.HasSuffix(job.JSON(), []byte("}\n")) {
		t.Errorf("JSON %s: %+v, %v", job.JSON(), back, err)
	}
	var out strings.Builder
	s.DryRun(&out, job)
	for _, want := range []string{"# " + JobFile(s.Dir) + "\n" + string(job.JSON()), Script("sweep"), "# submit with:\n" + ShellJoin(s.Command()) + "\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("dry run lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := os.Stat(s.Dir); err == nil {
		t.Error("the dry run made the directory")
	}
}

// TestNewBestOnlySweepJob wants the incumbent of a best-only job to be
// that of the init file, logged; a bad init file is an error.
func TestNewBestOnlySweepJob(t *testing.T) {
	dir := t.TempDir()
	maze := filepath.Join(dir, "m.txt")
	m := mousemaze.NewMaze(3, 3)
	if err := os.WriteFile(maze, []byte(m.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	o := sweep.Options{Size: mousemaze.Size{Rows: 3, Cols: 3}, Config: mousemaze.Config{Order: mousemaze.DRLU}}
	var log strings.Builder
	j, err := NewBestOnlySweepJob(o, time.Second, 2, 0, 0, maze, &log)
	res, werr := mousemaze.Walk(m, o.Config)
	if err != nil || werr != nil || !j.BestOnly || j.Incumbent != res.Turns || !strings.Contains(log.String(), "best-only: incumbent") {
		t.Errorf("job %+v, %v; walk %+v, %v; log %q", j, err, res, werr, log.String())
	}
	if _, err := NewBestOnlySweepJob(o, time.Second, 2, 0, 0, filepath.Join(dir, "none"), &log); err == nil {
		t.Error("a missing init file: no error")
	}
	if _, err := NewBestOnlySweepJob(o, time.Second, 0, 0, 0, maze, &log); err == nil || !strings.Contains(err.Error(), "--shards") {
		t.Errorf("no shards: %v", err)
	}
}

// TestPrepareIsland wants the island's directories made and an unreadable
// checkpoint refused, or removed with force.
func TestPrepareIsland(t *testing.T) {
	dir := t.TempDir()
	if err := PrepareIsland(dir, 1, false, nil); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(IslandDir(dir)); err != nil || !st.IsDir() {
		t.Fatalf("no island directory: %v", err)
	}
	ck := TaskCheckpoint(dir, "island", 1)
	if err := os.WriteFile(ck, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := PrepareIsland(dir, 1, false, nil); err == nil || !strings.Contains(err.Error(), "island 1") {
		t.Errorf("unreadable checkpoint: %v", err)
	}
	var log strings.Builder
	if err := PrepareIsland(dir, 1, true, &log); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ck); err == nil {
		t.Error("--force kept the unreadable checkpoint")
	}
}

// TestMergeIslands writes one of two islands and wants the merge refused
// naming the missing one, or with partial the best so far and a note;
// with both written, the summary and no note.
func TestMergeIslands(t *testing.T) {
	dir := t.TempDir()
	if err := PrepareIslands(dir); err != nil {
		t.Fatal(err)
	}
	s := island.SearchOf(dispatch.Spec{Rows: 2, Cols: 2, Order: "DRLU"})
	open := island.Maze{Walls: mousemaze.NewMaze(2, 2).Walls, Turns: 3}
	write := func(i int) {
		if err := island.Write(IslandDir(dir), island.File{Island: i, Islands: 2, Search: s, Done: true, Best: []island.Maze{open}}); err != nil {
			t.Fatal(err)
		}
	}
	write(0)
	if _, _, err := MergeIslands(dir, 2, false); err == nil || !strings.Contains(err.Error(), "1 of 2 islands are not finished (missing: 1") || !strings.Contains(err.Error(), "--partial") {
		t.Errorf("one of two: %v", err)
	}
	sum, note, err := MergeIslands(dir, 2, true)
	if err != nil || sum == nil || sum.Complete || !strings.HasPrefix(note, "1 of 2 islands are not finished") {
		t.Errorf("--partial: %+v, %q, %v", sum, note, err)
	}
	write(1)
	if sum, note, err := MergeIslands(dir, 2, false); err != nil || !sum.Complete || note != "" || sum.BestTurns != 3 {
		t.Errorf("both: %+v, %q, %v", sum, note, err)
	}
}

// TestParseJobID checks the job id read from sbatch --parsable, and the
// error for output without one (an sbatch wrapper that prints nothing,
// or words).
func TestParseJobID(t *testing.T) {
	for _, c := range []struct{ out, want, err string }{
		{"42\n", "42", ""},
		{"42;cluster\n", "42", ""},
		{" 7 ;c\nmore\n", "7", ""},
		{"", "", `/bin/true exited 0 but printed no job id (its output: ""`},
		{"Submitted batch job 42\n", "", `its output: "Submitted batch job 42\n"`},
		{";cluster", "", "printed no job id"},
	} {
		id, err := ParseJobID(c.out, "/bin/true")
		if id != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %q, %v; want %q, %q", c.out, id, err, c.want, c.err)
		}
		if err != nil && !strings.Contains(err.Error(), "check squeue") {
			t.Errorf("%q: %v does not say to check the queue", c.out, err)
		}
	}
}
