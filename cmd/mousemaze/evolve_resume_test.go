package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// TestEvolveResumeSameCommand interrupts searches started with search
// flags (as Ctrl-C would) and resumes each with the command that started
// it plus --resume: the search must go on (exit 0, the whole budget
// spent); a flag whose value changes is refused (exit 2) naming it.
func TestEvolveResumeSameCommand(t *testing.T) {
	defer func() { evolveInterruptAt = 0 }()
	for _, tc := range []struct {
		name   string
		args   []string
		resume []string // flags added with --resume; nil: none
		bad    string   // the flag refused, "" for none
	}{
		{"restarts", []string{"--size", "5x5", "--restarts", "10"}, nil, ""},
		{"deepen 0", []string{"--size", "9x9", "--deepen", "0"}, nil, ""},
		{"every ils flag", []string{"--size", "6x6", "--algo", "ils", "--restarts", "10", "--deepen", "2", "--deepen-reach", "2",
			"--local", "h3", "--kick", "4", "--sideways", "7", "--reach", "3", "--accept", "0.01", "--crossover", "none",
			"--improve", "best", "--polish", "1", "--pop", "0"}, nil, ""},
		{"every ga flag", []string{"--size", "6x6", "--algo", "ga", "--parents", "20", "--elite", "3", "--mutation", "2.5",
			"--crossover", "uniform", "--pop", "200", "--deepen", "1", "--polish", "1"}, nil, ""},
		{"preset values", []string{"--size", "6x6", "--algo", "ils"}, []string{"--local", "h2", "--kick", "5", "--deepen", "6", "--deepen-reach", "3"}, ""},
		{"mutation spelt otherwise", []string{"--size", "6x6", "--algo", "ga", "--mutation", "2.5"}, []string{"--mutation", "2.50"}, ""},
		{"edges", []string{"--edges", "--size", "4x4", "--algo", "ils", "--local", "h2", "--kick", "3", "--restarts", "5"}, nil, ""},
		{"walker", []string{"--walker", "lru", "--size", "4x4", "--sideways", "3", "--deepen", "0"}, nil, ""},
		{"restarts changed", []string{"--size", "6x6", "--restarts", "10"}, []string{"--restarts", "11"}, "restarts"},
		{"local changed", []string{"--size", "6x6", "--local", "h3"}, []string{"--local", "h2"}, "local"},
		{"mutation changed", []string{"--size", "6x6", "--algo", "ga", "--mutation", "2.5"}, []string{"--mutation", "3"}, "mutation"},
		{"kick given anew", []string{"--size", "6x6"}, []string{"--kick", "4"}, "kick"},
		{"init", []string{"--size", "6x6", "--init", "testdata/six.txt"}, nil, ""},
		{"init grown", []string{"--size", "7x7", "--init", "testdata/six.txt", "--init-at", "corners", "--algo", "ga"}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ckpt := filepath.Join(t.TempDir(), "c.json")
			args := append(append([]string{}, tc.args...), "--evals", "1000", "--seed", "5", "--checkpoint", ckpt, "--json")
			if !strings.HasPrefix(tc.args[0], "--edges") && tc.args[0] != "--walker" {
				args = append(args, "--backend", "ref")
			}
			evolveInterruptAt = 2
			code, _, stderr := evolveRun(t, args...)
			evolveInterruptAt = 0
			if code != exitFail || !strings.Contains(stderr, "--resume") {
				t.Fatalf("interrupted: exit %d: %s", code, stderr)
			}
			code, stdout, stderr := evolveRun(t, append(append(args, tc.resume...), "--resume")...)
			if tc.bad != "" {
				want := "--" + tc.bad + " cannot change on --resume"
				if code != exitUsage || !strings.Contains(stderr, want) {
					t.Errorf("resume: exit %d, stderr %q; want exit 2 and %q", code, stderr, want)
				}
				return
			}
			if code != exitOK || !strings.Contains(stdout, `"evals":1000`) {
				t.Errorf("resume: exit %d: %s\n%s", code, stderr, stdout)
			}
			// --init is not read again: the note says so, only when given.
			if note := strings.Contains(stderr, evolve.InitOnResume); note != slices.Contains(tc.args, "--init") {
				t.Errorf("resume: the note on --init shown %v:\n%s", note, stderr)
			}
		})
	}
}
