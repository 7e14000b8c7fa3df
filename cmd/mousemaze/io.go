package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// openInput opens a named input file.
func openInput(name string) (*os.File, error) { return os.Open(name) }

// readInput opens the named input ("-" is standard input) and parses it
// with parse, which returns the items and the line each begins on.
func readInput[T any](name string, parse func(io.Reader, string) ([]T, []int, error)) ([]T, []int, error) {
	if name == "-" {
		return parse(stdin, "-")
	}
	f, err := openInput(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return parse(f, name)
}

// interruptContext returns a context that ends on SIGINT or SIGTERM, so
// that a command can save its work and report before it exits.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
