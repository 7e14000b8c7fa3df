package mazetest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// offByOne is the reference walk with one turn too many on maze 3.
type offByOne struct{ mousemaze.Evaluator }

func (o offByOne) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	err := o.Evaluator.Evaluate(pop, cfg, dst)
	dst[3].Turns++
	return err
}

// TestCheckAgainstWalk wants the reference backend to pass and a backend
// off by one turn on one maze to be caught, naming that maze.
func TestCheckAgainstWalk(t *testing.T) {
	ref := Open(t, "ref", mousemaze.Options{})
	pop := mousemaze.RandomPopulation(rand.New(rand.NewPCG(3, 4)), 6, 6, 10, 0.3)
	if _, err := CheckAgainstWalk(ref, pop, mousemaze.Config{K: 2}); err != nil {
		t.Errorf("ref: %v", err)
	}
	if _, err := CheckAgainstWalk(offByOne{ref}, pop, mousemaze.Config{}); err == nil || !strings.Contains(err.Error(), "maze 3:") {
		t.Errorf("off by one: %v", err)
	}
}
