package main

import (
	"io"
	"os"
)

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// openInput opens a named input file.
func openInput(name string) (*os.File, error) { return os.Open(name) }
