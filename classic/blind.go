package classic

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// Game is the blind maze game of §6.1 with the player's-eye view: the
// player is never shown the maze, his position or his heading, only what
// lies straight ahead: a wall, or an opening and the cells seen through it
// down to the next wall. He turns left, right or around, steps forward, or
// moves by compass direction; a move into a wall bumps and leaves him where
// he is. Wrap-around and one-way doors apply as on every board.
type Game struct {
	nav     *Nav
	pos     int
	heading Dir
	// Moves counts the attempts to move (forward or by compass), bumps
	// included; turning is free.
	Moves int
	// MaxMoves, when above 0, ends the game after that many attempts.
	MaxMoves int
	// Rival, when set, is the computer opponent: it answers every move
	// attempt with a step of its own.
	Rival *Rival
	// Drawn makes Play print the perspective drawing (see Perspective)
	// after the view at the start and after every reply.
	Drawn bool
}

// NewGame starts a game on the board at its start cell, facing heading.
func NewGame(nav *Nav, heading Dir) *Game {
	return &Game{nav: nav, pos: nav.Start, heading: heading}
}

// Won reports whether the player stands in the goal cell.
func (g *Game) Won() bool { return g.pos == g.nav.Goal }

// Lost reports whether the player has used up his attempts without
// reaching the goal, or the rival has won.
func (g *Game) Lost() bool { return !g.Won() && (g.OutOfMoves() || g.Rival != nil && g.Rival.Won) }

// OutOfMoves reports whether the player has used up his attempts.
func (g *Game) OutOfMoves() bool { return g.MaxMoves > 0 && g.Moves >= g.MaxMoves }

// Over reports whether the game has ended, won or lost.
func (g *Game) Over() bool { return g.Won() || g.Lost() }

// Pos returns the player's cell.
func (g *Game) Pos() int { return g.pos }

// Heading returns the direction the player faces.
func (g *Game) Heading() Dir { return g.heading }

// Perspective returns the player's-eye view as a corridor (see
// Perspective), with the rival drawn where it is in sight.
func (g *Game) Perspective() Perspective {
	figure := -1
	if g.Rival != nil {
		figure = g.Rival.Pos
	}
	return NewPerspective(g.nav, g.pos, g.heading, figure)
}

// View describes the player's-eye view: what he sees straight ahead.
func (g *Game) View() string {
	seen, p, figure := 0, g.pos, 0
	for seen < g.nav.Cells() {
		q := g.nav.Next[p][g.heading]
		if q < 0 {
			break
		}
		seen++
		p = q
		if g.Rival != nil && figure == 0 && q == g.Rival.Pos && q != g.pos {
			figure = seen
		}
	}
	switch {
	case figure == 1:
		return g.sight(seen) + " A figure stands 1 cell ahead."
	case figure > 1:
		return g.sight(seen) + fmt.Sprintf(" A figure stands %d cells ahead.", figure)
	}
	return g.sight(seen)
}

// sight describes a line of sight of seen cells up to a wall.
func (g *Game) sight(seen int) string {
	switch {
	case seen == 0:
		return "Ahead: a wall."
	case seen == g.nav.Cells():
		return "Ahead: an opening; the passage runs on as far as you can see."
	case seen == 1:
		return "Ahead: an opening; you see 1 cell, then a wall."
	}
	return fmt.Sprintf("Ahead: an opening; you see %d cells in a row, then a wall.", seen)
}

// Command plays one command line and returns the reply to show. It
// understands forward (f), left (l), right (r), around (a), the compass
// moves north, east, south, west (n, e, s, w), look and help; quit is the
// caller's business. An unknown command is an error and costs nothing.
func (g *Game) Command(line string) (string, error) {
	cmd := strings.ToLower(strings.TrimSpace(line))
	move := func(d Dir) string {
		g.Moves++
		q := g.nav.Next[g.pos][d]
		if q >= 0 {
			g.pos = q
		}
		if g.Rival != nil && g.Rival.Answer(g.pos) {
			if g.Rival.Kind == OpponentCatcher {
				return fmt.Sprintf("A hand grabs you in the dark: the catcher has caught you after %d moves.", g.Moves)
			}
			return fmt.Sprintf("A distant cheer: the racer has reached the goal first, after %d moves.", g.Moves)
		}
		if g.Won() {
			return fmt.Sprintf("You step forward... and find the goal after %d moves!", g.Moves)
		}
		reply := "You step forward. " + g.View()
		if q < 0 {
			reply = "Bump! A wall."
		}
		if g.Rival != nil {
			if d, ok := g.Rival.Heard(g.pos); ok {
				reply += fmt.Sprintf(" You hear footsteps to the %s.", dirName(d))
			}
		}
		return reply
	}
	switch cmd {
	case "f", "forward", "go":
		return move(g.heading), nil
	case "l", "left":
		g.heading = g.heading.Left()
		return "You turn left. " + g.View(), nil
	case "r", "right":
		g.heading = g.heading.Right()
		return "You turn right. " + g.View(), nil
	case "a", "around", "back":
		g.heading = g.heading.Back()
		return "You turn around. " + g.View(), nil
	case "n", "north", "e", "east", "s", "south", "w", "west":
		d, _ := ParseDir(cmd)
		g.heading = d
		return move(d), nil
	case "look", "":
		return g.View(), nil
	case "help", "?":
		help := "Commands: f(orward), l(eft), r(ight), a(round), n/e/s/w (move by compass), look, q(uit)."
		if g.Rival != nil {
			help += " A " + g.Rival.Kind + " walks the maze too; " + HearingRule + "."
		}
		return help, nil
	}
	return "", fmt.Errorf("unknown command %q (try help)", cmd)
}

// Play plays the game with commands read line by line from in ("q" or
// "quit" gives up), writing the view and every reply to out, until the
// goal is reached, the moves run out or in ends.
func (g *Game) Play(in io.Reader, out io.Writer) {
	fmt.Fprintln(out, g.View())
	g.draw(out)
	sc := bufio.NewScanner(mousemaze.SkipBOM(in))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "q" || line == "quit" {
			break
		}
		reply, err := g.Command(line)
		if err != nil {
			fmt.Fprintln(out, err)
			continue
		}
		fmt.Fprintln(out, reply)
		if g.Won() {
			return
		}
		if !g.Lost() {
			g.draw(out)
		}
		if g.Lost() {
			if g.OutOfMoves() && (g.Rival == nil || !g.Rival.Won) {
				fmt.Fprintf(out, "Out of moves: %d attempts used.\n", g.Moves)
			}
			return
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(out, movesError(err))
	}
	fmt.Fprintf(out, "You give up after %d moves.\n", g.Moves)
}

// movesError says why reading typed moves stopped: a line longer than
// the reader takes (mousemaze.ErrLineTooLong), or the reader's error.
func movesError(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("%w: a typed line is longer than %d bytes", mousemaze.ErrLineTooLong, bufio.MaxScanTokenSize)
	}
	return fmt.Errorf("reading the moves: %w", err)
}

// dirName returns the compass name of d: north, east, south or west.
func dirName(d Dir) string { return [4]string{"north", "east", "south", "west"}[d&3] }

// draw prints the perspective drawing when Drawn is set.
func (g *Game) draw(out io.Writer) {
	if g.Drawn {
		fmt.Fprint(out, g.Perspective().ASCII())
	}
}
