// Package cpuprofile writes a Go CPU profile of a run to a file, for the
// --cpuprofile flags of the long commands (evolve, sweep): read it with
// `go tool pprof BINARY FILE`; and an execution trace, for evolve's
// --trace: read it with `go tool trace FILE` (scripts/trace-idle.py
// counts from it how busy the processors were). StartFlags starts both
// as evolve's flags ask.
package cpuprofile

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"runtime/trace"
)

// Start starts a CPU profile written to the file path (created or
// truncated); stop ends the profile, closes the file and returns the
// first error of writing or closing it (a full disk), so that a profile
// asked for and not written is reported. An empty path starts nothing,
// and its stop does nothing. Only one profile can run at a time in a
// process: a second Start fails until stop.
func Start(path string) (stop func() error, err error) {
	return start(path, pprof.StartCPUProfile, pprof.StopCPUProfile)
}

// StartTrace is Start for an execution trace (runtime/trace): every
// goroutine's and processor's states over the run. Only one trace can
// run at a time in a process.
func StartTrace(path string) (stop func() error, err error) {
	return start(path, trace.Start, trace.Stop)
}

// StartFlags starts evolve's --cpuprofile (a CPU profile to the file
// cpu) and --trace (an execution trace to the file trace), each if its
// path is not empty; stop ends both and returns the first error of
// writing them. Errors name the flag.
func StartFlags(cpu, trace string) (stop func() error, err error) {
	stopCPU, err := Start(cpu)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	stopTrace, err := StartTrace(trace)
	if err != nil {
		stopCPU()
		return nil, fmt.Errorf("--trace: %w", err)
	}
	return func() error {
		errTrace, errCPU := stopTrace(), stopCPU()
		if errCPU != nil {
			return fmt.Errorf("--cpuprofile: %w", errCPU)
		}
		if errTrace != nil {
			return fmt.Errorf("--trace: %w", errTrace)
		}
		return nil
	}, nil
}

// start writes what begin starts and end stops to the file path.
func start(path string, begin func(io.Writer) error, end func()) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := &errWriter{w: f}
	if err := begin(w); err != nil {
		f.Close()
		return nil, err
	}
	return func() error {
		end()
		if err := f.Close(); w.err == nil {
			w.err = err
		}
		if w.err != nil {
			return fmt.Errorf("%s: %w", path, w.err)
		}
		return nil
	}, nil
}

// errWriter keeps the first error of the writes to w, which the profiler
// and the tracer do not report.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
