package classic

import "testing"

// The trap objective on Figure 15's maze from cell 5 to cell 9: the right
// hand facing east reaches 9 in 2 moves, the left hand loops (score 1),
// the switching left walk needs 8, Trémaux 16; cutting 6 from 9 leaves
// the goal unreachable (score 0).
func TestWalkerScore(t *testing.T) {
	m := loadBoard(t, "fig15.txt").EdgeMaze
	for walker, want := range map[string]int64{AlgoRight: 2, AlgoLeft: 1, AlgoSwitchLeft: 8, AlgoTremaux: 16} {
		score, err := WalkerScore(walker, cellOf(5), cellOf(9))
		if err != nil {
			t.Fatal(err)
		}
		if got := score(m); got != want {
			t.Errorf("%s: score %d, want %d", walker, got, want)
		}
	}
	cut := m.Clone()
	cut.Down[1] |= 1 << 2 // wall between cells 6 and 9
	score, _ := WalkerScore(AlgoTremaux, cellOf(5), cellOf(9))
	if got := score(cut); got != 0 {
		t.Errorf("cut board: score %d, want 0", got)
	}
	if _, err := WalkerScore(AlgoRandom, 0, 1); err == nil {
		t.Error("the random walk accepted as a trap walker")
	}
}

// The record boards in testdata keep their scores (see the README's
// "Classic mazes" section for the commands that found them).
func TestTrapRecords(t *testing.T) {
	records := []struct {
		file, walker string
		steps        int64
	}{
		{"trap-left-8x8.txt", "left", 112},
		{"trap-right-8x8.txt", "right", 112},
		{"trap-switch-left-8x8.txt", "switch-left", 112},
		{"trap-switch-right-8x8.txt", "switch-right", 112},
		{"trap-lru-8x8.txt", "lru", 1568},
		{"trap-tremaux-8x8.txt", "tremaux", 204},
		{"trap-left-13x13.txt", "left", 312},
		{"trap-right-13x13.txt", "right", 312},
		{"trap-switch-left-13x13.txt", "switch-left", 312},
		{"trap-switch-right-13x13.txt", "switch-right", 312},
		{"trap-lru-13x13.txt", "lru", 3192},
		{"trap-tremaux-13x13.txt", "tremaux", 594},
	}
	for _, r := range records {
		b := loadBoard(t, r.file)
		res, err := WalkBoard(r.walker, b.EdgeMaze, b.Start, b.Goal)
		if err != nil || !res.Reached || res.Steps != r.steps {
			t.Errorf("%s: %s %s after %d steps (%v), want reached after %d", r.file, r.walker, res.Outcome, res.Steps, err, r.steps)
		}
	}
}
