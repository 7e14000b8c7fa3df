package dispatch

import (
	"context"
	"errors"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestEmigrants wants distinct mazes, best first, the first being the
// search's best, each with the turns the reference walk gives.
func TestEmigrants(t *testing.T) {
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			p := testParams(t, v.algo, v.freeEnds)
			s := runToEnd(t, p, refEvaluator(t))
			em := s.Emigrants(5)
			if len(em) == 0 || len(em) > 5 {
				t.Fatalf("%d emigrants, want 1..5", len(em))
			}
			if !same(em[0], s.Best()) || em[0].Turns != s.Best().Turns {
				t.Errorf("first emigrant %+v is not the best %+v", em[0], s.Best())
			}
			seen := map[uint64]bool{}
			for i, ind := range em {
				if i > 0 && ind.Turns > em[i-1].Turns {
					t.Errorf("emigrant %d has %d turns after %d", i, ind.Turns, em[i-1].Turns)
				}
				if seen[ind.hash()] {
					t.Errorf("emigrant %d repeats a maze", i)
				}
				seen[ind.hash()] = true
				cfg := s.BestConfig()
				cfg.Entry, cfg.Exit = ind.Entry, ind.Exit
				res, err := mousemaze.Walk(ind.Maze(p.Rows, p.Cols), cfg)
				if err != nil || res.Turns != ind.Turns {
					t.Errorf("emigrant %d: walk gives %d turns (%v), it says %d", i, res.Turns, err, ind.Turns)
				}
			}
		})
	}
}

// TestImmigrate moves the best maze of a long search into a fresh search
// of every method, after one generation, and wants the fresh search to
// hold it (as its best, and among its populations unless the method keeps
// none), to have walked it once more, and to have re-scored it rather than
// trusting the turns it came with.
func TestImmigrate(t *testing.T) {
	for _, v := range variants() {
		t.Run(v.String(), func(t *testing.T) {
			p := testParams(t, v.algo, v.freeEnds)
			donorP := p
			donorP.Evals, donorP.Seed = 20000, 99
			donor := runToEnd(t, donorP, refEvaluator(t)).Best()

			s, err := New(p, refEvaluator(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			stop := errors.New("stop")
			s.Run(context.Background(), Hooks{Generation: func(*Search) error { return stop }})
			if s.Best().Turns >= donor.Turns {
				t.Skipf("one generation already found %d turns, the donor %d", s.Best().Turns, donor.Turns)
			}
			before := s.Evals()
			lie := donor.clone()
			lie.Turns = 1 << 40 // must not be believed
			n, err := s.Immigrate([]Individual{lie})
			if err != nil || n != 1 {
				t.Fatalf("Immigrate = %d, %v; want 1, nil", n, err)
			}
			if s.Evals() != before+1 {
				t.Errorf("evals %d after immigration, want %d", s.Evals(), before+1)
			}
			if b := s.Best(); !same(b, donor) || b.Turns != donor.Turns {
				t.Errorf("best after immigration has %d turns, want the donor's %d", b.Turns, donor.Turns)
			}
			if v.algo != AlgoRandom {
				held := false
				st := s.State()
				for _, pop := range append([][]Individual{st.Pop, st.Walkers}, st.Islands...) {
					for _, ind := range pop {
						held = held || same(ind, donor) && ind.Turns == donor.Turns
					}
				}
				if !held {
					t.Errorf("the immigrant is in none of the populations")
				}
			}
			// The search goes on from there and ends no worse.
			if err := s.Run(context.Background(), Hooks{}); err != nil {
				t.Fatal(err)
			}
			if s.Best().Turns < donor.Turns {
				t.Errorf("final best %d below the immigrant's %d", s.Best().Turns, donor.Turns)
			}
		})
	}
}

// TestImmigrateRejects lists immigrants a 5x6 search with fixed ends 0, 0
// cannot take; each is an error and nothing is evaluated.
func TestImmigrateRejects(t *testing.T) {
	open := func() Individual { return Individual{Walls: make([]uint64, 5)} }
	wide := open()
	wide.Walls[2] = 1 << 6 // column 6 of a 6-column grid
	ends := open()
	ends.Exit = 3
	shut := open()
	shut.Walls[2] = 0b111111 // a full wall row: no way out
	outside := open()
	outside.Entry = 6
	cases := []struct {
		name string
		ind  Individual
	}{
		{"too few rows", Individual{Walls: make([]uint64, 4)}},
		{"wall beyond the grid", wide},
		{"other ends", ends},
		{"end outside the grid", outside},
		{"infeasible", shut},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := New(testParams(t, AlgoGA, false), refEvaluator(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			n, err := s.Immigrate([]Individual{open(), c.ind})
			if !errors.Is(err, ErrParams) || n != 0 || s.Evals() != 0 {
				t.Errorf("Immigrate = %d, %v with %d evals; want 0, ErrParams, 0", n, err, s.Evals())
			}
		})
	}
}

// TestImmigrateNoBudget wants a finished search to take nothing.
func TestImmigrateNoBudget(t *testing.T) {
	p := testParams(t, AlgoGA, false)
	s := runToEnd(t, p, refEvaluator(t))
	n, err := s.Immigrate([]Individual{{Walls: make([]uint64, 5)}})
	if err != nil || n != 0 || s.Evals() != p.Evals {
		t.Errorf("Immigrate on a spent search = %d, %v, %d evals; want 0, nil, %d", n, err, s.Evals(), p.Evals)
	}
}
