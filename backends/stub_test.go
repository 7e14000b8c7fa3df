//go:build !cuda

package backends

import (
	"errors"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/cuda"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// TestStubSaysBuiltWithoutCUDA wants the cuda backend and sweep runner of a
// binary built without the cuda tag to explain that, and "auto" to fall
// back.
func TestStubSaysBuiltWithoutCUDA(t *testing.T) {
	_, err := mousemaze.NewEvaluator("cuda", mousemaze.Options{})
	if !errors.Is(err, cuda.ErrNoCUDA) {
		t.Fatalf("got %v, want cuda.ErrNoCUDA", err)
	}
	ev, err := mousemaze.NewEvaluator("auto", mousemaze.Options{})
	if err != nil || ev.Name() == "cuda" {
		t.Fatalf("auto without CUDA: %v, %v", ev, err)
	}
	if r, err := sweep.OpenRunner("cuda"); r != nil || !errors.Is(err, cuda.ErrNoCUDA) {
		t.Fatalf("sweep runner cuda without CUDA: %v, %v", r, err)
	}
}
