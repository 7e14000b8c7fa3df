package slurm

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// Job is DIR/job.json: everything a task needs to know about its run.
// The sweep fields apply to kind "sweep", the search fields to "evolve".
type Job struct {
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	// Tasks is the size of the job array (for evolve, the islands).
	Tasks int    `json:"tasks"`
	Size  string `json:"size"`
	Order string `json:"order"`
	Entry int    `json:"entry"`
	Exit  int    `json:"exit"`
	// FreeEnds sweeps or searches every pair of end columns.
	FreeEnds bool `json:"free_ends,omitempty"`
	// CheckpointEvery is how often a task saves its checkpoint.
	CheckpointEvery string `json:"checkpoint_every"`
	// Shards is the number of sweep shards; task i takes i, i+Tasks, ...
	Shards     int `json:"shards,omitempty"`
	SplitDepth int `json:"split_depth,omitempty"`
	// BestOnly runs every shard as a best-only sweep from Incumbent turns
	// (see sweep.Options), fixed when the job is made so that every shard
	// cuts against the same incumbent.
	BestOnly  bool  `json:"best_only,omitempty"`
	Incumbent int64 `json:"incumbent,omitempty"`
	// The island search: method, budget per island, base seed (island i
	// uses Seed+i), population, k, objective and migration interval.
	Algo         string `json:"algo,omitempty"`
	Evals        int64  `json:"evals,omitempty"`
	Seed         uint64 `json:"seed,omitempty"`
	Pop          int    `json:"pop,omitempty"`
	K            int    `json:"k,omitempty"`
	Objective    string `json:"objective,omitempty"`
	MigrateEvery int    `json:"migrate_every,omitempty"`
	// Spec is the island search's whole Spec (island 0's seed), with the
	// search flags (--parents, --kick, ...) given to slurm evolve; the
	// fields above restate its main ones.
	Spec *dispatch.Spec `json:"spec,omitempty"`
}

// JobVersion is the version of job.json this package writes and reads.
const JobVersion = 1

// JobFile is the path of a run's job.json.
func JobFile(dir string) string { return filepath.Join(dir, "job.json") }

// ShardReport is the path of sweep shard j's report.
func ShardReport(dir string, j int) string {
	return filepath.Join(dir, "shards", fmt.Sprintf("shard-%d.json", j))
}

// TaskCheckpoint is the path of the checkpoint of shard or island j
// (what is "shard" or "island").
func TaskCheckpoint(dir, what string, j int) string {
	return filepath.Join(dir, "checkpoints", fmt.Sprintf("%s-%d.json", what, j))
}

// IslandDir is the directory where the islands of a search trade mazes.
func IslandDir(dir string) string { return filepath.Join(dir, "islands") }

// LoadJob reads and checks DIR/job.json (at most mousemaze.MaxInputBytes;
// unknown fields are refused). A directory that does not exist, or holds
// no job.json, is an error that says so and is fs.ErrNotExist for
// errors.Is; a file given as DIR is an error that says so; a malformed
// job.json is an error naming it, and the line where there is one.
func LoadJob(dir string) (*Job, error) {
	var j Job
	if err := readJSON(JobFile(dir), &j, "a job.json of mousemaze slurm", true); err != nil {
		var pe *fs.PathError
		if !errors.As(err, &pe) { // not an error of os.Open
			return nil, err
		}
		st, serr := os.Stat(dir)
		switch {
		case serr != nil && errors.Is(serr, fs.ErrNotExist):
			return nil, missingError{fmt.Sprintf("%s: no such directory (want the --dir of a slurm run)", dir)}
		case serr == nil && !st.IsDir():
			return nil, fmt.Errorf("%s is a file, not a directory (want the --dir of a slurm run)", dir)
		case errors.Is(err, fs.ErrNotExist):
			return nil, missingError{fmt.Sprintf("%s holds no job.json: not the --dir of a slurm run", dir)}
		}
		return nil, err
	}
	if (j.Kind != "sweep" && j.Kind != "evolve") || j.Version != JobVersion || j.Tasks < 1 {
		return nil, fmt.Errorf("%s is not a mousemaze slurm job (version %d)", JobFile(dir), JobVersion)
	}
	if err := j.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", JobFile(dir), err)
	}
	return &j, nil
}

// check checks the fields of a job.json that every task and the merge
// read: the shards, the size, the order, the end columns, the checkpoint
// interval and the best-only incumbent. Its errors name the field.
func (j *Job) check() error {
	if j.Tasks > mousemaze.MaxShards {
		return fmt.Errorf("tasks %d: at most %d", j.Tasks, mousemaze.MaxShards)
	}
	if j.Kind == "sweep" {
		switch {
		case j.Shards < j.Tasks:
			return fmt.Errorf("%d shards for %d tasks", j.Shards, j.Tasks)
		case j.Shards > mousemaze.MaxShards:
			return fmt.Errorf("shards %d: at most %d", j.Shards, mousemaze.MaxShards)
		}
	}
	if j.BestOnly != (j.Incumbent > 0) || j.BestOnly && j.Kind != "sweep" {
		return fmt.Errorf("best_only %v with incumbent %d: a best-only sweep needs an incumbent of at least 1 turn", j.BestOnly, j.Incumbent)
	}
	sz, err := mousemaze.ParseSize(j.Size)
	if err != nil {
		return fmt.Errorf("size: %v", err)
	}
	if j.Kind == "sweep" && sz.Cells() > sweep.MaxCells {
		return fmt.Errorf("size %s: a sweep takes at most %d cells", sz, sweep.MaxCells)
	}
	if j.Kind == "sweep" && (j.SplitDepth < 0 || j.SplitDepth > sz.Cells()) {
		return fmt.Errorf("split_depth %d: want 0 (automatic) to %d, the cells of %s", j.SplitDepth, sz.Cells(), sz)
	}
	if _, err := mousemaze.ParseOrder(j.Order); err != nil {
		return fmt.Errorf("order: %v", err)
	}
	if !j.FreeEnds {
		for _, e := range []struct {
			name string
			col  int
		}{{"entry", j.Entry}, {"exit", j.Exit}} {
			if e.col < 0 || e.col >= sz.Cols {
				return fmt.Errorf("%s %d: want a column of %s, 0 to %d", e.name, e.col, sz, sz.Cols-1)
			}
		}
	}
	_, err = j.Every()
	return err
}

// Every is the job's checkpoint interval.
func (j *Job) Every() (time.Duration, error) {
	d, err := time.ParseDuration(j.CheckpointEvery)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("checkpoint_every %q: want a duration above 0", j.CheckpointEvery)
	}
	return d, nil
}

// WriteJobDir creates the run's directory and writes job.json and the
// script. A directory that holds another run's job.json is refused; the
// same run may be submitted again (finished shards are skipped).
func WriteJobDir(dir, kind string, jobJSON []byte) error {
	for _, d := range []string{dir, filepath.Join(dir, "logs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if old, err := os.ReadFile(JobFile(dir)); err == nil && !bytes.Equal(old, jobJSON) {
		return fmt.Errorf("%s holds another run (see its job.json); use a new --dir", dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := checkpoint.WriteFile(JobFile(dir), jobJSON); err != nil {
		return err
	}
	return checkpoint.WriteFile(filepath.Join(dir, kind+".sbatch"), []byte(Script(kind)))
}

//go:embed sweep.sbatch
var sweepScript string

//go:embed evolve.sbatch
var evolveScript string

// Script returns the batch script of kind, "sweep" or "evolve". Everything
// that differs between runs (the directory, the array, GPUs, the binary)
// is on the sbatch command line or in DIR/job.json, so a script never
// changes.
func Script(kind string) string {
	if kind == "sweep" {
		return sweepScript
	}
	return evolveScript
}

// Submission is how a run is submitted: the sbatch options of its array.
type Submission struct {
	Dir       string // the run's directory, absolute
	Kind      string // "sweep" or "evolve"
	Tasks     int    // the array's size
	CPUs      int    // CPUs per task
	Gres      string // generic resources per task, or ""
	Partition string // or "" for the cluster's default
	Time      string // time limit per task, or ""
	Binary    string // the mousemaze binary, absolute
	Sbatch    string // the sbatch command
}

// Command returns the sbatch command line that submits the run.
func (s Submission) Command() []string {
	script := filepath.Join(s.Dir, s.Kind+".sbatch")
	cmd := []string{s.Sbatch, "--parsable", fmt.Sprintf("--array=0-%d", s.Tasks-1),
		"--output=" + filepath.Join(s.Dir, "logs", "%A_%a.out"), fmt.Sprintf("--cpus-per-task=%d", s.CPUs)}
	for _, o := range []struct{ name, v string }{{"gres", s.Gres}, {"partition", s.Partition}, {"time", s.Time}} {
		if o.v != "" {
			cmd = append(cmd, "--"+o.name+"="+o.v)
		}
	}
	return append(cmd, "--export=ALL,MOUSEMAZE="+s.Binary, script, s.Dir)
}

// Submit runs the sbatch command line and returns the job id sbatch
// printed; a failure includes what sbatch wrote to standard error. Output
// that does not start with a job id (sbatch --parsable prints "ID" or
// "ID;CLUSTER", the id a number) is an error too, which says that the
// array may have been queued all the same.
func (s Submission) Submit() (string, error) {
	cmd := s.Command()
	var out, errb bytes.Buffer
	c := exec.Command(cmd[0], cmd[1:]...)
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("%s: %v\n%s", ShellJoin(cmd), err, errb.String())
	}
	return ParseJobID(out.String(), cmd[0])
}

// ParseJobID reads the job id from the output of sbatch --parsable, "ID"
// or "ID;CLUSTER" on one line, the id a decimal number. Output without
// one is an error naming sbatch (the command that printed it) and quoting
// the output, which says to check the queue before submitting again.
func ParseJobID(out, sbatch string) (string, error) {
	first, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	id, _, _ := strings.Cut(first, ";")
	id = strings.TrimSpace(id)
	if id == "" || strings.Trim(id, "0123456789") != "" {
		if len(out) > 200 {
			out = out[:200] + "..."
		}
		return "", fmt.Errorf("%s exited 0 but printed no job id (its output: %q, want the ID or ID;CLUSTER of sbatch --parsable): the array may or may not be queued; check squeue before submitting again", sbatch, out)
	}
	return id, nil
}

// ShellJoin quotes args for a POSIX shell where needed.
func ShellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=/.,:%+@") == "" {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// NewSweepJob describes a sweep of every maze of size sz under cfg (with
// freeEnds, every pair of end columns) cut into shards at depth split,
// run by tasks array tasks (0: one per shard, at most 1000), each saving
// its checkpoint every interval. Its errors name the slurm sweep flags.
func NewSweepJob(sz mousemaze.Size, cfg mousemaze.Config, freeEnds bool, every time.Duration, shards, split, tasks int) (Job, error) {
	j := newJob("sweep", sz, cfg, freeEnds, every)
	switch {
	case shards < 1:
		return j, errors.New("--shards is required and must be 1 or more")
	case shards > mousemaze.MaxShards:
		return j, fmt.Errorf("--shards %d: at most %d", shards, mousemaze.MaxShards)
	case sz.Cells() > sweep.MaxCells:
		return j, fmt.Errorf("--size %s: a sweep takes at most %d cells", sz, sweep.MaxCells)
	case split < 0 || split > sz.Cells():
		return j, fmt.Errorf("--split-depth %d: want 0 (automatic) to %d, the cells of %s", split, sz.Cells(), sz)
	}
	if n := sweep.TaskCount(sz, cfg, freeEnds, split, shards); n < shards {
		depth := "the automatic split depth"
		if split > 0 {
			depth = fmt.Sprintf("split depth %d", split)
		}
		return j, fmt.Errorf("--shards %d: the %s sweep has %d tasks at %s, so at most %d shards (a shard beyond the tasks would be empty; a larger --split-depth cuts more tasks)",
			shards, sz, n, depth, n)
	}
	j.Shards, j.SplitDepth, j.Tasks = shards, split, tasks
	if j.Tasks == 0 {
		j.Tasks = min(shards, 1000)
	}
	if j.Tasks < 1 || j.Tasks > shards {
		return j, fmt.Errorf("--tasks %d: want 1 to --shards (%d)", j.Tasks, shards)
	}
	return j, nil
}

// SetBestOnly makes the sweep job j a best-only sweep from incumbent
// turns, which must be those of a real maze of the job's size (the merged
// report is refused otherwise).
func (j *Job) SetBestOnly(incumbent int64) error {
	if j.Kind != "sweep" || incumbent < 1 {
		return fmt.Errorf("--best-only: a %s job with incumbent %d (want a sweep and at least 1 turn)", j.Kind, incumbent)
	}
	j.BestOnly, j.Incumbent = true, incumbent
	return nil
}

// NewEvolveJob describes an island search: island i of islands runs spec
// with seed spec.Seed+i, trading mazes every migrateEvery generations and
// saving its checkpoint every interval; objective and pop restate the
// flags given. Its errors name the slurm evolve flags.
func NewEvolveJob(spec dispatch.Spec, objective string, freeEnds bool, every time.Duration, islands, pop, migrateEvery int) (Job, error) {
	o, err := mousemaze.ParseOrder(spec.Order)
	if err != nil {
		return Job{}, err
	}
	cfg := mousemaze.Config{Order: o, Entry: spec.Entry, Exit: spec.Exit}
	j := newJob("evolve", mousemaze.Size{Rows: spec.Rows, Cols: spec.Cols}, cfg, freeEnds, every)
	switch {
	case islands < 1:
		return j, fmt.Errorf("--islands %d: must be 1 or more", islands)
	case islands > mousemaze.MaxShards:
		return j, fmt.Errorf("--islands %d: at most %d", islands, mousemaze.MaxShards)
	case migrateEvery < 1:
		return j, fmt.Errorf("--migrate-every %d: must be 1 or more", migrateEvery)
	}
	if err := spec.Validate(); err != nil {
		return j, err
	}
	j.Tasks, j.Algo, j.Evals, j.Seed, j.Pop = islands, spec.Algo, spec.Evals, spec.Seed, pop
	j.K, j.Objective, j.MigrateEvery, j.Spec = spec.K, objective, migrateEvery, &spec
	return j, nil
}

// newJob is the part of a job that sweeps and searches share.
func newJob(kind string, sz mousemaze.Size, cfg mousemaze.Config, freeEnds bool, every time.Duration) Job {
	return Job{Kind: kind, Version: JobVersion, Size: sz.String(), Order: cfg.Order.String(), Entry: cfg.Entry, Exit: cfg.Exit,
		FreeEnds: freeEnds, CheckpointEvery: every.String()}
}
