package mousemaze

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// recordLine is the comment that precedes every maze of
// testdata/records.txt: "; RxC turns N" and then free text.
var recordLine = regexp.MustCompile(`^;\s*(\d+)x(\d+)\s+turns\s+(\d+)\b`)

// TestRecords re-walks every record maze with the reference walk (default
// ends, order DRLU) and checks the size and the turns its comment states.
func TestRecords(t *testing.T) {
	const name = "testdata/records.txt"
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type claim struct {
		line, rows, cols int
		turns            int64
	}
	var claims []claim
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if m := recordLine.FindStringSubmatch(strings.TrimSpace(sc.Text())); m != nil {
			r, _ := strconv.Atoi(m[1])
			c, _ := strconv.Atoi(m[2])
			turns, _ := strconv.ParseInt(m[3], 10, 64)
			claims = append(claims, claim{n, r, c, turns})
		}
	}
	mazes, err := ParseFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if len(mazes) != len(claims) || len(mazes) == 0 {
		t.Fatalf("%s: %d mazes but %d \"; RxC turns N\" lines", name, len(mazes), len(claims))
	}
	for i, m := range mazes {
		c := claims[i]
		t.Run(fmt.Sprintf("%dx%d", c.rows, c.cols), func(t *testing.T) {
			if m.Rows != c.rows || m.Cols != c.cols {
				t.Fatalf("%s:%d: says %dx%d, the maze is %dx%d", name, c.line, c.rows, c.cols, m.Rows, m.Cols)
			}
			res, err := Walk(m, Config{})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Escaped || res.Turns != c.turns {
				t.Errorf("%s:%d: says %d turns, the walk takes %d (escaped %v)", name, c.line, c.turns, res.Turns, res.Escaped)
			}
		})
	}
}
