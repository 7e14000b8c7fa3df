package mousemaze

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// gridEdges returns the grid maze m as an edge board the mouse walks
// exactly as he walks m: every edge that touches a wall cell is a wall,
// so the wall cells become isolated cells he never enters.
func gridEdges(m Maze) EdgeMaze {
	e := NewEdgeMaze(m.Rows, m.Cols)
	for r := range m.Rows {
		for c := range m.Cols {
			if c+1 < m.Cols && (m.Wall(r, c) || m.Wall(r, c+1)) {
				e.Right[r] |= 1 << uint(c)
			}
			if r+1 < m.Rows && (m.Wall(r, c) || m.Wall(r+1, c)) {
				e.Down[r] |= 1 << uint(c)
			}
		}
	}
	return e
}

// step is one traced move.
type step struct {
	turn int64
	r, c int
}

// TestFrontsAgree walks random grid mazes of many sizes, orders, ends,
// moduli and caps through the three fronts of the one reference walk: the
// grid (Walk, Trace), the same maze as an edge board (WalkEdges,
// TraceEdges) and as a graph (WalkGraph of GridGraph and of EdgeGraph).
// All must give the same result, heat maps included, and the same trace.
func TestFrontsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	checked := 0
	for i := range 3000 {
		rows, cols := 1+rng.IntN(9), 1+rng.IntN(12)
		if i%10 == 0 {
			rows, cols = 1+rng.IntN(20), 1+rng.IntN(64)
		}
		m := Random(rng, rows, cols, 0.45*rng.Float64())
		cfg := Config{Order: RandomOrder(rng), Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: true}
		if rng.IntN(3) == 0 {
			cfg.K = 1 + rng.IntN(4)
		}
		if rng.IntN(4) == 0 {
			cfg.Cap = 1 + rng.Int64N(40)
		}
		var gridSteps, edgeSteps []step
		want, err := Trace(m, cfg, func(turn int64, r, c int) { gridSteps = append(gridSteps, step{turn, r, c}) })
		if err != nil {
			t.Fatalf("Trace: %v\n%s", err, m)
		}
		if m.Wall(0, cfg.Entry) || m.Wall(rows-1, cfg.Exit) {
			// The edge board would keep an isolated entry or exit cell open.
			if want.Feasible {
				t.Fatalf("feasible with a walled end:\n%s", m)
			}
			continue
		}
		e := gridEdges(m)
		got, err := TraceEdges(e, cfg, func(turn int64, r, c int) { edgeSteps = append(edgeSteps, step{turn, r, c}) })
		if err != nil {
			t.Fatal(err)
		}
		if !got.Same(want) {
			t.Fatalf("cfg %+v: WalkEdges %+v, Walk %+v\n%s\n%s", cfg, got, want, m, e)
		}
		if cfg.K == 0 && !slices.Equal(gridSteps, edgeSteps) {
			t.Fatalf("cfg %+v: traces differ\n%s", cfg, m)
		}
		if cfg.K == 0 && want.Feasible && int64(len(gridSteps)) != want.Turns {
			t.Fatalf("cfg %+v: %d traced steps for %d turns", cfg, len(gridSteps), want.Turns)
		}
		if want.Feasible && cfg.K == 0 {
			if a, b := TurnBound(m, cfg), edgeAdjacency(e, cfg).turnBound(); a != b || a != oldTurnBound(m, cfg) {
				t.Fatalf("bounds: grid %d, edge board %d, former grid bound %d\n%s", a, b, oldTurnBound(m, cfg), m)
			}
		}
		g, err := GridGraph(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for name, g := range map[string]Graph{"GridGraph": g, "EdgeGraph": EdgeGraph(e, cfg)} {
			res, err := WalkGraph(g, Config{K: cfg.K, Cap: cfg.Cap, Heat: true})
			if err != nil {
				t.Fatal(err)
			}
			// Map the graph's heat back to the grid's cells.
			heat := make([]uint32, rows*cols)
			for v, h := range res.Heat {
				var r, c int
				if _, err := fmt.Sscanf(g.Name(v), "%d,%d", &r, &c); err == nil {
					heat[r*cols+c] = h
				}
			}
			res.Heat = heat
			if !res.Same(want) {
				t.Fatalf("cfg %+v: WalkGraph(%s) %+v, Walk %+v\n%s", cfg, name, res, want, m)
			}
		}
		checked++
	}
	if checked < 1000 {
		t.Fatalf("only %d mazes with open ends checked", checked)
	}
}

// oldTurnBound is TurnBound as it was computed on the grid itself before
// the walks were unified (reachable cells, their degrees, and a search
// from the exit cell), kept as an independent check of the graph form.
func oldTurnBound(m Maze, cfg Config) int64 {
	reach := Reachable(m, cfg.Entry)
	var cells int64
	maxDeg := int64(1)
	for r := 0; r < m.Rows; r++ {
		cells += int64(bits.OnesCount64(reach[r]))
		for x := reach[r]; x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			var deg int64
			for d := Down; d <= Up; d++ {
				if _, _, ok := neighbour(m, cfg, r, c, d); ok {
					deg++
				}
			}
			maxDeg = max(maxDeg, deg)
		}
	}
	dist := make([]int, m.Rows*m.Cols)
	for i := range dist {
		dist[i] = -1
	}
	start := (m.Rows-1)*m.Cols + cfg.Exit
	dist[start] = 0
	queue := []int{start}
	far := 0
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		far = max(far, dist[i])
		for d := Down; d <= Up; d++ {
			dr, dc := d.Delta()
			nr, nc := i/m.Cols+dr, i%m.Cols+dc
			if nr < 0 || nr >= m.Rows || nc < 0 || nc >= m.Cols || reach[nr]>>uint(nc)&1 == 0 {
				continue
			}
			if j := nr*m.Cols + nc; dist[j] < 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	var sum, pow int64 = 0, 1
	for range far + 1 {
		pow = satMul(pow, maxDeg)
		sum = satAdd(sum, pow)
	}
	return satAdd(satMul(cells+1, sum), 2)
}
