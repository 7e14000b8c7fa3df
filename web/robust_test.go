package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/cuda"
	"github.com/mousemaze/mousemaze/dispatch"
)

// call sends one request with a real HTTP client that gives up after
// limit, and returns the status, the Allow header and the body.
func call(t *testing.T, limit time.Duration, method, url, body string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := (&http.Client{Timeout: limit}).Do(req)
	if err != nil {
		t.Fatalf("%s %s %s: %v", method, url, body, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Allow"), string(data)
}

// TestIssueRequests sends the requests of issue 25 to a real server: each
// is refused quickly with a 4xx naming the cause, and the server lives on.
func TestIssueRequests(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref", MaxJobs: 2})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, tc := range []struct {
		body   string
		status int
		want   string
	}{
		{`{"kind":"evolve","size":"6x6","evals":1000,"pop":2000000000}`, 400, "pop 2000000000: over the server's cap of 100000 per job"},
		{`{"size":"64x1","algo":"hill"}`, 400, `want evolve or sweep`},
		{`{"kind":"evolve","size":"64x1","algo":"hill"}`, 400, "evals 0: must be above 0"},
		{`{"kind":"evolve","size":"6x6","evals":1000,"entry":99}`, 400, "entry column 99 outside 0..5"},
		{`{"kind":"evolve","size":"6x6","evals":1000,"exit":99}`, 400, "exit column 99 outside 0..5"},
		{`{"kind":"sweep","size":"3x3","entry":99}`, 400, "entry column 99 outside 0..2"},
		{`{"kind":"evolve","size":"6x6","evals":1000,"spec":{"version":2,"algo":"ga","rows":6,"cols":6,"evals":1000,"pop":2000000000}}`, 400, "spec describes the whole search"},
		{`{"kind":"evolve","spec":{"version":2,"algo":"ga","rows":6,"cols":6,"order":"DRLU","evals":1000,"seed":1,"pop":2000000000,"parents":2}}`, 400, "pop 2000000000: must be at most"},
	} {
		code, _, body := call(t, 5*time.Second, "POST", ts.URL+"/api/jobs", tc.body)
		if code != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("%s: %d %s, want %d with %q", tc.body, code, body, tc.status, tc.want)
		}
	}
	code, _, body := call(t, 5*time.Second, "POST", ts.URL+"/api/eval", `{"maze":"...\n...\n","entry":99}`)
	if code != 400 || !strings.Contains(body, "entry column 99 outside 0..2") {
		t.Errorf("eval with entry 99: %d %s", code, body)
	}
	if code, _, _ := call(t, 5*time.Second, "GET", ts.URL+"/api/jobs", ""); code != 200 {
		t.Fatalf("the server after the requests: %d", code)
	}
}

// TestOneMazeJobsEnd starts, on a real server, the issue's 64×1 searches
// (a space with one feasible maze) with every method and a large budget:
// each must end on its own, done after one evaluation, within a deadline.
func TestOneMazeJobsEnd(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref", MaxJobs: 1})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, algo := range dispatch.Algos {
		for _, edges := range []bool{false, true} {
			st := startJob(t, ts.URL, fmt.Sprintf(`{"kind":"evolve","size":"64x1","algo":%q,"evals":100000000,"edges":%v}`, algo, edges))
			got := waitState(t, s, st.ID) // fails after 20 s
			if got.State != "done" || got.Evals != 1 || got.BestTurns != 65 {
				t.Errorf("%s edges=%v: %s after %d evaluations, %d turns; want done, 1, 65", algo, edges, got.State, got.Evals, got.BestTurns)
			}
		}
	}
}

// TestFloodOverMaxJobs fills the job slots with long searches, then sends
// many concurrent requests for large searches: every one is refused with
// 429, quickly; DELETE of a running job answers promptly.
func TestFloodOverMaxJobs(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref", MaxJobs: 2})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	var ids []string
	for range 2 {
		ids = append(ids, startJob(t, ts.URL, `{"kind":"evolve","size":"13x13","evals":100000000}`).ID)
	}
	var wg sync.WaitGroup
	codes := make([]int, 16)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _, _ = call(t, 5*time.Second, "POST", ts.URL+"/api/jobs", `{"kind":"evolve","size":"64x64","algo":"ga","evals":1000,"pop":100000}`)
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusTooManyRequests {
			t.Errorf("request %d over --max-jobs: %d, want 429", i, c)
		}
	}
	s.mu.Lock()
	building := s.building
	s.mu.Unlock()
	if building != 0 {
		t.Errorf("%d slots still held by refused requests", building)
	}
	for _, id := range ids {
		start := time.Now()
		code, _, body := call(t, 3*time.Second, "DELETE", ts.URL+"/api/jobs/"+id, "")
		var st JobStatus
		json.Unmarshal([]byte(body), &st)
		if code != 200 || st.State != "stopped" {
			t.Errorf("DELETE %s: %d %s", id, code, body)
		}
		t.Logf("DELETE %s answered in %v", id, time.Since(start))
	}
}

// TestWrongMethod wants 405 with an Allow header for a wrong method on
// every API path, and 404 only for paths with no route.
func TestWrongMethod(t *testing.T) {
	s := newTestServer(t, Options{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, tc := range []struct {
		method, path, allow string
	}{
		{"PUT", "/api/eval", "POST"},
		{"GET", "/api/eval", "POST"},
		{"DELETE", "/api/parse", "POST"},
		{"POST", "/api/gallery", "GET, HEAD"},
		{"POST", "/api/backends", "GET, HEAD"},
		{"PUT", "/api/jobs", "GET, HEAD, POST"},
		{"POST", "/api/jobs/7", "GET, HEAD, DELETE"},
		{"DELETE", "/api/jobs/7/events", "GET, HEAD"},
	} {
		code, allow, body := call(t, 5*time.Second, tc.method, ts.URL+tc.path, "")
		if code != http.StatusMethodNotAllowed || allow != tc.allow || !strings.Contains(body, "not allowed") {
			t.Errorf("%s %s: %d, Allow %q, %s; want 405, Allow %q", tc.method, tc.path, code, allow, body, tc.allow)
		}
	}
	if code, allow, _ := call(t, 5*time.Second, "GET", ts.URL+"/api/nosuch", ""); code != 404 || allow != "" {
		t.Errorf("GET /api/nosuch: %d, Allow %q; want 404", code, allow)
	}
}

// TestBackendsEndpoint wants exactly the backends built into this binary.
func TestBackendsEndpoint(t *testing.T) {
	s := newTestServer(t, Options{})
	code, body := do(t, s, "GET", "/api/backends", "")
	var got backendsResponse
	if err := json.Unmarshal([]byte(body), &got); code != 200 || err != nil {
		t.Fatalf("%d %s (%v)", code, body, err)
	}
	// Every registered backend but a cuda stub (cuda in a build without
	// the cuda tag).
	var want []string
	for _, b := range mousemaze.Backends() {
		if _, err := mousemaze.NewEvaluator(b, mousemaze.Options{}); b != "cuda" || !errors.Is(err, cuda.ErrNoCUDA) {
			want = append(want, b)
		}
	}
	if fmt.Sprint(got.Backends) != fmt.Sprint(want) || len(want) < 3 {
		t.Errorf("backends %v, want %v", got.Backends, want)
	}
}
