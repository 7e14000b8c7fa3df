package ladder

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestRecords re-walks every record maze of testdata/records.txt with the
// reference walk (default ends, order DRLU) and checks the turns its
// heading states.
func TestRecords(t *testing.T) {
	const name = "../../testdata/records.txt"
	rs, err := ReadRecords(name)
	if err != nil {
		t.Fatal(err)
	}
	mazes, err := mousemaze.ParseFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.List) != len(mazes) || len(mazes) == 0 {
		t.Fatalf("%s: %d mazes but %d records", name, len(mazes), len(rs.List))
	}
	for _, r := range rs.List {
		t.Run(r.Maze.Size().String(), func(t *testing.T) {
			res, err := mousemaze.Walk(r.Maze, mousemaze.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Escaped || res.Turns != r.Turns {
				t.Errorf("%s:%d: says %d turns, the walk takes %d (escaped %v)", name, r.Line, r.Turns, res.Turns, res.Escaped)
			}
		})
	}
}

// TestRecordsRoundTrip checks that Write gives back the records file it
// read, byte for byte.
func TestRecordsRoundTrip(t *testing.T) {
	data, err := os.ReadFile("../../testdata/records.txt")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := parseRecords(bytes.NewReader(data), "records.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := rs.Write(&out); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(data) {
		t.Errorf("Write of records.txt differs from the file:\n%s", out.String())
	}
}

func TestRecordsPutBest(t *testing.T) {
	var rs Records
	rs.Header = []string{"; a header"}
	mk := func(n int, turns int64) Record {
		return Record{Maze: mousemaze.NewMaze(n, n), Turns: turns, Note: fmt.Sprintf("n%d", turns)}
	}
	rs.Put(mk(5, 10))
	rs.Put(mk(3, 4))
	rs.Put(mk(4, 7))
	rs.Put(mk(4, 9)) // replaces the 4x4
	var sizes []string
	for _, r := range rs.List {
		sizes = append(sizes, fmt.Sprintf("%s:%d", r.Maze.Size(), r.Turns))
	}
	if got := strings.Join(sizes, " "); got != "3x3:4 4x4:9 5x5:10" {
		t.Errorf("records after Put = %s", got)
	}
	if r, ok := rs.Best(mousemaze.Size{Rows: 4, Cols: 4}); !ok || r.Turns != 9 {
		t.Errorf("Best(4x4) = %v, %v", r.Turns, ok)
	}
	if _, ok := rs.Best(mousemaze.Size{Rows: 6, Cols: 6}); ok {
		t.Error("Best(6x6) found a record")
	}
	var out bytes.Buffer
	if err := rs.Write(&out); err != nil {
		t.Fatal(err)
	}
	back, err := parseRecords(&out, "back")
	if err != nil || len(back.List) != 3 || back.List[1].Turns != 9 || back.List[1].Note != "n9" || !back.List[2].Maze.Equal(mousemaze.NewMaze(5, 5)) {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

func TestParseRecordsErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{"..\n..\n", "f:1: the maze has no heading"},
		{"; 2x2 turns 3: x\n...\n...\n", "f:1: the heading says 2x2, the maze is 2x3"},
		{"; 2x2 turns 3: x\n", "no maze"},
		{"; 2x2 turns 3\n; 2x2 turns 4\n..\n..\n", "f:1: heading with no maze"},
		{"; 2x2 turns 3\n..\n.Z\n", "f"},
	} {
		_, err := parseRecords(strings.NewReader(c.in), "f")
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("parseRecords(%q) = %v, want an error with %q", c.in, err, c.msg)
		}
	}
}
