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
	"time"

	"github.com/mousemaze/mousemaze"
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
}

// runEvolveWalker is evolve --walker NAME.
func runEvolveWalker(fs *flag.FlagSet, walker, size string, evals int64, seed uint64, pop, workers int,
	outFile string, asJSON bool, stdout, stderr io.Writer) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze evolve: "+format+"\n", a...)
		return exitUsage
	}
	set := flagsSet(fs)
	for _, name := range []string{"edges", "free-ends", "init", "checkpoint", "resume", "algo", "png", "backend", "kernel", "k", "objective", "order", "entry", "exit", "cap"} {
		if set[name] {
			return usageErr("--%s does not apply to --walker", name)
		}
	}
	sz, err := mousemaze.ParseSize(size)
	if err != nil {
		return usageErr("--size %q: %v", size, err)
	}
	if evals <= 0 {
		return usageErr("--evals %d: must be above 0", evals)
	}
	start, goal := 0, sz.Rows*sz.Cols-1
	score, err := classic.WalkerScore(walker, start, goal)
	if err != nil {
		return usageErr("--walker: %v", err)
	}
	p := dispatch.DefaultEdgeParams()
	p.Rows, p.Cols, p.Evals, p.Seed, p.Workers = sz.Rows, sz.Cols, evals, seed, workers
	if pop > 0 {
		p.Pop = pop
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	began := time.Now()
	last := time.Now()
	best, err := dispatch.EvolveEdgesScored(ctx, p, score, func(n, s int64) {
		if time.Since(last) >= 2*time.Second {
			fmt.Fprintf(stderr, "evolve --walker %s %s: %d/%d evaluations, best %d\n", walker, sz, n, p.Evals, s)
			last = time.Now()
		}
	})
	if err != nil {
		return usageErr("%v", err)
	}
	res, _ := classic.WalkBoard(walker, best.Maze, start, goal)
	b := classic.NewBoard(best.Maze)
	text := fmt.Sprintf("; mousemaze evolve --walker %s --size %s --evals %d --seed %d: %s after %d steps\n%s",
		walker, sz, evals, seed, res.Outcome, res.Steps, b.Format())
	if outFile != "" {
		if err := os.WriteFile(outFile, []byte(text), 0o644); err != nil {
			fmt.Fprintf(stderr, "mousemaze evolve: %v\n", err)
			return exitFail
		}
	}
	if asJSON {
		json.NewEncoder(stdout).Encode(walkerEvolveEvent{Event: "done", Walker: walker, Evals: best.Evals, Score: best.Score, Steps: res.Steps,
			Outcome: res.Outcome, Rows: sz.Rows, Cols: sz.Cols, Seed: seed, Walls: best.Maze.WallCount(), Board: text,
			Seconds: time.Since(began).Seconds()})
		return exitOK
	}
	fmt.Fprintf(stdout, "best %s board for walker %s (seed %d, start 0,0, goal %d,%d): %s after %d steps, %d walls, after %d evaluations in %v\n",
		sz, walker, seed, sz.Rows-1, sz.Cols-1, res.Outcome, res.Steps, best.Maze.WallCount(), best.Evals, time.Since(began).Round(time.Millisecond))
	fmt.Fprint(stdout, text)
	return exitOK
}
