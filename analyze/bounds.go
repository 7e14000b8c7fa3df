package analyze

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/mousemaze/mousemaze"
)

// BoundCheck is the outcome of checking the paper's Lemma 6 and Theorem 8
// on one walk.
type BoundCheck struct {
	// Turns is the walk's turn count.
	Turns int64 `json:"turns"`
	// Guard is mousemaze.TurnBound, the project's Theorem 8 guard (the
	// exit counted as a vertex, distances from the exit); GuardRatio is
	// Turns / Guard. Guard saturates at math.MaxInt64: GuardOverflow then
	// says so, JSON leaves guard out, and Log10Guard (always set) and
	// GuardRatio hold the exact bound's values.
	Guard         int64   `json:"guard"`
	GuardOverflow bool    `json:"guard_overflow,omitempty"`
	Log10Guard    float64 `json:"log10_guard"`
	GuardRatio    float64 `json:"guard_ratio"`
	// Log10Paper is log10 of the paper's Theorem 8 bound on visits,
	// |V|·Σ_{i=1..diam} Δ^i, on the graph of the reachable cells plus the
	// exit vertex; Log10PaperRatio is log10(visits / bound).
	Log10Paper      float64 `json:"log10_paper_bound"`
	Log10PaperRatio float64 `json:"log10_paper_ratio"`
	// Departures counts the moves checked against Lemma 6, and Lemma6
	// describes the first violation ("" when none).
	Departures int64  `json:"departures"`
	Lemma6     string `json:"lemma6_violation,omitempty"`
}

// GuardText writes the guard: the number, or "> 2^63 (10^L)" with its
// log10 L when it overflowed.
func (b BoundCheck) GuardText() string {
	if b.GuardOverflow {
		return fmt.Sprintf("> 2^63 (10^%.2f)", b.Log10Guard)
	}
	return fmt.Sprint(b.Guard)
}

// MarshalJSON writes b with the field guard left out when it overflowed
// (GuardOverflow), so that no report shows the saturated value, and
// log10_paper_ratio null when the walk made no visits (a maze whose entry
// cell is its exit cell: the logarithm of 0 is -Inf, which JSON cannot
// hold).
func (b BoundCheck) MarshalJSON() ([]byte, error) {
	type plain BoundCheck
	out := struct {
		plain
		Guard *int64   `json:"guard,omitempty"`
		Ratio *float64 `json:"log10_paper_ratio"`
	}{plain: plain(b)}
	if !b.GuardOverflow {
		out.Guard = &b.Guard
	}
	if !math.IsInf(b.Log10PaperRatio, 0) && !math.IsNaN(b.Log10PaperRatio) {
		out.Ratio = &b.Log10PaperRatio
	}
	return json.Marshal(out)
}

// CheckBounds walks m under cfg (which must be feasible) and checks, at
// every departure, the paper's Lemma 6: when the mouse leaves v for the
// k-th time, every neighbour w of v has been visited at least
// ⌊k/deg(v)⌋ times. The visit that departure makes is counted, as the
// lemma's proof counts it (leaving v deg(v) times visits every
// neighbour); without it the lemma fails at the first move out of any
// cell of degree 1. The exit, a neighbour of the exit cell, counts 0
// visits until the last move reaches it. It also compares the turns with both forms
// of the Theorem 8 bound. withDiam asks for the paper's own bound, which
// needs the graph's diameter (one search per cell).
func CheckBounds(m mousemaze.Maze, cfg mousemaze.Config, withDiam bool) (BoundCheck, error) {
	if err := mousemaze.ValidateWalk(m, m.Cols, cfg); err != nil {
		return BoundCheck{}, err
	}
	g := newGraph(m, cfg)
	if !g.feasible {
		return BoundCheck{}, fmt.Errorf("analyze: CheckBounds: infeasible maze:\n%s", m)
	}
	var bc BoundCheck
	cnt := make([]int64, len(g.deg))
	left := make([]int64, len(g.deg))
	prev := int32(noNode)
	res, err := mousemaze.Trace(m, cfg, func(turn int64, r, c int) {
		i := int32(exitNode)
		if r < m.Rows {
			i = int32(r*m.Cols + c)
		}
		if i >= 0 {
			cnt[i]++
		}
		if prev >= 0 {
			left[prev]++
			bc.Departures++
			k, deg := left[prev], int64(g.deg[prev])
			for s := 0; s < int(deg); s++ {
				w := g.nb[4*int(prev)+s]
				v := int64(1) // the exit, reached by this move
				if w >= 0 {
					v = cnt[w]
				} else if i != exitNode {
					v = 0
				}
				if v < k/deg && bc.Lemma6 == "" {
					bc.Lemma6 = fmt.Sprintf("turn %d: leaving %v for the %d-th time (degree %d), neighbour %v has %d visits",
						turn, g.cellOf(prev), k, deg, g.cellOf(w), v)
				}
			}
		}
		prev = i
	})
	if err != nil {
		return BoundCheck{}, err
	}
	bc.Turns = res.Turns
	bc.Guard = mousemaze.TurnBound(m, cfg)
	bc.Log10Guard = mousemaze.TurnBoundLog10(m, cfg)
	bc.GuardOverflow = bc.Guard == math.MaxInt64
	bc.GuardRatio = float64(bc.Turns) / float64(bc.Guard)
	if bc.GuardOverflow {
		bc.GuardRatio = math.Pow(10, math.Log10(float64(bc.Turns))-bc.Log10Guard)
	}
	if withDiam {
		bc.Log10Paper = g.log10PaperBound()
		bc.Log10PaperRatio = math.Log10(float64(res.Visits())) - bc.Log10Paper
	}
	return bc, nil
}

// log10PaperBound returns log10(|V|·Σ_{i=1..diam} Δ^i) for the reachable
// cells plus the exit vertex.
func (g *graph) log10PaperBound() float64 {
	// Vertex ids: the cells, then the exit.
	id := make(map[int32]int, len(g.cells)+1)
	for k, i := range g.cells {
		id[i] = k
	}
	n := len(g.cells) + 1
	adj := make([][]int, n)
	maxDeg := 0
	for k, i := range g.cells {
		for s := 0; s < int(g.deg[i]); s++ {
			w := g.nb[4*int(i)+s]
			j := n - 1
			if w >= 0 {
				j = id[w]
			} else {
				adj[n-1] = append(adj[n-1], k)
			}
			adj[k] = append(adj[k], j)
		}
		maxDeg = max(maxDeg, int(g.deg[i]))
	}
	diam := 0
	dist := make([]int, n)
	queue := make([]int, 0, n)
	for s := 0; s < n; s++ {
		for i := range dist {
			dist[i] = -1
		}
		dist[s] = 0
		queue = append(queue[:0], s)
		for q := 0; q < len(queue); q++ {
			v := queue[q]
			diam = max(diam, dist[v])
			for _, w := range adj[v] {
				if dist[w] < 0 {
					dist[w] = dist[v] + 1
					queue = append(queue, w)
				}
			}
		}
	}
	// Σ_{i=1..diam} Δ^i = Δ(Δ^diam − 1)/(Δ − 1), or diam when Δ = 1.
	d := float64(maxDeg)
	var logSum float64
	if maxDeg <= 1 {
		logSum = math.Log10(float64(diam))
	} else {
		// log10(Δ^(diam+1) − Δ) − log10(Δ − 1), with Δ^(diam+1) kept in logs.
		top := float64(diam+1) * math.Log10(d)
		logSum = top + math.Log10(1-math.Pow(d, -float64(diam))) - math.Log10(d-1)
	}
	return math.Log10(float64(n)) + logSum
}
