package bench

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// SweepCase is one exhaustive sweep measured by MeasureSweep: a name for
// reports and the sweep's options (one worker, so the rates are per core).
type SweepCase struct {
	Name    string
	Options sweep.Options
}

// SweepCases returns the sweeps that `mousemaze bench --sweep` measures:
// 6×6, 6×6 with free ends, and shard 0 of 1000 of 7×7 (split depth 24),
// all on one worker.
func SweepCases() []SweepCase {
	six := mousemaze.Size{Rows: 6, Cols: 6}
	return []SweepCase{
		{Name: "6x6", Options: sweep.Options{Size: six, Workers: 1}},
		{Name: "6x6-free-ends", Options: sweep.Options{Size: six, FreeEnds: true, Workers: 1}},
		{Name: "7x7-shard-0/1000", Options: sweep.Options{Size: mousemaze.Size{Rows: 7, Cols: 7}, Workers: 1, Shard: 0, Shards: 1000, SplitDepth: 24}},
	}
}

// SweepResult is the measurement of one SweepCase.
type SweepResult struct {
	Case    string `json:"case"`
	Workers int    `json:"workers"`
	// Optimum is the sweep's answer (of its shard), Leaves and Steps its
	// work.
	Optimum int64  `json:"optimum_turns"`
	Leaves  uint64 `json:"leaves"`
	Steps   uint64 `json:"steps"`
	// Seconds is the wall time, CPUSeconds the process's CPU time (0 where
	// it cannot be read); the rates are per CPU second when it can be
	// read, else per wall second.
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds"`
	LeavesPerS float64 `json:"leaves_per_s"`
	StepsPerS  float64 `json:"steps_per_s"`
}

// MeasureSweep runs the sweep of c once and reports its rates.
func MeasureSweep(ctx context.Context, c SweepCase) (SweepResult, error) {
	cpu0, okCPU := sweep.CPUTime()
	start := time.Now()
	rep, err := sweep.Run(ctx, c.Options)
	if err != nil {
		return SweepResult{}, fmt.Errorf("bench: sweep %s: %w", c.Name, err)
	}
	res := SweepResult{Case: c.Name, Workers: max(c.Options.Workers, 1), Optimum: rep.OptimumTurns, Seconds: time.Since(start).Seconds()}
	pairs := []sweep.PairReport{rep.PairReport}
	if rep.FreeEnds {
		pairs = rep.Pairs
	}
	for _, p := range pairs {
		res.Leaves += p.Leaves
		res.Steps += p.Steps
	}
	t := res.Seconds
	if cpu1, ok := sweep.CPUTime(); okCPU && ok {
		res.CPUSeconds = (cpu1 - cpu0).Seconds()
		t = res.CPUSeconds
	}
	if t > 0 {
		res.LeavesPerS = float64(res.Leaves) / t
		res.StepsPerS = float64(res.Steps) / t
	}
	return res, nil
}

// SelectSweepCases returns the cases named in the comma-separated list, in
// its order, or an error naming an unknown one and the known ones.
func SelectSweepCases(list string) ([]SweepCase, error) {
	all := SweepCases()
	var todo []SweepCase
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(all, func(c SweepCase) bool { return c.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("unknown case %q (have %s)", name, strings.ReplaceAll(SweepCaseNames(), ",", ", "))
		}
		todo = append(todo, all[i])
	}
	return todo, nil
}

// SweepCaseNames lists the names of SweepCases, comma-separated.
func SweepCaseNames() string {
	var names []string
	for _, c := range SweepCases() {
		names = append(names, c.Name)
	}
	return strings.Join(names, ",")
}

// WriteSweepTable prints sweep results as a table: a case a row with its
// optimum, leaves, steps, times and rates.
func WriteSweepTable(w io.Writer, rs []SweepResult) error {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\toptimum\tleaves\tsteps\twall s\tCPU s\tleaves/s\tsteps/s\t")
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.3g\t%.3g\t\n", r.Case, r.Optimum, r.Leaves, r.Steps, r.Seconds, r.CPUSeconds, r.LeavesPerS, r.StepsPerS)
	}
	return tw.Flush()
}
