package viennese

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// TestParseLimits feeds Parse endless and oversize inputs and wants the
// limit's error, a *mousemaze.ParseError naming the file, the line and
// the limit: no silent cut at 16 MiB, no "bufio.Scanner: token too long".
func TestParseLimits(t *testing.T) {
	lineTooLong := fmt.Sprintf("line too long: longer than %d bytes", mousemaze.MaxLineBytes)
	head := "nodes 3\nstart 0\ngoal 2\n"
	mazetest.CheckLimits(t, "v.txt", []mazetest.LimitCase{
		{Name: "/dev/zero", In: mazetest.Endless("", ""), Want: mousemaze.ErrTooLarge, Line: 1},
		{Name: "yes street", In: mazetest.Endless(head, "street 0 1\n"), Want: mousemaze.ErrTooLarge, Line: mazetest.LimitLine(head, "street 0 1\n")},
		{Name: "endless JSON", In: mazetest.Endless(`{"streets": [`, "[0, 1], "), Want: mousemaze.ErrTooLarge, Line: 1},
		{Name: "a long comment", In: strings.NewReader(head + "# " + strings.Repeat("c", mousemaze.MaxLineBytes) + "\nstreet 0 1\n"), Want: mousemaze.ErrLineTooLong, Line: 4, Msg: lineTooLong},
		{Name: "a long line of spaces", In: strings.NewReader("nodes 3\n" + strings.Repeat(" ", 1<<20) + "\n"), Want: mousemaze.ErrLineTooLong, Line: 2, Msg: lineTooLong},
	}, func(in io.Reader, file string) error {
		_, err := Parse(in, file)
		return err
	})
	// A comment line of MaxLineBytes is read.
	long := head + "#" + strings.Repeat("c", mousemaze.MaxLineBytes-1) + "\nstreet 0 1\nstreet 1 2\n"
	if _, err := Parse(strings.NewReader(long), "v.txt"); err != nil {
		t.Errorf("a line of MaxLineBytes: %v", err)
	}
	// An input over 16 MiB was cut there; it is read whole now, or
	// refused: here the streets after the cut make it a maze, not a canvas.
	pad := strings.Repeat("#"+strings.Repeat("c", 1000)+"\n", 17<<10)
	f, err := Parse(strings.NewReader(head+"street 0 1\nstreet 1 2\n"+pad+"street 0 2\n"), "v.txt")
	if err != nil || len(f.Maze.Canvas.Streets) != 3 {
		t.Errorf("a 17 MiB file: %+v, %v; want its 3 streets", f, err)
	}
}

// TestParseBOM checks that a byte-order mark before the text or the JSON
// is skipped: the file reads as without it.
func TestParseBOM(t *testing.T) {
	text, err := os.ReadFile("testdata/lollipop.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Parse(strings.NewReader(string(text)), "v")
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(JSON(&want.Maze, &want.Variant))
	for _, in := range []string{string(text), string(js), "\n " + string(js)} {
		got, err := Parse(strings.NewReader(mazetest.BOM+in), "v")
		if err != nil || !reflect.DeepEqual(got.Maze.Colours, want.Maze.Colours) || !reflect.DeepEqual(got.Maze.Canvas.Streets, want.Maze.Canvas.Streets) ||
			got.Variant != want.Variant || got.Coloured != want.Coloured {
			t.Errorf("%.40q after a byte-order mark: %+v, %v; want %+v", in, got, err, want)
		}
	}
}
