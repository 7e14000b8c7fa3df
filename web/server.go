package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/mousemaze/mousemaze/internal/jsonkeys"
)

//go:embed static
var staticFiles embed.FS

// Options configure a Server. The zero value of a field means its default.
type Options struct {
	// Backend is the evaluator a request gets when it names none ("auto").
	Backend string
	// Workers is the CPU worker count of the evaluators (0 = one per CPU).
	Workers int
	// MaxJobs is how many jobs may run at once (default 2).
	MaxJobs int
	// MaxEvals caps the budget of one evolve job (default 100,000,000),
	// and the neighbours one scan of its polish may evaluate.
	MaxEvals int64
	// MaxPop caps the population of one evolve job: Pop, and Pop ×
	// Islands for memetic (default 100,000).
	MaxPop int
	// MaxCells caps the cells (rows × columns) of an evolve job's grid or
	// board (default 4096: every size the format allows, 64×64).
	MaxCells int
	// MaxMemory caps the bytes an evolve job's populations and climbs
	// are estimated to hold (default 1 GiB); see searchBytes.
	MaxMemory int64
	// MaxSweepCells caps the cells of a sweep job's grid (default 36: 6×6
	// takes seconds, 7×7 takes hours).
	MaxSweepCells int
	// MaxBody caps a request body in bytes (default 256 KiB).
	MaxBody int64
	// MaxPath caps the moves of the path /api/eval returns (default
	// 1,000,000).
	MaxPath int
	// WalkCap caps the turns of a walk (default 100,000,000, a few
	// seconds): a request that sets no cap gets this one, and one that
	// sets a larger cap is refused, so that no request walks for long.
	WalkCap int64
	// IdleTimeout is how long a job runs on once no client watches it
	// (default 30 s).
	IdleTimeout time.Duration
	// BodyTimeout is the most time a request's body may take to arrive
	// once its headers have (default 30 s): a client that sends a body
	// slowly, or never finishes it, holds no connection longer.
	BodyTimeout time.Duration
	// MaxGames caps the maze games open at once (default 100).
	MaxGames int
	// GameIdle is how long a maze game may go untouched before it is
	// reclaimed (default 30 min).
	GameIdle time.Duration
	// PlayerGone is how long a player of a two-player game may stay
	// silent (the page asks every second) before he has left and the
	// other wins (default 20 s).
	PlayerGone time.Duration
	// MaxGamesPerClient caps the maze games one client (one remote IP
	// address) may hold open at once, so that no client can take every
	// slot of MaxGames (default max(4, MaxGames/8)).
	MaxGamesPerClient int
	// AllowOrigins are the origins (scheme://host[:port], such as
	// "https://example.org") other than the server's own whose pages may
	// send state-changing requests (POST, PUT, PATCH, DELETE). A request
	// from any other site is refused; see Server.Handler.
	AllowOrigins []string
	// Log receives one line per failing request (method, path, status
	// and reason) and per recovered panic (default: discarded).
	Log *log.Logger
}

func (o Options) withDefaults() Options {
	if o.Backend == "" {
		o.Backend = "auto"
	}
	if o.MaxJobs <= 0 {
		o.MaxJobs = 2
	}
	if o.MaxEvals <= 0 {
		o.MaxEvals = 100_000_000
	}
	if o.MaxPop <= 0 {
		o.MaxPop = 100_000
	}
	if o.MaxCells <= 0 {
		o.MaxCells = 64 * 64
	}
	if o.MaxMemory <= 0 {
		o.MaxMemory = 1 << 30
	}
	if o.MaxSweepCells <= 0 {
		o.MaxSweepCells = 36
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 256 << 10
	}
	if o.MaxPath <= 0 {
		o.MaxPath = 1_000_000
	}
	if o.WalkCap <= 0 {
		o.WalkCap = 100_000_000
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = 30 * time.Second
	}
	if o.BodyTimeout <= 0 {
		o.BodyTimeout = 30 * time.Second
	}
	if o.MaxGames <= 0 {
		o.MaxGames = 100
	}
	if o.GameIdle <= 0 {
		o.GameIdle = 30 * time.Minute
	}
	if o.PlayerGone <= 0 {
		o.PlayerGone = 20 * time.Second
	}
	if o.MaxGamesPerClient <= 0 {
		o.MaxGamesPerClient = max(4, o.MaxGames/8)
	}
	if o.Log == nil {
		o.Log = log.New(io.Discard, "", 0)
	}
	return o
}

// Server holds the jobs and serves the page and the API. Close cancels
// every job.
type Server struct {
	opts    Options
	mux     *http.ServeMux
	ctx     context.Context
	cancel  context.CancelFunc
	gallery []GalleryEntry

	mu     sync.Mutex
	jobs   map[string]*job
	order  []string // job ids, oldest first
	nextID int
	// building counts the jobs admitted (a slot taken under --max-jobs)
	// whose search is being built.
	building int
	wg       sync.WaitGroup

	evals evaluators
	games *gameTable
	// allowOrigins are Options.AllowOrigins, normalised by
	// normalOrigin.
	allowOrigins map[string]bool
	// loopbackOnly is set by Serve on a loopback address: requests must
	// then name a loopback host (see Handler).
	loopbackOnly atomic.Bool
}

// New returns a Server with the options o.
func New(o Options) (*Server, error) {
	o = o.withDefaults()
	allow, err := parseOrigins(o.AllowOrigins)
	if err != nil {
		return nil, err
	}
	gal, err := loadGallery()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{opts: o, mux: http.NewServeMux(), ctx: ctx, cancel: cancel, gallery: gal, jobs: map[string]*job{}, games: newGameTable(o), allowOrigins: allow}
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		cancel()
		return nil, err
	}
	files := http.FileServer(http.FS(static))
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed on %s", r.Method, r.URL.Path))
			return
		}
		files.ServeHTTP(w, r)
	})
	s.mux.HandleFunc("GET /api/gallery", s.handleGallery)
	s.mux.HandleFunc("GET /api/backends", s.handleBackends)
	s.mux.HandleFunc("POST /api/parse", s.handleParse)
	s.mux.HandleFunc("POST /api/eval", s.handleEval)
	s.mux.HandleFunc("POST /api/jobs", s.handleStartJob)
	s.mux.HandleFunc("GET /api/jobs", s.handleListJobs)
	s.mux.HandleFunc("GET /api/jobs/{id}", s.handleGetJob)
	s.mux.HandleFunc("GET /api/jobs/{id}/events", s.handleEvents)
	s.mux.HandleFunc("DELETE /api/jobs/{id}", s.handleStopJob)
	s.mux.HandleFunc("POST /api/games", s.handleNewGame)
	s.mux.HandleFunc("GET /api/games/{id}", s.handleGetGame)
	s.mux.HandleFunc("POST /api/games/{id}/join", s.handleJoinGame)
	s.mux.HandleFunc("POST /api/games/{id}/command", s.handleGameCommand)
	s.mux.HandleFunc("DELETE /api/games/{id}", s.handleLeaveGame)
	s.mux.HandleFunc("POST /api/games/{id}/leave", s.handleLeaveGame)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if allow := s.allowed(r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed on %s (allowed: %s)", r.Method, r.URL.Path, strings.Join(allow, ", ")))
			return
		}
		writeError(w, http.StatusNotFound, fmt.Sprintf("no API endpoint %s %s", r.Method, r.URL.Path))
	})
	return s, nil
}

// allowed returns the methods that have a route for r's path, other than
// the catch-all "/api/": the Allow header of a 405.
func (s *Server) allowed(r *http.Request) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "/api/" && pattern != "" {
			allow = append(allow, m)
		}
	}
	return allow
}

// backendsResponse is the body of GET /api/backends.
type backendsResponse struct {
	// Backends are the evaluator backends built into this binary (not
	// "auto", which every server takes).
	Backends []string `json:"backends"`
}

// handleBackends lists the backends built into this binary, so that the
// page offers no other.
func (s *Server) handleBackends(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, backendsResponse{Backends: builtBackends()})
}

// Handler returns the server's HTTP handler: the routes behind a recover
// guard, a cap on request bodies and on the time they take to arrive
// (Options.BodyTimeout), a guard against requests from other sites
// (checkRequest) and a log line for every failed request. Served on a
// loopback address (Serve), it also refuses (421) a request whose Host is
// not a loopback name, which a page under another name that resolves to
// this machine (DNS rebinding) would send.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lw := &logWriter{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				lw.logged = true // this line, not the 500's
				s.opts.Log.Printf("panic serving %s %s: %v", r.Method, oneLine(r.URL.Path), v)
				writeError(lw, http.StatusInternalServerError, "internal error")
			}
			if lw.status >= 400 && !lw.logged {
				s.opts.Log.Printf("%s %s: %d %s", r.Method, oneLine(r.URL.Path), lw.status, lw.reason())
			}
		}()
		if s.loopbackOnly.Load() && !loopbackHost(r.Host) {
			writeError(lw, http.StatusMisdirectedRequest, fmt.Sprintf("host %q refused: this server listens on a loopback address and answers requests for localhost only (a page that reaches it under another name may be a DNS rebinding attack); serve --addr on another address to serve other names", oneLine(r.Host)))
			return
		}
		if r.Body != nil {
			if r.ContentLength != 0 {
				r.Body = newDeadlineBody(w, r.Body, s.opts.BodyTimeout)
			}
			r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxBody)
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if err := s.checkRequest(r); err != nil {
			writeError(lw, err.status, err.msg)
			return
		}
		s.mux.ServeHTTP(lw, r)
	})
}

// loopbackHost reports whether host, a request's Host (host[:port]),
// names this machine: localhost or a loopback address.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return IsLoopback(strings.ToLower(strings.TrimSuffix(host, ".")))
}

// deadlineBody is a request body that must arrive within a time: reading
// it past the deadline fails, and the connection ends. Once the whole
// body is read the deadline is lifted, so that it cannot cut a long
// answer short.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

// newDeadlineBody sets the read deadline of w's connection timeout from
// now and returns body, which lifts it at its end. Where the connection
// takes no deadline (a test's recorder), body is returned as it is.
func newDeadlineBody(w http.ResponseWriter, body io.ReadCloser, timeout time.Duration) io.ReadCloser {
	rc := http.NewResponseController(w)
	if rc.SetReadDeadline(time.Now().Add(timeout)) != nil {
		return body
	}
	return &deadlineBody{ReadCloser: body, rc: rc}
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// logWriter is a ResponseWriter that remembers the status and, for a
// failure, the start of the body: the reason of the log line.
type logWriter struct {
	http.ResponseWriter
	status int
	body   []byte
	logged bool // the failure is logged already
}

// maxReason caps the bytes of a failure's body that logWriter keeps.
const maxReason = 512

func (w *logWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *logWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	if w.status >= 400 && len(w.body) < maxReason {
		w.body = append(w.body, p[:min(len(p), maxReason-len(w.body))]...)
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection (to flush the
// event streams).
func (w *logWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// reason is the failure's error message: the "error" of a JSON error
// body, or the body's text, on one line.
func (w *logWriter) reason() string {
	var e errorBody
	if json.Unmarshal(w.body, &e) == nil && e.Error != "" {
		return oneLine(e.Error)
	}
	return oneLine(strings.TrimSpace(string(w.body)))
}

// oneLine returns s, quoted when it holds a character that is not
// printable (a line break), so that a log entry stays on one line.
func oneLine(s string) string {
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return strconv.Quote(s)
		}
	}
	return s
}

// stateChanging reports whether a request of this method may change the
// server's state: the methods that must come from the server's own page.
func stateChanging(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// checkRequest refuses a state-changing request that another site's page
// may have sent: one whose Origin is neither the server's own (the
// request's Host, over http or https) nor one of Options.AllowOrigins
// (403), or, without an Origin, whose Sec-Fetch-Site is other than
// same-origin or none (403); and one with a body that is not
// application/json (415), which a page of another site could otherwise
// send as a form without asking first. A request with neither header
// (curl, a script) is not a browser's and passes.
func (s *Server) checkRequest(r *http.Request) *httpError {
	if !stateChanging(r.Method) {
		return nil
	}
	origin := r.Header.Get("Origin")
	site := r.Header.Get("Sec-Fetch-Site")
	switch {
	case origin != "":
		o, err := normalOrigin(origin)
		if err != nil || (o != normalHost(r.Host, o) && !s.allowOrigins[o]) {
			return &httpError{status: http.StatusForbidden, msg: fmt.Sprintf("%s %s from origin %s refused: only this server's own page may change its state (serve --allow-origin admits another)", r.Method, r.URL.Path, oneLine(origin))}
		}
	case site != "" && site != "same-origin" && site != "none":
		return &httpError{status: http.StatusForbidden, msg: fmt.Sprintf("%s %s from a %s page refused: only this server's own page may change its state", r.Method, r.URL.Path, oneLine(site))}
	}
	if r.ContentLength != 0 {
		ct := r.Header.Get("Content-Type")
		if !isJSON(ct) {
			return &httpError{status: http.StatusUnsupportedMediaType, msg: fmt.Sprintf("content type %q: send application/json", ct)}
		}
	}
	return nil
}

// ParseOrigin checks an origin for Options.AllowOrigins: http:// or
// https://, a host, an optional port and nothing more. It returns the
// origin as the server compares it: in lower case, without the scheme's
// default port.
func ParseOrigin(o string) (string, error) {
	return normalOrigin(o)
}

// normalOrigin returns the origin o as scheme://host[:port] in lower case
// without the scheme's default port; it must be http or https with a host
// and nothing after it.
func normalOrigin(o string) (string, error) {
	u, err := url.Parse(o)
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("origin %q: want http:// or https://", o)
	}
	if u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("origin %q: want scheme://host[:port] and nothing more", o)
	}
	return u.Scheme + "://" + normalHostPort(u.Scheme, u.Host), nil
}

// normalHost returns the origin the request's Host would have under the
// scheme of origin o (the server cannot know which scheme a proxy in
// front of it serves, so either passes).
func normalHost(host, o string) string {
	scheme, _, _ := strings.Cut(o, "://")
	return scheme + "://" + normalHostPort(scheme, host)
}

// normalHostPort lower-cases host and drops the scheme's default port.
func normalHostPort(scheme, host string) string {
	host = strings.ToLower(host)
	if h, port, err := net.SplitHostPort(host); err == nil && (scheme == "http" && port == "80" || scheme == "https" && port == "443") {
		if strings.Contains(h, ":") {
			return "[" + h + "]"
		}
		return h
	}
	return host
}

// parseOrigins normalises the allowed origins.
func parseOrigins(origins []string) (map[string]bool, error) {
	m := map[string]bool{}
	for _, o := range origins {
		n, err := normalOrigin(o)
		if err != nil {
			return nil, err
		}
		m[n] = true
	}
	return m, nil
}

// Close cancels every job, waits for them to end and closes the server's
// evaluators. It may be called more than once.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
	if err := s.evals.closeAll(); err != nil {
		s.opts.Log.Printf("closing the evaluators: %v", err)
	}
}

// errorBody is the JSON body of every error response.
type errorBody struct {
	Error string `json:"error"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// httpError is an error with the status it is answered with.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func badRequest(format string, a ...any) error {
	return &httpError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, a...)}
}

// fail answers err: its own status for an httpError, 500 otherwise.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var he *httpError
	if errors.As(err, &he) {
		writeError(w, he.status, he.msg)
		return
	}
	writeError(w, http.StatusInternalServerError, err.Error())
}

// jsonKind names the JSON value a Go type is read from.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}

// decodeAnd decodes the request body into a Q and runs f on it; on an
// error from either it answers the error and returns ok false.
func decodeAnd[Q, A any](s *Server, w http.ResponseWriter, r *http.Request, f func(Q) (A, error)) (a A, ok bool) {
	var req Q
	err := decode(r, &req)
	if err == nil {
		a, err = f(req)
	}
	if err != nil {
		s.fail(w, r, err)
		return a, false
	}
	return a, true
}

// decode reads the request body as one JSON object into v, rejecting
// unknown fields, fields named in another case (jsonkeys), trailing data
// and bodies over the cap.
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !isJSON(ct) {
		return &httpError{status: http.StatusUnsupportedMediaType, msg: fmt.Sprintf("content type %q: send application/json", ct)}
	}
	body, err := io.ReadAll(r.Body)
	if err == nil {
		if err = jsonkeys.Check(body, v); err != nil {
			return badRequest("malformed JSON: %v", err)
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		err = dec.Decode(v)
		if err == nil && dec.More() {
			err = errors.New("data after the JSON object")
		}
	}
	var tooBig *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		return &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body over %d bytes", tooBig.Limit)}
	case errors.Is(err, io.EOF):
		return badRequest("malformed JSON: empty body")
	case errors.As(err, &typeErr) && typeErr.Field != "":
		// Name the field as the client sent it, not the Go struct path.
		field := typeErr.Field
		if i := strings.LastIndexByte(field, '.'); i >= 0 && !strings.HasPrefix(field, "spec.") {
			field = field[i+1:]
		}
		if k := typeErr.Type.Kind(); k >= reflect.Uint && k <= reflect.Uint64 && strings.HasPrefix(typeErr.Value, "number -") {
			return badRequest("%s %s: must be 0 or more", field, strings.TrimPrefix(typeErr.Value, "number "))
		}
		return badRequest("malformed JSON: %s: want %s, not a JSON %s", field, jsonKind(typeErr.Type), typeErr.Value)
	default:
		return badRequest("malformed JSON: %v", err)
	}
}

// isJSON reports whether the content type ct is application/json, with
// or without parameters.
func isJSON(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
}

// jsonLine writes v as one line of JSON.
func jsonLine(w io.Writer, v any) error {
	return json.NewEncoder(w).Encode(v)
}
