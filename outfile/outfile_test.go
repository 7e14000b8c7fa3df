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

// TestCheckFlags wants a bad path named with its flag, and two flags
// that name one file refused whatever the spelling, naming both flags.
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
	x := filepath.Join(dir, "x")
	existing := filepath.Join(dir, "existing")
	if err := os.WriteFile(existing, []byte("maze\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	haveLinks := os.Symlink(sub, link) == nil
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, x)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		flags []Flag
		clash string // "" for none, else the flags named, such as "--out x and --png x"
		links bool   // needs symbolic links
	}{
		{"apart", []Flag{{"out", x}, {"png", x + ".png"}, {"checkpoint", x + ".json"}}, "", false},
		{"one given", []Flag{{"out", x}, {"png", ""}, {"checkpoint", ""}}, "", false},
		{"out and png", []Flag{{"out", x}, {"png", x}}, "--out " + x + " and --png " + x, false},
		{"out and checkpoint", []Flag{{"out", x}, {"png", ""}, {"checkpoint", x}}, "--out " + x + " and --checkpoint " + x, false},
		{"png and checkpoint", []Flag{{"out", ""}, {"png", x}, {"checkpoint", x}}, "--png " + x + " and --checkpoint " + x, false},
		{"spelt apart", []Flag{{"out", x}, {"png", dir + "/./sub/../x"}}, "--out " + x + " and --png ", false},
		{"relative", []Flag{{"out", rel}, {"png", x}}, "--out " + rel + " and --png " + x, false},
		{"existing file", []Flag{{"out", existing}, {"checkpoint", existing}}, "--out " + existing + " and --checkpoint " + existing, false},
		{"through a link", []Flag{{"out", filepath.Join(sub, "y")}, {"png", filepath.Join(link, "y")}}, "--out " + filepath.Join(sub, "y") + " and --png ", true},
	} {
		if tc.links && !haveLinks {
			continue
		}
		err := CheckFlags(tc.flags...)
		switch {
		case tc.clash == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.clash != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.clash) || !strings.Contains(err.Error(), "name the same file")):
			t.Errorf("%s: %v, want an error starting %q", tc.name, err, tc.clash)
		}
	}
	if got, _ := os.ReadFile(existing); string(got) != "maze\n" {
		t.Errorf("CheckFlags changed %s: %q", existing, got)
	}
	if extra := leftovers(t, dir, "existing", "sub", "link"); len(extra) > 0 {
		t.Errorf("CheckFlags left %v behind", extra)
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
// path, and an error naming the flag and printing nothing when the file
// cannot be written.
func TestWriteFlag(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFlag("out", "", []byte("x")); err != nil {
		t.Errorf("empty path: %v", err)
	}
	path := filepath.Join(dir, "a.txt")
	if err := WriteFlag("out", path, []byte("maze\n")); err != nil {
		t.Fatalf("write: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "maze\n" {
		t.Errorf("file holds %q", b)
	}
	bad := filepath.Join(dir, "none", "b.txt")
	err := WriteFlag("png", bad, []byte("maze\n"))
	if err == nil || err.Error() != "--png: write "+bad+": no such file or directory" {
		t.Errorf("unwritable: %v", err)
	}
	if err := Printed(err); err == nil || !strings.HasSuffix(err.Error(), "(the result is on standard output)") {
		t.Errorf("Printed: %v", err)
	}
	if Printed(nil) != nil {
		t.Error("Printed(nil) is not nil")
	}
}

// TestWriteErrorsNamePath makes Write fail at each step it can be made
// to fail at and wants the error to name the path asked for, never the
// temporary file, and nothing left behind.
func TestWriteErrorsNamePath(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full") // a directory that is not empty: the rename fails
	if err := os.MkdirAll(filepath.Join(full, "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, path string }{
		{"rename over a directory", full},
		{"missing directory", filepath.Join(dir, "none", "x.txt")},
		{"directory is a file", filepath.Join(file, "x.txt")},
	} {
		err := Write(tc.path, []byte("data"))
		if err == nil || !strings.HasPrefix(err.Error(), "write "+tc.path+": ") || strings.Contains(err.Error(), ".tmp-") || strings.Count(err.Error(), dir) != 1 {
			t.Errorf("%s: %v; want one error naming %s only", tc.name, err, tc.path)
		}
	}
	if extra := leftovers(t, dir, "full", "file"); len(extra) > 0 {
		t.Errorf("Write left %v behind", extra)
	}
}
