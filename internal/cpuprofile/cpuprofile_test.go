package cpuprofile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStart checks that a profile is written as a gzipped pprof file,
// that a second profile cannot start while one runs, and that a path in
// a missing folder is an error.
func TestStart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cpu.prof")
	stop, err := Start(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Start(filepath.Join(dir, "second.prof")); err == nil {
		t.Error("a second profile started while the first ran")
	}
	x := 0
	for i := range 20_000_000 {
		x += i % 7
	}
	_ = x
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
		t.Errorf("profile of %d bytes is not gzipped (pprof's format)", len(b))
	}
	if _, err := Start(filepath.Join(dir, "missing", "cpu.prof")); err == nil {
		t.Error("a profile in a missing folder started")
	}
	none, err := Start("")
	if err != nil {
		t.Fatalf("no path: %v", err)
	}
	if again, err := Start(filepath.Join(dir, "after.prof")); err != nil {
		t.Errorf("an empty path started a profile: %v", err)
	} else if err := again(); err != nil {
		t.Error(err)
	}
	if err := none(); err != nil {
		t.Errorf("an empty path's stop: %v", err)
	}
}

// TestStartWriteError checks that a profile that cannot be written (a
// full device) is reported by stop, naming the file.
func TestStartWriteError(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	stop, err := Start("/dev/full")
	if err != nil {
		t.Fatal(err)
	}
	x := 0
	for i := range 5_000_000 {
		x += i % 7
	}
	_ = x
	if err := stop(); err == nil || !strings.Contains(err.Error(), "/dev/full") {
		t.Errorf("stop: %v, want the write error naming /dev/full", err)
	}
}

// TestStartTrace checks that an execution trace is written (go tool
// trace's header), that a second cannot start while one runs, and that a
// full device is reported by stop.
func TestStartTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.trace")
	stop, err := StartTrace(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := StartTrace(path + "2"); err == nil {
		t.Error("a second trace started while the first ran")
	}
	done := make(chan int)
	go func() { done <- 1 }()
	<-done
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(b, []byte("go 1.")) {
		t.Errorf("trace of %d bytes (%v) does not start with the trace header", len(b), err)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		return
	}
	if stop, err = StartTrace("/dev/full"); err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		go func() { done <- 1 }()
		<-done
	}
	if err := stop(); err == nil || !strings.Contains(err.Error(), "/dev/full") {
		t.Errorf("stop: %v, want the write error naming /dev/full", err)
	}
}

// TestStartFlags checks that StartFlags starts what is named and that its
// errors name the flag: a missing folder at start, for each flag.
func TestStartFlags(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "x")
	for _, c := range []struct {
		cpu, trace, want string
	}{
		{"", "", ""},
		{filepath.Join(dir, "a.prof"), filepath.Join(dir, "a.trace"), ""},
		{missing, "", "--cpuprofile: "},
		{"", missing, "--trace: "},
		{filepath.Join(dir, "b.prof"), missing, "--trace: "},
	} {
		stop, err := StartFlags(c.cpu, c.trace)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q %q: %v", c.cpu, c.trace, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%q %q: error %v, want one starting %q", c.cpu, c.trace, err, c.want)
		}
		if err == nil {
			if err := stop(); err != nil {
				t.Errorf("%q %q: stop: %v", c.cpu, c.trace, err)
			}
		}
	}
	// Both started: the files hold a profile and a trace.
	for _, f := range []struct{ name, prefix string }{{"a.prof", "\x1f\x8b"}, {"a.trace", "go 1."}} {
		if b, err := os.ReadFile(filepath.Join(dir, f.name)); err != nil || !bytes.HasPrefix(b, []byte(f.prefix)) {
			t.Errorf("%s: %d bytes, %v", f.name, len(b), err)
		}
	}
	// A CPU profile started and then a trace refused: the profile is
	// stopped again, so another can start.
	stop, err := Start(filepath.Join(dir, "c.prof"))
	if err != nil {
		t.Fatalf("after a refused trace, a profile cannot start: %v", err)
	}
	stop()
}
