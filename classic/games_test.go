package classic

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// testMazes returns generated mazes of many sizes, perfect and braided.
func testMazes(t *testing.T) []Board {
	t.Helper()
	var bs []Board
	sizes := [][2]int{{1, 1}, {1, 6}, {5, 1}, {2, 2}, {3, 4}, {6, 6}, {9, 7}, {12, 12}}
	for _, sz := range sizes {
		for seed := range 8 {
			rng := NewRand(uint64(seed))
			m := SpanningTree(sz[0], sz[1], rng)
			if seed%2 == 1 {
				if _, err := Braid(m, 0.5, rng); err != nil {
					t.Fatal(err)
				}
			}
			bs = append(bs, NewBoard(m))
		}
	}
	return bs
}

// Each stepper walks exactly the path of its batch solver. RandomWalk and
// LRUWalk are built on their steppers (their own tests pin them); Trémaux's
// stepper is separate from Tremaux, which this checks it against.
func TestStepperMatchesSolvers(t *testing.T) {
	for k, b := range testMazes(t) {
		nav := b.Nav()
		for _, w := range Walkers {
			want, err := Solve(w, nav, Options{Rand: NewRand(uint64(k)), Path: true, Cap: 3000})
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewStepper(w, nav, NewRand(uint64(k)))
			if err != nil {
				t.Fatal(err)
			}
			got := []int{nav.Start}
			for p := nav.Start; p != nav.Goal && len(got) <= 3000; {
				p = s.Step(p)
				if p < 0 {
					t.Fatalf("%s on maze %d: stuck", w, k)
				}
				got = append(got, p)
			}
			if !slices.Equal(got, want.Path) {
				t.Fatalf("%s on maze %d (%dx%d): stepper path %v, solver %v", w, k, b.Rows, b.Cols, got, want.Path)
			}
		}
	}
	if _, err := NewStepper("bfs", nil, nil); err == nil || !strings.Contains(err.Error(), "random, lru, tremaux") {
		t.Errorf("unknown walker: %v", err)
	}
}

// After a full exploration Trémaux's stepper starts a new one and keeps
// walking, never stuck on a two-way board.
func TestTremauxStepperRestarts(t *testing.T) {
	b := NewBoard(SpanningTree(3, 3, NewRand(2)))
	b.Goal = -1 // never stops
	nav := b.Nav()
	s, _ := NewStepper(WalkerTremaux, nav, nil)
	p, seen := 0, map[int]bool{}
	for range 100 {
		q := s.Step(p)
		if q < 0 || !slices.Contains(nav.Next[p][:], q) {
			t.Fatalf("step %d → %d is not a move", p, q)
		}
		p = q
		seen[p] = true
	}
	if len(seen) != 9 {
		t.Errorf("100 steps saw %d of 9 cells", len(seen))
	}
}

// Braid keeps the size, keeps the maze connected and adds exactly one loop
// (doors − cells + 1) per wall it opens; with P = 1 no dead end is left.
func TestBraid(t *testing.T) {
	for _, sz := range [][2]int{{2, 2}, {3, 5}, {8, 8}, {13, 21}} {
		for seed := range 10 {
			for _, p := range []float64{0, 0.3, 1} {
				rng := NewRand(uint64(seed))
				m := SpanningTree(sz[0], sz[1], rng)
				ends := 0
				for i := range sz[0] * sz[1] {
					if NewBoard(m).Nav().Degree(i) == 1 {
						ends++
					}
				}
				opened, err := Braid(m, p, rng)
				if err != nil {
					t.Fatal(err)
				}
				if m.Rows != sz[0] || m.Cols != sz[1] {
					t.Fatalf("size %dx%d, want %v", m.Rows, m.Cols, sz)
				}
				b := NewBoard(m)
				nav := b.Nav()
				for i, d := range bfsFrom(nav, 0) {
					if d < 0 {
						t.Fatalf("%v seed %d p %v: cell %d cut off", sz, seed, p, i)
					}
				}
				loops := m.Edges() - m.WallCount() - b.Cells() + 1
				if loops != opened {
					t.Errorf("%v seed %d p %v: %d loops, %d walls opened", sz, seed, p, loops, opened)
				}
				want := int(p*float64(ends) + 0.5)
				if opened > want || 2*opened < want {
					t.Errorf("%v seed %d p %v: opened %d of %d dead ends' walls", sz, seed, p, opened, want)
				}
				if p == 1 {
					for i := range b.Cells() {
						if nav.Degree(i) == 1 {
							t.Errorf("%v seed %d: cell %d still a dead end", sz, seed, i)
						}
					}
				}
			}
		}
	}
	for _, p := range []float64{-0.1, 1.5, math.NaN()} {
		if _, err := Braid(SpanningTree(3, 3, NewRand(1)), p, NewRand(1)); err == nil {
			t.Errorf("braid %v accepted", p)
		}
	}
}

// A game against a racer, replayed move by move: on Figure 15's maze the
// racer walks Trémaux from the start (1,1); it goes north first, so a
// player who goes east and south reaches the goal (2,2) before it.
func TestRivalRacer(t *testing.T) {
	nav := loadBoard(t, "fig15.txt").Nav()
	play := func(cmds ...string) (*Game, []string) {
		g := NewGame(nav, North)
		r, err := NewRival(OpponentRacer, WalkerTremaux, nav, NewRand(1))
		if err != nil {
			t.Fatal(err)
		}
		g.Rival = r
		var replies []string
		for _, c := range cmds {
			reply, err := g.Command(c)
			if err != nil {
				t.Fatal(err)
			}
			replies = append(replies, reply)
		}
		return g, replies
	}
	g, got := play("look", "e", "s")
	want := []string{
		"Ahead: a wall.",
		"You step forward. Ahead: a wall.",
		"You step forward... and find the goal after 2 moves!",
	}
	if !slices.Equal(got, want) || !g.Won() || g.Lost() {
		t.Errorf("replies %q, won %v; want %q", got, g.Won(), want)
	}
	// Dawdling loses: bumping into the north wall sixteen times, he hears
	// the racer next door (1,0 or 1,2) at moves 1, 5, 7, 11 and 15, while
	// it explores 1,2 0,2 0,1 0,0 1,0 (1,1 and back) 2,0 2,1 (and back)
	// and returns along 0,0 0,1 0,2 1,2 to the goal 2,2 at move 16.
	g, got = play(slices.Repeat([]string{"f"}, 16)...)
	want = slices.Repeat([]string{"Bump! A wall."}, 16)
	for _, k := range []int{1, 15} {
		want[k-1] += " You hear footsteps to the east."
	}
	for _, k := range []int{5, 7, 11} {
		want[k-1] += " You hear footsteps to the west."
	}
	want[15] = "A distant cheer: the racer has reached the goal first, after 16 moves."
	if !slices.Equal(got, want) || !g.Lost() || g.Won() {
		t.Errorf("replies %q, lost %v; want %q", got, g.Lost(), want)
	}
}

// A catcher starts in the cell farthest from the player; in a corridor it
// can only come towards him, and he sees it coming.
func TestRivalCatcher(t *testing.T) {
	b := parseBoard(t, "; classic goal 0,0\n+-+-+-+-+-+\n|. . . . .|\n+-+-+-+-+-+\n")
	b.Start = 0
	b.Goal = 4
	nav := b.Nav()
	for _, w := range Walkers {
		r, err := NewRival(OpponentCatcher, w, nav, NewRand(3))
		if err != nil {
			t.Fatal(err)
		}
		if r.Pos != 4 {
			t.Fatalf("catcher starts at %d, want 4", r.Pos)
		}
		g := NewGame(nav, East)
		g.Rival = r
		if v := g.View(); v != "Ahead: an opening; you see 4 cells in a row, then a wall. A figure stands 4 cells ahead." {
			t.Errorf("%s: view %q", w, v)
		}
		if got, _ := g.Command("f"); got != "You step forward. Ahead: an opening; you see 3 cells in a row, then a wall. A figure stands 2 cells ahead." {
			t.Errorf("%s: first move %q", w, got)
		}
		got, _ := g.Command("f")
		if got != "A hand grabs you in the dark: the catcher has caught you after 2 moves." || !g.Lost() {
			t.Errorf("%s: second move %q", w, got)
		}
		if p := g.Perspective(); p.Figure != -1 || p.Depth != 2 {
			t.Errorf("%s: perspective %+v", w, p)
		}
	}
	if _, err := NewRival("hunter", WalkerLRU, nav, nil); err == nil || !strings.Contains(err.Error(), "catcher, racer") {
		t.Errorf("unknown opponent: %v", err)
	}
}

// The same seed and moves give the same game, move by move: the
// transcript and the rival's cells are the same twice, and differ for
// another seed.
func TestRivalDeterministic(t *testing.T) {
	b := NewBoard(SpanningTree(5, 5, NewRand(5)))
	moves := strings.Repeat("f\nr\ns\ne\n", 30)
	replay := func(seed uint64) (string, []int) {
		nav := b.Nav()
		g := NewGame(nav, South)
		g.Rival, _ = NewRival(OpponentRacer, WalkerRandom, nav, NewRand(seed))
		var out bytes.Buffer
		var cells []int
		for _, m := range strings.Fields(moves) {
			reply, _ := g.Command(m)
			out.WriteString(reply + "\n")
			cells = append(cells, g.Rival.Pos)
			if g.Over() {
				break
			}
		}
		return out.String(), cells
	}
	a, ac := replay(7)
	if b, bc := replay(7); a != b || !slices.Equal(ac, bc) {
		t.Error("seed 7 played two different games")
	}
	if _, cc := replay(8); slices.Equal(ac, cc) {
		t.Error("seeds 7 and 8 moved the rival alike")
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{5, 10, 0.2366, 0.7634}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}, {81, 100, 0.7222, 0.8749}} {
		s := Wilson(c.k, c.n)
		if math.Abs(s.Lo-c.lo) > 5e-5 || math.Abs(s.Hi-c.hi) > 5e-5 || s.P != float64(c.k)/float64(c.n) {
			t.Errorf("Wilson(%d, %d) = %+v, want %.4f to %.4f", c.k, c.n, s, c.lo, c.hi)
		}
	}
}

// A duel is reproducible for a seed; a Trémaux player always beats a
// Trémaux racer, who takes the same route one move behind.
func TestDuel(t *testing.T) {
	du := Duel{Player: WalkerRandom, Opponent: OpponentCatcher, OpponentWalker: WalkerLRU, Rows: 6, Cols: 6, Games: 40, Seed: 9, Braid: 0.5}
	a, err := du.Run()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := du.Run()
	if a != b {
		t.Errorf("two runs: %+v and %+v", a, b)
	}
	if a.Wins.Count+a.Losses.Count+a.Draws.Count != 40 || a.Wins.Count == 0 || a.Losses.Count == 0 {
		t.Errorf("report %+v", a)
	}
	du = Duel{Player: WalkerTremaux, Opponent: OpponentRacer, OpponentWalker: WalkerTremaux, Rows: 7, Cols: 5, Games: 20, Seed: 1}
	r, err := du.Run()
	if err != nil || r.Wins.Count != 20 {
		t.Errorf("tremaux against a tremaux racer: %+v, %v", r, err)
	}
	for _, bad := range []Duel{{Player: "bfs", Opponent: "racer", OpponentWalker: "lru", Rows: 3, Cols: 3, Games: 1},
		{Player: "lru", Opponent: "racer", OpponentWalker: "lru", Rows: 3, Cols: 3, Games: 0},
		{Player: "lru", Opponent: "ghost", OpponentWalker: "lru", Rows: 3, Cols: 3, Games: 1},
		{Player: "lru", Opponent: "racer", OpponentWalker: "lru", Rows: 3, Cols: 3, Games: 1, Braid: 2}} {
		if _, err := bad.Run(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// sideOpen says whether cell (r, c) has a door on side d, read from the
// edge maze's wall bits directly (no wrap-around).
func sideOpen(m mousemaze.EdgeMaze, r, c int, d Dir) bool {
	switch d {
	case North:
		return r > 0 && m.Down[r-1]>>uint(c)&1 == 0
	case South:
		return r < m.Rows-1 && m.Down[r]>>uint(c)&1 == 0
	case East:
		return c < m.Cols-1 && m.Right[r]>>uint(c)&1 == 0
	}
	return c > 0 && m.Right[r]>>uint(c-1)&1 == 0
}

// The perspective's depth and side openings match the maze: checked from
// every cell and heading of random mazes against the wall bits, and drawn
// for one position of Figure 15's maze.
func TestPerspective(t *testing.T) {
	dr := [4]int{-1, 0, 1, 0}
	dc := [4]int{0, 1, 0, -1}
	for _, b := range testMazes(t) {
		nav := b.Nav()
		for p := range b.Cells() {
			for h := North; h <= West; h++ {
				v := NewPerspective(nav, p, h, -1)
				r, c := b.RC(p)
				depth := 0
				for k := 0; ; k++ {
					if v.Left[k] != sideOpen(b.EdgeMaze, r, c, h.Left()) || v.Right[k] != sideOpen(b.EdgeMaze, r, c, h.Right()) {
						t.Fatalf("cell %d,%d heading %v: sides at %d wrong in %+v", r, c, h, k, v)
					}
					if !sideOpen(b.EdgeMaze, r, c, h) || k+1 == MaxSight {
						break
					}
					r, c = r+dr[h], c+dc[h]
					depth++
				}
				if v.Depth != depth || len(v.Left) != depth+1 || v.Figure != -1 {
					t.Fatalf("cell %d heading %v: %+v, want depth %d", p, h, v, depth)
				}
			}
		}
	}
	nav := loadBoard(t, "fig15.txt").Nav()
	v := NewPerspective(nav, 0, East, 2)
	want := Perspective{Depth: 2, Left: []bool{false, false, false}, Right: []bool{true, false, true}, Figure: 2}
	if fmt.Sprint(v) != fmt.Sprint(want) {
		t.Errorf("0,0 east: %+v, want %+v", v, want)
	}
	pic := strings.Join([]string{
		` \               __`,
		`   \           /|`,
		`     \_________ |`,
		`      |     | | |`,
		`      |     | | |`,
		`      |__@__|__ |`,
		`     /        | |`,
		`   /           \|__`,
		` /`,
		``}, "\n")
	if got := v.ASCII(); got != pic {
		t.Errorf("drawing:\n%s\nwant\n%s", got, pic)
	}
	w := parseBoard(t, "; classic wrap cols\n+-+-+-+\n . . . \n+-+-+-+\n")
	if v := NewPerspective(w.Nav(), 0, East, -1); !v.Beyond || v.Depth != MaxSight-1 || !strings.Contains(v.ASCII(), ". . .") {
		t.Errorf("wrapping row: %+v", v)
	}
}

// Trémaux, let loose on every maze of the test set in every theme, reaches
// the goal along real moves; the values shown follow the distance to the
// goal; the reveal marks the path.
func TestInterpretAuto(t *testing.T) {
	for k, b := range testMazes(t) {
		for _, th := range Themes {
			g, err := NewInterpreted(b, th, uint64(k))
			if err != nil {
				t.Fatal(err)
			}
			nav := g.Nav()
			dist := distancesTo(nav, nav.Goal)
			for _, o := range g.Options() {
				if o.Open && dist[nav.Next[g.Pos][o.Dir]] < dist[g.Pos] {
					up := o.Value > g.value(g.Pos)
					if up != (th != ThemeQuiz) {
						t.Fatalf("%s maze %d: a step towards the goal shows %d against %d here", th, k, o.Value, g.value(g.Pos))
					}
				}
			}
			s, _ := NewStepper(WalkerTremaux, nav, nil)
			if !g.Auto(s, 0) {
				t.Fatalf("%s maze %d (%dx%d): tremaux did not reach the goal", th, k, b.Rows, b.Cols)
			}
			for i := 1; i < len(g.Path); i++ {
				if !slices.Contains(nav.Next[g.Path[i-1]][:], g.Path[i]) {
					t.Fatalf("%s maze %d: %d → %d is not a move", th, k, g.Path[i-1], g.Path[i])
				}
			}
			if g.Choices != len(g.Path)-1 || g.Cost < g.Choices {
				t.Errorf("%s maze %d: %d choices, cost %d, path %d", th, k, g.Choices, g.Cost, len(g.Path))
			}
			if rev := g.Reveal(); strings.Count(rev, "G") != 1 || (b.Cells() > 1 && !strings.Contains(rev, "S")) {
				t.Errorf("%s maze %d: reveal\n%s", th, k, rev)
			}
		}
	}
}

// A typed game on Figure 15's maze, option by option; a cast option leads
// nowhere and costs a choice; the picture is a PNG of the board's size.
func TestInterpretPlay(t *testing.T) {
	b := loadBoard(t, "fig15.txt")
	g, err := NewInterpreted(b, ThemeBureau, 1)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for !g.Done() && len(moves) < 20 {
		// Take the option of highest rank, a cast member first when one
		// shows, to see that it leads nowhere.
		best, pick := -1, 0
		for k, o := range g.Options() {
			if !o.Open && len(moves) == 0 {
				pick = k + 1
				break
			}
			if o.Open && o.Value > best {
				best, pick = o.Value, k+1
			}
		}
		moves = append(moves, fmt.Sprint(pick))
		g.Choose(pick)
	}
	g2, _ := NewInterpreted(b, ThemeBureau, 1)
	var out bytes.Buffer
	g2.Play(strings.NewReader(strings.Join(moves, "\n")+"\n"), &out)
	text := out.String()
	for _, want := range []string{"The permit", "is out of the office", "The Permanent Secretary signs your permit after 3 contacts!"} {
		if !strings.Contains(text, want) {
			t.Errorf("transcript lacks %q:\n%s", want, text)
		}
	}
	if !g2.Done() || g2.Choices != 3 || g2.Cost != 3 || !slices.Equal(g2.Path, []int{4, 5, 8}) {
		t.Errorf("done %v, %d choices, cost %d, path %v", g2.Done(), g2.Choices, g2.Cost, g2.Path)
	}
	if _, err := g2.Choose(5); err == nil {
		t.Error("option 5 of 4 accepted")
	}
	var img bytes.Buffer
	if err := WritePicture(&img, b, g2.Path); err != nil {
		t.Fatal(err)
	}
	pic, err := png.Decode(&img)
	if err != nil || pic.Bounds().Dx() != 3*PictureCell+1 || pic.Bounds().Dy() != 3*PictureCell+1 {
		t.Errorf("picture %v, %v", pic.Bounds(), err)
	}
	if _, err := NewInterpreted(b, "chess", 1); err == nil || !strings.Contains(err.Error(), "trade, bureau, quiz") {
		t.Errorf("unknown theme: %v", err)
	}
	cut := parseBoard(t, "+-+-+\n|.|.|\n+-+-+\n")
	if _, err := NewInterpreted(cut, ThemeQuiz, 1); err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Errorf("unreachable goal: %v", err)
	}
}

// Two humans race on Figure 15's maze: the referee makes a player who is
// a move ahead wait, each sees and hears the other, the first at the goal
// wins and the other has lost; a player who leaves loses.
func TestDuo(t *testing.T) {
	nav := loadBoard(t, "fig15.txt").Nav()
	d := NewDuo(nav, North)
	steps := []struct {
		player    int
		cmd, want string
	}{
		{0, "e", "You step forward. Ahead: a wall. You hear footsteps to the west."},
		{0, "s", "!wait"},
		{0, "l", "You turn left. Ahead: an opening; you see 1 cell, then a wall."},
		{1, "W", "You step forward. Ahead: a wall."},
		{1, "a", "You turn around. Ahead: an opening; you see 2 cells in a row, then a wall. A figure stands 2 cells ahead."},
		{0, "s", "You step forward... and find the goal after 2 moves!"},
		{1, "f", "!over"},
	}
	for _, s := range steps {
		got, err := d.Command(s.player, s.cmd)
		switch {
		case s.want == "!wait":
			if err != ErrNotYourTurn {
				t.Errorf("player %d %q: %q, %v; want to wait", s.player, s.cmd, got, err)
			}
		case s.want == "!over":
			if err == nil {
				t.Errorf("player %d %q after the end: %q", s.player, s.cmd, got)
			}
		case err != nil || got != s.want:
			t.Errorf("player %d %q: %q, %v; want %q", s.player, s.cmd, got, err, s.want)
		}
	}
	if d.Winner != 0 || !d.Players[1].Lost() || !d.Players[0].Won() {
		t.Errorf("winner %d, player 1 lost %v", d.Winner, d.Players[1].Lost())
	}
	d = NewDuo(nav, North)
	d.Command(1, "e")
	if _, err := d.Command(0, "w"); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.Command(1, "look"); got != "Ahead: a wall." {
		t.Errorf("look: %q", got)
	}
	if got, _ := d.Command(1, "a"); got != "You turn around. Ahead: an opening; you see 2 cells in a row, then a wall. A figure stands 2 cells ahead." {
		t.Errorf("around: %q", got)
	}
	d.Leave(0)
	if d.Winner != 1 || d.Left != 0 || !d.Players[0].Lost() {
		t.Errorf("after player 0 left: winner %d, left %d", d.Winner, d.Left)
	}
}
