//go:build !cuda

package cuda

import (
	"errors"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

func TestStubSaysBuiltWithoutCUDA(t *testing.T) {
	_, err := mousemaze.NewEvaluator("cuda", mousemaze.Options{})
	if !errors.Is(err, ErrNoCUDA) {
		t.Fatalf("got %v, want ErrNoCUDA", err)
	}
	ev, err := mousemaze.NewEvaluator("auto", mousemaze.Options{})
	if err != nil || ev.Name() == "cuda" {
		t.Fatalf("auto without CUDA: %v, %v", ev, err)
	}
	if r, err := sweep.OpenRunner("cuda"); r != nil || !errors.Is(err, ErrNoCUDA) {
		t.Fatalf("sweep runner cuda without CUDA: %v, %v", r, err)
	}
}
