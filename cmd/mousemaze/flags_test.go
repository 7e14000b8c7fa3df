package main

import (
	"flag"
	"io"
	"testing"
	"time"
)

// TestMinFlag checks the range-checked number flags: values at or above
// the minimum parse, others are parse errors with the reason.
func TestMinFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{}, ""},
		{[]string{"-n", "0", "-big", "1", "-d", "1ms"}, ""},
		{[]string{"-n", "-1"}, `invalid value "-1" for flag -n: must be 0 or more`},
		{[]string{"-big", "0"}, `invalid value "0" for flag -big: must be above 0`},
		{[]string{"-d", "0s"}, `invalid value "0s" for flag -d: must be above 0`},
		{[]string{"-n", "x"}, `invalid value "x" for flag -n: not a number`},
		{[]string{"-k", "c"}, `invalid value "c" for flag -k: want a or b`},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		n := minFlag(fs, "n", 3, 0, "")
		big := minFlag(fs, "big", int64(5), 1, "")
		d := minFlag(fs, "d", time.Second, 1, "")
		k := choiceFlag(fs, "k", "a", "", "a", "b")
		err := fs.Parse(tc.args)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%v: %v", tc.args, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.err)
		}
		if len(tc.args) == 0 && (*n != 3 || *big != 5 || *d != time.Second || *k != "a") {
			t.Errorf("defaults %d %d %v %q", *n, *big, *d, *k)
		}
	}
}
