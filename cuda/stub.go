//go:build !cuda

package cuda

import "github.com/mousemaze/mousemaze"

func init() {
	mousemaze.Register("cuda", func(mousemaze.Options) (mousemaze.Evaluator, error) {
		return nil, ErrNoCUDA
	})
}
