package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/mousemaze/mousemaze"
)

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", "", "mousemaze version", stderr)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	version := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		version = bi.Main.Version
	}
	fmt.Fprintf(stdout, "mousemaze %s %s %s/%s\nbackends: %v\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH, mousemaze.Backends())
	return exitOK
}
