package mousemaze

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	long := strings.Repeat(".", 65)
	tall := strings.Repeat("..\n", 65)
	tests := []struct {
		name  string
		input string
		want  error
		line  int
		msg   string
	}{
		{"ragged row", "...\n..\n", errRowWidth, 2, "in.txt:2: ragged row: row has 2 cells, want 3"},
		{"ragged after comment", "; c\n...\n; c\n....\n", errRowWidth, 4, "in.txt:4: ragged row: row has 4 cells, want 3"},
		{"unknown character", "...\n.o.\n", errBadCell, 2, "in.txt:2: unknown character 'o' in column 2 (want '.', 'X' or '#')"},
		{"space inside a row", ". .\n", errBadCell, 1, "in.txt:1: unknown character ' ' in column 2"},
		{"too many columns", long + "\n", ErrTooWide, 1, "in.txt:1: too many columns: row has more than 64 cells"},
		{"too many rows", tall, ErrTooTall, 65, "in.txt:65: too many rows: maze has more than 64 rows"},
		{"huge line", strings.Repeat("x", 1<<17), ErrLineTooLong, 1, "in.txt:1: line too long: longer than 65536 bytes, the most a line may hold"},
		{"huge line after a maze", "...\n\n" + strings.Repeat(".", MaxLineBytes+1) + "\n", ErrLineTooLong, 3, "in.txt:3: line too long: longer than 65536 bytes"},
		{"byte-order mark, then a bad cell", "\uFEFF...\n.o.\n", errBadCell, 2, "in.txt:2: unknown character 'o' in column 2"},
		{"empty", "", ErrEmpty, 0, "in.txt: no maze in input"},
		{"only comments", "; nothing\n\n;here\n", ErrEmpty, 0, "in.txt: no maze in input"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.input), "in.txt")
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line != tc.line || pe.File != "in.txt" {
				t.Fatalf("got %#v, want a ParseError at line %d", err, tc.line)
			}
			if !strings.HasPrefix(err.Error(), tc.msg) {
				t.Errorf("message %q, want prefix %q", err.Error(), tc.msg)
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	input := "; a comment\r\n" +
		"  .X#  \r\n" +
		"...\r\n" +
		"\n\n\n" +
		"\t#\n" +
		"; comments inside a maze are skipped\n" +
		".\n"
	mazes, lines, err := ParseLines(strings.NewReader(input), "x")
	if err != nil {
		t.Fatal(err)
	}
	if len(mazes) != 2 {
		t.Fatalf("got %d mazes, want 2", len(mazes))
	}
	if m := mazes[0]; m.Rows != 2 || m.Cols != 3 || m.Walls[0] != 0b110 || m.Walls[1] != 0 {
		t.Errorf("first maze %+v", m)
	}
	if m := mazes[1]; m.Rows != 2 || m.Cols != 1 || m.Walls[0] != 1 || m.Walls[1] != 0 {
		t.Errorf("second maze %+v", m)
	}
	if lines[0] != 2 || lines[1] != 7 {
		t.Errorf("lines %v, want [2 7]", lines)
	}
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var mazes []Maze
	for _, sz := range []Size{{1, 1}, {1, 64}, {64, 1}, {64, 64}, {13, 13}, {3, 7}} {
		for _, d := range []float64{0, 0.3, 1} {
			mazes = append(mazes, Random(rng, sz.Rows, sz.Cols, d))
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, mazes...); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	got, err := Parse(strings.NewReader(text), "rt")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(mazes) {
		t.Fatalf("got %d mazes back, want %d", len(got), len(mazes))
	}
	for i := range mazes {
		if !got[i].Equal(mazes[i]) {
			t.Errorf("maze %d changed:\n%s\nvs\n%s", i, got[i], mazes[i])
		}
	}
	// Canonical text survives the reverse trip byte for byte.
	var again bytes.Buffer
	Write(&again, got...)
	if again.String() != text {
		t.Error("Write(Parse(text)) != text")
	}
	// '#' reads as a wall and is written as 'X'.
	m := mustParse(t, "#.\n.#\n")
	if m.String() != "X.\n.X\n" {
		t.Errorf("got %q", m.String())
	}
}

func TestThesisFileParses(t *testing.T) {
	mazes := thesisMazes(t)
	for i, m := range mazes {
		if m.Rows != i+3 || m.Cols != i+3 {
			t.Errorf("maze %d is %s, want %dx%d", i, m.Size(), i+3, i+3)
		}
	}
}

// FuzzParse checks that Parse never panics, that what it accepts is valid,
// and that writing and re-reading gives the same mazes.
func FuzzParse(f *testing.F) {
	f.Add([]byte("...\nX..\n...\n"))
	f.Add([]byte("; c\n.#\n#.\n\n..\n"))
	f.Add([]byte(".X\n."))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		mazes, err := Parse(bytes.NewReader(data), "fuzz")
		if !accepted[*ParseError](t, err) {
			return
		}
		allValid(t, mazes)
		var buf bytes.Buffer
		Write(&buf, mazes...)
		back, err := Parse(&buf, "again")
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if len(back) != len(mazes) {
			t.Fatalf("round trip: %d mazes, want %d", len(back), len(mazes))
		}
		for i := range mazes {
			if !back[i].Equal(mazes[i]) {
				t.Fatalf("round trip changed maze %d", i)
			}
		}
	})
}

// scanLines is the line-by-line parser ParseLines replaced (bufio.Scanner,
// a string per line), kept as the reference for TestParseLinesReference.
func scanLines(r io.Reader, name string) ([]Maze, []int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	var mazes []Maze
	var lines []int
	var cur *Maze
	line := 0
	for sc.Scan() {
		line++
		text := strings.Trim(sc.Text(), " \t\r")
		if text == "" {
			cur = nil
			continue
		}
		if text[0] == ';' {
			continue
		}
		if cur == nil {
			mazes = append(mazes, Maze{})
			lines = append(lines, line)
			cur = &mazes[len(mazes)-1]
		}
		row, width, err := parseRow([]byte(text))
		if err != nil {
			return nil, nil, &ParseError{File: name, Line: line, Err: err}
		}
		if cur.Rows == 0 {
			cur.Cols = width
		} else if width != cur.Cols {
			return nil, nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: row has %d cells, want %d", errRowWidth, width, cur.Cols)}
		}
		if cur.Rows == MaxSide {
			return nil, nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: maze has more than %d rows", ErrTooTall, MaxSide)}
		}
		cur.Walls = append(cur.Walls, row)
		cur.Rows++
	}
	if len(mazes) == 0 {
		return nil, nil, &ParseError{File: name, Err: ErrEmpty}
	}
	return mazes, lines, nil
}

// TestParseLinesReference wants ParseLines to agree with the reference
// parser on random texts: mazes, lines and error messages.
func TestParseLinesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	pieces := []string{".", ".", "X", "#", " ", "\t", "\r", "\n", "\n\n", "; c\n", "o", "é", "\xff"}
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		if i%2 == 0 { // mostly well-formed mazes
			for range 1 + rng.IntN(5) {
				m := Random(rng, 1+rng.IntN(8), 1+rng.IntN(8), 0.3)
				b.WriteString(strings.ReplaceAll(m.String(), "\n", []string{"\n", "\r\n", " \n"}[rng.IntN(3)]))
				b.WriteString([]string{"\n", "\n; x\n\n", "\n\n\n"}[rng.IntN(3)])
			}
		}
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		got, gotLines, gotErr := ParseLines(strings.NewReader(text), "f")
		want, wantLines, wantErr := scanLines(strings.NewReader(text), "f")
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || fmt.Sprint(gotLines) != fmt.Sprint(wantLines) || len(got) != len(want) {
			t.Fatalf("%q: %v %v, want %v %v", text, gotErr, gotLines, wantErr, wantLines)
		}
		for k := range got {
			if !got[k].Equal(want[k]) || cap(got[k].Walls) != got[k].Rows {
				t.Fatalf("%q: maze %d %+v, want %+v", text, k, got[k], want[k])
			}
		}
	}
}

// parseRowRunes is the rune-by-rune row parser parseRow replaced, the
// reference of TestParseRow.
func parseRowRunes(text string) (uint64, int, error) {
	var row uint64
	col := 0
	for _, ch := range text {
		if col == MaxSide {
			return 0, 0, fmt.Errorf("%w: row has more than %d cells", ErrTooWide, MaxSide)
		}
		switch ch {
		case '.':
		case 'X', '#':
			row |= 1 << uint(col)
		default:
			return 0, 0, fmt.Errorf("%w %q in column %d (want '.', 'X' or '#')", errBadCell, ch, col+1)
		}
		col++
	}
	return row, col, nil
}

// TestParseRow wants parseRow's branch-free path and its slow path to
// agree with the rune-by-rune parser on rows of every length up to past
// MaxSide, good and bad.
func TestParseRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	alphabet := []string{".", "X", "#", ".", "X", "o", " ", "é", "\xff", "x"}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		n := rng.IntN(70)
		bad := rng.IntN(4) == 0
		for range n {
			if bad {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			} else {
				b.WriteString(alphabet[rng.IntN(3)])
			}
		}
		text := b.String()
		row, width, err := parseRow([]byte(text))
		wrow, wwidth, werr := parseRowRunes(text)
		if row != wrow || width != wwidth || fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("%q: %x %d %v, want %x %d %v", text, row, width, err, wrow, wwidth, werr)
		}
	}
}

// TestParseFileWith checks that ParseFileWith names the file to its
// parser, reads standard input for "-" and returns the error of a file
// that cannot be opened.
func TestParseFileWith(t *testing.T) {
	name := filepath.Join(t.TempDir(), "boards.txt")
	board := "+ +\n|.|\n+ +\n"
	if err := os.WriteFile(name, []byte("; c\n"+board), 0o644); err != nil {
		t.Fatal(err)
	}
	ms, lines, err := ParseFileWith(name, ParseEdges)
	if err != nil || len(ms) != 1 || ms[0].String() != board || !reflect.DeepEqual(lines, []int{2}) {
		t.Errorf("file: %v at %v, %v", ms, lines, err)
	}
	stdin := os.Stdin
	defer func() { os.Stdin = stdin }()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	os.Stdin = f
	if _, _, err := ParseFileWith("-", func(r io.Reader, name string) ([]Block, []int, error) {
		return ParseBlocks(r, name, func(b Block, name string) (Block, error) { return b, errors.New(name + " read") })
	}); err == nil || err.Error() != "- read" {
		t.Errorf("standard input: %v, want the parser's error naming -", err)
	}
	if _, _, err := ParseFileWith(filepath.Join(t.TempDir(), "none.txt"), ParseEdges); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
