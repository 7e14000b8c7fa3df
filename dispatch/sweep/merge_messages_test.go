package sweep

import (
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestMergeMessages checks the errors of Merge word for word: each names
// the report or the shard, and none carries an internal prefix ("sweep:
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
	third := *s1
	third.Shard = "1/3"
	tests := []struct {
		name    string
		reports []*Report
		want    string
	}{
		{"none", nil, "no reports to merge"},
		{"twice", []*Report{s0, s0}, "shard 0/2 given twice"},
		{"missing", []*Report{s1}, "shard 0/2 is missing"},
		{"missing second", []*Report{s0}, "shard 1/2 is missing"},
		{"other sweep", []*Report{s0, other}, "report 2 is from a different sweep"},
		{"bad shard", []*Report{s0, &bad}, `report 2: bad shard "x/2"`},
		{"other count", []*Report{s0, &third}, `report 2 is shard "1/3", want one of 2 shards`},
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
