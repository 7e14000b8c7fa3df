package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mousemaze/mousemaze"
)

func init() {
	register(command{name: "graph", summary: "walk the mouse through general-graph mazes (JSON), with the Theorem 8 bound", run: runGraph})
}

// graphRecord is one line of `graph --json`.
type graphRecord struct {
	File       string            `json:"file"`
	Vertices   int               `json:"vertices"`
	Edges      int               `json:"edges"`
	MaxDegree  int               `json:"max_degree"`
	Diameter   int               `json:"diameter"`
	Bound      int64             `json:"theorem8_bound"`
	K          int               `json:"k"`
	Turns      int64             `json:"turns"`
	Visits     int64             `json:"visits"`
	Escaped    bool              `json:"escaped"`
	Feasible   bool              `json:"feasible"`
	Trapped    bool              `json:"trapped"`
	CycleStart int64             `json:"cycle_start"`
	CycleLen   int64             `json:"cycle_len"`
	TrapTurn   int64             `json:"mousetrap_turn"`
	Heat       map[string]uint32 `json:"heat,omitempty"`
}

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
		fmt.Fprintln(stderr, "mousemaze graph: no input files (use - for standard input)")
		fs.Usage()
		return exitUsage
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
	var recs []graphRecord
	for _, name := range fs.Args() {
		g, err := readGraph(name)
		if err != nil {
			return fail(err)
		}
		res, err := mousemaze.WalkGraph(g, cfg)
		if err != nil {
			return fail(fmt.Errorf("%s: %w", name, err))
		}
		n, delta, diam := g.Stats()
		edges := 0
		for _, p := range g.Prefs {
			edges += len(p)
		}
		rec := graphRecord{File: name, Vertices: n, Edges: edges / 2, MaxDegree: delta, Diameter: diam,
			Bound: mousemaze.Theorem8Bound(g), K: cfg.K, Turns: res.Turns, Visits: res.Visits(),
			Escaped: res.Escaped, Feasible: res.Feasible, Trapped: res.Trapped,
			CycleStart: res.CycleStart, CycleLen: res.CycleLen, TrapTurn: res.TrapTurn}
		if res.Heat != nil {
			rec.Heat = map[string]uint32{}
			for v, c := range res.Heat {
				rec.Heat[g.Name(v)] = c
			}
		}
		recs = append(recs, rec)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		for _, r := range recs {
			if err := enc.Encode(r); err != nil {
				return fail(err)
			}
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\tvertices\tedges\tmax_deg\tdiam\tk\tturns\ttheorem8_bound\tescaped\tfeasible\ttrapped\tcycle\tmousetrap\t")
	for _, r := range recs {
		cycle := "-"
		if r.Trapped {
			cycle = fmt.Sprintf("%d+%d", r.CycleStart, r.CycleLen)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t%d\t\n", r.File, r.Vertices, r.Edges, r.MaxDegree,
			r.Diameter, r.K, r.Turns, r.Bound, mousemaze.YesNo(r.Escaped), mousemaze.YesNo(r.Feasible), mousemaze.YesNo(r.Trapped), cycle, r.TrapTurn)
	}
	tw.Flush()
	if *heat {
		for _, r := range recs {
			fmt.Fprintf(stdout, "\n%s, visits per vertex: %v\n", r.File, r.Heat)
		}
	}
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
