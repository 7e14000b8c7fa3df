package game

import (
	"flag"
	"math/rand/v2"
	"strings"
	"testing"
)

var long = flag.Bool("game.long", false, "run the long checks: every 2x6, 6x2, 3x5, 5x3 and 4x4 board and more random 4x4 to 6x6 boards against the exact engine, every switch of the construction range")

// parseOne reads a single board from text.
func parseOne(t *testing.T, text string) Position {
	t.Helper()
	ps, _, err := Parse(strings.NewReader(text), "test")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 {
		t.Fatalf("%d boards, want 1", len(ps))
	}
	return ps[0]
}

// grid formats the reduced forms of cells as rows of space-separated values.
func grid(p Position, cells []Cell) string {
	var b strings.Builder
	for r := range p.Rows {
		for c := range p.Cols {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(cells[r*p.Cols+c].Value.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestSweepByHand(t *testing.T) {
	tests := []struct {
		name, board, want string
	}{
		// No walls, 1x3: Right moves right, so the row reads -2 -1 0.
		{"row", "+ +-+-+\n|. . .|\n+-+-+-+\n", "-2 -1 0\n"},
		// No walls, 3x1: Left moves down, so the column reads 2 1 0.
		{"column", "+ +\n|.|\n+ +\n|.|\n+ +\n|.|\n+-+\n", "2\n1\n0\n"},
		// 2x2 without walls: bottom row -1 0, right column 1 0;
		// top-left {-1 | 1} = 0.
		{"open 2x2", "+ +-+\n|. .|\n+ + +\n|. .|\n+-+-+\n", "0 1\n-1 0\n"},
		// The seed's 1/2: a wall right of (1,0): (1,0) = 0, (0,1) = {0|} = 1,
		// top-left {0 | 1} = 1/2.
		{"one half", "+ +-+\n|. .|\n+ + +\n|.|.|\n+-+-+\n", "1/2 1\n0 0\n"},
		// 2x3, wall right of (1,1): bottom row -1 0 0; (0,2) = 1, (0,1) =
		// {0 | 1} = 1/2; (0,0): Left's first number below is -1, Right's
		// first number to the right is 1/2: {-1 | 1/2} = 0.
		{"2x3", "+ +-+-+\n|. . .|\n+ + + +\n|. .|.|\n+-+-+-+\n", "0 1/2 1\n-1 0 0\n"},
		// 3x3 no walls: cell (r,c) with a = rows below, b = −(cols right):
		// (1,1) = {0 | 0}: a = 0 (the cell below, row 2 col 1, is -1? no:
		// bottom row reads -2 -1 0 and right column 2 1 0; (1,1) has
		// a = -1 (below) and b = 1 (right): {-1|1} = 0; (1,0): a = -2,
		// b = 0: {-2|0} = -1; (0,1): a = 0, b = 2: {0|2} = 1; (0,0):
		// a = -1, b = 1: 0.
		{"open 3x3", "+ +-+-+\n|. . .|\n+ + + +\n|. . .|\n+ + + +\n|. . .|\n+-+-+-+\n", "0 1 2\n-1 0 1\n-2 -1 0\n"},
		// A switch, 3x2: the bottom row is walled in the middle (0 0); the
		// middle row too, so (1,1) = {0 | } = 1 and (1,0) = {0 | } = 1;
		// (0,1) is walled below and at the right: 0. The top-left: Left's
		// first number down is 1, Right's is 0: {1 | 0}, not a number.
		{"switch", "+ +-+\n|. .|\n+ +-+\n|.|.|\n+ + +\n|.|.|\n+-+-+\n", "{1|0} 0\n1 1\n0 0\n"},
		// Without the wall in the middle row, (1,0) = {0 | 1} = 1/2 and the
		// top-left is {1/2 | 0}.
		{"half switch", "+ +-+\n|. .|\n+ +-+\n|. .|\n+ + +\n|.|.|\n+-+-+\n", "{1/2|0} 0\n1/2 1\n0 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parseOne(t, tt.board)
			cells, err := Sweep(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := grid(p, cells); got != tt.want {
				t.Errorf("sweep:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// crossCheck compares the sweep with the exact engine on every cell of p:
// the reduced forms agree, and the sweep calls a cell a number exactly
// when its canonical form is a number.
func crossCheck(t *testing.T, s *Store, p Position) bool {
	t.Helper()
	exact := s.ExactValues(p)
	cells, err := Sweep(p)
	if err != nil {
		t.Errorf("sweep: %v\n%s", err, p)
		return false
	}
	for i, g := range exact {
		want := s.Reduced(g)
		_, isNum := s.NumberOf(g)
		if !cells[i].Value.Equal(want) || cells[i].Number != isNum {
			t.Errorf("cell (%d,%d): sweep %v (number %v), exact %s reduces to %v (number %v)\n%s",
				i/p.Cols, i%p.Cols, cells[i].Value, cells[i].Number, s.Name(g), want, isNum, p)
			return false
		}
	}
	return true
}

// exhaustive cross-checks every wall placement of every board r×c with
// r ≤ rows, c ≤ cols and returns the number of boards.
func exhaustive(t *testing.T, s *Store, rows, cols int) int {
	n := 0
	for r := 1; r <= rows; r++ {
		for c := 1; c <= cols; c++ {
			p := mustPosition(r, c)
			for mask := uint64(0); mask < 1<<uint(p.Edges()); mask++ {
				p.SetEdges(mask)
				if !crossCheck(t, s, p) {
					return n
				}
				n++
			}
		}
	}
	return n
}

func TestSweepMatchesExactUpTo3x3(t *testing.T) {
	s := NewStore()
	// Sizes 1x1 … 3x3: 1+2+2+8+8+128+128+4096 boards… counted exactly:
	// Σ over r,c ≤ 3 of 2^(r(c−1)+(r−1)c).
	want := 0
	for r := 1; r <= 3; r++ {
		for c := 1; c <= 3; c++ {
			want += 1 << uint(r*(c-1)+(r-1)*c)
		}
	}
	if n := exhaustive(t, s, 3, 3); n != want {
		t.Fatalf("checked %d boards, want %d", n, want)
	}
}

func TestSweepMatchesExact3x4(t *testing.T) {
	s := NewStore()
	for _, sz := range [][2]int{{3, 4}, {4, 3}} {
		p := mustPosition(sz[0], sz[1])
		for mask := uint64(0); mask < 1<<uint(p.Edges()); mask++ {
			p.SetEdges(mask)
			if !crossCheck(t, s, p) {
				return
			}
		}
	}
}

func TestSweepMatchesExactRandom(t *testing.T) {
	s := NewStore()
	rng := rand.New(rand.NewPCG(11, 15))
	count := map[int]int{4: 1000, 5: 1000, 6: 200}
	if *long {
		count = map[int]int{4: 20000, 5: 100000, 6: 20000}
	}
	for _, side := range []int{4, 5, 6} {
		for range count[side] {
			p := randomPosition(rng, side, side, rng.Float64())
			if !crossCheck(t, s, p) {
				return
			}
		}
	}
}

func TestSweepMatchesExactLong(t *testing.T) {
	if !*long {
		t.Skip("run with -game.long")
	}
	s := NewStore()
	for _, sz := range [][2]int{{2, 6}, {6, 2}, {3, 5}, {5, 3}, {4, 4}} {
		p := mustPosition(sz[0], sz[1])
		n := 0
		for mask := uint64(0); mask < 1<<uint(p.Edges()); mask++ {
			setRowMajor(p, mask)
			if !crossCheck(t, s, p) {
				return
			}
			n++
		}
		t.Logf("%dx%d: all %d boards agree", sz[0], sz[1], n)
	}
}
