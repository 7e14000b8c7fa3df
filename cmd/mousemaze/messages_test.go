package main

import (
	"strings"
	"testing"
)

// TestMessages wants the messages of issue 25 items 10 and 15 to name
// the real problem, each with its exit status.
func TestMessages(t *testing.T) {
	walledIn := tempFile(t, "walled.txt", "+-+-+\n|.|.|\n+-+ +\n|. .|\n+-+ +\n")
	goal := tempFile(t, "goal.txt", "; a comment\n\n; classic start 0,0\n; classic goal 9,9\n+-+-+\n|. .|\n+ + +\n|. .|\n+-+-+\n")
	cases := []struct {
		args        []string
		code        int
		want, never string
	}{
		{[]string{"game", "value", thesisFile}, exitFail, "this looks like a grid maze", ""},
		{[]string{"classic", "solve", thesisFile}, exitFail, "want a board in the edge format", ""},
		{[]string{"eval", "--edges", thesisFile}, exitFail, "this looks like a grid maze", ""},
		{[]string{"classic", "solve", "--algo", "left", walledIn}, exitOK, "no way on (the cell has no open side)", "one-way"},
		{[]string{"classic", "solve", goal}, exitFail, "goal.txt:4: goal 9,9 is outside the 2x2 board", ""},
		{[]string{"analyze", "--table", "--max", "0x0"}, exitUsage, "grid dimensions out of range", "36 cells"},
		{[]string{"analyze", "--table", "--max", "0x3"}, exitUsage, "grid dimensions out of range", "36 cells"},
		{[]string{"analyze", "--table", "--max", "7x7"}, exitUsage, "7x7: 49 cells; --table enumerates every maze up to it, so at most 36 cells", ""},
		{[]string{"viennese", "evolve", "--budget", "-1"}, exitUsage, "budget -1: want at least 1 colouring scored", "evals"},
		{[]string{"game", "build", "--", "-2"}, exitOK, "; value -2: a ", ""},
		{[]string{"game", "build", "--json", "--", "-3/4"}, exitOK, `"value":"-3/4"`, ""},
		{[]string{"game", "build", "3/9223372036854775808"}, exitUsage, "the denominator is too large (at most 2^48)", "power of two"},
		{[]string{"game", "build", "99999999999999999999"}, exitUsage, "the numerator is too large", "not a dyadic"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, c.args...)
		all := out + errs
		if code != c.code || !strings.Contains(all, c.want) || (c.never != "" && strings.Contains(all, c.never)) {
			t.Errorf("mousemaze %s: exit %d, %q; want exit %d, %q and not %q", strings.Join(c.args, " "), code, all, c.code, c.want, c.never)
		}
	}
}
