//go:build !cuda

package cuda

import (
	"errors"
	"testing"

	"github.com/mousemaze/mousemaze"
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
}
