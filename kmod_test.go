package mousemaze

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// naiveMod walks m under cfg.K > 0 the slow, obvious way: it keeps every
// state it has seen in a map, keyed by the full state written out, and
// stops at the first repeat or at the exit. It shares no code with the
// graph walk. It returns turns, escaped, cycle start and length.
func naiveMod(m Maze, cfg Config) (turns int64, escaped bool, start, length int64) {
	order := cfg.Order.Resolve()
	k := cfg.K
	cnt := make([]int, m.Rows*m.Cols)
	r, c := 0, cfg.Entry
	cnt[c] = 1 % k
	seen := map[string]int64{}
	key := func() string { return fmt.Sprint(r, c, cnt) }
	for t := int64(1); ; t++ {
		if first, ok := seen[key()]; ok {
			return t, false, first, t - first
		}
		seen[key()] = t
		best, bestCnt, toExit := Dir(0), 1<<62, false
		for _, d := range order {
			dr, dc := d.Delta()
			nr, nc := r+dr, c+dc
			switch {
			case nr == m.Rows && c == cfg.Exit:
				if 0 < bestCnt {
					best, bestCnt, toExit = d, 0, true
				}
			case nr < 0 || nr >= m.Rows || nc < 0 || nc >= m.Cols || m.Wall(nr, nc):
			default:
				if v := cnt[nr*m.Cols+nc]; v < bestCnt {
					best, bestCnt, toExit = d, v, false
				}
			}
		}
		if toExit {
			return t + 1, true, 0, 0
		}
		dr, dc := best.Delta()
		r, c = r+dr, c+dc
		cnt[r*m.Cols+c] = (cnt[r*m.Cols+c] + 1) % k
	}
}

func TestWalkModMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	trapped := 0
	for i := 0; i < 600; i++ {
		rows, cols := 1+rng.IntN(5), 1+rng.IntN(5)
		cfg := Config{K: 1 + rng.IntN(6), Entry: rng.IntN(cols), Exit: rng.IntN(cols)}
		if rng.IntN(3) == 0 {
			cfg.Order = Order{Up, Left, Down, Right}
		}
		m := RandomFeasible(rng, rows, cols, 0.3, cfg)
		got, err := Walk(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		turns, esc, start, length := naiveMod(m, cfg)
		want := Result{Feasible: true, Turns: turns, Escaped: esc, Trapped: !esc, CycleStart: start, CycleLen: length}
		got.TrapTurn = 0
		if !got.Same(want) {
			t.Fatalf("k=%d entry %d exit %d order %v:\n%sgot %+v, want %+v", cfg.K, cfg.Entry, cfg.Exit, cfg.Order, m, got, want)
		}
		if !esc {
			trapped++
		}
	}
	if trapped < 50 {
		t.Errorf("only %d of 600 random walks trapped: the test is too weak", trapped)
	}
}

func TestWalkModCap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 300; i++ {
		cfg := Config{K: 2 + rng.IntN(4)}
		m := RandomFeasible(rng, 4, 4, 0.3, cfg)
		full, err := Walk(m, Config{K: cfg.K, Heat: true})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Cap = 1 + rng.Int64N(full.Turns+3)
		cfg.Heat = true
		got, err := Walk(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Cap >= full.Turns {
			if !got.Same(full) {
				t.Fatalf("cap %d ≥ %d turns changed the result:\n%s%+v\n%+v", cfg.Cap, full.Turns, m, got, full)
			}
			continue
		}
		if got.Turns != cfg.Cap || got.Escaped || got.Trapped {
			t.Fatalf("cap %d < %d turns: got %+v", cfg.Cap, full.Turns, got)
		}
		// The heat map is the state after Cap turns.
		var heat []uint32
		a := gridAdjacency(m, cfg)
		s := a.replay(uint64(cfg.K), cfg.Cap, nil)
		for i := range got.Heat {
			heat = append(heat, uint32(s.cnt[i]))
		}
		if fmt.Sprint(heat) != fmt.Sprint(got.Heat) {
			t.Fatalf("capped heat %v, want %v", got.Heat, heat)
		}
	}
}

func TestWalkModTrace(t *testing.T) {
	// A 1-mod mouse always takes his first choice: on the open 2×2 board
	// with order DRLU he goes down to (1,0) and out.
	m := NewMaze(2, 2)
	var steps []string
	res, err := Trace(m, Config{K: 1}, func(turn int64, r, c int) { steps = append(steps, fmt.Sprint(turn, r, c)) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Turns != 3 || !res.Escaped || fmt.Sprint(steps) != "[1 0 0 2 1 0 3 2 0]" {
		t.Fatalf("got %+v, steps %v", res, steps)
	}
	// With order RDLU and the exit in column 1: (0,0) → R (0,1) → D (1,1)
	// → D exit.
	res, err = Walk(m, Config{K: 1, Order: Order{Right, Down, Left, Up}, Exit: 1})
	if err != nil || res.Turns != 4 || !res.Escaped {
		t.Fatalf("got %+v, %v", res, err)
	}
	// Order RULD, exit column 0: (0,0) → R (0,1) → L (0,0) (right and up
	// lead nowhere) → R … The state after turn 1 recurs after turn 3, and
	// {(1,0)}, the exit's only neighbour, is a mousetrap from turn 1 (a
	// 1-mod count is always 0 = k−1, and at (0,0) he prefers (0,1)).
	res, err = Walk(m, Config{K: 1, Order: Order{Right, Up, Left, Down}})
	if err != nil {
		t.Fatal(err)
	}
	want := Result{Feasible: true, Turns: 3, Trapped: true, CycleStart: 1, CycleLen: 2, TrapTurn: 1}
	if !res.Same(want) {
		t.Fatalf("got %+v, want %+v", res, want)
	}
}

func TestConfigK(t *testing.T) {
	for _, k := range []int{-1, maxK + 1} {
		if err := (Config{K: k}).Validate(3); err == nil {
			t.Errorf("K = %d accepted", k)
		}
	}
	if _, err := Walk(NewMaze(2, 2), Config{K: -1}); err == nil {
		t.Error("Walk accepted K = -1")
	}
	// An infeasible maze stays unwalked under a modulus.
	m := NewMaze(2, 2)
	m.SetWall(1, 0, true)
	m.SetWall(0, 1, true)
	res, err := Walk(m, Config{K: 2})
	if err != nil || res.Feasible || res.Turns != 0 || res.Trapped {
		t.Fatalf("got %+v, %v", res, err)
	}
}

// fakeEvaluator stands for a backend that counts exactly only.
type fakeEvaluator struct{ refEvaluator }

func (fakeEvaluator) Name() string { return "exactonly" }

func TestForConfig(t *testing.T) {
	var fake Evaluator = fakeEvaluator{}
	if ForConfig(fake, Config{}) != fake {
		t.Error("exact counting changed the backend")
	}
	if got := ForConfig(fake, Config{K: 2}); got.Name() != "ref" {
		t.Errorf("k=2 on an exact-only backend: got %s, want ref", got.Name())
	}
	ref := refEvaluator{}
	if got := ForConfig(ref, Config{K: 2}); got != Evaluator(ref) {
		t.Errorf("k=2 on ref: got %s", got.Name())
	}
}
