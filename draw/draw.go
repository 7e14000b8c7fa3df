// Package draw draws a maze and its visit counts (the walk's heat map) as a
// PNG image.
package draw

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/outfile"
)

// Cell is the side of one cell of a drawn maze, in pixels.
const Cell = 24

// Maze draws m with its heat map: one Cell square per cell, walls
// dark grey, open cells coloured from dark blue (visited least) through red
// to yellow (visited most) on a logarithmic scale, never-visited open cells
// white. A row of margin above and below holds the entrance (green, above
// the entry column) and the exit (red, below the exit column). The image is
// Cols·Cell wide and (Rows+2)·Cell high.
func Maze(m mousemaze.Maze, cfg mousemaze.Config, heat []uint32) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, m.Cols*Cell, (m.Rows+2)*Cell))
	fill := func(r, c int, col color.RGBA, inset int) {
		for y := r*Cell + inset; y < (r+1)*Cell-inset; y++ {
			for x := c*Cell + inset; x < (c+1)*Cell-inset; x++ {
				img.SetRGBA(x, y, col)
			}
		}
	}
	background := color.RGBA{245, 245, 240, 255}
	for c := 0; c < m.Cols; c++ {
		fill(0, c, background, 0)
		fill(m.Rows+1, c, background, 0)
	}
	var most uint32
	for _, h := range heat {
		most = max(most, h)
	}
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			switch {
			case m.Wall(r, c):
				fill(r+1, c, color.RGBA{48, 44, 44, 255}, 0)
			case heat == nil || heat[r*m.Cols+c] == 0:
				fill(r+1, c, color.RGBA{255, 255, 255, 255}, 0)
			default:
				fill(r+1, c, heatColor(heat[r*m.Cols+c], most), 0)
			}
		}
	}
	fill(0, cfg.Entry, color.RGBA{40, 170, 60, 255}, Cell/6)
	fill(m.Rows+1, cfg.Exit, color.RGBA{200, 30, 30, 255}, Cell/6)
	return img
}

// heatColor maps a visit count v in 1..most to a colour: dark blue, purple,
// red, orange, yellow, on log(v)/log(most).
func heatColor(v, most uint32) color.RGBA {
	t := 1.0
	if most > 1 {
		t = math.Log(float64(v)) / math.Log(float64(most))
	}
	stops := []color.RGBA{{20, 30, 110, 255}, {120, 40, 150, 255}, {210, 50, 60, 255}, {245, 140, 30, 255}, {250, 235, 80, 255}}
	x := t * float64(len(stops)-1)
	i := min(int(x), len(stops)-2)
	f := x - float64(i)
	a, b := stops[i], stops[i+1]
	mix := func(p, q uint8) uint8 { return uint8(float64(p) + f*(float64(q)-float64(p)) + 0.5) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// WriteFile draws m and its heat map (see Maze) to the file name, written
// atomically (outfile.Write): never half a picture.
func WriteFile(name string, m mousemaze.Maze, cfg mousemaze.Config, heat []uint32) error {
	var b bytes.Buffer
	if err := png.Encode(&b, Maze(m, cfg, heat)); err != nil {
		return err
	}
	return outfile.Write(name, b.Bytes())
}
