package outfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// leftovers returns the names in dir other than want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	for _, e := range ents {
		keep := false
		for _, w := range want {
			keep = keep || e.Name() == w
		}
		if !keep {
			extra = append(extra, e.Name())
		}
	}
	return extra
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, want string // want: "" for no error, else part of the message
	}{
		{filepath.Join(dir, "new.txt"), ""},
		{file, ""}, // an existing file is replaced at the end
		{dir, "is a directory"},
		{filepath.Join(dir, "no", "such", "x.txt"), "does not exist"},
		{filepath.Join(file, "x.txt"), "is not a directory"},
		{"", "empty file name"},
	} {
		err := Check(tc.path)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("Check(%q): %v", tc.path, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("Check(%q): %v, want an error with %q", tc.path, err, tc.want)
		}
	}
	if got, err := os.ReadFile(file); err != nil || string(got) != "x" {
		t.Errorf("Check changed an existing file: %q, %v", got, err)
	}
	if extra := leftovers(t, dir, "file"); len(extra) > 0 {
		t.Errorf("Check left %v behind", extra)
	}
}

func TestCheckFlags(t *testing.T) {
	dir := t.TempDir()
	err := CheckFlags(Flag{"out", filepath.Join(dir, "ok.txt")}, Flag{"png", ""}, Flag{"png", filepath.Join(dir, "no", "x.png")})
	want := "--png " + filepath.Join(dir, "no", "x.png") + ": directory " + filepath.Join(dir, "no") + " does not exist"
	if err == nil || err.Error() != want {
		t.Fatalf("CheckFlags: %v, want %q", err, want)
	}
	if err := CheckFlags(Flag{"out", filepath.Join(dir, "ok.txt")}, Flag{"png", ""}); err != nil {
		t.Fatal(err)
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	for _, data := range []string{"first\n", "second, longer\n", ""} {
		if err := Write(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != data {
			t.Fatalf("read back %q, %v; want %q", got, err, data)
		}
	}
	if extra := leftovers(t, dir, "out.txt"); len(extra) > 0 {
		t.Errorf("Write left %v behind", extra)
	}
	if err := Write(filepath.Join(dir, "no", "x"), []byte("x")); err == nil || !strings.Contains(err.Error(), "write "+filepath.Join(dir, "no", "x")) {
		t.Errorf("Write into a missing directory: %v", err)
	}
}

func TestWriteOr(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	if err := WriteOr(filepath.Join(dir, "a.txt"), []byte("data"), &out, []byte("text")); err != nil || out.Len() != 0 {
		t.Fatalf("WriteOr: %v, printed %q", err, out.String())
	}
	err := WriteOr(filepath.Join(dir, "no", "a.txt"), []byte("data"), &out, []byte("text\n"))
	if err == nil || !strings.Contains(err.Error(), "printed to standard output") || out.String() != "text\n" {
		t.Fatalf("WriteOr into a missing directory: %v, printed %q", err, out.String())
	}
	if err := Fallback(nil, &out, []byte("more")); err != nil || out.String() != "text\n" {
		t.Fatalf("Fallback(nil): %v, printed %q", err, out.String())
	}
}

// TestWriteFlag writes through a flag's file, wants nothing for an empty
// path, and the text on the fallback with the flag named when the file
// cannot be written.
func TestWriteFlag(t *testing.T) {
	dir := t.TempDir()
	var fb strings.Builder
	if err := WriteFlag("out", "", []byte("x"), &fb); err != nil || fb.Len() != 0 {
		t.Errorf("empty path: %v, fallback %q", err, fb.String())
	}
	path := filepath.Join(dir, "a.txt")
	if err := WriteFlag("out", path, []byte("maze\n"), &fb); err != nil || fb.Len() != 0 {
		t.Fatalf("write: %v, fallback %q", err, fb.String())
	}
	if b, _ := os.ReadFile(path); string(b) != "maze\n" {
		t.Errorf("file holds %q", b)
	}
	err := WriteFlag("png", filepath.Join(dir, "none", "b.txt"), []byte("maze\n"), &fb)
	if err == nil || !strings.HasPrefix(err.Error(), "--png: ") || fb.String() != "maze\n" {
		t.Errorf("unwritable: %v, fallback %q", err, fb.String())
	}
}
