package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/mousemaze/mousemaze/evalout"
)

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// readInput reads the named input ("-" is stdin) with parse (see
// evalout.ReadInput).
func readInput[T any](name string, parse func(io.Reader, string) ([]T, []int, error)) ([]T, []int, error) {
	return evalout.ReadInput(name, stdin, parse)
}

// interruptContext returns a context that ends on SIGINT or SIGTERM, so
// that a command can save its work and report before it exits.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
