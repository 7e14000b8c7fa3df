package slurm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/jsonkeys"
)

// readJSON reads the one JSON object of the file path into v. The file is
// read whole with mousemaze.ReadAllText (a leading byte-order mark is
// skipped; more than mousemaze.MaxInputBytes is refused); want says what
// the object is, for messages ("a sweep report"); strict refuses unknown
// fields. Errors name the file, and the line where there is one; a file
// that cannot be opened gives the error of os.Open.
func readJSON(path string, v any, want string, strict bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := mousemaze.ReadAllText(f, path)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
		if err := jsonkeys.Check(data, v); err != nil {
			return &mousemaze.ParseError{File: path, Err: fmt.Errorf("%v (want %s)", err, want)}
		}
	}
	fail := func(off int64, format string, a ...any) error {
		line := 0
		if off >= 0 {
			line = 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n"))
		}
		return &mousemaze.ParseError{File: path, Line: line, Err: fmt.Errorf(format, a...)}
	}
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return fail(se.Offset, "not JSON (want %s): %v", want, err)
		case errors.As(err, &te) && te.Field == "":
			return fail(te.Offset, "want %s, a JSON object, not %s", want, mousemaze.AJSON(te.Value))
		case errors.As(err, &te):
			return fail(te.Offset, "field %q: want a JSON %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), mousemaze.AJSON(te.Value))
		case errors.Is(err, io.EOF):
			return fail(-1, "empty: want %s", want)
		}
		return fail(-1, "%s (want %s)", strings.TrimPrefix(err.Error(), "json: "), want)
	}
	if dec.More() {
		return fail(dec.InputOffset(), "more than one JSON value (want %s)", want)
	}
	return nil
}

// jsonKind names, for messages, the JSON kind of a Go kind.
func jsonKind(goKind string) string {
	switch {
	case strings.HasPrefix(goKind, "int"), strings.HasPrefix(goKind, "uint"), strings.HasPrefix(goKind, "float"):
		return "number"
	case goKind == "slice", goKind == "array":
		return "array"
	case goKind == "map", goKind == "struct", goKind == "ptr":
		return "object"
	case goKind == "bool":
		return "boolean (true or false)"
	}
	return goKind
}

// missingError is the error of a run directory or a file in it that does
// not exist: it says so in the words of its message, and is
// fs.ErrNotExist for errors.Is.
type missingError struct{ msg string }

// Error returns the message.
func (e missingError) Error() string { return e.msg }

// Is reports whether target is fs.ErrNotExist.
func (e missingError) Is(target error) bool { return target == fs.ErrNotExist }
