package dispatch

import (
	"context"
	"errors"
	"testing"
)

// TestEmigrants wants distinct mazes, best first, the first being the
// search's best, each with the turns the reference walk gives.
func TestEmigrants(t *testing.T) {
	eachVariant(t, func(t *testing.T, v variant, p Spec) {
		s := runToEnd(t, p, refEvaluator(t))
		prob := s.Problem().(*GridProblem)
		em, err := s.Emigrants(5)
		if err != nil {
			t.Fatal(err)
		}
		if len(em) == 0 || len(em) > 5 {
			t.Fatalf("%d emigrants, want 1..5", len(em))
		}
		if !prob.Equal(em[0].Genome, s.Best().Genome) || em[0].Score != s.Best().Score {
			t.Errorf("first emigrant %+v is not the best %+v", em[0], s.Best())
		}
		seen := map[uint64]bool{}
		for i, ind := range em {
			if i > 0 && ind.Score.Better(em[i-1].Score) {
				t.Errorf("emigrant %d scores %v after %v", i, ind.Score, em[i-1].Score)
			}
			if h := prob.Hash(ind.Genome); seen[h] {
				t.Errorf("emigrant %d repeats a maze", i)
			} else {
				seen[h] = true
			}
			if res := walkOf(t, s, ind.Genome); res.Turns != ind.Score.Turns {
				t.Errorf("emigrant %d: walk gives %d turns, it says %d", i, res.Turns, ind.Score.Turns)
			}
		}
	})
}

// TestImmigrate moves the best maze of a long search into a fresh search
// of every method, after one generation, and wants the fresh search to
// hold it (as its best, and among its populations unless the method keeps
// none), to have walked it once more, and to end no worse.
func TestImmigrate(t *testing.T) {
	eachVariant(t, func(t *testing.T, v variant, p Spec) {
		donorP := p
		donorP.Evals, donorP.Seed = 20000, 99
		donor := runToEnd(t, donorP, refEvaluator(t)).Best()

		s, err := New(p, refEvaluator(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		prob := s.Problem().(*GridProblem)
		stop := errors.New("stop")
		if err := s.Run(context.Background(), Hooks{Generation: func(*Search) error { return stop }}); !errors.Is(err, stop) {
			t.Fatal(err)
		}
		if !donor.Score.Better(s.Best().Score) {
			t.Skipf("one generation already found %v, the donor %v", s.Best().Score, donor.Score)
		}
		before := s.Evals()
		n, err := s.Immigrate([]Grid{donor.Genome})
		if err != nil || n != 1 {
			t.Fatalf("Immigrate = %d, %v; want 1, nil", n, err)
		}
		if s.Evals() != before+1 {
			t.Errorf("evals %d after immigration, want %d", s.Evals(), before+1)
		}
		if b := s.Best(); !prob.Equal(b.Genome, donor.Genome) || b.Score != donor.Score {
			t.Errorf("best after immigration scores %v, want the donor's %v", b.Score, donor.Score)
		}
		if v.algo != AlgoRandom {
			held := false
			st, err := s.State()
			if err != nil {
				t.Fatal(err)
			}
			pops := append([][]Member[Grid]{st.Pop, st.Walkers}, st.Islands...)
			for _, c := range st.Climbs {
				pops = append(pops, []Member[Grid]{c.Center})
			}
			for _, pop := range pops {
				for _, ind := range pop {
					held = held || prob.Equal(ind.Genome, donor.Genome) && ind.Score == donor.Score
				}
			}
			if !held {
				t.Errorf("the immigrant is in none of the populations")
			}
		}
		if err := s.Run(context.Background(), Hooks{}); err != nil {
			t.Fatal(err)
		}
		if donor.Score.Better(s.Best().Score) {
			t.Errorf("final best %v below the immigrant's %v", s.Best().Score, donor.Score)
		}
	})
}

// TestImmigrateRejects lists immigrants a 5x6 search with fixed ends 0, 0
// cannot take; each is an error and nothing is evaluated.
func TestImmigrateRejects(t *testing.T) {
	open := func() Grid { return Grid{Walls: make([]uint64, 5)} }
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
		g    Grid
	}{
		{"too few rows", Grid{Walls: make([]uint64, 4)}},
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
			n, err := s.Immigrate([]Grid{open(), c.g})
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
	n, err := s.Immigrate([]Grid{{Walls: make([]uint64, 5)}})
	if err != nil || n != 0 || s.Evals() != p.Evals {
		t.Errorf("Immigrate on a spent search = %d, %v, %d evals; want 0, nil, %d", n, err, s.Evals(), p.Evals)
	}
}
