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

// The record boards in testdata keep their scores (see docs/classic.md,
// "Walker traps found", for the commands that found them).
func TestTrapRecords(t *testing.T) {
	// The record of each walker on 8x8 and on 13x13, in
	// testdata/trap-<walker>-<size>.txt.
	records := []struct {
		walker          string
		steps8, steps13 int64
	}{
		{"left", 112, 312},
		{"right", 112, 312},
		{"switch-left", 112, 312},
		{"switch-right", 112, 312},
		{"lru", 2036, 5906},
		{"tremaux", 204, 594},
	}
	for _, r := range records {
		for size, steps := range map[string]int64{"8x8": r.steps8, "13x13": r.steps13} {
			file := "trap-" + r.walker + "-" + size + ".txt"
			b := loadBoard(t, file)
			res, err := WalkBoard(r.walker, b.EdgeMaze, b.Start, b.Goal)
			if err != nil || !res.Reached || res.Steps != steps {
				t.Errorf("%s: %s %s after %d steps (%v), want reached after %d", file, r.walker, res.Outcome, res.Steps, err, steps)
			}
		}
	}
}
