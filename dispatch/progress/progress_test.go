package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestPlainLines(t *testing.T) {
	var buf bytes.Buffer
	r := New(&buf, "sweep", 100, 0)
	r.Set(25, "best 12")
	r.Set(50, "best 27")
	r.Finish()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 3:\n%s", len(lines), buf.String())
	}
	if !strings.HasPrefix(lines[0], "sweep 25/100 (25.0%)") || !strings.HasSuffix(lines[0], "best 12") {
		t.Errorf("first line %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "sweep 50/100 (50.0%)") {
		t.Errorf("second line %q", lines[1])
	}
}

func TestRateLimited(t *testing.T) {
	var buf bytes.Buffer
	r := New(&buf, "evolve", 0, time.Hour)
	for i := int64(1); i <= 1000; i++ {
		r.Set(i, "")
	}
	if n := strings.Count(buf.String(), "\n"); n != 1 {
		t.Fatalf("got %d lines in an hour-long interval, want 1", n)
	}
	if !strings.HasPrefix(buf.String(), "evolve 1 elapsed") {
		t.Errorf("line %q", buf.String())
	}
}

func TestNilReporter(t *testing.T) {
	var r *Reporter
	r.Set(1, "x") // must not panic
	r.Finish()
}
