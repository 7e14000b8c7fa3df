package game

import (
	"bytes"
	"flag"
	"os"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("game.update", false, "rewrite testdata/search.txt")

func TestSearchUpTo2x2(t *testing.T) {
	s := NewStore()
	res, err := s.Search(2, 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	// 1x1: 0. 1x2: -1 or 0. 2x1: 1 or 0. 2x2: Left's option is (1,0),
	// -1 or 0 or none; Right's is (0,1), 1 or 0 or none: {|} = {|1} =
	// {-1|} = {-1|1} = 0, {|0} = -1, {0|} = 1, {-1|0} = -1/2,
	// {0|1} = 1/2, {0|0} = *.
	var names []string
	for _, f := range res.Values {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	if got, want := strings.Join(names, " "), "* -1 -1/2 0 1 1/2"; got != want {
		t.Errorf("values %q, want %q", got, want)
	}
	if res.Boards != 1+2+2+16 {
		t.Errorf("%d boards, want 21", res.Boards)
	}
}

// TestExactSwitchByHand: the 3x2 board of the sweep's test has exact
// value {1 | 0}: Left's options are 1 and 0 (0 dominated), Right's is 0.
func TestExactSwitchByHand(t *testing.T) {
	s := NewStore()
	p := parseOne(t, "+ +-+\n|. .|\n+ +-+\n|.|.|\n+ + +\n|.|.|\n+-+-+\n")
	want := s.Game(Value{Switch: true, A: Int(1), B: Int(0)})
	if g := s.Exact(p); g != want || !s.Eq(s.LiteralValues(p)[0], want) {
		t.Errorf("exact value %s, want {1|0}", s.Name(g))
	}
	if v, ok := s.IsSwitch(want); !ok || v.String() != "{1|0}" {
		t.Errorf("IsSwitch: %v %v", v, ok)
	}
}

// TestConstructionIsExact: for every switch {a | b} of quarters in
// [−2, 2] the built position is exactly {a | b}, by the canonical engine
// and, for the boards of at most 30 cells, by comparing the literal form.
func TestConstructionIsExact(t *testing.T) {
	s := NewStore()
	res, err := s.CheckConstruction(-2, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Switches != 136 || res.Exact != 136 {
		t.Errorf("%d of %d switches exact, want 136 of 136: misses %v", res.Exact, res.Switches, res.Misses)
	}
	bd := NewBuilder()
	lits := 0
	for _, sw := range [][2]string{{"1", "0"}, {"1/2", "0"}, {"0", "-1"}, {"1", "-1"}, {"1/2", "-1/2"}, {"2", "1"}} {
		a, _ := ParseDyadic(sw[0])
		b, _ := ParseDyadic(sw[1])
		v, _ := NewSwitch(a, b)
		p, ok := buildAtMost(t, bd, v, 30)
		if !ok {
			continue
		}
		lits++
		if !s.Eq(s.LiteralValues(p)[0], s.Game(v)) {
			t.Errorf("%v: the literal form of the built %dx%d board is not {a|b}", v, p.Rows, p.Cols)
		}
	}
	if lits < 3 {
		t.Errorf("only %d literal checks", lits)
	}
}

// TestSearchReport regenerates the committed report of `mousemaze game
// search` with its defaults and compares (-game.update rewrites it).
func TestSearchReport(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSearch(&buf, DefaultSearch); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/search.txt"
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("the search report differs from %s (run with -game.update after checking)", golden)
	}
}
