package mousemaze

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// fwSpreadRef is the one-column-at-a-time sideways spread Reachable used
// before fillRuns: the reference fillRuns is held to.
func fwSpreadRef(x, open uint64) uint64 {
	for {
		y := x | (x<<1|x>>1)&open
		if y == x {
			return x
		}
		x = y
	}
}

// fwReachableRef is Reachable as it was written before it shared
// FeasibleWalls's flood, kept as the reference for reach sets.
func fwReachableRef(m Maze, entry int) []uint64 {
	if m.Wall(0, entry) {
		return nil
	}
	mask := RowMask(m.Cols)
	reach := make([]uint64, m.Rows)
	reach[0] = 1 << uint(entry)
	for changed := true; changed; {
		changed = false
		for r := 0; r < m.Rows; r++ {
			open := ^m.Walls[r] & mask
			x := reach[r]
			if r > 0 {
				x |= reach[r-1] & open
			}
			if r+1 < m.Rows {
				x |= reach[r+1] & open
			}
			x = fwSpreadRef(x, open)
			if x != reach[r] {
				reach[r] = x
				changed = true
			}
		}
	}
	return reach
}

// fwBFSReach returns the reach sets of a cell-by-cell search from the
// entry cell (nil when it is a wall), independent of any row-mask trick.
func fwBFSReach(m Maze, entry int) []uint64 {
	if m.Wall(0, entry) {
		return nil
	}
	reach := make([]uint64, m.Rows)
	reach[0] = 1 << uint(entry)
	stack := [][2]int{{0, entry}}
	for len(stack) > 0 {
		r, c := stack[len(stack)-1][0], stack[len(stack)-1][1]
		stack = stack[:len(stack)-1]
		for d := Down; d <= Up; d++ {
			dr, dc := d.Delta()
			nr, nc := r+dr, c+dc
			if nr < 0 || nr >= m.Rows || nc < 0 || nc >= m.Cols || m.Wall(nr, nc) || reach[nr]>>uint(nc)&1 != 0 {
				continue
			}
			reach[nr] |= 1 << uint(nc)
			stack = append(stack, [2]int{nr, nc})
		}
	}
	return reach
}

func fwEqualReach(a, b []uint64) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// fwRandomWalls fills m's rows with walls of the given density.
func fwRandomWalls(rng *rand.Rand, m Maze, density float64) {
	cut := uint64(density * (1 << 63))
	for r := range m.Walls {
		var w uint64
		for c := 0; c < m.Cols; c++ {
			if rng.Uint64()>>1 < cut {
				w |= 1 << uint(c)
			}
		}
		m.Walls[r] = w
	}
}

// fwMazeOf reads a maze written one row a line, X for a wall and . for an
// open cell.
func fwMazeOf(t *testing.T, rows ...string) Maze {
	t.Helper()
	m := NewMaze(len(rows), len(rows[0]))
	for r, line := range rows {
		if len(line) != m.Cols {
			t.Fatalf("row %d has %d cells, want %d", r, len(line), m.Cols)
		}
		for c := 0; c < m.Cols; c++ {
			m.SetWall(r, c, line[c] == 'X')
		}
	}
	return m
}

// fwSerpentine returns a rows x cols maze (cols odd) whose only open cells
// form one corridor that runs down column 0, up column 2, down column 4
// and so on, so that every second column is climbed: a flood fill by rows
// needs a down and an up sweep per climbed column.
func fwSerpentine(rows, cols int) Maze {
	m := NewMaze(rows, cols)
	for r := 0; r < rows; r++ {
		m.Walls[r] = RowMask(cols)
	}
	for c := 0; c < cols; c += 2 {
		for r := 0; r < rows; r++ {
			m.SetWall(r, c, false)
		}
		if c+1 < cols {
			if c%4 == 0 {
				m.SetWall(rows-1, c+1, false) // across the bottom
			} else {
				m.SetWall(0, c+1, false) // across the top
			}
		}
	}
	return m
}

// fwSpiral returns an n x n maze whose open cells form one corridor that
// spirals inwards clockwise from the top-left cell, with a wall between
// successive turns, and the cell where it ends.
func fwSpiral(n int) (Maze, [2]int) {
	m := NewMaze(n, n)
	for r := range m.Walls {
		m.Walls[r] = RowMask(n)
	}
	r, c := 0, 0
	m.SetWall(r, c, false)
	dirs := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	d, stuck := 0, 0
	for stuck < 2 {
		dr, dc := dirs[d][0], dirs[d][1]
		nr, nc := r+dr, c+dc
		// Step on while the cell two ahead is inside and still a wall, so a
		// wall stays between this turn of the corridor and the last.
		ok := nr >= 0 && nr < n && nc >= 0 && nc < n && m.Wall(nr, nc)
		if ok {
			fr, fc := nr+dr, nc+dc
			if fr >= 0 && fr < n && fc >= 0 && fc < n && !m.Wall(fr, fc) {
				ok = false
			}
		}
		if !ok {
			d = (d + 1) % 4
			stuck++
			continue
		}
		r, c = nr, nc
		m.SetWall(r, c, false)
		stuck = 0
	}
	return m, [2]int{r, c}
}

// fwCase is one maze of TestFeasibleWallsTable: whether exit is reached
// from entry.
type fwCase struct {
	name        string
	m           Maze
	entry, exit int
	want        bool
}

func TestFeasibleWallsTable(t *testing.T) {
	spiral, end := fwSpiral(15)
	cases := []fwCase{
		{"1x1 open", fwMazeOf(t, "."), 0, 0, true},
		{"1x1 wall", fwMazeOf(t, "X"), 0, 0, false},
		{"1xN run", fwMazeOf(t, "X....X"), 1, 4, true},
		{"1xN cut", fwMazeOf(t, "..X..."), 0, 4, false},
		{"Nx1 open", fwMazeOf(t, ".", ".", ".", "."), 0, 0, true},
		{"Nx1 cut", fwMazeOf(t, ".", ".", "X", "."), 0, 0, false},
		{"2x2 diagonal", fwMazeOf(t, ".X", "X."), 0, 1, false},
		{"2x2 around", fwMazeOf(t, "..", "X."), 0, 1, true},
		{"entry walled", fwMazeOf(t, "X..", "...", "..."), 0, 2, false},
		{"exit walled", fwMazeOf(t, "...", "...", "..X"), 0, 2, false},
		{"walled row", fwMazeOf(t, "...", "XXX", "..."), 1, 1, false},
		{"up and around", fwMazeOf(t,
			".XXXXX",
			".X...X",
			".X.X.X",
			".X.X.X",
			"...X.."), 0, 5, true},
		{"leftwards run", fwMazeOf(t,
			"XXXXX.",
			"......",
			".XXXXX"), 5, 0, true},
		{"serpentine 13x13", fwSerpentine(13, 13), 0, 12, true},
		{"serpentine 64x63", fwSerpentine(64, 63), 0, 62, true},
		{"serpentine 64x63 blocked", func() Maze {
			m := fwSerpentine(64, 63)
			m.SetWall(31, 40, true)
			return m
		}(), 0, 62, false},
		{"spiral 15x15 bottom row", spiral, 0, 7, true},
	}
	// The spiral ends inside; a corridor from there straight down would cut
	// its turns, so check its far end through the reach sets instead.
	if reach := Reachable(spiral, 0); reach[end[0]]>>uint(end[1])&1 == 0 {
		t.Errorf("spiral: end %v not reached", end)
	}
	// 64 columns: bit 63 must take part like any other.
	wide := NewMaze(3, 64)
	wide.Walls[0] = ^uint64(0) >> 1 // only column 63 open
	wide.Walls[2] = ^uint64(0) &^ 1 // only column 0 open
	cases = append(cases, fwCase{"64 columns, entry at bit 63", wide, 63, 0, true})
	wideCut := wide.Clone()
	wideCut.Walls[1] = 1 << 62 // the run 0..61 cannot reach column 63
	cases = append(cases, fwCase{"64 columns, cut at bit 62", wideCut, 63, 0, false})
	open64 := NewMaze(64, 64)
	cases = append(cases, fwCase{"64x64 open, exit at bit 63", open64, 0, 63, true})
	corner := NewMaze(64, 64)
	for r := range corner.Walls {
		corner.Walls[r] = ^uint64(0) >> 1 // only column 63 open
	}
	corner.Walls[0] = 0
	cases = append(cases, fwCase{"64x64 down column 63", corner, 0, 63, true})

	for _, tc := range cases {
		if err := tc.m.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		cfg := Config{Entry: tc.entry, Exit: tc.exit}
		if got := Feasible(tc.m, cfg); got != tc.want {
			t.Errorf("%s: Feasible = %v, want %v", tc.name, got, tc.want)
		}
		if got := FeasibleWalls(tc.m.Walls, tc.m.Cols, tc.entry, tc.exit); got != tc.want {
			t.Errorf("%s: FeasibleWalls = %v, want %v", tc.name, got, tc.want)
		}
		if got, want := Reachable(tc.m, tc.entry), fwBFSReach(tc.m, tc.entry); !fwEqualReach(got, want) {
			t.Errorf("%s: Reachable = %x, BFS %x", tc.name, got, want)
		}
	}

	// Wall bits at or above cols are ignored.
	junk := fwMazeOf(t, "...", ".X.", "...")
	dirty := []uint64{junk.Walls[0] | 0xf8, junk.Walls[1] | 1<<63, junk.Walls[2] | 0xff00}
	if !FeasibleWalls(dirty, 3, 0, 2) {
		t.Error("bits beyond the last column are not ignored")
	}

	// Sizes, entries and exits out of range give false.
	open := make([]uint64, 65)
	for _, bad := range []struct {
		rows, cols, entry, exit int
	}{
		{0, 3, 0, 0}, {65, 3, 0, 0}, {3, 0, 0, 0}, {3, 65, 0, 0},
		{3, 3, -1, 0}, {3, 3, 3, 0}, {3, 3, 0, -1}, {3, 3, 0, 3},
	} {
		if FeasibleWalls(open[:bad.rows], bad.cols, bad.entry, bad.exit) {
			t.Errorf("FeasibleWalls(%d rows, %d cols, entry %d, exit %d) = true, want false",
				bad.rows, bad.cols, bad.entry, bad.exit)
		}
	}
}

// TestFeasibleWallsRandom holds FeasibleWalls and ReachWalls (its answer,
// and its reach sets when it answers false) to Feasible, and both
// Feasible and Reachable to the one-column spread Reachable used to have,
// on 210,000 random mazes of many shapes, densities and entry and exit
// columns; every 8th maze, and every one of at most 64 cells, is also
// checked cell by cell.
func TestFeasibleWallsRandom(t *testing.T) {
	const n = 210000
	rng := rand.New(rand.NewPCG(2024, 7))
	densities := []float64{0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6}
	var feasible, infeasible, crossed int
	shapes := map[string]int{}
	for i := 0; i < n; i++ {
		var rows, cols int
		switch kind := i % 8; kind {
		case 0:
			rows, cols = 1, 1
			if i%16 == 8 {
				rows, cols = 2, 2
			}
		case 1:
			rows, cols = 1, 1+rng.IntN(MaxSide)
		case 2:
			rows, cols = 1+rng.IntN(MaxSide), 1
		case 3:
			rows = 2 + rng.IntN(MaxSide-1)
			cols = rows
		case 4, 5:
			rows, cols = 1+rng.IntN(MaxSide), 1+rng.IntN(MaxSide)
		case 6:
			rows, cols = 1+rng.IntN(12), 1+rng.IntN(12)
		default:
			rows, cols = 1+rng.IntN(MaxSide), MaxSide
			if i%16 == 15 {
				rows = MaxSide
			}
		}
		shapes[fmt.Sprint(min(rows, 3), "x", min(cols, 3))]++
		m := NewMaze(rows, cols)
		fwRandomWalls(rng, m, densities[rng.IntN(len(densities))])
		cfg := Config{Entry: rng.IntN(cols), Exit: rng.IntN(cols)}
		if rng.IntN(4) != 0 {
			m.SetWall(0, cfg.Entry, false)
			m.SetWall(rows-1, cfg.Exit, false)
		}

		// Feasible as it was before FeasibleWalls and Reachable shared
		// their flood: by the one-column spread.
		ref := fwReachableRef(m, cfg.Entry)
		want := ref != nil && !m.Wall(rows-1, cfg.Exit) && ref[rows-1]>>uint(cfg.Exit)&1 != 0
		if got := Feasible(m, cfg); got != want {
			t.Fatalf("maze %d: Feasible = %v, reference %v, entry %d, exit %d on\n%s",
				i, got, want, cfg.Entry, cfg.Exit, m)
		}
		if got := FeasibleWalls(m.Walls, cols, cfg.Entry, cfg.Exit); got != want {
			t.Fatalf("maze %d: FeasibleWalls = %v, Feasible = %v, entry %d, exit %d on\n%s",
				i, got, want, cfg.Entry, cfg.Exit, m)
		}
		kept := make([]uint64, rows)
		if got := ReachWalls(m.Walls, kept, cols, cfg.Entry, cfg.Exit); got != want {
			t.Fatalf("maze %d: ReachWalls = %v, reference %v, entry %d, exit %d on\n%s",
				i, got, want, cfg.Entry, cfg.Exit, m)
		}
		wantKept := ref
		if ref == nil { // the entry cell is a wall: nothing is reached
			wantKept = make([]uint64, rows)
		}
		if !want && !fwEqualReach(kept, wantKept) {
			t.Fatalf("maze %d: ReachWalls kept %x, reference %x, entry %d on\n%s", i, kept, ref, cfg.Entry, m)
		}
		reach := Reachable(m, cfg.Entry)
		if !fwEqualReach(reach, ref) {
			t.Fatalf("maze %d: Reachable = %x, reference %x, entry %d on\n%s", i, reach, ref, cfg.Entry, m)
		}
		if i%8 == 0 || rows*cols <= 64 {
			if bfs := fwBFSReach(m, cfg.Entry); !fwEqualReach(reach, bfs) {
				t.Fatalf("maze %d: Reachable = %x, BFS %x, entry %d on\n%s", i, reach, bfs, cfg.Entry, m)
			}
		}
		if want {
			feasible++
			if rows > 1 {
				crossed++
			}
		} else {
			infeasible++
		}
	}
	if feasible < n/5 || infeasible < n/5 || crossed < n/10 {
		t.Errorf("unbalanced sample: %d feasible (%d over several rows), %d infeasible", feasible, crossed, infeasible)
	}
	for _, s := range []string{"1x1", "1x3", "3x1", "2x2", "3x3"} {
		if shapes[s] == 0 {
			t.Errorf("no %s-class shapes drawn", s)
		}
	}
}

// TestFillRuns holds fillRuns to the one-column spread on random rows of
// every width, including runs that touch bit 0 and bit 63.
func TestFillRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 300000; i++ {
		width := 1 + rng.IntN(MaxSide)
		mask := RowMask(width)
		open := rng.Uint64() | rng.Uint64()
		switch i % 4 {
		case 1:
			open |= rng.Uint64() | rng.Uint64() // long runs
		case 2:
			open &= rng.Uint64() // short runs
		}
		open &= mask
		seed := rng.Uint64() & rng.Uint64() & rng.Uint64() & open
		if i%3 == 0 {
			seed &= rng.Uint64() & rng.Uint64()
		}
		if got, want := fillRuns(seed, open, uint(width)), fwSpreadRef(seed, open); got != want {
			t.Fatalf("fillRuns(%#x, %#x, %d) = %#x, want %#x", seed, open, width, got, want)
		}
	}
	for _, c := range []struct{ seed, open uint64 }{
		{1, ^uint64(0)}, {1 << 63, ^uint64(0)}, {1<<63 | 1, ^uint64(0)},
		{1 << 40, ^uint64(0) &^ (1 << 20)}, {1 << 62, 1<<63 | 1<<62}, {1, 0b1011},
	} {
		if got, want := fillRuns(c.seed, c.open, 64), fwSpreadRef(c.seed, c.open); got != want {
			t.Errorf("fillRuns(%#x, %#x, 64) = %#x, want %#x", c.seed, c.open, got, want)
		}
	}
}

func TestFeasibleWallsAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var mazes []Maze
	for _, n := range []int{1, 13, 32, 64} {
		m := NewMaze(n, n)
		fwRandomWalls(rng, m, 0.3)
		m.SetWall(0, 0, false)
		m.SetWall(n-1, 0, false)
		cols := n - 1 + n%2 // fwSerpentine wants an odd width
		mazes = append(mazes, m, fwSerpentine(n, cols))
	}
	for _, m := range mazes {
		if a := testing.AllocsPerRun(100, func() { FeasibleWalls(m.Walls, m.Cols, 0, 0) }); a != 0 {
			t.Errorf("%dx%d: %v allocations per call", m.Rows, m.Cols, a)
		}
	}
}

// fwBenchMazes returns 256 random n x n mazes of density 0.3 with the
// entry and exit cells (column 0) open, so that every call floods.
func fwBenchMazes(n int) []Maze {
	rng := rand.New(rand.NewPCG(uint64(n), 30))
	ms := make([]Maze, 256)
	for i := range ms {
		ms[i] = Random(rng, n, n, 0.3)
		ms[i].SetWall(0, 0, false)
		ms[i].SetWall(n-1, 0, false)
	}
	return ms
}

var fwSink int

// benchFeasible times feasible on fwBenchMazes of 13x13 and 32x32, one
// sub-benchmark a size.
func benchFeasible(b *testing.B, feasible func(m Maze) bool) {
	for _, n := range []int{13, 32} {
		ms := fwBenchMazes(n)
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			k := 0
			for i := 0; b.Loop(); i++ {
				if feasible(ms[i&255]) {
					k++
				}
			}
			fwSink += k
		})
	}
}

func BenchmarkFeasibleWalls(b *testing.B) {
	benchFeasible(b, func(m Maze) bool { return FeasibleWalls(m.Walls, m.Cols, 0, 0) })
}

func BenchmarkFeasible(b *testing.B) {
	benchFeasible(b, func(m Maze) bool { return Feasible(m, Config{}) })
}
