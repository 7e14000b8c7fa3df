package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/deploy/slurm"
	"github.com/mousemaze/mousemaze/dispatch"
)

// TestRouter checks the one verb router: help at every level, unknown
// commands and verbs, and that every command group routes its verbs.
func TestRouter(t *testing.T) {
	cases := []struct {
		args         []string
		code         int
		stdout, errs string
	}{
		{[]string{"help"}, exitOK, "  classic      classic mazes", ""},
		{[]string{"-h"}, exitOK, "Commands:", ""},
		{nil, exitUsage, "", "Commands:"},
		{[]string{"nosuch"}, exitUsage, "", `mousemaze: unknown command "nosuch"`},
		{[]string{"help", "classic"}, exitOK, "  neural       measure the neural-net solver", ""},
		{[]string{"help", "slurm", "merge"}, exitOK, "Usage: mousemaze slurm merge [flags] DIR", ""},
		{[]string{"help", "evolve"}, exitOK, "-algo", ""},
		{[]string{"help", "game", "nosuch"}, exitUsage, "", `no command "game nosuch"`},
		{[]string{"viennese"}, exitUsage, "", "Usage: mousemaze viennese <verb>"},
		{[]string{"viennese", "--help"}, exitOK, "  canvas       print a built-in canvas", ""},
		{[]string{"game", "nosuch"}, exitUsage, "", `mousemaze game: unknown verb "nosuch"`},
		{[]string{"slurm", "task", "-h"}, exitOK, "Usage: mousemaze slurm task [flags] DIR", ""},
		{[]string{"bench", "search", "--seeds", "0"}, exitUsage, "", "bench search"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(out, c.stdout) || !strings.Contains(errs, c.errs) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.args, code, out, errs, c.code, c.stdout, c.errs)
		}
	}
}

// TestSlurmEvolveSearchFlags wants slurm evolve to write its search flags
// into the job's Spec and hand them on to every island's evolve.
func TestSlurmEvolveSearchFlags(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "slurm", "evolve", "--algo", "ils", "--size", "5x5", "--kick", "3", "--restarts", "7",
		"--dir", dir, "--binary", "/opt/mm", "--no-submit")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	job, err := slurm.LoadJob(dir)
	if err != nil {
		t.Fatal(err)
	}
	if job.Spec == nil || job.Spec.Kick != 3 || job.Spec.Restarts != 7 || job.Spec.Rows != 5 || job.Spec.Algo != dispatch.AlgoILS {
		b, _ := json.Marshal(job.Spec)
		t.Fatalf("job Spec %s, want kick 3, restarts 7, 5x5 ils", b)
	}
	args := slurm.IslandArgs(job, dir, 1, 0, "ref", 0, "")
	for _, want := range [][]string{{"--kick", "3"}, {"--restarts", "7"}, {"--island", "1/4"}} {
		if i := slices.Index(args, want[0]); i < 0 || args[i+1] != want[1] {
			t.Errorf("island args %q lack %q", args, want)
		}
	}
	if slices.Contains(args, "--parents") {
		t.Errorf("island args %q restate a preset", args)
	}
	if code, _, errs := runCmd(t, "slurm", "evolve", "--algo", "ga", "--kick", "3", "--dir", dir+"2", "--dry-run"); code != exitUsage || !strings.Contains(errs, "--kick does not apply") {
		t.Errorf("--kick with ga: exit %d, %s", code, errs)
	}
}

// TestHelpNamesFlagTypes runs -h on every command and verb and wants
// each flag shown with its type: the flag package prints "value" for the
// project's own flag types unless printDefaults names them.
func TestHelpNamesFlagTypes(t *testing.T) {
	var runs [][]string
	for name, c := range commands {
		if len(c.verbs) == 0 {
			runs = append(runs, []string{name, "-h"})
		}
		for _, v := range c.verbs {
			runs = append(runs, []string{name, v.name, "-h"})
		}
	}
	typed := 0
	for _, args := range runs {
		_, out, errs := runCmd(t, args...)
		for _, line := range strings.Split(out+errs, "\n") {
			if strings.HasPrefix(line, "  -") && strings.HasSuffix(line, " value") {
				t.Errorf("%q: %q shows no type", args, line)
			}
			for _, ty := range []string{" int", " duration", " i/N", " variant"} {
				if strings.HasPrefix(line, "  -") && strings.HasSuffix(line, ty) {
					typed++
				}
			}
		}
	}
	if len(runs) < 20 || typed < 20 {
		t.Fatalf("%d help texts, %d typed flag lines: the commands were not all reached", len(runs), typed)
	}
}
