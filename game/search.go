package game

import (
	"fmt"
	"io"
	"math/bits"
	"sort"
)

// MaxSearchEdges bounds the interior edges of a board Search enumerates
// (2^24 boards: every 4×4 board).
const MaxSearchEdges = 24

// Found is one exact value met by Search.
type Found struct {
	Game    Game     // the canonical form, in the search's Store
	Name    string   // the canonical form in game notation
	Reduced Value    // the reduced canonical form
	Number  bool     // the value is a number
	Switch  bool     // the value is exactly a switch {a | b}, numbers a > b
	Boards  int64    // how many boards enumerated have this value
	Example Position // the first such board (smallest size first)
}

// SearchResult is what Search found.
type SearchResult struct {
	Sizes  []string // the board sizes enumerated, "RxC"
	Boards int64    // boards enumerated
	Values []*Found // the distinct values, sorted by reduced form, then name
}

// Search computes, with the exact engine, the value of every board of
// every size r×c with r ≤ maxRows, c ≤ maxCols and at most maxEdges
// interior edges, over every placement of walls on the interior edges.
// Each cell of a board has the value of the board below and right of it,
// itself enumerated, so the values of the top-left cells are all the
// values met anywhere. Boards are visited with the bottom rows' walls
// changing slowest, and only the rows whose walls changed (and those
// above them) are evaluated again.
func (s *Store) Search(maxRows, maxCols, maxEdges int) (*SearchResult, error) {
	if maxEdges > MaxSearchEdges {
		return nil, fmt.Errorf("search: at most %d interior edges", MaxSearchEdges)
	}
	if maxRows < 1 || maxCols < 1 {
		return nil, fmt.Errorf("search: board sizes start at 1x1")
	}
	res := &SearchResult{}
	byGame := map[Game]*Found{}
	for size := 2; size <= maxRows+maxCols; size++ {
		for rows := 1; rows <= maxRows; rows++ {
			cols := size - rows
			if cols < 1 || cols > maxCols {
				continue
			}
			p := mustPosition(rows, cols)
			if p.Edges() > maxEdges {
				continue
			}
			res.Sizes = append(res.Sizes, fmt.Sprintf("%dx%d", rows, cols))
			s.searchSize(p, func(mask uint64, g Game) {
				res.Boards++
				f := byGame[g]
				if f == nil {
					ex := mustPosition(rows, cols)
					setRowMajor(ex, mask)
					f = &Found{Game: g, Name: s.Name(g), Reduced: s.Reduced(g), Example: ex}
					_, f.Number = s.NumberOf(g)
					_, f.Switch = s.IsSwitch(g)
					byGame[g] = f
					res.Values = append(res.Values, f)
				}
				f.Boards++
			})
		}
	}
	sort.SliceStable(res.Values, func(i, j int) bool {
		a, b := res.Values[i], res.Values[j]
		if c := cmpValue(a.Reduced, b.Reduced); c != 0 {
			return c < 0
		}
		if len(a.Name) != len(b.Name) {
			return len(a.Name) < len(b.Name)
		}
		return a.Name < b.Name
	})
	return res, nil
}

// cmpValue orders numbers before switches, numbers by size and switches
// by their left then right option.
func cmpValue(a, b Value) int {
	switch {
	case a.Switch != b.Switch:
		if a.Switch {
			return 1
		}
		return -1
	case !a.Switch:
		return a.X.Cmp(b.X)
	case a.A != b.A:
		return a.A.Cmp(b.A)
	}
	return a.B.Cmp(b.B)
}

// rowBits returns the number of mask bits for row r of p: its right walls
// and, above the bottom row, the walls below it.
func rowBits(p Position, r int) int {
	if r == p.Rows-1 {
		return p.Cols - 1
	}
	return 2*p.Cols - 1
}

// setRowMajor places the walls of mask laid out row by row: for each row
// from the top, its Cols−1 right walls, then (above the bottom row) its
// Cols down walls. Row 0's walls are the low bits.
func setRowMajor(p Position, mask uint64) {
	bit := 0
	for r := range p.Rows {
		for c := range p.Cols - 1 {
			p.SetRightWall(r, c, mask>>uint(bit)&1 != 0)
			bit++
		}
		if r < p.Rows-1 {
			for c := range p.Cols {
				p.SetDownWall(r, c, mask>>uint(bit)&1 != 0)
				bit++
			}
		}
	}
}

// searchSize calls visit with every wall mask (row-major layout) of p's
// size and the exact value of its top-left cell.
func (s *Store) searchSize(p Position, visit func(mask uint64, g Game)) {
	n := p.Edges()
	first := make([]int, p.Rows) // the first mask bit of each row
	for r := 1; r < p.Rows; r++ {
		first[r] = first[r-1] + rowBits(p, r-1)
	}
	rowOf := make([]int, n+1)
	for r := range p.Rows {
		for b := first[r]; b < first[r]+rowBits(p, r); b++ {
			rowOf[b] = r
		}
	}
	val := make([]Game, p.Rows*p.Cols)
	saved := make([][]int32, p.Rows+1) // saved[r]: the left-option sequences of row r's cells
	for r := range saved {
		saved[r] = make([]int32, p.Cols)
	}
	down := make([]int32, p.Cols)
	for mask := uint64(0); mask < 1<<uint(n); mask++ {
		top := p.Rows - 1 // the lowest row whose walls changed
		if mask > 0 {
			top = rowOf[bits.Len64(mask^(mask-1))-1]
		}
		setRowMajor(p, mask) // cheap next to the evaluation on these sizes
		copy(down, saved[top+1])
		if top == p.Rows-1 {
			clear(down)
		}
		for r := top; r >= 0; r-- {
			s.exactRows1(p, val, down, r)
			copy(saved[r], down)
		}
		visit(mask, val[0])
	}
}

// exactRows1 evaluates row r of p (rows below already in val); down holds
// the left-option sequences of row r+1's cells on entry and row r's on
// return.
func (s *Store) exactRows1(p Position, val []Game, down []int32, r int) {
	if r < p.Rows-1 {
		for c := range p.Cols {
			if p.DownWall(r, c) {
				down[c] = 0
			} else {
				down[c] = s.seq(val[(r+1)*p.Cols+c], down[c])
			}
		}
	}
	right := int32(0)
	for c := p.Cols - 1; c >= 0; c-- {
		if c < p.Cols-1 {
			if p.RightWall(r, c) {
				right = 0
			} else {
				right = s.seq(val[r*p.Cols+c+1], right)
			}
		}
		val[r*p.Cols+c] = s.cell(down[c], right)
	}
}

// WriteReport writes the search result as text: every distinct exact value
// with its reduced canonical form and count, then the answer to the
// seed's Question 15 on these boards (is any value exactly a switch
// {a | b}?) and, for each switch met as a reduced form, the exact values
// that reduce to it.
func (res *SearchResult) WriteReport(w io.Writer) {
	fmt.Fprintf(w, "; MAZE exact values: every wall placement on boards %v\n", res.Sizes)
	fmt.Fprintf(w, "; %d boards, %d distinct exact values\n", res.Boards, len(res.Values))
	fmt.Fprintf(w, "; columns: reduced form, kind, boards, exact canonical form\n")
	for _, f := range res.Values {
		kind := "number"
		switch {
		case f.Switch:
			kind = "SWITCH"
		case !f.Number && !f.Reduced.Switch:
			kind = "numberish"
		case !f.Number:
			kind = "switch-ish"
		}
		fmt.Fprintf(w, "%-12s %-10s %9d  %s\n", f.Reduced, kind, f.Boards, f.Name)
	}
	var exact []*Found
	for _, f := range res.Values {
		if f.Switch {
			exact = append(exact, f)
		}
	}
	fmt.Fprintf(w, "\n; Question 15: values that are exactly a switch {a|b} with numbers a > b: %d\n", len(exact))
	for _, f := range exact {
		fmt.Fprintf(w, "%s on a %dx%d board:\n%s", f.Name, f.Example.Rows, f.Example.Cols, f.Example)
	}
	fmt.Fprintf(w, "\n; reduced switches {a|b} met and the exact values reducing to them (first board of each)\n")
	var last Value
	for i, f := range res.Values {
		if !f.Reduced.Switch {
			continue
		}
		if i == 0 || !f.Reduced.Equal(last) {
			fmt.Fprintf(w, "%v:\n", f.Reduced)
			last = f.Reduced
		}
		fmt.Fprintf(w, "  %s  (%d boards, first %dx%d)\n", f.Name, f.Boards, f.Example.Rows, f.Example.Cols)
	}
}

// ConstructionCheck is the result of CheckConstruction.
type ConstructionCheck struct {
	Lo, Hi           int64   // the range of the options
	Exp              uint    // denominators divide 2^Exp
	Switches         int     // switches {a | b}, a > b, built
	Exact            int     // built positions whose exact value is {a | b}
	Misses           []Value // the switches whose position is not exactly {a | b}
	MaxRows, MaxCols int     // the largest built board's sides
}

// CheckConstruction builds, by Build, every switch {a | b} with a > b
// dyadics in [lo, hi] whose denominators divide 2^exp, computes the exact
// value of each built position with the engine, and counts those equal to
// the switch {a | b} itself (not only in reduced canonical form).
func (s *Store) CheckConstruction(lo, hi int64, exp uint) (*ConstructionCheck, error) {
	if exp > 8 || lo > hi || hi-lo > 64 {
		return nil, fmt.Errorf("construction check: want exp ≤ 8 and a range of at most 64")
	}
	var xs []Dyadic
	for n := lo << exp; n <= hi<<exp; n++ {
		xs = append(xs, mustDyadic(n, exp))
	}
	res := &ConstructionCheck{Lo: lo, Hi: hi, Exp: exp}
	bd := NewBuilder()
	for i, b := range xs {
		for _, a := range xs[i+1:] {
			v := Value{Switch: true, A: a, B: b}
			p, err := bd.Build(v)
			if err != nil {
				return nil, err
			}
			delete(bd.memo, v)
			res.MaxRows, res.MaxCols = max(res.MaxRows, p.Rows), max(res.MaxCols, p.Cols)
			res.Switches++
			if s.Exact(p) == s.Game(v) {
				res.Exact++
			} else {
				res.Misses = append(res.Misses, v)
			}
		}
	}
	return res, nil
}

// WriteReport writes the construction check as text.
func (c *ConstructionCheck) WriteReport(w io.Writer) {
	fmt.Fprintf(w, "; the construction (Build) for every switch {a|b}, a > b, a and b in [%d, %d] with denominators dividing 2^%d\n", c.Lo, c.Hi, c.Exp)
	fmt.Fprintf(w, "; %d switches built (boards up to %d rows and %d columns); exactly {a|b}: %d; not exactly: %d\n", c.Switches, c.MaxRows, c.MaxCols, c.Exact, len(c.Misses))
	for _, v := range c.Misses {
		fmt.Fprintf(w, "not exact: %v\n", v)
	}
}

// SearchConfig sets what WriteSearch enumerates.
type SearchConfig struct {
	Rows, Cols, Edges int   // Search's bounds
	Lo, Hi            int64 // CheckConstruction's range
	Exp               uint  // CheckConstruction's denominators
}

// DefaultSearch is the search whose report is committed as
// game/testdata/search.txt: every board up to 4x4 with at most 17
// interior edges (up to 3x4 and 4x3), and the construction for every
// switch of eighths in [−4, 4].
var DefaultSearch = SearchConfig{Rows: 4, Cols: 4, Edges: 17, Lo: -4, Hi: 4, Exp: 3}

// WriteSearch runs Search and CheckConstruction and writes both reports.
func WriteSearch(w io.Writer, cfg SearchConfig) error {
	s := NewStore()
	res, err := s.Search(cfg.Rows, cfg.Cols, cfg.Edges)
	if err != nil {
		return err
	}
	res.WriteReport(w)
	fmt.Fprintln(w)
	c, err := s.CheckConstruction(cfg.Lo, cfg.Hi, cfg.Exp)
	if err != nil {
		return err
	}
	c.WriteReport(w)
	return nil
}
