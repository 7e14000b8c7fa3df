package viennese

import (
	"context"
	"errors"
	"fmt"

	"github.com/mousemaze/mousemaze/dispatch/evolve"
)

// ErrOptions marks an error in the options of EvolveCanvas: the caller's usage
// error, as opposed to a failure of the work.
var ErrOptions = errors.New("bad options")

// optionsError is an error in the options: it is ErrOptions and reads as
// the error it wraps.
type optionsError struct{ error }

func (e optionsError) Is(target error) bool { return target == ErrOptions }
func (e optionsError) Unwrap() error        { return e.error }

// EvolveOptions are a whole `viennese evolve` run.
type EvolveOptions struct {
	// Canvas names the canvas: vienna24, RxC or a canvas or maze file.
	Canvas string
	// Variant is the variant; nil means the file's variant line, else HT.
	Variant *Variant
	// Params are the method, budget, seed and the method's own knobs.
	Params Params
	// Tuning holds the engine's search parameters given (TuningSet names
	// them), applied as evolve.Tuning.Apply does for grid searches.
	Tuning    evolve.Tuning
	TuningSet map[string]bool
	// Progress, when set, is called with each new best.
	Progress func(Result)
}

// Evolved is the outcome of EvolveCanvas: the record of the best maze, the maze
// and the variant it was scored under.
type Evolved struct {
	Record  Record
	Best    Maze
	Variant Variant
}

// EvolveCanvas opens the canvas, searches its colourings for the highest score
// until the budget is spent or ctx ends (the best so far is then the
// result) and describes the best maze. Errors in the options wrap
// ErrOptions.
func EvolveCanvas(ctx context.Context, o EvolveOptions) (*Evolved, error) {
	bad := func(err error) error { return optionsError{err} }
	p := o.Params
	if err := p.Validate(); err != nil {
		return nil, bad(err)
	}
	f, err := OpenCanvas(o.Canvas)
	if err != nil {
		err = fmt.Errorf("--canvas: %w", err)
		if GridSpec.MatchString(o.Canvas) {
			return nil, bad(err)
		}
		return nil, err
	}
	v := f.VariantOr(o.Variant)
	c := f.Maze.Canvas
	sys, err := NewSystem(c, v)
	if err != nil {
		return nil, err
	}
	spec, err := p.Spec(len(c.Streets))
	if err != nil {
		return nil, bad(err)
	}
	spec.Canvas, spec.Variant = o.Canvas, v.String()
	if err := o.Tuning.Apply(o.TuningSet, &spec, len(c.Streets)); err != nil {
		return nil, bad(err)
	}
	search, err := NewSearch(spec, len(c.Streets), NewEvaluator(sys))
	if err != nil {
		return nil, bad(err)
	}
	res, err := Run(ctx, search, o.Progress, nil)
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	r, best, err := EvolveRecord(c, v, o.Canvas, p, res)
	if err != nil {
		return nil, err
	}
	return &Evolved{Record: r, Best: best, Variant: v}, nil
}
