package main

import (
	"context"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze/bench"
	"github.com/mousemaze/mousemaze/dispatch"
)

// runSearchBench is `mousemaze bench search` (and, as before, `bench
// --search`): the method table of bench.SearchTable for every size of
// --sizes.
func runSearchBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench search", "[flags]",
		"mousemaze bench search --sizes 9x9,13x13 --evals 1000000 --seeds 5 --algos ils,memetic,pipeline", stderr)
	var be backendFlags
	be.register(fs)
	size := fs.String("size", "", "grid size RxC (the same as --sizes with one size)")
	sizesFlag := fs.String("sizes", "6x6", "comma-separated grid sizes RxC")
	o := bench.SearchOptions{Progress: stderr}
	fs.Int64Var(&o.Evals, "evals", 1000000, "evaluations per run")
	fs.IntVar(&o.Seeds, "seeds", 10, "number of seeds (1..N)")
	fs.Uint64Var(&o.FirstSeed, "first-seed", 1, "the first seed")
	algos := fs.String("algos", strings.Join(dispatch.Algos, ","), "comma-separated methods")
	fs.Int64Var(&o.Target, "target", 0, "turns that count as a hit (0 = the known optimum of the size, if any)")
	fs.IntVar(&o.Jobs, "jobs", 1, "runs at once (each uses the backend's workers)")
	asJSON := fs.Bool("json", false, "print one JSON object per method and size")
	if code := parseNoArgs(fs, args); code >= 0 {
		return code
	}
	fail := failer("bench search", stderr)
	list := *sizesFlag
	if *size != "" {
		list = *size
	}
	sizes, err := bench.ParseSizes(strings.Split(list, ","))
	if err != nil {
		return fail(exitUsage, "--sizes: %v", err)
	}
	o.Algos = strings.Split(*algos, ",")
	if err := o.Check(); err != nil {
		return fail(exitUsage, "%v", err)
	}
	var code int
	if o.Evaluator, code = be.open("bench search", stderr); code >= 0 {
		return code
	}
	defer o.Evaluator.Close()
	for _, o.Size = range sizes {
		records, err := bench.SearchTable(context.Background(), o)
		if err != nil {
			return fail(exitFail, "%v", err)
		}
		if *asJSON {
			if code := printRecords("bench search", records, stdout, stderr); code != exitOK {
				return code
			}
		} else if err := bench.WriteSearchTable(stdout, o, records); err != nil {
			return fail(exitFail, "%v", err)
		}
	}
	return exitOK
}
