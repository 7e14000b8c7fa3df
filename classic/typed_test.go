package classic

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestTypedMovesReaders feeds the typed games (blind and interpreted) a
// byte-order mark before the moves, which must be skipped, and a line
// longer than the reader takes, which must be reported as such instead of
// ending the game as if the player gave up silently.
func TestTypedMovesReaders(t *testing.T) {
	b := loadBoard(t, "fig15.txt")
	long := strings.Repeat("x", 70000) + "\n"
	for _, tc := range []struct {
		name string
		play func(in string) string
	}{
		{"blind", func(in string) string {
			var out bytes.Buffer
			NewGame(b.Nav(), East).Play(strings.NewReader(in), &out)
			return out.String()
		}},
		{"interpreted", func(in string) string {
			g, err := NewInterpreted(b, ThemeBureau, 1)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			g.Play(strings.NewReader(in), &out)
			return out.String()
		}},
	} {
		if plain, bom := tc.play("q\n"), tc.play("\ufeffq\n"); plain != bom {
			t.Errorf("%s: a byte-order mark changes the game:\n%s\n---\n%s", tc.name, plain, bom)
		}
		if out := tc.play(long); !strings.Contains(out, "line too long: a typed line is longer than 65536 bytes") {
			t.Errorf("%s: a long line: %s", tc.name, out[max(0, len(out)-300):])
		}
	}
	if err := movesError(errors.New("disk")); errors.Is(err, mousemaze.ErrLineTooLong) || !strings.Contains(err.Error(), "disk") {
		t.Errorf("movesError(disk) = %v", err)
	}
}
