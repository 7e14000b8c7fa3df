package web

import (
	"errors"
	"net/http"
	"sync"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/backends" // every backend, registered in one place
	"github.com/mousemaze/mousemaze/cuda"
)

// builtBackends returns the registered backends built into this binary:
// without the cuda build tag the cuda backend is a stub that only says so
// (cuda.ErrNoCUDA), and the page must not offer it. A backend built in but
// unavailable (cuda with no device) stays: choosing it says why.
var builtBackends = sync.OnceValue(func() []string {
	var names []string
	for _, n := range mousemaze.Backends() {
		if n == "cuda" {
			ev, err := mousemaze.NewEvaluator(n, mousemaze.Options{})
			if errors.Is(err, cuda.ErrNoCUDA) {
				continue
			}
			if err == nil {
				ev.Close()
			}
		}
		names = append(names, n)
	}
	return names
})

// evaluators holds the server's evaluators: one per backend, opened on
// first use and closed by Server.Close, so that a request or a job never
// opens a backend (and a CUDA context) of its own.
type evaluators struct {
	mu     sync.Mutex
	byName map[string]*sharedEvaluator
	auto   string // the backend "auto" resolved to, once opened
	closed bool
}

// errServerClosed is returned for evaluators asked for after Close.
var errServerClosed = &httpError{status: http.StatusServiceUnavailable, msg: "the server is shutting down"}

// evaluator returns the server's evaluator for the backend name; "" means
// the server's default (Options.Backend) and "auto" the first backend
// that opens, as mousemaze.NewEvaluator tries them. Its errors are httpErrors: 400 for a
// backend that does not open, 503 after Close.
func (s *Server) evaluator(name string) (*sharedEvaluator, error) {
	if name == "" {
		name = s.opts.Backend
	}
	e := &s.evals
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil, errServerClosed
	}
	if name == "auto" || name == "" {
		if e.auto != "" {
			return e.byName[e.auto], nil
		}
	} else if ev, ok := e.byName[name]; ok {
		return ev, nil
	}
	ev, err := mousemaze.NewEvaluator(name, mousemaze.Options{Workers: s.opts.Workers})
	if err != nil {
		return nil, badRequest("%v", err)
	}
	if name == "auto" || name == "" {
		e.auto = ev.Name()
		if old, ok := e.byName[e.auto]; ok {
			// "auto" picked a backend already open under its own name.
			ev.Close()
			return old, nil
		}
	}
	if e.byName == nil {
		e.byName = map[string]*sharedEvaluator{}
	}
	sh := &sharedEvaluator{inner: ev, workers: s.opts.Workers}
	e.byName[ev.Name()] = sh
	return sh, nil
}

// closeAll closes every evaluator; later calls of evaluator fail.
func (e *evaluators) closeAll() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closed = true
	var errs []error
	for _, ev := range e.byName {
		errs = append(errs, ev.inner.Close())
	}
	e.byName = nil
	return errors.Join(errs...)
}

// sharedEvaluator is one of the server's evaluators, shared by requests
// and jobs: it runs one batch at a time (not every backend may be used
// concurrently), and its Close does nothing, since the server owns it.
type sharedEvaluator struct {
	mu      sync.Mutex
	inner   mousemaze.Evaluator
	workers int
}

// Name returns the backend's name.
func (e *sharedEvaluator) Name() string { return e.inner.Name() }

// Evaluate evaluates pop with the backend, one batch at a time.
func (e *sharedEvaluator) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.inner.Evaluate(pop, cfg, dst)
}

// evaluateEdges walks edge boards with the backend when it can, and with
// the reference walk otherwise (mousemaze.EvaluateEdgesWith); it returns
// the name of the backend that walked.
func (e *sharedEvaluator) evaluateEdges(mazes []mousemaze.EdgeMaze, cfg mousemaze.Config, dst []mousemaze.Result) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return mousemaze.EvaluateEdgesWith(e.inner, mazes, cfg, dst, e.workers)
}

// Close does nothing: Server.Close closes the backend.
func (e *sharedEvaluator) Close() error { return nil }
