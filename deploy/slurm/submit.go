package slurm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/mousemaze/mousemaze/dispatch/evolve"
	"github.com/mousemaze/mousemaze/dispatch/island"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// Prepare makes the submission of job ready: Dir is dir made absolute,
// Tasks the job's array and Binary (default: the running executable) an
// absolute path. Its errors name the flags.
func (s *Submission) Prepare(dir string, job Job) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("--dir: %v", err)
	}
	s.Dir, s.Tasks = abs, job.Tasks
	if s.Binary == "" {
		if s.Binary, err = os.Executable(); err != nil {
			return fmt.Errorf("--binary: %v (name the mousemaze binary)", err)
		}
	}
	if s.Binary, err = filepath.Abs(s.Binary); err != nil {
		return fmt.Errorf("--binary: %v", err)
	}
	return nil
}

// JSON is the job as job.json holds it.
func (j Job) JSON() []byte {
	b, _ := json.MarshalIndent(j, "", "  ")
	return append(b, '\n')
}

// DryRun writes to w what the submission of job writes and runs: job.json,
// the batch script and the sbatch command.
func (s Submission) DryRun(w io.Writer, job Job) {
	fmt.Fprintf(w, "# %s\n%s\n# %s\n%s\n# submit with:\n%s\n", JobFile(s.Dir), job.JSON(),
		filepath.Join(s.Dir, s.Kind+".sbatch"), Script(s.Kind), ShellJoin(s.Command()))
}

// Send ends slurm sweep and slurm evolve: with dryRun it prints what the
// submission of job would write and run (DryRun); else it writes job.json
// and the batch script to s.Dir and, unless noSubmit, submits the array.
// It prints the job id (with noSubmit, the sbatch command to run) to
// stdout and a note on what was done to log.
func (s Submission) Send(job Job, dryRun, noSubmit bool, stdout, log io.Writer) error {
	if dryRun {
		s.DryRun(stdout, job)
		return nil
	}
	if err := WriteJobDir(s.Dir, s.Kind, job.JSON()); err != nil {
		return err
	}
	if noSubmit {
		fmt.Fprintf(log, "mousemaze slurm %s: wrote %s; submit with:\n", s.Kind, JobFile(s.Dir))
		fmt.Fprintln(stdout, ShellJoin(s.Command()))
		return nil
	}
	id, err := s.Submit()
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, id)
	fmt.Fprintf(log, "mousemaze slurm %s: submitted %s job %s (%d tasks) in %s; when it is done: mousemaze slurm merge %s\n",
		s.Kind, s.Kind, id, job.Tasks, s.Dir, s.Dir)
	return nil
}

// PrepareIsland readies island task i of the island search in dir: it
// creates the directories the island writes to and checks its checkpoint
// (see Recover: with force an unreadable one is removed).
func PrepareIsland(dir string, i int, force bool, log io.Writer) error {
	if err := PrepareIslands(dir); err != nil {
		return err
	}
	return Recover(TaskCheckpoint(dir, "island", i), fmt.Sprintf("island %d", i), force, log)
}

// NewBestOnlySweepJob is NewSweepJob of the sweep o for a best-only
// sweep: its incumbent is found as sweep --best-only finds it
// (sweep.StartIncumbent, from the mazes of initFile when given) and logged
// to log. Its errors name the slurm sweep flags.
func NewBestOnlySweepJob(o sweep.Options, every time.Duration, shards, split, tasks int, initFile string, log io.Writer) (Job, error) {
	j, err := NewSweepJob(o.Size, o.Config, o.FreeEnds, every, shards, split, tasks)
	if err != nil {
		return j, err
	}
	inc, from, err := sweep.StartIncumbent(o, initFile)
	if err != nil {
		return j, err
	}
	fmt.Fprintf(log, "best-only: incumbent %d turns (%s)\n", inc, from)
	return j, j.SetBestOnly(inc)
}

// MergeIslands merges the islands of the island search in dir, which has
// n islands (island.Merge). While some are missing or unfinished it
// fails, naming them, unless partial: then it returns the best so far
// and a note that names them.
func MergeIslands(dir string, n int, partial bool) (sum *island.Summary, note string, err error) {
	sum, err = island.Merge(IslandDir(dir), n)
	if err != nil || sum.Complete {
		return sum, "", err
	}
	note = fmt.Sprintf("%d of %d islands are not finished (missing: %s; unfinished: %s)",
		len(sum.Missing)+len(sum.Unfinished), n, Ranges(sum.Missing), Ranges(sum.Unfinished))
	if !partial {
		return nil, "", fmt.Errorf("%s; wait for them, requeue them, or use --partial", note)
	}
	return sum, note, nil
}

// JobOptions are the settings of `slurm sweep` or `slurm evolve` that
// make its job (NewJob), from its flags.
type JobOptions struct {
	// Kind is "sweep" or "evolve".
	Kind string
	// Grid is, for evolve, the search each island runs; for sweep, only
	// its Size, Config and FreeEnds apply.
	Grid evolve.GridOptions
	// Every is how often a task saves its checkpoint; Tasks is the array
	// tasks asked for (0: the default).
	Every time.Duration
	Tasks int
	// Shards, Split, BestOnly and InitFile are the sweep's (NewSweepJobOf).
	Shards, Split int
	BestOnly      bool
	InitFile      string
	// Islands and MigrateEvery are the island search's (NewEvolveJob).
	Islands, MigrateEvery int
}

// NewJob checks o and returns its job: for evolve, the island search of
// o.Grid (its Spec checked), one island per task; for sweep, the sweep of
// o.Grid's size under its rules (checked on that size, see
// evolve.GridOptions.CheckRules). A best-only sweep logs to log. Its
// errors name the flags.
func NewJob(o JobOptions, log io.Writer) (Job, error) {
	if o.Kind == "evolve" {
		p, err := o.Grid.Spec()
		switch {
		case err != nil:
			return Job{}, err
		case o.Tasks != 0 && o.Tasks != o.Islands:
			return Job{}, fmt.Errorf("--tasks %d and --islands %d: one task runs one island", o.Tasks, o.Islands)
		}
		return NewEvolveJob(p, o.Grid.Objective, o.Grid.FreeEnds, o.Every, o.Islands, o.Grid.Pop, o.MigrateEvery)
	}
	if err := o.Grid.CheckRules(); err != nil {
		return Job{}, err
	}
	so := sweep.Options{Size: o.Grid.Size, Config: o.Grid.Config, FreeEnds: o.Grid.FreeEnds}
	return NewSweepJobOf(so, o.Every, o.Shards, o.Split, o.Tasks, o.BestOnly, o.InitFile, log)
}

// NewSweepJobOf is the job of the slurm sweep o: NewBestOnlySweepJob
// (from initFile, logging to log) when bestOnly, else NewSweepJob, which
// takes no initFile. Its errors name the slurm sweep flags.
func NewSweepJobOf(o sweep.Options, every time.Duration, shards, split, tasks int, bestOnly bool, initFile string, log io.Writer) (Job, error) {
	switch {
	case bestOnly:
		return NewBestOnlySweepJob(o, every, shards, split, tasks, initFile, log)
	case initFile != "":
		return Job{}, errors.New("--init applies to --best-only")
	}
	return NewSweepJob(o.Size, o.Config, o.FreeEnds, every, shards, split, tasks)
}
