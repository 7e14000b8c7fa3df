package slurm

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

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
