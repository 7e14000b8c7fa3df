package mousemaze

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
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
	batches, err := ParseBatches(r, name)
	if err != nil {
		return nil, nil, err
	}
	last := batches[len(batches)-1]
	n := last.First + last.Pop.Len()
	mazes := make([]Maze, n)
	lines := make([]int, 0, n)
	for _, b := range batches {
		for j := range b.Pop.Len() {
			mazes[b.First+j] = b.Pop.Maze(j)
		}
		lines = append(lines, b.Lines...)
	}
	return mazes, lines, nil
}

// A Batch is a run of consecutive mazes of one size that ParseBatches
// read, packed back to back in a Population as they were read.
type Batch struct {
	// Pop holds the mazes; Pop.Maze(j) is maze First+j of the input.
	Pop Population
	// First is the index in the input of the batch's first maze.
	First int
	// Lines holds the 1-based line on which each maze's first row
	// stands.
	Lines []int
}

// ParseBatches reads every maze in r, as ParseLines does, and returns
// them in input order as batches: runs of consecutive mazes of one size,
// each read straight into one Population (a new batch starts where the
// size changes, and where the one before has filled its memory). Its
// errors are those of ParseLines.
func ParseBatches(r io.Reader, name string) ([]Batch, error) {
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
			return nil, &ParseError{File: name, Line: p.line, Err: err}
		}
		for {
			// The plain lines go by words (p.plain); the others, and
			// the lines at the chunk's end, one at a time.
			k, err := p.plain(buf[lo:hi])
			lo += k
			if err != nil {
				return nil, err
			}
			nl := bytes.IndexByte(buf[lo:hi], '\n')
			if nl < 0 {
				break
			}
			if nl > maxLine {
				break
			}
			if err := p.one(buf[lo : lo+nl]); err != nil {
				return nil, err
			}
			lo += nl + 1
		}
		if total > MaxGridInputBytes {
			return nil, tooLarge(name, p.line+1, MaxGridInputBytes)
		}
		if hi-lo > maxLine {
			return nil, LineTooLong(name, p.line+1)
		}
	}
	if lo < hi {
		if err := p.one(buf[lo:hi]); err != nil {
			return nil, err
		}
	}
	p.closeMaze()
	p.endBatch(p.used)
	if len(p.lines) == 0 {
		return nil, &ParseError{File: name, Err: ErrEmpty}
	}
	for k := range p.batches {
		b := &p.batches[k]
		b.Lines = p.lines[b.First : b.First+b.Pop.Len() : b.First+b.Pop.Len()]
	}
	return p.batches, nil
}

// mazeParser is the state of ParseBatches: the mazes read so far and the
// one being read. The rows of the mazes go back to back into buf, a
// batch being a stretch of buf, so that a maze costs no allocation of
// its own and the garbage collector has no pointers to follow.
type mazeParser struct {
	name    string  // the input's name, for errors
	line    int     // the 1-based line last handled
	lines   []int   // the line on which each maze read so far begins
	batches []Batch // the batches read, their Lines not yet set
	// buf holds the batch being read from its start on, filled up to
	// used; size is the size of its mazes (zero while it has none).
	buf   []uint64
	used  int
	start int
	size  Size
	// reading tells whether a maze is being read; its rows then begin
	// at buf[at], and rows and cols are its rows so far and its width
	// (set by its first row).
	reading    bool
	at         int
	rows, cols int
}

// Bounds on the words of buf: the first buf holds minBuf words, and each
// next one twice the words of the last, up to maxBuf.
const (
	minBuf = 64 << 10
	maxBuf = 1 << 21
)

// endBatch ends the batch being read at buf[end], if it holds a maze.
func (p *mazeParser) endBatch(end int) {
	if end > p.start {
		pop := Population{Rows: p.size.Rows, Cols: p.size.Cols, Words: p.buf[p.start:end:end]}
		p.batches = append(p.batches, Batch{Pop: pop, First: len(p.lines) - pop.Len() - btoi(p.reading)})
	}
	p.start, p.size = end, Size{}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// closeMaze ends the maze being read, if any. A maze of another size
// than the batch's starts a batch of its own.
func (p *mazeParser) closeMaze() {
	if !p.reading {
		return
	}
	sz := Size{p.rows, p.cols}
	if p.at > p.start && sz != p.size {
		p.endBatch(p.at)
	}
	p.size = sz
	p.reading = false
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
	if !p.reading {
		if err := p.open(); err != nil {
			return err
		}
	}
	row, width, err := parseRow(text)
	if err != nil {
		return &ParseError{File: p.name, Line: p.line, Err: err}
	}
	return p.add(row, width)
}

// open starts a maze on line p.line.
func (p *mazeParser) open() error {
	if len(p.lines) == MaxMazes {
		return &ParseError{File: p.name, Line: p.line,
			Err: fmt.Errorf("%w: more than %d mazes, the most one input may hold (give them as several files)", ErrTooLarge, MaxMazes)}
	}
	if len(p.buf)-p.used < MaxSide {
		p.endBatch(p.used)
		p.buf = make([]uint64, min(max(2*len(p.buf), minBuf), maxBuf))
		p.used, p.start = 0, 0
	}
	p.lines = append(p.lines, p.line)
	p.reading, p.at, p.rows, p.cols = true, p.used, 0, 0
	return nil
}

// add adds a row of the given width to the maze being read.
func (p *mazeParser) add(row uint64, width int) error {
	if p.rows == 0 {
		p.cols = width
	} else if width != p.cols {
		return &ParseError{File: p.name, Line: p.line,
			Err: fmt.Errorf("%w: row has %d cells, want %d", errRowWidth, width, p.cols)}
	}
	if p.rows == MaxSide {
		return &ParseError{File: p.name, Line: p.line,
			Err: fmt.Errorf("%w: maze has more than %d rows", ErrTooTall, MaxSide)}
	}
	p.buf[p.used] = row
	p.used++
	p.rows++
	return nil
}

// ones has the low bit of every byte set.
const ones = 0x0101010101010101

// classify reads the eight bytes of w as cells. In the bytes that are
// walls ('X' or '#') it sets the low bit of walls; diff is zero in the
// bytes that are cells ('.', 'X' or '#') and nonzero in the others.
// Of the three, only '.' has bit 2 set, and of the other two only '#'
// bit 0; the byte each would be is put back together from those bits
// ('X' less what turns it into '.' or '#', never below zero in a byte)
// and compared with the byte that is.
func classify(w uint64) (walls, diff uint64) {
	d := w >> 2 & ones // '.' if a cell
	h := w & ones &^ d // '#' if a cell
	return d ^ ones, w ^ ('X'*ones - d*('X'-'.') - h*('X'-'#'))
}

// gatherLows packs the low bits of the eight bytes of x, whose other
// bits are clear, into its low byte: byte i's bit becomes bit i.
func gatherLows(x uint64) uint64 { return x << 7 * 0x0002040810204081 >> 56 }

// plain reads the lines at the start of b that need nothing trimmed (a
// row of '.', 'X' and '#' right up to its "\n" or "\r\n", or an empty
// line), eight bytes at a time, and returns how many bytes they take.
// It stops before the first other line (a comment, a row with blanks
// or bad characters, one too wide or too many) and before a line too
// near the end of b to be read a word at a time, which ParseBatches's
// line-at-a-time path reads instead, to the same effect.
func (p *mazeParser) plain(b []byte) (int, error) {
	i := 0
	for {
		// Within a maze, the next line is most likely a row as wide as
		// the last: check that guess, which tells where the line ends
		// before its bytes are classified (so that the next line's
		// reading need not wait for this one's).
		if p.reading {
			c, buf, used, rows := p.cols, p.buf, p.used, p.rows
			if c <= 16 {
				i, used, rows = narrowRows(b, i, c, buf, used, rows)
			} else {
				for rows < MaxSide && len(b)-i >= MaxSide+8 {
					row, next, ok := rowOf(b, i, c)
					if !ok {
						break
					}
					buf[used] = row // open left room for MaxSide rows
					used, rows, i = used+1, rows+1, next
				}
			}
			p.line += rows - p.rows
			p.used, p.rows = used, rows
		}
		if i < len(b) && b[i] == '\n' { // a blank line ends the maze
			p.line++
			p.closeMaze()
			i++
			continue
		}
		// A new maze is most likely as wide as the last.
		if c := p.cols; !p.reading && c > 0 && len(b)-i >= MaxSide+8 {
			if row, next, ok := rowOf(b, i, c); ok {
				p.line++
				if err := p.open(); err != nil {
					return i, err
				}
				if err := p.add(row, c); err != nil {
					return i, err
				}
				i = next
				continue
			}
		}
		var row uint64
		n := 0 // the cells read so far
		for {
			if len(b)-(i+n) < 8 {
				return i, nil
			}
			walls, diff := classify(binary.LittleEndian.Uint64(b[i+n:]))
			row |= gatherLows(walls) << uint(n)
			if diff != 0 {
				n += bits.TrailingZeros64(diff) >> 3
				break
			}
			if n += 8; n > MaxSide {
				return i, nil
			}
		}
		// b[i+n], the first byte that is no cell, is within b.
		end := i + n
		switch {
		case n > MaxSide: // the line-at-a-time path says it is too wide
			return i, nil
		case b[end] == '\n':
		case b[end] == '\r' && end+1 < len(b) && b[end+1] == '\n':
			end++
		default:
			return i, nil
		}
		if n < 64 {
			row &= 1<<uint(n) - 1
		}
		p.line++
		if n == 0 {
			p.closeMaze()
		} else {
			if !p.reading {
				if err := p.open(); err != nil {
					return i, err
				}
			}
			if err := p.add(row, n); err != nil {
				return i, err
			}
		}
		i = end + 1
	}
}

// narrowRows reads the rows of c cells (1 ≤ c ≤ 16) at b[i:], each
// ending in "\n" or "\r\n", into buf[used:], until the maze has MaxSide
// rows (it has rows), a line is no such row, or b has less than 24 bytes
// left. It returns where it stopped, used and rows. It is rowOf for
// narrow rows, with the loop over rows inside.
func narrowRows(b []byte, i, c int, buf []uint64, used, rows int) (int, int, int) {
	if c < 1 || c > 16 { // so that the compiler can drop the bounds checks of line[c]
		return i, used, rows
	}
	m0, m1 := narrowMasks(c)
	for rows < MaxSide && len(b)-i >= 24 {
		line := b[i : i+24]
		next := i + c + 1
		if line[c] != '\n' {
			if line[c] != '\r' || line[c+1] != '\n' {
				break
			}
			next++
		}
		// narrowRow, written out: the compiler would not inline it.
		walls0, diff0 := classify(binary.LittleEndian.Uint64(line[0:8]))
		walls1, diff1 := classify(binary.LittleEndian.Uint64(line[8:16]))
		if diff0&m0|diff1&m1 != 0 {
			break
		}
		buf[used] = gatherLows(walls0&m0) | gatherLows(walls1&m1)<<8
		used, rows, i = used+1, rows+1, next
	}
	return i, used, rows
}

// narrowMasks returns the masks of the first c bytes (1 ≤ c ≤ 16) of two
// words, for narrowRow.
func narrowMasks(c int) (m0, m1 uint64) {
	if c > 8 {
		return ^uint64(0), firstBytes[c&7]
	}
	return firstBytes[c&7], 0
}

// narrowRow reads the bytes of line[:16] that the masks m0 and m1 of
// narrowMasks keep as a row of cells, and returns its walls, or ok false
// when a byte kept is no cell.
func narrowRow(line []byte, m0, m1 uint64) (row uint64, ok bool) {
	walls0, diff0 := classify(binary.LittleEndian.Uint64(line[0:8]))
	walls1, diff1 := classify(binary.LittleEndian.Uint64(line[8:16]))
	return gatherLows(walls0&m0) | gatherLows(walls1&m1)<<8, diff0&m0|diff1&m1 == 0
}

// rowOf reads b[i:] as a row of c cells (1 ≤ c ≤ MaxSide) ending in
// "\n" or "\r\n", b holding at least MaxSide+8 bytes from i. It returns
// the row's walls and where the next line starts, or ok false when b[i:]
// is not such a row.
func rowOf(b []byte, i, c int) (row uint64, next int, ok bool) {
	b = b[i : i+MaxSide+8]
	switch {
	case b[c] == '\n':
		next = i + c + 1
	case b[c] == '\r' && b[c+1] == '\n':
		next = i + c + 2
	default:
		return 0, 0, false
	}
	if c <= 16 {
		m0, m1 := narrowMasks(c)
		row, ok = narrowRow(b, m0, m1)
		return row, next, ok
	}
	bad := uint64(0)
	for n := 0; n < c; n += 8 {
		walls, diff := classify(binary.LittleEndian.Uint64(b[n : n+8]))
		if k := c - n; k < 8 {
			walls, diff = walls&firstBytes[k], diff&firstBytes[k]
		}
		bad |= diff
		row |= gatherLows(walls) << (uint(n) & 63)
	}
	return row, next, bad == 0
}

// firstBytes[k] has the bits of the first k bytes of a word set, all of
// them for k = 0.
var firstBytes = [8]uint64{^uint64(0), 1<<8 - 1, 1<<16 - 1, 1<<24 - 1, 1<<32 - 1, 1<<40 - 1, 1<<48 - 1, 1<<56 - 1}

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
			return 0, 0, fmt.Errorf("%w %q in column %d (want '.', 'X' or '#')", errBadCell, ch, col+1)
		}
		i++
	}
	return row, col, nil
}

// ParseFile reads every maze in the named file; the name "-" reads
// standard input.
func ParseFile(name string) ([]Maze, error) {
	mazes, _, err := ParseFileWith(name, ParseLines)
	return mazes, err
}

// ParseFileWith reads the named file with parse (ParseLines, ParseEdges,
// or a format built on ParseBlocks such as game.Parse), which is given
// the file and its name; the name "-" reads standard input.
func ParseFileWith[T any](name string, parse func(r io.Reader, name string) ([]T, []int, error)) ([]T, []int, error) {
	if name == "-" {
		return parse(os.Stdin, "-")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return parse(f, name)
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
