// Package outfile checks output paths before long work starts and writes
// results atomically at its end, so that a search's result is never lost
// to a bad path nor left half-written.
//
// Check tries a path when the work starts: it creates (and removes) a
// temporary file in the path's directory, which is exactly what Write
// will need. CheckFlags does so for every output flag of a command and
// refuses two flags that name the same file. Write puts the data in a
// temporary file in the same directory, syncs it to disk, renames it over
// the path and syncs the directory, so a reader (or a crash, even
// SIGKILL) sees either the old file or the new one, never a torn one.
//
// A written file gets the mode os.Create would give it: a new file 0666
// less the umask, a replaced file its old permissions. Its errors name the
// path asked for, never the temporary file.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// Check reports whether path can be written by Write: it must not be a
// directory, and its directory (the directory of the file a symbolic link
// points to) must exist and take a new file. Check creates and removes a
// temporary file there; path itself is not touched. A device or a named
// pipe passes: Write writes to it in place.
func Check(path string) error {
	if path == "" {
		return errors.New("empty file name")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	} else if err == nil && !st.Mode().IsRegular() {
		return nil // a device or a pipe: Write writes to it in place
	}
	target, fd, err := linkTarget(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if fd >= 0 {
		return nil // an open file of this process: Write writes to it as it stands
	}
	path = target
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("directory %s does not exist", dir)
		}
		return fmt.Errorf("directory %s: %w", dir, cause(err))
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	tmp, err := createTemp(path, ".check-")
	if err != nil {
		return fmt.Errorf("cannot create a file in %s: %w", dir, cause(err))
	}
	name := tmp.Name()
	tmp.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("cannot remove a file in %s: %w", dir, cause(err))
	}
	return nil
}

// A Flag is an output path with the flag that named it.
type Flag struct {
	// Name is the flag's name without dashes, such as "out".
	Name string
	// Path is the file; "" (the flag not given) is skipped.
	Path string
}

// CheckFlags checks the output paths of a command before its work starts:
// every given path with Check, the error naming the flag and the path
// ("--out /no/such/x.txt: directory /no/such does not exist"), and that no
// two flags name the same file (spelt alike once cleaned and made
// absolute, through the same directory links, or one existing file), which
// would let one output overwrite the other ("--out x and --png x name the
// same file"). Its errors blame the command line.
func CheckFlags(flags ...Flag) error {
	for _, f := range flags {
		if f.Path == "" {
			continue
		}
		if err := Check(f.Path); err != nil {
			return fmt.Errorf("--%s %s: %w", f.Name, f.Path, err)
		}
	}
	for i, a := range flags {
		for _, b := range flags[i+1:] {
			if a.Path != "" && b.Path != "" && SameFile(a.Path, b.Path) {
				return fmt.Errorf("--%s %s and --%s %s name the same file: give each its own", a.Name, a.Path, b.Name, b.Path)
			}
		}
	}
	return nil
}

// SameFile reports whether the paths a and b name one file: the same
// absolute path once their directories' symbolic links are resolved, or
// two names of one existing file (a link).
func SameFile(a, b string) bool {
	if resolve(a) == resolve(b) {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// resolve is path made absolute and clean, its directory's symbolic
// links resolved where it exists.
func resolve(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	dir, base := filepath.Split(abs)
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		return filepath.Join(d, base)
	}
	return abs
}

// Write writes data to path atomically: a temporary file in the same
// directory, synced, renamed over path, then the directory synced. The
// file gets the mode os.Create gives: 0666 less the umask for a new file,
// the permissions of the file it replaces otherwise. Its errors read
// "write PATH: reason", naming path and not the temporary file.
//
// A symbolic link is followed: the file it points to is replaced and the
// link stays. A path that names something other than a regular file (a
// device such as /dev/null, a named pipe) is written to in place, not
// replaced, and its write errors are returned (/dev/full: no space left).
func Write(path string, data []byte) error {
	fail := func(err error) error { return fmt.Errorf("write %s: %w", path, cause(err)) }
	target, fd, err := linkTarget(path)
	if err != nil {
		return fail(err)
	}
	if fd >= 0 {
		return writeDescriptor(fd, target, data, fail)
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return fail(errors.New("is a directory"))
		}
		return writeInPlace(target, data, fail)
	}
	path = target
	tmp, err := createTemp(path, ".tmp-")
	if err != nil {
		return fail(err)
	}
	name := tmp.Name()
	abort := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return fail(err)
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		if err := tmp.Chmod(st.Mode().Perm()); err != nil {
			return abort(err)
		}
	}
	if _, err := tmp.Write(data); err != nil {
		return abort(err)
	}
	if err := tmp.Sync(); err != nil {
		return abort(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return fail(err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fail(err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync() // best effort: not every file system syncs directories
		d.Close()
	}
	return nil
}

// writeInPlace writes data to target, a file that is not a regular one
// (a device, a named pipe), as a shell's redirection would: opened for
// writing and written, every error returned through fail.
func writeInPlace(target string, data []byte, fail func(error) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	return nil
}

// maxLinks is how many symbolic links linkTarget follows before it gives
// up (the limit Linux puts on a path's links).
const maxLinks = 40

// linkTarget returns the file path names once its symbolic links are
// followed (path itself when it is no link or does not exist): where
// Write puts the data, so that a link stays a link. A link to a file
// that does not exist yet gives that file's path. A path that reaches one
// of this process's open files through a descriptor link (/dev/stdout,
// /dev/fd/N, /proc/self/fd/N) gives its descriptor fd (else fd is -1):
// that file is written as it stands, not replaced, or the process's own
// later writes to it would go to a file no name reaches.
func linkTarget(path string) (target string, fd int, err error) {
	for range maxLinks {
		if fd := descriptorOf(path); fd >= 0 {
			return path, fd, nil
		}
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, -1, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", -1, err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", -1, errors.New("too many levels of symbolic links")
}

// descriptorOf returns N for a path /dev/fd/N, /proc/self/fd/N or
// /proc/PID/fd/N of this process, else -1.
func descriptorOf(path string) int {
	dir, name := filepath.Split(filepath.Clean(path))
	switch dir {
	case "/dev/fd/", "/proc/self/fd/", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/":
		if n, err := strconv.Atoi(name); err == nil && n >= 0 {
			return n
		}
	}
	return -1
}

// writeDescriptor writes data to this process's open file fd, named path
// (linkTarget), at its offset, as the process's own writes to it go:
// standard output and error through os.Stdout and os.Stderr, another
// descriptor through a duplicate of it (writeDup).
func writeDescriptor(fd int, path string, data []byte, fail func(error) error) error {
	var err error
	switch fd {
	case 1:
		_, err = os.Stdout.Write(data)
	case 2:
		_, err = os.Stderr.Write(data)
	default:
		err = writeDup(fd, path, data)
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// createTemp creates a new file next to path, named after it with kind
// and a random number, with the mode 0666 less the umask (os.CreateTemp
// would give 0600).
func createTemp(path, kind string) (*os.File, error) {
	prefix := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+kind)
	for try := 0; ; try++ {
		f, err := os.OpenFile(prefix+strconv.FormatUint(rand.Uint64N(1e12), 10), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}

// cause is err without the file names of a *fs.PathError or an
// *os.LinkError, which may be a temporary file's: the caller names the
// file.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// WriteFlag writes data to path, the file of the flag --name, with Write
// (nothing when path is empty). It is for a result that the command
// prints to standard output as well: the error, which names the flag
// ("--out: write PATH: reason"), prints nothing. A result that goes only
// to the file is written with WriteOr.
func WriteFlag(name, path string, data []byte) error {
	if path == "" {
		return nil
	}
	if err := Write(path, data); err != nil {
		return fmt.Errorf("--%s: %w", name, err)
	}
	return nil
}

// WriteOr writes data to path with Write, for a result that goes to the
// file instead of standard output; when that fails it writes text (the
// result in a printable form, often data itself) to fallback, so that the
// result is not lost, and returns the error, which says so.
func WriteOr(path string, data []byte, fallback io.Writer, text []byte) error {
	return Fallback(Write(path, data), fallback, text)
}

// Fallback returns nil for a nil err; otherwise it writes text (the result
// whose writing failed, in a printable form, and printed nowhere else) to
// w and returns err saying that the result went to standard output
// instead.
func Fallback(err error, w io.Writer, text []byte) error {
	if err == nil {
		return nil
	}
	if _, ferr := w.Write(text); ferr != nil {
		return fmt.Errorf("%w (and printing the result failed too: %v)", err, ferr)
	}
	return fmt.Errorf("%w (the result is printed to standard output instead)", err)
}

// Printed returns nil for a nil err; otherwise err saying that the result
// it failed to write is on standard output all the same (the command
// printed it before it wrote its files).
func Printed(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w (the result is on standard output)", err)
}
