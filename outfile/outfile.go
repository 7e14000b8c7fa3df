// Package outfile checks output paths before long work starts and writes
// results atomically at its end, so that a search's result is never lost
// to a bad path nor left half-written.
//
// Check tries a path when the work starts: it creates (and removes) a
// temporary file in the path's directory, which is exactly what Write
// will need. Write puts the data in a temporary file in the same
// directory, syncs it to disk, renames it over the path and syncs the
// directory, so a reader (or a crash, even SIGKILL) sees either the old
// file or the new one, never a torn one.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Check reports whether path can be written by Write: it must not be a
// directory, and its directory must exist and take a new file. Check
// creates and removes a temporary file next to path; path itself is not
// touched.
func Check(path string) error {
	if path == "" {
		return errors.New("empty file name")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("directory %s does not exist", dir)
		}
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check-*")
	if err != nil {
		return fmt.Errorf("cannot create a file in %s: %w", dir, errors.Unwrap(err))
	}
	name := tmp.Name()
	tmp.Close()
	return os.Remove(name)
}

// A Flag is an output path with the flag that named it.
type Flag struct {
	// Name is the flag's name without dashes, such as "out".
	Name string
	// Path is the file; "" (the flag not given) is skipped.
	Path string
}

// CheckFlags checks every given path with Check; the error names the flag
// and the path ("--out /no/such/x.txt: directory /no/such does not exist").
func CheckFlags(flags ...Flag) error {
	for _, f := range flags {
		if f.Path == "" {
			continue
		}
		if err := Check(f.Path); err != nil {
			return fmt.Errorf("--%s %s: %w", f.Name, f.Path, err)
		}
	}
	return nil
}

// Write writes data to path atomically: a temporary file in the same
// directory, synced, renamed over path, then the directory synced.
func Write(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, errors.Unwrap(err))
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: not every file system syncs directories
		d.Close()
	}
	return nil
}

// WriteOr writes data to path with Write; when that fails it writes text
// (the result in a printable form, often data itself) to fallback, so that
// the result is not lost, and returns the error, which says so.
func WriteOr(path string, data []byte, fallback io.Writer, text []byte) error {
	return Fallback(Write(path, data), fallback, text)
}

// Fallback returns nil for a nil err; otherwise it writes text (the result
// whose writing failed, in a printable form) to w and returns err saying
// that the result went to standard output instead.
func Fallback(err error, w io.Writer, text []byte) error {
	if err == nil {
		return nil
	}
	if _, ferr := w.Write(text); ferr != nil {
		return fmt.Errorf("%w (and printing the result failed too: %v)", err, ferr)
	}
	return fmt.Errorf("%w (the result is printed to standard output instead)", err)
}
