package classic

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSolveRecordLoopStart checks that the JSON of a solve says where its
// loop starts even when that is step 0 (the left hand on Figure 15 facing
// east loops from move 0), and leaves loop_start out when there is no
// loop.
func TestSolveRecordLoopStart(t *testing.T) {
	b := loadBoard(t, "fig15.txt")
	for _, tc := range []struct {
		heading Dir
		want    string // "" for no loop_start
	}{
		{East, `"loop_start":0,"loop_length":6`},
		{West, ""},
	} {
		res, err := Solve(AlgoLeft, b.Nav(), Options{Heading: tc.heading, Path: true})
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(NewSolveRecord("fig15.txt", 0, b, res))
		if err != nil {
			t.Fatal(err)
		}
		got := string(data)
		if tc.want == "" && strings.Contains(got, "loop_start") || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("facing %v: %s, want %q", tc.heading, got, tc.want)
		}
	}
}
