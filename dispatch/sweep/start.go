package sweep

import (
	"cmp"
	"errors"
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/outfile"
)

// UsageError marks the errors of Run, Estimate and OpenRunner that blame
// the sweep's options (ErrOptions, ErrRunner) as usage errors
// (mousemaze.Usage); it returns the others as they are.
func UsageError(err error) error {
	if errors.Is(err, ErrOptions) || errors.Is(err, ErrRunner) {
		return mousemaze.Usage(err)
	}
	return err
}

// ClaimFiles checks, before the sweep, the files it writes: its
// checkpoint and CPU profile, named by their flags --checkpoint and
// --cpuprofile (outfile.CheckFlags), and claims the checkpoint
// (checkpoint.Claim, with Resume and Force).
func (o *Options) ClaimFiles() error {
	return cmp.Or(outfile.CheckFlags(outfile.Flag{Name: "checkpoint", Path: o.Checkpoint}, outfile.Flag{Name: "cpuprofile", Path: o.CPUProfile}),
		checkpoint.Claim(o.Checkpoint, o.Resume, o.Force))
}

// StartBestOnly makes o a best-only sweep: its incumbent is found by
// StartIncumbent (from the mazes of initFile when given) and, when log is
// not nil, logged to it.
func (o *Options) StartBestOnly(initFile string, log io.Writer) error {
	inc, from, err := StartIncumbent(*o, initFile)
	if err != nil {
		return err
	}
	if log != nil {
		fmt.Fprintf(log, "best-only: incumbent %d turns (%s)\n", inc, from)
	}
	o.BestOnly, o.Incumbent = true, inc
	return nil
}
