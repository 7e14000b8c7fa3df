package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestUsage checks the exit status of bad command lines: 2, with a message.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"nope"}, {"check", "--n", "0"}, {"check", "--sizes", "0x3"},
		{"makepop", "--size", "13x13"}, {"stream", "--size", "13x13", "--n", "0"}, {"stream", "--backend", "opencl", "--n", "2"},
		{"stream", "--backend", "cpu", "--resident", "--n", "2"},
		{"env", "extra"}, {"lanes", "--size", "13x13", "--n", "0"}, {"lanes", "--pop", "/nonexistent"}} {
		var stdout, stderr bytes.Buffer
		if rc := run(args, &stdout, &stderr); rc != 2 || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, rc, stderr.String())
		}
	}
}

// TestMakePopRoundTrip writes a population file and reads it back.
func TestMakePopRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pop.bin")
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"makepop", "--size", "5x7", "--n", "40", "--kind", "long", "--out", path}, &stdout, &stderr); rc != 0 {
		t.Fatalf("makepop: exit %d: %s", rc, stderr.String())
	}
	pop, err := readPop(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := randomPop(rand.New(rand.NewPCG(1, 1)), mousemaze.Size{Rows: 5, Cols: 7}, 40, "long")
	if err != nil {
		t.Fatal(err)
	}
	if pop.Rows != 5 || pop.Cols != 7 || pop.Len() != 40 || !equalWords(pop.Words, want.Words) {
		t.Fatalf("read back %dx%d, %d mazes, differing from what was written", pop.Rows, pop.Cols, pop.Len())
	}
	if err := os.WriteFile(path, []byte("not a population"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readPop(path); err == nil || !strings.Contains(err.Error(), "not a population file") {
		t.Errorf("garbage file: %v", err)
	}
}

func equalWords(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestStreamCPU streams a drawn population through the cpu backend and
// checks the record: its steps are the mazes' walks, counted again here.
func TestStreamCPU(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"stream", "--backend", "cpu", "--workers", "1", "--size", "6x6", "--n", "50", "--batch", "50", "--seconds", "0.01"}
	if rc := run(args, &stdout, &stderr); rc != 0 {
		t.Fatalf("stream: exit %d: %s", rc, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	var rec struct {
		Step   string
		Mazes  int64
		Steps  int64
		Final  bool
		Kernel *float64 `json:"kernel_seconds"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rec); err != nil {
		t.Fatal(err)
	}
	pop, err := randomPop(rand.New(rand.NewPCG(7, 7)), mousemaze.Size{Rows: 6, Cols: 6}, 50, "random")
	if err != nil {
		t.Fatal(err)
	}
	var per int64
	for i := range pop.Len() {
		res, err := mousemaze.Walk(pop.Maze(i), mousemaze.Config{})
		if err != nil {
			t.Fatal(err)
		}
		per += res.Turns
	}
	if rec.Step != "stream" || !rec.Final || rec.Mazes%50 != 0 || rec.Mazes == 0 || rec.Steps != per*rec.Mazes/50 || rec.Kernel != nil {
		t.Fatalf("record %+v; want whole passes of 50 mazes of %d steps each pass, and no kernel time on the cpu", rec, per)
	}
}
