//go:build !cuda

package cuda

import (
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// Built reports whether this binary was built with the cuda tag (the
// real backend) rather than this stub.
const Built = false

// Open reports ErrNoCUDA: the binary was built without the cuda tag.
func Open(mousemaze.Options) (mousemaze.Evaluator, error) { return nil, ErrNoCUDA }

// OpenSweepRunner reports ErrNoCUDA: the binary was built without the
// cuda tag.
func OpenSweepRunner() (sweep.TaskRunner, error) { return nil, ErrNoCUDA }
