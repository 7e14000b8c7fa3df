package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// runSweepJSON runs a command that prints one JSON report and decodes it,
// with the fields that differ between equivalent runs removed.
func runSweepJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	sweepProgress = nil
	out := runOK(t, args...)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	delete(m, "elapsed_s")
	delete(m, "shard")
	return m
}

func TestSweep4x4(t *testing.T) {
	dir := t.TempDir()
	whole := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet")
	if whole["optimum_turns"] != 27.0 || whole["optimum_visits"] != 25.0 || whole["mazes"] != "65536" {
		t.Fatalf("4x4 sweep: %v", whole)
	}
	// The reference walk, through eval, confirms the optimal maze.
	file := filepath.Join(dir, "best.txt")
	if err := os.WriteFile(file, []byte(whole["optimal_maze"].(string)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runOK(t, "eval", "--json", "--backend", "ref", file)
	var ev evalRecord
	if err := json.Unmarshal([]byte(out), &ev); err != nil || ev.Turns != 27 {
		t.Fatalf("eval of the optimal maze: %s (%v)", out, err)
	}

	// Shards 0/2 and 1/2, merged, give the single run's report.
	var files []string
	for _, s := range []string{"0/2", "1/2"} {
		out := runOK(t, "sweep", "--size", "4x4", "--json", "--quiet", "--shard", s)
		f := filepath.Join(dir, "shard"+s[:1]+".json")
		if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	merged := runSweepJSON(t, append([]string{"sweep-merge", "--json"}, files...)...)
	if !reflect.DeepEqual(merged, whole) {
		t.Errorf("merged shards differ from one run:\n got %v\nwant %v", merged, whole)
	}
	// A missing shard is an error.
	if code, _, _ := runCmd(t, "sweep-merge", files[0]); code != exitFail {
		t.Errorf("merge of one shard of two: exit %d, want %d", code, exitFail)
	}

	// Checkpoint, then resume from it: the same report.
	ck := filepath.Join(dir, "ck.json")
	first := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet", "--checkpoint", ck)
	resumed := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet", "--checkpoint", ck, "--resume")
	if !reflect.DeepEqual(first, whole) || !reflect.DeepEqual(resumed, whole) {
		t.Errorf("checkpointed run or resume differs:\n first %v\nresumed %v\n  want %v", first, resumed, whole)
	}
	// Without --resume an existing checkpoint is not overwritten (a usage
	// error, as evolve's); with --force it is.
	if code, _, errs := runCmd(t, "sweep", "--size", "4x4", "--quiet", "--checkpoint", ck); code != exitUsage || !strings.Contains(errs, ck+" holds a search; use --resume or remove it") {
		t.Errorf("sweep over an existing checkpoint: exit %d, stderr %q", code, errs)
	}
	if forced := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet", "--checkpoint", ck, "--force"); !reflect.DeepEqual(forced, whole) {
		t.Errorf("--force: %v, want %v", forced, whole)
	}
	// The text report names the optimum.
	if code, out, _ := runCmd(t, "sweep", "--size", "4x4", "--quiet"); code != exitOK || !strings.Contains(out, "optimum: 27 turns") {
		t.Errorf("text report: exit %d:\n%s", code, out)
	}
}

func TestSweepBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep"}, "--size is required"},
		{[]string{"sweep", "--size", "4by4"}, "--size"},
		{[]string{"sweep", "--size", "9x9"}, "cells"},
		{[]string{"sweep", "--size", "4x4", "--order", "DRLX"}, "--order"},
		{[]string{"sweep", "--size", "4x4", "--exit", "4"}, "exit column"},
		{[]string{"sweep", "--size", "4x4", "--shard", "2/2"}, "--shard"},
		{[]string{"sweep", "--size", "4x4", "--shard", "x"}, "--shard"},
		{[]string{"sweep", "--size", "4x4", "--resume"}, "--checkpoint"},
		{[]string{"sweep", "--size", "4x4", "--workers", "-1"}, "workers"},
		{[]string{"sweep", "--bogus"}, "bogus"},
		{[]string{"sweep-merge"}, "no report files"},
		{[]string{"sweep", "--size", "4x4", "--backend", "gpu"}, "unknown backend"},
		{[]string{"sweep", "--size", "4x4", "--estimate", "--backend", "cuda"}, "--backend"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errb.String(), exitUsage, tc.want)
		}
	}
}

func TestSweepEdgesRefusesTaskFlags(t *testing.T) {
	for _, flagArgs := range [][]string{
		{"--checkpoint", filepath.Join(t.TempDir(), "ck.json")},
		{"--shard", "0/2"},
		{"--resume"},
		{"--split-depth", "3"},
		{"--best-only"},
		{"--estimate"},
	} {
		args := append([]string{"sweep", "--edges", "--size", "3x3"}, flagArgs...)
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), flagArgs[0]) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d naming %s", args, code, errb.String(), exitUsage, flagArgs[0])
		}
	}
}

func TestSweepBestOnly(t *testing.T) {
	whole := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet")
	best := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet", "--best-only")
	for _, k := range []string{"optimum_turns", "optimal_maze", "optimal_class", "optimal_classes", "optimal_mazes", "mazes"} {
		if !reflect.DeepEqual(best[k], whole[k]) {
			t.Errorf("best-only %s = %v, full sweep %v", k, best[k], whole[k])
		}
	}
	if best["best_only"] != true || best["incumbent"].(float64) < 1 || best["incumbent"].(float64) > 27 {
		t.Errorf("best-only report: best_only %v, incumbent %v", best["best_only"], best["incumbent"])
	}
	// --init takes the incumbent from a file: the 4x4 optimum itself.
	file := tempFile(t, "init.txt", whole["optimal_maze"].(string))
	fromFile := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet", "--best-only", "--init", file)
	if fromFile["incumbent"] != 27.0 || fromFile["optimum_turns"] != 27.0 {
		t.Errorf("--init: incumbent %v, optimum %v", fromFile["incumbent"], fromFile["optimum_turns"])
	}
	var out, errb bytes.Buffer
	if code := run([]string{"sweep", "--size", "5x5", "--quiet", "--best-only", "--init", file}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "no feasible 5x5") {
		t.Errorf("--init without a maze of the size: exit %d, stderr %q", code, errb.String())
	}
	if code := run([]string{"sweep", "--size", "4x4", "--init", file}, &out, &errb); code != exitUsage {
		t.Errorf("--init without --best-only: exit %d, want %d", code, exitUsage)
	}
}

func TestSweepEstimate(t *testing.T) {
	defer func(d time.Duration) { sweepEstimateSample = d }(sweepEstimateSample)
	sweepEstimateSample = 50 * time.Millisecond
	m := runSweepJSON(t, "sweep", "--size", "5x5", "--estimate", "--probes", "20000", "--shard", "0/10", "--json")
	leaves := m["leaves"].(float64)
	if leaves < 37306*0.8 || leaves > 37306*1.2 || m["shards"] != 10.0 || m["shard_leaves"].(float64) != leaves/10 {
		t.Errorf("5x5 estimate: %v (exact: 37306 leaves)", m)
	}
	var out, errb bytes.Buffer
	for _, args := range [][]string{
		{"sweep", "--size", "4x4", "--probes", "10"},
		{"sweep", "--size", "4x4", "--estimate", "--probes", "0"},
		{"sweep", "--size", "4x4", "--estimate", "--best-only"},
	} {
		if code := run(args, &out, &errb); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestSweepBackendCUDAMissing checks that sweep --backend cuda in a build
// without CUDA fails with exit 1 and says so.
func TestSweepBackendCUDAMissing(t *testing.T) {
	if slices.Contains(mousemaze.BuiltBackends(), "cuda") {
		t.Skip("built with CUDA")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"sweep", "--size", "3x3", "--backend", "cuda", "--quiet"}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "built without CUDA") || out.Len() != 0 {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit %d saying the binary was built without CUDA", code, out.String(), errb.String(), exitFail)
	}
}

// editJSON writes to dst the JSON object of the file src after edit.
func editJSON(t *testing.T, src, dst string, edit func(m map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	if data, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSweepMergeCorrupt gives sweep-merge the two shard reports of a 4x4
// sweep, one of them corrupted, and wants a failure (exit 1) whose one
// line names that file, the field and the problem, where each was merged
// into a wrong report before; and wants a field that differs between
// valid reports named with both files.
func TestSweepMergeCorrupt(t *testing.T) {
	sweepProgress = nil
	dir := t.TempDir()
	var shards []string
	for _, s := range []string{"0/2", "1/2"} {
		f := filepath.Join(dir, "shard"+s[:1]+".json")
		if err := os.WriteFile(f, []byte(runOK(t, "sweep", "--size", "4x4", "--json", "--quiet", "--shard", s)), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, f)
	}
	bad := filepath.Join(dir, "bad.json")
	bucket0 := func(m map[string]any) map[string]any { return m["histogram"].([]any)[0].(map[string]any) }
	tests := []struct {
		name string
		edit func(m map[string]any)
		want string // after "mousemaze sweep-merge: BAD: "
	}{
		{"tasks too many", func(m map[string]any) { m["tasks"] = 100000 }, "tasks: 100000, but the tasks of entry 0, exit 0 (0 to 743) in shard 0/2 number 372"},
		{"tasks negative", func(m map[string]any) { m["tasks"] = -1 }, "tasks: -1, but the tasks of entry 0, exit 0 (0 to 743) in shard 0/2 number 372"},
		{"optimum", func(m map[string]any) { m["optimum_turns"] = 1000000 }, "optimum_turns: 1000000, but the histogram's most turns are 27"},
		{"maze", func(m map[string]any) { m["optimal_maze"] = "QQQ" }, "optimal_maze: not a maze: unknown character 'Q' in column 1 (want '.', 'X' or '#')"},
		{"elapsed", func(m map[string]any) { m["elapsed_s"] = -1e308 }, "elapsed_s: -1e+308: want a number of seconds, 0 or more"},
		{"histogram", func(m map[string]any) { bucket0(m)["mazes"] = "5" }, "mazes: 20537, but infeasible_mazes, pruned_mazes and the histogram's mazes add up to 16446"},
		{"classes negative", func(m map[string]any) { bucket0(m)["classes"] = -2 }, "histogram.classes: -2 is negative: want a whole number from 0 to 18446744073709551615"},
		{"leaves negative", func(m map[string]any) { m["leaves"] = -100 }, "leaves: -100 is negative: want a whole number from 0 to 18446744073709551615"},
		// Report 1 corrupt: it is named, not report 2.
		{"rows", func(m map[string]any) { m["rows"] = 5 }, "total_tasks: 744, but the split of this sweep (5x4, order DRLU, entry 0, exit 0, split depth 17) has more than 744 tasks"},
		{"order", func(m map[string]any) { m["order"] = "DRUL" }, "total_tasks: 744, but the split of this sweep (4x4, order DRUL, entry 0, exit 0, split depth 17) has more than 744 tasks"},
		{"entry", func(m map[string]any) { m["entry"] = 1 }, "total_tasks: 744, but the split of this sweep (4x4, order DRLU, entry 1, exit 0, split depth 17) has more than 744 tasks"},
		{"total tasks", func(m map[string]any) { m["total_tasks"] = 743 }, "total_tasks: 743, but the split of this sweep (4x4, order DRLU, entry 0, exit 0, split depth 17) has "},
	}
	for _, tc := range tests {
		editJSON(t, shards[0], bad, tc.edit)
		for _, args := range [][]string{{"sweep-merge", bad, shards[1]}, {"sweep-merge", shards[1], bad}} {
			code, out, errs := runCmd(t, args...)
			want := "mousemaze sweep-merge: " + bad + ": " + tc.want
			if code != exitFail || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("%s: %v: exit %d, stdout %q, stderr %q\nwant exit %d and %q", tc.name, args[1:], code, out, errs, exitFail, want)
			}
		}
	}
	// A directory of reports: the corrupt one is named too.
	reports := t.TempDir()
	editJSON(t, shards[0], filepath.Join(reports, "a.json"), func(m map[string]any) { m["tasks"] = -1 })
	editJSON(t, shards[1], filepath.Join(reports, "b.json"), func(map[string]any) {})
	if code, _, errs := runCmd(t, "sweep-merge", reports); code != exitFail || !strings.HasPrefix(errs, "mousemaze sweep-merge: "+filepath.Join(reports, "a.json")+": tasks: -1, but ") {
		t.Errorf("directory: exit %d, stderr %q", code, errs)
	}
	// Depth 16 splits 4x4 into the same tasks as depth 17: the report is
	// valid, but not of the other's sweep.
	editJSON(t, shards[0], bad, func(m map[string]any) { m["split_depth"] = 16 })
	want := "mousemaze sweep-merge: " + shards[1] + ": split_depth: 17, but " + bad + " has 16: they are of different sweeps\n"
	if code, _, errs := runCmd(t, "sweep-merge", bad, shards[1]); code != exitFail || errs != want {
		t.Errorf("split depth 16: exit %d, stderr %q\nwant %q", code, errs, want)
	}
}

// TestSweepResumeCorrupt resumes a 4x4 sweep from its corrupted
// checkpoint and wants a failure (exit 1) whose one line names the file,
// the field and the problem, where each gave a wrong report before.
func TestSweepResumeCorrupt(t *testing.T) {
	sweepProgress = nil
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	runOK(t, "sweep", "--size", "4x4", "--quiet", "--checkpoint", good)
	ck := filepath.Join(dir, "ck.json")
	pair0 := func(m map[string]any) map[string]any { return m["pairs"].([]any)[0].(map[string]any) }
	tests := []struct {
		name string
		edit func(m map[string]any)
		want string // after "mousemaze sweep: CK: "
	}{
		{"done empty", func(m map[string]any) { m["done"] = []any{} }, "pairs[0].tasks: 744, but the tasks of entry 0, exit 0 that done lists number 0"},
		{"done part", func(m map[string]any) { m["done"] = []any{[]any{0, 10}} }, "pairs[0].tasks: 744, but the tasks of entry 0, exit 0 that done lists number 10"},
		{"optimum negative", func(m map[string]any) { pair0(m)["optimum_turns"] = -3 }, "pairs[0].optimum_turns: -3 is negative"},
		{"maze", func(m map[string]any) { pair0(m)["optimal_maze"] = "..\n..Z\n" }, "pairs[0].optimal_maze: not a maze: "},
		{"entry", func(m map[string]any) { pair0(m)["entry"] = 9 }, "pairs[0].entry, exit: 9, 0: want 0, 0"},
	}
	for _, tc := range tests {
		editJSON(t, good, ck, tc.edit)
		code, out, errs := runCmd(t, "sweep", "--size", "4x4", "--quiet", "--checkpoint", ck, "--resume")
		want := "mousemaze sweep: " + ck + ": " + tc.want
		if code != exitFail || out != "" || !strings.HasPrefix(errs, want) || !strings.HasSuffix(errs, "(the checkpoint is damaged: remove it to start the sweep afresh)\n") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q\nwant exit %d and %q", tc.name, code, out, errs, exitFail, want)
		}
	}
	// The good checkpoint resumes to the finished sweep's report.
	if code, out, _ := runCmd(t, "sweep", "--size", "4x4", "--quiet", "--checkpoint", good, "--resume"); code != exitOK || !strings.Contains(out, "optimum: 27 turns") {
		t.Errorf("good checkpoint: exit %d:\n%s", code, out)
	}
}
