package mousemaze

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// The text format holds one maze row per line: '.' is an open cell, 'X' or
// '#' a wall. Mazes are separated by one or more blank lines, and lines
// starting with ';' are comments. Leading and trailing spaces, tabs and
// carriage returns are ignored. Write emits 'X' for walls, so reading what
// Write wrote gives back the same mazes.

// maxLine bounds the length of a line the parser accepts, so a huge
// garbage line is reported instead of read into memory whole.
const maxLine = 1 << 16

// Parse reads every maze in r. The name is used in errors, which are
// *ParseError values naming the line and the problem.
func Parse(r io.Reader, name string) ([]Maze, error) {
	mazes, _, err := ParseLines(r, name)
	return mazes, err
}

// ParseLines is Parse that also returns, for every maze, the 1-based line
// on which its first row stands.
func ParseLines(r io.Reader, name string) ([]Maze, []int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	var (
		mazes []Maze
		lines []int
		cur   *Maze
		line  int
	)
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
		row, width, err := parseRow(text)
		if err != nil {
			return nil, nil, &ParseError{File: name, Line: line, Err: err}
		}
		if cur.Rows == 0 {
			cur.Cols = width
		} else if width != cur.Cols {
			return nil, nil, &ParseError{File: name, Line: line,
				Err: fmt.Errorf("%w: row has %d cells, want %d", ErrRowWidth, width, cur.Cols)}
		}
		if cur.Rows == MaxSide {
			return nil, nil, &ParseError{File: name, Line: line,
				Err: fmt.Errorf("%w: maze has more than %d rows", ErrTooTall, MaxSide)}
		}
		cur.Walls = append(cur.Walls, row)
		cur.Rows++
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, nil, &ParseError{File: name, Line: line + 1,
				Err: fmt.Errorf("%w: line longer than %d bytes", ErrTooWide, maxLine)}
		}
		return nil, nil, &ParseError{File: name, Line: line, Err: err}
	}
	if len(mazes) == 0 {
		return nil, nil, &ParseError{File: name, Err: ErrEmpty}
	}
	return mazes, lines, nil
}

// parseRow turns one row of text into a wall mask and its width.
func parseRow(text string) (uint64, int, error) {
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
			return 0, 0, fmt.Errorf("%w %q in column %d (want '.', 'X' or '#')", ErrBadCell, ch, col+1)
		}
		col++
	}
	return row, col, nil
}

// ParseFile reads every maze in the named file; the name "-" reads
// standard input.
func ParseFile(name string) ([]Maze, error) {
	if name == "-" {
		return Parse(os.Stdin, "-")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, name)
}

// Write writes mazes in the text format, separated by blank lines.
func Write(w io.Writer, mazes ...Maze) error {
	bw := bufio.NewWriter(w)
	for i, m := range mazes {
		if i > 0 {
			bw.WriteByte('\n')
		}
		bw.WriteString(m.String())
	}
	return bw.Flush()
}
