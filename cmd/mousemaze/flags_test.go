package main

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// TestMinFlag checks the range-checked number flags: values at or above
// the minimum parse, others are parse errors with the reason.
func TestMinFlag(t *testing.T) {
	// Each command line, with the error it gives ("" for none).
	for line, want := range map[string]string{
		"":                        "",
		"-n 0 -big 1 -d 1ms -k b": "",
		"-n -1":                   `invalid value "-1" for flag -n: must be 0 or more`,
		"-big 0":                  `invalid value "0" for flag -big: must be above 0`,
		"-d 0s":                   `invalid value "0s" for flag -d: must be above 0`,
		"-n x":                    `invalid value "x" for flag -n: not a number`,
		"-k c":                    `invalid value "c" for flag -k: want a or b`,
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		n := minFlag(fs, "n", 3, 0, "")
		big := minFlag(fs, "big", int64(5), 1, "")
		d := minFlag(fs, "d", time.Second, 1, "")
		k := choiceFlag(fs, "k", "a", "", "a", "b")
		err := fs.Parse(strings.Fields(line))
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", line, err)
		case want != "" && (err == nil || err.Error() != want):
			t.Errorf("%q: error %v, want %q", line, err, want)
		}
		if line == "" && (*n != 3 || *big != 5 || *d != time.Second || *k != "a") {
			t.Errorf("defaults %d %d %v %q", *n, *big, *d, *k)
		}
	}
}
