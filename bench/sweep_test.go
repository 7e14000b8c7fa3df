package bench

import (
	"context"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

func TestMeasureSweep(t *testing.T) {
	c := SweepCase{Name: "4x4", Options: sweep.Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, Workers: 1}}
	r, err := MeasureSweep(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if r.Case != "4x4" || r.Optimum != 27 || r.Leaves != 271 || r.Steps == 0 || r.Seconds <= 0 || r.LeavesPerS <= 0 || r.StepsPerS <= 0 {
		t.Errorf("4x4 sweep measured as %+v; want optimum 27, 271 leaves and positive rates", r)
	}
	names := map[string]bool{}
	for _, c := range SweepCases() {
		names[c.Name] = true
		if c.Options.Workers != 1 {
			t.Errorf("case %s runs %d workers, want 1 (rates per core)", c.Name, c.Options.Workers)
		}
	}
	for _, want := range []string{"6x6", "6x6-free-ends", "7x7-shard-0/1000"} {
		if !names[want] {
			t.Errorf("no sweep case %s", want)
		}
	}
}
