package classic

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// testdata/wrap.txt: from 1,1 the goal 1,2 is one move east, and the
// one-way door lets the walker through. From 1,2 back to 1,1 the door's
// far side is shut, so the way is 1,2 → 1,3 → (wrap) 1,0 → 1,1: three
// moves. Row 0
// and row 2 are reached only through column 3's wrap edge: 1,3 is walled
// above and below, so 0,3 and 2,3 connect only to each other.
func TestWrapBoard(t *testing.T) {
	b := loadBoard(t, "wrap.txt")
	if !b.WrapCols || !b.WrapRows || b.WrapRight != 0b101 || b.WrapDown != 0b0111 {
		t.Fatalf("wrap %v %v masks %b %b, want both, 101, 0111", b.WrapCols, b.WrapRows, b.WrapRight, b.WrapDown)
	}
	nav := b.Nav()
	d := DistancesByBFS(nav)
	c := b.Cell
	tests := []struct{ from, to, want int }{
		{c(1, 1), c(1, 2), 1},
		{c(1, 2), c(1, 1), 3},
		{c(0, 3), c(2, 3), 1},
		{c(2, 3), c(0, 3), 1},
		{c(0, 0), c(1, 0), -1},
		{c(1, 3), c(1, 0), 1},
	}
	for _, tc := range tests {
		if d[tc.from][tc.to] != tc.want {
			t.Errorf("distance %d → %d = %d, want %d", tc.from, tc.to, d[tc.from][tc.to], tc.want)
		}
	}
	// The text round-trips.
	again := parseBoard(t, b.Format())
	if !again.EdgeMaze.Equal(b.EdgeMaze) || again.WrapRight != b.WrapRight || again.WrapDown != b.WrapDown ||
		!slices.Equal(again.OneWay, b.OneWay) || again.Start != b.Start || again.Goal != b.Goal {
		t.Errorf("round trip changed the board:\n%s", again.Format())
	}
	// Every solver copes: from the goal's side back to 1,1 the route wraps.
	// Visit-all Trémaux alone ends stuck: exploring, it passes the one-way
	// door eastwards and cannot come back through it.
	b.Start, b.Goal = c(1, 2), c(1, 1)
	nav = b.Nav()
	for _, a := range Algos {
		res, _ := Solve(a, nav, Options{Path: true, FixedTies: true})
		if a == AlgoTremauxAll {
			if res.Outcome != Stuck {
				t.Errorf("tremaux-all: %s, want stuck", res.Outcome)
			}
			continue
		}
		if !res.Reached {
			t.Errorf("%s: %s", a, res.Outcome)
			continue
		}
		checkPath(t, nav, a, res.Path, res.Steps)
		if a == AlgoBFS && !slices.Equal(res.Route, []int{c(1, 2), c(1, 3), c(1, 0), c(1, 1)}) {
			t.Errorf("bfs route %v", res.Route)
		}
	}
}

// One-way doors can strand Trémaux: on a 1x3 row whose doors pass only
// eastwards, from the middle cell with the goal on the west, Trémaux goes
// east into 0,2 and cannot come back. The random walk finds that goal cut
// off before moving. With the door between 0,0 and 0,1 two-way the goal
// can be reached, and the random walk either reaches it in one move or
// goes east and is stuck.
func TestOneWayStuck(t *testing.T) {
	b := parseBoard(t, "; classic start 0,1\n; classic goal 0,0\n; classic oneway 0,0 E\n; classic oneway 0,1 E\n+-+-+-+\n|. . .|\n+-+-+-+\n")
	res, _ := Solve(AlgoTremaux, b.Nav(), Options{})
	if res.Outcome != Stuck || res.Steps != 1 {
		t.Errorf("tremaux: %s after %d, want stuck after 1", res.Outcome, res.Steps)
	}
	res, _ = Solve(AlgoRandom, b.Nav(), Options{})
	if res.Outcome != Unreachable || res.Steps != 0 {
		t.Errorf("random: %s after %d, want unreachable after 0", res.Outcome, res.Steps)
	}
	b = parseBoard(t, "; classic start 0,1\n; classic goal 0,0\n; classic oneway 0,1 E\n+-+-+-+\n|. . .|\n+-+-+-+\n")
	stuck := 0
	for seed := range uint64(20) {
		res, _ := Solve(AlgoRandom, b.Nav(), Options{Rand: NewRand(seed)})
		switch {
		case res.Outcome == Stuck && res.Steps == 1:
			stuck++
		case res.Outcome != Reached || res.Steps != 1:
			t.Errorf("random, seed %d: %s after %d, want stuck or reached after 1", seed, res.Outcome, res.Steps)
		}
	}
	if stuck == 0 {
		t.Error("random: never stuck in 20 seeds")
	}
}

func TestParseErrors(t *testing.T) {
	board := "+-+-+\n|. .|\n+-+-+\n"
	tests := []struct {
		name, text string
		line       int
		msg        string
	}{
		{"unknown directive", "; classic exit 0,0\n" + board, 1, "unknown classic directive"},
		{"bad cell", "; classic start 0;0\n" + board, 1, "want R,C"},
		{"start outside", "; classic start 3,0\n" + board, 1, "outside"},
		{"goal outside, after a comment", "; c\n\n; classic start 0,0\n; classic goal 0,5\n" + board, 4, "goal 0,5 is outside"},
		{"second start", "; classic start 0,0\n; classic goal 0,1\n; classic start 0,1\n" + board, 3, "a second start directive for the board (the first is on line 1)"},
		{"second goal", "; classic goal 0,0\n; classic goal 0,0\n" + board, 2, "a second goal directive for the board (the first is on line 1)"},
		{"inside", "+-+-+\n; classic wrap cols\n|. .|\n+-+-+\n", 2, "inside a board"},
		{"after last", board + "\n; classic wrap cols\n", 5, "after the last board"},
		{"wrap word", "; classic wrap diagonal\n" + board, 1, "want cols, rows or both"},
		{"oneway wall", "; classic oneway 0,0 S\n" + board, 1, "where there is a wall"},
		{"oneway dir", "; classic oneway 0,0 X\n" + board, 1, "unknown direction"},
		{"frame", "; classic wrap cols\n+-+-+\n . .|\n+-+-+\n", 3, "side frame"},
		{"frames disagree", "; classic wrap rows\n+ +-+\n|. .|\n+-+-+\n", 4, "disagree"},
		{"edge format", "+-+-+\n|. x|\n+-+-+\n", 2, "'x'"},
	}
	for _, tc := range tests {
		_, _, err := ParseBoards(strings.NewReader(tc.text), "b.txt")
		var pe *mousemaze.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), "b.txt") {
			t.Errorf("%s: error %v, want line %d with %q", tc.name, err, tc.line, tc.msg)
		}
	}
	// Directives belong to the board after them.
	bs, first, err := ParseBoards(strings.NewReader(board+"\n; classic goal 0,0\n"+board), "two")
	if err != nil || len(bs) != 2 || bs[0].Goal != 1 || bs[1].Goal != 0 || first[1] != 6 {
		t.Errorf("two boards: %v goals %d %d first %v", err, bs[0].Goal, bs[1].Goal, first)
	}
}
