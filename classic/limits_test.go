package classic

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// limitLine returns the line on which an endless input of head and then
// pattern again and again passes mousemaze.MaxInputBytes.
func limitLine(head, pattern string) int {
	b, _ := io.ReadAll(io.LimitReader(mazetest.Endless(head, pattern), mousemaze.MaxInputBytes+1))
	return 1 + strings.Count(string(b), "\n")
}

// TestParseBoardsLimits feeds ParseBoards endless and oversize inputs
// (yes '+-+' | mousemaze classic solve -) and wants the limit's error, a
// *mousemaze.ParseError naming the file, the line and the limit, rather
// than a read of all memory.
func TestParseBoardsLimits(t *testing.T) {
	tooLarge := fmt.Sprintf("input too large: more than %d MiB", mousemaze.MaxInputBytes>>20)
	tests := []struct {
		name string
		in   io.Reader
		want error
		line int
		msg  string
	}{
		{"yes '+-+'", mazetest.Endless("", "+-+\n"), mousemaze.ErrTooLarge, mousemaze.MaxInputBytes/4 + 1, tooLarge},
		{"/dev/zero", mazetest.Endless("", ""), mousemaze.ErrTooLarge, 1, tooLarge},
		{"blank lines", mazetest.Endless("; classic start 0,0\n", "\n"), mousemaze.ErrTooLarge, limitLine("; classic start 0,0\n", "\n"), tooLarge},
		{"a wrapping board without end", mazetest.Endless("; classic wrap cols\n+-+\n", "|.|\n+-+\n"), mousemaze.ErrTooLarge,
			limitLine("; classic wrap cols\n+-+\n", "|.|\n+-+\n"), tooLarge},
		{"too many boards", strings.NewReader(strings.Repeat("+-+\n|.|\n+-+\n\n", mousemaze.MaxMazes+1)), mousemaze.ErrTooLarge, 4*mousemaze.MaxMazes + 1,
			fmt.Sprintf("input too large: more than %d boards", mousemaze.MaxMazes)},
		{"a wrapping board too tall", strings.NewReader("; c\n; classic wrap cols\n+-+\n" + strings.Repeat("|.|\n+-+\n", 65)), mousemaze.ErrTooTall, 3,
			"too many rows: the board has more than 64 rows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ParseBoards(tc.in, "b.txt")
			var pe *mousemaze.ParseError
			if !errors.Is(err, tc.want) || !errors.As(err, &pe) || pe.File != "b.txt" || pe.Line != tc.line {
				t.Fatalf("got %v, want a *ParseError at b.txt:%d wrapping %v", err, tc.line, tc.want)
			}
			if want := fmt.Sprintf("b.txt:%d: %s", tc.line, tc.msg); !strings.HasPrefix(err.Error(), want) {
				t.Errorf("message %q, want prefix %q", err, want)
			}
		})
	}
	// The largest wrapping board is read.
	big := "; classic wrap cols\n+" + strings.Repeat("-+", 64) + "\n" + strings.Repeat("|"+strings.Repeat(". ", 63)+".|\n+"+strings.Repeat("-+", 64)+"\n", 64)
	if bs, _, err := ParseBoards(strings.NewReader(big), "b.txt"); err != nil || len(bs) != 1 || bs[0].Rows != 64 || bs[0].WrapRight != ^uint64(0) {
		t.Errorf("a 64x64 wrapping board: %d boards, %v", len(bs), err)
	}
}

// TestParseBoardsBOM checks that a byte-order mark before the first line
// is skipped: the board reads as without it, its directives included (a
// mark before "; classic" made it a board line, and the directive after
// it "a classic directive inside a board").
func TestParseBoardsBOM(t *testing.T) {
	wrap, err := os.ReadFile("testdata/wrap.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []string{
		string(wrap),
		"; classic start 0,0\n; classic goal 1,1\n+-+-+\n|. .|\n+ +-+\n|. .|\n+-+-+\n",
		"+-+-+\n|. .|\n+-+-+\n\n; classic goal 0,0\n+-+-+\n|. .|\n+-+-+\n",
	}
	for _, text := range tests {
		want, wantLines, err := ParseBoards(strings.NewReader(text), "b.txt")
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		for _, in := range []io.Reader{strings.NewReader(mazetest.BOM + text), iotest.HalfReader(strings.NewReader(mazetest.BOM + text))} {
			got, lines, err := ParseBoards(in, "b.txt")
			if err != nil || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(lines, wantLines) {
				t.Errorf("%q after a byte-order mark: %v, %v, %v; want %v, %v", text, got, lines, err, want, wantLines)
			}
		}
	}
}
