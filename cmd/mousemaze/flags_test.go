package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// everyCommand lists the command line of every command and verb of the
// table ("bench", "bench search", "classic gen", ...).
func everyCommand() [][]string {
	var paths [][]string
	for _, c := range sortedCommands() {
		if c.run != nil {
			paths = append(paths, []string{c.name})
		}
		for _, v := range c.verbs {
			paths = append(paths, []string{c.name, v.name})
		}
	}
	return paths
}

// TestFlagsThatDoNotApply wants a flag given where it does nothing
// refused with exit 2 and a message that names it, as evolve refuses
// one (issue 36, item 10).
func TestFlagsThatDoNotApply(t *testing.T) {
	dir := t.TempDir()
	graphFile := filepath.Join(dir, "g.json")
	code, out, errs := runCmd(t, "graph", "--lemma11", "3")
	if code != exitOK {
		t.Fatalf("graph --lemma11 3: exit %d: %s", code, errs)
	}
	if err := os.WriteFile(graphFile, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	maze := filepath.Join("testdata", "mixed.txt")
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"sweep", "--size", "2x2", "--free-ends", "--entry", "1"}, "--free-ends"},
		{[]string{"sweep", "--size", "2x2", "--free-ends", "--exit", "1"}, "--free-ends"},
		{[]string{"sweep", "--size", "2x2", "--max-cells", "5"}, "--max-cells"},
		{[]string{"sweep", "--size", "2x2", "--max-span", "5"}, "--max-span"},
		{[]string{"sweep", "--size", "2x2", "--k", "2", "--max-cells", "-1"}, "-max-cells"},
		{[]string{"sweep", "--size", "2x2", "--k", "2", "--max-span", "-1"}, "-max-span"},
		{[]string{"sweep", "--size", "2x2", "--edges", "--max-cells", "4"}, "--max-cells"},
		{[]string{"sweep", "--size", "2x2", "--force"}, "--force needs --checkpoint"},
		{[]string{"sweep", "--size", "2x2", "--checkpoint-every", "1s"}, "--checkpoint-every needs --checkpoint"},
		{[]string{"analyze", "--table", "--max", "2x2", maze}, "--table reads no files"},
		{[]string{"analyze", "--max", "2x2", maze}, "--max needs --table"},
		{[]string{"graph", "--entry", "5", "--order", "RDLU", graphFile}, "--order does not apply"},
		{[]string{"graph", "--exit", "1", graphFile}, "--exit does not apply"},
		{[]string{"graph", "--from-grid", "--k", "3", maze}, "--k does not apply"},
		{[]string{"graph", "--lemma11", "3", "--heat"}, "--heat does not apply"},
		{[]string{"graph", "--lemma11", "3", graphFile}, "--lemma11 reads no files"},
		{[]string{"classic", "matrix", "--power", "3", maze}, "--power applies only to --kind power"},
		{[]string{"classic", "matrix", "--kind", "power", "--goal", "1,1", maze}, "--goal applies only to --kind solution"},
		{[]string{"classic", "matrix", "--kind", "power", "--method", "bfs", maze}, "--method applies to the distance and solution"},
		{[]string{"evolve", "--size", "4x4", "--evals", "10", "--force"}, "--force needs --checkpoint"},
		{[]string{"evolve", "--size", "4x4", "--evals", "10", "--checkpoint-every", "1s"}, "--checkpoint-every needs --checkpoint"},
		{[]string{"evolve", "--edges", "--size", "3x3", "--evals", "10", "--force"}, "--force needs --checkpoint"},
		{[]string{"bench", "search", "--size", "5x5", "--sizes", "6x6"}, "--size and --sizes"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := runCmd(t, tc.args...)
			if code != exitUsage || !strings.Contains(errs, tc.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, exitUsage, tc.msg)
			}
			if out != "" {
				t.Errorf("stdout %q, want none", out)
			}
		})
	}
}

// TestHelpFlagOnStdout wants -h, -help and --help of every command and
// verb to print its help on standard output, as `help CMD` does, and exit
// 0 (issue 36, item 14).
func TestHelpFlagOnStdout(t *testing.T) {
	for _, path := range everyCommand() {
		for _, h := range []string{"-h", "--help"} {
			args := append(append([]string{}, path...), h)
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				code, out, errs := runCmd(t, args...)
				want := "Usage: mousemaze " + strings.Join(path, " ")
				if code != exitOK || !strings.HasPrefix(out, want) || errs != "" {
					t.Errorf("exit %d, stdout %q, stderr %q; want 0, %q..., nothing", code, out, errs, want)
				}
				_, helpOut, _ := runCmd(t, append([]string{"help"}, path...)...)
				if helpOut != out {
					t.Errorf("-h printed\n%s\nhelp printed\n%s", out, helpOut)
				}
			})
		}
	}
	// After arguments and other flags, too.
	for _, args := range [][]string{
		{"eval", "--cap", "3", "-h"},
		{"eval", "maze.txt", "-h"},
		{"bench", "--sweep", "-h"},
	} {
		code, out, errs := runCmd(t, args...)
		if code != exitOK || !strings.HasPrefix(out, "Usage: mousemaze") || errs != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestHelpText checks the help of every command and verb: no default
// stated twice ("(0 = no cap) (default 0)": like the flag package's own
// number flags, a zero default goes unsaid), no empty "Flags:" section,
// and bench's verbs listed (issue 36, item 14).
func TestHelpText(t *testing.T) {
	for _, path := range everyCommand() {
		t.Run(strings.Join(path, " "), func(t *testing.T) {
			code, out, _ := runCmd(t, append([]string{"help"}, path...)...)
			if code != exitOK {
				t.Fatalf("exit %d", code)
			}
			for _, line := range strings.Split(out, "\n") {
				if strings.Contains(line, "(default 0)") || strings.Contains(line, "(default 0s)") {
					t.Errorf("default stated for a zero: %q", line)
				}
			}
			if strings.HasSuffix(strings.TrimSpace(out), "Flags:") {
				t.Errorf("empty Flags section:\n%s", out)
			}
			if strings.Contains(out, "Usage: mousemaze "+strings.Join(path, " ")+" \n") {
				t.Errorf("trailing space after an empty synopsis:\n%s", out)
			}
		})
	}
	_, out, _ := runCmd(t, "help", "version")
	if strings.Contains(out, "Flags:") {
		t.Errorf("help version shows a Flags section:\n%s", out)
	}
	for _, args := range [][]string{{"help", "bench"}, {"bench", "-h"}} {
		_, out, _ := runCmd(t, args...)
		for _, verb := range commands["bench"].verbs {
			if !strings.Contains(out, "  "+verb.name+" ") {
				t.Errorf("%q does not list the verb %s:\n%s", args, verb.name, out)
			}
		}
	}
	// A number flag with a non-zero default still states it.
	_, out, _ = runCmd(t, "help", "sweep")
	if !strings.Contains(out, "(default 30s)") || !strings.Contains(out, "(default 100000)") {
		t.Errorf("help sweep lost a non-zero default:\n%s", out)
	}
}

// TestFlagsAfterArguments wants flags accepted after the arguments, as
// before them, on every command (parseFlags); "--" ends the flags (issue
// 36, item 14).
func TestFlagsAfterArguments(t *testing.T) {
	maze := filepath.Join("testdata", "mixed.txt")
	one := filepath.Join(t.TempDir(), "one.txt")
	if err := os.WriteFile(one, []byte("...\nX..\n...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		out  string // stdout holds it
	}{
		{[]string{"viennese", "canvas", "3x3", "--json"}, exitOK, `"nodes":9`},
		{[]string{"eval", maze, "--json"}, exitOK, `"file":"` + maze + `"`},
		{[]string{"eval", maze, "--json", "--cap", "5", maze}, exitOK, `"index":2`},
		{[]string{"analyze", one, "--json"}, exitOK, `"theorem1_holds":true`},
		{[]string{"game", "build", "5/8", "--json"}, exitOK, `{`},
		{[]string{"eval", maze, "--", "--json"}, exitFail, ""},
		{[]string{"eval", maze, "--cap"}, exitUsage, ""},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := runCmd(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errs, tc.code, tc.out)
			}
		})
	}
}
