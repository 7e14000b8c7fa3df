package classic

import "strings"

// MaxSight is the number of cells the perspective view draws, the
// player's own cell included.
const MaxSight = 8

// Perspective is the player's-eye view of §6.1 as a first-person corridor:
// the cells straight ahead down to the next wall and, for each of them,
// whether a side passage opens to the left or the right. It is what the
// CLI draws with --view perspective and the web page on its canvas.
type Perspective struct {
	// Depth counts the cells seen ahead of the player's own (0: a wall
	// stands right ahead), at most MaxSight−1.
	Depth int `json:"depth"`
	// Beyond is set when the passage runs on past the last cell drawn.
	Beyond bool `json:"beyond"`
	// Left and Right hold Depth+1 flags: whether a passage opens on that
	// side of the player's cell (index 0) and of each cell ahead.
	Left  []bool `json:"left"`
	Right []bool `json:"right"`
	// Figure is the distance in cells of an opponent seen ahead, or −1.
	Figure int `json:"figure"`
}

// NewPerspective returns the view from cell p facing h; figure is the
// cell of an opponent (−1 for none), drawn when in sight.
func NewPerspective(nav *Nav, p int, h Dir, figure int) Perspective {
	v := Perspective{Figure: -1}
	for k := 0; ; k++ {
		v.Left = append(v.Left, nav.Next[p][h.Left()] >= 0)
		v.Right = append(v.Right, nav.Next[p][h.Right()] >= 0)
		if k > 0 && p == figure && v.Figure < 0 {
			v.Figure = k
		}
		q := nav.Next[p][h]
		if q < 0 {
			return v
		}
		if k+1 >= MaxSight {
			v.Beyond = true
			return v
		}
		v.Depth++
		p = q
	}
}

// ASCII draws the view as nested frames, one ring per cell, the player's
// own cell outermost: a side wall is a diagonal, a side opening the far
// wall of the side passage, the wall ahead a box, and a passage that runs
// on out of sight dots. An opponent in sight is an @ standing in its ring.
func (v Perspective) ASCII() string {
	rings := v.Depth + 1
	h, w := 2*rings+3, 4*rings+7
	grid := make([][]byte, h)
	for i := range grid {
		grid[i] = []byte(strings.Repeat(" ", w))
	}
	top := func(k int) int { return k }
	bot := func(k int) int { return h - 1 - k }
	left := func(k int) int { return 2 * k }
	right := func(k int) int { return w - 1 - 2*k }
	vline := func(c, r0, r1 int) {
		for r := r0; r <= r1; r++ {
			grid[r][c] = '|'
		}
	}
	hline := func(r, c0, c1 int) {
		for c := c0; c <= c1; c++ {
			grid[r][c] = '_'
		}
	}
	for k := range rings {
		nextOpen := func(side []bool) bool { return k+1 < rings && side[k+1] }
		if v.Left[k] {
			hline(top(k), left(k), left(k)+1)
			hline(bot(k+1), left(k), left(k)+1)
		} else {
			grid[top(k)][left(k)+1] = '\\'
			grid[bot(k)][left(k)+1] = '/'
		}
		if v.Right[k] {
			hline(top(k), right(k)-1, right(k))
			hline(bot(k+1), right(k)-1, right(k))
		} else {
			grid[top(k)][right(k)-1] = '/'
			grid[bot(k)][right(k)-1] = '\\'
		}
		if v.Left[k] || nextOpen(v.Left) {
			vline(left(k+1), top(k+1), bot(k+1))
		}
		if v.Right[k] || nextOpen(v.Right) {
			vline(right(k+1), top(k+1), bot(k+1))
		}
	}
	l, r := left(rings), right(rings)
	if v.Beyond {
		grid[h/2][w/2] = '.'
		grid[h/2][w/2-2] = '.'
		grid[h/2][w/2+2] = '.'
	} else {
		hline(top(rings-1), l, r)
		hline(bot(rings), l+1, r-1)
		vline(l, top(rings), bot(rings))
		vline(r, top(rings), bot(rings))
	}
	if v.Figure > 0 {
		grid[bot(v.Figure+1)][w/2] = '@'
	}
	var sb strings.Builder
	for _, row := range grid {
		sb.WriteString(strings.TrimRight(string(row), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}
