package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/mousemaze/mousemaze/bench"
)

// runBenchSweep is `bench --sweep`: the exhaustive sweep's leaves and
// steps per second on one core, for 6×6, 6×6 with free ends and one 7×7
// shard.
func runBenchSweep(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench --sweep", "[flags]", "mousemaze bench --sweep --cases 6x6,7x7-shard-0/1000", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per case")
	var names []string
	for _, c := range bench.SweepCases() {
		names = append(names, c.Name)
	}
	cases := fs.String("cases", strings.Join(names, ","), "comma-separated cases to run")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "mousemaze bench --sweep: want no arguments")
		return exitUsage
	}
	var todo []bench.SweepCase
	for _, name := range strings.Split(*cases, ",") {
		found := false
		for _, c := range bench.SweepCases() {
			if c.Name == name {
				todo, found = append(todo, c), true
			}
		}
		if !found {
			fmt.Fprintf(stderr, "mousemaze bench --sweep: unknown case %q (have %s)\n", name, strings.Join(names, ", "))
			return exitUsage
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	tw := tabwriter.NewWriter(stdout, 2, 8, 2, ' ', tabwriter.AlignRight)
	if !*asJSON {
		fmt.Fprintln(tw, "case\toptimum\tleaves\tsteps\twall s\tCPU s\tleaves/s\tsteps/s\t")
	}
	for _, c := range todo {
		r, err := bench.MeasureSweep(ctx, c)
		if err != nil {
			fmt.Fprintf(stderr, "mousemaze bench --sweep: %v\n", err)
			return exitFail
		}
		if *asJSON {
			if err := json.NewEncoder(stdout).Encode(r); err != nil {
				return exitFail
			}
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.3g\t%.3g\t\n", r.Case, r.Optimum, r.Leaves, r.Steps, r.Seconds, r.CPUSeconds, r.LeavesPerS, r.StepsPerS)
	}
	if err := tw.Flush(); err != nil {
		return exitFail
	}
	return exitOK
}
