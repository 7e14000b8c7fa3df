package checkpoint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type state struct {
	Gen  int      `json:"gen"`
	Best []uint64 `json:"best"`
}

func TestSaveLoadRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.ckpt")
	want := state{Gen: 42, Best: []uint64{1, 2, 1 << 63}}
	if err := Save(path, want); err != nil {
		t.Fatal(err)
	}
	var got state
	if err := Load(path, &got); err != nil {
		t.Fatal(err)
	}
	if got.Gen != want.Gen || len(got.Best) != 3 || got.Best[2] != 1<<63 {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	// Overwriting leaves no temporary files behind.
	if err := Save(path, state{Gen: 43}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("directory holds %d entries after two saves, want 1", len(entries))
	}
	if err := Load(path, &got); err != nil || got.Gen != 43 {
		t.Fatalf("after overwrite: %+v, %v", got, err)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	var s state
	if err := Load(filepath.Join(dir, "missing"), &s); err == nil {
		t.Fatal("missing file: no error")
	}
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte(`{"gen": 1, "other": 2}`), 0o644)
	if err := Load(bad, &s); err == nil || !strings.Contains(err.Error(), "other") {
		t.Fatalf("unknown field: got %v", err)
	}
	torn := filepath.Join(dir, "torn")
	os.WriteFile(torn, []byte(`{"gen": 1, "be`), 0o644)
	if err := Load(torn, &s); err == nil || !strings.Contains(err.Error(), "torn") {
		t.Fatalf("torn file: got %v", err)
	}
}

func TestSaveIntoMissingDirectory(t *testing.T) {
	err := Save(filepath.Join(t.TempDir(), "no", "such", "dir", "x"), state{})
	if err == nil {
		t.Fatal("want an error for a missing directory")
	}
}

// TestClaim checks which files a new run may take for its checkpoint.
func TestClaim(t *testing.T) {
	dir := t.TempDir()
	held := filepath.Join(dir, "held.json")
	if err := Save(held, struct {
		Kind string `json:"kind"`
		Gen  int    `json:"gen"`
	}{"evolve", 1}); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.json")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path          string
		resume, force bool
		want          string // "" for no error
	}{
		{filepath.Join(dir, "new.json"), false, false, ""},
		{empty, false, false, ""},
		{held, false, false, held + " holds a search; use --resume or remove it (or --force to overwrite it)"},
		{held, false, true, ""},
		{held, true, false, ""},
		{filepath.Join(dir, "no", "c.json"), false, false, "--checkpoint " + filepath.Join(dir, "no", "c.json") + ": directory " + filepath.Join(dir, "no") + " does not exist"},
		{"", false, false, ""},
	} {
		err := Claim(tc.path, tc.resume, tc.force)
		if (err == nil) != (tc.want == "") || (err != nil && err.Error() != tc.want) {
			t.Errorf("Claim(%q, resume %v, force %v) = %v, want %q", tc.path, tc.resume, tc.force, err, tc.want)
		}
	}
	if err := Claim(held, false, false); !errors.Is(err, ErrHeld) {
		t.Errorf("Claim of a held file: %v is not ErrHeld", err)
	}
}
