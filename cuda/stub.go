//go:build !cuda

package cuda

import "github.com/mousemaze/mousemaze"

func init() {
	mousemaze.RegisterMissing("cuda", ErrNoCUDA)
}
