package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The helpers that the tests of every command share.

// tempFile writes text to a new file name in a test's temporary directory
// and returns its path.
func tempFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runCmd runs the command line and returns its exit status, standard
// output and standard error.
func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// runOK runs the command line and fails the test unless it exits 0; it
// returns the standard output.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := runCmd(t, args...)
	if code != exitOK {
		t.Fatalf("mousemaze %v: exit %d\n%s", args, code, errs)
	}
	return out
}
