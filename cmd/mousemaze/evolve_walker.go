package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mousemaze/mousemaze/classic"
	"github.com/mousemaze/mousemaze/dispatch"
)

// This file is evolve --walker: the search for edge boards on which a
// deterministic classic-maze walker (package classic) takes the most
// steps from the top-left cell to the bottom-right cell.

// walkerEvolveEvent is the final line of evolve --walker --json.
type walkerEvolveEvent struct {
	Event   string  `json:"event"`
	Walker  string  `json:"walker"`
	Evals   int64   `json:"evals"`
	Score   int64   `json:"score"`
	Steps   int64   `json:"steps"`
	Outcome string  `json:"outcome"`
	Rows    int     `json:"rows"`
	Cols    int     `json:"cols"`
	Seed    uint64  `json:"seed"`
	Walls   int     `json:"walls"`
	Board   string  `json:"board"`
	Seconds float64 `json:"seconds"`
	// Algo, Rejected, PolishEvals, LocalOptimumRadius and Checkpoint are
	// as in evolve --edges.
	Algo               string `json:"algo"`
	Rejected           int64  `json:"rejected"`
	PolishEvals        int64  `json:"polish_evals,omitempty"`
	LocalOptimumRadius *int   `json:"local_optimum_radius,omitempty"`
	Checkpoint         string `json:"checkpoint,omitempty"`
}

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

// runEvolveWalker is evolve --walker NAME: the engine on the edge problem
// scored by the walker.
func runEvolveWalker(r *edgeRun, walker string, stdout, stderr io.Writer) int {
	usageErr := func(format string, a ...any) int {
		return failer("evolve", stderr)(exitUsage, format, a...)
	}
	fail := func(err error) int {
		return failer("evolve", stderr)(exitFail, "%v", err)
	}
	for _, name := range []string{"edges", "free-ends", "init", "png", "backend", "kernel", "k", "objective", "order", "entry", "exit", "cap", "island", "migrate", "migrate-every"} {
		if r.set[name] {
			return usageErr("--%s does not apply to --walker", name)
		}
	}
	if r.fs.NArg() > 0 {
		return usageErr("unexpected arguments %q", r.fs.Args())
	}
	var search *dispatch.EdgeSearch
	if r.resume {
		st, err := r.load("evolve-walker")
		if err != nil {
			return usageErr("%v", err)
		}
		if st.Spec.Walker != walker {
			return usageErr("--walker %s cannot change on --resume: the checkpoint searches for %s", walker, st.Spec.Walker)
		}
		prob, err := walkerProblem(st.Spec, r.workers)
		if err != nil {
			return fail(err)
		}
		if search, err = dispatch.ResumeEngine(st, prob); err != nil {
			return fail(err)
		}
	} else {
		p, err := r.spec(dispatch.ProblemWalker)
		if err != nil {
			return usageErr("%v", err)
		}
		p.Walker = walker
		prob, err := walkerProblem(p, r.workers)
		if err != nil {
			return usageErr("%v", err)
		}
		if search, err = dispatch.NewEngine(p, prob, nil); err != nil {
			if errors.Is(err, dispatch.ErrParams) {
				return usageErr("%v", err)
			}
			return fail(err)
		}
	}
	p := search.Spec()
	elapsed, interrupted, err := r.run(search, "evolve-walker", "evolve --walker "+walker, stderr)
	if err != nil {
		return fail(err)
	}
	best := search.Best()
	start, goal := 0, p.Rows*p.Cols-1
	res, _ := classic.WalkBoard(walker, best.Genome, start, goal)
	b := classic.NewBoard(best.Genome)
	text := fmt.Sprintf("; mousemaze evolve --walker %s --size %dx%d --algo %s --evals %d --seed %d: %s after %d steps\n%s",
		walker, p.Rows, p.Cols, p.Algo, p.Evals, p.Seed, res.Outcome, res.Steps, b.Format())
	if r.outFile != "" {
		if err := os.WriteFile(r.outFile, []byte(text), 0o644); err != nil {
			return fail(err)
		}
	}
	code := exitOK
	if interrupted {
		code = exitFail
	}
	if r.asJSON {
		ev := walkerEvolveEvent{Event: "done", Walker: walker, Evals: search.Evals(), Score: int64(best.Score.Value), Steps: res.Steps,
			Outcome: res.Outcome, Rows: p.Rows, Cols: p.Cols, Seed: p.Seed, Walls: best.Genome.WallCount(), Board: text,
			Seconds: elapsed.Seconds(), Algo: p.Algo, Rejected: search.Rejected(), PolishEvals: search.PolishEvals(),
			LocalOptimumRadius: radiusPtr(search), Checkpoint: r.ckptPath}
		if interrupted {
			ev.Event = "interrupted"
		}
		json.NewEncoder(stdout).Encode(ev)
		return code
	}
	fmt.Fprintf(stdout, "best %dx%d board for walker %s (%s, seed %d, start 0,0, goal %d,%d): %s after %d steps, %d walls, after %d evaluations in %v\n",
		p.Rows, p.Cols, walker, p.Algo, p.Seed, p.Rows-1, p.Cols-1, res.Outcome, res.Steps, best.Genome.WallCount(), search.Evals(), elapsed.Round(time.Millisecond))
	fmt.Fprint(stdout, certificateLine(search))
	fmt.Fprint(stdout, text)
	return code
}
