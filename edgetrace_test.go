package mousemaze

import (
	"math/rand/v2"
	"testing"
)

// TestTraceEdgesMatchesWalkEdges wants TraceEdges to give WalkEdges's
// result on random boards under every order and random ends, and its
// steps to be moves through open edges whose count equals the turns and
// whose cells add up to the heat map.
func TestTraceEdgesMatchesWalkEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var boards []EdgeMaze
	var cfgs []Config
	for i := 0; i < 3000; i++ {
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
		boards = append(boards, RandomEdges(rng, rows, cols, rng.Float64()*0.6))
		cfg := Config{Order: RandomOrder(rng), Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: true}
		if i%10 == 0 {
			cfg.Cap = int64(1 + rng.IntN(40))
		}
		cfgs = append(cfgs, cfg)
	}
	best := readEdgesFile(t, "testdata/mm2-13x13-best.txt")
	record := readEdgesFile(t, "testdata/mm2-13x13-record.txt")
	boards = append(boards, best[0], record[0])
	cfgs = append(cfgs, Config{Heat: true}, Config{Heat: true})
	for i, m := range boards {
		cfg := cfgs[i]
		want, err := WalkEdges(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		heat := make([]uint32, m.Rows*m.Cols)
		var steps int64
		pr, pc := -1, -1
		got, err := TraceEdges(m, cfg, func(turn int64, r, c int) {
			steps++
			if turn != steps {
				t.Fatalf("board %d: step %d reported as turn %d", i, steps, turn)
			}
			if pr >= 0 {
				d := -1
				switch {
				case r == pr+1 && c == pc:
					d = int(Down)
				case r == pr-1 && c == pc:
					d = int(Up)
				case r == pr && c == pc+1:
					d = int(Right)
				case r == pr && c == pc-1:
					d = int(Left)
				}
				_, exit, ok := edgeMove(m, cfg, pr, pc, Dir(d))
				if d < 0 || !ok || exit != (r == m.Rows) {
					t.Fatalf("board %d: step %d from (%d,%d) to (%d,%d) is not a move through an open edge", i, steps, pr, pc, r, c)
				}
			}
			if r < m.Rows {
				heat[r*m.Cols+c]++
			}
			pr, pc = r, c
		})
		if err != nil {
			t.Fatal(err)
		}
		if !got.Same(want) || got.Turns != want.Turns {
			t.Fatalf("board %d: TraceEdges %+v, WalkEdges %+v\n%s", i, got, want, m.Format(cfg.Entry, cfg.Exit))
		}
		if want.Feasible && steps != want.Turns {
			t.Fatalf("board %d: %d steps for %d turns", i, steps, want.Turns)
		}
		for j := range heat {
			if want.Feasible && heat[j] != want.Heat[j] {
				t.Fatalf("board %d: traced heat of cell %d is %d, WalkEdges's %d", i, j, heat[j], want.Heat[j])
			}
		}
	}
	if res, _ := WalkEdges(best[0], Config{}); res.Turns != 75780 {
		t.Errorf("the gallery's 13x13 board walks %d turns, want 75780", res.Turns)
	}
	if res, _ := WalkEdges(record[0], Config{}); res.Turns != 170166 || !res.Escaped {
		t.Errorf("the 13x13 record board walks %d turns (escaped %v), want 170166", res.Turns, res.Escaped)
	}
}
