package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/progress"
)

// CheckpointFile is what a search's checkpoint file holds: its kind (such
// as "evolve" or "evolve-edges"), the file's version and the engine's
// state.
type CheckpointFile[G any] struct {
	Kind    string                   `json:"kind"`
	Version int                      `json:"version"`
	State   *dispatch.EngineState[G] `json:"state"`
}

// LoadCheckpoint reads the state of a search of kind from the checkpoint
// at path, written at the given version. A file of the same kind and an
// older version gets its own message: its search cannot be resumed.
func LoadCheckpoint[G any](path, kind string, version int) (*dispatch.EngineState[G], error) {
	data, err := checkpoint.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := checkpoint.CheckKind(path, data, kind); err != nil {
		return nil, err
	}
	// Read the kind and version first, leniently: an older checkpoint has
	// fields this one does not know.
	var head struct {
		Kind    string `json:"kind"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(data, &head) == nil && head.Kind == kind && head.Version < version {
		return nil, fmt.Errorf("%s was written by an older mousemaze (%s checkpoint version %d), whose search cannot be resumed by this one; remove it or use another --checkpoint to start a new search", path, kind, head.Version)
	}
	var ck CheckpointFile[G]
	if err := checkpoint.Decode(path, data, &ck); err != nil {
		return nil, err
	}
	if ck.Kind != kind || ck.Version != version || ck.State == nil {
		return nil, fmt.Errorf("%s is not an %s checkpoint (version %d)", path, kind, version)
	}
	return ck.State, nil
}

// A Runner runs a search to its end or to an interruption (SIGINT or
// SIGTERM), drawing a progress bar and saving the search's checkpoint
// every Every and at the end, so that an interrupted search loses
// nothing.
type Runner struct {
	// Kind and Version are written into the checkpoint file.
	Kind    string
	Version int
	// Checkpoint is the checkpoint file's path, "" for none.
	Checkpoint string
	Every      time.Duration
	// Label heads the progress bar, drawn on Progress (nil: none).
	Label    string
	Progress io.Writer
	// InterruptAt, when above 0, makes the search behave as if
	// interrupted after that many generations (for tests).
	InterruptAt int64
	// Started, when set, is when the command began (before the search
	// drew its first population): the run's reported time counts from
	// there instead of from the start of Run.
	Started time.Time
}

// ErrSave wraps the error of a checkpoint that could not be written at the
// end of a run. The run itself is complete (or interrupted) and its
// Outcome valid: the caller reports its result, then fails.
var ErrSave = errors.New("checkpoint not saved")

// Outcome is how a run ended.
type Outcome struct {
	// Elapsed is the run's wall time; Evals the evaluations it made.
	Elapsed time.Duration
	Evals   int64
	// EvalTime is the part of Elapsed spent inside the evaluator (its
	// walks and the scoring); the rest is the host's: breeding, selection,
	// feasibility, bookkeeping, checkpoints.
	EvalTime time.Duration
	// Interrupted reports a run stopped by a signal (or InterruptAt); its
	// checkpoint is saved and the best so far stands.
	Interrupted bool
}

// EvalSeconds is the seconds of the run spent in the evaluator;
// HostSeconds the rest of the run's seconds.
func (o Outcome) EvalSeconds() float64 { return o.EvalTime.Seconds() }

// HostSeconds is the seconds of the run spent outside the evaluator.
func (o Outcome) HostSeconds() float64 { return max(o.Elapsed-o.EvalTime, 0).Seconds() }

// EvalsPerS is the run's evaluation rate, 0 for a run of no time.
func (o Outcome) EvalsPerS() float64 {
	if secs := o.Elapsed.Seconds(); secs > 0 {
		return float64(o.Evals) / secs
	}
	return 0
}

// Run runs e with the Runner's progress, checkpoints and interruption;
// hooks.Generation runs first after every generation. An error of the
// search is returned; an interruption is not an error. A periodic
// checkpoint that fails does not stop the search (it is tried again at the
// next period); a final one that fails returns an error wrapping ErrSave
// with a valid Outcome.
func Run[G any](r Runner, e *dispatch.Engine[G], hooks dispatch.EngineHooks[G]) (Outcome, error) {
	sigCtx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithCancel(sigCtx)
	defer cancel()
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		// The first signal stops the search after its batch; from then
		// on signals have their default effect, so that a second one ends
		// a batch too long to wait for (the last periodic checkpoint
		// stands).
		select {
		case <-sigCtx.Done():
			stop()
			select {
			case <-finished: // the run ended first: its deferred stop cancelled sigCtx
				return
			default:
			}
			if r.Progress != nil {
				fmt.Fprintf(r.Progress, "\n%s: stopping after the current batch (a second interrupt quits at once)\n", r.Label)
			}
		case <-finished:
		}
	}()
	save := func() error {
		if r.Checkpoint == "" {
			return nil
		}
		st, err := e.State()
		if err != nil {
			return err
		}
		return checkpoint.Save(r.Checkpoint, CheckpointFile[G]{Kind: r.Kind, Version: r.Version, State: st})
	}
	spec := e.Spec()
	var bar *progress.Reporter
	if r.Progress != nil {
		bar = progress.New(r.Progress, fmt.Sprintf("%s %s %dx%d", r.Label, spec.Algo, spec.Rows, spec.Cols), spec.Evals, 2*time.Second)
	}
	start, lastSave, startEvals, startEval := time.Now(), time.Now(), e.Evals(), e.EvalTime()
	if !r.Started.IsZero() {
		start = r.Started
	}
	user := hooks.Generation
	hooks.Generation = func(s *dispatch.Engine[G]) error {
		if user != nil {
			if err := user(s); err != nil {
				return err
			}
		}
		if bar != nil {
			note := fmt.Sprintf("best %s", s.Best().Score)
			if s.Polishing() {
				note += fmt.Sprintf(", polishing (%d evaluations)", s.PolishEvals())
			}
			bar.Set(s.Evals(), note)
		}
		if r.Checkpoint != "" && time.Since(lastSave) >= r.Every {
			save() // a failure is tried again; the final save reports it
			lastSave = time.Now()
		}
		if r.InterruptAt > 0 && s.Gen() >= r.InterruptAt {
			cancel()
		}
		return nil
	}
	runErr := e.Run(ctx, hooks)
	if bar != nil {
		bar.Finish()
	}
	out := Outcome{Elapsed: time.Since(start), Evals: e.Evals() - startEvals, EvalTime: e.EvalTime() - startEval, Interrupted: runErr != nil}
	if runErr != nil && ctx.Err() == nil {
		return out, runErr
	}
	if err := save(); err != nil {
		return out, fmt.Errorf("%w: %w", ErrSave, err)
	}
	return out, nil
}

// InterruptedNote tells what an interrupted search kept and how to go on:
// it stopped after evals evaluations, its best so far is on standard
// output and in the files written, and with saved its checkpoint ckpt (""
// for none) holds it.
func InterruptedNote(evals int64, ckpt string, saved bool, written []string) string {
	msg := fmt.Sprintf("interrupted after %d evaluations; the best maze so far is on standard output", evals)
	if len(written) > 0 {
		msg += " and in " + strings.Join(written, " and ")
	}
	switch {
	case ckpt == "":
		msg += "; the search cannot be resumed (no --checkpoint)"
	case saved:
		msg += fmt.Sprintf("; continue with --checkpoint %s --resume", ckpt)
	default:
		msg += fmt.Sprintf("; its checkpoint %s was not saved", ckpt)
	}
	return msg
}
