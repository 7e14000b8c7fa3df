package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/cpuid/v2"
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/bench"
	"github.com/mousemaze/mousemaze/cpu"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/internal/cliflag"
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
	fs := newFlagSet("bench", "[flags]", "mousemaze bench --sizes 13x13 --backends ref,cpu --workers 2 --duration 50ms", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per measurement")
	backends := fs.String("backends", strings.Join(mousemaze.BuiltBackends(), ","), "comma-separated backends to measure")
	sizes := fs.String("sizes", "6x6,13x13,32x32", "comma-separated grid sizes")
	kinds := fs.String("mazes", "random,long", "population kinds: random, long")
	n := fs.Int("n", 256, fmt.Sprintf("mazes per population (at most %d cells in all: %d mazes of 64x64)", bench.MaxPopulationCells, bench.MaxPopulationCells/(64*64)))
	rounds := fs.Int("rounds", 200, "hill-climb rounds that make the long-walk mazes")
	seed := fs.Uint64("seed", 1, "random seed for the populations")
	workers := fs.Int("workers", 0, "workers for the multi-worker cpu rows (0 = one per CPU)")
	duration := cliflag.Min(fs, "duration", 300*time.Millisecond, 1, "minimum time per measurement")
	fs.Bool("search", false, "run the search-method benchmark instead (when built in)")
	fs.Bool("sweep", false, "measure the exhaustive sweep instead: leaves/s and steps/s per core (see bench --sweep -h)")
	flagsUsage := fs.Usage
	fs.Usage = func() { flagsUsage(); listVerbs(commands["bench"], stderr) }
	parseFlags(fs, args)
	if fs.NArg() != 0 || *n <= 0 || *workers < 0 || *rounds < 0 {
		return failer("bench", stderr)(exitUsage, "want no arguments, --n > 0, --workers ≥ 0 and --rounds ≥ 0")
	}
	szs, err := bench.ParseSizes(strings.Split(*sizes, ","))
	if err != nil {
		return failer("bench", stderr)(exitUsage, "--sizes: %v", err)
	}
	if err := bench.CheckPopulation("--n", "population", *n, szs); err != nil {
		return failer("bench", stderr)(exitUsage, "%v", err)
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
		opts.Unavailable = skipping[bench.Target]("bench", stderr)
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
	return writeRecords("bench", ms, *asJSON, asTable(bench.WriteTable), stdout, stderr)
}

// runSearchBench is `mousemaze bench search` (and, as before, `bench
// --search`): the method table of bench.SearchTable for every size of
// --sizes.
func runSearchBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench search", "[flags]",
		"mousemaze bench search --sizes 6x6 --evals 20000 --seeds 2 --algos ils,memetic,pipeline", stderr)
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
	parseNoArgs(fs, args)
	fail := failer("bench search", stderr)
	if set := flagsSet(fs); set["size"] && set["sizes"] {
		return fail(exitUsage, "--size and --sizes: give one")
	}
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
		text := func(w io.Writer, recs []bench.SearchRecord) error { return bench.WriteSearchTable(w, o, recs) }
		if code := writeRecords("bench search", records, *asJSON, text, stdout, stderr); code != exitOK {
			return code
		}
	}
	return exitOK
}

// runBenchSweep is `bench --sweep`: the exhaustive sweep's leaves and
// steps per second on one core, for 6×6, 6×6 with free ends and one 7×7
// shard (bench.SweepCases).
func runBenchSweep(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench --sweep", "[flags]", "mousemaze bench --sweep --cases 6x6", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per case")
	cases := fs.String("cases", bench.SweepCaseNames(), "comma-separated cases to run")
	parseNoArgs(fs, args)
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

// runBenchLoop is `mousemaze bench loop`: the search loop around the
// evaluator (bench.LoopTable), children or neighbours per second on the
// null evaluator beside the same search end to end on the backends.
func runBenchLoop(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench loop", "[flags]",
		"mousemaze bench loop --algos ga --sizes 13x13 --workers-list 1,2 --evals 20000 --pop 5000", stderr)
	algos := fs.String("algos", bench.DefaultLoopAlgos, "comma-separated methods")
	sizes := fs.String("sizes", bench.DefaultLoopSizes, "comma-separated grid sizes RxC")
	workers := fs.String("workers-list", bench.DefaultLoopWorkers, "comma-separated breeding worker counts, each above 0 (a backend row opens a cpu backend with as many)")
	evals := fs.Int64("evals", 0, fmt.Sprintf("evaluations per run (0 = the method's default: %d for ga, ea, pipeline and memetic, %d for the others)",
		bench.DefaultLoopBreedEvals, bench.DefaultLoopClimbEvals))
	pop := cliflag.Min(fs, "pop", bench.DefaultLoopPop, 1, "children per generation of ga, ea and pipeline (per island for memetic)")
	seed := fs.Uint64("seed", 1, "search seed")
	backends := fs.String("backends", strings.Join(bench.LoopBackends(), ","), "comma-separated backends to run the same searches on end to end (empty = the null rows only)")
	asJSON := fs.Bool("json", false, "print one JSON object per row")
	parseNoArgs(fs, args)
	fail := failer("bench loop", stderr)
	o := bench.LoopOptions{Algos: bench.SplitList(*algos), Evals: *evals, Pop: *pop, Seed: *seed, Progress: stderr}
	var err error
	if o.Sizes, err = bench.ParseSizes(bench.SplitList(*sizes)); err != nil {
		return fail(exitUsage, "--sizes: %v", err)
	}
	if o.Workers, err = bench.ParseWorkers(*workers); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if o.Backends, err = bench.SelectBackends(*backends); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if err := o.Check(); err != nil {
		return fail(exitUsage, "%v", err)
	}
	// Backends named with --backends must open; of the default list those
	// that cannot (cuda without a device) are skipped with a note.
	if !flagsSet(fs)["backends"] {
		o.Unavailable = skipping[string]("bench loop", stderr)
	}
	ctx, stop := interruptContext()
	defer stop()
	recs, err := bench.LoopTable(ctx, o)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	text := func(w io.Writer, rs []bench.LoopRecord) error { return bench.WriteLoopTable(w, o, rs) }
	return writeRecords("bench loop", recs, *asJSON, text, stdout, stderr)
}

// skipping is the Unavailable of a bench table whose backends were not
// named: it notes on w, as cmd's, that it skips the backend that cannot
// open, and skips it.
func skipping[T any](cmd string, w io.Writer) func(T, error) bool {
	return func(t T, err error) bool {
		fmt.Fprintf(w, "%s: skipping %v: %v\n", cmd, t, err)
		return true
	}
}

// runBenchMazes is `mousemaze bench mazes`: one population of
// bench.Population written in the text format, so that eval's
// throughput (docs/commands.md) can be measured on a file anyone can
// make again.
func runBenchMazes(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench mazes", "[flags] > FILE",
		"mousemaze bench mazes --mazes long --size 13x13 --n 100 --rounds 50", stderr)
	kind := fs.String("mazes", bench.KindLong, "population kind: random or long")
	size := fs.String("size", "13x13", "grid size RxC")
	n := cliflag.Min(fs, "n", 256, 1, "mazes to write")
	rounds := cliflag.Min(fs, "rounds", 200, 0, "hill-climb rounds that make the long-walk mazes")
	seed := fs.Uint64("seed", 1, "random seed")
	parseNoArgs(fs, args)
	fail := failer("bench mazes", stderr)
	if *n > mousemaze.MaxMazes {
		return fail(exitUsage, "--n %d: at most %d mazes, the most one input may hold", *n, mousemaze.MaxMazes)
	}
	if _, err := bench.ParseKinds(*kind); err != nil || strings.Contains(*kind, ",") {
		return fail(exitUsage, "--mazes %q: want %s or %s", *kind, bench.KindRandom, bench.KindLong)
	}
	sz, err := mousemaze.ParseSize(*size)
	if err != nil {
		return fail(exitUsage, "--size: %v", err)
	}
	pop, err := bench.Population(*kind, sz, *n, *rounds, *seed)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	if err := mousemaze.Write(stdout, pop.Mazes()...); err != nil {
		return fail(exitFail, "%v", err)
	}
	return exitOK
}
