package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// helpExamples returns the example command lines of every command and
// verb, in table order, from their help text ("Example:" section), and
// from bench --sweep's, which only bench --sweep -h prints.
func helpExamples(t *testing.T) [][]string {
	t.Helper()
	var helps [][]string
	for _, path := range everyCommand() {
		helps = append(helps, append([]string{"help"}, path...))
	}
	helps = append(helps, []string{"bench", "--sweep", "-h"})
	var examples [][]string
	for _, args := range helps {
		code, out, errOut := runCmd(t, args...)
		if code != exitOK {
			t.Fatalf("%q: exit %d\n%s", args, code, errOut)
		}
		lines := strings.Split(out, "\n")
		n := 0
		for i, line := range lines {
			if line != "Example:" {
				continue
			}
			for _, ex := range lines[i+1:] {
				ex = strings.TrimSpace(ex)
				if ex == "" {
					break
				}
				words, err := shellWords(ex)
				if err != nil || len(words) < 2 || words[0] != "mousemaze" {
					t.Fatalf("%q: example %q is no mousemaze command line (%v)", args, ex, err)
				}
				examples = append(examples, words[1:])
				n++
			}
		}
		if n == 0 {
			t.Errorf("%q shows no example:\n%s", args, out)
		}
	}
	return examples
}

// shellWords splits a command line as sh does for the plain words,
// 'single' and "double" quotes of the examples.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, os.ErrInvalid
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// TestHelpExamplesRun runs every example of `mousemaze help CMD` as
// printed, from the repository root, and wants exit 0 (issue 36: a fresh
// clone's help examples run as printed). The examples run in a temporary
// directory that links every entry of the repository root, so that
// their inputs are the repository's files and their outputs (path.png,
// the slurm directories, ...) land in the temporary directory. They run
// in table order: slurm task and merge use the directory that the slurm
// sweep example writes.
func TestHelpExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every help example (about 30 s); skipped under -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	examples := helpExamples(t)
	dir := t.TempDir()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	saved := stdin
	stdin = strings.NewReader("") // play reads its moves from standard input: none
	t.Cleanup(func() { stdin = saved })
	for _, args := range examples {
		if args[0] == "serve" {
			// serve's example runs a web server until it is stopped
			// (and opens a browser); serve_test.go tests the server.
			continue
		}
		start := time.Now()
		code, _, errOut := runCmd(t, args...)
		t.Logf("%s: exit %d in %v", strings.Join(args, " "), code, time.Since(start).Round(time.Millisecond))
		if code != exitOK {
			t.Errorf("mousemaze %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
		}
	}
}
