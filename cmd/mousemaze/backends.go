package main

// This file holds the commands about the backends, version and selfcheck.
// The backends package registers every evaluator backend: cpu, tree and
// cuda (a stub unless built with the cuda tag).

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/backends"
	"github.com/mousemaze/mousemaze/bench"
)

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "", "mousemaze version", stderr)
	parseNoArgs(fs, args)
	version := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		version = bi.Main.Version
	}
	fmt.Fprintf(stdout, "mousemaze %s %s %s/%s\nbackends: %v\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH, mousemaze.BuiltBackends())
	return exitOK
}

func runSelfcheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("selfcheck", "[flags]", "mousemaze selfcheck --backend cpu --n 10000", stderr)
	var be backendFlags
	be.register(fs)
	n := fs.Int("n", 100_000, "number of random mazes to check")
	batch := fs.Int("batch", 50_000, fmt.Sprintf("most mazes per batch (batches are of random length up to this); at most %d cells in all, so by default lowered to %d for 64x64", bench.MaxPopulationCells, bench.MaxPopulationCells/(64*64)))
	seed := fs.Uint64("seed", 1, "random seed")
	sizes := fs.String("sizes", bench.DefaultCheckSizes, "comma-separated grid sizes to draw from")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	parseFlags(fs, args)
	if fs.NArg() != 0 || *n <= 0 || *batch <= 0 {
		return failer("selfcheck", stderr)(exitUsage, "want no arguments, --n > 0 and --batch > 0")
	}
	szs, err := bench.ParseSizes(strings.Split(*sizes, ","))
	if err != nil {
		return failer("selfcheck", stderr)(exitUsage, "--sizes: %v", err)
	}
	// A batch is held in memory: --batch given is checked, the default
	// lowered to what the largest size allows.
	if most, _ := bench.MostMazes(szs); !flagsSet(fs)["batch"] {
		*batch = min(*batch, most)
	} else if err := bench.CheckPopulation("--batch", "batch", *batch, szs); err != nil {
		return failer("selfcheck", stderr)(exitUsage, "%v", err)
	}
	ev, code := be.open("selfcheck", stderr)
	if code >= 0 {
		return code
	}
	defer ev.Close()
	rep, err := bench.Selfcheck(ev, bench.CheckOptions{N: *n, Batch: *batch, Seed: *seed, Sizes: szs}, func(done int) {
		fmt.Fprintf(stderr, "selfcheck: %d/%d mazes\n", done, *n)
	})
	if err != nil {
		return failer("selfcheck", stderr)(exitFail, "%v", err)
	}
	if code := writeText("selfcheck", rep, *asJSON, stdout, stderr); code != exitOK {
		return code
	}
	if rep.Mismatches > 0 {
		return exitFail
	}
	return exitOK
}
