package sweep

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// TestEstimate checks Knuth's estimate against the exact leaf counts of
// full sweeps (fixed seed): within 10% on 4×4 and 5×5, default and free
// ends, and within a few standard errors.
func TestEstimate(t *testing.T) {
	for _, o := range []Options{
		{Size: mousemaze.Size{Rows: 4, Cols: 4}},
		{Size: mousemaze.Size{Rows: 5, Cols: 5}},
		{Size: mousemaze.Size{Rows: 4, Cols: 4}, FreeEnds: true},
		{Size: mousemaze.Size{Rows: 3, Cols: 5}, Config: mousemaze.Config{Entry: 2, Exit: 4}},
	} {
		full := sweepAll(t, o)
		var leaves uint64
		if o.FreeEnds {
			for _, p := range full.Pairs {
				leaves += p.Leaves
			}
		} else {
			leaves = full.Leaves
		}
		est, err := Estimate(context.Background(), o, 20000, 10*time.Millisecond, 1)
		if err != nil {
			t.Fatal(err)
		}
		ratio := est.Leaves / float64(leaves)
		t.Logf("%s free=%v: estimate %.0f leaves (±%.1f%%), exact %d, ratio %.3f; %.3g nodes, %.3g steps, %.3g leaves/s",
			o.Size, o.FreeEnds, est.Leaves, 100*est.RelErr, leaves, ratio, est.Nodes, est.Steps, est.LeavesPerS)
		if math.Abs(ratio-1) > 0.1 || math.Abs(ratio-1) > 5*est.RelErr+1e-9 {
			t.Errorf("%s free=%v: estimate %.0f leaves, exact %d", o.Size, o.FreeEnds, est.Leaves, leaves)
		}
		if est.LeavesPerS <= 0 || est.CPUSeconds <= 0 || est.Steps < est.Leaves {
			t.Errorf("%s: rate %v, cpu %v, steps %v", o.Size, est.LeavesPerS, est.CPUSeconds, est.Steps)
		}
	}
	if _, err := Estimate(context.Background(), Options{Size: mousemaze.Size{Rows: 3, Cols: 3}}, 0, 0, 1); err == nil {
		t.Error("0 probes: no error")
	}
}
