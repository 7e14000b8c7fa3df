package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serveLoopback runs s.Serve on a loopback port until the test ends and
// returns the port.
func serveLoopback(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
}

// TestServeLoopbackHosts wants a server on a loopback address to answer
// requests for localhost and loopback addresses, and to refuse (421) any
// other Host, as a page rebound to this machine under its own name would
// send it, reads (GET) as well as writes.
func TestServeLoopbackHosts(t *testing.T) {
	port := serveLoopback(t, newTestServer(t, Options{}))
	for _, tc := range []struct {
		host, method string
		want         int
	}{
		{"127.0.0.1:" + port, http.MethodGet, http.StatusOK},
		{"localhost:" + port, http.MethodGet, http.StatusOK},
		{"LOCALHOST", http.MethodGet, http.StatusOK},
		{"[::1]:" + port, http.MethodGet, http.StatusOK},
		{"evil.example:" + port, http.MethodGet, http.StatusMisdirectedRequest},
		{"evil.example:" + port, http.MethodPost, http.StatusMisdirectedRequest},
		{"10.0.0.1", http.MethodGet, http.StatusMisdirectedRequest},
	} {
		body := ""
		if tc.method == http.MethodPost {
			body = `{"maze":"..\n.."}`
		}
		req, err := http.NewRequest(tc.method, "http://127.0.0.1:"+port+"/api/eval", strings.NewReader(body))
		if tc.method == http.MethodGet {
			req, err = http.NewRequest(tc.method, "http://127.0.0.1:"+port+"/api/jobs", nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		req.Host = tc.host
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s with Host %q: status %d, want %d", tc.method, tc.host, resp.StatusCode, tc.want)
		}
	}
}

// TestServeBodyTimeout sends a request whose body never finishes and
// wants the server to give up on it within its BodyTimeout (a 400, or
// the connection closed), where it used to wait for ever.
func TestServeBodyTimeout(t *testing.T) {
	port := serveLoopback(t, newTestServer(t, Options{BodyTimeout: 300 * time.Millisecond}))
	conn, err := net.Dial("tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	fmt.Fprintf(conn, "POST /api/eval HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"maze\":\"...", port)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(conn).ReadString('\n')
	took := time.Since(start)
	if took > 5*time.Second {
		t.Fatalf("the server held the unfinished body for %v", took)
	}
	if err == nil && !strings.Contains(line, "400") && !strings.Contains(line, "408") {
		t.Errorf("answer %q to an unfinished body, want 400 or 408 or the connection closed", line)
	}
}

// TestJobPolishCap wants a job's finishing climb, which runs past the
// budget, stopped at the server's cap (here 100,000 evaluations: the
// server's MaxEvals) and the job reported done with its best and a note,
// where a budget of a few evaluations used to buy a climb of hours.
func TestJobPolishCap(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref", MaxEvals: 100_000})
	code, body := do(t, s, "POST", "/api/jobs", `{"kind":"evolve","size":"9x9","evals":100,"deepen":4,"seed":1}`)
	if code != http.StatusCreated {
		t.Fatalf("start: %d %s", code, body)
	}
	var st JobStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatal(err)
	}
	st = waitState(t, s, st.ID)
	if st.State != stateDone || !strings.Contains(st.Note, "the finishing climb stopped at the server's cap of 100000 evaluations") || st.BestTurns <= 0 || st.BestMaze == "" {
		t.Fatalf("job %+v; want done with a best maze and the cap's note", st)
	}
	if st.PolishEvals < 100_000 || st.PolishEvals > 100_000+1<<16 {
		t.Errorf("polish_evals %d; want the cap, 100,000, and at most a batch (65,536) more", st.PolishEvals)
	}
}
