package viennese

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func TestParseText(t *testing.T) {
	f, err := ParseFile("testdata/lollipop.txt")
	if err != nil {
		t.Fatal(err)
	}
	c := f.Maze.Canvas
	if c.Nodes != 4 || c.Start != 0 || c.Goal != 3 || !slices.Equal(c.Streets, lollipop.Streets) ||
		!f.Coloured || !slices.Equal(f.Maze.Colours, []uint8{2, 0, 1, 0}) || !f.HasVariant || f.Variant != NHT || c.Pos != nil {
		t.Fatalf("parsed %+v canvas %+v", f, c)
	}
	// Round trip through the text and the JSON forms.
	var buf bytes.Buffer
	if err := WriteText(&buf, &f.Maze, &f.Variant); err != nil {
		t.Fatal(err)
	}
	g, err := Parse(&buf, "again")
	if err != nil || !slices.Equal(g.Maze.Colours, f.Maze.Colours) || !slices.Equal(g.Maze.Canvas.Streets, c.Streets) || g.Variant != NHT {
		t.Fatalf("text round trip: %+v %v", g, err)
	}
	js, _ := json.Marshal(JSON(&f.Maze, &f.Variant))
	want := `{"nodes":4,"start":0,"goal":3,"variant":"nht","streets":[[0,1],[1,2],[0,2],[2,3]],"colours":[2,0,1,0]}`
	if string(js) != want {
		t.Fatalf("JSON %s, want %s", js, want)
	}
	h, err := Parse(bytes.NewReader(js), "j")
	if err != nil || !slices.Equal(h.Maze.Colours, f.Maze.Colours) || h.Variant != NHT || !h.Coloured {
		t.Fatalf("JSON round trip: %+v %v", h, err)
	}
}

func TestParseCanvasAndPositions(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, &Maze{Canvas: Vienna24()}, nil); err != nil {
		t.Fatal(err)
	}
	f, err := Parse(&buf, "v")
	if err != nil {
		t.Fatal(err)
	}
	if f.Coloured || f.HasVariant || len(f.Maze.Canvas.Streets) != 24 || !slices.Equal(f.Maze.Canvas.Pos, Vienna24().Pos) {
		t.Fatalf("%+v", f)
	}
}

func TestParseErrors(t *testing.T) {
	head := "nodes 3\nstart 0\ngoal 2\n"
	cases := []struct {
		name, text string
		line       int
		msg        string
	}{
		{"empty", "# nothing\n\n", 0, "no maze in input"},
		{"no nodes first", "start 0\n", 1, `"start" before the nodes line`},
		{"bad nodes", "nodes x\n", 1, `"x" is not a whole number`},
		{"one node", "nodes 1\n", 1, "nodes 1, want 2..1024"},
		{"start range", "nodes 3\nstart 3\n", 2, "start 3 outside 0..2"},
		{"unknown", head + "wall 0 1\n", 4, `unknown directive "wall"`},
		{"street fields", head + "street 0\n", 4, "street wants U V [COLOUR], got 1 fields"},
		{"street range", head + "street 0 5 g\n", 4, "outside 0..2"},
		{"loop street", head + "street 1 1\n", 4, "joins a crossroad to itself"},
		{"repeat", head + "street 0 1 g\nstreet 1 0 r\n", 5, "street 1-0 already given on line 4"},
		{"bad colour", head + "street 0 1 g\nstreet 1 2 blue\n", 5, `colour "blue"`},
		{"mixed", head + "street 0 1 g\nstreet 1 2\n", 5, "either every street has a colour or none has"},
		{"variant", head + "variant xyz\n", 4, `unknown variant "xyz"`},
		{"no goal", "nodes 3\nstart 0\nstreet 0 1\n", 0, "no goal line"},
		{"same ends", "nodes 3\nstart 0\ngoal 0\nstreet 0 1\n", 0, "start and goal are both crossroad 0"},
		{"pos missing", head + "pos 0 1 1\nstreet 0 1\n", 4, "no pos line for crossroad 1"},
		{"json syntax", "{\n\"nodes\": 3,\n\"start\": 0 0\n}", 3, "invalid character"},
		{"json type", "{\n\"nodes\": \"three\"\n}", 2, "cannot unmarshal"},
		{"json colours", `{"nodes":3,"start":0,"goal":2,"streets":[[0,1]],"colours":[0,1]}`, 0, "2 colours for 1 streets"},
		{"json field", `{"nodes":3,"walls":[]}`, 0, `unknown field "walls"`},
	}
	for _, tc := range cases {
		_, err := Parse(strings.NewReader(tc.text), "in.txt")
		var pe *mousemaze.ParseError
		if !errors.As(err, &pe) || pe.File != "in.txt" || pe.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: error %v (line %d), want line %d and %q", tc.name, err, lineOf(pe), tc.line, tc.msg)
		}
	}
}

func lineOf(pe *mousemaze.ParseError) int {
	if pe == nil {
		return -1
	}
	return pe.Line
}

func TestGridAndVienna24(t *testing.T) {
	g, err := Grid(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	// 0 1 2 / 3 4 5: right and down streets row by row.
	want := []Street{{0, 1}, {0, 3}, {1, 2}, {1, 4}, {2, 5}, {3, 4}, {4, 5}}
	if !slices.Equal(g.Streets, want) || g.Start != 0 || g.Goal != 5 {
		t.Fatalf("grid 2x3: %+v", g)
	}
	if _, err := Grid(1, 1); err == nil {
		t.Error("grid 1x1 accepted")
	}
	v := Vienna24()
	if err := v.Validate(); err != nil {
		t.Fatal(err)
	}
	deg := make([]int, v.Nodes)
	for _, s := range v.Streets {
		deg[s.U]++
		deg[s.V]++
	}
	// Corners 0, 8, 4 and 12 have 3 streets, every other crossroad 4.
	for n, d := range deg {
		w := 4
		if n == 0 || n == 8 || n == 4 || n == 12 {
			w = 3
		}
		if d != w {
			t.Errorf("crossroad %d has %d streets, want %d", n, d, w)
		}
	}
}
