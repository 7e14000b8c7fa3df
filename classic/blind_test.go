package classic

import (
	"strings"
	"testing"
)

// A scripted game on Figure 15's maze from cell 5 facing north: north of
// 5 is a wall; turning right shows 6 and then the east wall (1 cell);
// stepping forward reaches 6; turning right faces south with 9 beyond;
// forward reaches the goal after 2 moves. A bump in between costs a move.
func TestBlindGame(t *testing.T) {
	nav := loadBoard(t, "fig15.txt").Nav()
	g := NewGame(nav, North)
	steps := []struct{ cmd, reply string }{
		{"look", "Ahead: a wall."},
		{"f", "Bump! A wall."},
		{"r", "You turn right. Ahead: an opening; you see 1 cell, then a wall."},
		{"forward", "You step forward. Ahead: a wall."},
		{"right", "You turn right. Ahead: an opening; you see 1 cell, then a wall."},
		{"f", "You step forward... and find the goal after 3 moves!"},
	}
	for _, s := range steps {
		got, err := g.Command(s.cmd)
		if err != nil || got != s.reply {
			t.Fatalf("%q: %q, %v; want %q", s.cmd, got, err, s.reply)
		}
	}
	if !g.Won() || g.Moves != 3 {
		t.Errorf("won %v after %d moves, want won after 3", g.Won(), g.Moves)
	}
	if _, err := g.Command("jump"); err == nil {
		t.Error("jump accepted")
	}
	// Compass moves and the attempt limit: from 5, west reaches 4, whose
	// view west is a wall; a second west bumps and ends a 2-move game.
	g = NewGame(nav, North)
	g.MaxMoves = 2
	if got, _ := g.Command("w"); got != "You step forward. Ahead: a wall." {
		t.Errorf("w: %q", got)
	}
	g.Command("west")
	if !g.Lost() {
		t.Error("the game is not lost after 2 of 2 moves")
	}
}

// On a wrapping row without walls the view runs on for ever.
func TestBlindWrapView(t *testing.T) {
	b := parseBoard(t, "; classic wrap cols\n+-+-+-+\n . . . \n+-+-+-+\n")
	g := NewGame(b.Nav(), East)
	if got := g.View(); got != "Ahead: an opening; the passage runs on as far as you can see." {
		t.Errorf("view %q", got)
	}
}

// TestNewBlindGame sets a blind game up from its options: the heading,
// the move limit and a catcher placed as NewRival places it; bad names
// fail naming their flags, and the intro names the board and the rival.
func TestNewBlindGame(t *testing.T) {
	b := loadBoard(t, "fig15.txt")
	o := BlindOptions{Heading: "E", MaxMoves: 7, Opponent: OpponentCatcher, OpponentWalker: WalkerLRU, Seed: 2, Perspective: true}
	g, err := NewBlindGame(b, o)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := NewRival(OpponentCatcher, WalkerLRU, b.Nav(), NewRand(2))
	if g.heading != East || g.MaxMoves != 7 || !g.Drawn || g.Rival == nil || g.Rival.Kind != OpponentCatcher || g.Rival.Pos != want.Pos {
		t.Errorf("game %+v, rival %+v", g, g.Rival)
	}
	for _, bad := range []BlindOptions{{Heading: "sideways", OpponentWalker: WalkerLRU}, {Heading: "N", Opponent: "ghost", OpponentWalker: WalkerLRU}, {Heading: "N", OpponentWalker: "nosuch"}} {
		if _, err := NewBlindGame(b, bad); err == nil || !strings.HasPrefix(err.Error(), "--") {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	var w strings.Builder
	o.Intro(&w, b)
	if !strings.HasPrefix(w.String(), "Blind maze: ") || !strings.Contains(w.String(), "A catcher (lru walker) is in the maze with you") {
		t.Errorf("intro %q", w.String())
	}
}
