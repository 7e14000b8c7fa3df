package slurm

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// MergeSweepDir merges the shard reports of a sweep directory: the
// shards/ of a `slurm sweep` run (whose job.json gives the shard count),
// or else a directory of `sweep --shard i/N --json` reports (*.json). It
// refuses to report until every shard is there and names the missing.
func MergeSweepDir(dir string) (*sweep.Report, error) {
	var reps []*sweep.Report
	var names []string
	var missing []int
	n := 0
	if job, err := LoadJob(dir); err == nil {
		if job.Kind != "sweep" {
			return nil, fmt.Errorf("%s is an island search; use mousemaze slurm merge", dir)
		}
		n = job.Shards
		for j := 0; j < n; j++ {
			r, err := ReadShardReport(dir, j, n)
			switch {
			case errors.Is(err, os.ErrNotExist):
				missing = append(missing, j)
			case err != nil:
				return nil, err
			default:
				reps = append(reps, r)
				names = append(names, ShardReport(dir, j))
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	} else {
		names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		sort.Strings(names)
		if len(names) == 0 {
			return nil, fmt.Errorf("%s holds no job.json and no shard reports (*.json)", dir)
		}
		return MergeSweepFiles(names)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%d of %d shards are missing: %s (no report yet; their tasks are running, failed or were never run)", len(missing), n, Ranges(missing))
	}
	return sweep.MergeNamed(names, reps)
}

// MergeSweepFiles merges the reports of `sweep --shard i/N --json` in the
// named files (sweep.MergeNamed): every report is validated, errors name
// the file, and it refuses to report until every shard is there and names
// the missing.
func MergeSweepFiles(names []string) (*sweep.Report, error) {
	reps := make([]*sweep.Report, len(names))
	for k, name := range names {
		r, err := ReadReport(name)
		if err != nil {
			return nil, err
		}
		reps[k] = r
	}
	return sweep.MergeNamed(names, reps)
}

// ReadShardReport reads shard j of n's report from a run directory and
// checks it is that shard's.
func ReadShardReport(dir string, j, n int) (*sweep.Report, error) {
	path := ShardReport(dir, j)
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	r, err := ReadReport(path)
	if err != nil {
		return nil, err
	}
	if want := fmt.Sprintf("%d/%d", j, n); r.Shard != want && !(n == 1 && r.Shard == "") {
		return nil, fmt.Errorf("%s is shard %q, want %s", path, r.Shard, want)
	}
	return r, nil
}

// ReadReport reads one sweep report (the JSON object of sweep --json),
// at most mousemaze.MaxInputBytes of it (a leading byte-order mark is
// skipped). Errors name the file, and the line where there is one.
func ReadReport(path string) (*sweep.Report, error) {
	var r sweep.Report
	if err := readJSON(path, &r, "a sweep report (the JSON of sweep --json)", false); err != nil {
		return nil, err
	}
	return &r, nil
}

// Ranges writes sorted indices compactly: "3, 5-7, 12", or "none"
// (sweep.Ranges).
func Ranges(xs []int) string { return sweep.Ranges(xs) }
