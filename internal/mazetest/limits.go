package mazetest

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// LimitLine returns the line on which an endless input of head and then
// pattern again and again passes mousemaze.MaxInputBytes.
func LimitLine(head, pattern string) int {
	b, _ := io.ReadAll(io.LimitReader(Endless(head, pattern), mousemaze.MaxInputBytes+1))
	return 1 + strings.Count(string(b), "\n")
}

// TooLarge is the message of mousemaze.ErrTooLarge for an input past
// mousemaze.MaxInputBytes.
func TooLarge() string {
	return fmt.Sprintf("input too large: more than %d MiB", mousemaze.MaxInputBytes>>20)
}

// LimitCase is one endless or oversize input of a reader's limit test:
// the reader must fail with an error wrapping Want, a
// *mousemaze.ParseError at Line whose message starts with Msg (after the
// file and the line); an empty Msg stands for TooLarge's message.
type LimitCase struct {
	Name string
	In   io.Reader
	Want error
	Line int
	Msg  string
}

// CheckLimits runs parse on each case's input under the file name file
// and wants the limit's error: a *mousemaze.ParseError naming the file,
// the line and the limit, rather than a read of all memory, and no word
// of the bufio package's ("bufio.Scanner: token too long").
func CheckLimits(t *testing.T, file string, cases []LimitCase, parse func(in io.Reader, file string) error) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			err := parse(tc.In, file)
			var pe *mousemaze.ParseError
			if !errors.Is(err, tc.Want) || !errors.As(err, &pe) || pe.File != file || pe.Line != tc.Line {
				t.Fatalf("got %v, want a *ParseError at %s:%d wrapping %v", err, file, tc.Line, tc.Want)
			}
			msg := tc.Msg
			if msg == "" {
				msg = TooLarge()
			}
			if want := fmt.Sprintf("%s:%d: %s", file, tc.Line, msg); !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "bufio") {
				t.Errorf("message %q, want prefix %q", err, want)
			}
		})
	}
}
