package classic

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
)

// The opponents of the blind game (§6.1), as --opponent takes them.
const (
	// OpponentCatcher wins when it enters the player's cell or the player
	// enters its cell. Moves alternate, the player first, so two who
	// would cross through the same door meet in a cell instead.
	OpponentCatcher = "catcher"
	// OpponentRacer wins when it reaches the goal before the player.
	OpponentRacer = "racer"
)

// Opponents lists the opponent kinds.
var Opponents = []string{OpponentCatcher, OpponentRacer}

// ParseOpponent checks an opponent kind's name.
func ParseOpponent(kind string) error {
	if kind != OpponentCatcher && kind != OpponentRacer {
		return fmt.Errorf("unknown opponent %q (want one of %s)", kind, strings.Join(Opponents, ", "))
	}
	return nil
}

// Rival is an opponent in the dark; with a Walker, a computer one: like the player it knows only
// the doors of its own cell, and it moves one step, with its walker, for
// each move attempt of the player (bumps included; turns are free). A
// racer starts in the player's start cell; a catcher in the cell farthest
// from it (the first such cell in row-major order).
type Rival struct {
	Kind   string
	Walker Stepper
	// Pos is the rival's cell.
	Pos int
	// Won is set when the rival has won.
	Won bool
	nav *Nav
}

// NewRival places a rival of the given kind, walking with the named walker
// drawing from rng.
func NewRival(kind, walker string, nav *Nav, rng *rand.Rand) (*Rival, error) {
	if err := ParseOpponent(kind); err != nil {
		return nil, err
	}
	w, err := NewStepper(walker, nav, rng)
	if err != nil {
		return nil, err
	}
	r := &Rival{Kind: kind, Walker: w, Pos: nav.Start, nav: nav}
	if kind == OpponentCatcher {
		best := -1
		for i, d := range bfsFrom(nav, nav.Start) {
			if d > best {
				best, r.Pos = d, i
			}
		}
	}
	return r, nil
}

// Answer plays the rival's reply to a move attempt of the player that
// ended in cell to (where he stood, for a bump) and reports whether the
// rival has won. A player who reaches the goal (and does not walk into the
// catcher there) has won and gets no reply.
func (r *Rival) Answer(to int) bool {
	if r.Won || r.Walker == nil { // a human rival moves by himself (Duo)
		return r.Won
	}
	if r.Kind == OpponentCatcher && to == r.Pos {
		r.Won = true
		return true
	}
	if to == r.nav.Goal {
		return false
	}
	if q := r.Walker.Step(r.Pos); q >= 0 {
		r.Pos = q
	}
	switch r.Kind {
	case OpponentCatcher:
		r.Won = r.Pos == to
	case OpponentRacer:
		r.Won = r.Pos == r.nav.Goal
	}
	return r.Won
}

// Heard returns the compass direction from cell p of a rival standing in a
// neighbouring cell joined to p by a door (either way through a one-way
// door), and whether there is one: a step or a bump next door is heard,
// nothing farther away.
func (r *Rival) Heard(p int) (Dir, bool) {
	for d := North; d <= West; d++ {
		if r.nav.Doors[p][d] && (r.nav.Next[p][d] == r.Pos || r.nav.Next[r.Pos][d.Back()] == p) && r.Pos != p {
			return d, true
		}
	}
	return 0, false
}

// HearingRule states when the rival is heard, for -h and the help command.
const HearingRule = "you hear the opponent's footsteps (and their direction) when, after its step, it stands in a cell next to yours through a door; you see it when it stands in your line of sight"

// Duel describes a series of games between two walkers: the player's
// walker against a rival of kind Opponent, on Games mazes built with Algo
// (braided with Braid) from seeds Seed, Seed+1, ..., start top-left and
// goal bottom-right.
type Duel struct {
	Player         string  `json:"player"`
	Opponent       string  `json:"opponent"`
	OpponentWalker string  `json:"opponent_walker"`
	Algo           string  `json:"algo"`
	Rows           int     `json:"rows"`
	Cols           int     `json:"cols"`
	Braid          float64 `json:"braid"`
	Games          int     `json:"games"`
	Seed           uint64  `json:"seed"`
	// MaxMoves ends a game as a draw after that many moves of the player;
	// 0 means 100 per cell.
	MaxMoves int `json:"max_moves"`
}

// Share is a fraction of the games with its 95 % Wilson score interval.
type Share struct {
	Count int     `json:"count"`
	P     float64 `json:"p"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// Wilson returns k of n as a Share with its 95 % Wilson interval.
func Wilson(k, n int) Share {
	if n == 0 {
		return Share{}
	}
	const z = 1.959963984540054
	nf, p := float64(n), float64(k)/float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return Share{Count: k, P: p, Lo: max(0, mid-half), Hi: min(1, mid+half)}
}

// DuelReport is the outcome of a Duel: the player's wins, losses and
// draws and the mean number of the player's moves per game.
type DuelReport struct {
	Duel
	Wins      Share   `json:"wins"`
	Losses    Share   `json:"losses"`
	Draws     Share   `json:"draws"`
	MeanMoves float64 `json:"mean_moves"`
}

// The outcomes of one game, from the player's side.
const (
	GameWon  = "won"
	GameLost = "lost"
	GameDraw = "draw"
)

// Run plays the duel. Game k uses the generator NewRand(Seed+k) to build
// its maze and then for both walkers, so the report depends only on the
// Duel.
func (du Duel) Run() (DuelReport, error) {
	if du.Algo == "" {
		du.Algo = GenSpanning
	}
	if du.Games < 1 {
		return DuelReport{}, fmt.Errorf("games %d: want at least 1", du.Games)
	}
	if du.MaxMoves < 0 {
		return DuelReport{}, fmt.Errorf("max moves %d: want 0 or more", du.MaxMoves)
	}
	if err := ParseOpponent(du.Opponent); err != nil {
		return DuelReport{}, err
	}
	for _, w := range []string{du.Player, du.OpponentWalker} {
		if err := ParseWalker(w); err != nil {
			return DuelReport{}, err
		}
	}
	var won, lost, total int
	for k := range du.Games {
		rng := NewRand(du.Seed + uint64(k))
		m, err := Generate(du.Algo, du.Rows, du.Cols, rng)
		if err != nil {
			return DuelReport{}, err
		}
		if _, err := Braid(m, du.Braid, rng); err != nil {
			return DuelReport{}, err
		}
		outcome, moves, err := du.play(NewBoard(m).Nav(), rng)
		if err != nil {
			return DuelReport{}, err
		}
		total += moves
		switch outcome {
		case GameWon:
			won++
		case GameLost:
			lost++
		}
	}
	n := du.Games
	return DuelReport{Duel: du, Wins: Wilson(won, n), Losses: Wilson(lost, n), Draws: Wilson(n-won-lost, n),
		MeanMoves: float64(total) / float64(n)}, nil
}

// play plays one game of the duel and returns its outcome and the
// player's moves.
func (du Duel) play(nav *Nav, rng *rand.Rand) (string, int, error) {
	player, err := NewStepper(du.Player, nav, rng)
	if err != nil {
		return "", 0, err
	}
	rival, err := NewRival(du.Opponent, du.OpponentWalker, nav, rng)
	if err != nil {
		return "", 0, err
	}
	limit := du.MaxMoves
	if limit == 0 {
		limit = 100 * nav.Cells()
	}
	p := nav.Start
	for moves := 1; moves <= limit; moves++ {
		if p == nav.Goal {
			return GameWon, moves - 1, nil
		}
		q := player.Step(p)
		if q < 0 {
			q = p
		}
		if rival.Answer(q) {
			return GameLost, moves, nil
		}
		p = q
		if p == nav.Goal {
			return GameWon, moves, nil
		}
	}
	return GameDraw, limit, nil
}

// Write prints the report as a few lines of text.
func (r DuelReport) Write(w io.Writer) {
	fmt.Fprintf(w, "duel: %s player vs %s %s, %d games of %dx%d %s mazes (braid %g), seed %d\n",
		r.Player, r.OpponentWalker, r.Opponent, r.Games, r.Rows, r.Cols, r.Algo, r.Braid, r.Seed)
	for _, row := range []struct {
		name string
		s    Share
	}{{"wins", r.Wins}, {"losses", r.Losses}, {"draws", r.Draws}} {
		fmt.Fprintf(w, "  %-7s %5d  %.3f  (95%% Wilson %.3f to %.3f)\n", row.name, row.s.Count, row.s.P, row.s.Lo, row.s.Hi)
	}
	fmt.Fprintf(w, "  mean moves %.1f\n", r.MeanMoves)
}
