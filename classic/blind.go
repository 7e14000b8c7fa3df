package classic

import (
	"bufio"
	"fmt"
	"io"
	"strings"
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
}

// NewGame starts a game on the board at its start cell, facing heading.
func NewGame(nav *Nav, heading Dir) *Game {
	return &Game{nav: nav, pos: nav.Start, heading: heading}
}

// Won reports whether the player stands in the goal cell.
func (g *Game) Won() bool { return g.pos == g.nav.Goal }

// Lost reports whether the player has used up his attempts without
// reaching the goal.
func (g *Game) Lost() bool { return !g.Won() && g.MaxMoves > 0 && g.Moves >= g.MaxMoves }

// View describes the player's-eye view: what he sees straight ahead.
func (g *Game) View() string {
	seen, p := 0, g.pos
	for seen < g.nav.Cells() {
		q := g.nav.Next[p][g.heading]
		if q < 0 {
			break
		}
		seen++
		p = q
	}
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
		if q < 0 {
			return "Bump! A wall."
		}
		g.pos = q
		if g.Won() {
			return fmt.Sprintf("You step forward... and find the goal after %d moves!", g.Moves)
		}
		return "You step forward. " + g.View()
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
		return "Commands: f(orward), l(eft), r(ight), a(round), n/e/s/w (move by compass), look, q(uit).", nil
	}
	return "", fmt.Errorf("unknown command %q (try help)", cmd)
}

// Play plays the game with commands read line by line from in ("q" or
// "quit" gives up), writing the view and every reply to out, until the
// goal is reached, the moves run out or in ends.
func (g *Game) Play(in io.Reader, out io.Writer) {
	fmt.Fprintln(out, g.View())
	sc := bufio.NewScanner(in)
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
		if g.Lost() {
			fmt.Fprintf(out, "Out of moves: %d attempts used.\n", g.Moves)
			return
		}
	}
	fmt.Fprintf(out, "You give up after %d moves.\n", g.Moves)
}
