package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// TestEvolveTrapBestTurns is the bug: under --objective trap the
// JSON's best_turns was the search's internal score (about 1.1e15), not
// the walk's turns. It must be the turns the best maze's walk takes.
func TestEvolveTrapBestTurns(t *testing.T) {
	code, stdout, stderr := evolveRun(t, "--size", "4x4", "--k", "2", "--objective", "trap", "--evals", "2000", "--backend", "ref", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var e evolve.Event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if e.BestTurns <= 0 || e.BestTurns >= 1e6 {
			t.Errorf("%s line: best_turns %d is no turn count", e.Event, e.BestTurns)
		}
	}
	done := lastEvent(t, stdout)
	mazes, err := mousemaze.Parse(strings.NewReader(done.BestMaze), "best_maze")
	if err != nil || len(mazes) != 1 {
		t.Fatalf("best_maze %q: %v", done.BestMaze, err)
	}
	res, err := mousemaze.Walk(mazes[0], mousemaze.Config{K: 2, Entry: *done.Entry, Exit: *done.Exit})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Trapped || res.Turns != done.BestTurns || done.BestVisits != done.BestTurns-2 {
		t.Fatalf("best maze walks %d turns (trapped %v); the line says %d turns, %d visits",
			res.Turns, res.Trapped, done.BestTurns, done.BestVisits)
	}
	if done.Detail == nil || !done.Detail.Trapped {
		t.Errorf("no trapped detail in %+v", done)
	}
}

// TestEvolveSearchFlagErrors wants every bad search flag refused with
// exit 2 and a message naming the flag and its valid range.
func TestEvolveSearchFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--objective", "trap"}, "--objective trap needs --k"},
		{[]string{"--objective", "longest"}, "--objective \"longest\""},
		{[]string{"--objective", "max-cell", "--k", "2"}, "--objective max-cell needs exact counting"},
		{[]string{"--algo", "memetic", "--mutation", "0"}, "--mutation 0: must be above 0 and at most 169"},
		{[]string{"--algo", "ga", "--size", "6x6", "--mutation", "1000"}, "--mutation 1000: must be above 0 and at most 36"},
		{[]string{"--algo", "ga", "--parents", "200", "--pop", "100"}, "--parents 200: must be in 1..100 (--pop)"},
		{[]string{"--algo", "ga", "--elite", "101"}, "--elite 101: must be in 0..100 (--pop)"},
		{[]string{"--algo", "ils", "--local", "h9"}, `--local "h9": must be h1 to h8 (h4 and above need --reach)`},
		{[]string{"--local", "h10"}, `--local "h10": must be h1 to h8 (h4 and above need --reach)`},
		{[]string{"--local", "h4", "--reach", "0"}, `--local h4: must be h1 to h8 (h4 and above need --reach)`},
		{[]string{"--algo", "memetic", "--crossover", "foo"}, `--crossover "foo": must be uniform, none or (ils) relink`},
		{[]string{"--algo", "ga", "--kick", "3"}, "--kick does not apply to --algo ga"},
		{[]string{"--algo", "ils", "--kick", "0"}, "--kick 0: must be in 1..169"},
		{[]string{"--algo", "ils", "--improve", "worst"}, `--improve "worst": must be first or best`},
		{[]string{"--algo", "ils", "--restarts", "-1"}, "--restarts -1"},
		{[]string{"--algo", "ils", "--sideways", "-1"}, "--sideways -1"},
		{[]string{"--polish", "4"}, "--polish 4: must be 0, 1, 2 or 3"},
		{[]string{"--reach", "-1"}, "--reach -1: must be 0 (any) or more"},
		{[]string{"--accept", "1"}, "--accept 1: must be in [0, 1)"},
		{[]string{"--algo", "ga", "--accept", "0.1"}, "--accept does not apply to --algo ga"},
		{[]string{"--algo", "sa", "--parents", "3"}, "--parents does not apply to --algo sa"},
	} {
		code, stdout, stderr := evolveRun(t, append(tc.args, "--backend", "ref", "--evals", "100")...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestEvolveOldCheckpoint resumes a checkpoint written by mousemaze before
// the one engine (evolve checkpoint version 1, made with
// `mousemaze evolve --size 3x3 --algo ga --pop 4 --evals 8 --seed 1
// --checkpoint ...` at commit 8157791) and wants a clear refusal.
func TestEvolveOldCheckpoint(t *testing.T) {
	code, stdout, stderr := evolveRun(t, "--checkpoint", filepath.Join("testdata", "evolve-v1.checkpoint.json"), "--resume", "--backend", "ref")
	if code != exitFail || stdout != "" ||
		!strings.Contains(stderr, "older mousemaze (evolve checkpoint version 1)") || !strings.Contains(stderr, "start a new search") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestEvolvePolishJSON wants local_optimum_radius in the final line with
// --polish, the polish's evaluations counted apart, and none without.
func TestEvolvePolishJSON(t *testing.T) {
	for _, tc := range []struct {
		algo       string
		polish     string
		wantRadius int
	}{
		{"ga", "2", 2},
		{"pipeline", "3", 3},
		{"ils", "3", 3},
		{"ga", "0", 0},
	} {
		code, stdout, stderr := evolveRun(t, "--size", "5x5", "--algo", tc.algo, "--evals", "1000", "--polish", tc.polish, "--backend", "ref", "--json")
		if code != exitOK {
			t.Fatalf("%s --polish %s: exit %d: %s", tc.algo, tc.polish, code, stderr)
		}
		done := lastEvent(t, stdout)
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		has := strings.Contains(lines[len(lines)-1], `"local_optimum_radius":`)
		switch {
		case tc.wantRadius == 0 && (has || done.PolishEvals != 0):
			t.Errorf("%s --polish 0: radius field %v, polish_evals %d", tc.algo, has, done.PolishEvals)
		case tc.wantRadius > 0 && (done.LocalOptimumRadius == nil || *done.LocalOptimumRadius < tc.wantRadius):
			t.Errorf("%s --polish %s: local_optimum_radius %v in %s", tc.algo, tc.polish, done.LocalOptimumRadius, lines[len(lines)-1])
		case tc.wantRadius > 0 && done.Evals != 1000:
			t.Errorf("%s --polish %s: evals %d, want the budget 1000 (polish counted apart)", tc.algo, tc.polish, done.Evals)
		}
	}
}
