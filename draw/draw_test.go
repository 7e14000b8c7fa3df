package draw

import (
	"image/color"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestMaze draws a 1x2 maze, one cell open and visited, one wall, and
// checks the size, the wall colour and the ends.
func TestMaze(t *testing.T) {
	m := mousemaze.NewMaze(1, 2)
	m.SetWall(0, 1, true)
	img := Maze(m, mousemaze.Config{}, []uint32{1, 0})
	if b := img.Bounds(); b.Dx() != 2*Cell || b.Dy() != 3*Cell {
		t.Fatalf("image %v, want %dx%d", b, 2*Cell, 3*Cell)
	}
	wall := img.RGBAAt(Cell+Cell/2, Cell+Cell/2)
	open := img.RGBAAt(Cell/2, Cell+Cell/2)
	if wall == open || wall == (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("wall %v and open cell %v should differ and the wall is not white", wall, open)
	}
	if heatColor(1, 1) == heatColor(1, 100) {
		t.Errorf("heatColor does not depend on the scale")
	}
}
