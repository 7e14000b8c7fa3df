package game

import (
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func TestParseFile(t *testing.T) {
	ps, lines, err := mousemaze.ParseFileWith("testdata/boards.txt", Parse)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || lines[0] != 2 || lines[1] != 9 {
		t.Fatalf("%d boards at lines %v, want 2 at [2 9]", len(ps), lines)
	}
	// The first: 2x2 with a wall right of (1,0); the second 3x2 with walls
	// below (0,1) and right of (1,0) and (2,0).
	if p := ps[0]; p.Rows != 2 || p.Cols != 2 || !p.RightWall(1, 0) || p.RightWall(0, 0) || p.DownWall(0, 0) || p.DownWall(0, 1) {
		t.Errorf("board 1 misread:\n%s", p)
	}
	if p := ps[1]; p.Rows != 3 || !p.DownWall(0, 1) || p.DownWall(0, 0) || !p.RightWall(1, 0) || !p.RightWall(2, 0) || p.DownWall(1, 1) {
		t.Errorf("board 2 misread:\n%s", p)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ file, want string }{
		{"testdata/bad-char.txt", "testdata/bad-char.txt:4: unknown character 'x' at column 3"},
		{"testdata/bad-width.txt", "testdata/bad-width.txt:4: ragged row: line has 4 characters, want 5"},
	}
	for _, tt := range tests {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = Parse(strings.NewReader(string(data)), tt.file)
		var pe *mousemaze.ParseError
		if !errors.As(err, &pe) || err.Error() != tt.want {
			t.Errorf("%s: %v, want %s", tt.file, err, tt.want)
		}
	}
	if _, _, err := Parse(strings.NewReader("; nothing\n"), "empty"); !errors.Is(err, mousemaze.ErrEmpty) {
		t.Errorf("empty input: %v", err)
	}
}

// TestFormatAgreesWithEdgeMaze writes random boards and reads them back
// with both this package's parser and mousemaze.ParseEdges.
func TestFormatAgreesWithEdgeMaze(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		m := mousemaze.RandomEdges(rng, 1+rng.IntN(8), 1+rng.IntN(8), 0.4)
		p, err := FromEdgeMaze(m)
		if err != nil {
			t.Fatal(err)
		}
		text := p.String()
		ms, _, err := mousemaze.ParseEdges(strings.NewReader(text), "x")
		if err != nil || !ms[0].Equal(m) {
			t.Fatalf("ParseEdges of\n%s: %v", text, err)
		}
		ps, _, err := Parse(strings.NewReader(m.String()), "x")
		if err != nil || !ps[0].Equal(p) {
			t.Fatalf("Parse of\n%s: %v", m.String(), err)
		}
		back, err := p.EdgeMaze()
		if err != nil || !back.Equal(m) {
			t.Fatalf("EdgeMaze() differs: %v", err)
		}
	}
}

func TestWideBoards(t *testing.T) {
	// Built positions can be wider than an EdgeMaze allows; the text format
	// still carries them.
	v, _ := ParseValue("{255/64|-255/64}") // 11x66
	p, err := Build(v)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cols <= mousemaze.MaxSide {
		t.Fatalf("%dx%d: want a board wider than %d", p.Rows, p.Cols, mousemaze.MaxSide)
	}
	if _, err := p.EdgeMaze(); err == nil {
		t.Error("EdgeMaze() of a wide board: no error")
	}
	ps, _, err := Parse(strings.NewReader(p.String()), "wide")
	if err != nil || !ps[0].Equal(p) {
		t.Fatalf("round trip of the %dx%d board: %v", p.Rows, p.Cols, err)
	}
}
