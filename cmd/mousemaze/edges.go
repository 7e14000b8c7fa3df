package main

import (
	"encoding/json"
	"fmt"
	"io"
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
	var inputs []mousemaze.Input
	var boards []mousemaze.EdgeMaze
	for _, name := range files {
		ms, lines, err := readEdges(name)
		if err != nil {
			return failer("eval", stderr)(exitFail, "%v", err)
		}
		for i, m := range ms {
			if err := cfg.Validate(m.Cols); err != nil {
				return failer("eval", stderr)(exitUsage, "%s:%d: board %d is %dx%d: %v", name, lines[i], i, m.Rows, m.Cols, err)
			}
			inputs = append(inputs, mousemaze.Input{File: name, Index: i, Line: lines[i], Maze: mousemaze.NewMaze(m.Rows, m.Cols)})
			boards = append(boards, m)
		}
	}
	ev, err := be.open()
	if err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	defer ev.Close()
	results := make([]mousemaze.Result, len(boards))
	if _, err := mousemaze.EvaluateEdgesWith(ev, boards, cfg, results, be.workers); err != nil {
		return failer("eval", stderr)(exitFail, "%v", err)
	}
	return writeEval(inputs, results, cfg, asJSON, stdout, stderr)
}

// evolveEdges is evolve --edges: the engine on dispatch.EdgeProblem.
func evolveEdges(r *edgeRun, rules rulesFlags, objective string) edgeFront {
	open := func(p dispatch.Spec) (*dispatch.EdgeProblem, error) {
		return dispatch.NewEdgeProblem(p, nil, r.workers)
	}
	return edgeFront{kind: "evolve-edges", flag: "--edges", problem: dispatch.ProblemEdges, open: open,
		notApply: []string{"free-ends", "init", "png", "backend", "kernel", "island", "migrate", "migrate-every"},
		setup: func(p *dispatch.Spec) error {
			cfg, err := rules.config()
			if err != nil {
				return err
			}
			p.Order, p.Entry, p.Exit, p.Cap, p.K = cfg.Order.String(), cfg.Entry, cfg.Exit, cfg.Cap, cfg.K
			if objective != dispatch.ObjTurns {
				p.Objective = objective
			}
			return nil
		},
		report: func(search *dispatch.EdgeSearch, out dispatch.Outcome, stdout io.Writer) error {
			p := search.Spec()
			prob := search.Problem().(*dispatch.EdgeProblem)
			cfg := prob.Config
			best := search.Best()
			walkCfg := cfg
			walkCfg.Heat = false
			res, err := mousemaze.WalkEdges(best.Genome, walkCfg)
			if err != nil {
				return err
			}
			board := best.Genome.Format(cfg.Entry, cfg.Exit)
			score := int64(best.Score.Value)
			if r.asJSON {
				ev := dispatch.EdgeEvent{Event: out.EventName(), Evals: search.Evals(), Objective: prob.Objective, K: cfg.K, Score: score,
					Turns: res.Turns, Escaped: res.Escaped, Rows: p.Rows, Cols: p.Cols, Entry: cfg.Entry, Exit: cfg.Exit,
					Order: cfg.Order.String(), Seed: p.Seed, Walls: best.Genome.WallCount(), Board: board,
					EngineResult: dispatch.ResultOf(search, out, r.ckptPath)}
				if err := json.NewEncoder(stdout).Encode(ev); err != nil {
					return err
				}
				return r.writeOut(board, stdout)
			}
			fmt.Fprintf(stdout, "best %dx%d Mouse Maze 2 board (%s, seed %d, entry %d, exit %d, order %s, objective %s, k=%d): score %d, %d turns, escaped %s, %d walls, after %d evaluations in %v\n%s%s",
				p.Rows, p.Cols, p.Algo, p.Seed, cfg.Entry, cfg.Exit, cfg.Order, prob.Objective, cfg.K, score, res.Turns, mousemaze.YesNo(res.Escaped), best.Genome.WallCount(), search.Evals(), out.Elapsed.Round(time.Millisecond),
				certificateLine(search), board)
			return r.writeOut(board, stdout)
		},
	}
}

// runSweepEdges is sweep --edges.
func runSweepEdges(sz mousemaze.Size, cfg mousemaze.Config, workers int, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := sweep.EdgeSweep(sz, cfg, workers)
	if err != nil {
		return failer("sweep", stderr)(exitUsage, "%v", err)
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
