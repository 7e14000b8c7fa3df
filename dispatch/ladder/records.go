package ladder

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// This file reads and writes records files (testdata/records.txt, the
// records of mousemaze hunt): mazes in the text format, each after a
// heading "; RxC turns N: how it was found".

// recordHeading matches a record's heading, "; RxC turns N" and then
// free text.
var recordHeading = regexp.MustCompile(`^;\s*(\d+)x(\d+)\s+turns\s+(\d+)\b\s*:?\s*(.*)$`)

// A Record is one maze of a records file.
type Record struct {
	Maze mousemaze.Maze
	// Turns is the walk's length that the heading states.
	Turns int64
	// Note is the heading's text after "; RxC turns N:" (how the maze
	// was found); Comments the comment lines between the heading and the
	// maze, without their ';'.
	Note     string
	Comments []string
	// Line is the heading's line in the file (0 for a new record).
	Line int
}

// Heading is the record's heading line, "; RxC turns N: Note".
func (r Record) Heading() string {
	h := fmt.Sprintf("; %dx%d turns %d", r.Maze.Rows, r.Maze.Cols, r.Turns)
	if r.Note != "" {
		h += ": " + r.Note
	}
	return h
}

// Records is a records file: its header (the lines before the first
// record) and its records in the file's order.
type Records struct {
	Header []string
	List   []Record
}

// parseRecords reads a records file from r (name is for errors). Every
// maze must follow its heading, and a heading's size must be its maze's;
// errors name the line.
func parseRecords(r io.Reader, name string) (Records, error) {
	data, err := io.ReadAll(io.LimitReader(mousemaze.SkipBOM(r), mousemaze.MaxGridInputBytes+1))
	if err != nil {
		return Records{}, err
	}
	mazes, starts, err := mousemaze.ParseLines(bytes.NewReader(data), name)
	if err != nil {
		return Records{}, err
	}
	var rs Records
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	next := 0 // the next maze to claim a heading
	var cur *Record
	for i, line := range lines {
		n := i + 1
		if next < len(mazes) && n == starts[next] {
			if cur == nil {
				return Records{}, fmt.Errorf("%s:%d: the maze has no heading \"; RxC turns N\" before it", name, n)
			}
			m := mazes[next]
			if m.Rows != cur.Maze.Rows || m.Cols != cur.Maze.Cols {
				return Records{}, fmt.Errorf("%s:%d: the heading says %dx%d, the maze is %s", name, cur.Line, cur.Maze.Rows, cur.Maze.Cols, m.Size())
			}
			cur.Maze = m
			rs.List = append(rs.List, *cur)
			cur, next = nil, next+1
			continue
		}
		t := strings.TrimSpace(line)
		if h := recordHeading.FindStringSubmatch(t); h != nil {
			if cur != nil {
				return Records{}, fmt.Errorf("%s:%d: heading with no maze after it", name, cur.Line)
			}
			rows, _ := strconv.Atoi(h[1])
			cols, _ := strconv.Atoi(h[2])
			turns, err := strconv.ParseInt(h[3], 10, 64)
			if err != nil {
				return Records{}, fmt.Errorf("%s:%d: turns %q: %v", name, n, h[3], err)
			}
			cur = &Record{Maze: mousemaze.Maze{Rows: rows, Cols: cols}, Turns: turns, Note: h[4], Line: n}
			continue
		}
		switch {
		case cur != nil && strings.HasPrefix(t, ";"):
			cur.Comments = append(cur.Comments, strings.TrimPrefix(t, ";"))
		case len(rs.List) == 0 && cur == nil && (t == "" || strings.HasPrefix(t, ";")):
			rs.Header = append(rs.Header, line)
		}
	}
	if cur != nil {
		return Records{}, fmt.Errorf("%s:%d: heading with no maze after it", name, cur.Line)
	}
	for len(rs.Header) > 0 && strings.TrimSpace(rs.Header[len(rs.Header)-1]) == "" {
		rs.Header = rs.Header[:len(rs.Header)-1]
	}
	return rs, nil
}

// ReadRecords reads the records file at path, as parseRecords reads one,
// and walks every record's maze under the file's rules (recordRules):
// a heading whose turns are not its maze's walk is an error naming the
// file and the heading's line, as is an infeasible maze. A file that does
// not exist is an empty Records.
func ReadRecords(path string) (Records, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return Records{}, nil
	} else if err != nil {
		return Records{}, err
	}
	defer f.Close()
	rs, err := parseRecords(f, path)
	if err != nil {
		return Records{}, err
	}
	return rs, rs.check(path)
}

// recordRules are the rules of a records file's mazes: the default ones
// (entry and exit in column 0, order DRLU, exact counting, no cap).
var recordRules = mousemaze.Config{}

// walkRecord returns the turns of m's walk under recordRules; an
// infeasible maze, or one the mouse does not escape, is an error.
func walkRecord(m mousemaze.Maze) (int64, error) {
	res, err := mousemaze.Walk(m, recordRules)
	switch {
	case err != nil:
		return 0, err
	case !res.Feasible:
		return 0, fmt.Errorf("the maze is infeasible: the mouse cannot reach the exit")
	case !res.Escaped:
		return 0, fmt.Errorf("the mouse does not escape the maze")
	}
	return res.Turns, nil
}

// check walks every record of rs (read from name) and wants the turns its
// heading states; its errors name the heading's line.
func (rs Records) check(name string) error {
	for _, r := range rs.List {
		turns, err := walkRecord(r.Maze)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, r.Line, err)
		}
		if turns != r.Turns {
			return fmt.Errorf("%s:%d: the heading says %d turns, but the maze walks %d", name, r.Line, r.Turns, turns)
		}
	}
	return nil
}

// Best returns the record of size sz, if any (the longest when there are
// several).
func (rs Records) Best(sz mousemaze.Size) (Record, bool) {
	var best Record
	found := false
	for _, r := range rs.List {
		if r.Maze.Size() == sz && (!found || r.Turns > best.Turns) {
			best, found = r, true
		}
	}
	return best, found
}

// Put makes rec the record of its size: it replaces the records of that
// size, or goes in order of size (rows, then columns) among the others.
func (rs *Records) Put(rec Record) {
	sz := rec.Maze.Size()
	rs.List = slices.DeleteFunc(rs.List, func(r Record) bool { return r.Maze.Size() == sz })
	i, _ := slices.BinarySearchFunc(rs.List, sz, func(r Record, s mousemaze.Size) int {
		if r.Maze.Rows != s.Rows {
			return r.Maze.Rows - s.Rows
		}
		return r.Maze.Cols - s.Cols
	})
	rs.List = slices.Insert(rs.List, i, rec)
}

// Write writes rs as ReadRecords reads it: the header, a blank line, then
// every record (heading, comments, maze), blank lines between them.
func (rs Records) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, h := range rs.Header {
		fmt.Fprintln(bw, h)
	}
	if len(rs.Header) > 0 {
		fmt.Fprintln(bw)
	}
	for i, r := range rs.List {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintln(bw, r.Heading())
		for _, c := range r.Comments {
			fmt.Fprintf(bw, ";%s\n", c)
		}
		fmt.Fprint(bw, r.Maze.String())
		if !strings.HasSuffix(r.Maze.String(), "\n") {
			fmt.Fprintln(bw)
		}
	}
	return bw.Flush()
}
