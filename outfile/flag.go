package outfile

import (
	"fmt"
	"io"
)

// WriteFlag writes text to path, the file of the flag --name (nothing
// when path is empty), with WriteOr: when the file cannot be written the
// text goes to fallback. The error names the flag.
func WriteFlag(name, path string, text []byte, fallback io.Writer) error {
	if path == "" {
		return nil
	}
	if err := WriteOr(path, text, fallback, text); err != nil {
		return fmt.Errorf("--%s: %w", name, err)
	}
	return nil
}
