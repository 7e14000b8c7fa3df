package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/deploy/slurm"
)

func TestSlurmDryRun(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		// cmd is the sbatch line printed, with DIR for the directory.
		cmd, stderr string
	}{
		{"sweep", []string{"sweep", "--size", "8x8", "--shards", "1000"}, exitOK,
			"sbatch --parsable --array=0-999 --output=DIR/logs/%A_%a.out --cpus-per-task=1 --export=ALL,MOUSEMAZE=/opt/mm DIR/sweep.sbatch DIR", ""},
		{"sweep with gpus", []string{"sweep", "--size", "5x5", "--shards", "64", "--tasks", "16", "--gres", "gpu:1", "--partition", "gpu", "--time", "1:00:00", "--cpus", "4"}, exitOK,
			"sbatch --parsable --array=0-15 --output=DIR/logs/%A_%a.out --cpus-per-task=4 --gres=gpu:1 --partition=gpu --time=1:00:00 --export=ALL,MOUSEMAZE=/opt/mm DIR/sweep.sbatch DIR", ""},
		{"evolve", []string{"evolve", "--islands", "8", "--gres", "gpu:1"}, exitOK,
			"sbatch --parsable --array=0-7 --output=DIR/logs/%A_%a.out --cpus-per-task=1 --gres=gpu:1 --export=ALL,MOUSEMAZE=/opt/mm DIR/evolve.sbatch DIR", ""},
		{"no shards", []string{"sweep", "--size", "5x5"}, exitUsage, "", "--shards is required"},
		{"more tasks than shards", []string{"sweep", "--size", "5x5", "--shards", "4", "--tasks", "5"}, exitUsage, "", "--tasks 5: want 1 to --shards (4)"},
		{"too big", []string{"sweep", "--size", "9x8", "--shards", "4"}, exitUsage, "", "at most 64 cells"},
		{"no size", []string{"sweep", "--shards", "4"}, exitUsage, "", "--size is required"},
		{"shards past the most", []string{"sweep", "--size", "3x3", "--shards", "1000000000", "--tasks", "1"}, exitUsage, "", "--shards 1000000000: at most 4194304"},
		{"shards past the tasks", []string{"sweep", "--size", "3x3", "--shards", "20", "--tasks", "1"}, exitUsage, "",
			"--shards 20: the 3x3 sweep has 19 tasks at the automatic split depth, so at most 19 shards"},
		{"shards past the tasks of a split depth", []string{"sweep", "--size", "3x3", "--shards", "4", "--split-depth", "2"}, exitUsage, "",
			"--shards 4: the 3x3 sweep has 3 tasks at split depth 2"},
		{"split depth", []string{"sweep", "--size", "3x3", "--shards", "2", "--split-depth", "-1"}, exitUsage, "", "--split-depth -1: want 0 (automatic) to 9"},
		{"one shard per task", []string{"sweep", "--size", "3x3", "--shards", "19", "--tasks", "1"}, exitOK,
			"sbatch --parsable --array=0-0 --output=DIR/logs/%A_%a.out --cpus-per-task=1 --export=ALL,MOUSEMAZE=/opt/mm DIR/sweep.sbatch DIR", ""},
		{"islands past the most", []string{"evolve", "--islands", "5000000"}, exitUsage, "", "--islands 5000000: at most 4194304"},
		{"islands and tasks", []string{"evolve", "--islands", "4", "--tasks", "5"}, exitUsage, "", "one task runs one island"},
		{"bad algo", []string{"evolve", "--algo", "magic"}, exitUsage, "", `--algo "magic"`},
		{"bad exit", []string{"evolve", "--size", "5x5", "--exit", "5"}, exitUsage, "", "on a 5x5 grid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			args := append([]string{"slurm"}, c.args...)
			args = append(args, "--dir", dir, "--binary", "/opt/mm", "--dry-run")
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			if code != c.code || !strings.Contains(errb.String(), c.stderr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errb.String(), c.code, c.stderr)
			}
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("--dry-run created %s", dir)
			}
			if code != exitOK {
				return
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if got := strings.ReplaceAll(lines[len(lines)-1], dir, "DIR"); got != c.cmd {
				t.Errorf("sbatch line\n got %s\nwant %s", got, c.cmd)
			}
			if !strings.Contains(out.String(), slurm.Script(c.args[0])) {
				t.Errorf("the script is not printed:\n%s", out.String())
			}
		})
	}
}

// fakeSbatch writes a script that records its arguments and answers as
// sbatch --parsable does.
func fakeSbatch(t *testing.T) (path, argsFile string) {
	t.Helper()
	dir := t.TempDir()
	path, argsFile = filepath.Join(dir, "sbatch"), filepath.Join(dir, "args")
	script := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + argsFile + "\necho '42;cluster'\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, argsFile
}

// TestSlurmSubmit submits through a fake sbatch and checks what is written
// to the directory and passed to sbatch; a second submission of another
// run to the same directory is refused, of the same run allowed.
func TestSlurmSubmit(t *testing.T) {
	sb, argsFile := fakeSbatch(t)
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"slurm", "sweep", "--size", "4x4", "--shards", "6", "--tasks", "3", "--dir", dir, "--binary", "/opt/mm", "--sbatch", sb}
	var out, errb bytes.Buffer
	if code := run(args, &out, &errb); code != exitOK || out.String() != "42\n" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out.String(), errb.String())
	}
	got, _ := os.ReadFile(argsFile)
	want := strings.Join([]string{"--parsable", "--array=0-2", "--output=" + dir + "/logs/%A_%a.out", "--cpus-per-task=1",
		"--export=ALL,MOUSEMAZE=/opt/mm", dir + "/sweep.sbatch", dir}, "\n") + "\n"
	if string(got) != want {
		t.Errorf("sbatch got\n%s\nwant\n%s", got, want)
	}
	job, err := slurm.LoadJob(dir)
	if err != nil {
		t.Fatal(err)
	}
	wantJob := slurm.Job{Kind: "sweep", Version: 1, Tasks: 3, Size: "4x4", Order: "DRLU", CheckpointEvery: "30s", Shards: 6}
	if *job != wantJob {
		t.Errorf("job.json %+v, want %+v", *job, wantJob)
	}
	if s, _ := os.ReadFile(filepath.Join(dir, "sweep.sbatch")); string(s) != slurm.Script("sweep") {
		t.Errorf("sweep.sbatch is not the script")
	}
	if code := run(args, &out, &errb); code != exitOK {
		t.Errorf("the same run submitted again: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	// --no-submit writes the directory and prints the sbatch line only.
	other := filepath.Join(t.TempDir(), "other")
	out.Reset()
	if code := run([]string{"slurm", "evolve", "--dir", other, "--binary", "/opt/mm", "--sbatch", "/nonexistent", "--no-submit"}, &out, &errb); code != exitOK ||
		!strings.HasPrefix(out.String(), "/nonexistent --parsable --array=0-3 ") {
		t.Errorf("--no-submit: exit %d, stdout %q, stderr %s", code, out.String(), errb.String())
	}
	if job, err := slurm.LoadJob(other); err != nil || job.Kind != "evolve" || job.Tasks != 4 || job.Size != "13x13" {
		t.Errorf("--no-submit job.json: %+v, %v", job, err)
	}
	args[3] = "5x5"
	if code := run(args, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "holds another run") {
		t.Errorf("another run in the same dir: exit %d, %s", code, errb.String())
	}
}

// slurmRun runs the command line and fails the test unless it exits 0; it
// returns the standard output and the standard error, where the tasks log.
func slurmRun(t *testing.T, args ...string) (string, string) {
	t.Helper()
	code, out, errs := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	return out, errs
}

// TestSlurmSweepTasks runs the two tasks of a 4x4 sweep of 5 shards by
// hand (task 0 takes shards 0, 2, 4; task 1 shards 1, 3) and wants the
// merge to refuse, naming the missing shards, until both ran, and then to
// equal one process's sweep. A shard whose report is lost but whose
// checkpoint survives is resumed from it.
func TestSlurmSweepTasks(t *testing.T) {
	sweepProgress = nil
	sb, _ := fakeSbatch(t)
	dir := filepath.Join(t.TempDir(), "run")
	slurmRun(t, "slurm", "sweep", "--size", "4x4", "--shards", "5", "--tasks", "2", "--dir", dir, "--sbatch", sb)
	_, log := slurmRun(t, "slurm", "task", "--task", "0/2", "--workers", "1", dir)
	for _, s := range []string{"shard 0/5: ", "shard 2/5: ", "shard 4/5: "} {
		if !strings.Contains(log, s) {
			t.Errorf("task 0 log lacks %q:\n%s", s, log)
		}
	}
	if strings.Contains(log, "shard 1/5") {
		t.Errorf("task 0 ran shard 1:\n%s", log)
	}
	for _, cmd := range [][]string{{"sweep-merge", dir}, {"slurm", "merge", dir}} {
		var out, errb bytes.Buffer
		if code := run(cmd, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "2 of 5 shards are missing: 1, 3") {
			t.Errorf("%v before task 1: exit %d, %s", cmd, code, errb.String())
		}
	}
	slurmRun(t, "slurm", "task", "--task", "1/2", "--workers", "1", dir)
	whole := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet")
	if merged := runSweepJSON(t, "sweep-merge", "--json", dir); !reflect.DeepEqual(merged, whole) {
		t.Errorf("merged tasks differ from one run:\n got %v\nwant %v", merged, whole)
	}
	if merged := runSweepJSON(t, "slurm", "merge", "--json", dir); !reflect.DeepEqual(merged, whole) {
		t.Errorf("slurm merge differs from one run:\n got %v\nwant %v", merged, whole)
	}
	// Task 0 again: every shard is skipped.
	if _, log := slurmRun(t, "slurm", "task", "--task", "0/2", dir); strings.Count(log, "skipped") != 3 {
		t.Errorf("task 0 run again:\n%s", log)
	}
	// Lose shard 2's report: task 0 resumes it from its checkpoint.
	if err := os.Remove(slurm.ShardReport(dir, 2)); err != nil {
		t.Fatal(err)
	}
	if _, log := slurmRun(t, "slurm", "task", "--task", "0/2", dir); !strings.Contains(log, "shard 2/5: ") || !strings.Contains(log, "resumed from its checkpoint") {
		t.Errorf("task 0 after losing shard 2's report:\n%s", log)
	}
	if merged := runSweepJSON(t, "sweep-merge", "--json", dir); !reflect.DeepEqual(merged, whole) {
		t.Errorf("merge after the resume differs from one run")
	}
	// Not in an array and no --task: a usage error.
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	var out, errb bytes.Buffer
	if code := run([]string{"slurm", "task", dir}, &out, &errb); code != exitUsage {
		t.Errorf("task outside an array: exit %d", code)
	}
}

// TestSlurmSweepBestOnly runs a best-only sweep job (incumbent from a maze
// file) in two tasks and wants the merge to equal one best-only run.
func TestSlurmSweepBestOnly(t *testing.T) {
	sweepProgress = nil
	sb, _ := fakeSbatch(t)
	maze := filepath.Join(t.TempDir(), "m.txt")
	// A 4x4 maze of 23 turns (the optimum is 27).
	if err := os.WriteFile(maze, []byte(".X..\n...X\nX...\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	slurmRun(t, "slurm", "sweep", "--size", "4x4", "--shards", "3", "--tasks", "2", "--best-only", "--init", maze, "--dir", dir, "--sbatch", sb)
	slurmRun(t, "slurm", "task", "--task", "0/2", "--workers", "1", dir)
	slurmRun(t, "slurm", "task", "--task", "1/2", "--workers", "1", dir)
	whole := runSweepJSON(t, "sweep", "--size", "4x4", "--best-only", "--init", maze, "--json", "--quiet")
	merged := runSweepJSON(t, "sweep-merge", "--json", dir)
	if !reflect.DeepEqual(merged, whole) {
		t.Errorf("merged best-only tasks differ from one run:\n got %v\nwant %v", merged, whole)
	}
	if merged["best_only"] != true || merged["optimum_turns"] != float64(27) {
		t.Errorf("merged: best_only %v, optimum %v", merged["best_only"], merged["optimum_turns"])
	}
	var out, errb bytes.Buffer
	if code := run([]string{"slurm", "sweep", "--size", "4x4", "--shards", "2", "--init", maze, "--dir", t.TempDir(), "--dry-run"}, &out, &errb); code != exitUsage {
		t.Errorf("--init without --best-only: exit %d, %s", code, errb.String())
	}
}

// TestSweepMergeNamesMissing gives sweep-merge one shard report of four,
// as files and as a directory, and wants the other three named.
func TestSweepMergeNamesMissing(t *testing.T) {
	sweepProgress = nil
	dir := t.TempDir()
	out, _ := slurmRun(t, "sweep", "--size", "3x3", "--json", "--quiet", "--shard", "2/4")
	file := filepath.Join(dir, "s2.json")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{file, dir} {
		var o, errb bytes.Buffer
		if code := run([]string{"sweep-merge", arg}, &o, &errb); code != exitFail || !strings.Contains(errb.String(), "3 of 4 shards are missing: 0-1, 3") {
			t.Errorf("sweep-merge %s: exit %d, %s", arg, code, errb.String())
		}
	}
}

// TestSlurmIslands runs a 3-island search's tasks one after another:
// islands 1 and 2 find island 0's file and take its mazes in. The merge
// refuses while island 2 is missing (unless --partial) and then reports
// the best maze, whose turns the reference walk confirms.
func TestSlurmIslands(t *testing.T) {
	sb, _ := fakeSbatch(t)
	dir := filepath.Join(t.TempDir(), "run")
	slurmRun(t, "slurm", "evolve", "--size", "5x5", "--islands", "3", "--evals", "3000", "--migrate-every", "2", "--dir", dir, "--sbatch", sb)
	slurmRun(t, "slurm", "task", "--task", "0/3", "--workers", "1", dir)
	_, log := slurmRun(t, "slurm", "task", "--task", "1/3", "--workers", "1", dir)
	if !strings.Contains(log, "island 1: took 4 mazes from island 0") {
		t.Errorf("island 1 took nothing from island 0:\n%s", log)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"slurm", "merge", dir}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "1 of 3 islands are not finished (missing: 2; unfinished: none)") {
		t.Errorf("merge with island 2 missing: exit %d, %s", code, errb.String())
	}
	if out, _ := slurmRun(t, "slurm", "merge", "--partial", dir); !strings.Contains(out, "of 3 islands") {
		t.Errorf("--partial:\n%s", out)
	}
	if code := run([]string{"slurm", "task", "--task", "2/4", dir}, &out, &errb); code != exitUsage {
		t.Errorf("task 2/4 of a 3-island search: exit %d", code)
	}
	slurmRun(t, "slurm", "task", "--task", "2/3", "--workers", "1", dir)
	js, _ := slurmRun(t, "slurm", "merge", "--json", dir)
	var sum struct {
		Complete  bool   `json:"complete"`
		BestTurns int64  `json:"best_turns"`
		BestMaze  string `json:"best_maze"`
		Walked    bool   `json:"walked"`
		Evals     int64  `json:"evals"`
		PerIsland []struct {
			Seed  uint64 `json:"seed"`
			Turns int64  `json:"turns"`
		} `json:"per_island"`
	}
	if err := json.Unmarshal([]byte(js), &sum); err != nil {
		t.Fatal(err)
	}
	if !sum.Complete || !sum.Walked || sum.Evals != 9000 || len(sum.PerIsland) != 3 {
		t.Fatalf("merge: %s", js)
	}
	for i, r := range sum.PerIsland {
		if r.Seed != uint64(1+i) || r.Turns > sum.BestTurns {
			t.Errorf("island %d: seed %d, %d turns (best %d)", i, r.Seed, r.Turns, sum.BestTurns)
		}
	}
	file := filepath.Join(dir, "best.txt")
	os.WriteFile(file, []byte(sum.BestMaze), 0o644)
	ev, _ := slurmRun(t, "eval", "--json", "--backend", "ref", file)
	var rec evalRecord
	if err := json.Unmarshal([]byte(ev), &rec); err != nil || rec.Turns != sum.BestTurns {
		t.Errorf("the best maze walks %d turns (%v), the merge says %d", rec.Turns, err, sum.BestTurns)
	}
	// A finished island run again resumes its checkpoint and is done at once.
	if out, _ := slurmRun(t, "slurm", "task", "--task", "0/3", dir); !strings.Contains(out, "after 3000 evaluations") {
		t.Errorf("island 0 run again:\n%s", out)
	}
}

func TestEvolveIslandFlags(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--migrate", dir}, "need --island i/N"},
		{[]string{"--island", "3/3", "--migrate", dir}, "want 0 ≤ i < N"},
		{[]string{"--island", "1of3", "--migrate", dir}, "want i/N"},
		{[]string{"--island", "0/2"}, "needs --migrate DIR"},
		{[]string{"--island", "0/2", "--migrate", dir, "--migrate-every", "0"}, "--migrate-every 0"},
		{[]string{"--island", "0/2", "--migrate", dir, "--edges"}, "does not apply to --edges"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		args := append([]string{"evolve", "--size", "4x4", "--evals", "100"}, c.args...)
		if code := run(args, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errb.String(), exitUsage, c.want)
		}
	}
}

// TestSlurmScriptBackend runs the batch script with bash and a stand-in
// binary and wants --backend cuda exactly when the task sees a GPU and
// the binary's cuda selfcheck passes, auto otherwise.
func TestSlurmScriptBackend(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "mm")
	stub := "#!/bin/sh\nif [ \"$1\" = selfcheck ]; then exit $SELFCHECK_RC; fi\necho \"$@\"\n"
	if err := os.WriteFile(fake, []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "sweep.sbatch")
	if err := os.WriteFile(script, []byte(slurm.Script("sweep")), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		env  []string
		want string
	}{
		{"no gpu", []string{"SELFCHECK_RC=0"}, "slurm task --backend auto --workers 0 /run"},
		{"gpu and cuda", []string{"SELFCHECK_RC=0", "CUDA_VISIBLE_DEVICES=0"}, "slurm task --backend cuda --workers 0 /run"},
		{"gpu, no cuda build", []string{"SELFCHECK_RC=1", "SLURM_JOB_GPUS=1"}, "slurm task --backend auto --workers 0 /run"},
		{"cpus and flags", []string{"SELFCHECK_RC=0", "SLURM_CPUS_PER_TASK=4", "MOUSEMAZE_TASK_FLAGS=--pause=1s"}, "slurm task --backend auto --workers 4 --pause=1s /run"},
	}
	for _, c := range cases {
		cmd := exec.Command(bash, script, "/run")
		cmd.Env = append([]string{"PATH=/usr/bin:/bin", "MOUSEMAZE=" + fake, "SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_COUNT=16"}, c.env...)
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "mousemaze sweep: task 3 of 16 on ") || lines[1] != c.want {
			t.Errorf("%s: script printed\n%s\nwant the banner and %q", c.name, out, c.want)
		}
	}
}

// TestSlurmResubmitMissingAndCorrupt runs a sweep's tasks as Slurm would
// when only the missing indices are submitted again (SLURM_ARRAY_TASK_COUNT
// is then the number of indices resubmitted, not the run's tasks), and
// gives one shard a torn checkpoint: the task names the file and the ways
// out (exit 1), and with --force starts that shard again; the merge then
// equals one process's sweep.
func TestSlurmResubmitMissingAndCorrupt(t *testing.T) {
	sweepProgress = nil
	sb, _ := fakeSbatch(t)
	dir := filepath.Join(t.TempDir(), "run")
	slurmRun(t, "slurm", "sweep", "--size", "4x4", "--shards", "5", "--tasks", "3", "--dir", dir, "--sbatch", sb)
	// sbatch --array=2 after task 2's node failed: one index, id 2.
	t.Setenv("SLURM_ARRAY_TASK_ID", "2")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "1")
	if _, log := slurmRun(t, "slurm", "task", "--workers", "1", dir); !strings.Contains(log, "shard 2/5: ") {
		t.Errorf("resubmitted task 2:\n%s", log)
	}
	// sbatch --array=0,1: two indices.
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "2")
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	slurmRun(t, "slurm", "task", "--workers", "1", dir)
	// Task 0 finds shard 3's checkpoint torn (shard 0 runs first).
	ck := slurm.TaskCheckpoint(dir, "shard", 3)
	if err := os.WriteFile(ck, []byte(`{"key":"4x4 ord`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "0")
	var out, errb bytes.Buffer
	code := run([]string{"slurm", "task", "--workers", "1", dir}, &out, &errb)
	want := "shard 3/5: its checkpoint " + ck + " is unreadable"
	if code != exitFail || !strings.Contains(errb.String(), want) || !strings.Contains(errb.String(), "remove it to start shard 3/5 again, or run the task with --force") {
		t.Fatalf("torn checkpoint: exit %d, %s", code, errb.String())
	}
	if _, log := slurmRun(t, "slurm", "task", "--workers", "1", "--force", dir); !strings.Contains(log, "removed the unreadable checkpoint "+ck) {
		t.Errorf("--force:\n%s", log)
	}
	whole := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet")
	if merged := runSweepJSON(t, "slurm", "merge", "--json", dir); !reflect.DeepEqual(merged, whole) {
		t.Errorf("merged tasks differ from one run:\n got %v\nwant %v", merged, whole)
	}
}

// TestSlurmBadJob has slurm merge, sweep-merge and slurm task read a
// job.json with a bad field: each names job.json and the field (not "2 of
// 2 shards are missing"), and so do sweep --shard and slurm task --task
// with a count past mousemaze.MaxShards.
func TestSlurmBadJob(t *testing.T) {
	good := t.TempDir()
	slurmRun(t, "slurm", "sweep", "--size", "3x3", "--shards", "2", "--tasks", "1", "--dir", good, "--no-submit")
	job, err := os.ReadFile(slurm.JobFile(good))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, old, new, msg string
	}{
		{"entry", `"entry": 0`, `"entry": 9`, "entry 9: want a column of 3x3, 0 to 2"},
		{"order", `"order": "DRLU"`, `"order": "XXXX"`, `order: invalid preference order: "XXXX"`},
		{"size", `"size": "3x3"`, `"size": "3y3"`, "size: a size must be RxC"},
		{"checkpoint_every", `"checkpoint_every": "30s"`, `"checkpoint_every": "-1s"`, `checkpoint_every "-1s": want a duration above 0`},
		{"shards", `"shards": 2`, `"shards": 1000000000`, "shards 1000000000: at most 4194304"},
	}
	for _, tc := range tests {
		if !strings.Contains(string(job), tc.old) {
			t.Fatalf("job.json lacks %s:\n%s", tc.old, job)
		}
		dir := t.TempDir()
		if err := os.WriteFile(slurm.JobFile(dir), []byte(strings.Replace(string(job), tc.old, tc.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range [][]string{{"slurm", "merge", dir}, {"sweep-merge", dir}, {"slurm", "task", "--task", "0/1", dir}} {
			code, _, errs := runCmd(t, cmd...)
			if want := slurm.JobFile(dir) + ": " + tc.msg; code != exitFail || !strings.Contains(errs, want) || strings.Contains(errs, "missing") {
				t.Errorf("%s: %v: exit %d, %q; want %d and %q", tc.name, cmd, code, errs, exitFail, want)
			}
		}
	}
	for _, cmd := range [][]string{{"sweep", "--size", "3x3", "--shard", "0/99999999999"}, {"slurm", "task", "--task", "0/99999999999", good}} {
		if code, _, errs := runCmd(t, cmd...); code != exitUsage || !strings.Contains(errs, "want N ≤ 4194304") {
			t.Errorf("%v: exit %d, %q", cmd, code, errs)
		}
	}
}

// TestSlurmSubmitNoJobID submits through an sbatch that succeeds but
// prints no job id (as /bin/true does): the submission fails, saying that
// the array may be queued, instead of reporting an empty id.
func TestSlurmSubmitNoJobID(t *testing.T) {
	for _, out := range []string{"", "Submitted batch job 42"} {
		sb := filepath.Join(t.TempDir(), "sbatch")
		if err := os.WriteFile(sb, []byte("#!/bin/sh\necho '"+out+"'\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), "run")
		code, stdout, errs := runCmd(t, "slurm", "sweep", "--size", "3x3", "--shards", "2", "--tasks", "1", "--dir", dir, "--sbatch", sb)
		if code != exitFail || stdout != "" || !strings.Contains(errs, sb+" exited 0 but printed no job id") || !strings.Contains(errs, "check squeue") || strings.Contains(errs, "submitted") {
			t.Errorf("sbatch printing %q: exit %d, stdout %q, stderr %q", out, code, stdout, errs)
		}
	}
}
