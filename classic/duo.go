package classic

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotYourTurn is Duo.Command's answer to a move attempt made before the
// other player has caught up.
var ErrNotYourTurn = errors.New("wait: the other player has not moved yet")

// Duo is §6.1's multi-computer game for two humans: both start on the
// start cell of the same blind maze, each with his own player's-eye view,
// and race for the goal. The referee lets a player try a move only when he
// has made no more attempts than the other (turning and looking are
// free), so neither can run ahead; each sees and hears the other as a
// rival (a figure ahead, footsteps next door). The first to reach the goal
// wins; a player who leaves loses.
type Duo struct {
	Players [2]*Game
	// Winner is the winning player (0 or 1), or −1 while the game runs.
	Winner int
	// Left is the player who left the game, or −1.
	Left int
}

// NewDuo starts a race on nav, both players facing heading.
func NewDuo(nav *Nav, heading Dir) *Duo {
	d := &Duo{Winner: -1, Left: -1}
	for i := range d.Players {
		g := NewGame(nav, heading)
		g.Rival = &Rival{Kind: OpponentRacer, Pos: nav.Start, nav: nav}
		d.Players[i] = g
	}
	return d
}

// Over reports whether the race has ended.
func (d *Duo) Over() bool { return d.Winner >= 0 }

// Command plays player i's command line (see Game.Command) and returns the
// reply. A move attempt out of turn is ErrNotYourTurn and costs nothing.
func (d *Duo) Command(i int, line string) (string, error) {
	if i != 0 && i != 1 {
		return "", fmt.Errorf("player %d: want 0 or 1", i)
	}
	if d.Over() {
		return "", errors.New("the game is over")
	}
	g, other := d.Players[i], d.Players[1-i]
	if isMove(line) && g.Moves > other.Moves {
		return "", ErrNotYourTurn
	}
	reply, err := g.Command(line)
	if err != nil {
		return "", err
	}
	other.Rival.Pos = g.pos
	if g.Won() {
		d.Winner = i
		other.Rival.Won = true
	}
	return reply, nil
}

// Leave ends the game for player i: the other wins.
func (d *Duo) Leave(i int) {
	if d.Over() || i != 0 && i != 1 {
		return
	}
	d.Left, d.Winner = i, 1-i
	d.Players[i].Rival.Won = true
}

// isMove reports whether a command line is a move attempt.
func isMove(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "f", "forward", "go", "n", "north", "e", "east", "s", "south", "w", "west":
		return true
	}
	return false
}
