//go:build unix

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestServeFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--max-jobs", "0"}, "invalid value \"0\" for flag -max-jobs: must be above 0\n"},
		{[]string{"serve", "--max-evals", "0"}, "invalid value \"0\" for flag -max-evals: must be above 0\n"},
		{[]string{"serve", "--walk-cap", "0"}, "invalid value \"0\" for flag -walk-cap: must be above 0\n"},
		{[]string{"serve", "--workers", "-1"}, "invalid value \"-1\" for flag -workers: must be 0 or more\n"},
		{[]string{"serve", "--max-games", "0"}, "invalid value \"0\" for flag -max-games: must be above 0\n"},
		{[]string{"serve", "--player-gone", "-1s"}, "invalid value \"-1s\" for flag -player-gone: must be above 0\n"},
		{[]string{"serve", "--idle", "0s"}, "invalid value \"0s\" for flag -idle: must be above 0\n"},
		{[]string{"serve", "--addr", "8080"}, "mousemaze serve: --addr \"8080\": address 8080: missing port in address\n"},
		{[]string{"serve", "now"}, "mousemaze serve: unexpected arguments [\"now\"]\n"},
		{[]string{"serve", "--allow-origin", "https://a.example,ftp://b.example"}, "invalid value \"https://a.example,ftp://b.example\" for flag -allow-origin: origin \"ftp://b.example\": want http:// or https://\n"},
		{[]string{"serve", "--allow-origin", "a.example"}, "invalid value \"a.example\" for flag -allow-origin: origin \"a.example\": want http:// or https://\n"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != exitUsage || !strings.HasPrefix(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q", tc.args, code, errb.String(), tc.want)
		}
	}
}

// TestServeSIGTERM starts the real command on a free port, walks a maze
// through the API, starts a job and wants a real SIGTERM to end the
// server cleanly (exit 0) with the job cancelled.
func TestServeSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a child process")
	}
	cmd, out, stderr := startChild(t, "serve", "--addr", "127.0.0.1:0", "--backend", "ref")
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatalf("no output; stderr %s", stderr.String())
	}
	const prefix = "mousemaze serve: listening on "
	line := sc.Text()
	if !strings.HasPrefix(line, prefix+"http://127.0.0.1:") {
		t.Fatalf("first line %q", line)
	}
	url := strings.TrimPrefix(line, prefix)
	resp, err := http.Post(url+"api/eval", "application/json", strings.NewReader(`{"maze":".............\nX............\n.............\n.............\n.............\n.............\n.............\n.............\n.............\n.............\n.............\n.............\n.............\n","no_path":true}`))
	if err != nil {
		t.Fatal(err)
	}
	var ev struct {
		Turns   int64  `json:"turns"`
		Backend string `json:"backend"`
	}
	json.NewDecoder(resp.Body).Decode(&ev)
	resp.Body.Close()
	if resp.StatusCode != 200 || ev.Turns != 182 || ev.Backend != "ref" {
		t.Errorf("eval: status %d, %d turns on %s; want 200, 182 on ref", resp.StatusCode, ev.Turns, ev.Backend)
	}
	resp, err = http.Post(url+"api/jobs", "application/json", strings.NewReader(`{"kind":"evolve","size":"13x13","evals":100000000}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("job: status %d", resp.StatusCode)
	}
	// Follow the job's events, as a page would, while the signal arrives.
	events, err := http.Get(url + "api/jobs/1/events")
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var last string
	es := bufio.NewScanner(events.Body)
	es.Buffer(nil, 1<<20)
	for es.Scan() {
		if strings.HasPrefix(es.Text(), "event: ") {
			last = es.Text()
		}
	}
	if last != "event: interrupted" {
		t.Errorf("the job's last event is %q, want event: interrupted", last)
	}
	var rest []string
	for sc.Scan() {
		rest = append(rest, sc.Text())
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("after SIGTERM: %v; stderr %s", err, stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop within 15 s of SIGTERM")
	}
	if strings.Join(rest, "\n") != "mousemaze serve: shut down" {
		t.Errorf("output after the signal %q", rest)
	}
}

// TestServeLogs starts the real command with --allow-origin and wants
// the allowed origin served, another site refused, and one line on
// standard error per failed request; with --quiet, none.
func TestServeLogs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a child process")
	}
	for _, quiet := range []bool{false, true} {
		args := []string{"serve", "--addr", "127.0.0.1:0", "--backend", "ref", "--allow-origin", "https://a.example, https://b.example:8443", "--allow-origin", "http://c.example"}
		if quiet {
			args = append(args, "--quiet")
		}
		cmd, out, stderr := startChild(t, args...)
		defer cmd.Process.Kill()
		sc := bufio.NewScanner(out)
		if !sc.Scan() {
			t.Fatalf("no output; stderr %s", stderr.String())
		}
		url := strings.TrimPrefix(sc.Text(), "mousemaze serve: listening on ")
		post := func(origin string) int {
			req, err := http.NewRequest("POST", url+"api/games", strings.NewReader(`{"kind":"blind","size":"3x3"}`))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Origin", origin)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		for origin, want := range map[string]int{"https://a.example": 201, "https://b.example:8443": 201, "http://c.example": 201, "https://evil.example": 403, "http://a.example": 403} {
			if got := post(origin); got != want {
				t.Errorf("a game from %s: %d, want %d", origin, got, want)
			}
		}
		resp, err := http.Get(url + "api/jobs/99")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		for sc.Scan() {
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("serve: %v; stderr %s", err, stderr.String())
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n") {
			if l != "" {
				// Drop the time stamp: "2006/01/02 15:04:05 ".
				if f := strings.SplitN(l, " ", 3); len(f) == 3 {
					l = f[2]
				}
				lines = append(lines, l)
			}
		}
		want := []string{
			"mousemaze serve: POST /api/games: 403 POST /api/games from origin https://evil.example refused: only this server's own page may change its state (serve --allow-origin admits another)",
			"mousemaze serve: POST /api/games: 403 POST /api/games from origin http://a.example refused: only this server's own page may change its state (serve --allow-origin admits another)",
			`mousemaze serve: GET /api/jobs/99: 404 no job "99"`,
		}
		if quiet {
			want = nil
		}
		// The map's order is random: compare the sorted lines.
		slices.Sort(lines)
		slices.Sort(want)
		if !slices.Equal(lines, want) {
			t.Errorf("quiet %v: standard error\n%s\nwant\n%s", quiet, strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
	}
}
