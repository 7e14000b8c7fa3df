package mousemaze

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseOffset(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Offset
		bad  bool
	}{
		{"0,0", Offset{0, 0}, false},
		{" 1, 2 ", Offset{1, 2}, false},
		{"3,0", Offset{3, 0}, false},
		{"1", Offset{}, true},
		{"-1,0", Offset{}, true},
		{"a,b", Offset{}, true},
		{"", Offset{}, true},
	} {
		got, err := ParseOffset(c.in)
		if (err != nil) != c.bad || got != c.want {
			t.Errorf("ParseOffset(%q) = %v, %v; want %v, error %v", c.in, got, err, c.want, c.bad)
		}
		if err == nil && got.String() != strings.ReplaceAll(strings.TrimSpace(c.in), " ", "") {
			t.Errorf("Offset(%q).String() = %q", c.in, got.String())
		}
	}
}

func TestCorners(t *testing.T) {
	for _, c := range []struct {
		inner, outer Size
		want         []Offset
	}{
		{Size{12, 12}, Size{13, 13}, []Offset{{0, 0}, {0, 1}, {1, 0}, {1, 1}}},
		{Size{3, 5}, Size{3, 7}, []Offset{{0, 0}, {0, 2}}},
		{Size{4, 4}, Size{4, 4}, []Offset{{0, 0}}},
		{Size{5, 4}, Size{4, 4}, nil},
	} {
		got := Corners(c.inner, c.outer)
		if len(got) != len(c.want) {
			t.Fatalf("Corners(%v, %v) = %v, want %v", c.inner, c.outer, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("Corners(%v, %v) = %v, want %v", c.inner, c.outer, got, c.want)
			}
		}
	}
}

func TestEmbedTable(t *testing.T) {
	for _, c := range []struct {
		name, inner string
		outer       Size
		at          Offset
		cfg         Config
		want        string
	}{
		{"bottom-right", "..\n..\n", Size{3, 3}, Offset{1, 1}, Config{}, ".XX\n...\n...\n"},
		{"top-left", ".X\n..\n", Size{3, 3}, Offset{0, 0}, Config{}, ".XX\n..X\n.XX\n"},
		{"top-right", "..\n.X\n", Size{3, 3}, Offset{0, 1}, Config{}, "...\nX.X\n..X\n"},
		{"bottom-left", "..\n..\n", Size{3, 3}, Offset{1, 0}, Config{}, ".XX\n..X\n..X\n"},
		{"same size", ".X\n..\n", Size{2, 2}, Offset{0, 0}, Config{}, ".X\n..\n"},
		{"ends in column 1", "X.\n..\n", Size{4, 4}, Offset{1, 1}, Config{Entry: 1, Exit: 1}, "X..X\nXX.X\nX..X\nX..X\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Embed(mustParse(t, c.inner), c.outer, c.at, c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if want := mustParse(t, c.want); !got.Equal(want) {
				t.Errorf("Embed =\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestEmbedErrors(t *testing.T) {
	for _, c := range []struct {
		inner Size
		outer Size
		at    Offset
		cfg   Config
		msg   string
	}{
		{Size{3, 3}, Size{3, 3}, Offset{1, 0}, Config{}, "does not fit"},
		{Size{3, 3}, Size{2, 5}, Offset{0, 0}, Config{}, "does not fit"},
		{Size{3, 3}, Size{4, 4}, Offset{0, 0}, Config{Entry: 3}, "no column 3"},
		// The grid's entry cell (0,1) is the maze's cell (0,0), not its entry (0,1).
		{Size{3, 3}, Size{4, 4}, Offset{0, 1}, Config{Entry: 1, Exit: 1}, "entry"},
		// The maze's exit cell (2,3) has no new cell beside it.
		{Size{2, 2}, Size{3, 4}, Offset{1, 2}, Config{Entry: 1, Exit: 1}, "no path"},
	} {
		_, err := Embed(NewMaze(c.inner.Rows, c.inner.Cols), c.outer, c.at, c.cfg)
		if err == nil || !errors.Is(err, errEmbed) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Embed(%v, %v, %+v) = %v, want an errEmbed naming %q", c.outer, c.at, c.cfg, err, c.msg)
		}
	}
}

// TestEmbedWalks checks, on many random feasible mazes of many sizes, that
// an embedded maze keeps its cells, stays feasible at every corner, and
// that at the top-left corner of a grid one row and one column larger the
// mouse walks the small maze and then takes one more turn, into the new
// row's open cell and out.
func TestEmbedWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 400; i++ {
		h, w := 2+rng.IntN(9), 2+rng.IntN(9)
		m := RandomFeasible(rng, h, w, 0.3, Config{})
		outer := Size{h + 1 + rng.IntN(3), w + 1 + rng.IntN(3)}
		for _, at := range Corners(m.Size(), outer) {
			g, err := Embed(m, outer, at, Config{})
			if err != nil {
				t.Fatalf("Embed(%v at %v in %v): %v", m, at, outer, err)
			}
			for r := 0; r < h; r++ {
				for c := 0; c < w; c++ {
					if g.Wall(r+at.Row, c+at.Col) != m.Wall(r, c) {
						t.Fatalf("cell (%d,%d) changed embedding\n%s at %v:\n%s", r, c, m, at, g)
					}
				}
			}
			if !Feasible(g, Config{}) {
				t.Fatalf("Embed of a feasible maze is infeasible:\n%s at %v:\n%s", m, at, g)
			}
		}
		grown, err := Embed(m, Size{h + 1, w + 1}, Offset{}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		a, errA := Walk(m, Config{})
		b, errB := Walk(grown, Config{})
		if errA != nil || errB != nil || !b.Escaped || b.Turns != a.Turns+1 {
			t.Fatalf("walk of\n%s = %d turns, of it grown\n%s = %d turns (%v %v)", m, a.Turns, grown, b.Turns, errA, errB)
		}
	}
}
