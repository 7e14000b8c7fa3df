package main

import (
	"encoding/json"
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

// maxExactCells bounds the boards `game value --exact` evaluates exactly.
const maxExactCells = 64

func runGameValue(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game value", "[flags] FILE... ('-' reads standard input)",
		"mousemaze game value board.txt", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per board")
	exact := fs.Bool("exact", false, fmt.Sprintf("also print each cell's exact canonical form (boards of at most %d cells)", maxExactCells))
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	enc := json.NewEncoder(stdout)
	store := game.NewStore()
	for _, name := range fs.Args() {
		boards, lines, err := readInput(name, game.Parse)
		if err != nil {
			return failer("game value", stderr)(exitFail, "%v", err)
		}
		for i, p := range boards {
			if *exact && p.Rows*p.Cols > maxExactCells {
				return failer("game value", stderr)(exitFail, "%s:%d: --exact takes boards of at most %d cells, this one is %dx%d", name, lines[i], maxExactCells, p.Rows, p.Cols)
			}
			rec, err := game.Values(store, p, *exact)
			if err != nil {
				return failer("game value", stderr)(exitFail, "%s:%d: %v", name, lines[i], err)
			}
			rec.File, rec.Line, rec.Index = name, lines[i], i
			if *asJSON {
				if err := enc.Encode(rec); err != nil {
					return exitFail
				}
				continue
			}
			rec.Write(stdout)
		}
	}
	return exitOK
}

func runGameBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game build", "[flags] VALUE  (a number such as 5/8, -3/4, 2, or a switch {a|b} with a > b)",
		"mousemaze game build '{3/4|1/2}'", stderr)
	asJSON := fs.Bool("json", false, "print a JSON object with the board as text")
	if code := parseFlags(fs, splitNegatives(args)); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		return badArgs(fs, stderr, "want exactly one VALUE")
	}
	v, err := game.ParseValue(fs.Arg(0))
	if err != nil {
		return failer("game build", stderr)(exitUsage, "%v", err)
	}
	p, err := game.Build(v)
	if err != nil {
		return failer("game build", stderr)(exitFail, "%v", err)
	}
	cells, err := game.Sweep(p)
	if err != nil || !cells[0].Value.Equal(v) {
		return failer("game build", stderr)(exitFail, "the built position does not check (%v, %v)", cells, err)
	}
	if *asJSON {
		rec := game.BuildRecord{Value: v, Rows: p.Rows, Cols: p.Cols, Vertical: p.Vertical(), Board: p.String(), Checked: cells[0].Value}
		return printJSON(stdout, rec)
	}
	fmt.Fprintf(stdout, "; value %v: a %dx%d vertical position\n%s", v, p.Rows, p.Cols, p)
	return exitOK
}

func runGameSearch(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("game search", "[flags]",
		"mousemaze game search --rows 4 --cols 4 --edges 24", stderr)
	d := game.DefaultSearch
	rows := fs.Int("rows", d.Rows, "largest number of rows enumerated")
	cols := fs.Int("cols", d.Cols, "largest number of columns enumerated")
	edges := fs.Int("edges", d.Edges, fmt.Sprintf("skip board sizes with more interior edges than this (at most %d)", game.MaxSearchEdges))
	lo := fs.Int64("lo", d.Lo, "smallest option of the switches built")
	hi := fs.Int64("hi", d.Hi, "largest option of the switches built")
	exp := fs.Uint("exp", d.Exp, "denominators of the switches' options divide 2^exp")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 0 {
		return failer("game search", stderr)(exitUsage, "takes no arguments")
	}
	if *rows < 1 || *cols < 1 || *rows > 64 || *cols > 64 || *edges < 0 || *edges > game.MaxSearchEdges {
		return failer("game search", stderr)(exitUsage, "want --rows and --cols in 1..64 and --edges in 0..%d", game.MaxSearchEdges)
	}
	if *exp > 8 || *lo > *hi || *hi-*lo > 64 {
		return failer("game search", stderr)(exitUsage, "want --exp at most 8 and --lo ≤ --hi within 64")
	}
	cfg := game.SearchConfig{Rows: *rows, Cols: *cols, Edges: *edges, Lo: *lo, Hi: *hi, Exp: *exp}
	if err := game.WriteSearch(stdout, cfg); err != nil {
		return failer("game search", stderr)(exitFail, "%v", err)
	}
	return exitOK
}
