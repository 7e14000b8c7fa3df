package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// runSweepJSON runs a command that prints one JSON report and decodes it,
// with the fields that differ between equivalent runs removed.
func runSweepJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	sweepProgress = nil
	var out, errb bytes.Buffer
	if code := run(args, &out, &errb); code != exitOK {
		t.Fatalf("%v: exit %d, stderr %s", args, code, errb.String())
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out.String())
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
	var out, errb bytes.Buffer
	if code := run([]string{"eval", "--json", "--backend", "ref", file}, &out, &errb); code != exitOK {
		t.Fatalf("eval: exit %d: %s", code, errb.String())
	}
	var ev evalRecord
	if err := json.Unmarshal(out.Bytes(), &ev); err != nil || ev.Turns != 27 {
		t.Fatalf("eval of the optimal maze: %s (%v)", out.String(), err)
	}

	// Shards 0/2 and 1/2, merged, give the single run's report.
	var files []string
	for _, s := range []string{"0/2", "1/2"} {
		var out, errb bytes.Buffer
		if code := run([]string{"sweep", "--size", "4x4", "--json", "--quiet", "--shard", s}, &out, &errb); code != exitOK {
			t.Fatalf("shard %s: exit %d: %s", s, code, errb.String())
		}
		f := filepath.Join(dir, "shard"+s[:1]+".json")
		if err := os.WriteFile(f, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	merged := runSweepJSON(t, append([]string{"sweep-merge", "--json"}, files...)...)
	if !reflect.DeepEqual(merged, whole) {
		t.Errorf("merged shards differ from one run:\n got %v\nwant %v", merged, whole)
	}
	// A missing shard is an error.
	if code := run([]string{"sweep-merge", files[0]}, &out, &errb); code != exitFail {
		t.Errorf("merge of one shard of two: exit %d, want %d", code, exitFail)
	}

	// Checkpoint, then resume from it: the same report.
	ck := filepath.Join(dir, "ck.json")
	first := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet", "--checkpoint", ck)
	resumed := runSweepJSON(t, "sweep", "--size", "4x4", "--json", "--quiet", "--checkpoint", ck, "--resume")
	if !reflect.DeepEqual(first, whole) || !reflect.DeepEqual(resumed, whole) {
		t.Errorf("checkpointed run or resume differs:\n first %v\nresumed %v\n  want %v", first, resumed, whole)
	}
	// Without --resume an existing checkpoint is not overwritten.
	if code := run([]string{"sweep", "--size", "4x4", "--quiet", "--checkpoint", ck}, &out, &errb); code != exitFail || !strings.Contains(errb.String(), "exists") {
		t.Errorf("sweep over an existing checkpoint: exit %d, stderr %q", code, errb.String())
	}
	// The text report names the optimum.
	out.Reset()
	if code := run([]string{"sweep", "--size", "4x4", "--quiet"}, &out, &errb); code != exitOK || !strings.Contains(out.String(), "optimum: 27 turns") {
		t.Errorf("text report: exit %d:\n%s", code, out.String())
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
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errb.String(), exitUsage, tc.want)
		}
	}
}
