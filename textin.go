package mousemaze

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Every reader of user input holds to these limits, so that an endless
// or huge input (/dev/zero, the output of yes) ends in an error naming
// the file, the line and the limit, not in running out of memory. They
// are far above what a real input needs; docs/commands.md lists them.
const (
	// MaxInputBytes is the most bytes read from one input by the readers
	// that take an input whole (ReadAllText): edge boards (ParseEdges,
	// ReadBlocks and the formats built on them, such as game positions
	// and classic boards), graph JSON (ParseGraph), Viennese mazes and
	// sweep reports. The largest game position (game.MaxCells cells)
	// drawn in the edge format takes about 24 MiB.
	MaxInputBytes = 32 << 20
	// MaxLineBytes is the longest line, without its newline, that the
	// line readers (ParseLines, the Viennese text format) take. A grid
	// maze row is at most MaxSide cells.
	MaxLineBytes = 1 << 16
	// MaxGridInputBytes is the most bytes ParseLines reads from one input
	// of grid mazes. It streams its input rather than hold it, so its
	// limit is higher than MaxInputBytes: about five million 13x13 mazes.
	MaxGridInputBytes = 1 << 30
	// MaxMazes is the most mazes or boards read from one input: by
	// ParseLines (a million 13x13 mazes take about 200 MiB of text), and
	// the blocks of ReadBlocks and the formats built on it. Give more as
	// several files.
	MaxMazes = 1 << 20
)

var (
	// ErrTooLarge reports an input over its reader's limit:
	// MaxInputBytes, MaxGridInputBytes or MaxMazes.
	ErrTooLarge = errors.New("input too large")
	// ErrLineTooLong reports a line of more than MaxLineBytes bytes.
	ErrLineTooLong = errors.New("line too long")
)

// bom is the UTF-8 encoding of U+FEFF, the byte-order mark that some
// editors write at the start of a text file.
var bom = []byte{0xEF, 0xBB, 0xBF}

// SkipBOM returns a reader of what r holds after a leading UTF-8
// byte-order mark, if r starts with one, and of all of r otherwise. It
// reads no more of r than the first Read needs to tell, so it can wrap an
// interactive input. Every text reader of this module reads through it
// (ParseLines, and ReadAllText for the readers that take an input whole).
func SkipBOM(r io.Reader) io.Reader { return &bomReader{r: r} }

// bomReader is the reader of SkipBOM.
type bomReader struct {
	r       io.Reader
	checked bool   // whether the head has been read and checked
	head    []byte // bytes read while checking, not yet returned
	err     error  // the error met while checking, returned after head
}

// Read reads from r, without a leading byte-order mark.
func (b *bomReader) Read(p []byte) (int, error) {
	if !b.checked {
		// Read until the bytes can no longer start a mark, or are one.
		var buf [3]byte
		n := 0
		for n < len(bom) && bytes.HasPrefix(bom, buf[:n]) && b.err == nil {
			var k int
			k, b.err = b.r.Read(buf[n:])
			n += k
		}
		b.checked = true
		if !bytes.Equal(buf[:n], bom) {
			b.head = append([]byte(nil), buf[:n]...)
		}
	}
	if len(b.head) > 0 {
		n := copy(p, b.head)
		b.head = b.head[n:]
		return n, nil
	}
	if b.err != nil {
		return 0, b.err
	}
	return b.r.Read(p)
}

// ReadAllText reads all of r, an input named name, without a leading
// byte-order mark (SkipBOM). An input of more than MaxInputBytes is
// refused once its first MaxInputBytes+1 bytes are read, with a
// *ParseError that names the file and the line where the limit was
// passed and wraps ErrTooLarge; a read error is a *ParseError naming the
// file.
func ReadAllText(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(SkipBOM(r), MaxInputBytes+1))
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	if len(data) > MaxInputBytes {
		return nil, tooLarge(name, 1+bytes.Count(data, []byte("\n")), MaxInputBytes)
	}
	return data, nil
}

// tooLarge returns the error of an input name longer than limit bytes,
// passed on its line (1-based): a *ParseError wrapping ErrTooLarge.
func tooLarge(name string, line int, limit int64) error {
	return &ParseError{File: name, Line: line,
		Err: fmt.Errorf("%w: more than %d MiB (%d bytes), the most one input may hold", ErrTooLarge, limit>>20, limit)}
}

// LineTooLong returns the error of a line (1-based) of the input name
// that is longer than MaxLineBytes: a *ParseError wrapping ErrLineTooLong.
func LineTooLong(name string, line int) error {
	return &ParseError{File: name, Line: line,
		Err: fmt.Errorf("%w: longer than %d bytes, the most a line may hold", ErrLineTooLong, MaxLineBytes)}
}
