package mazetest

import (
	"io"
	"strings"
)

// BOM is the UTF-8 byte-order mark that some editors write at the start
// of a text file; every reader of the module skips it.
const BOM = "\uFEFF"

// Endless returns a reader of head and then pattern again and again
// without end, like /dev/zero or the output of yes: the input that the
// readers' size limits (mousemaze.MaxInputBytes and the others) must stop.
// A pattern of "" gives head and then zero bytes without end.
func Endless(head, pattern string) io.Reader {
	if pattern == "" {
		pattern = "\x00"
	}
	// Whole copies of the pattern in a block of some KiB fill p fast.
	return &endless{head: head, pattern: strings.Repeat(pattern, 1+4096/len(pattern))}
}

// endless is the reader of Endless.
type endless struct {
	head, pattern string
	at            int // the offset in pattern of the next byte
}

// Read fills p, always wholly.
func (e *endless) Read(p []byte) (int, error) {
	n := 0
	if e.head != "" {
		n = copy(p, e.head)
		e.head = e.head[n:]
	}
	for n < len(p) {
		k := copy(p[n:], e.pattern[e.at:])
		n += k
		e.at = (e.at + k) % len(e.pattern)
	}
	return n, nil
}
