package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// fig15 is the 3×3 maze of the seed's Figure 15: start 1,1, goal 2,2.
const fig15 = "; classic start 1,1\n; classic goal 2,2\n+-+-+-+\n|. . .|\n+ +-+ +\n|. . .|\n+ +-+ +\n|. .|.|\n+-+-+-+\n"

// gameDo sends a request and decodes the game state of a 2xx answer.
func gameDo(t *testing.T, s *Server, method, path, body string, want int) gameState {
	t.Helper()
	code, out := do(t, s, method, path, body)
	if code != want {
		t.Fatalf("%s %s %s: %d %s, want %d", method, path, body, code, out, want)
	}
	var st gameState
	if code < 300 {
		if err := json.Unmarshal([]byte(out), &st); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func command(t *testing.T, s *Server, st gameState, cmd string, want int) gameState {
	t.Helper()
	return gameDo(t, s, "POST", "/api/games/"+st.ID+"/command", `{"player":"`+st.Player+`","command":"`+cmd+`"}`, want)
}

// The racer of the classic package's scripted game beats a player who
// bumps into a wall sixteen times; the page sees only the view and the
// perspective until the end, then the maze and his path.
func TestGameBlindRacer(t *testing.T) {
	s := newTestServer(t, Options{})
	st := gameDo(t, s, "POST", "/api/games", `{"kind":"blind","maze":`+jsonString(fig15)+`,"opponent":"racer","opponent_walker":"tremaux"}`, http.StatusCreated)
	if st.View != "Ahead: a wall." || st.Perspective == nil || st.Perspective.Depth != 0 || st.Reveal != nil || st.Rows != 3 {
		t.Fatalf("start %+v", st)
	}
	for k := 1; k <= 16; k++ {
		st = command(t, s, st, "f", http.StatusOK)
		if (k < 16) == st.Over {
			t.Fatalf("move %d: over %v (%+v)", k, st.Over, st)
		}
	}
	if st.Outcome != "lost" || st.Message != "A distant cheer: the racer has reached the goal first, after 16 moves." || st.Reveal == nil || len(st.Reveal.Path) != 1 || st.Reveal.Doors[4] != 0b1010 {
		t.Errorf("end %+v %+v", st, st.Reveal)
	}
	if code, body := do(t, s, "POST", "/api/games/"+st.ID+"/command", `{"player":"`+st.Player+`","command":"f"}`); code != 400 || errorOf(t, body) != "the game is over" {
		t.Errorf("after the end: %d %s", code, body)
	}
	st = gameDo(t, s, "POST", "/api/games", `{"kind":"blind","maze":`+jsonString(fig15)+`}`, http.StatusCreated)
	command(t, s, st, "e", http.StatusOK)
	st = command(t, s, st, "s", http.StatusOK)
	if st.Outcome != "won" || st.Moves != 2 || len(st.Reveal.Path) != 3 {
		t.Errorf("won %+v", st)
	}
}

// An interpreted game played by always taking the most valuable offer
// reaches the goal and reveals the maze.
func TestGameInterpret(t *testing.T) {
	s := newTestServer(t, Options{})
	st := gameDo(t, s, "POST", "/api/games", `{"kind":"interpret","theme":"trade","size":"6x6","seed":3,"braid":0.5}`, http.StatusCreated)
	for k := 0; !st.Over && k < 200; k++ {
		if len(st.Options) != 4 || !strings.Contains(st.Situation, "Offers:") {
			t.Fatalf("situation %+v", st)
		}
		best, pick := -1, 0
		for i, o := range st.Options {
			var v int
			if j := strings.LastIndex(o, "$"); j >= 0 && strings.HasPrefix(o, "trade it for") {
				json.Unmarshal([]byte(strings.TrimSuffix(o[j+1:], ")")), &v)
				if v > best {
					best, pick = v, i+1
				}
			}
		}
		offer := st.Options[pick-1]
		st = gameDo(t, s, "POST", "/api/games/"+st.ID+"/command", `{"player":"`+st.Player+`","option":`+string(rune('0'+pick))+`}`, http.StatusOK)
		// A successful trade is told back.
		if want := "You " + offer + "."; !st.Over && st.Reply != want {
			t.Errorf("trade %d: reply %q, want %q", k+1, st.Reply, want)
		}
	}
	if !st.Over || st.Outcome != "won" || st.Reveal == nil || !strings.Contains(st.Reveal.Text, "G") || st.Reveal.Path[len(st.Reveal.Path)-1] != 35 {
		t.Errorf("greedy trader: %+v", st)
	}
	// An option out of range is refused with the valid ones.
	st = gameDo(t, s, "POST", "/api/games", `{"kind":"interpret","theme":"quiz","size":"5x5","seed":1}`, http.StatusCreated)
	if code, body := do(t, s, "POST", "/api/games/"+st.ID+"/command", `{"player":"`+st.Player+`","option":7}`); code != 400 || !strings.Contains(errorOf(t, body), "choose 1 to 4") {
		t.Errorf("option 7: %d %s", code, body)
	}
}

// Two players race: the second joins by the id, each sees only his own
// view, a player a move ahead must wait, the first at the goal wins; the
// other learns he lost.
func TestGameDuo(t *testing.T) {
	s := newTestServer(t, Options{})
	a := gameDo(t, s, "POST", "/api/games", `{"kind":"duo","maze":`+jsonString(fig15)+`}`, http.StatusCreated)
	if !a.Waiting {
		t.Error("the first player is not told to wait")
	}
	command(t, s, a, "f", http.StatusConflict)
	b := gameDo(t, s, "POST", "/api/games/"+a.ID+"/join", "", http.StatusOK)
	if b.Seat != 1 || b.Player == a.Player || b.Waiting {
		t.Fatalf("joined %+v", b)
	}
	gameDo(t, s, "POST", "/api/games/"+a.ID+"/join", "", http.StatusConflict)
	a = command(t, s, a, "e", http.StatusOK)
	if a.Reply != "You step forward. Ahead: a wall. You hear footsteps to the west." {
		t.Errorf("a's reply %q", a.Reply)
	}
	command(t, s, a, "s", http.StatusConflict)
	b = command(t, s, b, "w", http.StatusOK)
	b = command(t, s, b, "a", http.StatusOK)
	if b.Reply != "You turn around. Ahead: an opening; you see 2 cells in a row, then a wall. A figure stands 2 cells ahead." || b.Perspective.Figure != 2 {
		t.Errorf("b's view %+v", b)
	}
	a = command(t, s, a, "s", http.StatusOK)
	b = gameDo(t, s, "GET", "/api/games/"+b.ID+"?player="+b.Player, "", http.StatusOK)
	if a.Outcome != "won" || b.Outcome != "lost" || b.Message != "The other player has reached the goal first." || b.Reveal == nil || len(b.Reveal.Path) != 2 {
		t.Errorf("a %+v\nb %+v", a, b)
	}
	gameDo(t, s, "GET", "/api/games/"+b.ID+"?player=nobody", "", http.StatusForbidden)
}

// A player who leaves, or stops asking, loses; abandoned games are
// reclaimed after GameIdle, and no more than MaxGames stay open.
func TestGameAbandoned(t *testing.T) {
	s := newTestServer(t, Options{MaxGames: 2, GameIdle: time.Minute, PlayerGone: 10 * time.Second})
	now := time.Unix(1000, 0)
	s.games.now = func() time.Time { return now }
	a := gameDo(t, s, "POST", "/api/games", `{"kind":"duo","size":"4x4"}`, http.StatusCreated)
	b := gameDo(t, s, "POST", "/api/games/"+a.ID+"/join", "", http.StatusOK)
	gameDo(t, s, "DELETE", "/api/games/"+a.ID+"?player="+a.Player, "", http.StatusOK)
	b = gameDo(t, s, "GET", "/api/games/"+b.ID+"?player="+b.Player, "", http.StatusOK)
	if b.Outcome != "won" || b.Message != "The other player has left the game; you win." {
		t.Errorf("after a left: %+v", b)
	}
	c := gameDo(t, s, "POST", "/api/games", `{"kind":"duo","size":"4x4"}`, http.StatusCreated)
	d := gameDo(t, s, "POST", "/api/games/"+c.ID+"/join", "", http.StatusOK)
	if code, body := do(t, s, "POST", "/api/games", `{"kind":"blind"}`); code != http.StatusTooManyRequests {
		t.Errorf("a third game: %d %s", code, body)
	}
	now = now.Add(15 * time.Second) // c has been silent 15 s
	d = gameDo(t, s, "GET", "/api/games/"+d.ID+"?player="+d.Player, "", http.StatusOK)
	if !d.Over || d.Outcome != "won" {
		t.Errorf("after c went silent: %+v", d)
	}
	now = now.Add(2 * time.Minute)
	gameDo(t, s, "GET", "/api/games/"+d.ID+"?player="+d.Player, "", http.StatusNotFound)
	gameDo(t, s, "POST", "/api/games", `{"kind":"blind"}`, http.StatusCreated)
	if n := len(s.games.games); n != 1 {
		t.Errorf("%d games kept, want 1", n)
	}
}

// Bad requests name what is valid; an unreachable goal is refused with
// the reason.
func TestGameBadInput(t *testing.T) {
	s := newTestServer(t, Options{})
	for _, c := range []struct{ body, want string }{
		{`{"kind":"chess"}`, `kind "chess": want one of blind, interpret, duo`},
		{`{"kind":"blind","opponent":"ghost"}`, `opponent: unknown opponent "ghost" (want one of catcher, racer)`},
		{`{"kind":"blind","opponent":"racer","opponent_walker":"left"}`, `opponent_walker: unknown walker "left" (want one of random, lru, tremaux)`},
		{`{"kind":"interpret","theme":"chess"}`, `theme: unknown theme "chess" (want one of trade, bureau, quiz)`},
		{`{"kind":"blind","maze":"+-+-+\n|.|.|\n+-+-+\n"}`, `the goal 0,1 cannot be reached from the start 0,0 (the start reaches 1 of 2 cells); no game`},
		{`{"kind":"blind","size":"0x3"}`, `size "0x3"`},
		{`{"kind":"duo","opponent":"racer"}`, `opponent: only the blind game has a computer opponent`},
		{`{"kind":"blind","braid":3}`, `braid: braid fraction 3`},
	} {
		code, body := do(t, s, "POST", "/api/games", c.body)
		if code != 400 || !strings.HasPrefix(errorOf(t, body), c.want) {
			t.Errorf("%s: %d %s, want 400 %q", c.body, code, body, c.want)
		}
	}
	gameDo(t, s, "GET", "/api/games/nope?player=x", "", http.StatusNotFound)
	gameDo(t, s, "POST", "/api/games/nope/join", "", http.StatusNotFound)
	st := gameDo(t, s, "POST", "/api/games", `{"kind":"blind","size":"3x3"}`, http.StatusCreated)
	gameDo(t, s, "POST", "/api/games/"+st.ID+"/join", "", http.StatusBadRequest)
	if code, body := do(t, s, "POST", "/api/games/"+st.ID+"/command", `{"player":"`+st.Player+`","command":"jump"}`); code != 400 || !strings.Contains(errorOf(t, body), "unknown command") {
		t.Errorf("jump: %d %s", code, body)
	}
}
