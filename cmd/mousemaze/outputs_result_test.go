package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// timings matches what differs between two runs of one command: the
// times of evolve's report and of its JSON lines.
var timings = regexp.MustCompile(`"(seconds|eval_seconds|host_seconds|evals_per_s)":[-+.0-9e]+|in [0-9.]+(ns|µs|ms|s)\b|in [0-9hm.]+s\b`)

// sameOutput reports whether two runs' standard outputs agree but for
// their timings.
func sameOutput(a, b string) bool {
	return timings.ReplaceAllString(a, "T") == timings.ReplaceAllString(b, "T")
}

// TestOutputWriteFailsLate runs every command that writes an output file,
// once with its files in a directory that stays and once in one removed
// when the work is done (as a full disk or a removed directory would):
// the second run must print exactly what the first printed (the result
// once, in the format asked for), exit 1 and name each file it could not
// write, by the path the user gave (no temporary file). Only classic gen,
// whose --out replaces standard output, prints its maze there instead.
func TestOutputWriteFailsLate(t *testing.T) {
	sweepProgress = nil
	maze := filepath.Join(t.TempDir(), "classic.txt")
	if code, _, errOut := runCmd(t, "classic", "gen", "--size", "5x6", "--seed", "2", "--out", maze); code != exitOK {
		t.Fatalf("classic gen: %s", errOut)
	}
	grid := []string{"evolve", "--size", "9x9", "--algo", "ga", "--evals", "2000", "--seed", "3", "--backend", "ref"}
	for _, tc := range []struct {
		name string
		args []string
		// files are the output flags and their file names, in the
		// directory that the second run loses.
		files [][2]string
		// ref is the command line of the first run, with the files in
		// place; nil: args.
		ref []string
		// interrupt stops evolve after that many generations (0: none).
		interrupt int64
		// instead: the result goes to the file only and is printed
		// instead when that fails.
		instead bool
		// pos is the file argument, after the flags.
		pos string
	}{
		{name: "evolve text --out", args: grid, files: [][2]string{{"out", "best.txt"}}},
		{name: "evolve --json --out", args: append(grid, "--json"), files: [][2]string{{"out", "best.txt"}}},
		{name: "evolve text --png", args: grid, files: [][2]string{{"png", "best.png"}}},
		{name: "evolve --json --png", args: append(grid, "--json"), files: [][2]string{{"png", "best.png"}}},
		{name: "evolve text --out --png", args: grid, files: [][2]string{{"out", "best.txt"}, {"png", "best.png"}}},
		{name: "evolve text interrupted", args: grid, files: [][2]string{{"out", "best.txt"}}, interrupt: 5},
		{name: "evolve --json interrupted", args: append(grid, "--json"), files: [][2]string{{"out", "best.txt"}, {"png", "best.png"}}, interrupt: 5},
		{name: "evolve --edges", args: []string{"evolve", "--edges", "--size", "4x4", "--evals", "500"}, files: [][2]string{{"out", "board.txt"}}},
		{name: "evolve --edges --json", args: []string{"evolve", "--edges", "--size", "4x4", "--evals", "500", "--json"}, files: [][2]string{{"out", "board.txt"}}},
		{name: "evolve --walker", args: []string{"evolve", "--walker", "lru", "--size", "4x4", "--evals", "300"}, files: [][2]string{{"out", "board.txt"}}},
		{name: "viennese evolve", args: []string{"viennese", "evolve", "--canvas", "3x3", "--budget", "2000"}, files: [][2]string{{"out", "best.txt"}, {"png", "best.png"}}},
		{name: "viennese evolve --json", args: []string{"viennese", "evolve", "--canvas", "3x3", "--budget", "2000", "--json"}, files: [][2]string{{"out", "best.txt"}}},
		{name: "viennese solve", args: []string{"viennese", "solve"}, files: [][2]string{{"png", "solve.png"}}, pos: "testdata/viennese-lollipop.txt"},
		{name: "classic interpret", args: []string{"classic", "interpret", "--theme", "bureau", "--auto", "tremaux"}, files: [][2]string{{"png", "path.png"}}, pos: maze},
		{name: "classic gen", args: []string{"classic", "gen", "--size", "6x7", "--seed", "4"}, files: [][2]string{{"out", "gen.txt"}},
			ref: []string{"classic", "gen", "--size", "6x7", "--seed", "4"}, instead: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			withFiles := func(dir string) []string {
				args := append([]string{}, tc.args...)
				for _, f := range tc.files {
					args = append(args, "--"+f[0], filepath.Join(dir, f[1]))
				}
				if tc.pos != "" {
					args = append(args, tc.pos)
				}
				return args
			}
			ref := tc.ref
			if ref == nil {
				ref = withFiles(t.TempDir())
			}
			evolveInterruptAt = tc.interrupt
			defer func() { evolveInterruptAt, afterWork = 0, nil }()
			refCode, want, refErr := runCmd(t, ref...)
			if wantCode := map[bool]int{false: exitOK, true: exitFail}[tc.interrupt > 0]; refCode != wantCode {
				t.Fatalf("first run: exit %d, want %d: %s", refCode, wantCode, refErr)
			}
			lost := filepath.Join(t.TempDir(), "lost")
			if err := os.Mkdir(lost, 0o755); err != nil {
				t.Fatal(err)
			}
			afterWork = func() {
				if err := os.RemoveAll(lost); err != nil {
					t.Fatal(err)
				}
			}
			code, stdout, stderr := runCmd(t, withFiles(lost)...)
			if code != exitFail {
				t.Errorf("exit %d, want 1; stderr %s", code, stderr)
			}
			if !sameOutput(stdout, want) {
				t.Errorf("standard output\n%s\nwant what a run that writes its files prints\n%s", stdout, want)
			}
			for _, f := range tc.files {
				if path := filepath.Join(lost, f[1]); !strings.Contains(stderr, "--"+f[0]+": write "+path+": ") {
					t.Errorf("stderr does not say --%s %s could not be written:\n%s", f[0], path, stderr)
				}
			}
			note := "(the result is on standard output)"
			if tc.instead {
				note = "(the result is printed to standard output instead)"
			}
			if !strings.Contains(stderr, note) || strings.Contains(stderr, ".tmp-") {
				t.Errorf("stderr lacks %q or names a temporary file:\n%s", note, stderr)
			}
		})
	}
}

// TestOutputResultOnce checks the shape of the result that
// TestOutputWriteFailsLate's first runs print: one 9x9 maze after evolve's
// report line (not an 18x9 maze, the maze printed twice), and JSON lines
// only with --json, the last holding the best maze.
func TestOutputResultOnce(t *testing.T) {
	defer func() { afterWork = nil }()
	for _, asJSON := range []bool{false, true} {
		lost := filepath.Join(t.TempDir(), "lost")
		if err := os.Mkdir(lost, 0o755); err != nil {
			t.Fatal(err)
		}
		afterWork = func() { os.RemoveAll(lost) }
		args := []string{"--size", "9x9", "--algo", "ga", "--evals", "1000", "--backend", "ref", "--out", filepath.Join(lost, "b.txt"), "--png", filepath.Join(lost, "b.png")}
		if asJSON {
			args = append(args, "--json")
		}
		code, stdout, stderr := evolveRun(t, args...)
		if code != exitFail {
			t.Errorf("--json %v: exit %d: %s", asJSON, code, stderr)
		}
		text := stdout
		if asJSON {
			lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
			for _, line := range lines {
				if !json.Valid([]byte(line)) {
					t.Errorf("--json: a line that is not JSON: %q", line)
				}
			}
			text = lastEvent(t, stdout).BestMaze
		} else {
			head, rest, _ := strings.Cut(stdout, "\n")
			if !strings.HasPrefix(head, "best 9x9 maze (ga") {
				t.Errorf("report line %q", head)
			}
			text = rest
		}
		ms, err := mousemaze.Parse(strings.NewReader(text), "stdout")
		if err != nil || len(ms) != 1 || ms[0].Size() != (mousemaze.Size{Rows: 9, Cols: 9}) {
			t.Errorf("--json %v: the maze on stdout is not one 9x9 maze (%v, %d mazes):\n%s", asJSON, err, len(ms), text)
		}
	}
}

// TestOutputPathsCheckedFirst gives every command that writes files an
// output path in a missing directory: each must refuse it before its work
// (exit 2, nothing on standard output, nothing run), naming the flag and
// the path.
func TestOutputPathsCheckedFirst(t *testing.T) {
	sweepProgress = nil
	missing := filepath.Join(t.TempDir(), "nodir")
	defer func() { stdin = os.Stdin }()
	for _, tc := range []struct {
		flag string
		args []string
		pos  string // the file argument, after the flags
	}{
		{"out", []string{"evolve", "--size", "4x4", "--evals", "200", "--backend", "ref"}, ""},
		{"png", []string{"evolve", "--size", "4x4", "--evals", "200", "--backend", "ref"}, ""},
		{"checkpoint", []string{"evolve", "--size", "4x4", "--evals", "200", "--backend", "ref"}, ""},
		{"out", []string{"evolve", "--edges", "--size", "3x3", "--evals", "200"}, ""},
		{"out", []string{"evolve", "--walker", "lru", "--size", "3x3", "--evals", "200"}, ""},
		{"out", []string{"viennese", "evolve", "--canvas", "3x3", "--budget", "500"}, ""},
		{"png", []string{"viennese", "evolve", "--canvas", "3x3", "--budget", "500", "--json"}, ""},
		{"png", []string{"viennese", "solve"}, "testdata/viennese-lollipop.txt"},
		{"out", []string{"classic", "gen", "--size", "4x4"}, ""},
		{"png", []string{"classic", "interpret", "--theme", "quiz"}, "testdata/classic-fig15.txt"},
		{"checkpoint", []string{"sweep", "--size", "3x3"}, ""},
		{"cpuprofile", []string{"sweep", "--size", "3x3"}, ""},
	} {
		stdin = strings.NewReader("1\n1\n1\nq\n") // moves of a game that should not start
		path := filepath.Join(missing, "x")
		args := append(append([]string{}, tc.args...), "--"+tc.flag, path)
		if tc.pos != "" {
			args = append(args, tc.pos)
		}
		code, stdout, stderr := runCmd(t, args...)
		want := "--" + tc.flag + " " + path + ": directory " + missing + " does not exist\n"
		if code != exitUsage || stdout != "" || !strings.HasSuffix(stderr, want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, %q", args, code, stdout, stderr, want)
		}
	}
}

// TestOutputFlagsCollide gives two output flags of a command one file:
// each command must refuse it before its work (exit 2) naming both flags,
// and leave a file that was there alone.
func TestOutputFlagsCollide(t *testing.T) {
	sweepProgress = nil
	grid := []string{"evolve", "--size", "4x4", "--evals", "200", "--backend", "ref"}
	for _, tc := range []struct {
		args   []string
		a, b   string // the flags given the same file
		exists bool   // the file is there before
	}{
		{grid, "out", "png", false},
		{grid, "out", "png", true},
		{grid, "out", "checkpoint", false},
		{grid, "out", "checkpoint", true},
		{grid, "png", "checkpoint", false},
		{append(grid, "--json"), "out", "png", true},
		{[]string{"evolve", "--edges", "--size", "3x3", "--evals", "200"}, "out", "checkpoint", true},
		{[]string{"evolve", "--walker", "lru", "--size", "3x3", "--evals", "200"}, "out", "checkpoint", false},
		{[]string{"viennese", "evolve", "--canvas", "3x3", "--budget", "500"}, "out", "png", true},
		{[]string{"sweep", "--size", "3x3"}, "checkpoint", "cpuprofile", false},
		{[]string{"sweep", "--size", "3x3"}, "checkpoint", "cpuprofile", true},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "x")
		if tc.exists {
			if err := os.WriteFile(path, []byte("keep\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// The second flag spells the path otherwise: it is the same file.
		args := append(append([]string{}, tc.args...), "--"+tc.a, path, "--"+tc.b, dir+"/./x")
		code, stdout, stderr := runCmd(t, args...)
		want := "--" + tc.a + " " + path + " and --" + tc.b + " " + dir + "/./x name the same file"
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, %q", args, code, stdout, stderr, want)
		}
		data, err := os.ReadFile(path)
		switch {
		case tc.exists && string(data) != "keep\n":
			t.Errorf("%v: the file there before now holds %q (%v)", args, data, err)
		case !tc.exists && err == nil:
			t.Errorf("%v: the file was written", args)
		}
	}
}

// TestEvolveInterruptedPrintsBest interrupts evolve (as Ctrl-C would), in
// the search and in the deepening after the whole budget, in text and
// JSON, with and without --out and --checkpoint: standard output must hold
// the best maze so far, the same as --out, and standard error say truly
// what was kept.
func TestEvolveInterruptedPrintsBest(t *testing.T) {
	defer func() { evolveInterruptAt = 0 }()
	base := []string{"--size", "7x7", "--algo", "ils", "--evals", "300", "--seed", "2", "--backend", "ref"}
	// The generation after the budget: the deepening's first.
	code, stdout, stderr := evolveRun(t, append(base, "--deepen", "0", "--json")...)
	if code != exitOK {
		t.Fatalf("without deepening: exit %d: %s", code, stderr)
	}
	spent := lastEvent(t, stdout).Gen
	code, stdout, stderr = evolveRun(t, append(base, "--json")...)
	if whole := lastEvent(t, stdout); code != exitOK || whole.Gen <= spent+1 {
		t.Fatalf("with deepening: exit %d, %d generations, %d without: %s", code, whole.Gen, spent, stderr)
	}
	for _, tc := range []struct {
		name       string
		gen        int64
		json       bool
		out, ckpt  bool
		whole      bool // the whole budget spent: deepening
		stderrWant string
	}{
		{"text", 5, false, false, false, false, "the best maze so far is on standard output; the search cannot be resumed (no --checkpoint)"},
		{"text --out", 5, false, true, false, false, "the best maze so far is on standard output and in OUT; the search cannot be resumed (no --checkpoint)"},
		{"text --checkpoint", 5, false, false, true, false, "the best maze so far is on standard output; continue with --checkpoint CKPT --resume"},
		{"text --out --checkpoint", 5, false, true, true, false, "the best maze so far is on standard output and in OUT; continue with --checkpoint CKPT --resume"},
		{"json --out", 5, true, true, false, false, "the best maze so far is on standard output and in OUT; the search cannot be resumed"},
		{"text deepening", spent + 1, false, false, false, true, "the best maze so far is on standard output; the search cannot be resumed"},
		{"text deepening --out", spent + 1, false, true, false, true, "the best maze so far is on standard output and in OUT;"},
		{"json deepening", spent + 1, true, false, true, true, "continue with --checkpoint CKPT --resume"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out, ckpt := filepath.Join(dir, "best.txt"), filepath.Join(dir, "c.json")
			args := append([]string{}, base...)
			if tc.json {
				args = append(args, "--json")
			}
			if tc.out {
				args = append(args, "--out", out)
			}
			if tc.ckpt {
				args = append(args, "--checkpoint", ckpt)
			}
			evolveInterruptAt = tc.gen
			code, stdout, stderr := evolveRun(t, args...)
			evolveInterruptAt = 0
			if code != exitFail {
				t.Fatalf("exit %d, want 1: %s", code, stderr)
			}
			var text string
			var evals int64
			if tc.json {
				e := lastEvent(t, stdout)
				if e.Event != "interrupted" {
					t.Errorf("last line %+v", e)
				}
				text, evals = e.BestMaze, e.Evals
			} else {
				head, rest, _ := strings.Cut(stdout, "\n")
				if !strings.HasPrefix(head, "best 7x7 maze so far (ils, seed 2") {
					t.Errorf("report line %q", head)
				}
				text = rest
				m := regexp.MustCompile(` after ([0-9]+) evaluations`).FindStringSubmatch(head)
				if m == nil {
					t.Fatalf("report line %q", head)
				}
				evals, _ = strconv.ParseInt(m[1], 10, 64)
			}
			ms, err := mousemaze.Parse(strings.NewReader(text), "stdout")
			if err != nil || len(ms) != 1 || ms[0].Size() != (mousemaze.Size{Rows: 7, Cols: 7}) {
				t.Fatalf("stdout does not hold one 7x7 maze (%v):\n%s", err, stdout)
			}
			if tc.whole != (evals == 300) {
				t.Errorf("interrupted after %d evaluations; whole budget spent: want %v", evals, tc.whole)
			}
			if tc.out {
				if data, err := os.ReadFile(out); err != nil || string(data) != text {
					t.Errorf("--out holds %q (%v), want the maze printed\n%s", data, err, text)
				}
			}
			if tc.ckpt {
				if st, err := evolve.LoadCheckpoint[dispatch.Grid](ckpt, "evolve", evolveCheckpointVersion); err != nil || st.Evals != evals {
					t.Errorf("checkpoint: %v", err)
				}
			}
			want := strings.NewReplacer("OUT", out, "CKPT", ckpt).Replace(tc.stderrWant)
			if !strings.Contains(stderr, want) || strings.Contains(stderr, "nothing saved") {
				t.Errorf("stderr %q; want %q", stderr, want)
			}
		})
	}
}
