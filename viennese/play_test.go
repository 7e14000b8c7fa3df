package viennese

import (
	"bytes"
	"errors"
	"image/color"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestPlayScript walks the lollipop (ht, colours s0 red, s1 green, s2
// orange, s3 green) with scripted moves: 1 is refused (s0 is red at
// d = 0), 2 goes by s2, "x" is not a move, s3 reaches the goal at d = 1.
func TestPlayScript(t *testing.T) {
	sys, err := NewSystem(lollipop, HT)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(sys, []uint8{2, 0, 1, 0})
	var out bytes.Buffer
	won, err := Play(g, strings.NewReader("1\n2\nx\n\ns3\n0\n"), &out)
	if err != nil || !won {
		t.Fatalf("won %v, err %v", won, err)
	}
	want := `move 0: at crossroad 0, state (0,0)
  street 0 to 1: red
  street 2 to 2: orange
legal moves: 2 (a crossroad, s<street>, or q)
illegal move: the light of street 0 is red
move 1: at crossroad 2, state (2,1)
  street 1 to 1: orange
  street 2 to 0: red
  street 3 to 3: orange
legal moves: 1 3 (a crossroad, s<street>, or q)
"x": type a crossroad number, s<street number>, or q
goal 3 reached in 2 moves: 0-2-3
`
	if out.String() != want {
		t.Errorf("transcript\n%s\nwant\n%s", out.String(), want)
	}
}

// TestPlayNHT checks the half-turn refusal and a game left before the goal:
// on the lollipop (nht) the walk 0 → 2 → 1 may not go back to 2.
func TestPlayNHT(t *testing.T) {
	sys, _ := NewSystem(lollipop, NHT)
	g := NewGame(sys, []uint8{2, 0, 1, 0})
	var out bytes.Buffer
	won, err := Play(g, strings.NewReader("2\n1\n2\n5\ns9\nq\n"), &out)
	if err != nil || won {
		t.Fatalf("won %v, err %v", won, err)
	}
	for _, w := range []string{
		"move 2: at crossroad 1 (came from 2), state (1,2,2)",
		"illegal move: no half-turns: you came in by street 1",
		"illegal move: no street joins 1 and 5",
		"illegal move: street 9 does not start at crossroad 1",
		"stopped after 2 moves, before the goal",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("no %q in\n%s", w, out.String())
		}
	}
}

// TestReport draws the 24-street canvas with street 0 (0-1) red and the
// rest green, and checks the size of the image and the colours at a few
// points: the lights of streets 0 and 2 in the first panel and the white
// background.
func TestReport(t *testing.T) {
	m := &Maze{Canvas: Vienna24(), Colours: make([]uint8, 24)}
	m.Colours[0] = Red
	img, err := Report(m, HT)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 3*panel || b.Dy() != panel+40 {
		t.Fatalf("size %v", b)
	}
	pos := layout(m.Canvas)
	mid := [2]float64{(pos[0][0] + pos[1][0]) / 2, (pos[0][1] + pos[1][1]) / 2}
	r, g, b, _ := img.At(int(mid[0]), int(mid[1])).RGBA()
	if want := lightColours[Red]; r>>8 != uint32(want.R) || g>>8 != uint32(want.G) || b>>8 != uint32(want.B) {
		t.Errorf("light of street 0 drawn %d,%d,%d, want %v", r>>8, g>>8, b>>8, want)
	}
	mid = [2]float64{(pos[8][0] + pos[9][0]) / 2, (pos[8][1] + pos[9][1]) / 2}
	r, g, b, _ = img.At(int(mid[0]), int(mid[1])).RGBA()
	if want := lightColours[Green]; r>>8 != uint32(want.R) || g>>8 != uint32(want.G) || b>>8 != uint32(want.B) {
		t.Errorf("light of street 2 drawn %d,%d,%d, want %v", r>>8, g>>8, b>>8, want)
	}
	if c := color.RGBAModel.Convert(img.At(5, panel)).(color.RGBA); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("background %v", c)
	}
}

// TestPlayReader wants a leading byte-order mark skipped and a line longer
// than the reader takes reported as ErrLineTooLong.
func TestPlayReader(t *testing.T) {
	sys, err := NewSystem(lollipop, HT)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	wonA, errA := Play(NewGame(sys, []uint8{2, 0, 1, 0}), strings.NewReader("1\n2\nx\n\ns3\n0\n"), &a)
	wonB, errB := Play(NewGame(sys, []uint8{2, 0, 1, 0}), strings.NewReader("\ufeff1\n2\nx\n\ns3\n0\n"), &b)
	if wonA != wonB || errA != nil || errB != nil || a.String() != b.String() {
		t.Errorf("with a byte-order mark: won %v %v, err %v %v", wonA, wonB, errA, errB)
	}
	_, err = Play(NewGame(sys, []uint8{2, 0, 1, 0}), strings.NewReader(strings.Repeat("1", 70000)+"\n"), &a)
	if !errors.Is(err, mousemaze.ErrLineTooLong) {
		t.Errorf("a long line: %v, want ErrLineTooLong", err)
	}
}
