package classic

import (
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

// TestParseBoardsLimits feeds ParseBoards endless and oversize inputs
// (yes '+-+' | mousemaze classic solve -) and wants the limit's error, a
// *mousemaze.ParseError naming the file, the line and the limit, rather
// than a read of all memory.
func TestParseBoardsLimits(t *testing.T) {
	mazetest.CheckLimits(t, "b.txt", []mazetest.LimitCase{
		{Name: "yes '+-+'", In: mazetest.Endless("", "+-+\n"), Want: mousemaze.ErrTooLarge, Line: mousemaze.MaxInputBytes/4 + 1},
		{Name: "/dev/zero", In: mazetest.Endless("", ""), Want: mousemaze.ErrTooLarge, Line: 1},
		{Name: "blank lines", In: mazetest.Endless("; classic start 0,0\n", "\n"), Want: mousemaze.ErrTooLarge, Line: mazetest.LimitLine("; classic start 0,0\n", "\n")},
		{Name: "a wrapping board without end", In: mazetest.Endless("; classic wrap cols\n+-+\n", "|.|\n+-+\n"), Want: mousemaze.ErrTooLarge, Line: mazetest.LimitLine("; classic wrap cols\n+-+\n", "|.|\n+-+\n")},
		{Name: "too many boards", In: strings.NewReader(strings.Repeat("+-+\n|.|\n+-+\n\n", mousemaze.MaxMazes+1)), Want: mousemaze.ErrTooLarge, Line: 4*mousemaze.MaxMazes + 1, Msg: fmt.Sprintf("input too large: more than %d boards", mousemaze.MaxMazes)},
		{Name: "a wrapping board too tall", In: strings.NewReader("; c\n; classic wrap cols\n+-+\n" + strings.Repeat("|.|\n+-+\n", 65)), Want: mousemaze.ErrTooTall, Line: 3, Msg: "too many rows: the board has more than 64 rows"},
	}, func(in io.Reader, file string) error {
		_, _, err := ParseBoards(in, file)
		return err
	})
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
