// Package draw draws a maze and its visit counts (the walk's heat map) as a
// PNG image: a title with the maze's size and the walk's turns, the maze
// with every open cell's count written in it when the cell is large
// enough, and a colour bar with the scale.
package draw

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/outfile"
)

// Cell is the side of one cell of the largest drawn mazes' cells, in
// pixels: CellSize never returns more.
const Cell = 64

// Layout of the picture, in pixels.
const (
	// Across is about the width of the maze part of a picture: cells
	// shrink as the grid grows (CellSize).
	Across = 640
	// MinCell is the side of the cells of the largest grids.
	MinCell = 8
	// Margin is the blank border left and right of the maze.
	Margin = 16
	// TitleHeight is the band above the maze that holds the title.
	TitleHeight = 28
	// BarHeight is the band below the maze that holds the colour bar and
	// its labels.
	BarHeight = 48
	// glyph is the size of the text's characters (gg's default face,
	// 7×13 pixels).
	glyphW, glyphH = 7, 13
)

// CellSize returns the side of one cell, in pixels, in the picture of a
// rows×cols maze: Across / max(rows, cols), between MinCell and Cell.
func CellSize(rows, cols int) int {
	return min(Cell, max(MinCell, Across/max(rows, cols, 1)))
}

// Size returns the width and height of the picture of a rows×cols maze
// whose title is title.
func Size(rows, cols int, title string) (w, h int) {
	cell := CellSize(rows, cols)
	w = max(cols*cell, len(title)*glyphW, 240) + 2*Margin
	return w, TitleHeight + (rows+2)*cell + BarHeight
}

// Title is the picture's title: the size, and the walk's turns when res
// holds a walk (Turns > 0 or Feasible).
func Title(m mousemaze.Maze, cfg mousemaze.Config, res mousemaze.Result) string {
	t := fmt.Sprintf("%s maze", m.Size())
	switch {
	case res.Trapped:
		t += fmt.Sprintf(": trapped after %d turns (k=%d)", res.Turns, cfg.K)
	case res.Escaped:
		t += fmt.Sprintf(": %d turns", res.Turns)
	case res.Turns > 0:
		t += fmt.Sprintf(": %d turns, not escaped", res.Turns)
	case res.Heat != nil && !res.Feasible:
		t += ": infeasible"
	}
	return t + fmt.Sprintf(" (entry %d, exit %d)", cfg.Entry, cfg.Exit)
}

// Picture draws m and the walk res under cfg: the title (Title) above, a
// row of margin above and below the maze holding the entrance (green,
// above the entry column) and the exit (red, below the exit column), walls
// dark grey, open cells coloured from dark blue (visited least) through
// red to yellow (visited most) on a logarithmic scale with their visit
// count written in them when the cell is wide enough, never-visited open
// cells white, and below them the colour bar from 1 to the largest count.
// Its size is Size's.
func Picture(m mousemaze.Maze, cfg mousemaze.Config, res mousemaze.Result) *image.RGBA {
	title := Title(m, cfg, res)
	w, h := Size(m.Rows, m.Cols, title)
	cell := CellSize(m.Rows, m.Cols)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(background)
	dc.Clear()
	x0 := (w - m.Cols*cell) / 2
	y0 := TitleHeight
	rect := func(r, c int, col color.RGBA, inset int) {
		for y := y0 + r*cell + inset; y < y0+(r+1)*cell-inset; y++ {
			for x := x0 + c*cell + inset; x < x0+(c+1)*cell-inset; x++ {
				img.SetRGBA(x, y, col)
			}
		}
	}
	heat := res.Heat
	var most uint32
	for _, v := range heat {
		most = max(most, v)
	}
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			switch {
			case m.Wall(r, c):
				rect(r+1, c, wallColour, 0)
			case heat == nil || heat[r*m.Cols+c] == 0:
				rect(r+1, c, unvisited, 0)
			default:
				rect(r+1, c, heatColor(heat[r*m.Cols+c], most), 0)
			}
		}
	}
	rect(0, cfg.Entry, entryColour, cell/6)
	rect(m.Rows+1, cfg.Exit, exitColour, cell/6)
	dc.SetColor(ink)
	dc.DrawStringAnchored(title, float64(w)/2, TitleHeight/2, 0.5, 0.35)
	if heat != nil {
		for r := 0; r < m.Rows; r++ {
			for c := 0; c < m.Cols; c++ {
				v := heat[r*m.Cols+c]
				if m.Wall(r, c) || v == 0 {
					continue
				}
				s := strconv.FormatUint(uint64(v), 10)
				if len(s)*glyphW+4 > cell || glyphH+6 > cell {
					continue
				}
				dc.SetColor(textOn(heatColor(v, most)))
				dc.DrawStringAnchored(s, float64(x0+c*cell)+float64(cell)/2, float64(y0+(r+1)*cell)+float64(cell)/2, 0.5, 0.35)
			}
		}
		colourBar(img, dc, most, w, y0+(m.Rows+2)*cell)
	}
	return img
}

// colourBar draws the scale below the maze, from the top of its band at
// y: a bar of the colours of the counts 1 to most, labelled at both ends.
func colourBar(img *image.RGBA, dc *gg.Context, most uint32, w, y int) {
	if most == 0 {
		return
	}
	left, right := Margin+4*glyphW, w-Margin-int(math.Max(float64(len(strconv.FormatUint(uint64(most), 10))), 1)*glyphW)-4
	top := y + 8
	for x := left; x < right; x++ {
		// The count at x on the logarithmic scale.
		t := float64(x-left) / float64(max(right-left-1, 1))
		v := uint32(math.Round(math.Exp(t * math.Log(float64(most)))))
		col := heatColor(max(v, 1), most)
		for yy := top; yy < top+12; yy++ {
			img.SetRGBA(x, yy, col)
		}
	}
	dc.SetColor(ink)
	dc.DrawStringAnchored("1", float64(left-4), float64(top+6), 1, 0.35)
	dc.DrawStringAnchored(strconv.FormatUint(uint64(most), 10), float64(right+4), float64(top+6), 0, 0.35)
	dc.DrawStringAnchored("visits per cell (log scale)", float64(w)/2, float64(top+28), 0.5, 0.35)
}

var (
	background  = color.RGBA{245, 245, 240, 255}
	wallColour  = color.RGBA{48, 44, 44, 255}
	unvisited   = color.RGBA{255, 255, 255, 255}
	entryColour = color.RGBA{40, 170, 60, 255}
	exitColour  = color.RGBA{200, 30, 30, 255}
	ink         = color.RGBA{0, 0, 0, 255}
)

// textOn returns black or white, whichever reads better on c.
func textOn(c color.RGBA) color.RGBA {
	if 299*int(c.R)+587*int(c.G)+114*int(c.B) > 128*1000 {
		return ink
	}
	return color.RGBA{255, 255, 255, 255}
}

// Maze draws m with the heat map heat and no walk's turns in the title:
// Picture with a Result holding only heat.
func Maze(m mousemaze.Maze, cfg mousemaze.Config, heat []uint32) *image.RGBA {
	return Picture(m, cfg, mousemaze.Result{Heat: heat})
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

// WriteFile walks m under cfg and draws it with the walk (Picture) to the
// file name, written atomically (outfile.Write): never half a picture;
// heat, when not nil, is the heat map drawn instead of the walk's own.
func WriteFile(name string, m mousemaze.Maze, cfg mousemaze.Config, heat []uint32) error {
	cfg.Heat = true
	res, err := mousemaze.Walk(m, cfg)
	if err != nil {
		return err
	}
	if heat != nil {
		res.Heat = heat
	}
	var b bytes.Buffer
	if err := png.Encode(&b, Picture(m, cfg, res)); err != nil {
		return err
	}
	return outfile.Write(name, b.Bytes())
}
