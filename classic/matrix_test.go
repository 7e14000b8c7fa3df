package classic

import (
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// printedMd is the minimum-distance matrix Mᵈ of the seed's Figure 20(c),
// cells 1…9, copied as printed.
var printedMd = [9][9]int{
	{0, 1, 2, 1, 2, 3, 2, 3, 4},
	{1, 0, 1, 2, 3, 2, 3, 4, 3},
	{2, 1, 0, 3, 2, 1, 4, 5, 2},
	{1, 2, 3, 0, 1, 2, 1, 2, 3},
	{2, 3, 2, 1, 0, 1, 2, 3, 2},
	{3, 2, 1, 2, 1, 0, 3, 4, 1},
	{2, 3, 4, 1, 2, 3, 0, 1, 4},
	{3, 4, 4, 2, 3, 4, 1, 0, 5},
	{4, 3, 2, 3, 2, 1, 4, 5, 0},
}

// The maze of Figures 15 and 20 (testdata/fig15.txt) is rebuilt from the
// distance-1 entries of the printed Mᵈ; both the matrix powers and the
// breadth-first searches give back every printed entry but one: row 8,
// column 3 is printed 4, yet 8 and 3 are 5 moves apart whichever way round
// the cycle one goes (8-7-4-1-2-3 or 8-7-4-5-6-3), and the printed table
// itself gives 5 for row 3, column 8; a door maze's Mᵈ is symmetric, so the
// 4 is a misprint. The complete connection matrix is M⁵ (the largest
// distance is 5), which is why Figure 20 shows Mᶜ beside Mᵈ.
//
// Figure 13's maze, whose M¹, M², M⁷ and M⁸ the seed shows as pictures,
// cannot be rebuilt from the text: the text says only that M⁷ is its first
// power without a zero and (Figure 14) that walling the door between
// cells 5 and 6 cuts it in two, which many 3x3 mazes satisfy.
func TestFigure20Distances(t *testing.T) {
	nav := loadBoard(t, "fig15.txt").Nav()
	byPow, c := DistancesByPowers(nav)
	byBFS := DistancesByBFS(nav)
	if c != 5 {
		t.Errorf("complete connection matrix M^%d, want M^5", c)
	}
	for i := range 9 {
		for j := range 9 {
			want := printedMd[i][j]
			if i == 7 && j == 2 {
				want = 5 // the misprint explained above
			}
			if byPow[i][j] != want || byBFS[i][j] != want {
				t.Errorf("Md[%d][%d]: powers %d, bfs %d, want %d", i+1, j+1, byPow[i][j], byBFS[i][j], want)
			}
		}
	}
}

// M² counts the two-move walks, staying put included (§2.3). On Figure
// 15's maze cell 1 reaches itself in two moves three ways (stay-stay,
// 1-2-1, 1-4-1), cell 3 one way (1-2-3), cell 5 one way (1-4-5: 1 and 5
// are not neighbours, so no stay helps, and 2-5 is a wall), cell 9 not at
// all, and cell 9 reaches 3 one way (9-6-3). Cell 5 reaches itself three ways (stay, 5-4-5,
// 5-6-5) and cell 4 two ways (5-5-4, 5-4-4).
func TestConnectionPowers(t *testing.T) {
	nav := loadBoard(t, "fig15.txt").Nav()
	m2 := Power(nav, 2)
	tests := []struct{ from, to, want int }{{1, 1, 3}, {1, 3, 1}, {1, 5, 1}, {1, 9, 0}, {5, 5, 3}, {5, 4, 2}, {9, 3, 1}}
	for _, tc := range tests {
		if got := m2.At(cellOf(tc.from), cellOf(tc.to)); got != float64(tc.want) {
			t.Errorf("M2[%d][%d] = %v, want %d", tc.from, tc.to, got, tc.want)
		}
	}
	// M⁴ has a zero entry (cells 3 and 8 are 5 apart), M⁵ none.
	zero := func(k int) bool {
		m := Power(nav, k)
		for i := range 9 {
			for j := range 9 {
				if m.At(i, j) == 0 {
					return true
				}
			}
		}
		return false
	}
	if !zero(4) || zero(5) {
		t.Errorf("M4 has a zero: %v, M5 has a zero: %v; want true, false", zero(4), zero(5))
	}
}

// §4.2's example: with goal cell 1, from cell 5 the good move is to 4
// (one step from 1), not to 6 (three steps), so row 5 of Mˢ¹ holds
// Mᵈ[5][1] = 2 in column 4 and −1 elsewhere.
func TestSolutionMatrixExample(t *testing.T) {
	nav := loadBoard(t, "fig15.txt").Nav()
	d, _ := DistancesByPowers(nav)
	s := Solution(d, cellOf(1))
	want := []int{-1, -1, -1, 2, -1, -1, -1, -1, -1}
	if !slices.Equal(s[cellOf(5)], want) {
		t.Errorf("Ms1 row 5 = %v, want %v", s[cellOf(5)], want)
	}
	if s[0][0] != 0 {
		t.Errorf("Ms1[1][1] = %d, want 0", s[0][0])
	}
	// Cell 9 is 4 from cell 1, by way of 6: row 9 holds 4 in column 6.
	if got := s[cellOf(9)]; got[cellOf(6)] != 4 || slices.Index(got, 4) != cellOf(6) {
		t.Errorf("Ms1 row 9 = %v, want 4 in column 6 only", got)
	}
}

// The matrix powers and the breadth-first searches agree on random boards
// of every kind: cut into pieces, multiply connected, wrapping, one-way.
func TestMatricesAgree(t *testing.T) {
	for seed := range 40 {
		rng := NewRand(uint64(seed))
		rows, cols := 2+rng.IntN(5), 2+rng.IntN(5)
		b := NewBoard(mousemaze.RandomEdges(rng, rows, cols, 0.2+0.4*rng.Float64()))
		if seed%3 == 1 {
			b.WrapCols, b.WrapRows = true, seed%2 == 0
			b.WrapRight = rng.Uint64() & mousemaze.RowMask(rows)
		}
		if seed%3 == 2 {
			nav := b.Nav()
			for i := range nav.Cells() {
				for d := North; d <= West; d++ {
					if nav.Doors[i][d] && rng.IntN(4) == 0 {
						b.OneWay = append(b.OneWay, Door{i, d})
					}
				}
			}
		}
		if err := b.Validate(); err != nil {
			t.Fatal(err)
		}
		nav := b.Nav()
		byPow, c := DistancesByPowers(nav)
		byBFS := DistancesByBFS(nav)
		for i := range byPow {
			if !slices.Equal(byPow[i], byBFS[i]) {
				t.Fatalf("seed %d row %d: powers %v, bfs %v\n%s", seed, i, byPow[i], byBFS[i], b.Format())
			}
		}
		reach := Reach(nav)
		for i := range reach {
			for j, ok := range reach[i] {
				if ok != (byBFS[i][j] >= 0) {
					t.Fatalf("seed %d: reach[%d][%d] = %v, distance %d", seed, i, j, ok, byBFS[i][j])
				}
			}
		}
		if (c > 0) != byBFS.Connected() {
			t.Fatalf("seed %d: c = %d but connected %v", seed, c, byBFS.Connected())
		}
		for g := range nav.Cells() {
			sp, sb := Solution(byPow, g), Solution(byBFS, g)
			for i := range sp {
				if !slices.Equal(sp[i], sb[i]) {
					t.Fatalf("seed %d: Ms%d row %d differs", seed, g, i)
				}
			}
		}
	}
}
