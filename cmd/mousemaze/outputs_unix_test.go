//go:build unix

package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// TestEvolveFinalWriteFails removes the directory of --out and
// --checkpoint while a real search runs, then interrupts it: the best maze
// must come out on stdout once, after evolve's report line, and the
// command fail (exit 1) naming both files.
func TestEvolveFinalWriteFails(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a child process")
	}
	sub := filepath.Join(t.TempDir(), "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd, out, stderr := startSearch(t, "evolve", "--size", "9x9", "--evals", "100000000", "--backend", "ref",
		"--out", filepath.Join(sub, "best.txt"), "--checkpoint", filepath.Join(sub, "c.json"))
	defer cmd.Process.Kill()
	if err := os.RemoveAll(sub); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	stdout := <-out
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFail {
		t.Fatalf("exit %v, want 1; stderr %s", err, stderr)
	}
	head, rest, _ := strings.Cut(string(stdout), "\n")
	ms, err := mousemaze.Parse(strings.NewReader(rest), "stdout")
	if !strings.HasPrefix(head, "best 9x9 maze so far (") || err != nil || len(ms) != 1 || ms[0].Size().String() != "9x9" {
		t.Fatalf("stdout does not hold the report and the best 9x9 maze once (%v): %q", err, stdout)
	}
	for _, want := range []string{"--out: write " + filepath.Join(sub, "best.txt") + ": ", "(the result is on standard output)", "checkpoint not saved",
		"its checkpoint " + filepath.Join(sub, "c.json") + " was not saved"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr.String(), "instead") || strings.Contains(stderr.String(), ".tmp-") {
		t.Errorf("stderr says the result is printed instead, or names a temporary file:\n%s", stderr)
	}
}

// TestEvolveSIGKILLResume kills a search with SIGKILL at random moments
// while it writes its checkpoint every generation, resuming it each time:
// the checkpoint always parses and never loses its best, the --out file is
// never half-written, and the finished run's result equals or beats every
// best the checkpoints held.
func TestEvolveSIGKILLResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a child process")
	}
	dir := t.TempDir()
	ckpt, best := filepath.Join(dir, "c.json"), filepath.Join(dir, "best.txt")
	args := []string{"evolve", "--size", "8x8", "--evals", "100000000", "--seed", "3", "--backend", "ref",
		"--checkpoint", ckpt, "--checkpoint-every", "1ms", "--out", best}
	rng := rand.New(rand.NewPCG(1, 2))
	var saved float64 // the best score a checkpoint held so far
	var evals int64
	for round := range 6 {
		a := args
		if _, err := os.Stat(ckpt); err == nil {
			a = append(a, "--resume")
		}
		cmd, _, stderr := startSearch(t, a...)
		time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		if _, err := os.Stat(ckpt); err != nil {
			t.Logf("round %d: killed before the first checkpoint; stderr %s", round, stderr)
			continue
		}
		st, err := evolve.LoadCheckpoint[dispatch.Grid](ckpt, "evolve", evolveCheckpointVersion)
		if err != nil {
			t.Fatalf("round %d: the checkpoint does not parse after SIGKILL: %v", round, err)
		}
		if st.Best.Score.Value < saved || st.Evals < evals {
			t.Fatalf("round %d: the checkpoint went back: best %v after %v, %d evaluations after %d", round, st.Best.Score.Value, saved, st.Evals, evals)
		}
		saved, evals = st.Best.Score.Value, st.Evals
		checkMazeFile(t, best)
	}
	if evals == 0 {
		t.Fatal("no round got as far as a checkpoint")
	}
	// Finish the search: a budget just above what is done.
	code, stdout, stderr := evolveRun(t, "--checkpoint", ckpt, "--resume", "--evals", strconv.FormatInt(evals+2000, 10), "--backend", "ref", "--out", best, "--json")
	if code != exitOK {
		t.Fatalf("final resume: exit %d: %s", code, stderr)
	}
	final := lastEvent(t, stdout)
	if float64(final.BestTurns) < saved {
		t.Fatalf("the resumed run ends with %d turns, below the %v its checkpoint held", final.BestTurns, saved)
	}
	if data, err := os.ReadFile(best); err != nil || string(data) != final.BestMaze {
		t.Fatalf("--out holds %q (%v), want the final best\n%s", data, err, final.BestMaze)
	}
}

// checkMazeFile fails unless name is absent or holds exactly one whole
// maze.
func checkMazeFile(t *testing.T, name string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		return
	}
	ms, perr := mousemaze.Parse(strings.NewReader(string(data)), name)
	if err != nil || perr != nil || len(ms) != 1 {
		t.Fatalf("%s is not one whole maze (%v, %v): %q", name, err, perr, data)
	}
}

// TestEvolveSignalsEveryAlgo sends SIGINT or SIGTERM to real searches of
// every method (and of edge boards and walkers): each must stop within a
// deadline, exit 1 and report the best so far as its last line.
func TestEvolveSignalsEveryAlgo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in child processes")
	}
	type run struct {
		name string
		args []string
	}
	var runs []run
	for _, algo := range dispatch.Algos {
		runs = append(runs, run{algo, []string{"--size", "13x13", "--algo", algo, "--backend", "ref"}})
	}
	runs = append(runs, run{"edges", []string{"--edges", "--size", "13x13", "--algo", "sa"}},
		run{"walker", []string{"--walker", "lru", "--size", "9x9", "--algo", "memetic"}})
	for _, r := range runs {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(r.name+"/"+sig.String(), func(t *testing.T) {
				args := append([]string{"evolve", "--evals", "1000000000", "--json"}, r.args...)
				cmd, done, stderr := startSearch(t, args...)
				defer cmd.Process.Kill()
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				var stdout []byte
				select {
				case stdout = <-done:
				case <-time.After(10 * time.Second):
					t.Fatalf("still running 10 s after %v; stderr %s", sig, stderr)
				}
				err := cmd.Wait()
				if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFail {
					t.Fatalf("after %v: %v, want exit 1; stderr %s", sig, err, stderr)
				}
				lines := strings.Split(strings.TrimSpace(string(stdout)), "\n")
				if last := lines[len(lines)-1]; !strings.Contains(last, `"event":"interrupted"`) {
					t.Errorf("last line %s", last)
				}
				if !strings.Contains(stderr.String(), "interrupted after") {
					t.Errorf("stderr %s", stderr)
				}
			})
		}
	}
}

// startSearch starts this test binary as `mousemaze args...` (an evolve
// command) and returns once its progress bar shows: the search is under
// way, with its signal handling in place. done gives its whole stdout
// once it exits.
func startSearch(t *testing.T, args ...string) (cmd *exec.Cmd, done <-chan []byte, stderr *lockedBuffer) {
	t.Helper()
	stderr = new(lockedBuffer)
	cmd, out := startChildTo(t, stderr, args...)
	ch := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(out)
		ch <- b
	}()
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(stderr.String(), "elapsed"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no progress after 20 s; stderr %s", stderr)
		}
	}
	return cmd, ch, stderr
}

// lockedBuffer is a bytes.Buffer safe to read while a child process
// writes to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
