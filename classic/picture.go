package classic

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/mousemaze/mousemaze/outfile"
)

// PictureCell is the side of one cell of a Picture, in pixels.
const PictureCell = 16

// Picture draws the board with a path: white cells, dark walls one pixel
// wide on the cell borders (and the frame, open where the board wraps),
// the cells of path shaded blue, the start green and the goal red. The
// image is Cols·PictureCell+1 wide and Rows·PictureCell+1 high.
func Picture(b Board, path []int) *image.RGBA {
	const s = PictureCell
	img := image.NewRGBA(image.Rect(0, 0, b.Cols*s+1, b.Rows*s+1))
	fill := func(x0, y0, x1, y1 int, c color.RGBA) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				img.SetRGBA(x, y, c)
			}
		}
	}
	fill(0, 0, b.Cols*s+1, b.Rows*s+1, color.RGBA{255, 255, 255, 255})
	cell := func(i int, c color.RGBA) {
		r, col := b.RC(i)
		fill(col*s+1, r*s+1, col*s+s, r*s+s, c)
	}
	for _, i := range path {
		cell(i, color.RGBA{150, 190, 240, 255})
	}
	cell(b.Start, color.RGBA{60, 180, 80, 255})
	cell(b.Goal, color.RGBA{210, 50, 50, 255})
	wall := color.RGBA{40, 40, 40, 255}
	for i := range b.Cells() {
		r, c := b.RC(i)
		if _, open := b.door(i, North); !open {
			fill(c*s, r*s, c*s+s+1, r*s+1, wall)
		}
		if _, open := b.door(i, West); !open {
			fill(c*s, r*s, c*s+1, r*s+s+1, wall)
		}
		if _, open := b.door(i, South); !open && r == b.Rows-1 {
			fill(c*s, r*s+s, c*s+s+1, r*s+s+1, wall)
		}
		if _, open := b.door(i, East); !open && c == b.Cols-1 {
			fill(c*s+s, r*s, c*s+s+1, r*s+s+1, wall)
		}
	}
	return img
}

// WritePicture encodes Picture(b, path) as PNG to w.
func WritePicture(w io.Writer, b Board, path []int) error {
	return png.Encode(w, Picture(b, path))
}

// WritePNG draws the game's board and the path taken (see Picture) to
// the PNG file name, atomically (outfile.Write).
func (g *Interpreted) WritePNG(name string) error {
	var b bytes.Buffer
	if err := WritePicture(&b, g.board, g.Path); err != nil {
		return err
	}
	return outfile.Write(name, b.Bytes())
}

// Board returns the game's board.
func (g *Interpreted) Board() Board { return g.board }
