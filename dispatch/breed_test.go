package dispatch

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// noBreeder hides a grid problem's Breed, so that the engine breeds
// through the generic operators (it keeps Draw).
type noBreeder struct{ Problem[Grid] }

func (n noBreeder) Draw(rng *rand.Rand) Grid { return n.Problem.(*GridProblem).Draw(rng) }

// TestGridBreedIsReference breeds chunks with GridProblem.Breed and with
// breedReference from the same streams and wants the same children, maze
// for maze, feasible, and the same count of rejected candidates, on
// several sizes, fixed and free ends, with and without crossover.
func TestGridBreedIsReference(t *testing.T) {
	for _, tc := range []struct {
		rows, cols  int
		free, cross bool
		rate        float64
	}{
		{5, 6, false, true, 2}, {5, 6, true, true, 2}, {13, 13, false, true, 10},
		{13, 13, false, false, 10}, {9, 4, true, false, 3}, {32, 32, false, true, 60},
		{2, 2, false, true, 1}, {7, 64, true, true, 30}, {1, 9, true, true, 2},
		{64, 64, false, true, 245}, {3, 3, true, true, 40}, {16, 16, false, true, 15},
		{6, 31, true, true, 10}, {15, 15, true, false, 12},
	} {
		spec, err := Preset(AlgoGA)
		if err != nil {
			t.Fatal(err)
		}
		spec.Rows, spec.Cols, spec.FreeEnds, spec.Evals = tc.rows, tc.cols, tc.free, 1
		prob, err := NewGridProblem(spec, refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		parents := feasibleParents(t, spec, prob, 7)
		for chunk := range uint64(3) {
			const n = 700
			dst := make([]Grid, n)
			ra := prob.Breed(rand.New(rand.NewPCG(99, chunk)), parents, dst, tc.cross, tc.rate)
			want, rb := breedReference(prob, rand.New(rand.NewPCG(99, chunk)), parents, n, tc.cross, tc.rate)
			if ra != rb {
				t.Errorf("%+v: rejected %d by Breed, %d by the reference", tc, ra, rb)
			}
			differ := 0
			for i := range dst {
				if !prob.Equal(dst[i], want[i]) {
					t.Fatalf("%+v: child %d differs:\n%s\n%s", tc, i, dst[i].Maze(tc.rows, tc.cols), want[i].Maze(tc.rows, tc.cols))
				}
				m := dst[i].Maze(tc.rows, tc.cols)
				if !mousemaze.Feasible(m, mousemaze.Config{Entry: dst[i].Entry, Exit: dst[i].Exit}) {
					t.Fatalf("%+v: child %d infeasible", tc, i)
				}
				if !prob.Equal(dst[i], parents[0]) {
					differ++
				}
			}
			if differ == 0 {
				t.Errorf("%+v: every child is the first parent", tc)
			}
		}
	}
}

// breedReference is GridProblem.Breed one cell and one move at a time, on
// the generic operators: it makes the same draws from a breedRand seeded
// with one draw of rng, takes the crossover's bits one at a time from
// random words drawn for it, draws the binomial by inverting its distribution
// term by term, applies the moves with Apply and asks the reference flood
// (mousemaze.Feasible) whether a child is feasible.
func breedReference(p *GridProblem, rng *rand.Rand, parents []Grid, n int, cross bool, rate float64) ([]Grid, int64) {
	seed := rng.Uint64()
	var r breedRand // the stream of the child being bred
	var pool []bool
	bit := func() bool {
		if len(pool) == 0 {
			w := r.next()
			for i := range 64 {
				pool = append(pool, w>>uint(i)&1 == 1)
			}
		}
		b := pool[0]
		pool = pool[1:]
		return b
	}
	cell := func(g Grid, row, col int) bool { return g.Walls[row]>>uint(col)&1 == 1 }
	moves := func(c Grid, k int) []int {
		n := p.Moves(c)
		var out, sites []int
		for tries := 0; len(out) < k && tries < 20*k+100; tries++ {
			m := int(r.below(uint64(n)))
			if !slices.Contains(sites, p.Site(c, m)) {
				sites = append(sites, p.Site(c, m))
				out = append(out, m)
			}
		}
		return out
	}
	binomialOf := func(n int, q float64) int {
		b := binomial{n: n, p: q, p0: math.Exp(float64(n) * math.Log1p(-q))}
		switch {
		case n <= 0 || q <= 0:
			return 0
		case q >= 1:
			return n
		case b.p0 < 1e-250:
			return binomialSkips(&r, n, q)
		}
		return b.invert(r.float())
	}
	var rejected int64
	kids := make([]Grid, n)
	for i := range kids {
		r = childRand(seed, i)
		a := parents[r.below(uint64(len(parents)))]
		b := a
		if cross {
			b = parents[r.below(uint64(len(parents)))]
		}
		for try := 0; ; try++ {
			c := p.Clone(a)
			if cross {
				pool = pool[:0] // each crossover draws words of its own
				for row := range c.Walls {
					c.Walls[row] = 0
					for col := range p.Cols {
						from := b
						if bit() {
							from = a
						}
						if cell(from, row, col) {
							c.Walls[row] |= 1 << uint(col)
						}
					}
				}
				if p.FreeEnds {
					if !bit() {
						c.Entry = b.Entry
					}
					if !bit() {
						c.Exit = b.Exit
					}
				}
				p.openEnds(&c)
			}
			n := p.Moves(c)
			c = p.Apply(c, moves(c, binomialOf(n, rate/float64(max(n, 1))))...)
			if p.Equal(c, a) || p.Equal(c, b) {
				c = p.Apply(c, moves(c, 1)...)
			}
			if mousemaze.Feasible(c.Maze(p.Rows, p.Cols), mousemaze.Config{Entry: c.Entry, Exit: c.Exit}) {
				kids[i] = c
				break
			}
			rejected++
			if try+1 >= maxRedraws {
				kids[i] = p.Clone(c)
				p.repair(&r, &kids[i], a)
				break
			}
		}
	}
	return kids, rejected
}

// TestBreedRand checks breedRand's bounded draws (uniform, by a
// chi-square test at a fixed seed, and inside the bound for bounds up to
// 2^64-1) and binomialTable against the term-by-term inversion.
func TestBreedRand(t *testing.T) {
	r := breedRand(5)
	for _, n := range []uint64{1, 2, 3, 7, 167, 1000} {
		const draws = 100000
		hist := make([]int, n)
		for range draws {
			hist[r.below(n)]++
		}
		if n == 1 {
			continue
		}
		chi, want := 0.0, float64(draws)/float64(n)
		for _, got := range hist {
			chi += (float64(got) - want) * (float64(got) - want) / want
		}
		d := float64(n - 1)
		if limit := d + 4.5*math.Sqrt(d) + 10; chi > limit {
			t.Errorf("below(%d): chi-square %.1f (limit %.1f)", n, chi, limit)
		}
	}
	for _, n := range []uint64{1 << 63, 1<<63 + 1, math.MaxUint64} {
		for range 1000 {
			if x := r.below(n); x >= n {
				t.Fatalf("below(%d) = %d", n, x)
			}
		}
	}
	var table binomialTable
	for _, c := range []struct {
		n int
		p float64
	}{{167, 10.0 / 167}, {20, 0.5}, {5, 0.9}, {1, 0.3}, {4094, 0.06}} {
		for range 2000 {
			a, b := r, r
			got := table.draw(&a, c.n, c.p)
			u := b.float()
			k := (&binomial{n: c.n, p: c.p, p0: math.Exp(float64(c.n) * math.Log1p(-c.p))}).invert(u)
			if got != k {
				t.Fatalf("n=%d p=%v u=%v: table %d, inversion %d", c.n, c.p, u, got, k)
			}
			r = a
		}
	}
}

// TestBinomialSkips compares the histograms of binomialSkips and
// binomialDraw with the
// binomial distribution (a chi-square test at a fixed seed) and checks
// its edge cases.
func TestBinomialSkips(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	skips := func(rng *rand.Rand, n int, p float64) int { return binomialSkips(rng, n, p) }
	br := breedRand(3)
	skipsBreed := func(_ *rand.Rand, n int, p float64) int { return binomialSkips(&br, n, p) } // as Breed draws them
	for _, tc := range []struct {
		n    int
		p    float64
		draw func(*rand.Rand, int, float64) int
	}{{167, 10.0 / 167, skips}, {20, 0.5, skips}, {1000, 0.003, skips}, {5, 0.9, skips}, {1000, 0.003, skipsBreed},
		{167, 10.0 / 167, binomialDraw}, {20, 0.5, binomialDraw}, {1000, 0.003, binomialDraw}, {5, 0.9, binomialDraw},
		{4094, 0.3, binomialDraw}} {
		const draws = 200000
		hist := make([]int, tc.n+1)
		for range draws {
			hist[tc.draw(rng, tc.n, tc.p)]++
		}
		chi, cells := 0.0, 0
		for k, got := range hist {
			lp := lchoose(tc.n, k) + float64(k)*math.Log(tc.p) + float64(tc.n-k)*math.Log1p(-tc.p)
			want := draws * math.Exp(lp)
			if want < 20 {
				continue
			}
			chi += (float64(got) - want) * (float64(got) - want) / want
			cells++
		}
		// The 0.999 quantile of chi-square with d degrees of freedom is
		// below d + 4.5 sqrt(d) + 10 for the d here.
		if limit := float64(cells) + 4.5*math.Sqrt(float64(cells)) + 10; chi > limit {
			t.Errorf("n=%d p=%v: chi-square %.1f over %d cells (limit %.1f)", tc.n, tc.p, chi, cells, limit)
		}
	}
	for _, tc := range []struct {
		n    int
		p    float64
		want int
	}{{10, 0, 0}, {10, 1, 10}, {10, 2, 10}, {0, 0.5, 0}, {-3, 0.5, 0}} {
		if got := binomialSkips(rng, tc.n, tc.p); got != tc.want {
			t.Errorf("binomialSkips(%d, %v) = %d, want %d", tc.n, tc.p, got, tc.want)
		}
		if got := binomialDraw(rng, tc.n, tc.p); got != tc.want {
			t.Errorf("binomialDraw(%d, %v) = %d, want %d", tc.n, tc.p, got, tc.want)
		}
	}
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// TestBestK checks bestK against the first k of a stable sort on pools
// with many ties.
func TestBestK(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 7, 100, 3000, 2*bestKChunk + 5, 5*bestKChunk - 1} {
		pool := make([]Member[Grid], n)
		for i := range pool {
			pool[i] = Member[Grid]{Genome: Grid{Entry: i}, Score: TurnsScore(int64(rng.IntN(20))), Scored: true}
			switch rng.IntN(10) { // a few infeasible, unscored and trapped members
			case 0:
				pool[i].Score = Infeasible
			case 1:
				pool[i].Score, pool[i].Scored = Score{}, false
			case 2:
				pool[i].Score = Score{Feasible: true, Trapped: true, TrapCells: 1 + rng.IntN(3), TrapArea: 4 + rng.IntN(2)}
			}
		}
		sorted := slices.Clone(pool)
		sortBest(sorted)
		for _, k := range []int{1, 2, 5, 64, bestKChunk / 2, n} {
			for _, workers := range []int{1, 3} { // serial, then in chunks on goroutines
				got := bestK(pool, k, workers)
				want := sorted[:min(k, n)]
				if len(got) != len(want) {
					t.Fatalf("n=%d k=%d workers=%d: %d members", n, k, workers, len(got))
				}
				for i, j := range got {
					if pool[j].Genome.Entry != want[i].Genome.Entry {
						t.Fatalf("n=%d k=%d workers=%d: member %d is %d, want %d", n, k, workers, i, pool[j].Genome.Entry, want[i].Genome.Entry)
					}
				}
			}
		}
	}
}

// TestSelectBest wants selectBest's parents and elite of large pools of
// many copies (few distinct genomes among the best) to be those of a
// stable sort and topDistinct, whatever the candidates its first pass
// takes (selectK, kept from the selection before).
func TestSelectBest(t *testing.T) {
	prob, _ := openGridProblem(t, 4, 4, false, 0, 0)
	s, err := NewEngine[Grid](largeSpec(t, AlgoGA, false), Problem[Grid](prob), nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct{ n, distinct, parents, elite int }{
		{3000, 5, 10, 2}, {20000, 40, 10, 1}, {20000, 3000, 30, 4}, {5000, 12, 12, 12},
	} {
		genomes := make([]Grid, tc.distinct)
		for g := range genomes {
			genomes[g] = Grid{Walls: []uint64{uint64(g), uint64(g) >> 4, 0, 0}}
		}
		pool := make([]Member[Grid], tc.n)
		for i := range pool {
			g := rng.IntN(tc.distinct)
			pool[i] = Member[Grid]{Genome: genomes[g], Score: TurnsScore(int64(100 + g%17)), Scored: true}
		}
		sorted := slices.Clone(pool)
		sortBest(sorted)
		wantPar, wantEli := s.topDistinct(sorted, tc.parents), sorted[:tc.elite]
		for _, start := range []int{0, 1, 64, tc.n} {
			s.selectK = start
			par, eli, err := s.selectBest(pool, tc.parents, tc.elite)
			if err != nil {
				t.Fatal(err)
			}
			same := func(a, b []Member[Grid]) bool {
				return slices.EqualFunc(a, b, func(x, y Member[Grid]) bool { return x.Score == y.Score && prob.Equal(x.Genome, y.Genome) })
			}
			if !same(par, wantPar) || !same(eli, wantEli) {
				t.Errorf("%+v, first pass of %d: %d parents and %d elite, not the sort's %d and %d", tc, start, len(par), len(eli), len(wantPar), len(wantEli))
			}
		}
	}
}

// BenchmarkBestK selects the 10 best of a generation of 2^20 members
// with random turns on one goroutine, as a GA of that size does (the
// engine's selection of parents).
func BenchmarkBestK(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	pool := make([]Member[Grid], 1<<20)
	for i := range pool {
		pool[i] = Member[Grid]{Score: TurnsScore(int64(rng.IntN(100000))), Scored: true}
	}
	for b.Loop() {
		bestK(pool, 10, 1)
	}
}

// largeSpec is a search whose generations are bred in parallel chunks.
func largeSpec(t *testing.T, algo string, free bool) Spec {
	t.Helper()
	p, err := Preset(algo)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.FreeEnds, p.Seed = 6, 7, free, 11
	p.Pop, p.Evals = 2*breedChunk+300, 14000
	if algo == AlgoMemetic {
		p.Islands, p.Pop = 2, breedChunk+100
	}
	return p
}

// TestLargeGenerationsAreReproducible runs searches with generations of
// more than breedChunk children on 1, 2 and 5 breeding workers and wants
// the same final state byte for byte; a run interrupted after its second
// generation and resumed from JSON ends in that state too. The same runs
// through the generic operators (GridProblem.Breed hidden, as for the
// problems that are not Breeders) agree with each other on 1 and 3
// workers; they draw otherwise than Breed, so they end elsewhere.
func TestLargeGenerationsAreReproducible(t *testing.T) {
	for _, v := range []struct {
		algo string
		free bool
	}{{AlgoGA, false}, {AlgoGA, true}, {AlgoEA, false}, {AlgoMemetic, false}, {AlgoPipeline, true}} {
		p := largeSpec(t, v.algo, v.free)
		ev := refEvaluator(t)
		run := func(workers int, generic bool) *Search {
			prob, err := NewGridProblem(p, ev)
			if err != nil {
				t.Fatal(err)
			}
			var pr Problem[Grid] = prob
			if generic {
				pr = noBreeder{prob}
			}
			return runGridEngine(t, p, pr, workers)
		}
		first := run(1, false)
		want := stateJSON(t, first)
		if first.Gen() < 3 || first.Evals() != p.Evals {
			t.Fatalf("%v: %d generations, %d evaluations", v, first.Gen(), first.Evals())
		}
		for _, workers := range []int{2, 5} {
			if got := stateJSON(t, run(workers, false)); got != want {
				t.Fatalf("%v: workers %d: another final state", v, workers)
			}
		}
		generic := stateJSON(t, run(1, true))
		if got := stateJSON(t, run(3, true)); got != generic {
			t.Fatalf("%v: generic operators, workers 3: another final state than on 1", v)
		}
		if got := stateJSON(t, interruptAt(t, p, ev, func(s *Search) bool { return s.Gen() == 2 })); got != want {
			t.Fatalf("%v: the resumed run ends in another state", v)
		}
	}
}

// BenchmarkGridBreed breeds chunks of 13x13 and 32x32 children with the
// ga preset's rate (crossover, mutation, feasibility), on one goroutine,
// from ten parents drawn at random and, on 13x13, from the ten parents of
// a GA generation in testdata/ga-parents-13x13.txt (mazes of long walks,
// whose children are infeasible more often); it reports children per
// second and rejected candidates per child.
func BenchmarkGridBreed(b *testing.B) {
	evolved, err := mousemaze.ParseFile("testdata/ga-parents-13x13.txt")
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		side    int
		evolved bool
	}{{"13x13", 13, false}, {"32x32", 32, false}, {"13x13-evolved", 13, true}} {
		b.Run(tc.name, func(b *testing.B) {
			side := tc.side
			spec, err := Preset(AlgoGA)
			if err != nil {
				b.Fatal(err)
			}
			spec.Rows, spec.Cols, spec.Evals = side, side, 1
			ev := mazetest.Open(b, "ref", mousemaze.Options{})
			prob, err := NewGridProblem(spec, ev)
			if err != nil {
				b.Fatal(err)
			}
			e, err := NewEngine[Grid](spec, prob, nil)
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			parents := make([]Grid, 10)
			for i := range parents {
				parents[i] = e.drawFeasible(rng, new(int64), false, nil)
				if tc.evolved {
					parents[i] = Grid{Walls: evolved[i].Walls}
				}
			}
			rate := spec.mutationFor(side*side - 2)
			dst := make([]Grid, breedChunk)
			b.ResetTimer()
			var rejected int64
			for i := 0; i < b.N; i += breedChunk {
				rejected += prob.Breed(rng, parents, dst, true, rate)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "children/s")
			b.ReportMetric(float64(rejected)/float64(b.N), "rejected/child")
		})
	}
}

// TestGridDraw checks that Draw walls each cell with the density's
// probability (within five standard deviations over many cells) for
// densities it draws by words and for others, and keeps the ends open.
func TestGridDraw(t *testing.T) {
	for _, d := range []float64{0.25, 0.5, 0.375, 0.1, 0.8125, 0.3} {
		spec, err := Preset(AlgoGA)
		if err != nil {
			t.Fatal(err)
		}
		spec.Rows, spec.Cols, spec.Density, spec.FreeEnds, spec.Evals = 9, 37, d, true, 1
		prob, err := NewGridProblem(spec, refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		into := rand.New(rand.NewPCG(5, 6)) // DrawInto's stream: the same draws
		words := make([]uint64, 9)
		walls, cells := 0, 0
		for range 4000 {
			g := prob.Draw(rng)
			if err := prob.Check(g); err != nil {
				t.Fatal(err)
			}
			if h := prob.DrawInto(into, words); !prob.Equal(g, h) || &h.Walls[0] != &words[0] || cap(h.Walls) != 9 {
				t.Fatalf("density %v: DrawInto gave %v in other storage or another maze than Draw's %v", d, h, g)
			}
			if g.Walls[0]>>uint(g.Entry)&1 != 0 || g.Walls[8]>>uint(g.Exit)&1 != 0 {
				t.Fatalf("density %v: an end cell is walled", d)
			}
			for r, w := range g.Walls {
				for c := range 37 {
					if r == 0 && c == g.Entry || r == 8 && c == g.Exit {
						continue
					}
					cells++
					walls += int(w >> uint(c) & 1)
				}
			}
		}
		got := float64(walls) / float64(cells)
		if sd := math.Sqrt(d * (1 - d) / float64(cells)); math.Abs(got-d) > 5*sd {
			t.Errorf("density %v: walls on %.5f of the cells (sd %.5f)", d, got, sd)
		}
	}
	if digits, ok := dyadicDigits(nil, 0.375); !ok || !slices.Equal(digits, []bool{false, true, true}) {
		t.Errorf("dyadicDigits(0.375) = %v, %v", digits, ok)
	}
	if _, ok := dyadicDigits(nil, 0.3); ok {
		t.Error("0.3 taken as dyadic")
	}
}

// openGridProblem returns the ILS preset's grid problem of rows×cols
// (free ends or not) and its open maze with the given end columns.
func openGridProblem(t *testing.T, rows, cols int, free bool, entry, exit int) (*GridProblem, Grid) {
	t.Helper()
	spec, err := Preset(AlgoILS)
	if err != nil {
		t.Fatal(err)
	}
	spec.Rows, spec.Cols, spec.FreeEnds, spec.Evals = rows, cols, free, 1
	prob, err := NewGridProblem(spec, refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	g := prob.Open()
	g.Entry, g.Exit = entry, exit
	return prob, g
}

// TestGridDistance checks Distance against its definition through Site
// for every pair of moves, with fixed and free ends.
func TestGridDistance(t *testing.T) {
	for _, free := range []bool{false, true} {
		prob, g := openGridProblem(t, 5, 7, free, 3, 3)
		pos := func(m int) (r, c int, end bool) {
			switch site := prob.Site(g, m); site {
			case 35:
				return 0, 0, true
			case 36:
				return 4, 0, true
			default:
				return site / 7, site % 7, false
			}
		}
		for m1 := range prob.Moves(g) {
			for m2 := range prob.Moves(g) {
				r1, c1, e1 := pos(m1)
				r2, c2, e2 := pos(m2)
				want := max(abs(r1-r2), abs(c1-c2))
				if e1 || e2 {
					want = abs(r1 - r2)
				}
				if got := prob.Distance(g, m1, m2); got != want {
					t.Fatalf("free %v: Distance(%d, %d) = %d, want %d", free, m1, m2, got, want)
				}
			}
		}
	}
}

// TestGridNear checks Near against Distance for every pair of moves and
// several reaches, with fixed and free ends.
func TestGridNear(t *testing.T) {
	for _, free := range []bool{false, true} {
		prob, g := openGridProblem(t, 6, 5, free, 2, 4)
		for _, reach := range []int{0, 1, 2, 3, 7} {
			near := prob.Near(g, reach)
			for a := range prob.Moves(g) {
				for b := range prob.Moves(g) {
					if got, want := near(a, b), prob.Distance(g, a, b) <= reach; got != want {
						t.Fatalf("free %v reach %d: Near(%d, %d) = %v, Distance %d", free, reach, a, b, got, prob.Distance(g, a, b))
					}
				}
			}
		}
	}
}

// repairRef is GridProblem.Repair as first written, a flood after every
// step: the reference for the repair that floods only when a step can
// change the answer.
func repairRef(p *GridProblem, rng *rand.Rand, child, parent Grid) Grid {
	child = p.Clone(child)
	child.Entry, child.Exit = parent.Entry, parent.Exit
	p.openEnds(&child)
	var diff []int
	for r, w := range child.Walls {
		for x := w ^ parent.Walls[r]; x != 0; x &= x - 1 {
			diff = append(diff, r*p.Cols+bits.TrailingZeros64(x))
		}
	}
	for !p.Feasible(child) && len(diff) > 0 {
		i := rng.IntN(len(diff))
		cell := diff[i]
		diff[i] = diff[len(diff)-1]
		diff = diff[:len(diff)-1]
		r, c := cell/p.Cols, cell%p.Cols
		child.Walls[r] = child.Walls[r]&^(1<<uint(c)) | parent.Walls[r]&(1<<uint(c))
	}
	return child
}

// TestRepairIsReference holds Repair to repairRef on 20,000 random pairs
// of a feasible parent and a child that differs from it in a few to many
// cells, on grids of many shapes with fixed and free ends: the same maze,
// and the same draws from the random stream.
func TestRepairIsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	var repaired, untouched int
	for i := 0; i < 20000; i++ {
		rows, cols := 2+rng.IntN(15), 2+rng.IntN(15)
		if i%10 == 0 {
			rows, cols = 1+rng.IntN(mousemaze.MaxSide), 1+rng.IntN(mousemaze.MaxSide)
		}
		p, open := openGridProblem(t, rows, cols, i%3 == 0, 0, 0)
		p.Density = []float64{0.1, 0.25, 0.4}[i%3]
		parent := repairRef(p, rng, p.Draw(rng), open) // feasible
		child := p.Draw(rng)                           // a random maze: far from parent
		if i%2 == 0 {                                  // or parent with a few random cells flipped
			child = p.Clone(parent)
			for k := 1 + rng.IntN(8); k > 0; k-- {
				r, c := rng.IntN(rows), rng.IntN(cols)
				child.Walls[r] ^= 1 << uint(c)
			}
		}
		seed := rng.Uint64()
		ra, rb := rand.New(rand.NewPCG(seed, 0)), rand.New(rand.NewPCG(seed, 0))
		got, want := p.Repair(ra, child, parent), repairRef(p, rb, child, parent)
		if !p.Equal(got, want) || ra.Uint64() != rb.Uint64() {
			t.Fatalf("pair %d (%dx%d): Repair gave %x, the reference %x", i, rows, cols, got.Walls, want.Walls)
		}
		if !p.Feasible(got) {
			t.Fatalf("pair %d: Repair left an infeasible maze", i)
		}
		if p.Feasible(child) && child.Entry == parent.Entry && child.Exit == parent.Exit {
			untouched++
		} else {
			repaired++
		}
	}
	if repaired < 5000 || untouched < 1000 {
		t.Errorf("unbalanced sample: %d repaired, %d feasible already", repaired, untouched)
	}
}

// runGridEngine runs a search of spec p on the grid problem pr, on the
// given number of workers, to its end.
func runGridEngine(t *testing.T, p Spec, pr Problem[Grid], workers int) *Engine[Grid] {
	t.Helper()
	s, err := NewEngine[Grid](p, pr, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.SetWorkers(workers)
	if err := s.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}
	return s
}

// feasibleParents draws n feasible genomes of prob (made from spec) as
// the engine draws them, from a stream seeded by the grid's size.
func feasibleParents(t *testing.T, spec Spec, prob *GridProblem, n int) []Grid {
	t.Helper()
	e, err := NewEngine[Grid](spec, prob, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(spec.Rows), uint64(spec.Cols)))
	parents := make([]Grid, n)
	for i := range parents {
		parents[i] = e.drawFeasible(rng, new(int64), false, nil)
	}
	return parents
}

// BenchmarkFillRandom draws a GA's first, random population of 65,536
// feasible 13×13 mazes (fillRandom, on the engine's workers): the cost of
// a large population's start, in nanoseconds and allocations a maze.
func BenchmarkFillRandom(b *testing.B) {
	const n = 1 << 16
	spec, err := Preset(AlgoGA)
	if err != nil {
		b.Fatal(err)
	}
	spec.Rows, spec.Cols, spec.Evals, spec.Pop = 13, 13, 1, n
	prob, err := NewGridProblem(spec, mazetest.Open(b, "ref", mousemaze.Options{}))
	if err != nil {
		b.Fatal(err)
	}
	e, err := NewEngine[Grid](spec, prob, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if pop := e.fillRandom(nil, n); len(pop) != n {
			b.Fatalf("%d mazes, not %d", len(pop), n)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N*n), "ns/maze")
}

// hashWalker is an evaluator that walks nothing and allocates nothing:
// every maze escapes after 2 + (a hash of its words mod 1000) turns.
type hashWalker struct{}

func (hashWalker) Name() string { return "hash" }
func (hashWalker) Close() error { return nil }
func (hashWalker) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	for i := range dst {
		h := uint64(0x9e3779b97f4a7c15)
		for _, w := range pop.Words[i*pop.Rows : (i+1)*pop.Rows] {
			h = (h ^ w) * 0xbf58476d1ce4e5b9
			h ^= h >> 31
		}
		dst[i] = mousemaze.Result{Feasible: true, Escaped: true, Turns: 2 + int64(h%1000)}
	}
	return nil
}

// TestLargeGenerationsReuseStorage runs a ga of generations of four
// chunks for 3 and for 9 generations, the garbage collector off, and
// wants the six generations between them to allocate less than 16 bytes
// a child (4.9 on a quiet machine): the children, their walls and the
// buffers that carry them to the breeders and the evaluator are those of
// the generations before. (A buffer of genomes made for each chunk, as
// there once was, is 40 bytes a child.) It takes the least of four tries.
func TestLargeGenerationsReuseStorage(t *testing.T) {
	p, err := Preset(AlgoGA)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.Seed, p.Pop = 13, 13, 3, 4*breedChunk
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	allocated := func(gens int64) uint64 {
		p.Evals = gens * int64(p.Pop)
		prob, err := NewGridProblem(p, hashWalker{})
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s := runGridEngine(t, p, prob, 2)
		runtime.ReadMemStats(&after)
		if s.Gen() < gens-1 {
			t.Fatalf("%d evaluations: %d generations", p.Evals, s.Gen())
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	// How many evaluation buffers the pool makes depends on how the
	// breeding and the walks overlap in time: on a loaded machine a run
	// may make one more than another (180 KB here, 7.3 bytes a child of
	// the six generations), so the bound leaves room for one and the
	// least of a few tries is taken.
	var msg string
	for range 4 {
		short, long := allocated(3), allocated(9)
		perChild := float64(int64(long)-int64(short)) / float64(6*p.Pop)
		if perChild < 16 {
			return
		}
		msg = fmt.Sprintf("a generation allocates %.1f bytes a child (%d bytes for 3 generations, %d for 9)", perChild, short, long)
	}
	t.Error(msg)
}
