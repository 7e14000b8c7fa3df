//go:build unix

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
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
