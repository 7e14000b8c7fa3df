package viennese

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/fogleman/gg"
)

// Report colours.
var (
	lightColours = [3]color.RGBA{{0x2e, 0xa0, 0x43, 0xff}, {0xf5, 0x9e, 0x0b, 0xff}, {0xd6, 0x28, 0x28, 0xff}}
	startColour  = color.RGBA{0x2e, 0xa0, 0x43, 0xff}
	goalColour   = color.RGBA{0x25, 0x63, 0xeb, 0xff}
)

// panel is the side of one square panel of the report, in pixels.
const panel = 420

// Report draws the maze's report as an image of three panels: the
// coloured canvas ("Maze"), the reachable states graph by levels (the
// i-th row holds the states at distance i; thick lines go one level
// down, thin grey lines are the loops; the start is green, the goal blue
// and the first shortest solution is kept leftmost), and the first
// shortest solution drawn on the canvas. The title gives the score.
func Report(m *Maze, v Variant) (image.Image, error) {
	sys, err := NewSystem(m.Canvas, v)
	if err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	st := NewEvaluator(sys).Stats(m.Colours)
	g := sys.Graph(m.Colours)
	var sol []int
	if s := g.Solutions(1); len(s) > 0 {
		sol = s[0]
	}
	dc := gg.NewContext(3*panel, panel+40)
	dc.SetRGB(1, 1, 1)
	dc.Clear()
	pos := layout(m.Canvas)
	drawMaze(dc, m, pos, 0)
	drawStates(dc, g, sol, panel)
	drawSolution(dc, m.Canvas, g.Crossroads(sol), pos, 2*panel)
	dc.SetRGB(0, 0, 0)
	titles := []string{"Maze (" + v.String() + ")", fmt.Sprintf("States graph, score %s", FormatScore(Default(st))), "Solution"}
	for i, t := range titles {
		dc.DrawStringAnchored(t, float64(i*panel+panel/2), 16, 0.5, 0.5)
	}
	if sol != nil {
		dc.DrawStringAnchored(JoinPath(g.Crossroads(sol)), float64(2*panel+panel/2), panel+28, 0.5, 0.5)
	} else {
		dc.DrawStringAnchored("no solution", float64(2*panel+panel/2), panel+28, 0.5, 0.5)
	}
	return dc.Image(), nil
}

// WritePNG draws the report and writes it to w as PNG.
func WritePNG(w io.Writer, m *Maze, v Variant) error {
	img, err := Report(m, v)
	if err != nil {
		return err
	}
	return gg.NewContextForImage(img).EncodePNG(w)
}

// FormatScore formats a score as an integer when it is one, else with one
// decimal.
func FormatScore(s float64) string {
	if s == math.Trunc(s) && math.Abs(s) < 1e15 {
		return strconv.FormatFloat(s, 'f', 0, 64)
	}
	return strconv.FormatFloat(s, 'f', 1, 64)
}

// layout returns the canvas positions scaled into a panel (x, y in
// 0..panel, below a 30-pixel title): the canvas's own positions, or a
// circle.
func layout(c *Canvas) [][2]float64 {
	pos := c.Pos
	if pos == nil {
		pos = make([][2]float64, c.Nodes)
		for i := range pos {
			a := 2*math.Pi*float64(i)/float64(c.Nodes) - math.Pi/2
			pos[i] = [2]float64{math.Cos(a), math.Sin(a)}
		}
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pos {
		minX, maxX = math.Min(minX, p[0]), math.Max(maxX, p[0])
		minY, maxY = math.Min(minY, p[1]), math.Max(maxY, p[1])
	}
	span := math.Max(math.Max(maxX-minX, maxY-minY), 1e-9)
	const margin = 40.0
	scale := (panel - 2*margin) / span
	out := make([][2]float64, len(pos))
	for i, p := range pos {
		out[i] = [2]float64{
			margin + (p[0]-minX)*scale + (panel-2*margin-(maxX-minX)*scale)/2,
			30 + margin + (p[1]-minY)*scale + (panel-2*margin-(maxY-minY)*scale)/2,
		}
	}
	return out
}

func drawNodes(dc *gg.Context, c *Canvas, pos [][2]float64, x0 float64, r float64) {
	for i, p := range pos {
		dc.DrawCircle(x0+p[0], p[1], r)
		dc.SetRGB(1, 1, 1)
		dc.FillPreserve()
		switch i {
		case c.Start:
			dc.SetColor(startColour)
			dc.SetLineWidth(3)
		case c.Goal:
			dc.SetColor(goalColour)
			dc.SetLineWidth(3)
		default:
			dc.SetRGB(0.2, 0.2, 0.2)
			dc.SetLineWidth(1)
		}
		dc.Stroke()
		dc.SetRGB(0, 0, 0)
		dc.DrawStringAnchored(strconv.Itoa(i), x0+p[0], p[1], 0.5, 0.35)
	}
}

func drawMaze(dc *gg.Context, m *Maze, pos [][2]float64, x0 float64) {
	for i, s := range m.Canvas.Streets {
		a, b := pos[s.U], pos[s.V]
		dc.SetRGB(0.55, 0.55, 0.55)
		dc.SetLineWidth(12)
		dc.DrawLine(x0+a[0], a[1], x0+b[0], b[1])
		dc.Stroke()
		col := lightColours[m.Colours[i]]
		dc.SetColor(color.NRGBA{col.R, col.G, col.B, 0xa0})
		dc.SetLineWidth(8)
		dc.DrawLine(x0+a[0], a[1], x0+b[0], b[1])
		dc.Stroke()
		mx, my := x0+(a[0]+b[0])/2, (a[1]+b[1])/2
		dc.DrawCircle(mx, my, 6)
		dc.SetColor(lightColours[m.Colours[i]])
		dc.FillPreserve()
		dc.SetRGB(0, 0, 0)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
	drawNodes(dc, m.Canvas, pos, x0, 11)
}

func drawStates(dc *gg.Context, g *Graph, sol []int, x0 float64) {
	levels := 0
	for _, d := range g.Dist {
		levels = max(levels, d)
	}
	onSol := make(map[int]bool, len(sol))
	for _, v := range sol {
		onSol[v] = true
	}
	rows := make([][]int, levels+1)
	for v, d := range g.Dist {
		if onSol[v] {
			rows[d] = append([]int{v}, rows[d]...)
		} else {
			rows[d] = append(rows[d], v)
		}
	}
	widest := 1
	for _, r := range rows {
		widest = max(widest, len(r))
	}
	top, height := 45.0, float64(panel-60)
	dy := height / math.Max(float64(levels-1), 1)
	dx := math.Min(float64(panel-40)/float64(widest), 40)
	xy := make([][2]float64, len(g.Dist))
	for d, r := range rows {
		for j, v := range r {
			xy[v] = [2]float64{x0 + 20 + dx/2 + float64(j)*dx, top + float64(d-1)*dy}
		}
	}
	for _, e := range g.Edges {
		a, b := xy[e[0]], xy[e[1]]
		if g.Dist[e[1]] == g.Dist[e[0]]+1 {
			dc.SetRGB(0.1, 0.1, 0.1)
			dc.SetLineWidth(2)
		} else {
			dc.SetRGBA(0.4, 0.4, 0.4, 0.4)
			dc.SetLineWidth(0.7)
		}
		dc.DrawLine(a[0], a[1], b[0], b[1])
		dc.Stroke()
	}
	for i := 1; i < len(sol); i++ {
		a, b := xy[sol[i-1]], xy[sol[i]]
		dc.SetRGBA(0.84, 0.16, 0.16, 0.8)
		dc.SetLineWidth(3)
		dc.DrawLine(a[0], a[1], b[0], b[1])
		dc.Stroke()
	}
	r := math.Max(math.Min(dx/4, dy/4), 2)
	for v, p := range xy {
		dc.DrawCircle(p[0], p[1], r)
		switch {
		case v == 0:
			dc.SetColor(startColour)
			dc.DrawCircle(p[0], p[1], r*1.5)
		case v == g.Goal:
			dc.SetColor(goalColour)
			dc.DrawCircle(p[0], p[1], r*1.5)
		default:
			dc.SetRGB(0.2, 0.2, 0.2)
		}
		dc.Fill()
	}
}

func drawSolution(dc *gg.Context, c *Canvas, path []int, pos [][2]float64, x0 float64) {
	dc.SetRGBA(0, 0, 0, 0.2)
	dc.SetLineWidth(8)
	for _, s := range c.Streets {
		a, b := pos[s.U], pos[s.V]
		dc.DrawLine(x0+a[0], a[1], x0+b[0], b[1])
		dc.Stroke()
	}
	// Repeated visits of a crossroad are shifted down and right a little.
	seen := make([]int, c.Nodes)
	var pts [][2]float64
	for _, n := range path {
		sh := 5 * float64(seen[n])
		seen[n]++
		pts = append(pts, [2]float64{x0 + pos[n][0] + sh, pos[n][1] + sh})
	}
	for _, w := range []struct {
		width float64
		col   color.Color
	}{{6, color.White}, {3, lightColours[Red]}} {
		for i := 1; i < len(pts); i++ {
			dc.DrawLine(pts[i-1][0], pts[i-1][1], pts[i][0], pts[i][1])
		}
		dc.SetColor(w.col)
		dc.SetLineWidth(w.width)
		dc.Stroke()
	}
	drawNodes(dc, c, pos, x0, 8)
}
