package mousemaze

import (
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// EdgeMaze is a Mouse Maze 2 board (the paper's §6): every cell is open and
// the walls stand on the edges between neighbouring cells. Right[r] bit c
// is set when a wall stands between cells (r, c) and (r, c+1); Down[r] bit
// c when one stands between (r, c) and (r+1, c). Bits for edges that do not
// exist (column Cols−1 in Right, row Rows−1 in Down) are always clear. The
// entrance above the top row and the exit below the bottom row are given
// by Config.Entry and Config.Exit, as for grid mazes, and are always open.
type EdgeMaze struct {
	Rows, Cols int
	Right      []uint64
	Down       []uint64
}

// NewEdgeMaze returns a board of the given size without walls.
func NewEdgeMaze(rows, cols int) EdgeMaze {
	return EdgeMaze{Rows: rows, Cols: cols, Right: make([]uint64, rows), Down: make([]uint64, rows)}
}

// Size returns the board's shape.
func (m EdgeMaze) Size() Size { return Size{m.Rows, m.Cols} }

// Validate checks the dimensions and that no bit of a missing edge is set.
func (m EdgeMaze) Validate() error {
	if err := m.Size().Validate(); err != nil {
		return err
	}
	if len(m.Right) != m.Rows || len(m.Down) != m.Rows {
		return fmt.Errorf("%w: edge maze has %d and %d edge rows, want %d", ErrSize, len(m.Right), len(m.Down), m.Rows)
	}
	rmask := RowMask(m.Cols - 1)
	for r := range m.Rows {
		if m.Right[r]&^rmask != 0 {
			return fmt.Errorf("%w: row %d has right-wall bits beyond column %d", ErrSize, r, m.Cols-2)
		}
		if m.Down[r]&^RowMask(m.Cols) != 0 || (r == m.Rows-1 && m.Down[r] != 0) {
			return fmt.Errorf("%w: row %d has down-wall bits on missing edges", ErrSize, r)
		}
	}
	return nil
}

// Clone returns a deep copy of m.
func (m EdgeMaze) Clone() EdgeMaze {
	return EdgeMaze{Rows: m.Rows, Cols: m.Cols, Right: append([]uint64(nil), m.Right...), Down: append([]uint64(nil), m.Down...)}
}

// Equal reports whether m and o have the same size and walls.
func (m EdgeMaze) Equal(o EdgeMaze) bool {
	if m.Rows != o.Rows || m.Cols != o.Cols {
		return false
	}
	for r := range m.Rows {
		if m.Right[r] != o.Right[r] || m.Down[r] != o.Down[r] {
			return false
		}
	}
	return true
}

// Edges returns the number of interior edges, the bits a search can flip:
// Rows·(Cols−1) + (Rows−1)·Cols.
func (m EdgeMaze) Edges() int { return m.Rows*(m.Cols-1) + (m.Rows-1)*m.Cols }

// FlipEdge toggles interior edge i (0 ≤ i < Edges()): first the right
// edges row by row, then the down edges row by row.
func (m EdgeMaze) FlipEdge(i int) {
	h := m.Rows * (m.Cols - 1)
	if i < h {
		m.Right[i/(m.Cols-1)] ^= 1 << uint(i%(m.Cols-1))
		return
	}
	i -= h
	m.Down[i/m.Cols] ^= 1 << uint(i%m.Cols)
}

// WallCount returns the number of walls.
func (m EdgeMaze) WallCount() int {
	n := 0
	for r := range m.Rows {
		n += bits.OnesCount64(m.Right[r]) + bits.OnesCount64(m.Down[r])
	}
	return n
}

// RandomEdges returns a board on which every interior edge is a wall with
// probability density.
func RandomEdges(rng *rand.Rand, rows, cols int, density float64) EdgeMaze {
	m := NewEdgeMaze(rows, cols)
	for i := range m.Edges() {
		if rng.Float64() < density {
			m.FlipEdge(i)
		}
	}
	return m
}

// edgeMove returns the cell reached from (r, c) in direction d, whether
// it is the exit, and whether the move is possible.
func edgeMove(m EdgeMaze, cfg Config, r, c int, d Dir) (idx int, exit, ok bool) {
	switch d {
	case Down:
		if r == m.Rows-1 {
			return 0, c == cfg.Exit, c == cfg.Exit
		}
		if m.Down[r]>>uint(c)&1 != 0 {
			return 0, false, false
		}
		return (r+1)*m.Cols + c, false, true
	case Up:
		if r == 0 || m.Down[r-1]>>uint(c)&1 != 0 {
			return 0, false, false
		}
		return (r-1)*m.Cols + c, false, true
	case Right:
		if c == m.Cols-1 || m.Right[r]>>uint(c)&1 != 0 {
			return 0, false, false
		}
		return r*m.Cols + c + 1, false, true
	default: // Left
		if c == 0 || m.Right[r]>>uint(c-1)&1 != 0 {
			return 0, false, false
		}
		return r*m.Cols + c - 1, false, true
	}
}

// EdgesFeasible reports whether the mouse can reach the exit of m: an open
// path joins the entry cell to the exit cell.
func EdgesFeasible(m EdgeMaze, cfg Config) bool {
	return edgeAdjacency(m, cfg).feasible()
}

// WalkEdges is the reference walk for Mouse Maze 2: the rules of Walk
// (docs/rules.md), with the walls on edges. An infeasible board is reported
// with Feasible false and not walked. Heat, when asked for, holds every
// cell's count, row-major. With cfg.K > 0 the walk detects traps exactly,
// as Walk does.
func WalkEdges(m EdgeMaze, cfg Config) (Result, error) {
	return walkEdges(m, cfg, nil)
}

// walkEdges is WalkEdges, calling visit (when not nil) with every step
// as TraceEdges documents.
func walkEdges(m EdgeMaze, cfg Config, visit func(turn int64, r, c int)) (Result, error) {
	if err := ValidateWalk(m, m.Cols, cfg); err != nil {
		return Result{}, err
	}
	a := edgeAdjacency(m, cfg)
	if !a.feasible() {
		var res Result
		if cfg.Heat {
			res.Heat = make([]uint32, m.Rows*m.Cols)
		}
		return res, nil
	}
	return a.walkBoard(m.Rows, m.Cols, cfg, visit, func() string {
		return fmt.Sprintf("this %dx%d edge maze:\n%s", m.Rows, m.Cols, m)
	})
}

// EdgeGraph converts the board m under cfg into a Graph the mouse walks
// exactly as he walks m: cell r, c is vertex r·Cols + c, named "r,c"; the
// exit is the last vertex, named "exit"; each cell lists its possible
// moves in cfg's preference order.
func EdgeGraph(m EdgeMaze, cfg Config) Graph {
	n := m.Rows * m.Cols
	return edgeAdjacency(m, cfg).toGraph(func(int) bool { return true }, func(v int) string {
		if v == n {
			return "exit"
		}
		return fmt.Sprintf("%d,%d", v/m.Cols, v%m.Cols)
	})
}

// EvaluateEdges walks every board of mazes under cfg with WalkEdges and
// writes the results to dst, spreading the boards over workers goroutines
// (0 means one per CPU). It is the batch path that searches use.
func EvaluateEdges(mazes []EdgeMaze, cfg Config, dst []Result, workers int) error {
	if len(dst) != len(mazes) {
		return fmt.Errorf("%w: dst has %d results for %d edge mazes", ErrSize, len(dst), len(mazes))
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(mazes))
	var (
		next atomic.Int64
		wg   sync.WaitGroup
		errs = make([]error, workers)
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(mazes) {
					return
				}
				res, err := WalkEdges(mazes[i], cfg)
				if err != nil {
					errs[w] = fmt.Errorf("edge maze %d: %w", i, err)
					return
				}
				dst[i] = res
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// The edge text format draws a board in a frame of 2·Rows+1 lines of
// 2·Cols+1 characters:
//
//	+ +-+-+
//	|. .|.|
//	+-+ + +
//	|. . .|
//	+ +-+-+
//
// Cells stand at odd line and odd column positions ('.' or a space). On
// cell lines, '|' between two cells is a wall and a space an open edge; on
// the lines between, '-' under a cell is a wall and a space an open edge.
// Corners are '+'. The frame (first and last line and column) is drawn
// with gaps above the entry and below the exit, but it is not read: the
// ends come from --entry and --exit. Boards are separated by blank lines;
// lines starting with ';' are comments.

// String returns m in the edge text format, with the gaps of the frame
// at column 0, the default ends.
func (m EdgeMaze) String() string { return m.Format(0, 0) }

// Format returns m in the edge text format with the frame's gaps above
// column entry and below column exit.
func (m EdgeMaze) Format(entry, exit int) string {
	return DrawEdgeFrame(m.Rows, m.Cols, entry, exit,
		func(r, c int) bool { return m.Right[r]>>uint(c)&1 != 0 },
		func(r, c int) bool { return m.Down[r]>>uint(c)&1 != 0 })
}

// DrawEdgeFrame draws a rows×cols board in the edge text format (the
// inverse of ReadEdgeFrame): right reports the wall between (r, c) and
// (r, c+1) for c < cols−1, down the wall between (r, c) and (r+1, c) for
// r < rows−1. The frame has a gap above column entry and below column
// exit; a column outside the board (such as −1) draws no gap.
func DrawEdgeFrame(rows, cols, entry, exit int, right, down func(r, c int) bool) string {
	var b strings.Builder
	border := func(gap int) {
		b.WriteByte('+')
		for c := range cols {
			if c == gap {
				b.WriteByte(' ')
			} else {
				b.WriteByte('-')
			}
			b.WriteByte('+')
		}
		b.WriteByte('\n')
	}
	border(entry)
	for r := range rows {
		b.WriteByte('|')
		for c := range cols {
			b.WriteByte('.')
			if c == cols-1 || right(r, c) {
				b.WriteByte('|')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteByte('\n')
		if r == rows-1 {
			break
		}
		b.WriteByte('+')
		for c := range cols {
			if down(r, c) {
				b.WriteByte('-')
			} else {
				b.WriteByte(' ')
			}
			b.WriteByte('+')
		}
		b.WriteByte('\n')
	}
	border(exit)
	return b.String()
}

// ParseEdges reads every board in r in the edge text format and returns
// them with the 1-based line on which each begins. The name is used in
// errors, which are *ParseError values naming the line and the problem.
func ParseEdges(r io.Reader, name string) ([]EdgeMaze, []int, error) {
	return ParseBlocks(r, name, parseEdgeBlock)
}

// parseEdgeBlock reads one board from its block.
func parseEdgeBlock(b Block, name string) (EdgeMaze, error) {
	var m EdgeMaze
	size := func(rows, cols int) error {
		if rows > MaxSide {
			return fmt.Errorf("%w: %d rows (at most %d)", ErrTooTall, rows, MaxSide)
		}
		if cols > MaxSide {
			return fmt.Errorf("%w: %d columns (at most %d)", ErrTooWide, cols, MaxSide)
		}
		m = NewEdgeMaze(rows, cols)
		return nil
	}
	wall := func(down bool, r, c int) {
		if down {
			m.Down[r] |= 1 << uint(c)
		} else {
			m.Right[r] |= 1 << uint(c)
		}
	}
	if err := ReadEdgeFrame(b, name, size, wall); err != nil {
		return EdgeMaze{}, err
	}
	return m, nil
}

// looksLikeGrid reports whether every line is a row of the grid format:
// '.', 'X' and '#' only.
func looksLikeGrid(lines []string) bool {
	for _, l := range lines {
		if l == "" || strings.Trim(l, ".X#") != "" {
			return false
		}
	}
	return true
}

// ReadEdgeFrame reads one drawing of the edge-wall text format (see
// ParseEdges) from b, for ParseEdges and for formats of boards that
// EdgeMaze cannot hold. It checks the shape (2·rows+1 lines of 2·cols+1
// characters), calls size once with the board's rows and columns before
// any wall (an error from size is reported at the block's first line),
// then checks every character and calls wall for each wall: down false for
// the wall right of cell (r, c), true for the wall below it. Errors are
// *ParseError values naming the file and line.
func ReadEdgeFrame(b Block, name string, size func(rows, cols int) error, wall func(down bool, r, c int)) error {
	lines := b.Lines
	fail := func(i int, format string, a ...any) error {
		return &ParseError{File: name, Line: b.Start + i, Err: fmt.Errorf(format, a...)}
	}
	if len(lines) == 0 {
		return &ParseError{File: name, Line: b.Start, Err: ErrEmpty}
	}
	if looksLikeGrid(lines) {
		return fail(0, "%w %q at column 1: want a board in the edge format ('+' corners, '|' and '-' walls; docs/variants.md), and this looks like a grid maze (rows of '.' and 'X')", errBadCell, lines[0][0])
	}
	w := len(lines[0])
	if len(lines)%2 == 0 || len(lines) < 3 {
		return fail(len(lines)-1, "%w: an edge maze has an odd number of lines (2·rows+1), not %d", errRowWidth, len(lines))
	}
	if w%2 == 0 || w < 3 {
		return fail(0, "%w: an edge maze line has an odd length (2·cols+1), not %d", errRowWidth, w)
	}
	if err := size((len(lines)-1)/2, (w-1)/2); err != nil {
		return &ParseError{File: name, Line: b.Start, Err: err}
	}
	for i, line := range lines {
		if len(line) != w {
			return fail(i, "%w: line has %d characters, want %d", errRowWidth, len(line), w)
		}
		frame := i == 0 || i == len(lines)-1
		for j := 0; j < w; j++ {
			ch := line[j]
			var ok bool
			switch {
			case i%2 == 0 && j%2 == 0: // corner
				ok = ch == '+'
			case frame: // top or bottom frame
				ok = ch == '-' || ch == ' '
			case j == 0 || j == w-1: // side frame
				ok = ch == '|'
			case i%2 == 1 && j%2 == 1: // cell
				ok = ch == '.' || ch == ' '
			case i%2 == 1: // between two cells of a row
				ok = ch == '|' || ch == ' '
				if ch == '|' {
					wall(false, i/2, j/2-1)
				}
			default: // between two cells of a column
				ok = ch == '-' || ch == ' '
				if ch == '-' {
					wall(true, i/2-1, j/2)
				}
			}
			if !ok {
				return fail(i, "%w %q at column %d", errBadCell, ch, j+1)
			}
		}
	}
	return nil
}
