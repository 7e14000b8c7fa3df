// Package checkpoint saves and loads the state of long runs (searches and
// sweeps) so that an interrupted run can resume and lose nothing.
//
// A checkpoint is one JSON document. Save writes it atomically: to a
// temporary file in the same directory, which is synced to disk and then
// renamed over the target, so a reader (or a crash) sees either the old
// checkpoint or the new one, never a torn file.
package checkpoint

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/outfile"
)

// MaxBytes is the most bytes read from one checkpoint file: far above the
// checkpoint of a search of a million genomes, so that a file that is no
// checkpoint (/dev/zero, the output of yes) ends in an error naming it
// rather than in running out of memory.
const MaxBytes = 1 << 30

// maxBytes is the limit of ReadFile: MaxBytes, lowered by tests.
var maxBytes int64 = MaxBytes

// ReadFile reads the checkpoint file at path, at most MaxBytes of it. A
// longer input is an error naming path and the limit, wrapping
// mousemaze.ErrTooLarge; an input that does not start as a JSON object
// (such as /dev/zero) is refused at once.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	defer f.Close()
	return readLimited(f, path, maxBytes)
}

// readLimited reads r (named name) whole, refusing more than limit bytes
// and, at its first byte after white space, anything but a JSON object.
// The white space before it is skipped as it is read, not held.
func readLimited(r io.Reader, name string, limit int64) ([]byte, error) {
	br := bufio.NewReader(r)
	var skipped int64
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			return nil, nil
		} else if err != nil {
			return nil, fmt.Errorf("checkpoint: read %s: %w", name, err)
		}
		if b == ' ' || b == '\t' || b == '\n' || b == '\r' {
			if skipped++; skipped > limit {
				return nil, tooLarge(name, limit)
			}
			continue
		}
		if b != '{' {
			return nil, fmt.Errorf("%s is not a checkpoint of mousemaze (it does not begin with a JSON object)", name)
		}
		br.UnreadByte()
		break
	}
	data, err := io.ReadAll(io.LimitReader(br, limit-skipped+1))
	if err != nil {
		return nil, fmt.Errorf("checkpoint: read %s: %w", name, err)
	}
	if int64(len(data)) > limit-skipped {
		return nil, tooLarge(name, limit)
	}
	return data, nil
}

// tooLarge is the error of the input name, longer than limit bytes.
func tooLarge(name string, limit int64) error {
	return fmt.Errorf("checkpoint: %s: %w: more than %d MiB (%d bytes), the most a checkpoint may hold", name, mousemaze.ErrTooLarge, limit>>20, limit)
}

// KindSweep is the kind that KindOf gives a sweep's checkpoint, which
// names no kind of its own (its first field is its "key").
const KindSweep = "sweep"

// KindOf returns the kind of run whose checkpoint r holds, reading no
// more of r than its head: the "kind" of a search's checkpoint or an
// island file (such as "evolve"), KindSweep for a sweep's checkpoint, and
// "" for anything that is no checkpoint of mousemaze.
func KindOf(r io.Reader) string {
	dec := json.NewDecoder(r)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	key, err := dec.Token()
	if err != nil {
		return ""
	}
	switch key {
	case "kind":
		if kind, err := dec.Token(); err == nil {
			if s, ok := kind.(string); ok {
				return s
			}
		}
	case "key":
		return KindSweep
	}
	return ""
}

// Describe names a checkpoint of kind for a message: "an evolve
// checkpoint", "a sweep's checkpoint".
func Describe(kind string) string {
	switch kind {
	case KindSweep:
		return "a sweep's checkpoint"
	case "evolve":
		return "an evolve checkpoint"
	case "evolve-edges":
		return "an evolve --edges checkpoint"
	case "evolve-walker":
		return "an evolve --walker checkpoint"
	case "island":
		return "an island file of evolve --migrate"
	case "":
		return "no checkpoint of mousemaze"
	}
	if strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind + " checkpoint"
	}
	return "a " + kind + " checkpoint"
}

// ErrKind is the error of a checkpoint of another kind of run than the
// one that reads it, such as an evolve checkpoint given to sweep --resume.
var ErrKind = errors.New("checkpoint of another kind")

// kindError returns the error of the file path, of kind got, read as a
// checkpoint of kind want; it wraps ErrKind.
func kindError(path, got, want string) error {
	short := Describe(want)
	if want == KindSweep {
		short = "a sweep's"
	}
	return fmt.Errorf("%s is %s, not %s%w", path, Describe(got), short, quiet{ErrKind})
}

// quiet wraps an error for errors.Is without adding to the message.
type quiet struct{ err error }

func (q quiet) Error() string { return "" }
func (q quiet) Unwrap() error { return q.err }

// CheckKind returns an error wrapping ErrKind when data, read from path,
// is a checkpoint of another kind than want (KindOf), nil otherwise.
func CheckKind(path string, data []byte, want string) error {
	if got := KindOf(bytes.NewReader(data)); got != "" && got != want {
		return kindError(path, got, want)
	}
	return nil
}

// Save writes v as JSON to path atomically (temp file, fsync, rename).
func Save(path string, v any) error {
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return fmt.Errorf("checkpoint: encode %s: %w", path, err)
	}
	return WriteFile(path, append(data, '\n'))
}

// WriteFile writes data to path atomically: it writes a temporary file in
// the same directory, syncs it, renames it over path and syncs the directory
// (outfile.Write).
func WriteFile(path string, data []byte) error {
	if err := outfile.Write(path, data); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// ErrHeld is the error of Claim for a file that holds a run already.
var ErrHeld = errors.New("holds a search")

// ErrNotCheckpoint is the error of Claim for a file that holds something
// else than a checkpoint of mousemaze: it is not overwritten, not even
// with force.
var ErrNotCheckpoint = errors.New("is not a checkpoint of mousemaze and will not be overwritten")

// Claim checks, before a run starts, that path may take its checkpoint. A
// run that resumes needs nothing more (Load reads the file). A new run
// needs a writable path (outfile.Check) that holds nothing yet: a
// non-empty file is refused with ErrHeld ("F holds a search; use --resume
// or remove it") unless force, and a non-empty file that is no checkpoint
// of mousemaze (KindOf), such as a README given by mistake, is refused
// with ErrNotCheckpoint even with force.
func Claim(path string, resume, force bool) error {
	if path == "" || resume {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		if !isCheckpoint(path) {
			return fmt.Errorf("%s %w; name a new file with --checkpoint", path, ErrNotCheckpoint)
		}
		if !force {
			return fmt.Errorf("%s %w; use --resume or remove it (or --force to overwrite it)", path, ErrHeld)
		}
	}
	if err := outfile.Check(path); err != nil {
		return fmt.Errorf("--checkpoint %s: %w", path, err)
	}
	return nil
}

// isCheckpoint reports whether the file at path is a checkpoint of
// mousemaze (KindOf), or cannot be read to tell (then outfile.Check or
// the write reports it).
func isCheckpoint(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true
	}
	defer f.Close()
	return KindOf(io.LimitReader(f, MaxBytes)) != ""
}

// Load reads the JSON checkpoint at path (at most MaxBytes) into v.
// Unknown fields are an error, so a checkpoint from another kind of run is
// not silently accepted.
func Load(path string, v any) error {
	data, err := ReadFile(path)
	if err != nil {
		return err
	}
	return Decode(path, data, v)
}

// LoadKind is Load for a checkpoint of kind (as KindOf names it): a
// checkpoint of another kind is an error wrapping ErrKind that names both
// ("F is an evolve checkpoint, not a sweep's").
func LoadKind(path, kind string, v any) error {
	data, err := ReadFile(path)
	if err != nil {
		return err
	}
	if err := CheckKind(path, data, kind); err != nil {
		return err
	}
	return Decode(path, data, v)
}

// Decode decodes the checkpoint data, read from path, into v, refusing
// unknown fields.
func Decode(path string, data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("checkpoint: read %s: %w", path, err)
	}
	return nil
}
