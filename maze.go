package mousemaze

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// MaxSide is the largest number of rows or columns a maze may have: one
// row is one uint64 wall mask.
const MaxSide = 64

// Dir is one of the four directions the mouse can move in.
type Dir uint8

// The four directions. Their numeric values index neighbour tables.
const (
	Down Dir = iota
	Right
	Left
	Up
)

// String returns the direction's letter: D, R, L or U.
func (d Dir) String() string {
	if d > Up {
		return "?"
	}
	return string("DRLU"[d])
}

// Delta returns the row and column offsets of a move in direction d.
func (d Dir) Delta() (dr, dc int) {
	switch d {
	case Down:
		return 1, 0
	case Right:
		return 0, 1
	case Left:
		return 0, -1
	default:
		return -1, 0
	}
}

// Order is a preference order: Order[0] is the most preferred direction.
// The zero Order stands for the game's order, DRLU.
type Order [4]Dir

// DRLU is the Flash game's preference order: down, right, left, up.
var DRLU = Order{Down, Right, Left, Up}

// ParseOrder reads an order written as four letters, a permutation of
// D, R, L and U (case-insensitive), such as "DRLU".
func ParseOrder(s string) (Order, error) {
	var o Order
	if len(s) != 4 {
		return o, fmt.Errorf("%w: %q: want 4 letters, a permutation of DRLU", errOrder, s)
	}
	seen := 0
	for i := 0; i < 4; i++ {
		k := strings.IndexByte("DRLU", s[i]&^0x20)
		if k < 0 || seen&(1<<k) != 0 {
			return Order{}, fmt.Errorf("%w: %q: want a permutation of DRLU", errOrder, s)
		}
		seen |= 1 << k
		o[i] = Dir(k)
	}
	return o, nil
}

// IsZero reports whether o is the zero Order, which stands for DRLU.
func (o Order) IsZero() bool { return o == Order{} }

// Valid reports whether o is a permutation of the four directions (or zero).
func (o Order) Valid() bool {
	if o.IsZero() {
		return true
	}
	seen := 0
	for _, d := range o {
		if d > Up || seen&(1<<d) != 0 {
			return false
		}
		seen |= 1 << d
	}
	return true
}

// Resolve returns o, or DRLU when o is zero.
func (o Order) Resolve() Order {
	if o.IsZero() {
		return DRLU
	}
	return o
}

// Rank returns the position of d in the resolved order: 0 for the most
// preferred direction, 3 for the least.
func (o Order) Rank(d Dir) int {
	r := o.Resolve()
	for i, x := range r {
		if x == d {
			return i
		}
	}
	return 4
}

// String returns the order as four letters, such as "DRLU".
func (o Order) String() string {
	r := o.Resolve()
	return r[0].String() + r[1].String() + r[2].String() + r[3].String()
}

// Config holds the rules a walk is run under. The zero Config is the
// Flash game: order DRLU, entry and exit in column 0, no turn cap.
type Config struct {
	// Order is the preference order for ties; zero means DRLU.
	Order Order
	// Entry is the column above the top row where the mouse comes in.
	Entry int
	// Exit is the column below the bottom row where the exit lies.
	Exit int
	// Cap stops a walk after this many turns (0 means no cap). A capped
	// walk reports Escaped false and Turns equal to Cap.
	Cap int64
	// Heat asks evaluators to fill Result.Heat with per-cell visit counts.
	Heat bool
	// K makes the mouse count visits modulo K (the paper's k-mod mice,
	// §5); 0 means exact counting, the game's rules. With K = 1 every
	// count is always 0, so the mouse always takes his most preferred
	// move. A k-mod mouse can be trapped forever on a feasible maze; see
	// Result.Trapped.
	K int
}

// maxK is the largest modulus Config.K may hold.
const maxK = 1 << 30

// ValidateWalk returns the error of m.Validate, or else that of
// cfg.Validate(cols): nil when a walk of m, a board of cols columns (a
// Maze or an EdgeMaze), may start under cfg.
func ValidateWalk(m interface{ Validate() error }, cols int, cfg Config) error {
	if err := m.Validate(); err != nil {
		return err
	}
	return cfg.Validate(cols)
}

// Validate checks that c can be used on mazes with the given number of columns.
func (c Config) Validate(cols int) error {
	if !c.Order.Valid() {
		return fmt.Errorf("%w: order %v", errOrder, c.Order)
	}
	if c.Entry < 0 || c.Entry >= cols {
		return fmt.Errorf("%w: entry column %d outside 0..%d", ErrConfig, c.Entry, cols-1)
	}
	if c.Exit < 0 || c.Exit >= cols {
		return fmt.Errorf("%w: exit column %d outside 0..%d", ErrConfig, c.Exit, cols-1)
	}
	if c.Cap < 0 {
		return fmt.Errorf("%w: negative turn cap %d", ErrConfig, c.Cap)
	}
	if c.K < 0 || c.K > maxK {
		return fmt.Errorf("%w: modulus k = %d outside 0..%d", ErrConfig, c.K, maxK)
	}
	return nil
}

// Size is the shape of a grid.
type Size struct {
	Rows, Cols int
}

// ParseSize reads a size written as "RxC" (or "R×C"), such as "13x13".
// Text not written so is an error that says how to write a size; sides
// outside 1..MaxSide are an error that says the range.
func ParseSize(s string) (Size, error) {
	t := strings.ReplaceAll(strings.ToLower(s), "×", "x")
	a, b, ok := strings.Cut(t, "x")
	r, err1 := strconv.Atoi(strings.TrimSpace(a))
	c, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Size{}, fmt.Errorf("%w, not %q", errSizeSyntax, s)
	}
	sz := Size{r, c}
	return sz, sz.Validate()
}

// Validate reports whether both sides lie in 1..MaxSide.
func (s Size) Validate() error {
	if s.Rows < 1 || s.Rows > MaxSide || s.Cols < 1 || s.Cols > MaxSide {
		return fmt.Errorf("%w: %dx%d (each side must be 1..%d)", errDims, s.Rows, s.Cols, MaxSide)
	}
	return nil
}

// String returns the size as "RxC".
func (s Size) String() string { return fmt.Sprintf("%dx%d", s.Rows, s.Cols) }

// Cells returns Rows·Cols.
func (s Size) Cells() int { return s.Rows * s.Cols }

// RowMask returns a mask with the low Cols bits set.
func (s Size) RowMask() uint64 { return RowMask(s.Cols) }

// RowMask returns a uint64 with the low cols bits set.
func RowMask(cols int) uint64 {
	if cols >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(cols) - 1
}

// Maze is one grid. Walls[r] holds row r's wall mask: bit c is set when the
// cell in row r, column c is a wall. Row 0 is the top row, column 0 the left
// column. Bits at or above Cols are always clear.
type Maze struct {
	Rows, Cols int
	Walls      []uint64
}

// NewMaze returns an open maze (no walls) of the given size.
func NewMaze(rows, cols int) Maze {
	return Maze{Rows: rows, Cols: cols, Walls: make([]uint64, rows)}
}

// Size returns the maze's shape.
func (m Maze) Size() Size { return Size{m.Rows, m.Cols} }

// Validate checks the dimensions and that no bit beyond the last column is set.
func (m Maze) Validate() error {
	if err := m.Size().Validate(); err != nil {
		return err
	}
	if len(m.Walls) != m.Rows {
		return fmt.Errorf("%w: maze has %d wall rows, want %d", ErrSize, len(m.Walls), m.Rows)
	}
	mask := RowMask(m.Cols)
	for r, w := range m.Walls {
		if w&^mask != 0 {
			return fmt.Errorf("%w: row %d has wall bits beyond column %d", ErrSize, r, m.Cols-1)
		}
	}
	return nil
}

// Wall reports whether the cell at row r, column c is a wall.
func (m Maze) Wall(r, c int) bool { return m.Walls[r]>>uint(c)&1 != 0 }

// SetWall makes the cell at row r, column c a wall (true) or open (false).
func (m Maze) SetWall(r, c int, wall bool) {
	if wall {
		m.Walls[r] |= 1 << uint(c)
	} else {
		m.Walls[r] &^= 1 << uint(c)
	}
}

// Flip toggles the cell at row r, column c.
func (m Maze) Flip(r, c int) { m.Walls[r] ^= 1 << uint(c) }

// WallCount returns the number of wall cells.
func (m Maze) WallCount() int {
	n := 0
	for _, w := range m.Walls {
		n += bits.OnesCount64(w)
	}
	return n
}

// Clone returns a deep copy of m.
func (m Maze) Clone() Maze {
	return Maze{Rows: m.Rows, Cols: m.Cols, Walls: append([]uint64(nil), m.Walls...)}
}

// Equal reports whether m and o have the same size and walls.
func (m Maze) Equal(o Maze) bool {
	return m.Rows == o.Rows && m.Cols == o.Cols && slices.Equal(m.Walls, o.Walls)
}

// String returns the maze in the text format, one line per row, each line
// ending in a newline.
func (m Maze) String() string {
	var b strings.Builder
	b.Grow(m.Rows * (m.Cols + 1))
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			if m.Wall(r, c) {
				b.WriteByte('X')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Population is a batch of mazes of one size packed into one slice: maze i
// occupies Words[i*Rows : (i+1)*Rows], one wall mask per row. This layout is
// copied to a GPU as is.
type Population struct {
	Rows, Cols int
	Words      []uint64
	// Feasible promises that every maze is feasible under the ends it is
	// evaluated with (a search checks each genome before evaluating it),
	// so an evaluator may skip its own check. The results stay exact
	// either way: an evaluator that skips the check still reports a maze
	// that is not feasible as infeasible, only later (the cpu backend
	// finds out when a capped walk reaches its cap, or when an uncapped
	// one reaches MaxKernelTurns and the reference walk takes over).
	Feasible bool
}

// NewPopulation returns a population of n open mazes of the given size.
func NewPopulation(rows, cols, n int) Population {
	return Population{Rows: rows, Cols: cols, Words: make([]uint64, rows*n)}
}

// PopulationOf packs mazes, which must all share one size, into a population.
func PopulationOf(mazes ...Maze) (Population, error) {
	if len(mazes) == 0 {
		return Population{}, fmt.Errorf("%w: no mazes", ErrSize)
	}
	p := Population{Rows: mazes[0].Rows, Cols: mazes[0].Cols}
	p.Words = make([]uint64, 0, p.Rows*len(mazes))
	for _, m := range mazes {
		if err := p.Append(m); err != nil {
			return Population{}, err
		}
	}
	return p, nil
}

// Size returns the shape of the population's mazes.
func (p Population) Size() Size { return Size{p.Rows, p.Cols} }

// Len returns the number of mazes in p.
func (p Population) Len() int {
	if p.Rows == 0 {
		return 0
	}
	return len(p.Words) / p.Rows
}

// Maze returns maze i. It shares memory with p: SetWall on it changes p.
func (p Population) Maze(i int) Maze {
	return Maze{Rows: p.Rows, Cols: p.Cols, Walls: p.Words[i*p.Rows : (i+1)*p.Rows : (i+1)*p.Rows]}
}

// Mazes returns every maze of p, in order, sharing p's memory as Maze does.
func (p Population) Mazes() []Maze {
	mazes := make([]Maze, p.Len())
	for i := range mazes {
		mazes[i] = p.Maze(i)
	}
	return mazes
}

// Append adds a copy of m, which must have the population's size.
func (p *Population) Append(m Maze) error {
	if m.Rows != p.Rows || m.Cols != p.Cols || len(m.Walls) != m.Rows {
		return fmt.Errorf("%w: maze is %dx%d, population is %dx%d", ErrSize, m.Rows, m.Cols, p.Rows, p.Cols)
	}
	p.Words = append(p.Words, m.Walls...)
	return nil
}

// Slice returns the mazes i..j-1 of p as a population sharing p's memory.
func (p Population) Slice(i, j int) Population {
	return Population{Rows: p.Rows, Cols: p.Cols, Words: p.Words[i*p.Rows : j*p.Rows : j*p.Rows]}
}

// Result is the outcome of one walk.
type Result struct {
	// Turns is the number of turns taken (the Flash game's count): entering
	// the maze and every move, the move onto the exit included. It is 0 for
	// an infeasible maze and Cap for a capped walk.
	Turns int64
	// Escaped reports whether the mouse reached the exit.
	Escaped bool
	// Feasible reports whether the entry and exit cells are open and joined
	// by an open path. An infeasible maze is never walked.
	Feasible bool
	// Heat holds the visit count of every cell, row-major (cell r, c at
	// index r*Cols+c), when the Config asked for it; walls count 0. Under
	// Config.K > 0 it holds the mouse's counts (modulo K) after Turns turns.
	Heat []uint32
	// Trapped reports, under Config.K > 0, that the walk's state (the
	// mouse's cell and every count modulo K) repeated, so the mouse never
	// escapes. Turns is then CycleStart + CycleLen: the first turn at
	// which an earlier state is seen again.
	Trapped bool
	// CycleStart is, for a trapped walk, the first turn whose state
	// recurs: the state after CycleStart turns equals the state after
	// CycleStart + CycleLen turns, and no earlier turn's state recurs.
	CycleStart int64
	// CycleLen is, for a trapped walk, the length of the cycle in turns.
	CycleLen int64
	// TrapTurn is the first turn after which a mousetrap (the paper's
	// definition before its Lemma 10) exists, for walks under Config.K > 0
	// that are trapped or capped; 0 if none exists by Turns.
	TrapTurn int64
}

// Visits returns the paper's count, Turns − 2 (0 for an infeasible maze).
func (r Result) Visits() int64 {
	if r.Turns < 2 {
		return 0
	}
	return r.Turns - 2
}

// Capped reports whether the walk stopped at the turn cap cp (Config.Cap,
// 0 for none) before the mouse escaped or was found trapped.
func (r Result) Capped(cp int64) bool {
	return cp > 0 && r.Feasible && !r.Escaped && !r.Trapped && r.Turns >= cp
}

// Same reports whether r and o agree in every field, the heat map included.
func (r Result) Same(o Result) bool {
	if r.Turns != o.Turns || r.Escaped != o.Escaped || r.Feasible != o.Feasible || len(r.Heat) != len(o.Heat) {
		return false
	}
	if r.Trapped != o.Trapped || r.CycleStart != o.CycleStart || r.CycleLen != o.CycleLen || r.TrapTurn != o.TrapTurn {
		return false
	}
	for i := range r.Heat {
		if r.Heat[i] != o.Heat[i] {
			return false
		}
	}
	return true
}
