package mousemaze_test

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// The inputs of the tests below.
const (
	gridText  = "; the thesis's 3x3\n...\nX..\n...\n"
	edgeText  = "+-+-+\n|. .|\n+ + +\n|. .|\n+-+ +\n"
	graphText = `{"vertices":["s","v1","t"],"edges":[["s","v1"],["v1","t"]],"start":"s","exit":"t","prefs":{"v1":["t","s"]}}`
)

// rootReaders are the readers of the root package that the commands use,
// each returning what it read in a form reflect.DeepEqual compares.
var rootReaders = []struct {
	name string
	read func(r io.Reader, name string) (any, error)
}{
	{"ParseLines", func(r io.Reader, name string) (any, error) {
		m, l, err := mousemaze.ParseLines(r, name)
		return fmt.Sprint(m, l), err
	}},
	{"ParseEdges", func(r io.Reader, name string) (any, error) {
		m, l, err := mousemaze.ParseEdges(r, name)
		return fmt.Sprint(m, l), err
	}},
	{"ReadBlocks", func(r io.Reader, name string) (any, error) { return mousemaze.ReadBlocks(r, name) }},
	{"ParseGraph", func(r io.Reader, name string) (any, error) { return mousemaze.ParseGraph(r, name) }},
	{"ReadAllText", func(r io.Reader, name string) (any, error) { return mousemaze.ReadAllText(r, name) }},
}

// TestReadersEndless feeds every reader of the root package an endless
// input, or one just over its limit, and wants the limit's error: a
// *ParseError naming the file and the line where the limit was passed, and
// the limit in the message; not a read of all memory.
func TestReadersEndless(t *testing.T) {
	tooLarge := func(limit int) string {
		return fmt.Sprintf("input too large: more than %d MiB (%d bytes)", limit>>20, limit)
	}
	lineTooLong := fmt.Sprintf("line too long: longer than %d bytes", mousemaze.MaxLineBytes)
	// A 60,000-byte comment line: 17,895 of them pass a GiB.
	comment := ";" + strings.Repeat("c", 59998) + "\n"
	tests := []struct {
		reader string
		in     io.Reader
		want   error
		line   int
		msg    string
	}{
		{"ParseLines", mazetest.Endless("", ""), mousemaze.ErrLineTooLong, 1, lineTooLong},
		{"ParseLines", mazetest.Endless("...\n", "X"), mousemaze.ErrLineTooLong, 2, lineTooLong},
		{"ParseLines", strings.NewReader(strings.Repeat(".", mousemaze.MaxLineBytes+1) + "\n"), mousemaze.ErrLineTooLong, 1, lineTooLong},
		{"ParseLines", mazetest.Endless("", ".\n\n"), mousemaze.ErrTooLarge, 2*mousemaze.MaxMazes + 1, fmt.Sprintf("input too large: more than %d mazes", mousemaze.MaxMazes)},
		{"ParseLines", mazetest.Endless("", comment), mousemaze.ErrTooLarge, mousemaze.MaxGridInputBytes/len(comment) + 1, tooLarge(mousemaze.MaxGridInputBytes)},
		{"ParseEdges", mazetest.Endless("", "+-+\n"), mousemaze.ErrTooLarge, mousemaze.MaxInputBytes/4 + 1, tooLarge(mousemaze.MaxInputBytes)},
		{"ParseEdges", mazetest.Endless("", ""), mousemaze.ErrTooLarge, 1, tooLarge(mousemaze.MaxInputBytes)},
		{"ParseEdges", strings.NewReader(strings.Repeat("+\n\n", mousemaze.MaxMazes+1)), mousemaze.ErrTooLarge, 2*mousemaze.MaxMazes + 1, fmt.Sprintf("input too large: more than %d boards", mousemaze.MaxMazes)},
		{"ReadBlocks", strings.NewReader(strings.Repeat("a\n;\n\n", mousemaze.MaxMazes+5)), mousemaze.ErrTooLarge, 3*mousemaze.MaxMazes + 1, fmt.Sprintf("input too large: more than %d boards", mousemaze.MaxMazes)},
		{"ReadBlocks", mazetest.Endless(mazetest.BOM+edgeText+"\n", "\n"), mousemaze.ErrTooLarge, mousemaze.MaxInputBytes + 2 - len(strings.ReplaceAll(edgeText, "\n", "")), tooLarge(mousemaze.MaxInputBytes)},
		{"ParseGraph", mazetest.Endless("", " "), mousemaze.ErrTooLarge, 1, tooLarge(mousemaze.MaxInputBytes)},
		{"ParseGraph", mazetest.Endless(`{"vertices": [`, `"v", `), mousemaze.ErrTooLarge, 1, tooLarge(mousemaze.MaxInputBytes)},
		{"ParseGraph", mazetest.Endless("", ""), mousemaze.ErrTooLarge, 1, tooLarge(mousemaze.MaxInputBytes)},
		{"ReadAllText", strings.NewReader(strings.Repeat("x\n", mousemaze.MaxInputBytes/2) + "y"), mousemaze.ErrTooLarge, mousemaze.MaxInputBytes/2 + 1, tooLarge(mousemaze.MaxInputBytes)},
	}
	matched := 0
	for _, r := range rootReaders {
		var cases []mazetest.LimitCase
		for i, tc := range tests {
			if tc.reader == r.name {
				cases = append(cases, mazetest.LimitCase{Name: strconv.Itoa(i), In: tc.in, Want: tc.want, Line: tc.line, Msg: tc.msg})
			}
		}
		matched += len(cases)
		t.Run(r.name, func(t *testing.T) {
			mazetest.CheckLimits(t, "in.txt", cases, func(in io.Reader, file string) error {
				_, err := r.read(in, file)
				return err
			})
		})
	}
	if matched != len(tests) {
		t.Errorf("%d of %d cases name no reader of rootReaders", len(tests)-matched, len(tests))
	}
}

// TestReadersUnderLimit checks that input just under the limits is read:
// the limits refuse only what passes them.
func TestReadersUnderLimit(t *testing.T) {
	// An edge board and blank lines up to MaxInputBytes exactly.
	pad := strings.Repeat("\n", mousemaze.MaxInputBytes-len(edgeText))
	if ms, _, err := mousemaze.ParseEdges(strings.NewReader(edgeText+pad), "in.txt"); err != nil || len(ms) != 1 {
		t.Errorf("ParseEdges of MaxInputBytes: %d boards, %v", len(ms), err)
	}
	// A line of MaxLineBytes: a comment, and a maze after it.
	long := ";" + strings.Repeat("c", mousemaze.MaxLineBytes-1) + "\n"
	if ms, _, err := mousemaze.ParseLines(strings.NewReader(long+gridText), "in.txt"); err != nil || len(ms) != 1 {
		t.Errorf("ParseLines after a line of MaxLineBytes: %d mazes, %v", len(ms), err)
	}
	// MaxMazes mazes.
	if ms, _, err := mousemaze.ParseLines(strings.NewReader(strings.Repeat(".\n\n", mousemaze.MaxMazes)), "in.txt"); err != nil || len(ms) != mousemaze.MaxMazes {
		t.Errorf("ParseLines of MaxMazes mazes: %d mazes, %v", len(ms), err)
	}
}

// TestReadersBOM checks that every reader of the root package skips a
// leading byte-order mark: the input with one reads as the input without.
func TestReadersBOM(t *testing.T) {
	tests := []struct{ reader, in string }{
		{"ParseLines", gridText},
		{"ParseLines", "...\n"},
		{"ParseEdges", edgeText},
		{"ParseEdges", "; a comment\n" + edgeText},
		{"ReadBlocks", edgeText},
		{"ParseGraph", graphText},
		{"ParseGraph", "\n  " + graphText},
		{"ReadAllText", "x"},
	}
	for _, tc := range tests {
		for _, r := range rootReaders {
			if r.name != tc.reader {
				continue
			}
			want, err := r.read(strings.NewReader(tc.in), "in.txt")
			if err != nil {
				t.Fatalf("%s of %q: %v", tc.reader, tc.in, err)
			}
			for _, in := range []io.Reader{strings.NewReader(mazetest.BOM + tc.in), iotest.OneByteReader(strings.NewReader(mazetest.BOM + tc.in))} {
				got, err := r.read(in, "in.txt")
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("%s of %q after a byte-order mark: %v, %v; want %v", tc.reader, tc.in, got, err, want)
				}
			}
		}
	}
}

// TestSkipBOM checks SkipBOM byte for byte: only one mark, and only at the
// start, is dropped, and the start of a mark that is not one is kept.
func TestSkipBOM(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"\uFEFF", ""},
		{"\uFEFFabc", "abc"},
		{"\uFEFF\uFEFFabc", "\uFEFFabc"},
		{"abc\uFEFF", "abc\uFEFF"},
		{"\xEF", "\xEF"},
		{"\xEF\xBB", "\xEF\xBB"},
		{"\xEF\xBBx", "\xEF\xBBx"},
		{"\xEFabc", "\xEFabc"},
		{"ab", "ab"},
	}
	for _, tc := range tests {
		for _, r := range []io.Reader{strings.NewReader(tc.in), iotest.OneByteReader(strings.NewReader(tc.in)), iotest.DataErrReader(strings.NewReader(tc.in))} {
			got, err := io.ReadAll(mousemaze.SkipBOM(r))
			if err != nil || string(got) != tc.want {
				t.Errorf("SkipBOM(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
		}
	}
	// A read error met while looking for the mark comes after the bytes.
	boom := errors.New("boom")
	got, err := io.ReadAll(mousemaze.SkipBOM(io.MultiReader(strings.NewReader("a"), iotest.ErrReader(boom))))
	if string(got) != "a" || !errors.Is(err, boom) {
		t.Errorf("SkipBOM over a failing reader: %q, %v; want \"a\", boom", got, err)
	}
}

// lineReader hands out its lines one Read at a time, as a terminal does,
// and fails the test if it is read past them.
type lineReader struct {
	t     *testing.T
	lines []string
}

func (l *lineReader) Read(p []byte) (int, error) {
	if len(l.lines) == 0 {
		l.t.Fatal("read past the typed lines: SkipBOM waits for more than the first line")
	}
	n := copy(p, l.lines[0])
	if l.lines[0] = l.lines[0][n:]; l.lines[0] == "" {
		l.lines = l.lines[1:]
	}
	return n, nil
}

// TestSkipBOMInteractive checks that SkipBOM returns a short first line
// without waiting for a second.
func TestSkipBOMInteractive(t *testing.T) {
	for _, first := range []string{"n\n", "\n", "\uFEFF\n"} {
		r := mousemaze.SkipBOM(&lineReader{t: t, lines: []string{first}})
		buf := make([]byte, 64)
		n, err := r.Read(buf)
		for err == nil && n == 0 {
			n, err = r.Read(buf)
		}
		if want := strings.TrimPrefix(first, "\uFEFF"); string(buf[:n]) != want || err != nil {
			t.Errorf("first read of %q: %q, %v; want %q", first, buf[:n], err, want)
		}
	}
}
