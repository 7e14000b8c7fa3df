package classic

import (
	"fmt"
	"io"
)

// BlindOptions are the settings of a blind game (§6.1) as classic play
// takes them from its flags.
type BlindOptions struct {
	Heading  string // the direction the player faces at the start: N, E, S or W
	MaxMoves int    // move attempts before the game ends (0: no limit)
	// Opponent is the kind of computer opponent ("" for none), walking
	// with OpponentWalker drawing from a Rand of Seed.
	Opponent, OpponentWalker string
	Seed                     uint64
	Perspective              bool // print the corridor drawing too
}

// Check checks the names in o; its errors name classic play's flags.
func (o BlindOptions) Check() (Dir, error) {
	h, err := ParseDir(o.Heading)
	if err != nil {
		return h, fmt.Errorf("--heading: %v", err)
	}
	if o.Opponent != "" {
		if err := ParseOpponent(o.Opponent); err != nil {
			return h, fmt.Errorf("--opponent: %v", err)
		}
	}
	if err := ParseWalker(o.OpponentWalker); err != nil {
		return h, fmt.Errorf("--opponent-walker: %v", err)
	}
	return h, nil
}

// NewBlindGame starts the blind game o on b, whose goal must be reachable
// from its start.
func NewBlindGame(b Board, o BlindOptions) (*Game, error) {
	h, err := o.Check()
	if err != nil {
		return nil, err
	}
	nav := b.Nav()
	if err := Reachable(nav); err != nil {
		return nil, err
	}
	g := NewGame(nav, h)
	g.MaxMoves, g.Drawn = o.MaxMoves, o.Perspective
	if o.Opponent != "" {
		if g.Rival, err = NewRival(o.Opponent, o.OpponentWalker, nav, NewRand(o.Seed)); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Intro writes the opening lines of the blind game o on b.
func (o BlindOptions) Intro(w io.Writer, b Board) {
	fmt.Fprintf(w, "Blind maze: %d rows by %d columns. Find the goal. Commands: f(orward), l(eft), r(ight), a(round), n/e/s/w, look, q(uit).\n", b.Rows, b.Cols)
	if o.Opponent != "" {
		fmt.Fprintf(w, "A %s (%s walker) is in the maze with you; it moves once for each of your moves.\n", o.Opponent, o.OpponentWalker)
	}
}
