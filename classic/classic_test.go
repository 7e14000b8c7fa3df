package classic

import (
	"os"
	"strings"
	"testing"
)

// loadBoard reads the single board of a testdata file.
func loadBoard(t *testing.T, name string) Board {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bs, _, err := ParseBoards(f, name)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 {
		t.Fatalf("%s holds %d boards, want 1", name, len(bs))
	}
	return bs[0]
}

// parseBoard reads one board from text.
func parseBoard(t *testing.T, text string) Board {
	t.Helper()
	bs, _, err := ParseBoards(strings.NewReader(text), "test")
	if err != nil {
		t.Fatal(err)
	}
	return bs[0]
}

// cellOf converts the seed's 1-based cell numbers on a 3x3 board.
func cellOf(k int) int { return k - 1 }
