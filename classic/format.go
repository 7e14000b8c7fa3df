package classic

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// A classic board file is the edge text format of the root package
// (mousemaze.ParseEdges, docs/variants.md) with the board's options in
// directive lines, comment lines that begin with "; classic":
//
//	; classic start R,C      the start cell (default 0,0)
//	; classic goal R,C       the goal cell (default the bottom-right cell)
//	; classic wrap cols      wrap around east to west (also: rows, both)
//	; classic oneway R,C D   the door on side D (N, E, S, W) of cell R,C
//	                         can be passed only from that cell
//
// Directives belong to the board that follows them; a board takes one
// start and one goal (a second is an error). On a board that wraps,
// the frame is read: a space in the side frame of a cell line is an open
// wrap-around edge between the row's last and first cells, '|' a wall; a
// space in the top and bottom frame lines above and below a cell is an
// open edge between the column's last and first cells, '-' a wall (the
// two frame lines must agree). Cells of wrapping boards are drawn '.'.
// Elsewhere the frame is not read and the board is closed.

const directive = "classic"

type pendingBoard struct {
	start, goal    [2]int
	hasStart       bool
	hasGoal        bool
	startLine      int // the lines of the start and goal directives
	goalLine       int
	wrapC, wrapR   bool
	oneway         [][3]int // r, c, dir
	onewayLine     []int
	firstDirective int
}

// ParseBoards reads every board in r and returns them with the 1-based
// line on which each begins. Errors are *mousemaze.ParseError values that
// name the file, the line and the problem. The input is read whole with
// mousemaze.ReadAllText: a leading byte-order mark is skipped, and an
// input of more than mousemaze.MaxInputBytes is refused with an error
// wrapping mousemaze.ErrTooLarge.
func ParseBoards(r io.Reader, name string) ([]Board, []int, error) {
	data, err := mousemaze.ReadAllText(r, name)
	if err != nil {
		return nil, nil, err
	}
	// The lines are taken one by one, not split into a slice, so that an
	// input of many short lines costs no memory per line; only the lines
	// of wrapping boards, which are read again below, are kept.
	text := string(data)
	s := boardScan{name: name}
	for i, rest := 0, text; rest != "" || i == 0; i++ {
		var raw string
		raw, rest, _ = strings.Cut(rest, "\n")
		if err := s.line(i, raw); err != nil {
			return nil, nil, err
		}
	}
	s.endBlock()
	if s.cur.firstDirective > 0 {
		return nil, nil, s.errorf(s.cur.firstDirective, "a classic directive after the last board")
	}
	closed, wrapWalls, err := s.readFrames()
	if err != nil {
		return nil, nil, err
	}
	if len(closed) > 0 {
		text = replaceLines(text, closed)
	}
	mazes, first, err := mousemaze.ParseEdges(strings.NewReader(text), name)
	if err != nil {
		return nil, nil, err
	}
	if len(mazes) != len(s.opts) {
		return nil, nil, s.errorf(0, "found %d boards but %d option sets", len(mazes), len(s.opts))
	}
	boards := make([]Board, len(mazes))
	for k, m := range mazes {
		if boards[k], err = s.board(m, s.opts[k], wrapWalls[k], first[k]); err != nil {
			return nil, nil, err
		}
	}
	return boards, first, nil
}

// textLine is one line of the input.
type textLine struct {
	i int    // the 0-based line number
	s string // the line, without its newline
}

// maxBlockLines is the most lines a wrapping board may have: a classic
// board of at most MaxSide rows takes 2·MaxSide+1 lines.
const maxBlockLines = 2*mousemaze.MaxSide + 1

// boardScan is the state of ParseBoards' first pass over the input: the
// options of each board from the directives before it, and the lines of
// the boards that wrap, whose frames are read again.
type boardScan struct {
	name    string         // the input's name, for errors
	opts    []pendingBoard // the options of each board
	cur     pendingBoard   // the options of the next board
	inBlock bool           // whether the last line was a board line
	block   []textLine     // the lines of the current block, if it wraps
	blocks  [][]textLine   // the lines of each wrapping block (nil for the others)
	wraps   []bool         // whether each block's board wraps
	start   int            // the line of the current block's first line
}

// errorf returns a *mousemaze.ParseError for the 1-based line of the input.
func (s *boardScan) errorf(line int, format string, a ...any) error {
	return &mousemaze.ParseError{File: s.name, Line: line, Err: fmt.Errorf(format, a...)}
}

// endBlock ends the current block, if any.
func (s *boardScan) endBlock() {
	if s.inBlock {
		s.blocks = append(s.blocks, s.block)
		s.inBlock, s.block = false, nil
	}
}

// line takes line i (0-based) of the input, raw as read (without its
// newline): a directive, a blank line that ends a block, or a board line.
func (s *boardScan) line(i int, raw string) error {
	t := strings.TrimSpace(strings.TrimRight(raw, "\r"))
	switch {
	case strings.HasPrefix(t, ";"):
		f := strings.Fields(strings.TrimPrefix(t, ";"))
		if len(f) == 0 || f[0] != directive {
			return nil
		}
		if s.inBlock {
			return s.errorf(i+1, "a classic directive inside a board")
		}
		if err := s.cur.apply(f[1:], i+1); err != nil {
			return s.errorf(i+1, "%v", err)
		}
	case t == "":
		s.endBlock()
	default:
		if !s.inBlock {
			if len(s.opts) == mousemaze.MaxMazes {
				return s.errorf(i+1, "%w: more than %d boards, the most one input may hold (give them as several files)", mousemaze.ErrTooLarge, mousemaze.MaxMazes)
			}
			s.inBlock, s.start = true, i+1
			s.opts = append(s.opts, s.cur)
			s.wraps = append(s.wraps, s.cur.wrapC || s.cur.wrapR)
			s.cur = pendingBoard{}
		}
		if s.wraps[len(s.wraps)-1] {
			if len(s.block) == maxBlockLines {
				return s.errorf(s.start, "%w: the board has more than %d rows (at most %d)", mousemaze.ErrTooTall, mousemaze.MaxSide, mousemaze.MaxSide)
			}
			s.block = append(s.block, textLine{i, raw})
		}
	}
	return nil
}

// readFrames reads the frames of the wrapping boards and closes them for
// ParseEdges: closed holds the side-frame lines to replace, in order, and
// wrapWalls the walls of each board's wrap-around edges (right, down).
func (s *boardScan) readFrames() (closed []textLine, wrapWalls [][2]uint64, err error) {
	wrapWalls = make([][2]uint64, len(s.blocks))
	for k, blk := range s.blocks {
		if !s.wraps[k] || len(blk) < 3 {
			continue // not wrapping, or ParseEdges reports the shape
		}
		if s.opts[k].wrapC {
			if closed, err = s.sideFrame(blk, &wrapWalls[k][0], closed); err != nil {
				return nil, nil, err
			}
		}
		if s.opts[k].wrapR {
			if err := s.topBottomFrame(blk, &wrapWalls[k][1]); err != nil {
				return nil, nil, err
			}
		}
	}
	return closed, wrapWalls, nil
}

// frameLine is line j of a block without its trailing '\r' and its tabs.
func frameLine(blk []textLine, j int) string {
	return strings.Trim(strings.TrimRight(blk[j].s, "\r"), "\t")
}

// sideFrame reads the side frame of a board that wraps around east to
// west: it sets the walls of the rows' wrap-around edges in walls and
// appends the cell lines, closed with '|', to closed.
func (s *boardScan) sideFrame(blk []textLine, walls *uint64, closed []textLine) ([]textLine, error) {
	for row, j := 1, 1; j < len(blk); row, j = row+1, j+2 {
		line := frameLine(blk, j)
		if len(line) < 2 {
			break
		}
		l, r := line[0], line[len(line)-1]
		if l != r || (l != '|' && l != ' ') {
			return nil, s.errorf(blk[j].i+1, "the side frame of a wrapping board must show the same wall ('|') or opening (' ') on both sides, not %q and %q", l, r)
		}
		if l == '|' {
			*walls |= 1 << uint(row-1)
		}
		closed = append(closed, textLine{blk[j].i, "|" + line[1:len(line)-1] + "|"})
	}
	return closed, nil
}

// topBottomFrame reads the top and bottom frame lines of a board that
// wraps around south to north, which must agree, and sets the walls of
// the columns' wrap-around edges in walls.
func (s *boardScan) topBottomFrame(blk []textLine, walls *uint64) error {
	last := blk[len(blk)-1].i + 1
	top, bot := frameLine(blk, 0), frameLine(blk, len(blk)-1)
	if len(top) != len(bot) {
		return s.errorf(last, "the top and bottom frame lines of a wrapping board differ in length")
	}
	for j := 1; j < len(top); j += 2 {
		if top[j] != bot[j] {
			return s.errorf(last, "the top and bottom frame of a wrapping board disagree at column %d", j+1)
		}
		if top[j] == '-' {
			*walls |= 1 << uint(j/2)
		}
	}
	return nil
}

// replaceLines returns text with the lines in closed (in order of their
// line numbers) replaced.
func replaceLines(text string, closed []textLine) string {
	var b strings.Builder
	b.Grow(len(text))
	for i, rest := 0, text; rest != "" || i == 0; i++ {
		var raw string
		raw, rest, _ = strings.Cut(rest, "\n")
		if len(closed) > 0 && closed[0].i == i {
			raw, closed = closed[0].s, closed[1:]
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(raw)
	}
	return b.String()
}

// board makes the board of maze m with the options o, the walls of its
// wrap-around edges (right, down) and first, the line on which it begins.
func (s *boardScan) board(m mousemaze.EdgeMaze, o pendingBoard, wrapWalls [2]uint64, first int) (Board, error) {
	b := NewBoard(m)
	at := func(rc [2]int, what string) (int, error) {
		if rc[0] < 0 || rc[0] >= m.Rows || rc[1] < 0 || rc[1] >= m.Cols {
			return 0, fmt.Errorf("%s %d,%d is outside the %dx%d board", what, rc[0], rc[1], m.Rows, m.Cols)
		}
		return b.Cell(rc[0], rc[1]), nil
	}
	var err error
	if o.hasStart {
		if b.Start, err = at(o.start, "start"); err != nil {
			return Board{}, s.errorf(o.startLine, "%v", err)
		}
	}
	if o.hasGoal {
		if b.Goal, err = at(o.goal, "goal"); err != nil {
			return Board{}, s.errorf(o.goalLine, "%v", err)
		}
	}
	b.WrapCols, b.WrapRows = o.wrapC, o.wrapR
	b.WrapRight, b.WrapDown = wrapWalls[0], wrapWalls[1]
	for q, w := range o.oneway {
		i, err := at([2]int{w[0], w[1]}, "one-way door")
		if err != nil {
			return Board{}, s.errorf(o.onewayLine[q], "%v", err)
		}
		b.OneWay = append(b.OneWay, Door{Cell: i, Dir: Dir(w[2])})
		if _, ok := b.door(i, Dir(w[2])); !ok {
			return Board{}, s.errorf(o.onewayLine[q], "one-way door at %d,%d %v stands where there is a wall", w[0], w[1], Dir(w[2]))
		}
	}
	if err := b.Validate(); err != nil {
		return Board{}, s.errorf(first, "%v", err)
	}
	return b, nil
}

// apply records one directive's words (after "classic").
func (p *pendingBoard) apply(f []string, line int) error {
	if p.firstDirective == 0 {
		p.firstDirective = line
	}
	if len(f) == 0 {
		return fmt.Errorf("empty classic directive (want start, goal, wrap or oneway)")
	}
	switch f[0] {
	case "start", "goal":
		if len(f) != 2 {
			return fmt.Errorf("%s wants one cell R,C", f[0])
		}
		rc, err := parseRC(f[1])
		if err != nil {
			return fmt.Errorf("%s: %v", f[0], err)
		}
		has, first := p.hasStart, p.startLine
		if f[0] == "goal" {
			has, first = p.hasGoal, p.goalLine
		}
		if has {
			return fmt.Errorf("a second %s directive for the board (the first is on line %d)", f[0], first)
		}
		if f[0] == "start" {
			p.start, p.hasStart, p.startLine = rc, true, line
		} else {
			p.goal, p.hasGoal, p.goalLine = rc, true, line
		}
	case "wrap":
		if len(f) != 2 {
			return fmt.Errorf("wrap wants cols, rows or both")
		}
		switch f[1] {
		case "cols":
			p.wrapC = true
		case "rows":
			p.wrapR = true
		case "both":
			p.wrapC, p.wrapR = true, true
		default:
			return fmt.Errorf("wrap %q: want cols, rows or both", f[1])
		}
	case "oneway":
		if len(f) != 3 {
			return fmt.Errorf("oneway wants a cell R,C and a side N, E, S or W")
		}
		rc, err := parseRC(f[1])
		if err != nil {
			return fmt.Errorf("oneway: %v", err)
		}
		d, err := ParseDir(f[2])
		if err != nil {
			return fmt.Errorf("oneway: %v", err)
		}
		p.oneway = append(p.oneway, [3]int{rc[0], rc[1], int(d)})
		p.onewayLine = append(p.onewayLine, line)
	default:
		return fmt.Errorf("unknown classic directive %q (want start, goal, wrap or oneway)", f[0])
	}
	return nil
}

// parseRC reads a cell written R,C.
func parseRC(s string) ([2]int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return [2]int{}, fmt.Errorf("cell %q: want R,C", s)
	}
	r, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return [2]int{}, fmt.Errorf("cell %q: want R,C with whole numbers", s)
	}
	return [2]int{r, c}, nil
}

// Format returns b in the classic board format: its directives, then the
// edge text drawing with a closed frame, or on a wrapping board a frame
// that shows the wrap-around edges.
func (b Board) Format() string {
	var sb strings.Builder
	sr, sc := b.RC(b.Start)
	gr, gc := b.RC(b.Goal)
	fmt.Fprintf(&sb, "; classic start %d,%d\n; classic goal %d,%d\n", sr, sc, gr, gc)
	switch {
	case b.WrapCols && b.WrapRows:
		sb.WriteString("; classic wrap both\n")
	case b.WrapCols:
		sb.WriteString("; classic wrap cols\n")
	case b.WrapRows:
		sb.WriteString("; classic wrap rows\n")
	}
	for _, d := range b.OneWay {
		r, c := b.RC(d.Cell)
		fmt.Fprintf(&sb, "; classic oneway %d,%d %v\n", r, c, d.Dir)
	}
	lines := strings.Split(strings.TrimSuffix(b.EdgeMaze.Format(-1, -1), "\n"), "\n")
	if b.WrapCols {
		for r := range b.Rows {
			if b.WrapRight>>uint(r)&1 == 0 {
				s := lines[2*r+1]
				lines[2*r+1] = " " + s[1:len(s)-1] + " "
			}
		}
	}
	if b.WrapRows {
		for _, k := range []int{0, len(lines) - 1} {
			s := []byte(lines[k])
			for c := range b.Cols {
				if b.WrapDown>>uint(c)&1 == 0 {
					s[2*c+1] = ' '
				}
			}
			lines[k] = string(s)
		}
	}
	sb.WriteString(strings.Join(lines, "\n"))
	sb.WriteByte('\n')
	return sb.String()
}
