package web

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/classic"
)

// The kinds of maze game the page plays (package classic holds the rules;
// the server keeps the games and referees).
const (
	gameBlind     = "blind"     // the blind maze, alone or against a computer opponent
	gameInterpret = "interpret" // an interpreted maze (trade, bureau, quiz)
	gameDuo       = "duo"       // two humans race in the same blind maze
)

var gameKinds = []string{gameBlind, gameInterpret, gameDuo}

// gameRequest is the body of POST /api/games. Without a maze, one is
// built: a spanning-tree maze of the given size (default 8x8) from the
// seed, braided with braid; the start top-left, the goal bottom-right.
type gameRequest struct {
	Kind           string  `json:"kind"`
	Maze           string  `json:"maze"`
	Size           string  `json:"size"`
	Seed           uint64  `json:"seed"`
	Braid          float64 `json:"braid"`
	Heading        string  `json:"heading"`
	Opponent       string  `json:"opponent"`
	OpponentWalker string  `json:"opponent_walker"`
	Theme          string  `json:"theme"`
}

// commandRequest is the body of POST /api/games/{id}/command: a command
// line of the blind games, or an option number (from 1) of an
// interpreted one.
type commandRequest struct {
	Player  string `json:"player"`
	Command string `json:"command"`
	Option  int    `json:"option"`
}

// reveal is the maze and the path shown at the end of a game: doors[i]
// has bit d set when a move leaves cell i on side d (N=0, E, S, W).
type reveal struct {
	Doors []int  `json:"doors"`
	Path  []int  `json:"path"`
	Start int    `json:"start"`
	Goal  int    `json:"goal"`
	Text  string `json:"text"`
}

// gameState is what one player sees: never the maze or his position
// while the game runs, only his view (and the board's size, its
// perimeter).
type gameState struct {
	ID          string               `json:"id"`
	Kind        string               `json:"kind"`
	Player      string               `json:"player"`
	Seat        int                  `json:"seat"`
	Rows        int                  `json:"rows"`
	Cols        int                  `json:"cols"`
	Moves       int                  `json:"moves"`
	Reply       string               `json:"reply"`
	View        string               `json:"view,omitempty"`
	Perspective *classic.Perspective `json:"perspective,omitempty"`
	Situation   string               `json:"situation,omitempty"`
	Options     []string             `json:"options,omitempty"`
	Waiting     bool                 `json:"waiting,omitempty"`
	Over        bool                 `json:"over"`
	Outcome     string               `json:"outcome,omitempty"`
	Message     string               `json:"message,omitempty"`
	Reveal      *reveal              `json:"reveal,omitempty"`
}

// playGame is one game in the table.
type playGame struct {
	id      string
	kind    string
	board   classic.Board
	nav     *classic.Nav
	blind   *classic.Game
	interp  *classic.Interpreted
	duo     *classic.Duo
	tokens  []string    // one per seat
	seen    []time.Time // when each seat last asked
	replies []string    // each seat's last reply
	paths   [][]int     // each seat's cells, start first
	touched time.Time
	client  string // the remote address (IP) of the player who opened it
}

// over reports whether the game has ended.
func (g *playGame) over() bool {
	switch {
	case g.interp != nil:
		return g.interp.Done()
	case g.duo != nil:
		return g.duo.Over()
	}
	return g.blind.Over()
}

// gameTable holds the games: at most max, at most perClient opened by
// one client, each reclaimed once untouched for idle; a duo player
// silent for gone has left.
type gameTable struct {
	mu        sync.Mutex
	games     map[string]*playGame
	max       int
	perClient int
	idle      time.Duration
	gone      time.Duration
	now       func() time.Time
}

func newGameTable(o Options) *gameTable {
	return &gameTable{games: map[string]*playGame{}, max: o.MaxGames, perClient: o.MaxGamesPerClient, idle: o.GameIdle, gone: o.PlayerGone, now: time.Now}
}

// token returns a random hex string of n bytes.
func token(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// reclaim drops the games untouched for the idle time; the caller holds mu.
func (t *gameTable) reclaim(now time.Time) {
	for id, g := range t.games {
		if now.Sub(g.touched) > t.idle {
			delete(t.games, id)
		}
	}
}

// gameBoard builds or parses the request's board and checks that its
// goal can be reached.
func (s *Server) gameBoard(req gameRequest) (classic.Board, error) {
	var b classic.Board
	if req.Maze != "" {
		bs, _, err := classic.ParseBoards(strings.NewReader(req.Maze), mazeName)
		if err != nil {
			return b, badRequest("%v", err)
		}
		if len(bs) != 1 {
			return b, badRequest("%s: want one board, got %d", mazeName, len(bs))
		}
		b = bs[0]
	} else {
		size := req.Size
		if size == "" {
			size = "8x8"
		}
		sz, err := mousemaze.ParseSize(size)
		if err != nil {
			return b, badRequest("size %q: %v", size, err)
		}
		rng := classic.NewRand(req.Seed)
		m, err := classic.Generate(classic.GenSpanning, sz.Rows, sz.Cols, rng)
		if err != nil {
			return b, badRequest("size %q: %v", size, err)
		}
		if _, err := classic.Braid(m, req.Braid, rng); err != nil {
			return b, badRequest("braid: %v", err)
		}
		b = classic.NewBoard(m)
	}
	if b.Cells() > s.opts.MaxCells {
		return b, badRequest("%dx%d: at most %d cells", b.Rows, b.Cols, s.opts.MaxCells)
	}
	if err := b.Validate(); err != nil {
		return b, badRequest("%v", err)
	}
	if err := classic.Reachable(b.Nav()); err != nil {
		return b, badRequest("%v; no game", err)
	}
	return b, nil
}

// newGame builds the requested game, checking every name with the CLI's
// messages.
func (s *Server) newGame(req gameRequest) (*playGame, error) {
	heading := classic.North
	if req.Heading != "" {
		h, err := classic.ParseDir(req.Heading)
		if err != nil {
			return nil, badRequest("heading: %v", err)
		}
		heading = h
	}
	switch req.Kind {
	case gameBlind, gameDuo, gameInterpret:
	default:
		return nil, badRequest("kind %q: want one of %s", req.Kind, strings.Join(gameKinds, ", "))
	}
	if req.Opponent != "" {
		if req.Kind != gameBlind {
			return nil, badRequest("opponent: only the blind game has a computer opponent")
		}
		if err := classic.ParseOpponent(req.Opponent); err != nil {
			return nil, badRequest("opponent: %v", err)
		}
	}
	walker := req.OpponentWalker
	if walker == "" {
		walker = classic.WalkerRandom
	}
	if err := classic.ParseWalker(walker); err != nil {
		return nil, badRequest("opponent_walker: %v", err)
	}
	theme := req.Theme
	if theme == "" {
		theme = classic.ThemeTrade
	}
	b, err := s.gameBoard(req)
	if err != nil {
		return nil, err
	}
	g := &playGame{kind: req.Kind, board: b, nav: b.Nav(), tokens: []string{token(8)}}
	switch req.Kind {
	case gameBlind:
		g.blind = classic.NewGame(g.nav, heading)
		if req.Opponent != "" {
			g.blind.Rival, _ = classic.NewRival(req.Opponent, walker, g.nav, classic.NewRand(req.Seed))
		}
	case gameInterpret:
		if g.interp, err = classic.NewInterpreted(b, theme, req.Seed); err != nil {
			return nil, badRequest("theme: %v", err)
		}
	case gameDuo:
		g.duo = classic.NewDuo(g.nav, heading)
	}
	g.seen = []time.Time{{}}
	g.replies = []string{""}
	g.paths = [][]int{{g.nav.Start}}
	return g, nil
}

func (s *Server) handleNewGame(w http.ResponseWriter, r *http.Request) {
	g, ok := decodeAnd(s, w, r, s.newGame)
	if !ok {
		return
	}
	t := s.games
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	t.reclaim(now)
	g.client = clientOf(r)
	if t.ofClient(g.client) >= t.perClient {
		t.dropEnded(g.client)
		if t.ofClient(g.client) >= t.perClient {
			writeError(w, http.StatusTooManyRequests, fmt.Sprintf("you have %d games open, this client's limit; end one (or wait %v for the oldest to be dropped)", t.perClient, t.idle))
			return
		}
	}
	if len(t.games) >= t.max {
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("%d games are open; try again when one ends", t.max))
		return
	}
	for g.id == "" || t.games[g.id] != nil {
		g.id = token(3)
	}
	g.touched, g.seen[0] = now, now
	t.games[g.id] = g
	writeJSON(w, http.StatusCreated, t.state(g, 0))
}

// clientOf names the client of r by its remote IP address (not a
// forwarded header, which any client may forge).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// ofClient counts the games client opened; the caller holds mu.
func (t *gameTable) ofClient(client string) int {
	n := 0
	for _, g := range t.games {
		if g.client == client {
			n++
		}
	}
	return n
}

// dropEnded drops the ended games client opened whose players have seen
// their end: the one-player games, and the two-player games untouched for
// the time a page takes to poll (gone); the caller holds mu.
func (t *gameTable) dropEnded(client string) {
	now := t.now()
	for id, g := range t.games {
		if g.client == client && g.over() && (g.duo == nil || now.Sub(g.touched) > t.gone) {
			delete(t.games, id)
		}
	}
}

// lookup finds the game and the seat of the player token; the caller
// holds mu.
func (t *gameTable) lookup(id, player string) (*playGame, int, error) {
	t.reclaim(t.now())
	g := t.games[id]
	if g == nil {
		return nil, 0, &httpError{status: http.StatusNotFound, msg: fmt.Sprintf("no game %q (it may have ended and been reclaimed)", id)}
	}
	for i, tok := range g.tokens {
		if tok == player {
			return g, i, nil
		}
	}
	return nil, 0, &httpError{status: http.StatusForbidden, msg: fmt.Sprintf("game %s: not your game (unknown player)", id)}
}

func (s *Server) handleJoinGame(w http.ResponseWriter, r *http.Request) {
	t := s.games
	t.mu.Lock()
	defer t.mu.Unlock()
	t.reclaim(t.now())
	g := t.games[r.PathValue("id")]
	switch {
	case g == nil:
		writeError(w, http.StatusNotFound, fmt.Sprintf("no game %q to join", r.PathValue("id")))
		return
	case g.kind != gameDuo:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("game %s is a %s game for one player", g.id, g.kind))
		return
	case len(g.tokens) == 2:
		writeError(w, http.StatusConflict, fmt.Sprintf("game %s has two players already", g.id))
		return
	}
	now := t.now()
	g.tokens = append(g.tokens, token(8))
	g.seen = append(g.seen, now)
	g.replies = append(g.replies, "")
	g.paths = append(g.paths, []int{g.nav.Start})
	g.touched = now
	writeJSON(w, http.StatusOK, t.state(g, 1))
}

// withGame runs f, under the table's lock, on the game the path names and
// the seat of player's token; a bad id or token is answered instead.
func (s *Server) withGame(w http.ResponseWriter, r *http.Request, player string, f func(t *gameTable, g *playGame, seat int)) {
	t := s.games
	t.mu.Lock()
	defer t.mu.Unlock()
	g, seat, err := t.lookup(r.PathValue("id"), player)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f(t, g, seat)
}

func (s *Server) handleGetGame(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, r.URL.Query().Get("player"), func(t *gameTable, g *playGame, seat int) {
		now := t.now()
		g.seen[seat], g.touched = now, now
		writeJSON(w, http.StatusOK, t.state(g, seat))
	})
}

func (s *Server) handleGameCommand(w http.ResponseWriter, r *http.Request) {
	var req commandRequest
	if err := decode(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	s.withGame(w, r, req.Player, func(t *gameTable, g *playGame, seat int) {
		now := t.now()
		g.seen[seat], g.touched = now, now
		t.checkGone(g)
		if err := g.play(seat, req); err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, t.state(g, seat))
	})
}

func (s *Server) handleLeaveGame(w http.ResponseWriter, r *http.Request) {
	s.withGame(w, r, r.URL.Query().Get("player"), func(t *gameTable, g *playGame, seat int) {
		if g.duo != nil && len(g.tokens) == 2 {
			g.duo.Leave(seat)
			g.touched = t.now()
		} else {
			delete(t.games, g.id)
		}
		writeJSON(w, http.StatusOK, t.state(g, seat))
	})
}

// checkGone ends a duo whose other player has been silent too long; the
// caller holds mu.
func (t *gameTable) checkGone(g *playGame) {
	if g.duo == nil || len(g.tokens) < 2 || g.duo.Over() {
		return
	}
	now := t.now()
	for i, seen := range g.seen {
		if now.Sub(seen) > t.gone {
			g.duo.Leave(i)
			return
		}
	}
}

// play applies one request of seat to the game: the game's own command,
// then one answer to its error and one record of its reply and of where
// the seat now stands.
func (g *playGame) play(seat int, req commandRequest) error {
	var reply string
	var err error
	switch {
	case g.interp != nil:
		if g.interp.Done() {
			return badRequest("the game is over")
		}
		var chosen string
		if opts := g.interp.Options(); req.Option >= 1 && req.Option <= len(opts) {
			chosen = opts[req.Option-1].Text
		}
		reply, err = g.interp.Choose(req.Option)
		if err == nil && reply == "" {
			reply = confirmChoice(g.interp.Theme, chosen)
		}
	case g.duo != nil:
		if len(g.tokens) < 2 {
			return &httpError{status: http.StatusConflict, msg: "wait for the second player to join"}
		}
		reply, err = g.duo.Command(seat, req.Command)
	default:
		if g.blind.Over() {
			return badRequest("the game is over")
		}
		reply, err = g.blind.Command(req.Command)
	}
	if errors.Is(err, classic.ErrNotYourTurn) {
		return &httpError{status: http.StatusConflict, msg: err.Error()}
	}
	if err != nil {
		return badRequest("%v", err)
	}
	g.replies[seat] = reply
	switch {
	case g.interp != nil:
		g.paths[seat] = g.interp.Path
	case g.duo != nil:
		g.track(seat, g.duo.Players[seat].Pos())
	default:
		g.track(seat, g.blind.Pos())
	}
	return nil
}

// confirmChoice is the reply to a choice of an interpreted game that
// moves on without a word of its own (a successful trade, a referral, an
// easier problem): the option taken, told back.
func confirmChoice(theme, option string) string {
	switch theme {
	case classic.ThemeTrade:
		return "You " + option + "."
	case classic.ThemeBureau:
		return "You contact " + option + "."
	case classic.ThemeQuiz:
		return "You turn to " + option + "."
	}
	return "You choose: " + option + "."
}

// track appends cell p to seat's path when the seat has moved.
func (g *playGame) track(seat, p int) {
	if path := g.paths[seat]; path[len(path)-1] != p {
		g.paths[seat] = append(path, p)
	}
}

// state is seat's view of the game; the caller holds mu.
func (t *gameTable) state(g *playGame, seat int) gameState {
	t.checkGone(g)
	st := gameState{ID: g.id, Kind: g.kind, Player: g.tokens[seat], Seat: seat, Rows: g.board.Rows, Cols: g.board.Cols, Reply: g.replies[seat]}
	var game *classic.Game
	switch {
	case g.interp != nil:
		st.Moves = g.interp.Choices
		st.Over = g.interp.Done()
		st.Situation = g.interp.Situation()
		for _, o := range g.interp.Options() {
			st.Options = append(st.Options, o.Text)
		}
		if st.Over {
			st.Outcome, st.Message = classic.GameWon, g.replies[seat]
			st.Reveal = g.reveal(seat)
			st.Reveal.Text = g.interp.Reveal()
		}
		return st
	case g.duo != nil:
		game = g.duo.Players[seat]
		st.Waiting = len(g.tokens) < 2
		st.Over = g.duo.Over()
		switch {
		case !st.Over:
		case g.duo.Winner == seat && g.duo.Left >= 0:
			st.Outcome, st.Message = classic.GameWon, "The other player has left the game; you win."
		case g.duo.Winner == seat:
			st.Outcome, st.Message = classic.GameWon, fmt.Sprintf("You reach the goal first, after %d moves!", game.Moves)
		case g.duo.Left == seat:
			st.Outcome, st.Message = classic.GameLost, "You left the game."
		default:
			st.Outcome, st.Message = classic.GameLost, "The other player has reached the goal first."
		}
	default:
		game = g.blind
		st.Over = game.Over()
		switch {
		case game.Won():
			st.Outcome, st.Message = classic.GameWon, g.replies[seat]
		case game.Lost():
			st.Outcome, st.Message = classic.GameLost, g.replies[seat]
		}
	}
	st.Moves = game.Moves
	st.View = game.View()
	p := game.Perspective()
	st.Perspective = &p
	if st.Over {
		st.Reveal = g.reveal(seat)
	}
	return st
}

// reveal returns the board and seat's path.
func (g *playGame) reveal(seat int) *reveal {
	rv := &reveal{Doors: make([]int, g.nav.Cells()), Path: g.paths[seat], Start: g.nav.Start, Goal: g.nav.Goal}
	for i, next := range g.nav.Next {
		for d, j := range next {
			if j >= 0 {
				rv.Doors[i] |= 1 << d
			}
		}
	}
	return rv
}
