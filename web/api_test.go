package web

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// newTestServer returns a server with o and closes it after the test.
func newTestServer(t *testing.T, o Options) *Server {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// newTestHTTP is newTestServer behind an httptest server. At the end of
// the test the Server closes first, ending its jobs' event streams, then
// the HTTP server, which waits for its requests.
func newTestHTTP(t *testing.T, o Options) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(s.Close)
	return s, ts
}

// do sends one request to s and returns the status and body.
func do(t *testing.T, s *Server, method, path, body string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	s.Handler().ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// errorOf decodes an error body.
func errorOf(t *testing.T, body string) string {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal([]byte(body), &e); err != nil {
		t.Fatalf("error body %q is not JSON: %v", body, err)
	}
	return e.Error
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// emptyWithWall is the empty 13×13 board with the single wall at row 1,
// column 0, the example: the walk takes 182 turns (checked against
// the reference Walk in TestEvalMatchesWalk).
func emptyWithWall() string {
	m := mousemaze.NewMaze(13, 13)
	m.SetWall(1, 0, true)
	return m.String()
}

func TestEvalEndpoint(t *testing.T) {
	s := newTestServer(t, Options{})
	tests := []struct {
		name      string
		body      string
		turns     int64
		escaped   bool
		feasible  bool
		trapped   bool
		moves     int64
		truncated bool
		capped    bool
		reachable []string
	}{
		{"one wall on 13x13", `{"maze":` + jsonString(emptyWithWall()) + `}`, 182, true, true, false, 181, false, false, nil},
		// The thesis's optimal 3x3 maze: 12 turns, so 11 moves.
		{"thesis 3x3", `{"maze":"...\nX..\n...\n"}`, 12, true, true, false, 11, false, false, nil},
		// The same maze capped at 5 turns: 4 moves, no escape.
		{"capped", `{"maze":"...\nX..\n...\n","cap":5}`, 5, false, true, false, 4, false, true, nil},
		// Row 1 is all wall: the exit is cut off; row 0 is reachable.
		{"infeasible", `{"maze":"..\nXX\n..\n"}`, 0, false, false, false, 0, false, false, []string{"11", "00", "00"}},
		// The entry cell is a wall: nothing is reachable.
		{"entry walled", `{"maze":"X.\n..\n"}`, 0, false, false, false, 0, false, false, []string{"00", "00"}},
		// The smallest k=2 trap (testdata/kmod-traps.txt): 9 turns, cycle 5+4.
		{"k=2 trap", `{"maze":"..XX\nX.XX\n....\n","k":2}`, 9, false, true, true, 8, false, false, nil},
		// The 2x1 edge board with no walls: in, down, out = 3 turns, 2 moves.
		{"edge board", `{"maze":"+ +\n|.|\n+ +\n|.|\n+ +\n","edges":true}`, 3, true, true, false, 2, false, false, nil},
		// An edge board cut in two by the wall below (0,0): only the top
		// row is reachable.
		{"edge board cut", `{"maze":"+ +-+\n|. .|\n+-+-+\n|. .|\n+ +-+\n","edges":true}`, 0, false, false, false, 0, false, false, []string{"11", "00"}},
		// A k-mod walk on an edge board has no path.
		{"edge board k=2", `{"maze":"+ +\n|.|\n+ +\n|.|\n+ +\n","edges":true,"k":2}`, 3, true, true, false, 0, false, false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := do(t, s, "POST", "/api/eval", tc.body)
			if code != http.StatusOK {
				t.Fatalf("status %d, body %s", code, body)
			}
			var r evalResponse
			if err := json.Unmarshal([]byte(body), &r); err != nil {
				t.Fatal(err)
			}
			if r.Turns != tc.turns || r.Escaped != tc.escaped || r.Feasible != tc.feasible || r.Trapped != tc.trapped ||
				r.PathMoves != tc.moves || r.PathTruncated != tc.truncated || r.Capped != tc.capped {
				t.Errorf("turns %d escaped %v feasible %v trapped %v moves %d truncated %v capped %v; want %d %v %v %v %d %v %v",
					r.Turns, r.Escaped, r.Feasible, r.Trapped, r.PathMoves, r.PathTruncated, r.Capped,
					tc.turns, tc.escaped, tc.feasible, tc.trapped, tc.moves, tc.truncated, tc.capped)
			}
			if fmt.Sprint(r.Reachable) != fmt.Sprint(tc.reachable) {
				t.Errorf("reachable %q, want %q", r.Reachable, tc.reachable)
			}
			if r.Feasible && r.PathMoves > 0 {
				checkPath(t, r)
			}
		})
	}
}

// checkPath replays the compact path and wants it to stay on open cells,
// to give the response's heat map when it covers the whole walk, and to
// end on the exit when the mouse escapes.
func checkPath(t *testing.T, r evalResponse) {
	t.Helper()
	packed, err := base64.StdEncoding.DecodeString(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	heat := make([]uint32, r.Rows*r.Cols)
	row, col := 0, r.Entry
	heat[col] = 1
	dr := []int{1, 0, 0, -1}
	dc := []int{0, 1, -1, 0}
	for i := int64(0); i < r.PathMoves; i++ {
		d := packed[i/4] >> (2 * uint(i%4)) & 3
		row, col = row+dr[d], col+dc[d]
		if row == r.Rows && col == r.Exit && i == r.PathMoves-1 {
			break
		}
		if row < 0 || row >= r.Rows || col < 0 || col >= r.Cols {
			t.Fatalf("move %d leaves the grid at (%d,%d)", i, row, col)
		}
		heat[row*r.Cols+col]++
	}
	if r.Escaped && (row != r.Rows || col != r.Exit) {
		t.Errorf("the path ends at (%d,%d), want the exit below (%d,%d)", row, col, r.Rows-1, r.Exit)
	}
	if r.PathTruncated || r.K > 0 || r.Capped {
		return
	}
	for i, h := range heat {
		if h != r.Heat[i/r.Cols][i%r.Cols] {
			t.Fatalf("replayed heat of cell (%d,%d) is %d, the walk's is %d", i/r.Cols, i%r.Cols, h, r.Heat[i/r.Cols][i%r.Cols])
		}
	}
}

func TestEvalMatchesWalk(t *testing.T) {
	s := newTestServer(t, Options{})
	mazes, err := mousemaze.ParseFile("../testdata/thesis-mazes.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mazes {
		want, err := mousemaze.Walk(m, mousemaze.Config{Heat: true})
		if err != nil {
			t.Fatal(err)
		}
		code, body := do(t, s, "POST", "/api/eval", `{"maze":`+jsonString(m.String())+`}`)
		if code != http.StatusOK {
			t.Fatalf("%s: status %d %s", m.Size(), code, body)
		}
		var r evalResponse
		json.Unmarshal([]byte(body), &r)
		if r.Turns != want.Turns || r.PathMoves != want.Turns-1 {
			t.Errorf("%s: turns %d, path moves %d; the walk takes %d turns", m.Size(), r.Turns, r.PathMoves, want.Turns)
		}
		checkPath(t, r)
	}
	// The example: the single wall gives 182 turns in Walk too.
	m, _ := mousemaze.Parse(strings.NewReader(emptyWithWall()), "x")
	if res, _ := mousemaze.Walk(m[0], mousemaze.Config{}); res.Turns != 182 {
		t.Errorf("Walk of the single-wall board: %d turns, want 182", res.Turns)
	}
}

// TestEvalEdgePath walks the best 13x13 Mouse Maze 2 board through the
// API: 75,780 turns, and a path of 75,779 moves that replays its heat map.
func TestEvalEdgePath(t *testing.T) {
	s := newTestServer(t, Options{})
	data, err := galleryFiles.ReadFile("gallery/mm2-13x13-best.txt")
	if err != nil {
		t.Fatal(err)
	}
	code, body := do(t, s, "POST", "/api/eval", `{"edges":true,"maze":`+jsonString(string(data))+`}`)
	if code != 200 {
		t.Fatalf("status %d %s", code, body)
	}
	var r evalResponse
	json.Unmarshal([]byte(body), &r)
	if r.Turns != 75780 || r.PathMoves != 75779 || r.PathTruncated || !r.Escaped {
		t.Fatalf("turns %d, %d moves, truncated %v, escaped %v", r.Turns, r.PathMoves, r.PathTruncated, r.Escaped)
	}
	checkPath(t, r)
}

func TestEvalPathCap(t *testing.T) {
	s := newTestServer(t, Options{MaxPath: 10})
	code, body := do(t, s, "POST", "/api/eval", `{"maze":`+jsonString(emptyWithWall())+`}`)
	if code != http.StatusOK {
		t.Fatalf("status %d %s", code, body)
	}
	var r evalResponse
	json.Unmarshal([]byte(body), &r)
	// 10 moves of 181. Down is walled at (1,0), so the first move is right
	// (1); then down (0) comes first and column 1 is new: nine moves down.
	// Packed from the low bits: 0b00000001, 0, 0 = "AQAA".
	if r.Turns != 182 || r.PathMoves != 10 || !r.PathTruncated || r.Path != base64.StdEncoding.EncodeToString([]byte{0x01, 0x00, 0x00}) {
		t.Errorf("turns %d moves %d truncated %v path %q; want 182, 10, true, %q", r.Turns, r.PathMoves, r.PathTruncated, r.Path, "AQAA")
	}
}

func TestBadInput(t *testing.T) {
	s := newTestServer(t, Options{MaxBody: 1 << 10})
	tests := []struct {
		name, method, path, body string
		status                   int
		msg                      string
	}{
		{"malformed JSON", "POST", "/api/eval", `{"maze":`, 400, "malformed JSON: unexpected EOF"},
		{"empty body", "POST", "/api/eval", ``, 400, "malformed JSON: empty body"},
		{"trailing data", "POST", "/api/eval", `{"maze":"...\n"}{}`, 400, "malformed JSON: data after the JSON object"},
		{"unknown field", "POST", "/api/eval", `{"maze":"...\n","foo":1}`, 400, `malformed JSON: json: unknown field "foo"`},
		{"field in another case", "POST", "/api/eval", `{"maze":"...\n","Exit":1}`, 400, `malformed JSON: field "Exit": JSON field names are case-sensitive: the field is "exit"`},
		{"65 columns", "POST", "/api/eval", `{"maze":"` + strings.Repeat(".", 65) + `\n"}`, 400, "maze:1: too many columns: row has more than 64 cells"},
		{"ragged maze", "POST", "/api/eval", `{"maze":"...\n..\n"}`, 400, "maze:2: ragged row: row has 2 cells, want 3"},
		{"no maze", "POST", "/api/eval", `{"maze":"; only a comment\n"}`, 400, "maze: no maze in input"},
		{"two mazes", "POST", "/api/eval", `{"maze":"...\n\n...\n"}`, 400, "maze: want one maze, got 2"},
		{"exit outside", "POST", "/api/eval", `{"maze":"...\n","exit":3}`, 400, "maze:1: maze 0 is 1x3: invalid config: exit column 3 outside 0..2"},
		{"bad order", "POST", "/api/eval", `{"maze":"...\n","order":"DRLX"}`, 400, `order: invalid preference order: "DRLX": want a permutation of DRLU`},
		{"negative cap", "POST", "/api/eval", `{"maze":"...\n","cap":-1}`, 400, "cap -1: must be 0 or more"},
		{"cap over the server's", "POST", "/api/eval", `{"maze":"...\n","cap":100000001}`, 400, "cap 100000001: over the server's cap of 100000000 turns"},
		{"k too large", "POST", "/api/eval", `{"maze":"...\n","k":2000000000}`, 400, "k 2000000000: must be 0..1073741824"},
		{"unknown backend", "POST", "/api/eval", `{"maze":"...\n","backend":"nosuch"}`, 400, fmt.Sprintf("unknown backend %q (have %v)", "nosuch", mousemaze.Backends())},
		{"bad edge board", "POST", "/api/eval", `{"maze":"+ +\n|.|\n+ +\n+\n","edges":true}`, 400, "maze:4: ragged row: an edge maze has an odd number of lines (2·rows+1), not 4"},
		{"oversized body", "POST", "/api/eval", `{"maze":"` + strings.Repeat(".", 2000) + `"}`, 413, "request body over 1024 bytes"},
		{"wrong content", "POST", "/api/eval", "", 415, `content type "text/plain": send application/json`},
		{"parse ragged", "POST", "/api/parse", `{"text":"..\n.\n"}`, 400, "maze:2: ragged row: row has 1 cells, want 2"},
		{"unknown algorithm", "POST", "/api/jobs", `{"kind":"evolve","size":"5x5","algo":"foo","evals":10}`, 400, "algo \"foo\": want one of [random hill sa ea ga memetic ils pipeline]"},
		{"unknown kind", "POST", "/api/jobs", `{"kind":"bake","size":"5x5"}`, 400, `kind "bake": want evolve or sweep`},
		{"no size", "POST", "/api/jobs", `{"kind":"evolve","evals":10}`, 400, `size is required, such as "13x13"`},
		{"size 65", "POST", "/api/jobs", `{"kind":"evolve","size":"65x5","evals":10}`, 400, `size "65x5": grid dimensions out of range: 65x5 (each side must be 1..64)`},
		{"no budget", "POST", "/api/jobs", `{"kind":"evolve","size":"5x5"}`, 400, "evals 0: must be above 0"},
		{"budget over cap", "POST", "/api/jobs", `{"kind":"evolve","size":"5x5","evals":100000001}`, 400, "evals 100000001: over the server's cap of 100000000 per job"},
		{"entry outside", "POST", "/api/jobs", `{"kind":"evolve","size":"5x5","evals":10,"entry":5}`, 400, "invalid config: entry column 5 outside 0..4 on a 5x5 grid"},
		{"sweep too large", "POST", "/api/jobs", `{"kind":"sweep","size":"7x7"}`, 400, "size 7x7: 49 cells is too large for a sweep from the page (at most 36)"},
		{"sweep with evals", "POST", "/api/jobs", `{"kind":"sweep","size":"3x3","evals":5}`, 400, "algo, evals, pop, objective, backend and cap do not apply to a sweep"},
		{"edge sweep too large", "POST", "/api/jobs", `{"kind":"sweep","size":"5x5","edges":true}`, 400, "size 5x5: a board with 40 interior edges is too large for a sweep from the page (at most 24)"},
		{"unknown job", "GET", "/api/jobs/99", "", 404, `no job "99"`},
		{"stop unknown job", "DELETE", "/api/jobs/99", "", 404, `no job "99"`},
		{"events unknown job", "GET", "/api/jobs/99/events", "", 404, `no job "99"`},
		{"unknown endpoint", "GET", "/api/nothing", "", 404, "no API endpoint GET /api/nothing"},
		{"wrong method", "PUT", "/api/eval", "", 405, "method PUT not allowed on /api/eval (allowed: POST)"},
		{"post to a page", "POST", "/index.html", "", 405, "method POST not allowed on /index.html"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
			if tc.status == 415 {
				req.Header.Set("Content-Type", "text/plain")
			} else if tc.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			s.Handler().ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Errorf("status %d, want %d (body %s)", rec.Code, tc.status, rec.Body)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("content type %q, want application/json", ct)
			}
			if got := errorOf(t, rec.Body.String()); got != tc.msg {
				t.Errorf("error %q\nwant     %q", got, tc.msg)
			}
		})
	}
}

func TestRecoverGivesJSON500(t *testing.T) {
	s := newTestServer(t, Options{})
	s.mux.HandleFunc("GET /api/test-panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	code, body := do(t, s, "GET", "/api/test-panic", "")
	if code != 500 || errorOf(t, body) != "internal error" {
		t.Errorf("panic gave %d %s, want 500 internal error", code, body)
	}
}

func TestGallery(t *testing.T) {
	s := newTestServer(t, Options{})
	code, body := do(t, s, "GET", "/api/gallery", "")
	if code != 200 {
		t.Fatalf("status %d", code)
	}
	var entries []GalleryEntry
	if err := json.Unmarshal([]byte(body), &entries); err != nil {
		t.Fatal(err)
	}
	// The thesis's 3x3..9x9 (testdata/thesis-mazes.txt), the project's
	// records 6x6..17x17 (testdata/records.txt), the best 13x13
	// Mouse Maze 2 board and the k = 2, 4…8 traps, with the turns their
	// files' comments give.
	want := []string{
		"thesis-mazes-0 3x3 12", "thesis-mazes-1 4x4 27", "thesis-mazes-2 5x5 54", "thesis-mazes-3 6x6 117",
		"thesis-mazes-4 7x7 332", "thesis-mazes-5 8x8 647", "thesis-mazes-6 9x9 1160",
		"records-0 6x6 117", "records-1 7x7 332", "records-2 8x8 669", "records-3 9x9 1788", "records-4 10x10 2701",
		"records-5 11x11 5932", "records-6 12x12 14943", "records-7 13x13 37710", "records-8 14x14 77941",
		"records-9 15x15 180916", "records-10 16x16 250747", "records-11 17x17 454082",
		"records-12 18x18 1610031", "records-13 19x19 5293378", "records-14 20x20 7664905",
		"mm2-13x13-best-0 13x13 75780 edges",
		"kmod-traps-0 3x4 9 k=2 trapped", "kmod-traps-1 4x5 30 k=4 trapped", "kmod-traps-2 4x5 38 k=5 trapped",
		"kmod-traps-3 4x6 44 k=6 trapped", "kmod-traps-4 4x6 76 k=7 trapped", "kmod-traps-5 5x6 63 k=8 trapped",
	}
	var got []string
	for _, e := range entries {
		s := fmt.Sprintf("%s %dx%d %d", e.ID, e.Rows, e.Cols, e.Turns)
		if e.Edges {
			s += " edges"
		}
		if e.K > 0 {
			s += fmt.Sprintf(" k=%d", e.K)
		}
		if e.Trapped {
			s += " trapped"
		}
		got = append(got, s)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("gallery:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGalleryCopiesCurrent wants the embedded gallery files to equal the
// repository's testdata files they copy.
func TestGalleryCopiesCurrent(t *testing.T) {
	for _, src := range gallerySources {
		want, err := os.ReadFile(filepath.Join("..", src.repo))
		if err != nil {
			t.Fatal(err)
		}
		got, err := galleryFiles.ReadFile("gallery/" + src.file)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("web/gallery/%s differs from %s: copy it again", src.file, src.repo)
		}
	}
}

func TestParseEndpoint(t *testing.T) {
	s := newTestServer(t, Options{})
	tests := []struct{ name, body, want string }{
		{"grid", `{"text":"; c\n.X\n..\n\n...\n"}`, `{"mazes":[{"rows":2,"cols":2,"edges":false,"line":2,"walls":[".X",".."]},{"rows":1,"cols":3,"edges":false,"line":5,"walls":["..."]}]}`},
		// A 2x2 board with a wall right of (0,0) and one below (0,1).
		{"edges detected", `{"text":"+ +-+\n|.|.|\n+ +-+\n|. .|\n+ +-+\n"}`, `{"mazes":[{"rows":2,"cols":2,"edges":true,"line":1,"right":["10","00"],"down":["01","00"]}]}`},
	}
	for _, tc := range tests {
		code, body := do(t, s, "POST", "/api/parse", tc.body)
		if code != 200 || strings.TrimSpace(body) != tc.want {
			t.Errorf("%s: %d %s\nwant %s", tc.name, code, body, tc.want)
		}
	}
}

// readEvents reads a job's event stream to its end and returns the
// events' names and their last status.
func readEvents(t *testing.T, url string) ([]string, JobStatus) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	var names []string
	var last JobStatus
	points := 0
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			names = append(names, strings.TrimPrefix(line, "event: "))
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &last); err != nil {
				t.Fatal(err)
			}
			points += len(last.Points)
		}
	}
	last.Points = make([][2]int64, points) // only the count matters here
	return names, last
}

func startJob(t *testing.T, base, body string) JobStatus {
	t.Helper()
	resp, err := http.Post(base+"/api/jobs", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st JobStatus
	json.NewDecoder(resp.Body).Decode(&st)
	if resp.StatusCode != http.StatusCreated || resp.Header.Get("Location") != "/api/jobs/"+st.ID {
		t.Fatalf("start: status %d, location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	return st
}

func TestEvolveJob(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref"})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	st := startJob(t, ts.URL, `{"kind":"evolve","size":"5x5","algo":"memetic","evals":20000,"seed":3}`)
	names, last := readEvents(t, ts.URL+"/api/jobs/"+st.ID+"/events")
	if len(names) < 2 || names[0] != "progress" || names[len(names)-1] != "done" {
		t.Errorf("events %v: want progress … done", names)
	}
	// The same search run directly with the dispatch package.
	p, _ := dispatch.Preset("memetic")
	p.Rows, p.Cols, p.Evals, p.Seed, p.Order = 5, 5, 20000, 3, "DRLU"
	turns, maze, evals, _, _ := runDirect(t, p)
	if last.State != "done" || last.Event != "done" || last.Evals != evals || last.BestTurns != turns ||
		last.BestMaze != maze || last.BestVisits != last.BestTurns-2 || last.Budget != 20000 {
		t.Errorf("job ended %s/%s after %d evals with %d turns:\n%s\nthe search: %d evals, %d turns:\n%s",
			last.State, last.Event, last.Evals, last.BestTurns, last.BestMaze, evals, turns, maze)
	}
	if len(last.Points) < 2 {
		t.Errorf("%d chart points, want at least 2", len(last.Points))
	}
	// GET gives the same final state.
	code, body := do(t, s, "GET", "/api/jobs/"+st.ID, "")
	var got JobStatus
	json.Unmarshal([]byte(body), &got)
	if code != 200 || got.State != "done" || got.BestTurns != last.BestTurns {
		t.Errorf("GET after the end: %d %s", code, body)
	}
	code, body = do(t, s, "GET", "/api/jobs", "")
	var list []JobStatus
	json.Unmarshal([]byte(body), &list)
	if code != 200 || len(list) != 1 || list[0].ID != st.ID {
		t.Errorf("GET /api/jobs: %d %s", code, body)
	}
}

func TestSweepJob(t *testing.T) {
	s := newTestServer(t, Options{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	st := startJob(t, ts.URL, `{"kind":"sweep","size":"3x3"}`)
	_, last := readEvents(t, ts.URL+"/api/jobs/"+st.ID+"/events")
	// The 3x3 optimum is 12 turns, reached by the thesis's maze only.
	if last.State != "done" || last.BestTurns != 12 || last.BestMaze != "...\nX..\n...\n" || last.Sweep == nil || last.Sweep.OptimumTurns != 12 {
		t.Errorf("sweep 3x3: %s, %d turns, maze %q", last.State, last.BestTurns, last.BestMaze)
	}
	st = startJob(t, ts.URL, `{"kind":"sweep","size":"3x3","edges":true}`)
	_, last = readEvents(t, ts.URL+"/api/jobs/"+st.ID+"/events")
	// The 3x3 Mouse Maze 2 optimum is 20 turns (docs/variants.md).
	if last.State != "done" || last.BestTurns != 20 {
		t.Errorf("edge sweep 3x3: %s, %d turns", last.State, last.BestTurns)
	}
}

// waitState polls a job until it leaves the running state.
func waitState(t *testing.T, s *Server, id string) JobStatus {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		j, err := s.lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := j.snapshot(0)
		if st.State != stateRunning {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("job %s still running", id)
	return JobStatus{}
}

func TestJobLimitsAndStops(t *testing.T) {
	s := newTestServer(t, Options{MaxJobs: 1, Backend: "ref"})
	long := `{"kind":"evolve","size":"13x13","evals":100000000}`
	code, body := do(t, s, "POST", "/api/jobs", long)
	if code != 201 {
		t.Fatalf("start: %d %s", code, body)
	}
	var first JobStatus
	json.Unmarshal([]byte(body), &first)
	code, body = do(t, s, "POST", "/api/jobs", long)
	if want := "too many jobs: 1 running, the server allows 1 (--max-jobs); stop one first"; code != 429 || errorOf(t, body) != want {
		t.Errorf("second job: %d %s, want 429 %q", code, body, want)
	}
	code, body = do(t, s, "DELETE", "/api/jobs/"+first.ID, "")
	var stopped JobStatus
	json.Unmarshal([]byte(body), &stopped)
	if code != 200 || stopped.State != "stopped" || stopped.Event != "interrupted" || stopped.Error != "stopped by a client" {
		t.Errorf("DELETE: %d %s", code, body)
	}
	// With the first stopped, a new job may start.
	code, body = do(t, s, "POST", "/api/jobs", long)
	if code != 201 {
		t.Fatalf("after the stop: %d %s", code, body)
	}
	var second JobStatus
	json.Unmarshal([]byte(body), &second)
	s.Close() // shutting down cancels it
	if st := waitState(t, s, second.ID); st.State != "stopped" || st.Error != "stopped: the server is shutting down" {
		t.Errorf("after Close: %s %q", st.State, st.Error)
	}
	code, body = do(t, s, "POST", "/api/jobs", long)
	if code != 503 || errorOf(t, body) != "the server is shutting down" {
		t.Errorf("start after Close: %d %s", code, body)
	}
}

func TestIdleJobStops(t *testing.T) {
	s := newTestServer(t, Options{IdleTimeout: 100 * time.Millisecond, Backend: "ref"})
	code, body := do(t, s, "POST", "/api/jobs", `{"kind":"evolve","size":"13x13","evals":100000000}`)
	if code != 201 {
		t.Fatalf("start: %d %s", code, body)
	}
	var st JobStatus
	json.Unmarshal([]byte(body), &st)
	start := time.Now()
	got := waitState(t, s, st.ID)
	if got.State != "stopped" || got.Error != "stopped: no client watched it for 100ms" {
		t.Errorf("idle job: %s %q", got.State, got.Error)
	}
	if d := time.Since(start); d < 100*time.Millisecond {
		t.Errorf("stopped after %v, before the idle timeout", d)
	}
}

func TestStaticFiles(t *testing.T) {
	s := newTestServer(t, Options{})
	code, body := do(t, s, "GET", "/", "")
	if code != 200 || !strings.Contains(body, `<script type="module" src="js/app.js"></script>`) {
		t.Errorf("GET /: %d", code)
	}
	// There is no build step: the page is the embedded files themselves.
	// Every module an embedded script imports must be embedded too.
	entries, err := staticFiles.ReadDir("static/js")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		src, _ := staticFiles.ReadFile("static/js/" + e.Name())
		for _, line := range strings.Split(string(src), "\n") {
			i := strings.Index(line, `from "./`)
			if !strings.HasPrefix(line, "import ") || i < 0 {
				continue
			}
			name := strings.TrimSuffix(line[i+len(`from "./`):], `";`)
			if _, err := staticFiles.ReadFile("static/js/" + name); err != nil {
				t.Errorf("%s imports %s, which is not embedded", e.Name(), name)
			}
		}
		code, _ := do(t, s, "GET", "/js/"+e.Name(), "")
		if code != 200 {
			t.Errorf("GET /js/%s: %d", e.Name(), code)
		}
	}
}
