package mousemaze

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// thesisMazes reads the thesis's record mazes from testdata.
func thesisMazes(t testing.TB) []Maze {
	t.Helper()
	mazes, err := ParseFile("testdata/thesis-mazes.txt")
	if err != nil {
		t.Fatal(err)
	}
	return mazes
}

func mustParse(t testing.TB, text string) Maze {
	t.Helper()
	mazes, err := Parse(strings.NewReader(text), "test")
	if err != nil {
		t.Fatal(err)
	}
	if len(mazes) != 1 {
		t.Fatalf("got %d mazes, want 1", len(mazes))
	}
	return mazes[0]
}

func mustWalk(t testing.TB, m Maze, cfg Config) Result {
	t.Helper()
	res, err := Walk(m, cfg)
	if err != nil {
		t.Fatalf("Walk: %v\n%s", err, m)
	}
	return res
}

func TestThesisTurns(t *testing.T) {
	want := []int64{12, 27, 54, 117, 332, 647, 1160}
	mazes := thesisMazes(t)
	if len(mazes) != len(want) {
		t.Fatalf("testdata holds %d mazes, want %d", len(mazes), len(want))
	}
	for i, m := range mazes {
		t.Run(m.Size().String(), func(t *testing.T) {
			res := mustWalk(t, m, Config{})
			if res.Turns != want[i] || !res.Escaped || !res.Feasible {
				t.Errorf("got %+v, want %d turns, escaped", res, want[i])
			}
			if res.Visits() != want[i]-2 {
				t.Errorf("visits %d, want %d", res.Visits(), want[i]-2)
			}
		})
	}
}

// readHeatTables reads testdata/thesis-heat.txt: one grid of numbers (X for
// walls) per maze. A wall is returned as -1.
func readHeatTables(t *testing.T) [][][]int {
	t.Helper()
	data, err := os.ReadFile("testdata/thesis-heat.txt")
	if err != nil {
		t.Fatal(err)
	}
	var tables [][][]int
	var cur [][]int
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, ";") {
			continue
		}
		if line == "" {
			if cur != nil {
				tables = append(tables, cur)
				cur = nil
			}
			continue
		}
		var row []int
		for _, f := range strings.Fields(line) {
			if f == "X" {
				row = append(row, -1)
				continue
			}
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("thesis-heat.txt: %q: %v", line, err)
			}
			row = append(row, n)
		}
		cur = append(cur, row)
	}
	if cur != nil {
		tables = append(tables, cur)
	}
	return tables
}

// TestThesisHeatMaps compares every cell's visit count with the thesis's
// Tables 4.2-4.8.
func TestThesisHeatMaps(t *testing.T) {
	// errata lists cells where the printed table contradicts the thesis's
	// own turn count (see the comment in testdata/thesis-heat.txt): maze
	// index, row, column, printed value, value the rules give.
	type erratum struct{ maze, r, c, printed, actual int }
	errata := []erratum{{maze: 1, r: 1, c: 2, printed: 2, actual: 3}}

	mazes := thesisMazes(t)
	tables := readHeatTables(t)
	if len(tables) != len(mazes) {
		t.Fatalf("%d heat tables for %d mazes", len(tables), len(mazes))
	}
	for i, m := range mazes {
		table := tables[i]
		// Apply the errata, after checking the table really prints them.
		for _, e := range errata {
			if e.maze == i {
				if table[e.r][e.c] != e.printed {
					t.Fatalf("maze %d: erratum cell (%d,%d) reads %d, want the printed %d", i, e.r, e.c, table[e.r][e.c], e.printed)
				}
				table[e.r][e.c] = e.actual
			}
		}
		res := mustWalk(t, m, Config{Heat: true})
		var sum int64
		for r := 0; r < m.Rows; r++ {
			if len(table[r]) != m.Cols {
				t.Fatalf("maze %d row %d: table has %d cells, want %d", i, r, len(table[r]), m.Cols)
			}
			for c := 0; c < m.Cols; c++ {
				got := int(res.Heat[r*m.Cols+c])
				want := table[r][c]
				if want < 0 {
					if !m.Wall(r, c) || got != 0 {
						t.Errorf("%s: cell (%d,%d): table says wall, maze wall=%v, visits %d", m.Size(), r, c, m.Wall(r, c), got)
					}
					continue
				}
				if got != want {
					t.Errorf("%s: cell (%d,%d): %d visits, thesis %d", m.Size(), r, c, got, want)
				}
				sum += int64(want)
			}
		}
		// The corrected table agrees with the thesis's own turn count.
		if sum+1 != res.Turns {
			t.Errorf("%s: table sums to %d turns, walk gives %d", m.Size(), sum+1, res.Turns)
		}
	}
}

func TestOpenAndSingleWall13x13(t *testing.T) {
	tests := []struct {
		name  string
		walls [][2]int
		want  int64
	}{
		{"empty", nil, 14},
		{"wall at row 1 column 0", [][2]int{{1, 0}}, 182},
		{"wall at row 2 column 0", [][2]int{{2, 0}}, 182},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMaze(13, 13)
			for _, w := range tc.walls {
				m.SetWall(w[0], w[1], true)
			}
			res := mustWalk(t, m, Config{})
			if res.Turns != tc.want || !res.Escaped {
				t.Errorf("got %+v, want %d turns", res, tc.want)
			}
		})
	}
}

// TestTracedExample follows the 3x3 walk of docs/rules.md step by step.
func TestTracedExample(t *testing.T) {
	m := mustParse(t, "...\nX..\n...\n")
	want := [][2]int{
		{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {0, 2}, {1, 2}, {2, 2}, {2, 1}, {2, 0},
		{3, 0}, // the exit, below the bottom-left cell
	}
	var got [][2]int
	var turns []int64
	res, err := Trace(m, Config{}, func(turn int64, r, c int) {
		got = append(got, [2]int{r, c})
		turns = append(turns, turn)
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("path\n got %v\nwant %v", got, want)
	}
	for i, turn := range turns {
		if turn != int64(i+1) {
			t.Fatalf("step %d reported turn %d", i, turn)
		}
	}
	if res.Turns != 12 || res.Visits() != 10 {
		t.Errorf("got %d turns, %d visits; want 12, 10", res.Turns, res.Visits())
	}
}

func TestInfeasible(t *testing.T) {
	tests := []struct {
		name string
		maze string
		cfg  Config
	}{
		{"walled entry", "X..\n...\n...\n", Config{}},
		{"walled exit", "...\n...\nX..\n", Config{}},
		{"cut off by a row", "...\nXXX\n...\n", Config{}},
		{"cut off by a diagonal", ".X.\nX..\n...\n", Config{}},
		{"exit column walled", "...\n...\n..X\n", Config{Exit: 2}},
		{"entry column walled", ".X.\n...\n...\n", Config{Entry: 1}},
		{"1x1 wall", "X\n", Config{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := mustParse(t, tc.maze)
			if Feasible(m, tc.cfg) {
				t.Fatal("Feasible says true")
			}
			steps := 0
			tc.cfg.Heat = true
			res, err := Trace(m, tc.cfg, func(int64, int, int) { steps++ })
			if err != nil {
				t.Fatal(err)
			}
			if res.Feasible || res.Escaped || res.Turns != 0 || steps != 0 {
				t.Errorf("got %+v after %d steps, want an infeasible result and no walk", res, steps)
			}
			if len(res.Heat) != m.Rows*m.Cols {
				t.Errorf("heat has %d cells, want %d zeros", len(res.Heat), m.Rows*m.Cols)
			}
		})
	}
}

// TestOrdersAndEnds checks hand-traced walks under other preference orders
// and entry/exit columns.
func TestOrdersAndEnds(t *testing.T) {
	tests := []struct {
		name  string
		maze  string
		order string
		entry int
		exit  int
		want  int64
	}{
		// 1x1: enter, then step down onto the exit.
		{"1x1", ".\n", "DRLU", 0, 0, 2},
		// 2x2 open, DRLU: (0,0) down to (1,0), then the exit.
		{"2x2 DRLU", "..\n..\n", "DRLU", 0, 0, 3},
		// 2x2 open, ULRD: up is the entrance, left is off the grid, so
		// right to (0,1); down to (1,1); left to (1,0) (up has 1 visit);
		// the exit (0 visits) wins over up and right (1 visit each).
		{"2x2 ULRD", "..\n..\n", "ULRD", 0, 0, 5},
		// 1x3 corridor, exit under column 2: right, right, down.
		{"1x3 exit 2", "...\n", "DRLU", 0, 2, 4},
		// 1x3 corridor entered at column 2, exit under column 0, RLDU:
		// left, left, then the exit.
		{"1x3 entry 2 RLDU", "...\n", "RLDU", 2, 0, 4},
		// 2x3 open, entry 1, exit 2, DRLU: down to (1,1), right to (1,2),
		// then the exit.
		{"2x3 entry 1 exit 2", "...\n...\n", "DRLU", 1, 2, 4},
		// 2x3 open, entry 1, exit 2, LURD: left to (0,0); down to (1,0)
		// (right has 1 visit); right to (1,1); right to (1,2); up to (0,2),
		// unvisited and before the exit in LURD; left to (0,1) (tie with
		// down, left first); left to (0,0); down to (1,0); right to (1,1);
		// right to (1,2); now the exit is the only 0: 11 moves, 12 turns.
		{"2x3 entry 1 exit 2 LURD", "...\n...\n", "LURD", 1, 2, 12},
		// 3x1 column: straight down.
		{"3x1", ".\n.\n.\n", "URDL", 0, 0, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ParseOrder(tc.order)
			if err != nil {
				t.Fatal(err)
			}
			res := mustWalk(t, mustParse(t, tc.maze), Config{Order: o, Entry: tc.entry, Exit: tc.exit})
			if res.Turns != tc.want || !res.Escaped {
				t.Errorf("got %+v, want %d turns", res, tc.want)
			}
		})
	}
}

func TestCap(t *testing.T) {
	m := thesisMazes(t)[0] // 12 turns
	tests := []struct {
		cap     int64
		turns   int64
		escaped bool
	}{
		{0, 12, true}, {100, 12, true}, {12, 12, true}, {11, 11, false}, {1, 1, false},
	}
	for _, tc := range tests {
		res := mustWalk(t, m, Config{Cap: tc.cap, Heat: true})
		if res.Turns != tc.turns || res.Escaped != tc.escaped || !res.Feasible {
			t.Errorf("cap %d: got %+v, want %d turns, escaped %v", tc.cap, res, tc.turns, tc.escaped)
		}
		var sum int64
		for _, v := range res.Heat {
			sum += int64(v)
		}
		// Every turn but the final move onto the exit adds one visit.
		wantSum := tc.turns
		if tc.escaped {
			wantSum--
		}
		if sum != wantSum {
			t.Errorf("cap %d: heat sums to %d, want %d", tc.cap, sum, wantSum)
		}
	}
}

func TestWalkRejectsBadInput(t *testing.T) {
	m := NewMaze(3, 3)
	tests := []struct {
		name string
		m    Maze
		cfg  Config
		want error
	}{
		{"entry out of range", m, Config{Entry: 3}, ErrConfig},
		{"exit out of range", m, Config{Exit: -1}, ErrConfig},
		{"negative cap", m, Config{Cap: -1}, ErrConfig},
		{"bad order", m, Config{Order: Order{Down, Down, Left, Up}}, errOrder},
		{"too big", Maze{Rows: 65, Cols: 3, Walls: make([]uint64, 65)}, Config{}, errDims},
		{"stray bits", Maze{Rows: 1, Cols: 3, Walls: []uint64{8}}, Config{}, ErrSize},
		{"short walls", Maze{Rows: 2, Cols: 3, Walls: []uint64{0}}, Config{}, ErrSize},
	}
	for _, tc := range tests {
		if _, err := Walk(tc.m, tc.cfg); !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestTurnBoundHolds checks that the Theorem 8 guard lies above the actual
// turns on the thesis mazes and on small random mazes, where it is finite.
func TestTurnBoundHolds(t *testing.T) {
	for _, m := range thesisMazes(t) {
		res := mustWalk(t, m, Config{})
		if b := TurnBound(m, Config{}); b <= res.Turns {
			t.Errorf("%s: bound %d <= turns %d", m.Size(), b, res.Turns)
		}
	}
	if b := TurnBound(NewMaze(1, 1), Config{}); b < 2 {
		t.Errorf("1x1 bound %d below the 2 turns the walk takes", b)
	}
}

// TestTurnBoundLog10 wants TurnBoundLog10 to be log10 of the exact
// Theorem 8 guard, computed here with big integers, on mazes whose guard
// fits an int64 and on mazes where TurnBound saturates.
func TestTurnBoundLog10(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	saturated := 0
	for i := 0; i < 300; i++ {
		rows, cols := 1+rng.IntN(64), 1+rng.IntN(64)
		m := RandomFeasible(rng, rows, cols, 0.3*rng.Float64(), Config{})
		a := gridAdjacency(m, Config{})
		var cells, delta, far int64 = 0, 1, 0
		for v, d := range a.distances(a.exit) {
			if d >= 0 {
				cells, delta, far = cells+1, max(delta, int64(len(a.prefs[v]))), max(far, int64(d))
			}
		}
		sum, pow := new(big.Int), big.NewInt(1)
		for range far {
			pow.Mul(pow, big.NewInt(delta))
			sum.Add(sum, pow)
		}
		exact := new(big.Int).Mul(sum, big.NewInt(cells))
		exact.Add(exact, big.NewInt(2))
		f, _ := new(big.Float).SetInt(exact).Float64()
		want := math.Log10(f)
		if math.IsInf(f, 1) { // beyond float64: log10 from the digits
			s := exact.String()
			lead, _ := new(big.Float).SetString("0." + s[:30])
			l, _ := lead.Float64()
			want = float64(len(s)) + math.Log10(l)
		}
		got := TurnBoundLog10(m, Config{})
		if math.Abs(got-want) > 1e-9*math.Max(1, want) {
			t.Fatalf("%dx%d: TurnBoundLog10 %v, exact log10 %v (guard %s)", rows, cols, got, want, exact)
		}
		if exact.IsInt64() != (TurnBound(m, Config{}) < math.MaxInt64) {
			t.Fatalf("%dx%d: TurnBound %d for the exact %s", rows, cols, TurnBound(m, Config{}), exact)
		}
		if !exact.IsInt64() {
			saturated++
		}
	}
	if saturated == 0 || saturated == 300 {
		t.Errorf("%d of 300 guards saturated, want some and not all", saturated)
	}
}
