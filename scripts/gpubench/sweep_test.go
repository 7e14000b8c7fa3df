package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestSweepEmulate runs gpubench sweep on the kernel's Go mirror, whole
// and in shards, checks the record against the CPU sweep, and checks that
// a wrong expectation and bad flags fail.
func TestSweepEmulate(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"sweep", "--backend", "emulate", "--size", "4x4", "--check", "--expand", "2", "--expect-leaves", "271", "--expect-optimum", "27"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("sweep: exit %d: %s", rc, stderr.String())
	}
	var rec struct {
		Step      string
		Leaves    uint64
		Optimum   int64 `json:"optimum_turns"`
		Equal     bool  `json:"equal_to_cpu"`
		Completed bool
	}
	if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Step != "sweep" || rec.Leaves != 271 || rec.Optimum != 27 || !rec.Equal || !rec.Completed {
		t.Fatalf("record %+v: want 271 leaves, 27 turns, equal to the CPU sweep", rec)
	}
	stdout.Reset()
	if rc := run([]string{"sweep", "--backend", "emulate", "--size", "4x4", "--split-depth", "5", "--shards", "3", "--shard-list", "0,2", "--check"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("sweep shards: exit %d: %s", rc, stderr.String())
	}
	if lines := strings.Split(strings.TrimSpace(stdout.String()), "\n"); len(lines) != 3 || !strings.Contains(lines[2], `"step":"sweep-total"`) || !strings.Contains(lines[1], `"shard":"2/3"`) {
		t.Fatalf("shards: %d lines:\n%s", len(lines), stdout.String())
	}
	if rc := run([]string{"sweep", "--backend", "emulate", "--size", "4x4", "--expect-leaves", "270"}, &stdout, &stderr); rc != 1 {
		t.Errorf("wrong --expect-leaves: exit %d, want 1", rc)
	}
	for _, args := range [][]string{{"sweep", "--size", "4by4"}, {"sweep", "--shards", "3"}, {"sweep", "--shards", "3", "--shard-list", "3"}} {
		if rc := run(args, &stdout, &stderr); rc != 2 {
			t.Errorf("%v: exit %d, want 2", args, rc)
		}
	}
}
