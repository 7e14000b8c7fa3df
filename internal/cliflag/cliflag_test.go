package cliflag

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMin checks the range-checked number flags: values at or above
// the minimum parse, others are parse errors with the reason.
func TestMin(t *testing.T) {
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
		n := Min(fs, "n", 3, 0, "")
		big := Min(fs, "big", int64(5), 1, "")
		d := Min(fs, "d", time.Second, 1, "")
		k := Choice(fs, "k", "a", "", "a", "b")
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

// TestParse checks the parser all the commands use: flags before,
// between and after the arguments, "-" as an argument, and "--".
func TestParse(t *testing.T) {
	cases := []struct {
		args []string
		json bool
		n    int
		pos  []string
	}{
		{[]string{"a", "b"}, false, 0, []string{"a", "b"}},
		{[]string{"--json", "a"}, true, 0, []string{"a"}},
		{[]string{"a", "--json", "b", "--n", "3"}, true, 3, []string{"a", "b"}},
		{[]string{"-", "--n=2"}, false, 2, []string{"-"}},
		{[]string{"a", "--", "--json", "-n"}, false, 0, []string{"a", "--json", "-n"}},
		{[]string{"--", "a", "--json"}, false, 0, []string{"a", "--json"}},
		{nil, false, 0, nil},
	}
	for _, tc := range cases {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		asJSON := fs.Bool("json", false, "")
		n := fs.Int("n", 0, "")
		if err := Parse(fs, tc.args); err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if *asJSON != tc.json || *n != tc.n || strings.Join(fs.Args(), "|") != strings.Join(tc.pos, "|") {
			t.Errorf("%q: json %v, n %d, args %q; want %v, %d, %q", tc.args, *asJSON, *n, fs.Args(), tc.json, tc.n, tc.pos)
		}
	}
}

// part is a flag value of another package with a TypeName, as
// mousemaze.Shard is.
type part struct{ i, n int }

func (p part) String() string         { return strconv.Itoa(p.i) + "/" + strconv.Itoa(p.n) }
func (p *part) Set(s string) error    { _, err := fmt.Sscanf(s, "%d/%d", &p.i, &p.n); return err }
func (part) TypeName() string         { return "i/N" }
func parseSide(s string) (int, error) { return strconv.Atoi(s) }

// TestPrintDefaults checks the help text of each kind of flag: the type's
// name for this package's values and for values with a TypeName, in place
// of the flag package's "value"; no "(default 0)" for a number flag that
// defaults to 0, but the default of one that does not; the flag package's
// own flags and backquoted names as the flag package prints them.
func TestPrintDefaults(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	Min(fs, "zero", 0, 0, "a count")
	Min(fs, "five", int64(5), 1, "a count")
	Min(fs, "wait", time.Duration(0), 0, "a time")
	Choice(fs, "k", "a", "a choice", "a", "b")
	New(fs, "side", "", "a side", parseSide).Named("RxC")
	New(fs, "from", "", "the `first` size", parseSide).Named("RxC")
	var p part
	fs.Var(&p, "island", "an island")
	fs.Int("plain", 0, "the flag package's own")
	var b strings.Builder
	PrintDefaults(fs, &b)
	want := `  -five int
    	a count (default 5)
  -from first
    	the first size
  -island i/N
    	an island
  -k string
    	a choice (default a)
  -plain int
    	the flag package's own
  -side RxC
    	a side
  -wait duration
    	a time
  -zero int
    	a count
`
	if got := b.String(); got != want {
		t.Errorf("help text:\n%s\nwant:\n%s", got, want)
	}
}
