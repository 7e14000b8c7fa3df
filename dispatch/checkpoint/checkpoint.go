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
	"fmt"
	"os"
	"path/filepath"
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
// the same directory, syncs it, renames it over path and syncs the directory.
func WriteFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return fmt.Errorf("checkpoint: write %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return fmt.Errorf("checkpoint: write %s: %w", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fmt.Errorf("checkpoint: write %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: not every file system syncs directories
		d.Close()
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
