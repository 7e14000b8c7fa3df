package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/cpuid/v2"
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/bench"
	"github.com/mousemaze/mousemaze/cpu"
)

// runBench is `mousemaze bench`: the backends table; `bench --sweep` and
// `bench --search` run the sweep and search tables instead.
func runBench(args []string, stdout, stderr io.Writer) int {
	for _, t := range []struct {
		flag string
		run  func([]string, io.Writer, io.Writer) int
	}{{"sweep", runBenchSweep}, {"search", runSearchBench}} {
		if slices.Contains(args, "--"+t.flag) || slices.Contains(args, "-"+t.flag) {
			return t.run(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--"+t.flag || a == "-"+t.flag }), stdout, stderr)
		}
	}
	fs := newFlagSet("bench", "[flags]", "mousemaze bench --sizes 13x13 --backends ref,cpu --workers 2", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per measurement")
	backends := fs.String("backends", strings.Join(mousemaze.BuiltBackends(), ","), "comma-separated backends to measure")
	sizes := fs.String("sizes", "6x6,13x13,32x32", "comma-separated grid sizes")
	kinds := fs.String("mazes", "random,long", "population kinds: random, long")
	n := fs.Int("n", 256, "mazes per population")
	rounds := fs.Int("rounds", 200, "hill-climb rounds that make the long-walk mazes")
	seed := fs.Uint64("seed", 1, "random seed for the populations")
	workers := fs.Int("workers", 0, "workers for the multi-worker cpu rows (0 = one per CPU)")
	duration := minFlag(fs, "duration", 300*time.Millisecond, 1, "minimum time per measurement")
	fs.Bool("search", false, "run the search-method benchmark instead (when built in)")
	fs.Bool("sweep", false, "measure the exhaustive sweep instead: leaves/s and steps/s per core (see bench --sweep -h)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 0 || *n <= 0 || *workers < 0 || *rounds < 0 {
		return failer("bench", stderr)(exitUsage, "want no arguments, --n > 0, --workers ≥ 0 and --rounds ≥ 0")
	}
	szs, err := bench.ParseSizes(strings.Split(*sizes, ","))
	if err != nil {
		return failer("bench", stderr)(exitUsage, "--sizes: %v", err)
	}
	ks, err := bench.ParseKinds(*kinds)
	if err != nil {
		return failer("bench", stderr)(exitUsage, "%v", err)
	}
	bes, err := bench.SelectBackends(*backends)
	if err != nil {
		return failer("bench", stderr)(exitUsage, "%v", err)
	}
	opts := bench.Options{
		Sizes: szs, Kinds: ks, N: *n, Rounds: *rounds, Seed: *seed,
		Duration: *duration, Targets: bench.Targets(bes, *workers),
		Progress: func(t bench.Target, size mousemaze.Size, kind string) {
			fmt.Fprintf(stderr, "bench: %s size=%s maze=%s\n", t, size, kind)
		},
	}
	// Backends named with --backends must open; of the default list (every
	// registered backend) those that cannot open are skipped with a note.
	if !flagsSet(fs)["backends"] {
		opts.Unavailable = func(t bench.Target, err error) bool {
			fmt.Fprintf(stderr, "bench: skipping %s: %v\n", t, err)
			return true
		}
	}
	if len(opts.Targets) == 0 {
		return failer("bench", stderr)(exitUsage, "no backends to measure")
	}
	fmt.Fprintf(stderr, "bench: cpu %s; features %s; cpu kernels %v (default %s)\n",
		cpuid.CPU.BrandName, strings.Join(bench.CPUFeatures(), " "), cpu.Kernels(), cpu.Kernel())
	ms, err := bench.Run(opts)
	if err != nil {
		return failer("bench", stderr)(exitFail, "%v", err)
	}
	if *asJSON {
		return printRecords("bench", ms, stdout, stderr)
	}
	bench.WriteTable(stdout, ms)
	return exitOK
}
