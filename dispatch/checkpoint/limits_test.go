package checkpoint

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// endless is a reader that never ends: its byte, again and again.
type endless byte

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(e)
	}
	return len(p), nil
}

// TestReadBounded checks that a checkpoint that never ends is refused
// with an error naming it and the limit, not read into memory: /dev/zero
// at once, endless white space (yes ' ') and an endless object at the
// limit.
func TestReadBounded(t *testing.T) {
	defer func(old int64) { maxBytes = old }(maxBytes)
	maxBytes = 1 << 20
	if _, err := os.Stat("/dev/zero"); err == nil {
		var s state
		err := Load("/dev/zero", &s)
		if err == nil || !strings.Contains(err.Error(), "/dev/zero is not a checkpoint of mousemaze") {
			t.Errorf("Load(/dev/zero) = %v, want it refused as no checkpoint", err)
		}
	}
	for _, r := range []io.Reader{endless(' '), io.MultiReader(strings.NewReader(`{"gen": 1, "best": [`), endless(' '))} {
		_, err := readLimited(r, "ck.json", maxBytes)
		if !errors.Is(err, mousemaze.ErrTooLarge) || !strings.Contains(err.Error(), "ck.json") || !strings.Contains(err.Error(), "more than 1 MiB (1048576 bytes)") {
			t.Errorf("endless input: %v, want too large, naming ck.json and the limit", err)
		}
	}
	if MaxBytes != 1<<30 {
		t.Errorf("MaxBytes = %d, want 1 GiB", MaxBytes)
	}
}

// TestClaimNotCheckpoint checks that a file that holds no checkpoint of
// mousemaze (a README given by mistake) is not called a search, and is
// not overwritten, not even with force.
func TestClaimNotCheckpoint(t *testing.T) {
	readme := filepath.Join(t.TempDir(), "README.md")
	if err := os.WriteFile(readme, []byte("# mousemaze\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, force := range []bool{false, true} {
		err := Claim(readme, false, force)
		want := readme + " is not a checkpoint of mousemaze and will not be overwritten; name a new file with --checkpoint"
		if err == nil || err.Error() != want || !errors.Is(err, ErrNotCheckpoint) {
			t.Errorf("Claim(README, force %v) = %v, want %q", force, err, want)
		}
	}
}

// TestLoadKind checks that a checkpoint of another kind of run is named
// for what it is, not refused for its first unknown field.
func TestLoadKind(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev.json")
	if err := Save(ev, map[string]any{"kind": "evolve", "version": 1}); err != nil {
		t.Fatal(err)
	}
	sw := filepath.Join(dir, "sw.json")
	if err := Save(sw, struct {
		Key  string `json:"key"`
		Done []int  `json:"done"`
	}{"3x3", nil}); err != nil {
		t.Fatal(err)
	}
	var s state
	if err := LoadKind(ev, KindSweep, &s); !errors.Is(err, ErrKind) || err.Error() != ev+" is an evolve checkpoint, not a sweep's" {
		t.Errorf("evolve checkpoint read by a sweep: %v", err)
	}
	if err := LoadKind(sw, "evolve", &s); !errors.Is(err, ErrKind) || err.Error() != sw+" is a sweep's checkpoint, not an evolve checkpoint" {
		t.Errorf("sweep checkpoint read by evolve: %v", err)
	}
}
