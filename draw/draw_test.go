package draw

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestMaze draws a 1x2 maze, one cell open and visited, one wall, and
// checks the size, the wall colour and the ends.
func TestMaze(t *testing.T) {
	m := mousemaze.NewMaze(1, 2)
	m.SetWall(0, 1, true)
	img := Maze(m, mousemaze.Config{}, []uint32{1, 0})
	w, h := Size(1, 2, Title(m, mousemaze.Config{}, mousemaze.Result{Heat: []uint32{1, 0}}))
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("image %v, want %dx%d", b, w, h)
	}
	cell := CellSize(1, 2)
	x0 := (w - 2*cell) / 2
	wall := img.RGBAAt(x0+cell+cell/2, TitleHeight+cell+cell/2)
	open := img.RGBAAt(x0+2, TitleHeight+cell+2)
	if wall != wallColour || open != heatColor(1, 1) {
		t.Errorf("wall %v and open cell %v, want %v and %v", wall, open, wallColour, heatColor(1, 1))
	}
	if heatColor(1, 1) == heatColor(1, 100) {
		t.Errorf("heatColor does not depend on the scale")
	}
}

// TestPicture wants the picture to scale with the grid, to carry a title
// with the size and the turns, the visit counts of large cells, and a
// colour bar from 1 to the largest count.
func TestPicture(t *testing.T) {
	if CellSize(6, 6) != Cell || CellSize(13, 13) != Across/13 || CellSize(64, 64) != Across/64 || CellSize(1, 400) != MinCell {
		t.Errorf("cell sizes %d %d %d %d", CellSize(6, 6), CellSize(13, 13), CellSize(64, 64), CellSize(1, 400))
	}
	ms, err := mousemaze.ParseFile("../testdata/thesis-mazes.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := ms[6] // 9x9, 1160 turns
	cfg := mousemaze.Config{Heat: true}
	res, err := mousemaze.Walk(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	title := Title(m, cfg, res)
	if !strings.HasPrefix(title, "9x9 maze: 1160 turns") {
		t.Errorf("title %q", title)
	}
	img := Picture(m, cfg, res)
	w, h := Size(9, 9, title)
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h || w < 9*CellSize(9, 9) || w > 9*CellSize(9, 9)+2*Margin+1 {
		t.Fatalf("image %v, want %dx%d", b, w, h)
	}
	if n := count(img, image.Rect(0, 0, w, TitleHeight), ink); n < 50 {
		t.Errorf("title band has %d ink pixels, want text", n)
	}
	var most uint32
	for _, v := range res.Heat {
		most = max(most, v)
	}
	cell := CellSize(9, 9)
	x0 := (w - 9*cell) / 2
	// Cell (0,0) is visited: its count is written over its colour.
	r := image.Rect(x0, TitleHeight+cell, x0+cell, TitleHeight+2*cell)
	fill := heatColor(res.Heat[0], most)
	if n := count(img, r, textOn(fill)); n < 5 || count(img, r, fill) < cell*cell/2 {
		t.Errorf("cell (0,0): %d text pixels on %d of its colour", n, count(img, r, fill))
	}
	bar := TitleHeight + 11*cell + 8 + 6
	left, right := Margin+4*glyphW, 0
	for x := w - 1; x > left; x-- {
		if img.RGBAAt(x, bar) == heatColor(most, most) {
			right = x
			break
		}
	}
	if img.RGBAAt(left, bar) != heatColor(1, most) || right == 0 {
		t.Errorf("colour bar: %v at its left end, want %v; right end at %d", img.RGBAAt(left, bar), heatColor(1, most), right)
	}
	small, big := Picture(ms[0], cfg, mousemaze.Result{}), Picture(mousemaze.NewMaze(64, 64), cfg, mousemaze.Result{})
	if sw, bw := small.Bounds().Dx(), big.Bounds().Dx(); sw < 200 || bw > Across+2*Margin+1 {
		t.Errorf("3x3 picture %d wide, 64x64 %d: want both readable and bounded", sw, bw)
	}
}

// count counts the pixels of colour c in r.
func count(img *image.RGBA, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}
