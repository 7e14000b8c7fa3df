package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/backends" // the cpu backend of the reproducibility tests
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

func refEvaluator(t *testing.T) mousemaze.Evaluator {
	t.Helper()
	return evaluator(t, "ref", 0)
}

func evaluator(t *testing.T, name string, workers int) mousemaze.Evaluator {
	t.Helper()
	return mazetest.Open(t, name, mousemaze.Options{Workers: workers})
}

// recorder wraps an evaluator, checks every maze it is given is feasible,
// records the batch sizes and can evaluate a batch in reversed chunks, as
// a parallel backend might, to show the order does not matter.
type recorder struct {
	t       *testing.T
	inner   mousemaze.Evaluator
	reverse bool
	batches []int
}

func (r *recorder) Name() string { return "recorder" }

// Close does nothing: the recorder does not own inner.
func (r *recorder) Close() error { return nil }

func (r *recorder) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	r.batches = append(r.batches, pop.Len())
	for i := 0; i < pop.Len(); i++ {
		if !mousemaze.Feasible(pop.Maze(i), cfg) {
			r.t.Errorf("infeasible maze sent to the evaluator:\n%s", pop.Maze(i))
		}
	}
	if !r.reverse {
		return r.inner.Evaluate(pop, cfg, dst)
	}
	const chunk = 7
	for hi := pop.Len(); hi > 0; hi -= chunk {
		lo := max(hi-chunk, 0)
		if err := r.inner.Evaluate(pop.Slice(lo, hi), cfg, dst[lo:hi]); err != nil {
			return err
		}
	}
	return nil
}

// testParams returns a small search of every method.
func testParams(t *testing.T, algo string, freeEnds bool) Spec {
	t.Helper()
	p, err := Preset(algo)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.Evals, p.Seed, p.FreeEnds = 5, 6, 4000, 7, freeEnds
	switch algo {
	case AlgoMemetic:
		p.Pop, p.Migrate, p.Stagnation = 20, 3, 10 // exercise migration and restarts
	case AlgoRandom:
		p.Pop = 100
	case AlgoILS:
		p.Restarts, p.Polish = 3, 2 // exercise restarts and the polish
		p.Deepen = 0                // the deepen variants test it, at a smaller reach
	case AlgoPipeline:
		p.Stagnation = 5 // reach the EA phase early
	}
	return p
}

type variant struct {
	algo     string
	freeEnds bool
	local    int // Spec.Local (with Reach 2); 0 keeps the preset's
	deepen   int // Spec.Deepen (with DeepenReach 2)
}

// variants returns every method with fixed and free ends, ils and hill
// with a deep neighbourhood (radius 5 within reach 2), and ga and ils
// with a deepening climb after the budget.
func variants() []variant {
	var vs []variant
	for _, a := range Algos {
		vs = append(vs, variant{a, false, 0, 0}, variant{a, true, 0, 0})
	}
	for _, a := range []string{AlgoILS, AlgoHill} {
		vs = append(vs, variant{a, false, 5, 0}, variant{a, true, 5, 0})
	}
	for _, a := range []string{AlgoGA, AlgoILS} {
		vs = append(vs, variant{a, false, 0, 5}, variant{a, true, 0, 5})
	}
	return vs
}

func (v variant) String() string {
	s := fmt.Sprintf("algo=%s/free_ends=%v", v.algo, v.freeEnds)
	if v.local > 0 {
		s += fmt.Sprintf("/local=h%d", v.local)
	}
	if v.deepen > 0 {
		s += fmt.Sprintf("/deepen=%d", v.deepen)
	}
	return s
}

// eachVariant runs f as a subtest for every variant, with the variant's
// test spec.
func eachVariant(t *testing.T, f func(t *testing.T, v variant, p Spec)) {
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			p := testParams(t, v.algo, v.freeEnds)
			if v.local > 0 {
				p.Local, p.Reach = v.local, 2
			}
			if v.deepen > 0 {
				p.Deepen, p.DeepenReach = v.deepen, 2
			}
			f(t, v, p)
		})
	}
}

func runToEnd(t *testing.T, p Spec, ev mousemaze.Evaluator) *Search {
	t.Helper()
	s, err := New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}
	return s
}

func stateJSON(t *testing.T, s *Search) string {
	t.Helper()
	st, err := s.State()
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// walkOf walks genome g of search s with the reference walk.
func walkOf(t *testing.T, s *Search, g Grid) mousemaze.Result {
	t.Helper()
	p := s.Problem().(*GridProblem)
	res, err := mousemaze.Walk(g.Maze(p.Rows, p.Cols), p.ConfigOf(g))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestSearchesAreReproducible runs every method with the reference
// evaluator, with batches evaluated in reversed chunks, and on the cpu
// backend with 1 and 3 workers, and wants the same final state, byte for
// byte. It also checks the budget is spent exactly, only feasible mazes
// are walked, batches hold more than one maze and the best maze's turns
// are what Walk gives.
func TestSearchesAreReproducible(t *testing.T) {
	eachVariant(t, func(t *testing.T, v variant, p Spec) {
		a := &recorder{t: t, inner: refEvaluator(t)}
		sa := runToEnd(t, p, a)
		want := stateJSON(t, sa)
		for name, ev := range map[string]mousemaze.Evaluator{
			"reversed": &recorder{t: t, inner: refEvaluator(t), reverse: true},
			"cpu/1":    evaluator(t, "cpu", 1),
			"cpu/3":    evaluator(t, "cpu", 3),
		} {
			if got := stateJSON(t, runToEnd(t, p, ev)); got != want {
				t.Fatalf("%s: same seed, different states:\n%s\n%s", name, got, want)
			}
		}
		if sa.Evals() != p.Evals {
			t.Errorf("evaluated %d mazes, budget %d", sa.Evals(), p.Evals)
		}
		var walked int64
		for _, n := range a.batches {
			walked += int64(n)
		}
		if walked != p.Evals+sa.PolishEvals() {
			t.Errorf("evaluator walked %d mazes, search counted %d + %d polish", walked, p.Evals, sa.PolishEvals())
		}
		// A climb that ends on the best certifies its radius too.
		if sa.Certified() < p.Polish || p.Polish == 0 && p.Deepen == 0 && sa.PolishEvals() != 0 || p.Deepen > 0 && sa.PolishEvals() == 0 {
			t.Errorf("polish %d: %d polish evaluations, certified radius %d", p.Polish, sa.PolishEvals(), sa.Certified())
		}
		// A climber evaluates its new centre alone.
		if !v.freeEnds && v.algo != AlgoILS && v.algo != AlgoHill {
			for i, n := range a.batches[:len(a.batches)-1] {
				if n < 2 {
					t.Fatalf("batch %d holds %d maze(s)", i, n)
				}
			}
		}
		best := sa.Best()
		res := walkOf(t, sa, best.Genome)
		if res.Turns != best.Score.Turns || best.Score != TurnsScore(res.Turns) {
			t.Fatalf("best maze walks %d turns, search says %+v:\n%s", res.Turns, best.Score, best.Genome.Maze(p.Rows, p.Cols))
		}
		m, cfg := BestMaze(sa)
		if r2, err := mousemaze.Walk(m, cfg); err != nil || r2.Turns != res.Turns {
			t.Errorf("BestMaze walks %d turns (%v), want %d", r2.Turns, err, res.Turns)
		}
		if !v.freeEnds && (best.Genome.Entry != p.Entry || best.Genome.Exit != p.Exit) {
			t.Errorf("fixed ends moved to %d, %d", best.Genome.Entry, best.Genome.Exit)
		}
		if best.Score.Turns < 10 {
			t.Errorf("best %d turns on 5x6 after %d evaluations", best.Score.Turns, p.Evals)
		}
	})
}

// interruptAt runs a search of p until stop says so, round-trips its
// state through JSON and resumes it to the end.
func interruptAt(t *testing.T, p Spec, ev mousemaze.Evaluator, stop func(*Search) bool) *Search {
	t.Helper()
	s, err := New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	err = s.Run(ctx, Hooks{Generation: func(s *Search) error {
		if stop(s) {
			cancel()
		}
		return nil
	}})
	if !errors.Is(err, context.Canceled) || s.Done() {
		t.Fatalf("interrupted run: err %v at generation %d, done %v", err, s.Gen(), s.Done())
	}
	st0, err := s.State()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(st0)
	if err != nil {
		t.Fatal(err)
	}
	var st EngineState[Grid]
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	r, err := Resume(&st, ev)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Run(context.Background(), Hooks{}); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestResumeIsExact interrupts every method after a few generations, in
// the middle of its budget and (where it polishes) in the polish, saves
// its state through JSON, resumes it and wants exactly the final state of
// an uninterrupted run.
func TestResumeIsExact(t *testing.T) {
	eachVariant(t, func(t *testing.T, v variant, p Spec) {
		p.Polish = 2 // every method polishes here
		if v.algo == AlgoILS {
			p.Polish = 3 // its climbs certify radius 2 already
		}
		ev := refEvaluator(t)
		full := runToEnd(t, p, ev)
		want := stateJSON(t, full)
		if full.PolishEvals() < 2 {
			t.Fatalf("the polish made %d evaluations", full.PolishEvals())
		}
		stops := map[string]func(*Search) bool{
			"gen 5":      func(s *Search) bool { return s.Gen() == 5 },
			"mid budget": func(s *Search) bool { return s.Evals() >= p.Evals/2 },
			"polish":     func(s *Search) bool { return s.Polishing() && s.PolishEvals() > 0 },
		}
		for name, stop := range stops {
			if got := stateJSON(t, interruptAt(t, p, ev, stop)); got != want {
				t.Fatalf("stopped at %s: resumed run ends in another state:\n got %s\nwant %s", name, got, want)
			}
		}
	})
}

// TestHooks checks Improved reports strictly increasing bests and that a
// Generation error stops the search and is returned.
func TestHooks(t *testing.T) {
	p := testParams(t, AlgoGA, false)
	s, err := New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	var last Score
	improved := 0
	stop := errors.New("stop")
	err = s.Run(context.Background(), Hooks{
		Improved: func(s *Search) {
			improved++
			if b := s.Best().Score; !b.Better(last) {
				t.Errorf("improved to %v after %v", b, last)
			} else {
				last = b
			}
		},
		Generation: func(s *Search) error {
			if s.Gen() == 3 {
				return stop
			}
			return nil
		},
	})
	if !errors.Is(err, stop) || s.Gen() != 3 {
		t.Fatalf("Run = %v at generation %d, want the hook's error at 3", err, s.Gen())
	}
	if improved == 0 || last != s.Best().Score {
		t.Errorf("%d improvements, last %v, best %v", improved, last, s.Best().Score)
	}
}

// TestInitialMazes starts from given mazes, one of them infeasible (a full
// wall row), which is opened up, and wants the best to be at least the
// best given feasible maze.
func TestInitialMazes(t *testing.T) {
	good, err := mousemaze.Parse(strings.NewReader("..X..\nX....\n...X.\n.X...\n.....\n"), "good")
	if err != nil {
		t.Fatal(err)
	}
	bad := mousemaze.NewMaze(5, 5)
	bad.Walls[2] = mousemaze.RowMask(5)
	ev := refEvaluator(t)
	want, err := mousemaze.Walk(good[0], mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range Algos {
		p, _ := Preset(algo)
		p.Rows, p.Cols, p.Evals, p.Seed = 5, 5, 300, 1
		s, err := New(p, ev, []mousemaze.Maze{good[0], bad})
		if err != nil {
			t.Fatal(err)
		}
		if s.Rejected() < 1 {
			t.Errorf("%s: %d rejected after the initial mazes, want at least 1 (the walled one)", algo, s.Rejected())
		}
		if err := s.Run(context.Background(), Hooks{}); err != nil {
			t.Fatal(err)
		}
		if s.Best().Score.Turns < want.Turns {
			t.Errorf("%s: best %d turns, the initial maze has %d", algo, s.Best().Score.Turns, want.Turns)
		}
	}
	p, _ := Preset(AlgoGA)
	p.Rows, p.Cols, p.Evals = 6, 6, 100
	if _, err := New(p, ev, good); !errors.Is(err, ErrParams) {
		t.Errorf("5x5 initial maze in a 6x6 search: err %v, want ErrParams", err)
	}
}

// TestRepair checks that a repaired child is feasible, has its parent's
// ends and differs from its parent only where it differed before.
func TestRepair(t *testing.T) {
	for _, free := range []bool{false, true} {
		p := testParams(t, AlgoGA, free)
		p.Rows, p.Cols = 8, 9
		s, err := New(p, refEvaluator(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		prob := s.Problem().(*GridProblem)
		rng := rand.New(rand.NewPCG(3, 4))
		repaired := 0
		for i := 0; i < 200; i++ {
			parent := s.randomFeasible()
			child := Grid{Walls: make([]uint64, p.Rows), Entry: rng.IntN(p.Cols), Exit: rng.IntN(p.Cols)}
			if !free {
				child.Entry, child.Exit = p.Entry, p.Exit
			}
			for r := range child.Walls {
				child.Walls[r] = rng.Uint64() & mousemaze.RowMask(p.Cols)
			}
			before := prob.Clone(child)
			before.Entry, before.Exit = parent.Entry, parent.Exit
			prob.openEnds(&before)
			if prob.Feasible(before) {
				continue
			}
			repaired++
			got := prob.Repair(rng, child, parent)
			if !prob.Feasible(got) {
				t.Fatalf("repaired child is infeasible:\n%s", got.Maze(p.Rows, p.Cols))
			}
			if got.Entry != parent.Entry || got.Exit != parent.Exit {
				t.Fatalf("repaired child has ends %d, %d, parent %d, %d", got.Entry, got.Exit, parent.Entry, parent.Exit)
			}
			for r := range got.Walls {
				if d := got.Walls[r] ^ parent.Walls[r]; d&^(before.Walls[r]^parent.Walls[r]) != 0 {
					t.Fatalf("row %d: repair changed cells that agreed with the parent", r)
				}
			}
		}
		if repaired < 50 {
			t.Fatalf("only %d of 200 random children needed repair", repaired)
		}
	}
}

// TestSpecValidate wants every bad parameter refused with ErrParams and a
// message naming its flag and range; the size and rules are the
// problem's, refused by New.
func TestSpecValidate(t *testing.T) {
	base := testParams(t, AlgoMemetic, false)
	if err := base.Validate(); err != nil {
		t.Fatalf("valid spec: %v", err)
	}
	for _, c := range []struct {
		algo string
		edit func(*Spec)
		want string
	}{
		{AlgoMemetic, func(p *Spec) { p.Evals = 0 }, "--evals 0"},
		{AlgoMemetic, func(p *Spec) { p.Pop = 0 }, "--pop 0"},
		{AlgoMemetic, func(p *Spec) { p.Parents = 0 }, "--parents 0: must be in 1..20"},
		{AlgoGA, func(p *Spec) { p.Parents = 200 }, "--parents 200: must be in 1..100"},
		{AlgoGA, func(p *Spec) { p.Elite = 101 }, "--elite 101: must be in 0..100"},
		{AlgoMemetic, func(p *Spec) { p.Density = 1 }, "--density 1: must be in [0, 1)"},
		{AlgoILS, func(p *Spec) { p.Cap = 1 }, "--cap 1: a search needs no cap (0) or a cap of 2 or more"},
		{AlgoGA, func(p *Spec) { p.Mutation = -1 }, "--mutation -1"},
		{AlgoGA, func(p *Spec) { p.Crossover = "foo" }, `--crossover "foo": must be uniform, none or (ils) relink`},
		{AlgoILS, func(p *Spec) { p.Improve = "worst" }, `--improve "worst": must be first or best`},
		{AlgoILS, func(p *Spec) { p.Local = 9 }, "--local h9: must be h1 to h8 (h4 and above need --reach)"},
		{AlgoILS, func(p *Spec) { p.Local, p.Reach = 4, 0 }, "--local h4: must be h1 to h8 (h4 and above need --reach)"},
		{AlgoMemetic, func(p *Spec) { p.Local = 0 }, "--local h0"},
		{AlgoILS, func(p *Spec) { p.Kick = 0 }, "--kick 0: must be at least 1"},
		{AlgoILS, func(p *Spec) { p.Restarts = -1 }, "--restarts -1"},
		{AlgoILS, func(p *Spec) { p.Sideways = -1 }, "--sideways -1"},
		{AlgoGA, func(p *Spec) { p.Polish = 4 }, "--polish 4: must be 0, 1, 2 or 3"},
		{AlgoPipeline, func(p *Spec) { p.Stagnation = 0 }, "--stagnation 0"},
		{AlgoMemetic, func(p *Spec) { p.Islands = 0 }, "--islands"},
		{AlgoAnneal, func(p *Spec) { p.Temp = -1 }, "--temp -1"},
		{"tabu", func(p *Spec) {}, `unknown search method "tabu"`},
	} {
		p := testParams(t, AlgoGA, false)
		if c.algo != "tabu" {
			p = testParams(t, c.algo, false)
		} else {
			p.Algo = c.algo
		}
		c.edit(&p)
		err := p.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want an error containing %q", c.want, err, c.want)
		}
		if _, err := New(p, refEvaluator(t), nil); err == nil {
			t.Errorf("%s: New accepts it", c.want)
		}
	}
	for name, edit := range map[string]func(*Spec){
		"size":     func(p *Spec) { p.Rows = 0 },
		"entry":    func(p *Spec) { p.Entry = 6 },
		"order":    func(p *Spec) { p.Order = "DDLU" },
		"trap":     func(p *Spec) { p.Objective = ObjTrap },
		"max-cell": func(p *Spec) { p.Objective, p.K = ObjMaxCell, 2 },
		"longest":  func(p *Spec) { p.Objective = "longest" },
	} {
		p := base
		edit(&p)
		if _, err := New(p, refEvaluator(t), nil); !errors.Is(err, ErrParams) {
			t.Errorf("%s: New = %v, want ErrParams", name, err)
		}
	}
	p := base
	p.Version = 0
	if err := p.Validate(); !errors.Is(err, ErrOldSpec) {
		t.Errorf("version 0: %v, want ErrOldSpec", err)
	}
	var st EngineState[Grid]
	st.Spec = p
	if _, err := Resume(&st, refEvaluator(t)); !errors.Is(err, ErrOldSpec) {
		t.Errorf("Resume of a version-0 state: %v, want ErrOldSpec", err)
	}
}

// noGeometry hides the grid problem's Distance.
type noGeometry struct{ Problem[Grid] }

// TestDeepen runs ga briefly with a deepening climb (radius 4, reach 1)
// on 5×6 and wants the best to end above the budget's best, the climb's
// evaluations counted apart, and no maze within radius 4 of the best
// whose changed cells lie pairwise within distance 1 to be better (brute
// force). A problem without distances refuses --deepen.
func TestDeepen(t *testing.T) {
	p := testParams(t, AlgoGA, false)
	p.Evals, p.Deepen, p.DeepenReach = 200, 4, 1
	s, err := New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	var atBudget Score
	err = s.Run(context.Background(), Hooks{Generation: func(s *Search) error {
		if s.Evals() < p.Evals {
			atBudget = s.Best().Score
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	best := s.Best()
	if !best.Score.Better(atBudget) || s.PolishEvals() == 0 || s.Evals() != p.Evals || s.Certified() != 0 {
		t.Fatalf("best %v after the budget's %v, %d deepening evaluations, %d in the budget, certified %d",
			best.Score, atBudget, s.PolishEvals(), s.Evals(), s.Certified())
	}
	prob := s.Problem().(*GridProblem)
	var cells [][2]int
	for r := range p.Rows {
		for c := range p.Cols {
			if !(r == 0 && c == p.Entry) && !(r == p.Rows-1 && c == p.Exit) {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	checked := 0
	var try func(from int, set [][2]int)
	try = func(from int, set [][2]int) {
		if len(set) > 0 {
			g := prob.Clone(best.Genome)
			for _, x := range set {
				g.Walls[x[0]] ^= 1 << uint(x[1])
			}
			if prob.Feasible(g) {
				checked++
				if res := walkOf(t, s, g); TurnsScore(res.Turns).Better(best.Score) {
					t.Fatalf("flipping %v gives %d turns, above the deepened best %v", set, res.Turns, best.Score)
				}
			}
		}
		if len(set) == p.Deepen {
			return
		}
		for k := from; k < len(cells); k++ {
			ok := true
			for _, x := range set {
				ok = ok && max(abs(x[0]-cells[k][0]), abs(x[1]-cells[k][1])) <= p.DeepenReach
			}
			if ok {
				try(k+1, append(set, cells[k]))
			}
		}
	}
	try(0, nil)
	if checked < 100 {
		t.Fatalf("only %d neighbours checked", checked)
	}
	prob2, err := NewGridProblem(p, refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewEngine[Grid](p, noGeometry{prob2}, nil); !errors.Is(err, ErrParams) || !strings.Contains(err.Error(), "--deepen") {
		t.Fatalf("--deepen on a problem without distances: %v", err)
	}
	p.Deepen, p.Reach = 0, 2
	if _, err := NewEngine[Grid](p, noGeometry{prob2}, nil); !errors.Is(err, ErrParams) || !strings.Contains(err.Error(), "--reach needs") {
		t.Fatalf("--reach on a problem without distances: %v", err)
	}
	if pre, _ := PresetFor(ProblemViennese, AlgoILS); pre.Reach != 0 || pre.Deepen != 0 {
		t.Fatalf("the Viennese ils preset keeps reach %d, deepen %d", pre.Reach, pre.Deepen)
	}
}

// TestILSArchive runs ils on 6x6 with archives of 3 and of the default
// size and wants each archive filled to its bound (ils meets more distinct
// local optima than that here) and never past it, and the two searches to
// differ (the archive is what half the kicks cross home with).
func TestILSArchive(t *testing.T) {
	ev := refEvaluator(t)
	run := func(archive int) *EngineState[Grid] {
		p, err := Preset(AlgoILS)
		if err != nil {
			t.Fatal(err)
		}
		p.Rows, p.Cols, p.Evals, p.Seed, p.Deepen, p.Archive = 6, 6, 60000, 5, 0, archive
		st, err := runToEnd(t, p, ev).State()
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	small, def := run(3), run(0)
	if len(small.Pop) != 3 || len(def.Pop) != DefaultArchive {
		t.Errorf("archives of %d and %d local optima, want 3 and %d", len(small.Pop), len(def.Pop), DefaultArchive)
	}
	if small.Gen == def.Gen && small.Rejected == def.Rejected {
		t.Errorf("the same search with an archive of 3 as of %d (%d generations, %d rejected)", DefaultArchive, def.Gen, def.Rejected)
	}
}
