package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/ladder"
	"github.com/mousemaze/mousemaze/internal/cliflag"
)

// huntFlags are the flags of hunt.
type huntFlags struct {
	gridFlags
	from, to                              *cliflag.Value[mousemaze.Size]
	dir, records, initFile, backend, kern string
	seeds, keep, workers                  int
	every                                 *time.Duration
	resume, force, asJSON                 bool
}

func (f *huntFlags) register(fs *flag.FlagSet) {
	f.gridFlags.register(fs, "ils", "budget of each run in feasible maze evaluations")
	*f.evals = 3_000_000
	fs.Lookup("evals").DefValue = "3000000"
	f.from = cliflag.New(fs, "from", "12x12", "the ladder's first size `RxC`", mousemaze.ParseSize)
	f.to = cliflag.New(fs, "to", "", "the ladder's last size `RxC` (default --from): one row and one column more per rung", mousemaze.ParseSize)
	fs.StringVar(&f.dir, "dir", "", "the `DIR` of the hunt's state and its runs' checkpoints (required)")
	fs.StringVar(&f.records, "records", "", "a records `FILE` (the format of testdata/records.txt): its maze of each size is grown too, and a size's best maze replaces the file's when longer")
	fs.StringVar(&f.initFile, "init", "", "grow the mazes of this `FILE` (of the --from size) instead of searching --from from random starts")
	fs.IntVar(&f.seeds, "seeds", 1, "runs from each start (seeds --seed, --seed+1, ...; see docs/search.md)")
	fs.IntVar(&f.keep, "keep", 2, "the distinct best mazes of a size grown into the next, each at every corner")
	fs.IntVar(&f.workers, "workers", 0, "runs at once, each on one core (0 = one per CPU)")
	fs.StringVar(&f.backend, "backend", "cpu", "evaluator backend of every run: ref, cpu, tree, cuda or auto")
	fs.StringVar(&f.kern, "kernel", "", "force a backend kernel by name; empty = fastest available")
	f.every = cliflag.Min(fs, "checkpoint-every", 60*time.Second, 1, "how often each run saves its checkpoint in --dir")
	fs.BoolVar(&f.resume, "resume", false, "go on with the hunt saved in --dir (restate its flags)")
	fs.BoolVar(&f.force, "force", false, "start a new hunt in a --dir that holds one")
	fs.BoolVar(&f.asJSON, "json", false, "print a JSON line for every run that ends and a final \"done\" line")
}

func runHunt(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("hunt", "--dir DIR [flags]",
		"mousemaze hunt --from 5x5 --to 6x6 --evals 20000 --keep 1 --dir hunt-5x5 --records hunt-5x5.txt", stderr)
	var f huntFlags
	f.register(fs)
	parseNoArgs(fs, args)
	fail := failer("hunt", stderr)
	set := flagsSet(fs)
	if f.dir == "" {
		return fail(exitUsage, "--dir DIR is required: it holds the hunt's state")
	}
	if err := notApplying(set, []string{"free-ends", "k", "objective", "pop"}, "hunt"); err != nil {
		return fail(exitUsage, "%v", err)
	}
	to := f.to.V
	if !set["to"] {
		to = f.from.V
	}
	o, err := f.options(fs, f.from.V)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	if f.records != "" && (o.Config.Entry != 0 || o.Config.Exit != 0 || o.Config.Order != mousemaze.Order{} && o.Config.Order.String() != "DRLU") {
		return fail(exitUsage, "--records keeps mazes of the default rules (entry 0, exit 0, order DRLU): drop --entry, --exit and --order, or --records")
	}
	if f.seeds < 1 || f.keep < 1 || f.workers < 0 {
		return fail(exitUsage, "--seeds and --keep must be 1 or more, --workers 0 or more")
	}
	if err := ladder.Claim(f.dir, f.resume, f.force); err != nil {
		return fail(exitUsage, "%v", err)
	}
	var init []mousemaze.Maze
	if f.initFile != "" {
		if init, err = mousemaze.ParseFile(f.initFile); err != nil {
			return failErr("hunt", stderr, err)
		}
	}
	opts := ladder.Options{From: f.from.V, To: to, Grid: o, Seeds: f.seeds, Keep: f.keep,
		Workers: cmp.Or(f.workers, runtime.NumCPU()), Init: init, Dir: f.dir, Every: *f.every, Records: f.records,
		Open: func(p dispatch.Spec) (mousemaze.Evaluator, error) {
			return mousemaze.NewEvaluator(dispatch.BackendFor(f.backend, p), mousemaze.Options{Workers: 1, Kernel: f.kern})
		},
		Progress: stderr}
	if f.asJSON {
		opts.Events = stdout
	}
	res, err := ladder.Hunt(opts, f.resume)
	if err != nil {
		return failErr("hunt", stderr, err)
	}
	res.Write(stdout, f.asJSON)
	if res.Interrupted {
		fmt.Fprintf(stderr, "mousemaze hunt: interrupted; the runs that ended are saved in %s and those under way in their checkpoints: go on with the same command and --resume\n", f.dir)
		return exitFail
	}
	return exitOK
}
