package evolve

import (
	"testing"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/backends"
)

// refEvaluator opens the reference backend for a test.
func refEvaluator(t *testing.T) mousemaze.Evaluator {
	t.Helper()
	ev, err := mousemaze.NewEvaluator("ref", mousemaze.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}
