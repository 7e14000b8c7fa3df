package game

// seq returns the option sequence holding head and every game of tail.
// Sequences are hash-consed, so a cell's options down a column (or along
// a row) are one int32, shared by all boards that agree there.
func (s *Store) seq(head Game, tail int32) int32 {
	k := [2]int32{int32(head), tail}
	if id, ok := s.seqs[k]; ok {
		return id
	}
	id := int32(len(s.seqEl))
	s.seqEl = append(s.seqEl, norm(append([]Game{head}, s.seqEl[tail]...)))
	s.seqs[k] = id
	return id
}

// cell returns the canonical value of the game whose left options are
// the games of sequence l and right options those of sequence r.
func (s *Store) cell(l, r int32) Game {
	k := [2]int32{l, r}
	if g, ok := s.cells[k]; ok {
		return g
	}
	g := s.canonical(s.Form(s.seqEl[l], s.seqEl[r]))
	s.cells[k] = g
	return g
}

// ExactValues returns the canonical form of every cell of p (index
// r*Cols+c): the exact value of the position with the token on that cell.
// The cells are evaluated from the bottom row up and from the right,
// each from the literal form {cells below it | cells right of it}. The
// cost grows quickly with the board; it is meant for small boards.
func (s *Store) ExactValues(p Position) []Game {
	val := make([]Game, p.Rows*p.Cols)
	down := make([]int32, p.Cols) // the left-option sequence of the cell being evaluated in each column
	s.exactRows(p, val, down, p.Rows-1)
	return val
}

// exactRows evaluates rows last down to 0 of p into val; down holds, per
// column, the left-option sequence of the cell in row last (empty below
// the bottom row).
func (s *Store) exactRows(p Position, val []Game, down []int32, last int) {
	for r := last; r >= 0; r-- {
		s.exactRows1(p, val, down, r)
	}
}

// Exact returns the canonical form of the position p (its top-left cell).
func (s *Store) Exact(p Position) Game { return s.ExactValues(p)[0] }

// LiteralValues returns the literal form of every cell of p (index
// r*Cols+c): {every cell below it Left can reach | every cell right of it
// Right can reach}, each option itself literal, nothing simplified. The
// tests compare it with ExactValues through Eq, which needs no canonical
// forms.
func (s *Store) LiteralValues(p Position) []Game {
	val := make([]Game, p.Rows*p.Cols)
	for r := p.Rows - 1; r >= 0; r-- {
		for c := p.Cols - 1; c >= 0; c-- {
			var l, rt []Game
			for i := r; !p.DownWall(i, c); i++ {
				l = append(l, val[(i+1)*p.Cols+c])
			}
			for j := c; !p.RightWall(r, j); j++ {
				rt = append(rt, val[r*p.Cols+j+1])
			}
			val[r*p.Cols+c] = s.Form(l, rt)
		}
	}
	return val
}
