package game

import (
	"fmt"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// Positions are read and written in the edge text format of
// docs/variants.md (the format of mousemaze.ParseEdges): a board of R×C
// cells is 2R+1 lines of 2C+1 characters,
//
//	+ +-+-+
//	|. .|.|
//	+-+ + +
//	|. . .|
//	+-+-+-+
//
// cells at odd line and column positions ('.' or a space), '|' between
// two cells of a row a wall (Right cannot pass), '-' between two cells of
// a column a wall (Left cannot pass), a space an open edge, '+' at the
// corners. The outer frame is not read: the board's edge is always
// closed. Boards are separated by blank lines and ';' starts a comment
// line. Unlike mousemaze.ParseEdges, boards may be wider or taller than
// 64 cells (up to MaxCells cells), since built positions can be.

// String returns p in the edge text format, the frame drawn with a gap
// above the token's cell.
func (p Position) String() string {
	var b strings.Builder
	border := func(gap int) {
		b.WriteByte('+')
		for c := range p.Cols {
			if c == gap {
				b.WriteByte(' ')
			} else {
				b.WriteByte('-')
			}
			b.WriteByte('+')
		}
		b.WriteByte('\n')
	}
	border(0)
	for r := range p.Rows {
		b.WriteByte('|')
		for c := range p.Cols {
			b.WriteByte('.')
			if p.RightWall(r, c) {
				b.WriteByte('|')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
		if r == p.Rows-1 {
			break
		}
		b.WriteByte('+')
		for c := range p.Cols {
			if p.DownWall(r, c) {
				b.WriteByte('-')
			} else {
				b.WriteByte(' ')
			}
			b.WriteByte('+')
		}
		b.WriteByte('\n')
	}
	border(-1)
	return b.String()
}

// Parse reads every board in r and returns them with the 1-based line on
// which each begins. Errors are *mousemaze.ParseError values naming the
// file, the line and the problem.
func Parse(r io.Reader, name string) ([]Position, []int, error) {
	blocks, err := mousemaze.ReadBlocks(r, name)
	if err != nil {
		return nil, nil, err
	}
	if len(blocks) == 0 {
		return nil, nil, &mousemaze.ParseError{File: name, Err: mousemaze.ErrEmpty}
	}
	out := make([]Position, len(blocks))
	first := make([]int, len(blocks))
	for i, b := range blocks {
		if out[i], err = parseBlock(b.Lines, name, b.Start); err != nil {
			return nil, nil, err
		}
		first[i] = b.Start
	}
	return out, first, nil
}

// parseBlock reads one board from its lines; start is the 1-based line of
// the first.
func parseBlock(lines []string, name string, start int) (Position, error) {
	fail := func(i int, format string, a ...any) (Position, error) {
		return Position{}, &mousemaze.ParseError{File: name, Line: start + i, Err: fmt.Errorf(format, a...)}
	}
	w := len(lines[0])
	if len(lines)%2 == 0 || len(lines) < 3 {
		return fail(len(lines)-1, "%w: a board has an odd number of lines (2·rows+1), not %d", mousemaze.ErrRowWidth, len(lines))
	}
	if w%2 == 0 || w < 3 {
		return fail(0, "%w: a board line has an odd length (2·cols+1), not %d", mousemaze.ErrRowWidth, w)
	}
	rows, cols := (len(lines)-1)/2, (w-1)/2
	p, err := NewPosition(rows, cols)
	if err != nil {
		return fail(0, "%w: %v", mousemaze.ErrTooWide, err)
	}
	for i, line := range lines {
		if len(line) != w {
			return fail(i, "%w: line has %d characters, want %d", mousemaze.ErrRowWidth, len(line), w)
		}
		frame := i == 0 || i == len(lines)-1
		for j := 0; j < w; j++ {
			ch := line[j]
			var ok bool
			switch {
			case i%2 == 0 && j%2 == 0: // corner
				ok = ch == '+'
			case frame: // top or bottom frame
				ok = ch == '-' || ch == ' '
			case j == 0 || j == w-1: // side frame
				ok = ch == '|'
			case i%2 == 1 && j%2 == 1: // cell
				ok = ch == '.' || ch == ' '
			case i%2 == 1: // between two cells of a row
				ok = ch == '|' || ch == ' '
				if ch == '|' {
					p.SetRightWall(i/2, j/2-1, true)
				}
			default: // between two cells of a column
				ok = ch == '-' || ch == ' '
				if ch == '-' {
					p.SetDownWall(i/2-1, j/2, true)
				}
			}
			if !ok {
				return fail(i, "%w %q at column %d", mousemaze.ErrBadCell, ch, j+1)
			}
		}
	}
	return p, nil
}
