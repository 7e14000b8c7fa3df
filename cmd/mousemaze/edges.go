package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// This file holds the Mouse Maze 2 paths of eval, evolve and sweep (--edges).

// readEdges parses one file of edge boards ("-" is standard input).
func readEdges(name string) ([]mousemaze.EdgeMaze, []int, error) {
	return readInput(name, mousemaze.ParseEdges)
}

// runEvalEdges is eval --edges: the same table and JSON records as eval.
// The boards go to the --backend when it walks edge boards
// (mousemaze.EdgeEvaluator), and to the reference walk otherwise.
func runEvalEdges(files []string, cfg mousemaze.Config, be backendFlags, asJSON bool, stdout, stderr io.Writer) int {
	var inputs []inputMaze
	var boards []mousemaze.EdgeMaze
	for _, name := range files {
		ms, lines, err := readEdges(name)
		if err != nil {
			fmt.Fprintf(stderr, "mousemaze eval: %v\n", err)
			return exitFail
		}
		for i, m := range ms {
			if err := cfg.Validate(m.Cols); err != nil {
				fmt.Fprintf(stderr, "mousemaze eval: %s:%d: board %d is %dx%d: %v\n", name, lines[i], i, m.Rows, m.Cols, err)
				return exitUsage
			}
			inputs = append(inputs, inputMaze{file: name, index: i, line: lines[i], maze: mousemaze.NewMaze(m.Rows, m.Cols)})
			boards = append(boards, m)
		}
	}
	ev, err := be.open()
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze eval: %v\n", err)
		return exitFail
	}
	defer ev.Close()
	results := make([]mousemaze.Result, len(boards))
	if _, err := mousemaze.EvaluateEdgesWith(ev, boards, cfg, results, be.workers); err != nil {
		fmt.Fprintf(stderr, "mousemaze eval: %v\n", err)
		return exitFail
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		for i, in := range inputs {
			if err := enc.Encode(newEvalRecord(in, results[i])); err != nil {
				fmt.Fprintf(stderr, "mousemaze eval: %v\n", err)
				return exitFail
			}
		}
		return exitOK
	}
	writeEvalTable(stdout, inputs, results, cfg.Heat, cfg.K > 0)
	return exitOK
}

// edgeEvolveEvent is the final line of evolve --edges --json.
type edgeEvolveEvent struct {
	Event     string  `json:"event"`
	Evals     int64   `json:"evals"`
	Objective string  `json:"objective"`
	K         int     `json:"k"`
	Score     int64   `json:"score"`
	Turns     int64   `json:"turns"`
	Escaped   bool    `json:"escaped"`
	Rows      int     `json:"rows"`
	Cols      int     `json:"cols"`
	Entry     int     `json:"entry"`
	Exit      int     `json:"exit"`
	Order     string  `json:"order"`
	Seed      uint64  `json:"seed"`
	Walls     int     `json:"walls"`
	Board     string  `json:"board"`
	Seconds   float64 `json:"seconds"`
}

// runEvolveEdges is evolve --edges.
func runEvolveEdges(fs *flag.FlagSet, rules rulesFlags, size, objective string, evals int64, seed uint64, pop, workers int,
	outFile string, asJSON bool, stdout, stderr io.Writer) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze evolve: "+format+"\n", a...)
		return exitUsage
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, name := range []string{"free-ends", "init", "checkpoint", "resume", "algo", "png", "backend", "kernel"} {
		if set[name] {
			return usageErr("--%s does not apply to --edges", name)
		}
	}
	sz, err := mousemaze.ParseSize(size)
	if err != nil {
		return usageErr("--size %q: %v", size, err)
	}
	cfg, err := rules.config()
	if err != nil {
		return usageErr("%v", err)
	}
	p := dispatch.DefaultEdgeParams()
	p.Rows, p.Cols, p.Config, p.Evals, p.Seed, p.Workers = sz.Rows, sz.Cols, cfg, evals, seed, workers
	if objective != dispatch.ObjTurns {
		p.Objective = objective
	}
	if pop > 0 {
		p.Pop = pop
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	last := time.Now()
	best, err := dispatch.EvolveEdges(ctx, p, func(n, score int64) {
		if time.Since(last) >= 2*time.Second {
			fmt.Fprintf(stderr, "evolve --edges %s: %d/%d evaluations, best %d\n", sz, n, p.Evals, score)
			last = time.Now()
		}
	})
	if err != nil {
		return usageErr("%v", err)
	}
	if outFile != "" {
		if err := os.WriteFile(outFile, []byte(best.Maze.Format(cfg.Entry, cfg.Exit)), 0o644); err != nil {
			fmt.Fprintf(stderr, "mousemaze evolve: %v\n", err)
			return exitFail
		}
	}
	obj := p.Objective
	if obj == "" {
		obj = dispatch.ObjTurns
	}
	if asJSON {
		json.NewEncoder(stdout).Encode(edgeEvolveEvent{Event: "done", Evals: best.Evals, Objective: obj, K: cfg.K, Score: best.Score,
			Turns: best.Result.Turns, Escaped: best.Result.Escaped, Rows: sz.Rows, Cols: sz.Cols, Entry: cfg.Entry, Exit: cfg.Exit,
			Order: cfg.Order.String(), Seed: seed, Walls: best.Maze.WallCount(), Board: best.Maze.Format(cfg.Entry, cfg.Exit),
			Seconds: time.Since(start).Seconds()})
		return exitOK
	}
	fmt.Fprintf(stdout, "best %s Mouse Maze 2 board (seed %d, entry %d, exit %d, order %s, objective %s, k=%d): score %d, %d turns, escaped %s, %d walls, after %d evaluations in %v\n",
		sz, seed, cfg.Entry, cfg.Exit, cfg.Order, obj, cfg.K, best.Score, best.Result.Turns, yesNo(best.Result.Escaped), best.Maze.WallCount(), best.Evals, time.Since(start).Round(time.Millisecond))
	fmt.Fprint(stdout, best.Maze.Format(cfg.Entry, cfg.Exit))
	return exitOK
}

// runSweepEdges is sweep --edges.
func runSweepEdges(sz mousemaze.Size, cfg mousemaze.Config, workers int, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := sweep.EdgeSweep(sz, cfg, workers)
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze sweep: %v\n", err)
		return exitUsage
	}
	if asJSON {
		out := struct {
			Rows     int    `json:"rows"`
			Cols     int    `json:"cols"`
			K        int    `json:"k"`
			Boards   int64  `json:"boards"`
			Feasible int64  `json:"feasible"`
			Escaped  int64  `json:"escaped"`
			Trapped  int64  `json:"trapped"`
			Turns    int64  `json:"best_turns"`
			Count    int64  `json:"best_count"`
			Board    string `json:"best_board"`
		}{sz.Rows, sz.Cols, cfg.K, rep.Boards, rep.Feasible, rep.Escaped, rep.Trapped, rep.BestResult.Turns, rep.Count, rep.Best.Format(cfg.Entry, cfg.Exit)}
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			return exitFail
		}
		return exitOK
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tk\tboards\tfeasible\tescaped\ttrapped\tbest turns\tboards with it\t")
	fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", sz, cfg.K, rep.Boards, rep.Feasible, rep.Escaped, rep.Trapped, rep.BestResult.Turns, rep.Count)
	tw.Flush()
	if rep.Count > 0 {
		fmt.Fprintf(stdout, "\nlongest escape (first in enumeration order):\n%s", rep.Best.Format(cfg.Entry, cfg.Exit))
	}
	return exitOK
}
