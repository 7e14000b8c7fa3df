package dispatch

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// hamming returns the distance between two genomes of p: the cells whose
// walls differ, plus one for each end that moved.
func hamming(a, b Grid) int {
	d := 0
	for r := range a.Walls {
		d += bits.OnesCount64(a.Walls[r] ^ b.Walls[r])
	}
	if a.Entry != b.Entry {
		d++
	}
	if a.Exit != b.Exit {
		d++
	}
	return d
}

// allWithin calls f on every maze of p (ends open; with free ends, any
// ends) within Hamming distance r of g, g itself excluded.
func allWithin(p *GridProblem, g Grid, r int, f func(Grid)) {
	cells := p.Rows * p.Cols
	entries, exits := []int{g.Entry}, []int{g.Exit}
	if p.FreeEnds {
		entries, exits = nil, nil
		for c := 0; c < p.Cols; c++ {
			entries, exits = append(entries, c), append(exits, c)
		}
	}
	for _, en := range entries {
		for _, ex := range exits {
			for mask := uint64(0); mask < 1<<uint(cells); mask++ {
				if bits.OnesCount64(mask) > r {
					continue
				}
				h := Grid{Walls: make([]uint64, p.Rows), Entry: en, Exit: ex}
				for row := range h.Walls {
					h.Walls[row] = g.Walls[row] ^ (mask>>uint(row*p.Cols))&(1<<uint(p.Cols)-1)
				}
				if h.Walls[0]>>uint(en)&1 != 0 || h.Walls[p.Rows-1]>>uint(ex)&1 != 0 {
					continue // an end cell must stay open
				}
				if d := hamming(g, h); d > 0 && d <= r {
					f(h)
				}
			}
		}
	}
}

// TestPolishCertificate runs ils and pipeline with --polish 2 and 3 on
// small grids, with fixed and free ends, and checks the certificate by
// brute force: no maze within the certified Hamming distance of the best
// walks more turns.
func TestPolishCertificate(t *testing.T) {
	ev := refEvaluator(t)
	for _, size := range [][2]int{{3, 3}, {4, 4}, {3, 5}} {
		for _, free := range []bool{false, true} {
			for _, algo := range []string{AlgoILS, AlgoPipeline} {
				for _, polish := range []int{2, 3} {
					name := fmt.Sprintf("%dx%d/free=%v/%s/polish=%d", size[0], size[1], free, algo, polish)
					t.Run(name, func(t *testing.T) {
						p, _ := Preset(algo)
						p.Rows, p.Cols, p.FreeEnds, p.Evals, p.Seed, p.Polish = size[0], size[1], free, 60, 5, polish
						p.Pop, p.Parents, p.Local = 10, 3, 1
						s := runToEnd(t, p, ev)
						if s.Certified() < polish {
							t.Fatalf("certified radius %d, asked for %d", s.Certified(), polish)
						}
						prob := s.Problem().(*GridProblem)
						best := s.Best()
						if res := walkOf(t, s, best.Genome); res.Turns != best.Score.Turns {
							t.Fatalf("best walks %d turns, search says %d", res.Turns, best.Score.Turns)
						}
						checked := 0
						allWithin(prob, best.Genome, s.Certified(), func(h Grid) {
							cfg := prob.ConfigOf(h)
							m := h.Maze(p.Rows, p.Cols)
							if !mousemaze.Feasible(m, cfg) {
								return
							}
							checked++
							res, err := mousemaze.Walk(m, cfg)
							if err != nil {
								t.Fatal(err)
							}
							if res.Turns > best.Score.Turns {
								t.Fatalf("certified radius %d, but a maze at distance %d walks %d turns, the best %d:\n%s(entry %d, exit %d)\nbest:\n%s(entry %d, exit %d)",
									s.Certified(), hamming(best.Genome, h), res.Turns, best.Score.Turns,
									m, h.Entry, h.Exit, best.Genome.Maze(p.Rows, p.Cols), best.Genome.Entry, best.Genome.Exit)
							}
						})
						if checked < 10 {
							t.Fatalf("only %d feasible mazes within radius %d", checked, s.Certified())
						}
					})
				}
			}
		}
	}
}

// binom returns C(n, k).
func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	c := 1
	for i := 0; i < k; i++ {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// TestScanEnumeratesNeighbours walks the scans of radius 1, 2 and 3 on
// small grids, in the fixed (exhaustive) and in random orders, and wants
// every combination of moves on distinct sites exactly once: C(moves, r)
// of them with fixed ends; with free ends, where the entry's moves share
// one site and the exit's another, the combinations that take two moves
// of one end are skipped. With fixed ends the neighbours are exactly the
// mazes at Hamming distance r; with free ends they include every maze at
// distance r. A scan rebuilt halfway (as on resume) goes on with the same
// combinations.
func TestScanEnumeratesNeighbours(t *testing.T) {
	for _, size := range [][2]int{{3, 3}, {4, 4}, {3, 5}, {2, 6}} {
		for _, free := range []bool{false, true} {
			for r := 1; r <= 3; r++ {
				for _, exhaustive := range []bool{true, false} {
					name := fmt.Sprintf("%dx%d/free=%v/r=%d/exhaustive=%v", size[0], size[1], free, r, exhaustive)
					t.Run(name, func(t *testing.T) {
						p, _ := Preset(AlgoILS)
						p.Rows, p.Cols, p.FreeEnds, p.Evals, p.Seed = size[0], size[1], free, 10, 3
						p.Reach = 0 // the whole neighbourhood (TestScanReach checks a Reach)
						s, err := New(p, refEvaluator(t), nil)
						if err != nil {
							t.Fatal(err)
						}
						prob := s.Problem().(*GridProblem)
						g := s.randomFeasible()
						if free {
							g = prob.Clone(g)
							g.Entry, g.Exit = 1, 2 // away from the corners
							prob.openEnds(&g)
						}
						n := prob.Moves(g)
						cells, _, _ := prob.cellMoves(g)
						want := binom(n, r)
						if free {
							e := 2 * (p.Cols - 1) // moves of each end
							want = binom(cells, r) + 2*e*binom(cells, r-1) + e*e*binom(cells, r-2)
							if n != cells+2*e {
								t.Fatalf("%d moves, want %d cells and 2×%d end moves", n, cells, e)
							}
						}
						c := s.newClimb(Member[Grid]{Genome: g}, 3, ImproveFirst, 0, 0, exhaustive)
						c.Radius, c.Reach = r, 0 // the whole neighbourhood (ils's preset reaches 2)
						sc := s.scanOf(c)
						seen := map[string]bool{}
						genomes := map[uint64]bool{}
						var order []string
						for {
							moves, ok := sc.next()
							if !ok {
								break
							}
							sites := map[int]bool{}
							for _, m := range moves {
								if m < 0 || m >= n || sites[prob.Site(g, m)] {
									t.Fatalf("combination %v: move out of range or two moves on one site", moves)
								}
								sites[prob.Site(g, m)] = true
							}
							key := fmt.Sprint(sortedInts(moves))
							if seen[key] {
								t.Fatalf("combination %v comes twice", moves)
							}
							seen[key] = true
							order = append(order, key)
							h := prob.Apply(g, moves...)
							if !free && hamming(g, h) != r {
								t.Fatalf("moves %v give a maze at distance %d", moves, hamming(g, h))
							}
							genomes[prob.Hash(h)] = true
						}
						if len(seen) != want {
							t.Fatalf("%d combinations, want %d", len(seen), want)
						}
						if !free && len(genomes) != want {
							t.Fatalf("%d distinct neighbours, want %d", len(genomes), want)
						}
						// Every maze at distance exactly r is among them; with
						// free ends, where a moved end may also open its new
						// cell, every maze within r is among radii 1..r.
						within := genomes
						if free {
							within = map[uint64]bool{}
							for q := 1; q <= r; q++ {
								cq := s.newClimb(Member[Grid]{Genome: g}, 3, ImproveFirst, 0, 0, true)
								cq.Radius = q
								for sq := s.scanOf(cq); ; {
									moves, ok := sq.next()
									if !ok {
										break
									}
									within[prob.Hash(prob.Apply(g, moves...))] = true
								}
							}
						}
						missed := 0
						allWithin(prob, g, r, func(h Grid) {
							if (free || hamming(g, h) == r) && !within[prob.Hash(h)] {
								missed++
							}
						})
						if missed > 0 {
							t.Fatalf("%d mazes at distance %d are no neighbours", missed, r)
						}
						// Rebuild halfway, as a resumed climb does.
						half := len(order) / 2
						c.Pos = int64(0)
						delete(s.scans, c)
						sc = s.scanOf(c)
						for i := 0; i < half; i++ {
							sc.next()
						}
						c.Pos = sc.pos
						delete(s.scans, c)
						sc = s.scanOf(c)
						for i := half; i < len(order); i++ {
							moves, ok := sc.next()
							if !ok || fmt.Sprint(sortedInts(moves)) != order[i] {
								t.Fatalf("rebuilt scan: combination %d is %v, want %s", i, moves, order[i])
							}
						}
						if _, ok := sc.next(); ok {
							t.Fatal("rebuilt scan goes on past the end")
						}
					})
				}
			}
		}
	}
}

func sortedInts(a []int) []int {
	b := append([]int(nil), a...)
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && b[j] < b[j-1]; j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
	return b
}

// TestScanReach checks that a climb with a Reach enumerates exactly the
// combinations whose cells lie pairwise within that Chebyshev distance.
func TestScanReach(t *testing.T) {
	spec, _ := Preset(AlgoILS)
	spec.Rows, spec.Cols, spec.Evals, spec.Seed = 5, 6, 100, 1
	ev := mazetest.Open(t, "ref", mousemaze.Options{})
	s, err := New(spec, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	prob := s.Problem().(*GridProblem)
	g := prob.Random(s.rng)
	for _, tc := range []struct{ reach, r int }{{1, 2}, {2, 2}, {1, 3}, {2, 3}, {1, 4}, {2, 4}, {2, 5}, {3, 5}, {2, 7}} {
		n := prob.Moves(g)
		cellOf := func(m int) (int, int) { x := prob.Site(g, m); return x / spec.Cols, x % spec.Cols }
		near := func(a, b int) bool {
			r1, c1 := cellOf(a)
			r2, c2 := cellOf(b)
			return max(abs(r1-r2), abs(c1-c2)) <= tc.reach
		}
		// Brute force: every set of r moves, pairwise near.
		want := 0
		var count func(from int, set []int)
		count = func(from int, set []int) {
			if len(set) == tc.r {
				want++
				return
			}
			for m := from; m < n; m++ {
				ok := true
				for _, x := range set {
					ok = ok && near(x, m)
				}
				if ok {
					count(m+1, append(set, m))
				}
			}
		}
		count(0, nil)
		seen := map[string]bool{}
		got := 0
		for _, moves := range scanned(s, g, tc.r, tc.reach) {
			for i := range moves {
				for j := i + 1; j < len(moves); j++ {
					if !near(moves[i], moves[j]) {
						t.Fatalf("reach %d: moves %v are not within reach", tc.reach, moves)
					}
				}
			}
			key := fmt.Sprint(sortedCopy(moves))
			if seen[key] || len(moves) != tc.r {
				t.Fatalf("reach %d, radius %d: moves %v twice or of the wrong radius", tc.reach, tc.r, moves)
			}
			seen[key] = true
			got++
		}
		if got != want || want == 0 {
			t.Errorf("reach %d, radius %d: %d combinations, want %d", tc.reach, tc.r, got, want)
		}
	}
}

func sortedCopy(xs []int) []int {
	out := append([]int(nil), xs...)
	slices.Sort(out)
	return out
}

// TestDeepenScanSize wants the web's bound on the deepening scan to count
// what the scratch count of pairwise-near cell sets gives on 13×13 (radius
// 6 within 3: 635,278 sets of cells other than the ends; radius 4 within
// 2 on 5×6), to stop at the limit, and to count edge boards too.
func TestDeepenScanSize(t *testing.T) {
	p, _ := Preset(AlgoILS)
	p.Rows, p.Cols, p.Deepen, p.DeepenReach = 13, 13, 6, 3
	if got := DeepenScanSize(p, 1<<40); got != 635278 {
		t.Errorf("13x13, radius 6 within 3: %d, want 635278", got)
	}
	if got := DeepenScanSize(p, 1000); got != 1001 {
		t.Errorf("limit 1000: %d, want 1001", got)
	}
	p.Rows, p.Cols, p.Deepen, p.DeepenReach = 5, 6, 4, 2
	want := int64(0)
	var cells [][2]int
	for r := range 5 {
		for c := range 6 {
			if !(r == 0 && c == 0) && !(r == 4 && c == 0) {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	var count func(from int, set [][2]int)
	count = func(from int, set [][2]int) {
		if len(set) == 4 {
			want++
			return
		}
		for k := from; k < len(cells); k++ {
			ok := true
			for _, x := range set {
				ok = ok && max(abs(x[0]-cells[k][0]), abs(x[1]-cells[k][1])) <= 2
			}
			if ok {
				count(k+1, append(set, cells[k]))
			}
		}
	}
	count(0, nil)
	if got := DeepenScanSize(p, 1<<40); got != want || want == 0 {
		t.Errorf("5x6, radius 4 within 2: %d, want %d", got, want)
	}
	p.Problem, p.Rows, p.Cols, p.Deepen, p.DeepenReach = ProblemEdges, 3, 3, 2, 1
	// 3×3 board: 12 edges; pairs within 1 cell.
	e := mousemaze.NewEdgeMaze(3, 3)
	prob := &EdgeProblem{}
	pairs := int64(0)
	for a := range 12 {
		for b := a + 1; b < 12; b++ {
			if prob.Distance(e, a, b) <= 1 {
				pairs++
			}
		}
	}
	if got := DeepenScanSize(p, 1<<40); got != pairs || pairs == 0 {
		t.Errorf("3x3 edges, radius 2 within 1: %d, want %d", got, pairs)
	}
	p.Deepen = 0
	if got := DeepenScanSize(p, 10); got != 0 {
		t.Errorf("no deepening: %d", got)
	}
}

// scanned returns every combination of moves that one radius r of a climb
// from g with the given reach scans, in its order.
func scanned[G any](s *Engine[G], g G, r, reach int) [][]int {
	c := s.newClimb(Member[G]{Genome: g}, r, ImproveFirst, 0, 0, false)
	c.Radius, c.Reach = r, reach
	sc := s.scanOf(c)
	var out [][]int
	for {
		moves, ok := sc.next()
		if !ok {
			return out
		}
		out = append(out, slices.Clone(moves)) // next reuses its slice
	}
}

// TestPairListIsBruteForce wants the pair list a scan builds from
// GridProblem.NearLists to be the one asking Near of every pair gives,
// pair for pair in the same order, for random centers with fixed and
// free ends and several reaches (cached lists included: each center is
// asked twice).
func TestPairListIsBruteForce(t *testing.T) {
	ev := mazetest.Open(t, "ref", mousemaze.Options{})
	for _, tc := range []struct {
		rows, cols int
		free       bool
	}{{5, 6, false}, {13, 13, false}, {7, 9, true}, {1, 8, true}, {4, 2, false}} {
		spec, _ := Preset(AlgoILS)
		spec.Rows, spec.Cols, spec.FreeEnds, spec.Evals, spec.Seed = tc.rows, tc.cols, tc.free, 100, 3
		s, err := New(spec, ev, nil)
		if err != nil {
			t.Fatal(err)
		}
		prob := s.Problem().(*GridProblem)
		for k := range 8 {
			g := prob.Random(s.rng)
			for _, reach := range []int{1, 2, 3} {
				c := &Climb[Grid]{Center: Member[Grid]{Genome: g}, Radius: 2, Reach: reach, Order: uint64(k)}
				sc := &scan{moves: make([]int, prob.Moves(g))}
				for i := range sc.moves {
					sc.moves[i] = i
				}
				rand.New(rand.NewPCG(uint64(k), 9)).Shuffle(len(sc.moves), func(i, j int) { sc.moves[i], sc.moves[j] = sc.moves[j], sc.moves[i] })
				sc.near = prob.Near(g, reach)
				var want [][2]int32
				for i := range sc.moves {
					for j := i + 1; j < len(sc.moves); j++ {
						if prob.Distance(g, sc.moves[i], sc.moves[j]) <= reach {
							want = append(want, [2]int32{int32(i), int32(j)})
						}
					}
				}
				for range 2 {
					if got := s.pairList(c, sc); !slices.Equal(got, want) || len(want) == 0 {
						t.Fatalf("%+v reach %d: %d pairs, want %d (or they differ)", tc, reach, len(got), len(want))
					}
				}
			}
		}
	}
}
