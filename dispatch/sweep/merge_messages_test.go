package sweep

import (
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestMergeMessages checks the errors of Merge word for word: each names
// the report (and, for reports of different sweeps, both reports and the
// field) or the shards, and none carries an internal prefix ("sweep:
// merge:"), since sweep-merge and slurm merge print them after their own
// name.
func TestMergeMessages(t *testing.T) {
	o := Options{Size: mousemaze.Size{Rows: 3, Cols: 3}}
	shard := func(i, n int) *Report {
		p := o
		p.Shard, p.Shards = i, n
		return sweepAll(t, p)
	}
	s0, s1 := shard(0, 2), shard(1, 2)
	other := sweepAll(t, Options{Size: mousemaze.Size{Rows: 3, Cols: 4}, Shard: 1, Shards: 2})
	bad := *s1
	bad.Shard = "x/2"
	tests := []struct {
		name    string
		reports []*Report
		want    string
	}{
		{"none", nil, "no reports to merge"},
		{"twice", []*Report{s0, s0}, "report 2: shard: 0/2, the same shard as report 1"},
		{"missing", []*Report{s1}, "1 of 2 shards are missing: 0"},
		{"missing second", []*Report{s0}, "1 of 2 shards are missing: 1"},
		{"other sweep", []*Report{s0, other}, "report 2: cols: 4, but report 1 has 3: they are of different sweeps"},
		{"bad shard", []*Report{s0, &bad}, `report 2: shard: "x/2": invalid shard: want i/N, such as 3/16`},
		{"other count", []*Report{s0, shard(1, 3)}, "report 2: shard: 1/3, one of 3 shards, but report 1 has 0/2, one of 2: they are of different sweeps"},
		{"whole and shard", []*Report{sweepAll(t, o), s1}, "report 2: shard: 1/2, one of 2 shards, but report 1 has none (the whole sweep), one of 1: they are of different sweeps"},
	}
	for _, tc := range tests {
		_, err := Merge(tc.reports...)
		if err == nil || err.Error() != tc.want || strings.HasPrefix(err.Error(), "sweep:") || strings.HasPrefix(err.Error(), "merge:") {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if m, err := Merge(s1, s0); err != nil || m.Shard != "" {
		t.Errorf("both shards: %v", err)
	}
}
