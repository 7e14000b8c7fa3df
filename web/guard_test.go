package web

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// send sends one real request to url with the headers (name, value, ...)
// and returns the status and the body.
func send(t *testing.T, method, url, body string, headers ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// TestOtherSitesRefused sends the requests of issue 37 to a real server:
// a page of another site can neither start a game nor stop one (403, by
// its Origin or its Sec-Fetch-Site), a body that is not application/json
// is refused (415) however its type begins, and the server's own page,
// an allowed origin and a client that is no browser (no Origin, no
// Sec-Fetch-Site) are served.
func TestOtherSitesRefused(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref", MaxGamesPerClient: 100, AllowOrigins: []string{"https://Friend.example:443"}})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	const game = `{"kind":"blind","size":"3x3"}`
	const js = "application/json"
	for _, tc := range []struct {
		name    string
		headers []string
		status  int
		msg     string
	}{
		{"cross-origin", []string{"Content-Type", js, "Origin", "http://evil.example"}, 403, "from origin http://evil.example refused"},
		{"cross-origin, same port", []string{"Content-Type", js, "Origin", strings.Replace(ts.URL, "127.0.0.1", "localhost", 1)}, 403, "refused"},
		{"opaque origin", []string{"Content-Type", js, "Origin", "null"}, 403, "from origin null refused"},
		{"not http", []string{"Content-Type", js, "Origin", "file://"}, 403, "refused"},
		{"cross-site fetch", []string{"Content-Type", js, "Sec-Fetch-Site", "cross-site"}, 403, "from a cross-site page refused"},
		{"same-site fetch", []string{"Content-Type", js, "Sec-Fetch-Site", "same-site"}, 403, "from a same-site page refused"},
		{"cross-origin form", []string{"Content-Type", "text/plain", "Origin", "http://evil.example"}, 403, "refused"},
		{"allowed origin, other port", []string{"Content-Type", js, "Origin", "https://friend.example:8443"}, 403, "refused"},
		{"no content type", nil, 415, `content type "": send application/json`},
		{"text/plain", []string{"Content-Type", "text/plain"}, 415, `content type "text/plain": send application/json`},
		{"a type that begins with application/json", []string{"Content-Type", "application/jsonpwhatever"}, 415, `content type "application/jsonpwhatever": send application/json`},
		{"malformed type", []string{"Content-Type", "application/json;;"}, 415, "send application/json"},
		{"same origin", []string{"Content-Type", js, "Origin", ts.URL, "Sec-Fetch-Site", "same-origin"}, 201, ""},
		{"same origin, charset", []string{"Content-Type", "application/json; charset=utf-8", "Origin", ts.URL}, 201, ""},
		{"same-origin fetch", []string{"Content-Type", js, "Sec-Fetch-Site", "same-origin"}, 201, ""},
		{"typed address", []string{"Content-Type", "Application/JSON", "Sec-Fetch-Site", "none"}, 201, ""},
		{"allowed origin", []string{"Content-Type", js, "Origin", "https://friend.example", "Sec-Fetch-Site", "cross-site"}, 201, ""},
		{"curl", []string{"Content-Type", js}, 201, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := send(t, "POST", ts.URL+"/api/games", game, tc.headers...)
			if code != tc.status {
				t.Fatalf("status %d (%s), want %d", code, body, tc.status)
			}
			if msg := tc.msg; msg != "" && !strings.Contains(errorOf(t, body), msg) {
				t.Errorf("error %q, want it to say %q", errorOf(t, body), msg)
			}
		})
	}

	// Nor may another site stop a job or a game (a body-less request
	// needs no content type).
	code, body := send(t, "POST", ts.URL+"/api/games", game, "Content-Type", js)
	if code != 201 {
		t.Fatalf("new game: %d %s", code, body)
	}
	var st struct{ ID, Player string }
	decodeInto(t, body, &st)
	leave := ts.URL + "/api/games/" + st.ID + "?player=" + st.Player
	if code, body := send(t, "DELETE", leave, "", "Origin", "http://evil.example"); code != 403 {
		t.Errorf("cross-origin DELETE: %d %s, want 403", code, body)
	}
	if code, body := send(t, "POST", ts.URL+"/api/games/"+st.ID+"/leave?player="+st.Player, "", "Sec-Fetch-Site", "cross-site"); code != 403 {
		t.Errorf("cross-site leave: %d %s, want 403", code, body)
	}
	if code, body := send(t, "DELETE", leave, "", "Origin", ts.URL); code != 200 {
		t.Errorf("same-origin DELETE: %d %s, want 200", code, body)
	}
	// Reading stays open to every site.
	if code, body := send(t, "GET", ts.URL+"/api/backends", "", "Origin", "http://evil.example", "Sec-Fetch-Site", "cross-site"); code != 200 {
		t.Errorf("cross-origin GET: %d %s, want 200", code, body)
	}
}

// decodeInto decodes a JSON body into v.
func decodeInto(t *testing.T, body string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
}

func TestAllowOriginsChecked(t *testing.T) {
	for _, o := range []string{"example.org", "ftp://example.org", "https://", "https://example.org/page", "https://example.org?x"} {
		if _, err := New(Options{AllowOrigins: []string{o}}); err == nil {
			t.Errorf("AllowOrigins %q accepted", o)
		}
	}
	for o, want := range map[string]string{"https://Example.org": "https://example.org", "http://example.org:80/": "http://example.org", "https://[::1]:443": "https://[::1]", "http://127.0.0.1:8080": "http://127.0.0.1:8080"} {
		if got, err := ParseOrigin(o); err != nil || got != want {
			t.Errorf("ParseOrigin(%q) = %q, %v; want %q", o, got, err, want)
		}
	}
}

// TestGamesPerClient fills one client's share of the game slots: its next
// game is refused with a 429 that says it is this client's limit, while
// another client still gets one; and a client at its limit whose games
// have ended gets a new one in place of them.
func TestGamesPerClient(t *testing.T) {
	s := newTestServer(t, Options{MaxGames: 16}) // a share of max(4, 16/8) = 4
	create := func(client string) (int, string) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"kind":"blind","maze":`+jsonString(fig15)+`}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = client
		s.Handler().ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	var games []gameState
	for i := 0; i < 4; i++ {
		code, body := create("192.0.2.1:1000")
		if code != 201 {
			t.Fatalf("game %d: %d %s", i+1, code, body)
		}
		var st gameState
		decodeInto(t, body, &st)
		games = append(games, st)
	}
	// The same client from another port is the same client.
	for i := 0; i < 20; i++ {
		code, body := create("192.0.2.1:2000")
		if code != 429 || !strings.Contains(errorOf(t, body), "you have 4 games open, this client's limit") {
			t.Fatalf("game %d of one client: %d %s, want 429 naming the client's limit", 5+i, code, body)
		}
	}
	if code, body := create("198.51.100.7:1000"); code != 201 {
		t.Fatalf("another client: %d %s, want 201", code, body)
	}
	if code, body := create("[2001:db8::1]:1000"); code != 201 {
		t.Fatalf("a third client: %d %s, want 201", code, body)
	}
	// The first client wins one game: its place goes to the next.
	command(t, s, games[0], "e", http.StatusOK)
	if st := command(t, s, games[0], "s", http.StatusOK); st.Outcome != "won" {
		t.Fatalf("the won game %+v", st)
	}
	if code, body := create("192.0.2.1:3000"); code != 201 {
		t.Fatalf("after a game ended: %d %s, want 201", code, body)
	}
	if code, _ := create("192.0.2.1:3000"); code != 429 {
		t.Fatalf("over the limit again: %d, want 429", code)
	}
}

// TestLogFailedRequests wants one log line per failed request (method,
// path, status, reason; not the query, which holds player tokens) and
// one per recovered panic, and none for a request served.
func TestLogFailedRequests(t *testing.T) {
	var buf bytes.Buffer
	s := newTestServer(t, Options{Log: log.New(&buf, "", 0)})
	s.mux.HandleFunc("GET /api/test-panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	do(t, s, "GET", "/api/backends", "")
	do(t, s, "GET", "/api/jobs/99", "")
	do(t, s, "GET", "/api/games/abc?player=secret", "")
	do(t, s, "POST", "/api/jobs", `{"kind":"bake"}`)
	do(t, s, "GET", "/api/test-panic", "")
	do(t, s, "GET", "/nothing.html", "")
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/games", strings.NewReader("{}"))
	req.Header.Set("Origin", "http://evil.example")
	s.Handler().ServeHTTP(rec, req)
	want := `GET /api/jobs/99: 404 no job "99"
GET /api/games/abc: 404 no game "abc" (it may have ended and been reclaimed)
POST /api/jobs: 400 kind "bake": want evolve or sweep
panic serving GET /api/test-panic: boom
GET /nothing.html: 404 404 page not found
POST /api/games: 403 POST /api/games from origin http://evil.example refused: only this server's own page may change its state (serve --allow-origin admits another)
`
	if got := buf.String(); got != want {
		t.Errorf("the log:\n%s\nwant:\n%s", got, want)
	}
	buf.Reset()
	do(t, s, "POST", "/api/parse", "{\"text\":\"x\\ny\"}\n")
	if got := buf.String(); strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "POST /api/parse: 400 ") {
		t.Errorf("a failure whose reason has a line break logs %q, want one line", got)
	}
}
