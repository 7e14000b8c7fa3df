package main

import (
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze/game"
)

// splitNegatives moves arguments that look like negative numbers ("-3/4",
// "-2") behind a "--" so that the flag package leaves them alone. It is
// for verbs whose flags are all booleans.
func splitNegatives(args []string) []string {
	var flags, rest []string
	dashes := false
	for i, a := range args {
		if a == "--" {
			rest, dashes = append(rest, args[i+1:]...), true
			break
		}
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' {
			rest = append(rest, a)
		} else {
			flags = append(flags, a)
		}
	}
	if rest == nil && !dashes {
		return args
	}
	return append(append(flags, "--"), rest...)
}

func runGameValue(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game value", "[flags] FILE... ('-' reads standard input)",
		"mousemaze game value game/testdata/boards.txt", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per board")
	exact := fs.Bool("exact", false, fmt.Sprintf("also print each cell's exact canonical form (boards of at most %d cells)", game.MaxExactCells))
	parseFlags(fs, args)
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	store := game.NewStore()
	for _, name := range fs.Args() {
		boards, lines, err := readInput(name, game.Parse)
		var recs []game.ValueRecord
		if err == nil {
			recs, err = game.ValueRecords(store, name, boards, lines, *exact)
		}
		if code := writeRecords("game value", recs, *asJSON, each(func(w io.Writer, r game.ValueRecord) { r.Write(w) }), stdout, stderr); code != exitOK {
			return code
		}
		if err != nil {
			return failer("game value", stderr)(exitFail, "%v", err)
		}
	}
	return exitOK
}

func runGameBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game build", "[flags] VALUE  (a number such as 5/8, -3/4, 2, or a switch {a|b} with a > b)",
		"mousemaze game build '{3/4|1/2}'", stderr)
	asJSON := fs.Bool("json", false, "print a JSON object with the board as text")
	parseFlags(fs, splitNegatives(args))
	if fs.NArg() != 1 {
		return badArgs(fs, stderr, "want exactly one VALUE")
	}
	v, err := game.ParseValue(fs.Arg(0))
	if err != nil {
		return failer("game build", stderr)(exitUsage, "%v", err)
	}
	// A value that cannot be built within game.MaxCells cells is a bad
	// VALUE (exit 2); only a built position that does not check is a
	// failure of the work (exit 1).
	if _, err := game.Build(v); err != nil {
		return failer("game build", stderr)(exitUsage, "%v", err)
	}
	rec, err := game.BuildChecked(v)
	return writeResult("game build", rec, err, *asJSON, stdout, stderr)
}

func runGameSearch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game search", "[flags]",
		"mousemaze game search --rows 3 --cols 4 --edges 17", stderr)
	cfg := game.DefaultSearch
	fs.IntVar(&cfg.Rows, "rows", cfg.Rows, "largest number of rows enumerated")
	fs.IntVar(&cfg.Cols, "cols", cfg.Cols, "largest number of columns enumerated")
	fs.IntVar(&cfg.Edges, "edges", cfg.Edges, fmt.Sprintf("skip board sizes with more interior edges than this (at most %d)", game.MaxSearchEdges))
	fs.Int64Var(&cfg.Lo, "lo", cfg.Lo, "smallest option of the switches built")
	fs.Int64Var(&cfg.Hi, "hi", cfg.Hi, "largest option of the switches built")
	fs.UintVar(&cfg.Exp, "exp", cfg.Exp, "denominators of the switches' options divide 2^exp")
	parseFlags(fs, args)
	if fs.NArg() != 0 {
		return failer("game search", stderr)(exitUsage, "takes no arguments")
	}
	if err := cfg.Check(); err != nil {
		return failer("game search", stderr)(exitUsage, "%v", err)
	}
	if err := game.WriteSearch(stdout, cfg); err != nil {
		return failer("game search", stderr)(exitFail, "%v", err)
	}
	return exitOK
}
