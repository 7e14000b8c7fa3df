package viennese

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// limitLine returns the line on which an endless input of head and then
// pattern again and again passes mousemaze.MaxInputBytes.
func limitLine(head, pattern string) int {
	b, _ := io.ReadAll(io.LimitReader(mazetest.Endless(head, pattern), mousemaze.MaxInputBytes+1))
	return 1 + strings.Count(string(b), "\n")
}

// TestParseLimits feeds Parse endless and oversize inputs and wants the
// limit's error, a *mousemaze.ParseError naming the file, the line and
// the limit: no silent cut at 16 MiB, no "bufio.Scanner: token too long".
func TestParseLimits(t *testing.T) {
	tooLarge := fmt.Sprintf("input too large: more than %d MiB", mousemaze.MaxInputBytes>>20)
	lineTooLong := fmt.Sprintf("line too long: longer than %d bytes", mousemaze.MaxLineBytes)
	head := "nodes 3\nstart 0\ngoal 2\n"
	tests := []struct {
		name string
		in   io.Reader
		want error
		line int
		msg  string
	}{
		{"/dev/zero", mazetest.Endless("", ""), mousemaze.ErrTooLarge, 1, tooLarge},
		{"yes street", mazetest.Endless(head, "street 0 1\n"), mousemaze.ErrTooLarge, limitLine(head, "street 0 1\n"), tooLarge},
		{"endless JSON", mazetest.Endless(`{"streets": [`, "[0, 1], "), mousemaze.ErrTooLarge, 1, tooLarge},
		{"a long comment", strings.NewReader(head + "# " + strings.Repeat("c", mousemaze.MaxLineBytes) + "\nstreet 0 1\n"), mousemaze.ErrLineTooLong, 4, lineTooLong},
		{"a long line of spaces", strings.NewReader("nodes 3\n" + strings.Repeat(" ", 1<<20) + "\n"), mousemaze.ErrLineTooLong, 2, lineTooLong},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in, "v.txt")
			var pe *mousemaze.ParseError
			if !errors.Is(err, tc.want) || !errors.As(err, &pe) || pe.File != "v.txt" || pe.Line != tc.line {
				t.Fatalf("got %v, want a *ParseError at v.txt:%d wrapping %v", err, tc.line, tc.want)
			}
			if want := fmt.Sprintf("v.txt:%d: %s", tc.line, tc.msg); !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "bufio") {
				t.Errorf("message %q, want prefix %q", err, want)
			}
		})
	}
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
