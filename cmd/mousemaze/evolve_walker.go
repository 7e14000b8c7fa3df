package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/mousemaze/mousemaze/classic"
	"github.com/mousemaze/mousemaze/dispatch"
)

// This file is evolve --walker: the search for edge boards on which a
// deterministic classic-maze walker (package classic) takes the most
// steps from the top-left cell to the bottom-right cell.

// walkerProblem returns the walker-trap problem of spec: boards that
// connect the top-left to the bottom-right cell, scored by the walker's
// moves (classic.WalkerScore).
func walkerProblem(spec dispatch.Spec, workers int) (*dispatch.EdgeProblem, error) {
	start, goal := 0, spec.Rows*spec.Cols-1
	score, err := classic.WalkerScore(spec.Walker, start, goal)
	if err != nil {
		return nil, fmt.Errorf("--walker: %v", err)
	}
	return dispatch.NewScoredEdgeProblem(spec, score, start, goal, workers)
}

// evolveWalker is evolve --walker NAME: the engine on the edge problem
// scored by the walker.
func evolveWalker(r *edgeRun, walker string) edgeFront {
	return edgeFront{kind: "evolve-walker", flag: "--walker " + walker, problem: dispatch.ProblemWalker,
		notApply: []string{"edges", "free-ends", "init", "png", "backend", "kernel", "k", "objective", "order", "entry", "exit", "cap", "island", "migrate", "migrate-every"},
		setup:    func(p *dispatch.Spec) error { p.Walker = walker; return nil },
		resumed: func(p dispatch.Spec) error {
			if p.Walker != walker {
				return fmt.Errorf("--walker %s cannot change on --resume: the checkpoint searches for %s", walker, p.Walker)
			}
			return nil
		},
		open: func(p dispatch.Spec) (*dispatch.EdgeProblem, error) { return walkerProblem(p, r.workers) },
		report: func(search *dispatch.EdgeSearch, out dispatch.Outcome, stdout io.Writer) error {
			p := search.Spec()
			best := search.Best()
			start, goal := 0, p.Rows*p.Cols-1
			res, _ := classic.WalkBoard(walker, best.Genome, start, goal)
			text := fmt.Sprintf("; mousemaze evolve --walker %s --size %dx%d --algo %s --evals %d --seed %d: %s after %d steps\n%s",
				walker, p.Rows, p.Cols, p.Algo, p.Evals, p.Seed, res.Outcome, res.Steps, classic.NewBoard(best.Genome).Format())
			if r.asJSON {
				ev := dispatch.WalkerEvent{Event: out.EventName(), Walker: walker, Evals: search.Evals(), Score: int64(best.Score.Value), Steps: res.Steps,
					Outcome: res.Outcome, Rows: p.Rows, Cols: p.Cols, Seed: p.Seed, Walls: best.Genome.WallCount(), Board: text,
					EngineResult: dispatch.ResultOf(search, out, r.ckptPath)}
				if err := json.NewEncoder(stdout).Encode(ev); err != nil {
					return err
				}
				return r.writeOut(text, stdout)
			}
			fmt.Fprintf(stdout, "best %dx%d board for walker %s (%s, seed %d, start 0,0, goal %d,%d): %s after %d steps, %d walls, after %d evaluations in %v\n%s%s",
				p.Rows, p.Cols, walker, p.Algo, p.Seed, p.Rows-1, p.Cols-1, res.Outcome, res.Steps, best.Genome.WallCount(), search.Evals(), out.Elapsed.Round(time.Millisecond),
				certificateLine(search), text)
			return r.writeOut(text, stdout)
		},
	}
}
