package main

import (
	"strings"
	"testing"
)

// TestMemoryBounds wants sizes that would exhaust memory refused at once
// with exit 2 and a message naming the flag and its bound.
func TestMemoryBounds(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"evolve", "--size", "6x6", "--evals", "1000", "--pop", "100000000", "--algo", "ga"}, "--pop 100000000: must be at most 1048576"},
		{[]string{"evolve", "--size", "6x6", "--evals", "1000", "--pop", "100000000"}, "--pop 100000000: must be at most 1048576"},
		{[]string{"evolve", "--size", "6x6", "--evals", "1000", "--pop", "200000", "--algo", "memetic"}, "--pop 200000 × --islands 8: must be at most 1048576 genomes"},
		{[]string{"evolve", "--edges", "--size", "6x6", "--evals", "1000", "--pop", "100000000"}, "--pop 100000000: must be at most 1048576"},
		{[]string{"graph", "--lemma11", "100000000"}, "--lemma11 100000000: want 2 ≤ K ≤ 1048576"},
	} {
		code, stdout, stderr := runCmd(t, tc.args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want exit 2 with %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}
