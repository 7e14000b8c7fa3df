package game

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// TestParseLimits feeds Parse (game value, game search) endless and
// oversize inputs and wants the limit's error, a *mousemaze.ParseError
// naming the file, the line and the limit, not a read of all memory.
func TestParseLimits(t *testing.T) {
	mazetest.CheckLimits(t, "g.txt", []mazetest.LimitCase{
		{Name: "/dev/zero", In: mazetest.Endless("", ""), Want: mousemaze.ErrTooLarge, Line: 1},
		{Name: "yes '+-+'", In: mazetest.Endless("", "+-+\n"), Want: mousemaze.ErrTooLarge, Line: mousemaze.MaxInputBytes/4 + 1},
		{Name: "a board, then blank lines", In: mazetest.Endless("+-+\n|.|\n+-+\n", "\n"), Want: mousemaze.ErrTooLarge, Line: mousemaze.MaxInputBytes - 7},
		{Name: "too many boards", In: strings.NewReader(strings.Repeat("+-+\n|.|\n+-+\n\n", mousemaze.MaxMazes+1)), Want: mousemaze.ErrTooLarge, Line: 4*mousemaze.MaxMazes + 1, Msg: fmt.Sprintf("input too large: more than %d boards", mousemaze.MaxMazes)},
	}, func(in io.Reader, file string) error {
		_, _, err := Parse(in, file)
		return err
	})
	// A board whose lines are longer than mousemaze.MaxLineBytes is still
	// read: positions may be far wider than grid mazes.
	p, err := NewPosition(1, 40000)
	if err != nil {
		t.Fatal(err)
	}
	if ps, _, err := Parse(strings.NewReader(p.String()), "wide"); err != nil || !ps[0].Equal(p) {
		t.Errorf("a 1x40000 board: %v", err)
	}
}

// TestParseBOM checks that a byte-order mark before the first line is
// skipped: the boards read as without it (with it, the first line was one
// character too long and the board "an odd number of lines").
func TestParseBOM(t *testing.T) {
	data, err := os.ReadFile("testdata/boards.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{string(data), "+-+-+\n|. .|\n+ + +\n|. .|\n+-+ +\n"} {
		want, wantLines, err := Parse(strings.NewReader(text), "g.txt")
		if err != nil {
			t.Fatal(err)
		}
		got, lines, err := Parse(strings.NewReader(mazetest.BOM+text), "g.txt")
		if err != nil || len(got) != len(want) || fmt.Sprint(lines) != fmt.Sprint(wantLines) {
			t.Fatalf("%q after a byte-order mark: %v, %v; want %d boards at %v", text, lines, err, len(want), wantLines)
		}
		for i := range got {
			if !got[i].Equal(want[i]) {
				t.Errorf("board %d after a byte-order mark:\n%s\nwant\n%s", i, got[i], want[i])
			}
		}
	}
}
