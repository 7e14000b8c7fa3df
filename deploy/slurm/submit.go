package slurm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

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
