package main

import (
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze"
)

func runGraph(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("graph", "[flags] FILE.json... ('-' reads standard input; see docs/graph.md)",
		"mousemaze graph --k 3 maze.json", stderr)
	var rules rulesFlags
	rules.register(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per graph")
	heat := fs.Bool("heat", false, "include every vertex's visit count")
	fromGrid := fs.Bool("from-grid", false, "read grid mazes (text format) instead and print each as a graph in JSON, under --order, --entry and --exit")
	lemma11 := fs.Int("lemma11", 0, "print the paper's Lemma 11 tree for a `K`-mod mouse (K ≥ 2) in JSON and exit")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	fail := func(err error) int {
		return failer("graph", stderr)(exitFail, "%v", err)
	}
	cfg, err := rules.config()
	if err != nil {
		return failer("graph", stderr)(exitUsage, "%v", err)
	}
	cfg.Heat = *heat
	if *lemma11 != 0 {
		if *lemma11 < 2 {
			return failer("graph", stderr)(exitUsage, "--lemma11 %d: want K ≥ 2", *lemma11)
		}
		if err := mousemaze.WriteGraph(stdout, mousemaze.Lemma11(*lemma11)); err != nil {
			return fail(err)
		}
		return exitOK
	}
	if fs.NArg() == 0 {
		return badArgs(fs, stderr, "no input files (use - for standard input)")
	}
	if *fromGrid {
		for _, name := range fs.Args() {
			mazes, _, err := readMazes(name)
			if err != nil {
				return fail(err)
			}
			for _, m := range mazes {
				g, err := mousemaze.GridGraph(m, cfg)
				if err != nil {
					return fail(fmt.Errorf("%s: %w", name, err))
				}
				if err := mousemaze.WriteGraph(stdout, g); err != nil {
					return fail(err)
				}
			}
		}
		return exitOK
	}
	var recs []mousemaze.GraphRecord
	for _, name := range fs.Args() {
		g, err := readGraph(name)
		if err != nil {
			return fail(err)
		}
		rec, err := mousemaze.NewGraphRecord(name, g, cfg)
		if err != nil {
			return fail(err)
		}
		recs = append(recs, rec)
	}
	if *asJSON {
		return printRecords("graph", recs, stdout, stderr)
	}
	mousemaze.WriteGraphTable(stdout, recs, *heat)
	return exitOK
}

// readGraph parses one graph file ("-" is standard input).
func readGraph(name string) (mousemaze.Graph, error) {
	if name == "-" {
		return mousemaze.ParseGraph(stdin, "-")
	}
	f, err := openInput(name)
	if err != nil {
		return mousemaze.Graph{}, err
	}
	defer f.Close()
	return mousemaze.ParseGraph(f, name)
}
