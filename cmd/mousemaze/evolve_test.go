package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/bench"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
	"github.com/mousemaze/mousemaze/draw"
)

// evolveRun runs `mousemaze evolve args...` and returns the exit status,
// standard output and standard error.
func evolveRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runCmd(t, append([]string{"evolve"}, args...)...)
}

// lastEvent decodes the last JSON line of out.
func lastEvent(t *testing.T, out string) evolve.Event {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var e evolve.Event
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &e); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	return e
}

func TestEvolveJSONOutAndPNG(t *testing.T) {
	dir := t.TempDir()
	out, pic := filepath.Join(dir, "best.txt"), filepath.Join(dir, "best.png")
	stdout := runOK(t, "evolve", "--size", "5x6", "--algo", "ga", "--evals", "3000", "--seed", "3",
		"--backend", "ref", "--json", "--out", out, "--png", pic)
	done := lastEvent(t, stdout)
	if done.Event != "done" || done.Evals != 3000 || done.Rows != 5 || done.Cols != 6 || done.Algo != "ga" || *done.Seed != 3 {
		t.Fatalf("final line %+v", done)
	}
	if !strings.Contains(stdout, `"event":"improved"`) {
		t.Errorf("no improved lines in\n%s", stdout)
	}
	mazes, err := mousemaze.Parse(strings.NewReader(done.BestMaze), "best_maze")
	if err != nil || len(mazes) != 1 {
		t.Fatalf("best_maze %q: %v", done.BestMaze, err)
	}
	cfg := mousemaze.Config{Entry: *done.Entry, Exit: *done.Exit}
	res, err := mousemaze.Walk(mazes[0], cfg)
	if err != nil || res.Turns != done.BestTurns || done.BestVisits != done.BestTurns-2 {
		t.Fatalf("best maze walks %d turns (%v); the line says %d turns, %d visits", res.Turns, err, done.BestTurns, done.BestVisits)
	}
	written, err := mousemaze.ParseFile(out)
	if err != nil || len(written) != 1 || !written[0].Equal(mazes[0]) {
		t.Fatalf("--out file holds %v (%v), want\n%s", written, err, mazes[0])
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	title := draw.Title(mazes[0], cfg, res)
	if w, h := draw.Size(5, 6, title); img.Bounds().Dx() != w || img.Bounds().Dy() != h || !strings.Contains(title, fmt.Sprintf("5x6 maze: %d turns", res.Turns)) {
		t.Errorf("PNG is %v, want %dx%d with the title %q", img.Bounds(), w, h, title)
	}
}

func TestEvolveText(t *testing.T) {
	code, stdout, stderr := evolveRun(t, "--size", "4x4", "--algo", "hill", "--evals", "500", "--backend", "ref")
	if code != exitOK || !strings.HasPrefix(stdout, "best 4x4 maze (hill, seed 1") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestEvolveBadFlags(t *testing.T) {
	ckpt := filepath.Join(t.TempDir(), "c.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "0x5"}, "--size"},
		{[]string{"--size", "6"}, "--size"},
		{[]string{"--algo", "tabu"}, "--algo \"tabu\""},
		{[]string{"--evals", "0"}, "flag -evals: must be above 0"},
		{[]string{"--pop", "-1"}, "flag -pop: must be 0 or more"},
		{[]string{"--resume"}, "--resume needs --checkpoint"},
		{[]string{"--size", "6x6", "--entry", "6"}, "entry column 6"},
		{[]string{"--order", "DDRU"}, "--order"},
		{[]string{"--free-ends", "--exit", "2"}, "--free-ends"},
		{[]string{"--checkpoint", ckpt, "--resume", "--size", "7x7"}, "--size cannot change"},
		{[]string{"--no-such-flag"}, "not defined"},
		{[]string{"extra"}, "unexpected arguments"},
	} {
		if tc.want == "--size cannot change" {
			// A real checkpoint, so that the flag check is what fails.
			if code, _, stderr := evolveRun(t, "--size", "4x4", "--evals", "200", "--backend", "ref", "--checkpoint", ckpt); code != exitOK {
				t.Fatalf("making a checkpoint: exit %d: %s", code, stderr)
			}
		}
		code, _, stderr := evolveRun(t, append(tc.args, "--backend", "ref")...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestEvolveKillAndResume interrupts a run after a few generations (as
// Ctrl-C would), resumes it from its checkpoint and wants exactly the
// final line of an uninterrupted run.
func TestEvolveKillAndResume(t *testing.T) {
	for _, algo := range []string{"memetic", "ga", "sa", "ils", "pipeline"} {
		t.Run("algo="+algo, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"--size", "5x5", "--algo", algo, "--evals", "6000", "--seed", "11", "--backend", "ref", "--json"}
			code, stdout, stderr := evolveRun(t, append(args, "--checkpoint", filepath.Join(dir, "whole.json"))...)
			if code != exitOK {
				t.Fatalf("uninterrupted: exit %d: %s", code, stderr)
			}
			want := lastEvent(t, stdout)

			ckpt := filepath.Join(dir, "run.json")
			evolveInterruptAt = 7
			code, stdout, stderr = evolveRun(t, append(args, "--checkpoint", ckpt)...)
			evolveInterruptAt = 0
			if code != exitFail || !strings.Contains(stderr, "--resume") {
				t.Fatalf("interrupted: exit %d, stderr %q", code, stderr)
			}
			stopped := lastEvent(t, stdout)
			if stopped.Event != "interrupted" || stopped.Gen != 7 || stopped.Evals >= 6000 {
				t.Fatalf("interrupted line %+v", stopped)
			}
			// The best maze so far is written to --out on interrupt too.
			evolveInterruptAt = 7
			outFile := filepath.Join(dir, "best.txt")
			code, _, stderr = evolveRun(t, append(args, "--out", outFile)...)
			evolveInterruptAt = 0
			if code != exitFail {
				t.Fatalf("interrupted with --out: exit %d: %s", code, stderr)
			}
			if data, err := os.ReadFile(outFile); err != nil || string(data) != stopped.BestMaze {
				t.Fatalf("--out after interrupt holds %q (%v), want the interrupted best\n%s", data, err, stopped.BestMaze)
			}
			// Resume restating the original flags (with the size spelled
			// differently): flags that agree with the checkpoint are fine.
			restated := append([]string{"--size", "5X5"}, args[2:]...)
			code, stdout, stderr = evolveRun(t, append(restated, "--checkpoint", ckpt, "--resume")...)
			if code != exitOK {
				t.Fatalf("resumed: exit %d: %s", code, stderr)
			}
			got := lastEvent(t, stdout)
			if got.Event != "done" || got.BestMaze != want.BestMaze || got.BestTurns != want.BestTurns ||
				got.Evals != want.Evals || got.Gen != want.Gen || got.Rejected != want.Rejected {
				t.Fatalf("resumed run ends with\n%+v\nuninterrupted with\n%+v", got, want)
			}
			// Resuming a finished search changes nothing.
			code, stdout, _ = evolveRun(t, "--checkpoint", ckpt, "--resume", "--backend", "ref", "--json")
			if again := lastEvent(t, stdout); code != exitOK || again.BestMaze != want.BestMaze || again.Evals != want.Evals {
				t.Fatalf("resuming a finished run: exit %d, %+v", code, again)
			}
		})
	}
}

// searchRecords runs `bench search ARGS --json` and decodes its records.
func searchRecords(t *testing.T, args ...string) []bench.SearchRecord {
	t.Helper()
	out := runOK(t, append(append([]string{"bench", "search"}, args...), "--json")...)
	var recs []bench.SearchRecord
	for dec := json.NewDecoder(strings.NewReader(out)); dec.More(); {
		var r bench.SearchRecord
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	return recs
}

func TestSearchBench(t *testing.T) {
	var stdout, stderr bytes.Buffer
	var algos []string
	for _, r := range searchRecords(t, "--size", "4x4", "--evals", "1500", "--seeds", "2", "--algos", "random,ga,memetic", "--backend", "ref") {
		if len(r.Turns) != 2 || r.Target != 27 || r.Best > 27 || r.Best < 10 || r.Hits > 2 {
			t.Errorf("record %+v", r)
		}
		algos = append(algos, r.Algo)
	}
	if strings.Join(algos, ",") != "random,ga,memetic" {
		t.Errorf("methods %v", algos)
	}
	stdout.Reset()
	if code := run([]string{"bench", "search", "--size", "4x4", "--evals", "500", "--seeds", "1", "--algos", "hill", "--backend", "ref"}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "hits >= 27") {
		t.Fatalf("table: exit %d\n%s", code, stdout.String())
	}
	if code := run([]string{"bench", "search", "--algos", "tabu"}, &stdout, &stderr); code != exitUsage {
		t.Errorf("unknown method: exit %d, want 2", code)
	}
}

// TestEvolveCPUProfile checks --cpuprofile: a grid search and an edge
// search each write a gzipped pprof profile; a path in a missing folder,
// or the same path as --out, is a usage error before any search; a
// profile that cannot be written fails the command after its result
// (evolve, evolve --edges, sweep).
func TestEvolveCPUProfile(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"--size", "6x6"}, {"--edges", "--size", "4x4"}} {
		prof := filepath.Join(dir, strings.Join(args, "")+".prof")
		code, _, stderr := evolveRun(t, append(args, "--evals", "3000", "--seed", "4", "--cpuprofile", prof, "--json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		b, err := os.ReadFile(prof)
		if err != nil || !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			t.Errorf("%v: profile %d bytes (%v), want a gzipped pprof file", args, len(b), err)
		}
	}
	out := filepath.Join(dir, "same.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--cpuprofile", filepath.Join(dir, "missing", "x.prof")}, "does not exist"},
		{[]string{"--cpuprofile", out, "--out", out}, "name the same file"},
	} {
		code, _, stderr := evolveRun(t, append(tc.args, "--size", "6x6", "--evals", "100")...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr, exitUsage, tc.want)
		}
	}
	// A profile that cannot be written (a full device): the search's
	// result is printed, then the failure, exit 1.
	if _, err := os.Stat("/dev/full"); err != nil {
		return
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"evolve", "--size", "6x6", "--evals", "3000", "--json"}, `"event":"done"`},
		{[]string{"evolve", "--edges", "--size", "4x4", "--evals", "3000", "--json"}, `"event":"done"`},
		{[]string{"sweep", "--size", "4x4", "--quiet"}, "optimum: 27 turns"},
	} {
		code, stdout, stderr := runCmd(t, append(tc.args, "--cpuprofile", "/dev/full")...)
		if code != exitFail || !strings.Contains(stdout, tc.want) || !strings.Contains(stderr, "/dev/full: write /dev/full") {
			t.Errorf("%v --cpuprofile /dev/full: exit %d, stdout %q, stderr %q; want %d, the result and the write error",
				tc.args, code, tail(stdout), stderr, exitFail)
		}
	}
}

// TestEvolveTrace checks --trace: an execution trace is written beside a
// CPU profile; the same path as --cpuprofile is a usage error; a trace
// that cannot be written fails the command after its result.
func TestEvolveTrace(t *testing.T) {
	dir := t.TempDir()
	tr, prof := filepath.Join(dir, "run.trace"), filepath.Join(dir, "run.prof")
	code, _, stderr := evolveRun(t, "--size", "6x6", "--evals", "3000", "--trace", tr, "--cpuprofile", prof)
	b, err := os.ReadFile(tr)
	if code != 0 || err != nil || !bytes.HasPrefix(b, []byte("go 1.")) {
		t.Errorf("exit %d (%s), trace of %d bytes (%v): want a trace", code, stderr, len(b), err)
	}
	if code, _, stderr = evolveRun(t, "--size", "6x6", "--evals", "100", "--trace", prof, "--cpuprofile", prof); code != exitUsage || !strings.Contains(stderr, "name the same file") {
		t.Errorf("--trace and --cpuprofile on one file: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		return
	}
	code, stdout, stderr := evolveRun(t, "--size", "6x6", "--evals", "3000", "--json", "--trace", "/dev/full")
	if code != exitFail || !strings.Contains(stdout, `"event":"done"`) || !strings.Contains(stderr, "--trace: /dev/full: write /dev/full") {
		t.Errorf("--trace /dev/full: exit %d, stdout %q, stderr %q", code, tail(stdout), stderr)
	}
}

// tail returns the end of s, for messages.
func tail(s string) string { return s[max(len(s)-200, 0):] }
