package mousemaze

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// The text format holds one maze row per line: '.' is an open cell, 'X' or
// '#' a wall. Mazes are separated by one or more blank lines, and lines
// starting with ';' are comments. Leading and trailing spaces, tabs and
// carriage returns are ignored, and so is a byte-order mark at the start.
// A line may hold at most MaxLineBytes bytes, so a huge garbage line is
// reported instead of read into memory whole, and an input may hold at
// most MaxGridInputBytes bytes and MaxMazes mazes. Write emits 'X' for walls,
// so reading what Write wrote gives back the same mazes.

// maxLine bounds the length of a line the parser accepts.
const maxLine = MaxLineBytes

// Parse reads every maze in r. The name is used in errors, which are
// *ParseError values naming the line and the problem (a line longer than
// MaxLineBytes wraps ErrLineTooLong; an input of more than
// MaxGridInputBytes bytes or MaxMazes mazes, ErrTooLarge).
func Parse(r io.Reader, name string) ([]Maze, error) {
	mazes, _, err := ParseLines(r, name)
	return mazes, err
}

// ParseLines is Parse that also returns, for every maze, the 1-based line
// on which its first row stands.
func ParseLines(r io.Reader, name string) ([]Maze, []int, error) {
	p := mazeParser{name: name}
	// The input is read in chunks of 4·maxLine bytes; the lines of each
	// are handled in place, and a line cut by the chunk's end moves to
	// the front of the next.
	// At most MaxGridInputBytes+1 bytes are read: one more tells that
	// the input is too large.
	r = io.LimitReader(SkipBOM(r), MaxGridInputBytes+1)
	total := int64(0)
	buf := make([]byte, 4*maxLine)
	lo, hi := 0, 0
	for eof := false; !eof; {
		copy(buf, buf[lo:hi])
		lo, hi = 0, hi-lo
		n, err := io.ReadAtLeast(r, buf[hi:], 1)
		hi += n
		total += int64(n)
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			eof = true
		case err != nil:
			return nil, nil, &ParseError{File: name, Line: p.line, Err: err}
		}
		for {
			nl := bytes.IndexByte(buf[lo:hi], '\n')
			if nl < 0 {
				break
			}
			if nl > maxLine {
				break
			}
			if err := p.one(buf[lo : lo+nl]); err != nil {
				return nil, nil, err
			}
			lo += nl + 1
		}
		if total > MaxGridInputBytes {
			return nil, nil, tooLarge(name, p.line+1, MaxGridInputBytes)
		}
		if hi-lo > maxLine {
			return nil, nil, LineTooLong(name, p.line+1)
		}
	}
	if lo < hi {
		if err := p.one(buf[lo:hi]); err != nil {
			return nil, nil, err
		}
	}
	p.closeMaze()
	if len(p.mazes) == 0 {
		return nil, nil, &ParseError{File: name, Err: ErrEmpty}
	}
	return p.mazes, p.lines, nil
}

// mazeParser is the state of ParseLines: the mazes read so far and the
// one being read.
type mazeParser struct {
	name  string // the input's name, for errors
	mazes []Maze // the mazes read so far
	lines []int  // the 1-based line on which each maze begins
	cur   *Maze  // the maze being read; nil between mazes
	line  int    // the 1-based line last handled
	// arena holds the rows of many mazes back to back, so that a
	// maze costs no allocation of its own; start is where the rows
	// of the maze being read begin.
	arena []uint64
	start int
}

// closeMaze ends the maze being read, if any.
func (p *mazeParser) closeMaze() {
	if p.cur != nil {
		p.cur.Walls = p.arena[p.start:len(p.arena):len(p.arena)]
		p.cur = nil
	}
}

// one handles the next line, without its newline: a blank line ends a
// maze, a comment is skipped and any other line is a row.
func (p *mazeParser) one(raw []byte) error {
	p.line++
	text := trimSpace(raw)
	switch {
	case len(text) == 0:
		p.closeMaze()
		return nil
	case text[0] == ';':
		return nil
	}
	if p.cur == nil {
		if len(p.mazes) == MaxMazes {
			return &ParseError{File: p.name, Line: p.line,
				Err: fmt.Errorf("%w: more than %d mazes, the most one input may hold (give them as several files)", ErrTooLarge, MaxMazes)}
		}
		if cap(p.arena)-len(p.arena) < MaxSide {
			p.arena = make([]uint64, 0, 64<<10)
		}
		p.start = len(p.arena)
		p.mazes = append(p.mazes, Maze{})
		p.lines = append(p.lines, p.line)
		p.cur = &p.mazes[len(p.mazes)-1]
	}
	row, width, err := parseRow(text)
	if err != nil {
		return &ParseError{File: p.name, Line: p.line, Err: err}
	}
	cur := p.cur
	if cur.Rows == 0 {
		cur.Cols = width
	} else if width != cur.Cols {
		return &ParseError{File: p.name, Line: p.line,
			Err: fmt.Errorf("%w: row has %d cells, want %d", ErrRowWidth, width, cur.Cols)}
	}
	if cur.Rows == MaxSide {
		return &ParseError{File: p.name, Line: p.line,
			Err: fmt.Errorf("%w: maze has more than %d rows", ErrTooTall, MaxSide)}
	}
	p.arena = append(p.arena, row)
	cur.Rows++
	return nil
}

// trimSpace drops the spaces, tabs, carriage returns and the newline at
// both ends of a line.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// cellClass classifies a byte of a maze row: 0 an open cell, 1 a wall,
// 2 anything else.
var cellClass = func() (t [256]uint8) {
	for i := range t {
		t[i] = 2
	}
	t['.'], t['X'], t['#'] = 0, 1, 1
	return t
}()

// parseRow turns one row of text into a wall mask and its width.
func parseRow(text []byte) (uint64, int, error) {
	if len(text) <= MaxSide {
		// The common case without a branch per cell: classify every
		// byte, and look for the bad one only when there is one.
		var row uint64
		var bad uint8
		for i, ch := range text {
			k := cellClass[ch]
			row |= uint64(k&1) << uint(i)
			bad |= k
		}
		if bad&2 == 0 {
			return row, len(text), nil
		}
	}
	var row uint64
	col := 0
	for i := 0; i < len(text); col++ {
		if col == MaxSide {
			return 0, 0, fmt.Errorf("%w: row has more than %d cells", ErrTooWide, MaxSide)
		}
		switch text[i] {
		case '.':
		case 'X', '#':
			row |= 1 << uint(col)
		default:
			ch, _ := utf8.DecodeRune(text[i:])
			return 0, 0, fmt.Errorf("%w %q in column %d (want '.', 'X' or '#')", ErrBadCell, ch, col+1)
		}
		i++
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
