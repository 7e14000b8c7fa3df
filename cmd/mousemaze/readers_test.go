package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// The inputs of every kind that the commands read.
const (
	gridIn    = "; a 3x3\n...\nX..\n...\n"
	edgeIn    = "+-+-+\n|. .|\n+ + +\n|. .|\n+-+ +\n"
	classicIn = "; classic start 0,0\n; classic goal 1,1\n+-+-+\n|. .|\n+ +-+\n|. .|\n+-+-+\n"
	graphIn   = `{"vertices":["s","v1","v2","t"],"edges":[["s","v1"],["v1","v2"],["v2","t"],["s","v2"]],"start":"s","exit":"t",` +
		`"prefs":{"s":["v1","v2"],"v1":["v2","s"],"v2":["s","v1","t"]}}`
)

// TestReadersEndlessInput runs every command that reads a file on an
// endless input (yes '+-+' | mousemaze classic solve -, or /dev/zero)
// and wants a clean failure: exit 1 and one line naming the input, the
// line and the limit, no "fatal error: out of memory" and no goroutine
// dump.
func TestReadersEndlessInput(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	tooLarge := fmt.Sprintf(":1: input too large: more than %d MiB", mousemaze.MaxInputBytes>>20)
	lineTooLong := fmt.Sprintf(":1: line too long: longer than %d bytes", mousemaze.MaxLineBytes)
	tests := []struct {
		stdin io.Reader // nil: the args name /dev/zero
		args  []string
		want  string
	}{
		{mazetest.Endless("", ""), []string{"eval", "-"}, "mousemaze eval: -" + lineTooLong},
		{mazetest.Endless("", ""), []string{"analyze", "-"}, "mousemaze analyze: -" + lineTooLong},
		{mazetest.Endless("", "+-+\n"), []string{"eval", "--edges", "-"}, "mousemaze eval: -:8388609: input too large"},
		{mazetest.Endless("", " "), []string{"graph", "-"}, "mousemaze graph: -" + tooLarge},
		{mazetest.Endless("", ""), []string{"graph", "--from-grid", "-"}, "mousemaze graph: -" + lineTooLong},
		{mazetest.Endless("", "+-+\n"), []string{"classic", "solve", "-"}, "mousemaze classic solve: -:8388609: input too large"},
		{mazetest.Endless("", ""), []string{"classic", "matrix", "-"}, "mousemaze classic matrix: -" + tooLarge},
		{mazetest.Endless("", "+-+\n"), []string{"game", "value", "-"}, "mousemaze game value: -:8388609: input too large"},
		{mazetest.Endless("", ""), []string{"viennese", "score", "-"}, "mousemaze viennese score: -" + tooLarge},
		{mazetest.Endless("", ""), []string{"viennese", "solve", "-"}, "mousemaze viennese solve: -" + tooLarge},
		{nil, []string{"sweep-merge", "/dev/zero"}, "mousemaze sweep-merge: /dev/zero" + tooLarge},
		{nil, []string{"evolve", "--size", "3x3", "--evals", "10", "--init", "/dev/zero"}, "mousemaze evolve: /dev/zero" + lineTooLong},
		{nil, []string{"sweep", "--size", "2x2", "--best-only", "--init", "/dev/zero"}, "/dev/zero" + lineTooLong},
	}
	defer func() { stdin = os.Stdin }()
	for _, tc := range tests {
		stdin = tc.stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		code, _, errs := runCmd(t, tc.args...)
		if code != exitFail || !strings.Contains(errs, tc.want) || strings.Contains(errs, "goroutine") || strings.Count(errs, "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errs, exitFail, tc.want)
		}
	}
}

// TestReadersBOM runs every command that reads a file on its input with
// and without a leading byte-order mark and wants the same output: the
// mark is skipped everywhere (it was "unknown character '\ufeff'", "a
// classic directive inside a board", "odd number of lines", "invalid
// character 'ï'").
func TestReadersBOM(t *testing.T) {
	viennese, err := os.ReadFile("testdata/viennese-lollipop.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer func(w io.Writer) { sweepProgress = w }(sweepProgress)
	sweepProgress = nil
	var report strings.Builder
	if code := run([]string{"sweep", "--size", "2x2", "--json"}, &report, io.Discard); code != exitOK {
		t.Fatalf("sweep: exit %d", code)
	}
	tests := []struct {
		in   string
		args []string // the input file is "in" in the working directory
	}{
		{gridIn, []string{"eval", "in"}},
		{gridIn, []string{"analyze", "in"}},
		{gridIn, []string{"graph", "--from-grid", "in"}},
		{gridIn, []string{"evolve", "--size", "3x3", "--evals", "20", "--seed", "1", "--json", "--init", "in"}},
		{edgeIn, []string{"eval", "--edges", "in"}},
		{graphIn, []string{"graph", "--heat", "in"}},
		{classicIn, []string{"classic", "solve", "in"}},
		{classicIn, []string{"classic", "matrix", "in"}},
		{edgeIn, []string{"game", "value", "in"}},
		{string(viennese), []string{"viennese", "score", "in"}},
		{report.String(), []string{"sweep-merge", "in"}},
	}
next:
	for _, tc := range tests {
		var outs [2]string
		for i, head := range []string{"", mazetest.BOM} {
			t.Chdir(t.TempDir())
			if err := os.WriteFile("in", []byte(head+tc.in), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := runCmd(t, tc.args...)
			if code != exitOK {
				t.Errorf("%v, mark %q: exit %d, stderr %q", tc.args, head, code, errs)
				continue next
			}
			outs[i] = out
			if tc.args[0] == "evolve" { // its elapsed seconds differ
				outs[i] = strings.SplitN(out, `"seconds"`, 2)[0]
			}
		}
		if outs[0] != outs[1] || outs[0] == "" {
			t.Errorf("%v: output after a byte-order mark\n%s\nwant\n%s", tc.args, outs[1], outs[0])
		}
	}
}

// TestReaderMessages wants messages a user can act on: what was expected
// and where, not Go's internals.
func TestReaderMessages(t *testing.T) {
	dir := t.TempDir()
	array := tempFile(t, "array.json", "[1, 2]")
	long := tempFile(t, "long.txt", "nodes 3\n"+strings.Repeat("x", 2<<20)+"\n")
	graph := tempFile(t, "g.json", graphIn)
	tests := []struct {
		args []string
		code int
		want string
		not  string
	}{
		{[]string{"graph", array}, exitFail, "mousemaze graph: " + array + `: invalid graph: line 1: want a JSON object with the fields "vertices", "edges", "start", "exit" and "prefs" (docs/graph.md), not an array`, "Go value"},
		{[]string{"sweep-merge", array}, exitFail, "mousemaze sweep-merge: " + array + ":1: want a sweep report (the JSON of sweep --json), a JSON object, not an array", "Go value"},
		{[]string{"viennese", "score", long}, exitFail, "mousemaze viennese score: " + long + ":2: line too long: longer than 65536 bytes", "bufio"},
		{[]string{"graph", "--heat", graph}, exitOK, "visits per vertex: s=", "map["},
		{[]string{"evolve", "--size", "abc"}, exitUsage, `mousemaze evolve: --size "abc": a size must be RxC (rows x columns), e.g. 13x13, not "abc"`, "out of range"},
		{[]string{"slurm", "merge", filepath.Join(dir, "nonexist")}, exitFail, "mousemaze slurm merge: " + filepath.Join(dir, "nonexist") + ": no such directory (want the --dir of a slurm run)", "checkpoint:"},
	}
	for _, tc := range tests {
		code, out, errs := runCmd(t, tc.args...)
		if tc.code == exitOK {
			errs = out
		}
		if code != tc.code || !strings.Contains(errs, tc.want) || strings.Contains(errs, tc.not) {
			t.Errorf("%v: exit %d, %q; want exit %d, %q without %q", tc.args, code, errs, tc.code, tc.want, tc.not)
		}
	}
}
