package sweep

import (
	"context"
	"math"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestTaskCount checks TaskCount against the total_tasks of the reports
// Run makes (one shard of many, which cuts the whole
// tree), at the automatic split depth and at given ones, with fixed and
// free ends, and that it stops counting at the limit.
func TestTaskCount(t *testing.T) {
	ulrd, err := mousemaze.ParseOrder("ULRD")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sz       mousemaze.Size
		cfg      mousemaze.Config
		freeEnds bool
		split    int
	}{
		{mousemaze.Size{Rows: 1, Cols: 1}, mousemaze.Config{}, false, 0},
		{mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Config{}, false, 0},
		{mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Config{}, false, 2},
		{mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Config{}, false, 9},
		{mousemaze.Size{Rows: 3, Cols: 4}, mousemaze.Config{Order: ulrd, Entry: 1, Exit: 3}, false, 0},
		{mousemaze.Size{Rows: 4, Cols: 4}, mousemaze.Config{}, false, 0},
		{mousemaze.Size{Rows: 4, Cols: 4}, mousemaze.Config{}, false, 7},
		{mousemaze.Size{Rows: 3, Cols: 3}, mousemaze.Config{}, true, 0},
		{mousemaze.Size{Rows: 4, Cols: 3}, mousemaze.Config{}, true, 5},
	} {
		rep, err := Run(context.Background(), Options{Size: c.sz, Config: c.cfg, FreeEnds: c.freeEnds, SplitDepth: c.split, Shard: 0, Shards: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if got := TaskCount(c.sz, c.cfg, c.freeEnds, c.split, math.MaxInt); got != rep.TotalTasks {
			t.Errorf("%v %+v free ends %v split %d: %d tasks, the sweep has %d", c.sz, c.cfg, c.freeEnds, c.split, got, rep.TotalTasks)
		}
		for _, limit := range []int{1, 2, rep.TotalTasks, rep.TotalTasks + 1} {
			got := TaskCount(c.sz, c.cfg, c.freeEnds, c.split, limit)
			if got < min(limit, rep.TotalTasks) || got > rep.TotalTasks {
				t.Errorf("%v split %d, limit %d: %d of %d tasks", c.sz, c.split, limit, got, rep.TotalTasks)
			}
		}
	}
}
