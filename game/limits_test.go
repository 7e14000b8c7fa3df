package game

import (
	"errors"
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
	tooLarge := fmt.Sprintf("input too large: more than %d MiB", mousemaze.MaxInputBytes>>20)
	tests := []struct {
		name string
		in   io.Reader
		want error
		line int
		msg  string
	}{
		{"/dev/zero", mazetest.Endless("", ""), mousemaze.ErrTooLarge, 1, tooLarge},
		{"yes '+-+'", mazetest.Endless("", "+-+\n"), mousemaze.ErrTooLarge, mousemaze.MaxInputBytes/4 + 1, tooLarge},
		{"a board, then blank lines", mazetest.Endless("+-+\n|.|\n+-+\n", "\n"), mousemaze.ErrTooLarge, mousemaze.MaxInputBytes - 7, tooLarge},
		{"too many boards", strings.NewReader(strings.Repeat("+-+\n|.|\n+-+\n\n", mousemaze.MaxMazes+1)), mousemaze.ErrTooLarge, 4*mousemaze.MaxMazes + 1,
			fmt.Sprintf("input too large: more than %d boards", mousemaze.MaxMazes)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse(tc.in, "g.txt")
			var pe *mousemaze.ParseError
			if !errors.Is(err, tc.want) || !errors.As(err, &pe) || pe.File != "g.txt" || pe.Line != tc.line {
				t.Fatalf("got %v, want a *ParseError at g.txt:%d wrapping %v", err, tc.line, tc.want)
			}
			if want := fmt.Sprintf("g.txt:%d: %s", tc.line, tc.msg); !strings.HasPrefix(err.Error(), want) {
				t.Errorf("message %q, want prefix %q", err, want)
			}
		})
	}
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
