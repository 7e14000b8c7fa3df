package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// savedState runs a small search of p until half its budget is spent and
// returns its state as a checkpoint holds it (through JSON).
func savedState(t *testing.T, p Spec) []byte {
	t.Helper()
	s, err := New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	err = s.Run(ctx, Hooks{Generation: func(s *Search) error {
		if s.Evals() >= p.Evals/2 {
			cancel()
		}
		return nil
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the search was not interrupted: %v", err)
	}
	st, err := s.State()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// resumeSpec is the small search of method algo whose state the tests of
// resume break: 4x5, fixed ends, a budget of 3000.
func resumeSpec(t *testing.T, algo string) Spec {
	t.Helper()
	p, err := Preset(algo)
	if err != nil {
		t.Fatal(err)
	}
	p.Rows, p.Cols, p.Evals, p.Seed = 4, 5, 3000, 3
	switch algo {
	case AlgoMemetic:
		p.Pop = 20
	case AlgoILS:
		p.Restarts = 2
	}
	return p
}

// TestResumeRefusesBadState breaks one thing in a saved state of each
// method, as a damaged or hand-edited checkpoint would, and wants Resume
// to refuse it with an error wrapping ErrState that says what is wrong,
// never a panic; the unbroken state resumes and ends as an uninterrupted
// search does.
func TestResumeRefusesBadState(t *testing.T) {
	type state = EngineState[Grid]
	ones := func(n int) []uint64 {
		w := make([]uint64, n)
		for i := range w {
			w[i] = 1<<5 - 1
		}
		return w
	}
	cases := []struct {
		algo, name string
		edit       func(st *state)
		msg        string // "" for a state that resumes
	}{
		{AlgoMemetic, "unchanged", func(*state) {}, ""},
		{AlgoGA, "unchanged", func(*state) {}, ""},
		{AlgoILS, "unchanged", func(*state) {}, ""},
		{AlgoHill, "unchanged", func(*state) {}, ""},
		{AlgoAnneal, "unchanged", func(*state) {}, ""},
		{AlgoPipeline, "unchanged", func(*state) {}, ""},
		{AlgoRandom, "unchanged", func(*state) {}, ""},

		{AlgoMemetic, "island_best empty", func(st *state) { st.IslandBest = nil }, "island_best holds 0 scores for 8 islands"},
		{AlgoMemetic, "stale too short", func(st *state) { st.Stale = []int64{-1} }, "stale holds 1 counts for 8 islands"},
		{AlgoMemetic, "stale negative", func(st *state) { st.Stale[3] = -1 }, "stale[3] is -1"},
		{AlgoMemetic, "an island lost", func(st *state) { st.Islands = st.Islands[:7] }, "islands holds 7 islands; the search has 8"},
		{AlgoMemetic, "an empty island", func(st *state) { st.Islands[2] = nil }, "islands[2] holds 0 members"},
		{AlgoMemetic, "walls beyond the grid", func(st *state) { st.Islands[0][0].Genome.Walls = []uint64{99999, 99999, 99999, 99999} }, "islands[0][0]: row 0 has walls beyond column 4"},
		{AlgoMemetic, "the climb's island", func(st *state) {
			st.Climbs = []*Climb[Grid]{{Center: st.Best, Radius: 1, Max: 1, Improve: ImproveBest, Island: 8}}
		}, "climbs[0].island is 8; the search has islands 0 to 7"},
		{AlgoMemetic, "best without walls", func(st *state) { st.Best.Genome.Walls = nil }, "best: the maze has 0 rows, not the 4 of the search's 4x5 grid"},
		{AlgoMemetic, "best all walls", func(st *state) { st.Best.Genome.Walls = ones(4) }, "best: the maze is infeasible"},
		{AlgoMemetic, "best of 70 rows", func(st *state) { st.Best.Genome.Walls = make([]uint64, 70) }, "best: the maze has 70 rows"},
		{AlgoMemetic, "best's entry off the grid", func(st *state) { st.Best.Genome.Entry = 50 }, "best: entry column 50 outside 0..4"},
		{AlgoMemetic, "best's entry moved", func(st *state) { st.Best.Genome.Entry = 1 }, "where the search fixes 0 and 0"},
		{AlgoMemetic, "best's turns", func(st *state) { st.Best.Score.Turns, st.Best.Score.Value = 1e9, 1e9 }, "not the 1000000000 it records"},
		{AlgoMemetic, "best unscored", func(st *state) { st.Best.Scored, st.Certified = false, 0 }, "best is not scored, yet holds a maze"},
		{AlgoMemetic, "best's score infeasible", func(st *state) { st.Best.Score = Infeasible }, "best: the maze is marked scored with an infeasible score"},
		{AlgoMemetic, "evals beyond the budget", func(st *state) { st.Evals = 1e15 }, "evals is 1000000000000000, above the budget of 3000"},
		{AlgoMemetic, "negative evals", func(st *state) { st.Evals = -1 }, "evals is -1"},
		{AlgoMemetic, "negative rejected", func(st *state) { st.Rejected = -5 }, "rejected is -5"},
		{AlgoMemetic, "negative gen", func(st *state) { st.Gen = -1 }, "gen is -1"},
		{AlgoMemetic, "best after the last evaluation", func(st *state) { st.BestEvals = st.Evals + 1 }, "best_evals is"},
		{AlgoMemetic, "a false certificate", func(st *state) { st.Certified = 50 }, "local_optimum_radius is 50"},
		{AlgoMemetic, "rng", func(st *state) { st.RNG = []byte{1, 2, 3} }, "rng: not a random state"},

		{AlgoGA, "walls beyond the grid", func(st *state) { st.Pop[0].Genome.Walls = []uint64{99999, 99999, 99999, 99999} }, "pop[0]: row 0 has walls beyond column 4"},
		{AlgoGA, "no generation", func(st *state) { st.Pop = nil }, "pop holds 0 entries"},
		{AlgoPipeline, "phase", func(st *state) { st.Phase = 7 }, "phase is 7"},

		{AlgoILS, "no climb", func(st *state) { st.Climbs = nil }, "climbs holds 0 entries; ils runs one climb"},
		{AlgoILS, "a null climb", func(st *state) { st.Climbs[0] = nil }, "climbs[0] is null"},
		{AlgoILS, "centre without walls", func(st *state) { st.Climbs[0].Center.Genome.Walls = nil }, "climbs[0].center: the maze has 0 rows"},
		{AlgoILS, "radius 0", func(st *state) { st.Climbs[0].Radius = 0 }, "climbs[0].radius is 0"},
		{AlgoILS, "radius beyond max", func(st *state) { st.Climbs[0].Radius = 9 }, "climbs[0].radius is 9"},
		{AlgoILS, "negative position", func(st *state) { st.Climbs[0].Pos = -2 }, "climbs[0].pos is -2"},
		{AlgoILS, "improve rule", func(st *state) { st.Climbs[0].Improve = "sideways" }, `climbs[0].improve is "sideways"`},
		{AlgoILS, "centre's turns", func(st *state) {
			st.Climbs[0].Center = st.Best
			st.Climbs[0].Center.Score.Turns++
		}, "climbs[0].center: the maze walks"},
		{AlgoILS, "home's turns", func(st *state) {
			h := st.Best
			h.Score.Turns, h.Score.Value = 3, 3
			st.Home = &h
		}, "home: the maze walks"},
		{AlgoILS, "negative fails", func(st *state) { st.Fails = -1 }, "fails is -1"},
		{AlgoILS, "archive overfull", func(st *state) {
			for len(st.Pop) <= DefaultArchive {
				st.Pop = append(st.Pop, st.Best)
			}
		}, "ils archives at most 16 local optima (--archive)"},
		{AlgoILS, "archive over --archive", func(st *state) {
			st.Spec.Archive = 2
			for len(st.Pop) <= 2 {
				st.Pop = append(st.Pop, st.Best)
			}
		}, "ils archives at most 2 local optima (--archive)"},
		{AlgoHill, "no climbers", func(st *state) { st.Climbs = nil }, "climbs holds 0 entries; hill runs 1 to"},
		{AlgoAnneal, "no chains", func(st *state) { st.Walkers = nil }, "walkers holds 0 entries; sa runs 1 to"},
		{AlgoAnneal, "walker's ends", func(st *state) { st.Walkers[1].Genome.Exit = -1 }, "walkers[1]: exit column -1 outside 0..4"},
	}
	saved := map[string][]byte{}
	for _, c := range cases {
		t.Run(c.algo+"/"+c.name, func(t *testing.T) {
			p := resumeSpec(t, c.algo)
			data, ok := saved[c.algo]
			if !ok {
				data = savedState(t, p)
				saved[c.algo] = data
			}
			var st EngineState[Grid]
			if err := json.Unmarshal(data, &st); err != nil {
				t.Fatal(err)
			}
			c.edit(&st)
			s, err := Resume(&st, refEvaluator(t))
			if c.msg != "" {
				if !errors.Is(err, ErrState) || !strings.Contains(err.Error(), c.msg) {
					t.Fatalf("Resume = %v, want an ErrState with %q", err, c.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Run(context.Background(), Hooks{}); err != nil {
				t.Fatal(err)
			}
			if got, want := stateJSON(t, s), stateJSON(t, runToEnd(t, p, refEvaluator(t))); got != want {
				t.Errorf("resumed:\n%s\nwant, as never stopped:\n%s", got, want)
			}
		})
	}
}

// TestResumeRefusesBadBoard breaks a saved state of an edge-board search:
// the check is the engine's, for every problem.
func TestResumeRefusesBadBoard(t *testing.T) {
	p := resumeSpec(t, AlgoILS)
	p.Problem = ProblemEdges
	prob, err := NewEdgeProblem(p, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewEngine(p, prob, nil)
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	if err := s.Run(context.Background(), EngineHooks[mousemaze.EdgeMaze]{Generation: func(s *EdgeSearch) error {
		if s.Evals() >= 500 {
			return stop
		}
		return nil
	}}); !errors.Is(err, stop) {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(st *EngineState[mousemaze.EdgeMaze])
		msg  string
	}{
		{"unchanged", func(*EngineState[mousemaze.EdgeMaze]) {}, ""},
		{"best of another size", func(st *EngineState[mousemaze.EdgeMaze]) { st.Best.Genome = mousemaze.NewEdgeMaze(3, 3) }, "best: board is 3x3, search is 4x5"},
		{"best's turns", func(st *EngineState[mousemaze.EdgeMaze]) { st.Best.Score.Turns += 10 }, "the best board walks"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := s.State()
			if err != nil {
				t.Fatal(err)
			}
			c.edit(st)
			_, err = ResumeEngine(st, prob)
			if c.msg == "" && err != nil || c.msg != "" && (!errors.Is(err, ErrState) || !strings.Contains(err.Error(), c.msg)) {
				t.Errorf("ResumeEngine = %v, want %q", err, c.msg)
			}
		})
	}
}

// TestResumeRaisedBudgetInPolish saves a search in its deepening climb
// and resumes it with a larger budget: the search goes on to the new
// budget and then deepens and polishes, where it used to count its
// evaluations as the polish's and never end.
func TestResumeRaisedBudgetInPolish(t *testing.T) {
	p := resumeSpec(t, AlgoILS)
	p.Evals, p.Polish, p.Deepen, p.DeepenReach = 500, 2, 3, 2
	s, err := New(p, refEvaluator(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	err = s.Run(context.Background(), Hooks{Generation: func(s *Search) error {
		if s.PolishEvals() > 0 {
			return stop
		}
		return nil
	}})
	if !errors.Is(err, stop) {
		t.Fatal(err)
	}
	st, err := s.State()
	if err != nil {
		t.Fatal(err)
	}
	if st.Deepen == nil {
		t.Fatal("the search stopped outside its deepening")
	}
	st.Spec.Evals = 1500
	r, err := Resume(st, refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := r.Run(ctx, Hooks{}); err != nil {
		t.Fatal(err)
	}
	if r.Evals() != 1500 || r.Certified() < 2 {
		t.Errorf("%d evaluations, certified radius %d; want 1500 and 2", r.Evals(), r.Certified())
	}
}
