package slurm

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
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
		i, n            int
		err             string
	}{
		{"3/16", "", "", 3, 16, ""},
		{"", "5", "16", 5, 16, ""},
		{"0/1", "7", "8", 0, 1, ""}, // --task wins
		{"", "", "", 0, 0, "not in a Slurm array"},
		{"16/16", "", "", 0, 0, "want 0 ≤ i < N"},
		{"3-16", "", "", 0, 0, "want i/N"},
		{"", "x", "4", 0, 0, "want i/N"},
	}
	for _, c := range cases {
		env := map[string]string{"SLURM_ARRAY_TASK_ID": c.id, "SLURM_ARRAY_TASK_COUNT": c.count}
		sh, err := TaskIndex(c.spec, func(k string) string { return env[k] })
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("TaskIndex(%q, %q/%q) error %v, want %q", c.spec, c.id, c.count, err, c.err)
			}
			continue
		}
		if err != nil || sh.Index != c.i || sh.Count != c.n {
			t.Errorf("TaskIndex(%q, %q/%q) = %v, %v; want %d/%d", c.spec, c.id, c.count, sh, err, c.i, c.n)
		}
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
	j, err := NewSweepJob(sz, mousemaze.Config{}, false, time.Minute, 3000, 0, 0)
	if err != nil || j.Tasks != 1000 || j.Shards != 3000 || j.Size != "4x4" || j.Order != "DRLU" || j.CheckpointEvery != "1m0s" {
		t.Errorf("sweep job %+v, %v", j, err)
	}
	for _, c := range []struct {
		sz            mousemaze.Size
		shards, tasks int
		want          string
	}{
		{sz, 0, 0, "--shards is required"},
		{mousemaze.Size{Rows: 9, Cols: 8}, 4, 0, "at most 64 cells"},
		{sz, 4, 5, "--tasks 5: want 1 to --shards (4)"},
	} {
		if _, err := NewSweepJob(c.sz, mousemaze.Config{}, false, time.Minute, c.shards, 0, c.tasks); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("sweep %v %d/%d: %v, want %q", c.sz, c.shards, c.tasks, err, c.want)
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
	if _, err := NewEvolveJob(p, dispatch.ObjTurns, false, time.Second, 0, 0, 10); err == nil || !strings.Contains(err.Error(), "--islands 0") {
		t.Errorf("0 islands: %v", err)
	}
	if err := j.SetBestOnly(20); err == nil {
		t.Error("best-only evolve job: no error")
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
