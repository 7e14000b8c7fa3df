package evolve

import (
	"testing"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/backends"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// refEvaluator opens the reference backend for a test.
func refEvaluator(t *testing.T) mousemaze.Evaluator {
	t.Helper()
	return mazetest.Open(t, "ref", mousemaze.Options{})
}
