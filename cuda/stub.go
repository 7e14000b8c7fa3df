//go:build !cuda

package cuda

import (
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

func init() {
	mousemaze.RegisterMissing("cuda", ErrNoCUDA)
	sweep.RegisterRunner("cuda", func() (sweep.TaskRunner, error) { return nil, ErrNoCUDA })
}
