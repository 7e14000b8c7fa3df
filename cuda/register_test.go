//go:build cuda

package cuda

import (
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// The tests of this package run without package backends (which imports
// it), so that "auto" and sweep.OpenRunner find the device they register
// the backend and the sweep runner as backends does.
func init() {
	mousemaze.Register("cuda", Open)
	sweep.RegisterRunner("cuda", OpenSweepRunner)
}
