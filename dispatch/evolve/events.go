package evolve

import (
	"fmt"
	"io"
	"time"

	"github.com/mousemaze/mousemaze/dispatch"
)

// Event is one line of `evolve --json`. Fields that do not apply to
// an event are left out.
type Event struct {
	Event      string  `json:"event"`
	Gen        int64   `json:"gen"`
	Evals      int64   `json:"evals"`
	Rejected   int64   `json:"rejected,omitempty"`
	BestTurns  int64   `json:"best_turns"`
	BestVisits int64   `json:"best_visits"`
	BestMaze   string  `json:"best_maze,omitempty"`
	Rows       int     `json:"rows,omitempty"`
	Cols       int     `json:"cols,omitempty"`
	Entry      *int    `json:"entry,omitempty"`
	Exit       *int    `json:"exit,omitempty"`
	Order      string  `json:"order,omitempty"`
	Seed       *uint64 `json:"seed,omitempty"`
	Algo       string  `json:"algo,omitempty"`
	Backend    string  `json:"backend,omitempty"`
	Seconds    float64 `json:"seconds,omitempty"`
	EvalsPerS  float64 `json:"evals_per_s,omitempty"`
	// EvalSeconds is the part of Seconds spent inside the evaluator,
	// HostSeconds the rest (breeding, selection, feasibility,
	// bookkeeping); with breeding and evaluation overlapped, HostSeconds
	// is the host work the evaluator waited for.
	EvalSeconds *float64 `json:"eval_seconds,omitempty"`
	HostSeconds *float64 `json:"host_seconds,omitempty"`
	// KernelSeconds, on a backend that times its kernels (cuda), is the
	// time the device's kernels ran during the search: KernelSeconds /
	// Seconds is the share of the run the device was busy.
	KernelSeconds *float64 `json:"kernel_seconds,omitempty"`
	Checkpoint    string   `json:"checkpoint,omitempty"`
	// LocalOptimumRadius certifies the best maze: no maze within this
	// Hamming distance takes more turns (set by --polish and by climbs
	// that end at the best); PolishEvals counts the polish's evaluations.
	LocalOptimumRadius *int  `json:"local_optimum_radius,omitempty"`
	PolishEvals        int64 `json:"polish_evals,omitempty"`
	// Detail describes the best maze's walk under --k or --objective;
	// best_turns is then the search's score (see Score).
	Detail *ObjectiveDetail `json:"best,omitempty"`
}

// EdgeEvent is the final line of evolve --edges --json.
type EdgeEvent struct {
	Event     string `json:"event"`
	Evals     int64  `json:"evals"`
	Objective string `json:"objective"`
	K         int    `json:"k"`
	Score     int64  `json:"score"`
	Turns     int64  `json:"turns"`
	Escaped   bool   `json:"escaped"`
	Rows      int    `json:"rows"`
	Cols      int    `json:"cols"`
	Entry     int    `json:"entry"`
	Exit      int    `json:"exit"`
	Order     string `json:"order"`
	Seed      uint64 `json:"seed"`
	Walls     int    `json:"walls"`
	Board     string `json:"board"`
	EngineResult
}

// WalkerEvent is the final line of evolve --walker --json.
type WalkerEvent struct {
	Event   string `json:"event"`
	Walker  string `json:"walker"`
	Evals   int64  `json:"evals"`
	Score   int64  `json:"score"`
	Steps   int64  `json:"steps"`
	Outcome string `json:"outcome"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Seed    uint64 `json:"seed"`
	Walls   int    `json:"walls"`
	Board   string `json:"board"`
	EngineResult
}

// EngineResult ends the final JSON line of a search of edge boards: the
// seconds taken, the engine's method, the infeasible genomes bred and not
// walked, the polish and its certificate (see evolve --polish) and the
// checkpoint file.
type EngineResult struct {
	Seconds            float64 `json:"seconds"`
	EvalSeconds        float64 `json:"eval_seconds"`
	HostSeconds        float64 `json:"host_seconds"`
	Algo               string  `json:"algo"`
	Rejected           int64   `json:"rejected"`
	PolishEvals        int64   `json:"polish_evals,omitempty"`
	LocalOptimumRadius *int    `json:"local_optimum_radius,omitempty"`
	Checkpoint         string  `json:"checkpoint,omitempty"`
}

// ResultOf is the EngineResult of search e after the run out, whose
// checkpoint file is ckpt.
func ResultOf[G any](e *dispatch.Engine[G], out Outcome, ckpt string) EngineResult {
	r := EngineResult{Seconds: out.Elapsed.Seconds(), EvalSeconds: out.EvalSeconds(), HostSeconds: out.HostSeconds(), Algo: e.Spec().Algo, Rejected: e.Rejected(), PolishEvals: e.PolishEvals(), Checkpoint: ckpt}
	if c := e.Certified(); c > 0 {
		r.LocalOptimumRadius = &c
	}
	return r
}

// EventName is "done" for a finished run, "interrupted" for one stopped
// early.
func (o Outcome) EventName() string {
	if o.Interrupted {
		return "interrupted"
	}
	return "done"
}

// NewEvent is the line of kind "improved" or "generation" for the search
// s now. Improvements show the best maze's ends when the ends are searched.
func NewEvent(kind string, s *dispatch.Search) Event {
	b := s.Best()
	e := Event{Event: kind, Gen: s.Gen(), Evals: s.Evals(), BestTurns: b.Score.Turns, BestVisits: b.Score.Turns - 2}
	if kind == "generation" {
		e.Rejected = s.Rejected()
	}
	if kind == "improved" && s.Spec().FreeEnds {
		e.Entry, e.Exit = &b.Genome.Entry, &b.Genome.Exit
	}
	return e
}

// FinalEvent is the last line of the run out of s: "done", or
// "interrupted" with the best maze so far. backend names the evaluator,
// ckpt the checkpoint file.
func FinalEvent(s *dispatch.Search, out Outcome, backend, ckpt string) Event {
	p, best := s.Spec(), s.Best()
	m, _ := dispatch.BestMaze(s)
	e := Event{
		Event: out.EventName(), Gen: s.Gen(), Evals: s.Evals(), Rejected: s.Rejected(),
		BestTurns: best.Score.Turns, BestVisits: best.Score.Turns - 2, BestMaze: m.String(),
		Rows: p.Rows, Cols: p.Cols, Entry: &best.Genome.Entry, Exit: &best.Genome.Exit, Order: p.Order,
		Seed: &p.Seed, Algo: p.Algo, Backend: backend, Seconds: out.Elapsed.Seconds(),
		Checkpoint: ckpt, PolishEvals: s.PolishEvals(), EvalsPerS: out.EvalsPerS(),
		EvalSeconds: ptrTo(out.EvalSeconds()), HostSeconds: ptrTo(out.HostSeconds()),
	}
	if r := s.Certified(); r > 0 {
		e.LocalOptimumRadius = &r
	}
	return e
}

// WriteText prints a final event as evolve's report: the best maze's
// score (or its Detail), the certificate if any, and the maze; elapsed
// is the run's time. The best of an interrupted run is the best "so far".
func (e Event) WriteText(w io.Writer, elapsed time.Duration) {
	soFar := ""
	if e.Event == "interrupted" {
		soFar = " so far"
	}
	fmt.Fprintf(w, "best %dx%d maze%s (%s, seed %d, entry %d, exit %d, order %s)", e.Rows, e.Cols, soFar, e.Algo, *e.Seed, *e.Entry, *e.Exit, e.Order)
	if e.Detail != nil {
		fmt.Fprintf(w, " after %d evaluations in %v: %s\n", e.Evals, elapsed.Round(time.Millisecond), e.Detail.Text())
	} else {
		fmt.Fprintf(w, ": %d turns (%d visits) after %d evaluations in %v\n", e.BestTurns, e.BestVisits, e.Evals, elapsed.Round(time.Millisecond))
	}
	if r := e.LocalOptimumRadius; r != nil {
		fmt.Fprintf(w, "certificate: no maze within Hamming distance %d of this one scores higher (checked exhaustively; %d polish evaluations)\n", *r, e.PolishEvals)
	}
	fmt.Fprint(w, e.BestMaze)
}

// ptrTo returns a pointer to a copy of v.
func ptrTo[T any](v T) *T { return &v }
