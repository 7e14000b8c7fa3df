package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/island"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// runSlurmMerge is `slurm merge DIR`: the merged sweep of a sweep run, or
// the best maze of all islands of an island search.
func runSlurmMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("slurm merge", "[flags] DIR",
		"mousemaze slurm merge --json /shared/sweep8", stderr)
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	partial := fs.Bool("partial", false, "islands: report the best so far even if some islands are missing or unfinished")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "mousemaze slurm merge: want one directory, the run's --dir")
		return exitUsage
	}
	dir := fs.Arg(0)
	job, err := loadJob(dir)
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze slurm merge: %v\n", err)
		return exitFail
	}
	if job.Kind == "sweep" {
		return mergeSweepDir("slurm merge", dir, *asJSON, stdout, stderr)
	}
	return mergeIslands(dir, job.Tasks, *partial, *asJSON, stdout, stderr)
}

// mergeIslands reports the best maze of the islands in dir.
func mergeIslands(dir string, n int, partial, asJSON bool, stdout, stderr io.Writer) int {
	sum, err := island.Merge(islandDir(dir), n)
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze slurm merge: %v\n", err)
		return exitFail
	}
	if !sum.Complete {
		msg := fmt.Sprintf("%d of %d islands are not finished (missing: %s; unfinished: %s)",
			len(sum.Missing)+len(sum.Unfinished), n, ranges(sum.Missing), ranges(sum.Unfinished))
		if !partial {
			fmt.Fprintf(stderr, "mousemaze slurm merge: %s; wait for them, requeue them, or use --partial\n", msg)
			return exitFail
		}
		fmt.Fprintf(stderr, "mousemaze slurm merge: %s; the best so far:\n", msg)
	}
	if asJSON {
		if err := json.NewEncoder(stdout).Encode(sum); err != nil {
			fmt.Fprintf(stderr, "mousemaze slurm merge: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	s := sum.Search
	check := ""
	if sum.Walked {
		check = ", confirmed by the reference walk"
	}
	fmt.Fprintf(stdout, "best %dx%d maze of %d islands (island %d, entry %d, exit %d, order %s): %d turns (%d visits)%s; %d evaluations in all\n",
		s.Rows, s.Cols, n, sum.BestIsland, sum.Entry, sum.Exit, s.Order, sum.BestTurns, sum.BestVisits, check, sum.Evals)
	fmt.Fprint(stdout, sum.BestMaze)
	for _, r := range sum.PerIsland {
		fmt.Fprintf(stdout, "  island %d: seed %d, %d turns, %d evaluations, %d generations, done %v\n", r.Island, r.Seed, r.Turns, r.Evals, r.Gen, r.Done)
	}
	return exitOK
}

// mergeSweepDir merges the shard reports of a sweep directory: the
// shards/ of a `slurm sweep` run (whose job.json gives the shard count),
// or else a directory of `sweep --shard i/N --json` reports (*.json). It
// refuses to report until every shard is there and names the missing.
func mergeSweepDir(cmd, dir string, asJSON bool, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze %s: "+format+"\n", append([]any{cmd}, a...)...)
		return exitFail
	}
	var reps []*sweep.Report
	var missing []int
	n := 0
	if job, err := loadJob(dir); err == nil {
		if job.Kind != "sweep" {
			return fail("%s is an island search; use mousemaze slurm merge", dir)
		}
		n = job.Shards
		for j := 0; j < n; j++ {
			r, err := readShardReport(dir, j, n)
			switch {
			case errors.Is(err, os.ErrNotExist):
				missing = append(missing, j)
			case err != nil:
				return fail("%v", err)
			default:
				reps = append(reps, r)
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return fail("%v", err)
	} else {
		names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		sort.Strings(names)
		if len(names) == 0 {
			return fail("%s holds no job.json and no shard reports (*.json)", dir)
		}
		for _, name := range names {
			r, err := readReport(name)
			if err != nil {
				return fail("%v", err)
			}
			reps = append(reps, r)
		}
		var err error
		if n, missing, err = missingShards(reps); err != nil {
			return fail("%s: %v", dir, err)
		}
	}
	if len(missing) > 0 {
		return fail("%d of %d shards are missing: %s (no report yet; their tasks are running, failed or were never run)", len(missing), n, ranges(missing))
	}
	rep, err := sweep.Merge(reps...)
	if err != nil {
		return fail("%v", err)
	}
	return writeSweepReport(rep, asJSON, stdout, stderr)
}

// missingShards returns the shard count of reports from `sweep --shard
// i/N` (1 for whole sweeps) and the shards none of them is.
func missingShards(reps []*sweep.Report) (n int, missing []int, err error) {
	have := map[int]bool{}
	for k, r := range reps {
		i, m := 0, 1
		if r.Shard != "" {
			sh, err := mousemaze.ParseShard(r.Shard)
			if err != nil {
				return 0, nil, fmt.Errorf("report %d: bad shard %q", k+1, r.Shard)
			}
			i, m = sh.Index, sh.Count
		}
		if n == 0 {
			n = m
		}
		if m != n {
			return 0, nil, fmt.Errorf("report %d is shard %q, the first is of %d shards", k+1, r.Shard, n)
		}
		have[i] = true
	}
	for j := 0; j < n; j++ {
		if !have[j] {
			missing = append(missing, j)
		}
	}
	return n, missing, nil
}

// readShardReport reads shard j of n's report from a run directory and
// checks it is that shard's.
func readShardReport(dir string, j, n int) (*sweep.Report, error) {
	path := shardReport(dir, j)
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	r, err := readReport(path)
	if err != nil {
		return nil, err
	}
	if want := fmt.Sprintf("%d/%d", j, n); r.Shard != want && !(n == 1 && r.Shard == "") {
		return nil, fmt.Errorf("%s is shard %q, want %s", path, r.Shard, want)
	}
	return r, nil
}

// readReport reads one sweep report (JSON).
func readReport(path string) (*sweep.Report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r sweep.Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}

// ranges writes sorted indices compactly: "3, 5-7, 12", or "none".
func ranges(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	var parts []string
	for k := 0; k < len(xs); {
		e := k
		for e+1 < len(xs) && xs[e+1] == xs[e]+1 {
			e++
		}
		if e == k {
			parts = append(parts, fmt.Sprint(xs[k]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", xs[k], xs[e]))
		}
		k = e + 1
	}
	return strings.Join(parts, ", ")
}
