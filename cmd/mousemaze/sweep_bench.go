package main

import (
	"io"

	"github.com/mousemaze/mousemaze/bench"
)

// runBenchSweep is `bench --sweep`: the exhaustive sweep's leaves and
// steps per second on one core, for 6×6, 6×6 with free ends and one 7×7
// shard (bench.SweepCases).
func runBenchSweep(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench --sweep", "[flags]", "mousemaze bench --sweep --cases 6x6,7x7-shard-0/1000", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per case")
	cases := fs.String("cases", bench.SweepCaseNames(), "comma-separated cases to run")
	if code := parseNoArgs(fs, args); code >= 0 {
		return code
	}
	fail := failer("bench --sweep", stderr)
	todo, err := bench.SelectSweepCases(*cases)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	ctx, stop := interruptContext()
	defer stop()
	var rs []bench.SweepResult
	for _, c := range todo {
		r, err := bench.MeasureSweep(ctx, c)
		if err != nil {
			return fail(exitFail, "%v", err)
		}
		if *asJSON {
			if code := printJSON(stdout, r); code != exitOK {
				return code
			}
		}
		rs = append(rs, r)
	}
	if !*asJSON {
		if err := bench.WriteSweepTable(stdout, rs); err != nil {
			return fail(exitFail, "%v", err)
		}
	}
	return exitOK
}
