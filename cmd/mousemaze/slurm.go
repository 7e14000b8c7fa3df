package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
)

func init() {
	register(command{name: "slurm", summary: "run sweeps and island searches as Slurm job arrays (sweep, evolve, task, merge)", run: runSlurm})
}

const slurmUsage = `Usage: mousemaze slurm VERB [flags]

Verbs:
  sweep   write a sweep's job description and batch script to --dir and submit it (sbatch --array)
  evolve  the same for an island search: task i of N runs island i of N
  task    run one array task (the batch script calls this)
  merge   report a finished run: the merged sweep, or the best maze of all islands

Example:
  mousemaze slurm sweep --size 8x8 --shards 1000 --tasks 200 --dir /shared/sweep8
  mousemaze slurm merge /shared/sweep8
`

func runSlurm(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, slurmUsage)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	switch args[0] {
	case "sweep", "evolve":
		return runSlurmSubmit(args[0], args[1:], stdout, stderr)
	case "task":
		return runSlurmTask(args[1:], stdout, stderr)
	case "merge":
		return runSlurmMerge(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "mousemaze slurm: unknown verb %q\n\n%s", args[0], slurmUsage)
	return exitUsage
}

// slurmJob is DIR/job.json: everything a task needs to know about its run.
// The sweep fields apply to kind "sweep", the search fields to "evolve".
type slurmJob struct {
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
	// The island search: method, budget per island, base seed (island i
	// uses Seed+i), population, k, objective and migration interval.
	Algo         string `json:"algo,omitempty"`
	Evals        int64  `json:"evals,omitempty"`
	Seed         uint64 `json:"seed,omitempty"`
	Pop          int    `json:"pop,omitempty"`
	K            int    `json:"k,omitempty"`
	Objective    string `json:"objective,omitempty"`
	MigrateEvery int    `json:"migrate_every,omitempty"`
}

const slurmJobVersion = 1

// The layout of a run's shared directory.
func jobFile(dir string) string { return filepath.Join(dir, "job.json") }
func shardReport(dir string, j int) string {
	return filepath.Join(dir, "shards", fmt.Sprintf("shard-%d.json", j))
}
func taskCheckpoint(dir, what string, j int) string {
	return filepath.Join(dir, "checkpoints", fmt.Sprintf("%s-%d.json", what, j))
}
func islandDir(dir string) string { return filepath.Join(dir, "islands") }

// loadJob reads DIR/job.json.
func loadJob(dir string) (*slurmJob, error) {
	var j slurmJob
	if err := checkpoint.Load(jobFile(dir), &j); err != nil {
		return nil, err
	}
	if (j.Kind != "sweep" && j.Kind != "evolve") || j.Version != slurmJobVersion || j.Tasks < 1 {
		return nil, fmt.Errorf("%s is not a mousemaze slurm job (version %d)", jobFile(dir), slurmJobVersion)
	}
	if j.Kind == "sweep" && j.Shards < j.Tasks {
		return nil, fmt.Errorf("%s: %d shards for %d tasks", jobFile(dir), j.Shards, j.Tasks)
	}
	return &j, nil
}

// runSlurmSubmit is `slurm sweep` and `slurm evolve`: check the flags,
// write job.json and the script to --dir, and submit the array.
func runSlurmSubmit(kind string, args []string, stdout, stderr io.Writer) int {
	example := "mousemaze slurm sweep --size 8x8 --shards 1000 --tasks 200 --dir /shared/sweep8 --dry-run"
	if kind == "evolve" {
		example = "mousemaze slurm evolve --size 13x13 --islands 8 --evals 100000000 --dir /shared/isl13 --gres gpu:1"
	}
	fs := newFlagSet("slurm "+kind, "--dir DIR [flags]", example, stderr)
	dir := fs.String("dir", "", "the shared directory every task can reach (required)")
	tasks := fs.Int("tasks", 0, "array tasks (sweep: default one per shard, at most 1000)")
	gres := fs.String("gres", "", "generic resources per task, such as gpu:1 (the script then uses the cuda backend when present)")
	partition := fs.String("partition", "", "Slurm partition (default: the cluster's)")
	timeLimit := fs.String("time", "", "time limit per task, as sbatch --time takes it")
	cpus := fs.Int("cpus", 1, "CPUs per task (its workers)")
	binary := fs.String("binary", "", "the mousemaze binary the tasks run, on a path every node sees (default: this one)")
	sbatch := fs.String("sbatch", "sbatch", "the sbatch command")
	dryRun := fs.Bool("dry-run", false, "print the script and the sbatch command; write and submit nothing")
	noSubmit := fs.Bool("no-submit", false, "write job.json and the script to --dir but do not submit (for other schedulers)")
	every := fs.Duration("checkpoint-every", 30*time.Second, "how often a task saves its checkpoint")
	size := fs.String("size", "", "grid size RxC (required for sweep; evolve default 13x13)")
	order := fs.String("order", "DRLU", "preference order for ties, a permutation of D, R, L, U")
	entry := fs.Int("entry", 0, "entry column (above the top row, 0-based)")
	exit := fs.Int("exit", 0, "exit column (below the bottom row, 0-based)")
	freeEnds := fs.Bool("free-ends", false, "every pair of entry and exit columns")
	var shards, split, islands, pop, k, migrateEvery *int
	var algo, objective *string
	var evals *int64
	var seed *uint64
	if kind == "sweep" {
		shards = fs.Int("shards", 0, "shards of the sweep (required); task i runs shards i, i+N, ...")
		split = fs.Int("split-depth", 0, "cut the tree into sweep tasks at this many decisions (0 = automatic)")
	} else {
		islands = fs.Int("islands", 4, "islands, one per array task (--tasks is the same)")
		algo = fs.String("algo", dispatch.AlgoMemetic, "search method of every island")
		evals = fs.Int64("evals", defaultEvals, "budget per island in feasible maze evaluations")
		seed = fs.Uint64("seed", 1, "base seed; island i uses seed+i")
		pop = fs.Int("pop", 0, "population (0 = the method's preset)")
		k = fs.Int("k", 0, "count visits modulo K (0 = exact counting)")
		objective = fs.String("objective", dispatch.ObjTurns, "what to maximise: turns, trap or max-cell")
		migrateEvery = fs.Int("migrate-every", 25, "generations between migrations")
	}
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze slurm %s: "+format+"\n", append([]any{kind}, a...)...)
		return exitUsage
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected arguments %q", fs.Args())
	}
	if *dir == "" {
		return usageErr("--dir is required: a directory every node can reach")
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		return usageErr("--dir: %v", err)
	}
	if *cpus < 1 {
		return usageErr("--cpus %d: must be 1 or more", *cpus)
	}
	if *every <= 0 {
		return usageErr("--checkpoint-every %v: must be above 0", *every)
	}
	if *size == "" && kind == "evolve" {
		*size = defaultSize
	}
	if *size == "" {
		return usageErr("--size is required, such as --size 8x8")
	}
	sz, err := mousemaze.ParseSize(*size)
	if err != nil {
		return usageErr("--size: %v", err)
	}
	o, err := mousemaze.ParseOrder(*order)
	if err != nil {
		return usageErr("--order: %v", err)
	}
	cfg := mousemaze.Config{Order: o, Entry: *entry, Exit: *exit}
	if err := cfg.Validate(sz.Cols); err != nil {
		return usageErr("%v on a %s grid", err, sz)
	}
	job := slurmJob{Kind: kind, Version: slurmJobVersion, Size: sz.String(), Order: o.String(), Entry: *entry, Exit: *exit,
		FreeEnds: *freeEnds, CheckpointEvery: every.String()}
	if kind == "sweep" {
		if *shards < 1 {
			return usageErr("--shards is required and must be 1 or more")
		}
		if sz.Rows*sz.Cols > 64 {
			return usageErr("--size %s: a sweep takes at most 64 cells", sz)
		}
		job.Shards, job.SplitDepth, job.Tasks = *shards, *split, *tasks
		if job.Tasks == 0 {
			job.Tasks = min(*shards, 1000)
		}
		if job.Tasks < 1 || job.Tasks > *shards {
			return usageErr("--tasks %d: want 1 to --shards (%d)", job.Tasks, *shards)
		}
	} else {
		if *tasks != 0 && *tasks != *islands {
			return usageErr("--tasks %d and --islands %d: one task runs one island", *tasks, *islands)
		}
		p := dispatch.Params{}
		if p, err = dispatch.Preset(*algo); err != nil {
			return usageErr("--algo %q: want one of %v", *algo, dispatch.Algos)
		}
		p.Rows, p.Cols, p.Order, p.Entry, p.Exit, p.FreeEnds = sz.Rows, sz.Cols, o.String(), *entry, *exit, *freeEnds
		p.Evals, p.Seed, p.K = *evals, *seed, *k
		if *objective != dispatch.ObjTurns {
			p.Objective = *objective
		}
		if *pop > 0 {
			p.Pop = *pop
		}
		switch {
		case *islands < 1:
			return usageErr("--islands %d: must be 1 or more", *islands)
		case *pop < 0:
			return usageErr("--pop %d: must be 0 (preset) or more", *pop)
		case *migrateEvery < 1:
			return usageErr("--migrate-every %d: must be 1 or more", *migrateEvery)
		}
		if err := p.Validate(); err != nil {
			return usageErr("%v", err)
		}
		job.Tasks, job.Algo, job.Evals, job.Seed, job.Pop = *islands, *algo, *evals, *seed, *pop
		job.K, job.Objective, job.MigrateEvery = *k, *objective, *migrateEvery
	}
	bin := *binary
	if bin == "" {
		if bin, err = os.Executable(); err != nil {
			return usageErr("--binary: %v (name the mousemaze binary)", err)
		}
	}
	if bin, err = filepath.Abs(bin); err != nil {
		return usageErr("--binary: %v", err)
	}
	script := filepath.Join(abs, kind+".sbatch")
	cmd := []string{*sbatch, "--parsable", fmt.Sprintf("--array=0-%d", job.Tasks-1),
		"--output=" + filepath.Join(abs, "logs", "%A_%a.out"), fmt.Sprintf("--cpus-per-task=%d", *cpus)}
	if *gres != "" {
		cmd = append(cmd, "--gres="+*gres)
	}
	if *partition != "" {
		cmd = append(cmd, "--partition="+*partition)
	}
	if *timeLimit != "" {
		cmd = append(cmd, "--time="+*timeLimit)
	}
	cmd = append(cmd, "--export=ALL,MOUSEMAZE="+bin, script, abs)

	jobJSON, _ := json.MarshalIndent(job, "", "  ")
	jobJSON = append(jobJSON, '\n')
	if *dryRun {
		fmt.Fprintf(stdout, "# %s\n%s\n# %s\n%s\n# submit with:\n%s\n", jobFile(abs), jobJSON, script, slurmScript(kind), shellJoin(cmd))
		return exitOK
	}
	if err := writeJobDir(abs, kind, jobJSON); err != nil {
		fmt.Fprintf(stderr, "mousemaze slurm %s: %v\n", kind, err)
		return exitFail
	}
	if *noSubmit {
		fmt.Fprintf(stderr, "mousemaze slurm %s: wrote %s; submit with:\n", kind, jobFile(abs))
		fmt.Fprintln(stdout, shellJoin(cmd))
		return exitOK
	}
	var out, errb bytes.Buffer
	c := exec.Command(cmd[0], cmd[1:]...)
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		fmt.Fprintf(stderr, "mousemaze slurm %s: %s: %v\n%s", kind, shellJoin(cmd), err, errb.String())
		return exitFail
	}
	id := strings.TrimSpace(strings.SplitN(out.String(), ";", 2)[0])
	fmt.Fprintf(stdout, "%s\n", id)
	fmt.Fprintf(stderr, "mousemaze slurm %s: submitted job %s (%d tasks) in %s; when it is done: mousemaze slurm merge %s\n", kind, id, job.Tasks, abs, abs)
	return exitOK
}

// writeJobDir creates the run's directory and writes job.json and the
// script. A directory that holds another run's job.json is refused; the
// same run may be submitted again (finished shards are skipped).
func writeJobDir(dir, kind string, jobJSON []byte) error {
	for _, d := range []string{dir, filepath.Join(dir, "logs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if old, err := os.ReadFile(jobFile(dir)); err == nil && !bytes.Equal(old, jobJSON) {
		return fmt.Errorf("%s holds another run (see its job.json); use a new --dir", dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := checkpoint.WriteFile(jobFile(dir), jobJSON); err != nil {
		return err
	}
	return checkpoint.WriteFile(filepath.Join(dir, kind+".sbatch"), []byte(slurmScript(kind)))
}

// shellJoin quotes args for a POSIX shell where needed.
func shellJoin(args []string) string {
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

// flagDuration parses a job's checkpoint interval.
func flagDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("checkpoint_every %q: want a duration above 0", s)
	}
	return d, nil
}
