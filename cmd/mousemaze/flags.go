package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze"
)

// newFlagSet returns a flag set for a subcommand whose usage text shows
// the synopsis, one example and the flags.
func newFlagSet(name, synopsis, example string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: mousemaze %s %s\n\nExample:\n  %s\n\nFlags:\n", name, synopsis, example)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and returns the exit status to use when parsing
// ended the command: exitOK for -h, exitUsage for bad flags, -1 to go on.
func parseFlags(fs *flag.FlagSet, args []string) int {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return -1
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	default:
		return exitUsage
	}
}

// rulesFlags are the flags that set a Config: --order, --entry, --exit,
// --cap and --k.
type rulesFlags struct {
	order       string
	entry, exit int
	cap         int64
	k           int
}

func (r *rulesFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&r.order, "order", "DRLU", "preference order for ties, a permutation of D, R, L, U")
	fs.IntVar(&r.entry, "entry", 0, "entry column (above the top row, 0-based)")
	fs.IntVar(&r.exit, "exit", 0, "exit column (below the bottom row, 0-based)")
	fs.Int64Var(&r.cap, "cap", 0, "stop a walk after this many turns (0 = no cap)")
	fs.IntVar(&r.k, "k", 0, "count visits modulo `K` (the paper's k-mod mouse; 0 = exact counting)")
}

// config turns the flags into a Config. It checks the order and the cap;
// the columns are checked against each maze's width when it is walked.
func (r *rulesFlags) config() (mousemaze.Config, error) {
	o, err := mousemaze.ParseOrder(r.order)
	if err != nil {
		return mousemaze.Config{}, fmt.Errorf("--order: %w", err)
	}
	if r.cap < 0 {
		return mousemaze.Config{}, fmt.Errorf("--cap %d: must be 0 or more", r.cap)
	}
	if r.entry < 0 || r.exit < 0 {
		return mousemaze.Config{}, fmt.Errorf("--entry and --exit must be 0 or more")
	}
	if r.k < 0 || r.k > mousemaze.MaxK {
		return mousemaze.Config{}, fmt.Errorf("--k %d: must be 0..%d", r.k, mousemaze.MaxK)
	}
	return mousemaze.Config{Order: o, Entry: r.entry, Exit: r.exit, Cap: r.cap, K: r.k}, nil
}

// backendFlags are --backend, --workers and --kernel.
type backendFlags struct {
	backend string
	workers int
	kernel  string
}

func (b *backendFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&b.backend, "backend", "auto", "evaluator backend: ref, cpu, tree, cuda or auto")
	fs.IntVar(&b.workers, "workers", 0, "CPU worker goroutines (0 = one per CPU)")
	fs.StringVar(&b.kernel, "kernel", "", "force a backend kernel by name (for example generic); empty = fastest available")
}

func (b *backendFlags) open() (mousemaze.Evaluator, error) {
	if b.workers < 0 {
		return nil, fmt.Errorf("--workers %d: must be 0 or more", b.workers)
	}
	return mousemaze.NewEvaluator(b.backend, mousemaze.Options{Workers: b.workers, Kernel: b.kernel})
}
