package classic

import (
	"strings"
	"testing"
)

// TestGenOptionsBuild checks that Build makes the board Generate, RemoveWalls
// and Braid make from the same seed, with its start and goal, restates the
// command in its first line, and names the option at fault.
func TestGenOptionsBuild(t *testing.T) {
	o := GenOptions{Algo: GenSpanning, Rows: 5, Cols: 7, Seed: 9, Extra: 2, Braid: 0.5, Start: "1,2", Goal: "4,0"}
	b, text, err := o.Build()
	if err != nil {
		t.Fatal(err)
	}
	rng := NewRand(9)
	m, _ := Generate(GenSpanning, 5, 7, rng)
	RemoveWalls(m, 2, rng)
	Braid(m, 0.5, rng)
	want := NewBoard(m)
	want.Start, want.Goal = 1*7+2, 4*7+0
	if b.Format() != want.Format() || b.Start != want.Start || b.Goal != want.Goal {
		t.Errorf("board\n%s start %d goal %d; want\n%s start %d goal %d", b.Format(), b.Start, b.Goal, want.Format(), want.Start, want.Goal)
	}
	head := "; mousemaze classic gen --algo spanning --size 5x7 --seed 9 --extra 2 --braid 0.5\n"
	if !strings.HasPrefix(text, head) || text[len(head):] != b.Format() {
		t.Errorf("text %q", text)
	}
	for _, tc := range []struct {
		o    GenOptions
		want string
	}{
		{GenOptions{Algo: "nope", Rows: 3, Cols: 3}, "--algo"},
		{GenOptions{Algo: GenSpanning, Rows: 3, Cols: 3, Extra: -1}, "--extra -1"},
		{GenOptions{Algo: GenSpanning, Rows: 3, Cols: 3, Braid: 2}, "--braid"},
		{GenOptions{Algo: GenSpanning, Rows: 3, Cols: 3, Goal: "3,3"}, "--goal"},
	} {
		if _, _, err := tc.o.Build(); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one starting %q", tc.o, err, tc.want)
		}
	}
}
