package analyze

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/mousemaze/mousemaze"
)

// GraphBoundCheck is the outcome of checking the paper's Lemma 6 and
// Theorem 8 on one walk in a general graph.
type GraphBoundCheck struct {
	// Vertices, MaxDegree and Diameter describe the graph (its start's
	// component); Bound is mousemaze.Theorem8Bound.
	Vertices, MaxDegree, Diameter int
	Bound                         int64
	// Turns is the walk's turn count (equal to mousemaze.WalkGraph's);
	// Ratio is Turns / Bound.
	Turns int64
	Ratio float64
	// Departures counts the moves checked against Lemma 6; Lemma6 describes
	// the first violation ("" when none).
	Departures int64
	Lemma6     string
	// VertexBound describes the first vertex whose visits broke the
	// per-vertex bound of Theorem 8's proof: at most Δ for a neighbour of
	// the exit, fewer than Σ_{i=1..d} Δ^i at distance d ≥ 2 ("" when
	// none).
	VertexBound string
	// Theorem8 describes a walk whose visits (turns − 2, the paper's
	// visits(M)) reached the bound ("" when none).
	Theorem8 string
}

// CheckGraphBounds walks g (which must be feasible) and checks, at every
// departure, the paper's Lemma 6 with the convention of CheckBounds (when
// the mouse leaves v for the k-th time, counting the visit this move makes,
// every neighbour of v has at least ⌊k/deg(v)⌋ visits; the exit counts 1
// only once the last move reaches it). After the walk it checks every
// vertex's visits against the per-vertex bound of Theorem 8's proof and
// the paper's visits(M) = turns − 2 against Theorem8Bound, strictly, as
// the paper's inequality (11) states it. (Turns themselves can equal the
// bound: a start joined only to the exit takes 2 turns, and the bound is
// |V|·Δ = 2.) The walk is the rule of mousemaze.Graph
// written out; its turns are compared with mousemaze.WalkGraph's and a
// difference is an error. A walk that reaches the bound stops there with
// an error (Theorem 8 would be false).
func CheckGraphBounds(g mousemaze.Graph) (GraphBoundCheck, error) {
	if err := g.Validate(); err != nil {
		return GraphBoundCheck{}, err
	}
	if !g.Feasible() {
		return GraphBoundCheck{}, errors.New("analyze: CheckGraphBounds: infeasible graph")
	}
	var bc GraphBoundCheck
	bc.Vertices, bc.MaxDegree, bc.Diameter = g.Stats()
	bc.Bound = mousemaze.Theorem8Bound(g)
	n := g.Len()
	cnt := make([]int64, n)
	left := make([]int64, n)
	v := g.Start
	cnt[v] = 1
	turns := int64(1)
	for {
		if turns-2 >= bc.Bound {
			return bc, fmt.Errorf("analyze: walk reached the Theorem 8 bound %d", bc.Bound)
		}
		best, bv := -1, int64(math.MaxInt64)
		for _, w := range g.Prefs[v] {
			x := cnt[w]
			if w == g.Exit {
				x = 0
			}
			if x < bv {
				best, bv = w, x
			}
		}
		turns++
		left[v]++
		bc.Departures++
		if best != g.Exit {
			cnt[best]++
		}
		k, deg := left[v], int64(len(g.Prefs[v]))
		for _, w := range g.Prefs[v] {
			x := cnt[w]
			if w == g.Exit {
				x = 0
				if best == g.Exit {
					x = 1
				}
			}
			if x < k/deg && bc.Lemma6 == "" {
				bc.Lemma6 = fmt.Sprintf("turn %d: leaving %s for the %d-th time (degree %d), neighbour %s has %d visits",
					turns, g.Name(v), k, deg, g.Name(w), x)
			}
		}
		if best == g.Exit {
			break
		}
		v = best
	}
	bc.Turns = turns
	bc.Ratio = float64(turns) / float64(bc.Bound)
	ref, err := mousemaze.WalkGraph(g, mousemaze.Config{})
	if err != nil {
		return bc, err
	}
	if ref.Turns != turns {
		return bc, fmt.Errorf("analyze: CheckGraphBounds walked %d turns, WalkGraph %d", turns, ref.Turns)
	}
	// Per-vertex bound: distances from the exit.
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[g.Exit] = 0
	queue := []int{g.Exit}
	for q := 0; q < len(queue); q++ {
		for _, w := range g.Prefs[queue[q]] {
			if dist[w] < 0 {
				dist[w] = dist[queue[q]] + 1
				queue = append(queue, w)
			}
		}
	}
	for u := range cnt {
		if u == g.Exit || cnt[u] == 0 {
			continue
		}
		b := powerSum(int64(bc.MaxDegree), dist[u])
		broken := cnt[u] >= b
		if dist[u] == 1 {
			broken = cnt[u] > b // the proof's first step: at most Δ
		}
		if broken && bc.VertexBound == "" {
			bc.VertexBound = fmt.Sprintf("vertex %s at distance %d: %d visits, bound %d", g.Name(u), dist[u], cnt[u], b)
		}
	}
	if turns-2 >= bc.Bound {
		bc.Theorem8 = fmt.Sprintf("visits(M) = %d, bound %d", turns-2, bc.Bound)
	}
	return bc, nil
}

// powerSum returns Σ_{i=1..d} Δ^i, saturating at math.MaxInt64.
func powerSum(delta int64, d int) int64 {
	var sum, p int64 = 0, 1
	for i := 1; i <= d; i++ {
		if p > math.MaxInt64/delta {
			return math.MaxInt64
		}
		p *= delta
		if sum > math.MaxInt64-p {
			return math.MaxInt64
		}
		sum += p
	}
	return sum
}

// RandomGraph returns a random connected graph on n ≥ 2 vertices: a random
// spanning tree plus extra edges, each further pair of vertices joined
// with probability density, a random preference order at every vertex,
// the start at vertex 0 and the exit at a random other vertex.
func RandomGraph(rng *rand.Rand, n int, density float64) mousemaze.Graph {
	adj := make([]map[int]bool, n)
	for i := range adj {
		adj[i] = map[int]bool{}
	}
	link := func(a, b int) {
		if a != b {
			adj[a][b], adj[b][a] = true, true
		}
	}
	perm := rng.Perm(n)
	for i := 1; i < n; i++ {
		link(perm[i], perm[rng.IntN(i)])
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if rng.Float64() < density {
				link(a, b)
			}
		}
	}
	g := mousemaze.Graph{Prefs: make([][]int, n), Names: make([]string, n), Start: 0, Exit: 1 + rng.IntN(n-1)}
	for v := range adj {
		g.Names[v] = "v" + strconv.Itoa(v)
		for w := 0; w < n; w++ {
			if adj[v][w] {
				g.Prefs[v] = append(g.Prefs[v], w)
			}
		}
		rng.Shuffle(len(g.Prefs[v]), func(i, j int) { g.Prefs[v][i], g.Prefs[v][j] = g.Prefs[v][j], g.Prefs[v][i] })
	}
	return g
}
