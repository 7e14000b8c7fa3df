package main

import (
	"errors"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze/dispatch/evolve"
	"github.com/mousemaze/mousemaze/outfile"
	"github.com/mousemaze/mousemaze/viennese"
)

func runVienneseScore(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("viennese score", "[flags] FILE... ('-' reads standard input)",
		"mousemaze viennese score cmd/mousemaze/testdata/viennese-lollipop.txt", stderr)
	variant := variantFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per file")
	parseFlags(fs, args)
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files")
	}
	for _, name := range fs.Args() {
		_, _, r, err := viennese.DescribeFile(name, stdin, variant.Ptr(), 0)
		if err != nil {
			return failer("viennese score", stderr)(exitFail, "%v", err)
		}
		if *asJSON {
			if printJSON(stdout, r) != exitOK {
				return exitFail
			}
			continue
		}
		r.WriteScore(stdout)
	}
	return exitOK
}

func runVienneseSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("viennese solve", "[flags] FILE",
		"mousemaze viennese solve --png report.png cmd/mousemaze/testdata/viennese-lollipop.txt", stderr)
	variant := variantFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON object")
	limit := fs.Int("all", 10, "print up to `N` shortest solutions")
	pngFile := fs.String("png", "", "write a PNG report (maze, states graph, solution) to `FILE`")
	parseFlags(fs, args)
	if fs.NArg() != 1 || *limit < 1 {
		return badArgs(fs, stderr, "want one input file and --all ≥ 1")
	}
	fail := failer("viennese solve", stderr)
	if err := outfile.CheckFlags(outfile.Flag{Name: "png", Path: *pngFile}); err != nil {
		return fail(exitUsage, "%v", err)
	}
	f, v, r, err := viennese.DescribeFile(fs.Arg(0), stdin, variant.Ptr(), *limit)
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	workDone()
	// The solutions are printed first, then the picture written: a file
	// that cannot be written loses nothing.
	code := report(*asJSON, r, func(w io.Writer) { r.WriteSolutions(w, v) }, stdout)
	if *pngFile != "" {
		if err := viennese.WritePNGFile(*pngFile, &f.Maze, v); err != nil {
			return fail(exitFail, "--png: %v", outfile.Printed(err))
		}
	}
	return code
}

func runViennesePlay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("viennese play", "[flags] FILE",
		"mousemaze viennese play cmd/mousemaze/testdata/viennese-lollipop.txt", stderr)
	variant := variantFlag(fs)
	parseFlags(fs, args)
	if fs.NArg() != 1 || fs.Arg(0) == "-" {
		return badArgs(fs, stderr, "want one input file (moves are read from standard input)")
	}
	if err := viennese.PlayFile(fs.Arg(0), stdin, variant.Ptr(), stdin, stdout); err != nil {
		return failer("viennese play", stderr)(exitFail, "%v", err)
	}
	return exitOK
}

func runVienneseCanvas(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("viennese canvas", "[flags] vienna24|RxC", "mousemaze viennese canvas 4x4", stderr)
	asJSON := fs.Bool("json", false, "print the JSON form")
	parseFlags(fs, args)
	if fs.NArg() != 1 || (fs.Arg(0) != "vienna24" && !viennese.GridSpec.MatchString(fs.Arg(0))) {
		return badArgs(fs, stderr, "want vienna24 or RxC")
	}
	f, err := viennese.OpenCanvas(fs.Arg(0))
	if err != nil {
		return failer("viennese canvas", stderr)(exitUsage, "%v", err)
	}
	if *asJSON {
		return printJSON(stdout, viennese.JSON(&f.Maze, nil))
	}
	if err := viennese.WriteText(stdout, &f.Maze, nil); err != nil {
		return exitFail
	}
	return exitOK
}

func runVienneseEvolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("viennese evolve", "[flags]",
		"mousemaze viennese evolve --canvas vienna24 --variant nht --seed 1 --algo anneal --budget 200000", stderr)
	canvas := fs.String("canvas", "vienna24", "the canvas: vienna24, RxC (a square grid) or a canvas or maze `FILE`")
	variant := variantFlag(fs)
	algo := fs.String("algo", viennese.AlgoKeep, "search method: "+strings.Join(viennese.Algos, ", "))
	seed := fs.Uint64("seed", 1, "seed of every random choice")
	budget := fs.Int64("budget", 100000, "number of colourings scored")
	var tune viennese.Params
	fs.Float64Var(&tune.Rate, "rate", 0, "keep: probability that a light changes per step (0 = default 0.1)")
	fs.IntVar(&tune.Rounds, "rounds", 0, "anneal: rounds per level k (0 = default 10)")
	fs.IntVar(&tune.Pop, "pop", 0, "ea, ga: generation size (0 = default 100)")
	fs.IntVar(&tune.Parents, "parents", 0, "ea, ga: parents per generation (0 = default 10)")
	fs.IntVar(&tune.Elite, "elite", -1, "ea, ga: best colourings carried over (-1 = default 1)")
	fs.Float64Var(&tune.Mutation, "mutation", -1, "ea, ga: probability that a child's light changes (-1 = default 0.06)")
	fs.Float64Var(&tune.Temp, "temp", -1, "sa: initial relative temperature (-1 = default 0.05)")
	out := fs.String("out", "", "also write the best maze in the text format to `FILE`")
	pngFile := fs.String("png", "", "write a PNG report of the best maze to `FILE`")
	asJSON := fs.Bool("json", false, "print JSON lines: one per improvement, then the result")
	// The engine's search flags that viennese evolve does not define in
	// its own sense (its --pop, --parents, --elite and --mutation are the
	// former search's).
	sf := evolve.TuningFlags(fs)
	parseFlags(fs, args)
	if fs.NArg() != 0 {
		return failer("viennese evolve", stderr)(exitUsage, "unexpected argument %q", fs.Arg(0))
	}
	p, err := viennese.DefaultParams(*algo)
	if err != nil {
		return failer("viennese evolve", stderr)(exitUsage, "--algo: %v", err)
	}
	if err := p.Tune(tune, flagsSet(fs)); err != nil {
		return failer("viennese evolve", stderr)(exitUsage, "%v", err)
	}
	p.Evals, p.Seed = *budget, *seed
	o := viennese.EvolveOptions{Canvas: *canvas, Variant: variant.Ptr(), Params: p, Tuning: sf, TuningSet: sf.Given()}
	fail := failer("viennese evolve", stderr)
	if err := outfile.CheckFlags(outfile.Flag{Name: "out", Path: *out}, outfile.Flag{Name: "png", Path: *pngFile}); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if *asJSON {
		o.Progress = func(r viennese.Result) { printJSON(stdout, viennese.NewImproved(r)) }
	}
	ctx, stop := interruptContext()
	defer stop()
	e, err := viennese.EvolveCanvas(ctx, o)
	switch {
	case errors.Is(err, viennese.ErrOptions):
		return fail(exitUsage, "%v", err)
	case err != nil:
		return fail(exitFail, "%v", err)
	}
	workDone()
	// The result is printed first, then written to --out and --png: a
	// file that cannot be written loses nothing, and standard output holds
	// the result once.
	code := exitOK
	if *asJSON {
		code = printJSON(stdout, e.Done())
	} else if err := e.Record.WriteEvolve(stdout, &e.Best, e.Variant); err != nil {
		code = exitFail
	}
	if err := e.WriteFiles(*out, *pngFile); err != nil {
		if code == exitOK {
			err = outfile.Printed(err)
		}
		return fail(exitFail, "%v", err)
	}
	return code
}
