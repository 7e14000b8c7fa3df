// Package checkpoint saves and loads the state of long runs (searches and
// sweeps) so that an interrupted run can resume and lose nothing.
//
// A checkpoint is one JSON document. Save writes it atomically: to a
// temporary file in the same directory, which is synced to disk and then
// renamed over the target, so a reader (or a crash) sees either the old
// checkpoint or the new one, never a torn file.
package checkpoint

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/mousemaze/mousemaze/outfile"
)

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

// Claim checks, before a run starts, that path may take its checkpoint. A
// run that resumes needs nothing more (Load reads the file). A new run
// needs a writable path (outfile.Check) that holds nothing yet: a
// non-empty file is refused with ErrHeld ("F holds a search; use --resume
// or remove it") unless force.
func Claim(path string, resume, force bool) error {
	if path == "" || resume {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() > 0 && !force {
		return fmt.Errorf("%s %w; use --resume or remove it (or --force to overwrite it)", path, ErrHeld)
	}
	if err := outfile.Check(path); err != nil {
		return fmt.Errorf("--checkpoint %s: %w", path, err)
	}
	return nil
}

// Load reads the JSON checkpoint at path into v. Unknown fields are an
// error, so a checkpoint from another kind of run is not silently accepted.
func Load(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("checkpoint: read %s: %w", path, err)
	}
	return nil
}
