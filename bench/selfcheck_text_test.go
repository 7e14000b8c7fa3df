package bench

import (
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestCheckReportText wants the summary line of a report, and the first
// mismatch with its maze when there is one.
func TestCheckReportText(t *testing.T) {
	r := CheckReport{Backend: "cpu", Kernel: "generic", Mazes: 10, Batches: 2, Feasible: 7, Steps: 300, Mismatches: 1, Seconds: 0.5, RefSeconds: 1.25}
	var w strings.Builder
	r.WriteText(&w)
	want := "backend cpu: 10 mazes in 2 batches (7 feasible, 300 steps) in 0.500 s (kernel generic; reference walk 1.250 s): 1 mismatches\n"
	if w.String() != want {
		t.Errorf("got %q\nwant %q", w.String(), want)
	}
	r.First = &Mismatch{Index: 3, Size: "2x2", Order: "DRLU", Exit: 1, Maze: "..\n..\n",
		Got: mousemaze.Result{Turns: 4, Escaped: true, Feasible: true}, Want: mousemaze.Result{Turns: 6, Escaped: true, Feasible: true}}
	w.Reset()
	r.WriteText(&w)
	want += "first mismatch: maze 3, 2x2, order DRLU, entry 0, exit 1, cap 0, heat false\n" +
		"  got:  turns 4 escaped true feasible true\n  want: turns 6 escaped true feasible true\n..\n..\n"
	if w.String() != want {
		t.Errorf("got %q\nwant %q", w.String(), want)
	}
}

// TestLists wants bench's --backends and --mazes lists read, with blanks
// and repeats dropped, and unknown names refused.
func TestLists(t *testing.T) {
	if bes, err := SelectBackends(" ref,,ref, ref "); err != nil || len(bes) != 1 || bes[0] != "ref" {
		t.Errorf("backends %v, %v", bes, err)
	}
	if _, err := SelectBackends("ref,nosuch"); err == nil || !strings.Contains(err.Error(), `"nosuch"`) {
		t.Errorf("unknown backend: %v", err)
	}
	if ks, err := ParseKinds("long,random"); err != nil || len(ks) != 2 || ks[0] != KindLong {
		t.Errorf("kinds %v, %v", ks, err)
	}
	if _, err := ParseKinds("random,odd"); err == nil || !strings.Contains(err.Error(), `unknown kind "odd"`) {
		t.Errorf("unknown kind: %v", err)
	}
}
