package evolve

import (
	"fmt"
	"io"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/classic"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/evalout"
)

// NewWalkerProblem returns the walker-trap problem of spec (evolve
// --walker): edge boards that connect the top-left to the bottom-right
// cell, scored by the moves of the classic maze walker spec.Walker
// (classic.WalkerScore).
func NewWalkerProblem(spec dispatch.Spec, workers int) (*dispatch.EdgeProblem, error) {
	start, goal := 0, spec.Rows*spec.Cols-1
	score, err := classic.WalkerScore(spec.Walker, start, goal)
	if err != nil {
		return nil, fmt.Errorf("--walker: %v", err)
	}
	return dispatch.NewScoredEdgeProblem(spec, score, start, goal, workers)
}

// NewEdgeEvent is the final event of the edge-board search s (evolve
// --edges) after the run out, whose checkpoint file is ckpt: the best
// board walked again with the reference walk.
func NewEdgeEvent(s *dispatch.EdgeSearch, out Outcome, ckpt string) (*EdgeEvent, error) {
	p, best := s.Spec(), s.Best()
	prob := s.Problem().(*dispatch.EdgeProblem)
	cfg := prob.Config
	cfg.Heat = false
	res, err := mousemaze.WalkEdges(best.Genome, cfg)
	if err != nil {
		return nil, err
	}
	return &EdgeEvent{Event: out.EventName(), Evals: s.Evals(), Objective: prob.Objective, K: cfg.K, Score: int64(best.Score.Value),
		Turns: res.Turns, Escaped: res.Escaped, Rows: p.Rows, Cols: p.Cols, Entry: cfg.Entry, Exit: cfg.Exit,
		Order: cfg.Order.String(), Seed: p.Seed, Walls: best.Genome.WallCount(), Board: best.Genome.Format(cfg.Entry, cfg.Exit),
		EngineResult: ResultOf(s, out, ckpt)}, nil
}

// WriteText prints the event for people: a summary line, the polish's
// certificate and the board.
func (e *EdgeEvent) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "best %dx%d Mouse Maze 2 board (%s, seed %d, entry %d, exit %d, order %s, objective %s, k=%d): score %d, %d turns, escaped %s, %d walls, after %d evaluations in %v\n%s%s",
		e.Rows, e.Cols, e.Algo, e.Seed, e.Entry, e.Exit, e.Order, e.Objective, e.K, e.Score, e.Turns, evalout.YesNo(e.Escaped), e.Walls, e.Evals, e.elapsed(),
		e.certificate(), e.Board)
	return err
}

// BoardText is the board in the edge format, as --out writes it.
func (e *EdgeEvent) BoardText() string { return e.Board }

// NewWalkerEvent is the final event of the walker-trap search s (evolve
// --walker) after the run out, whose checkpoint file is ckpt: the best
// board walked again by the walker. Its Board starts with a comment line
// that names the search and the walk's outcome.
func NewWalkerEvent(s *dispatch.EdgeSearch, out Outcome, ckpt string) (*WalkerEvent, error) {
	p, best := s.Spec(), s.Best()
	res, err := classic.WalkBoard(p.Walker, best.Genome, 0, p.Rows*p.Cols-1)
	if err != nil {
		return nil, err
	}
	text := fmt.Sprintf("; mousemaze evolve --walker %s --size %dx%d --algo %s --evals %d --seed %d: %s after %d steps\n%s",
		p.Walker, p.Rows, p.Cols, p.Algo, p.Evals, p.Seed, res.Outcome, res.Steps, classic.NewBoard(best.Genome).Format())
	return &WalkerEvent{Event: out.EventName(), Walker: p.Walker, Evals: s.Evals(), Score: int64(best.Score.Value), Steps: res.Steps,
		Outcome: res.Outcome, Rows: p.Rows, Cols: p.Cols, Seed: p.Seed, Walls: best.Genome.WallCount(), Board: text,
		EngineResult: ResultOf(s, out, ckpt)}, nil
}

// WriteText prints the event for people: a summary line, the polish's
// certificate and the board.
func (e *WalkerEvent) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "best %dx%d board for walker %s (%s, seed %d, start 0,0, goal %d,%d): %s after %d steps, %d walls, after %d evaluations in %v\n%s%s",
		e.Rows, e.Cols, e.Walker, e.Algo, e.Seed, e.Rows-1, e.Cols-1, e.Outcome, e.Steps, e.Walls, e.Evals, e.elapsed(),
		e.certificate(), e.Board)
	return err
}

// BoardText is the board with its comment line, as --out writes it.
func (e *WalkerEvent) BoardText() string { return e.Board }

// elapsed is the run's time to the millisecond.
func (r EngineResult) elapsed() time.Duration {
	return time.Duration(r.Seconds * float64(time.Second)).Round(time.Millisecond)
}

// certificate is the line that states the polish's certificate, or "" when
// the best is not certified.
func (r EngineResult) certificate() string {
	if r.LocalOptimumRadius == nil {
		return ""
	}
	return fmt.Sprintf("certificate: no board within Hamming distance %d (edge flips) of this one scores higher (checked exhaustively; %d polish evaluations)\n", *r.LocalOptimumRadius, r.PolishEvals)
}
