package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/cuda"
)

// TestExitCodes runs bad command lines of every command through run and
// wants the promise of docs/commands.md: 2 for bad usage, 1 for failed
// work, and a message naming the problem.
func TestExitCodes(t *testing.T) {
	const maze = thesisFile
	const classicMaze = "testdata/classic-fig15.txt"
	// badOut is a path in a directory that does not exist; ckpt a sweep
	// checkpoint of 3x3 that --resume of a 3x4 sweep must refuse.
	dir := t.TempDir()
	badOut := filepath.Join(dir, "nosuch", "out")
	ckpt := filepath.Join(dir, "sweep.ckpt")
	if code, _, errs := runCmd(t, "sweep", "--size", "3x3", "--checkpoint", ckpt); code != exitOK {
		t.Fatalf("sweep --checkpoint: exit %d, %s", code, errs)
	}
	cases := []struct {
		code int
		errs string
		args []string
	}{
		{exitUsage, "--workers -1: must be 0 or more", []string{"eval", "--workers", "-1", maze}},
		{exitUsage, `unknown backend "foo"`, []string{"eval", "--backend", "foo", maze}},
		{exitUsage, `unknown kernel "foo" (valid: cpu: `, []string{"eval", "--kernel", "foo", maze}},
		{exitUsage, "backend ref has no kernels", []string{"eval", "--backend", "ref", "--kernel", "generic", maze}},
		{exitUsage, "unknown kernel", []string{"eval", "--backend", "cpu", "--kernel", "nosuch", maze}},
		{exitUsage, "--workers -1", []string{"eval", "--workers", "-1", "nosuch-file"}},
		{exitUsage, "--cap -1", []string{"eval", "--cap", "-1", maze}},
		{exitUsage, "--order", []string{"eval", "--order", "XYZ", maze}},
		{exitUsage, "entry column 99", []string{"eval", "--entry", "99", maze}},
		{exitUsage, "flag provided but not defined", []string{"eval", "--nosuch", maze}},
		{exitUsage, "no input files", []string{"eval"}},
		{exitFail, "no such file", []string{"eval", "nosuch-file"}},
		{exitUsage, "--workers -1", []string{"evolve", "--workers", "-1"}},
		{exitUsage, `unknown backend "foo"`, []string{"evolve", "--backend", "foo"}},
		{exitUsage, `unknown kernel "foo"`, []string{"evolve", "--kernel", "foo"}},
		{exitUsage, "--size", []string{"evolve", "--size", "0x0"}},
		{exitUsage, `"-5" for flag -evals: must be above 0`, []string{"evolve", "--evals", "-5"}},
		{exitUsage, "unexpected arguments", []string{"evolve", "extra"}},
		{exitUsage, "--objective trap needs --k", []string{"evolve", "--objective", "trap", "--size", "3x3", "--evals", "10"}},
		{exitUsage, "workers", []string{"sweep", "--size", "3x3", "--workers", "-1"}},
		{exitUsage, "unexpected arguments", []string{"sweep", "--size", "3x3", "extra"}},
		{exitUsage, "--n > 0", []string{"bench", "--n", "-1"}},
		{exitUsage, `unknown backend "foo"`, []string{"bench", "--backends", "foo"}},
		{exitUsage, `--mazes: unknown kind "nosuch"`, []string{"bench", "--mazes", "nosuch"}},
		{exitUsage, `invalid value "-1s" for flag -duration: must be above 0`, []string{"bench", "--duration", "-1s"}},
		{exitUsage, "--sizes", []string{"bench", "--sizes", "0x0"}},
		{exitUsage, "--walker", []string{"evolve", "--size", "3x3", "--walker", "nosuch"}},
		{exitUsage, "--objective", []string{"evolve", "--size", "3x3", "--objective", "nosuch"}},
		{exitUsage, "entry column 9", []string{"evolve", "--size", "3x3", "--entry", "9"}},
		{exitUsage, "entry column 9", []string{"sweep", "--size", "3x3", "--entry", "9"}},
		{exitUsage, "--k -1", []string{"graph", "--k", "-1", maze}},
		{exitUsage, "--kind", []string{"classic", "matrix", "--kind", "nosuch", maze}},
		{exitUsage, "--algo", []string{"viennese", "evolve", "--algo", "nosuch"}},
		{exitUsage, "--reach needs sites at distances", []string{"viennese", "evolve", "--algo", "ils", "--budget", "10", "--reach", "3"}},
		{exitUsage, "--deepen needs sites at distances", []string{"viennese", "evolve", "--algo", "ils", "--budget", "10", "--deepen", "2"}},
		{exitUsage, "--rows and --cols", []string{"game", "search", "--rows", "-1"}},
		{exitUsage, `unknown backend "foo"`, []string{"bench", "search", "--backend", "foo"}},
		{exitUsage, `unknown backend "foo"`, []string{"selfcheck", "--backend", "foo"}},
		{exitUsage, `unknown kernel "foo"`, []string{"selfcheck", "--kernel", "foo"}},
		{exitUsage, "backend tree has no kernels", []string{"selfcheck", "--backend", "tree", "--kernel", "avx2"}},
		{exitUsage, "--workers -1", []string{"selfcheck", "--workers", "-1"}},
		{exitUsage, "--max", []string{"analyze", "--table", "--max", "0x0"}},
		{exitFail, "no such file", []string{"analyze", "nosuch-file"}},
		{exitUsage, "--lemma11 1", []string{"graph", "--lemma11", "1"}},
		{exitFail, "no such file", []string{"graph", "nosuch-file"}},
		{exitUsage, "no input files", []string{"game", "value"}},
		{exitFail, "no such file", []string{"game", "value", "nosuch-file"}},
		{exitUsage, "power of two", []string{"game", "build", "3/5"}},
		{exitUsage, "--size", []string{"classic", "gen", "--size", "0x0"}},
		{exitUsage, "--algo", []string{"classic", "solve", "--algo", "nosuch", maze}},
		{exitUsage, "want one maze file", []string{"classic", "matrix"}},
		{exitUsage, "no input files", []string{"viennese", "score"}},
		{exitUsage, "want vienna24 or RxC", []string{"viennese", "canvas", "nosuch"}},
		{exitUsage, "flag -workers: must be 0 or more", []string{"serve", "--workers", "-1"}},
		{exitUsage, "--dir is required", []string{"slurm", "sweep"}},
		{exitUsage, "want one directory", []string{"slurm", "merge"}},
		{exitUsage, "unexpected arguments", []string{"version", "extra"}},
		{exitUsage, `no command "nosuch"`, []string{"help", "nosuch"}},
		{exitUsage, `unknown command "nosuch"`, []string{"nosuch"}},
		{exitUsage, `unknown verb "nosuch"`, []string{"classic", "nosuch"}},
		// Issue 36 item 13: a bad output path is bad usage everywhere.
		{exitUsage, "--out " + badOut, []string{"evolve", "--size", "3x3", "--evals", "10", "--out", badOut}},
		{exitUsage, "--out " + badOut, []string{"classic", "gen", "--size", "3x3", "--out", badOut}},
		{exitUsage, "--out " + badOut, []string{"viennese", "evolve", "--algo", "ils", "--budget", "10", "--out", badOut}},
		{exitUsage, "--png " + badOut, []string{"classic", "interpret", "--auto", "tremaux", "--png", badOut, classicMaze}},
		{exitUsage, "--png " + badOut, []string{"viennese", "solve", "--png", badOut, "testdata/viennese-lollipop.txt"}},
		// A checkpoint of another search on --resume is bad usage.
		{exitUsage, "checkpoint does not match", []string{"sweep", "--size", "3x4", "--checkpoint", ckpt, "--resume"}},
		{exitUsage, "holds a search", []string{"sweep", "--size", "3x3", "--checkpoint", ckpt}},
		{exitUsage, `port "99999"`, []string{"serve", "--addr", "127.0.0.1:99999"}},
		{exitUsage, `--addr "foo"`, []string{"serve", "--addr", "foo"}},
		{exitUsage, "more than", []string{"game", "build", "10000000"}},
		{exitUsage, "--mutation 0: must be above 0 and at most 1", []string{"viennese", "evolve", "--algo", "ea", "--budget", "10", "--mutation", "0"}},
		{exitUsage, "--mutation 0: must be above 0 and at most 1", []string{"viennese", "evolve", "--budget", "10", "--mutation", "0"}},
		{exitUsage, "--temp +Inf: must be finite and 0 or more", []string{"viennese", "evolve", "--algo", "sa", "--budget", "10", "--temp", "Inf"}},
		{exitUsage, "--temp -1: must be finite and 0 or more", []string{"viennese", "evolve", "--algo", "sa", "--budget", "10", "--temp", "-1"}},
		// Every other verb of the command table.
		{exitUsage, "unexpected arguments", []string{"bench", "loop", "extra"}},
		{exitUsage, "give --blind", []string{"classic", "play", classicMaze}},
		{exitUsage, "unexpected arguments", []string{"classic", "duel", "extra"}},
		{exitUsage, "unexpected arguments", []string{"classic", "neural", "extra"}},
		{exitUsage, "unexpected arguments", []string{"classic", "gen", "extra"}},
		{exitFail, "no such file", []string{"classic", "solve", "nosuch-file"}},
		{exitFail, "no such file", []string{"classic", "interpret", "--auto", "tremaux", "nosuch-file"}},
		{exitUsage, "want one input file", []string{"viennese", "solve"}},
		{exitFail, "no such file", []string{"viennese", "solve", "nosuch-file"}},
		{exitFail, "no such file", []string{"viennese", "score", "nosuch-file"}},
		{exitUsage, "want one input file", []string{"viennese", "play"}},
		{exitUsage, "--dir is required", []string{"slurm", "evolve"}},
		{exitUsage, "want one directory", []string{"slurm", "task"}},
		{exitUsage, "no report files", []string{"sweep-merge"}},
		{exitFail, "no such file", []string{"sweep-merge", "nosuch-file"}},
		{exitUsage, "takes no arguments", []string{"game", "search", "extra"}},
		{exitUsage, "--rate does not apply to --algo ga (only to keep)", []string{"viennese", "evolve", "--algo", "ga", "--budget", "10", "--rate", "0.2"}},
		{exitUsage, "--temp does not apply to --algo ga (only to sa)", []string{"viennese", "evolve", "--algo", "ga", "--budget", "10", "--temp", "0.2"}},
		{exitUsage, "--temp does not apply to --algo keep (only to sa)", []string{"viennese", "evolve", "--algo", "keep", "--budget", "10", "--temp", "0.2"}},
	}
	for _, c := range cases {
		code, _, errs := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.errs) {
			t.Errorf("mousemaze %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), code, firstLine(errs), c.code, c.errs)
		}
	}
}

// TestKernelUnavailable wants a kernel that this binary declares but this
// processor cannot run to fail the command (exit 1) saying so, never to
// run another kernel: a test backend stands in for such a processor.
func TestKernelUnavailable(t *testing.T) {
	mousemaze.RegisterMissing("zz-test-nokernel", fmt.Errorf("zz-test-nokernel: %w: this processor cannot run %q", mousemaze.ErrKernelUnavailable, "fast"))
	mousemaze.RegisterKernels("zz-test-nokernel", []string{"fast"})
	for _, cmd := range [][]string{{"eval", thesisFile}, {"selfcheck", "--n", "10"}, {"evolve", "--size", "3x3", "--evals", "10"}} {
		args := append(cmd[:1:1], append([]string{"--backend", "zz-test-nokernel", "--kernel", "fast"}, cmd[1:]...)...)
		code, out, errs := runCmd(t, args...)
		if code != exitFail || !strings.Contains(errs, `kernel unavailable: this processor cannot run "fast"`) || out != "" {
			t.Errorf("mousemaze %s: exit %d, stdout %q, stderr %q; want exit 1 saying why", strings.Join(args, " "), code, out, firstLine(errs))
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestVersionAndHelp wants --version to work as version does, version to
// list only the backends built into this binary, and help COMMAND to
// print that command's flags.
func TestVersionAndHelp(t *testing.T) {
	code, out, errs := runCmd(t, "--version")
	_, want, _ := runCmd(t, "version")
	if code != exitOK || out != want || !strings.HasPrefix(out, "mousemaze ") {
		t.Errorf("--version: exit %d, %q (stderr %q); want %q", code, out, errs, want)
	}
	built := mousemaze.BuiltBackends()
	if !strings.Contains(out, "backends: ["+strings.Join(built, " ")+"]") {
		t.Errorf("version says %q, want the built backends %v", out, built)
	}
	if _, err := mousemaze.NewEvaluator("cuda", mousemaze.Options{}); errors.Is(err, cuda.ErrNoCUDA) && slices.Contains(built, "cuda") {
		t.Errorf("version lists cuda in a build without it: %v", built)
	}
	code, out, _ = runCmd(t, "help", "eval")
	if code != exitOK || !strings.HasPrefix(out, "Usage: mousemaze eval ") || !strings.Contains(out, "-kernel") {
		t.Errorf("help eval: exit %d, %q", code, out)
	}
}
