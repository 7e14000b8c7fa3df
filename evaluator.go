package mousemaze

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
)

// An Evaluator walks the mouse through every maze of pop and writes one
// Result per maze to dst, in order. It returns an error wrapping ErrSize if
// len(dst) != pop.Len(), and the error of cfg.Validate (ErrConfig, or a bad
// preference order) if cfg does not fit the population. Every Evaluator gives exactly the results of Walk.
//
// An Evaluator with a method Concurrent() bool that returns true may have
// Evaluate called from several goroutines at once (the cpu and ref
// backends); a search then walks the next batch of a climb while the last
// one finishes. Others are called from one goroutine at a time.
//
// An Evaluator is an io.Closer: whoever opens one (NewEvaluator, a
// backend's New) closes it when done, which releases what the backend
// holds (a GPU context, for one). Close may be called more than once;
// calls after the first do nothing and return nil. Evaluate must not be
// called after Close.
type Evaluator interface {
	// Name returns the backend's name, as used in flags and reports.
	Name() string
	// Evaluate fills dst with the results of walking every maze of pop.
	Evaluate(pop Population, cfg Config, dst []Result) error
	// Close releases the backend's resources.
	io.Closer
}

// An EdgeEvaluator is an Evaluator that also walks Mouse Maze 2 boards
// itself, the optional capability EvaluateEdgesWith looks for. Every
// EdgeEvaluator gives exactly the results of WalkEdges.
type EdgeEvaluator interface {
	Evaluator
	// EvaluateEdges fills dst with the results of walking every board of
	// mazes; it returns an error wrapping ErrSize if len(dst) != len(mazes).
	EvaluateEdges(mazes []EdgeMaze, cfg Config, dst []Result) error
}

// EvaluateEdgesWith walks every board of mazes under cfg with ev when ev
// is an EdgeEvaluator, and otherwise with the reference walk (EvaluateEdges
// over workers goroutines, 0 meaning one per CPU). It returns the name of
// the backend that did the walking, ev's or "ref".
func EvaluateEdgesWith(ev Evaluator, mazes []EdgeMaze, cfg Config, dst []Result, workers int) (string, error) {
	if ee, ok := ev.(EdgeEvaluator); ok {
		return ee.Name(), ee.EvaluateEdges(mazes, cfg, dst)
	}
	return "ref", EvaluateEdges(mazes, cfg, dst, workers)
}

// Options tune a backend when it is opened.
type Options struct {
	// Workers is the number of goroutines a CPU backend uses; 0 means one
	// per available CPU.
	Workers int
	// Kernel forces a backend's kernel by name (for example "generic");
	// empty means the backend's own choice.
	Kernel string
	// Device picks a GPU by index for GPU backends.
	Device int
}

// Factory opens a backend.
type Factory func(Options) (Evaluator, error)

var (
	registryMu sync.RWMutex
	registry   = map[string]Factory{}
	// missing holds the backends registered by RegisterMissing: known by
	// name, but not built into this binary.
	missing = map[string]bool{}
	// kernelNames holds the kernels of the backends that have some, as
	// RegisterKernels gives them.
	kernelNames = map[string][]string{}
)

// Register makes a backend available by name. Backends call it from init;
// registering a name twice panics, as database/sql.Register does.
func Register(name string, f Factory) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[name]; dup {
		panic("mousemaze: Register called twice for backend " + name)
	}
	registry[name] = f
}

// RegisterMissing registers a backend that this binary knows by name but
// was built without (cuda without the cuda tag): NewEvaluator(name) returns
// err, which says how to get it, and BuiltBackends leaves it out.
func RegisterMissing(name string, err error) {
	Register(name, func(Options) (Evaluator, error) { return nil, err })
	registryMu.Lock()
	defer registryMu.Unlock()
	missing[name] = true
}

// RegisterKernels declares the kernels of backend name (Options.Kernel),
// every one built into this binary, whether or not this processor can run
// it. NewEvaluator refuses a kernel that no backend declares with an error
// wrapping ErrUnknownKernel; a backend without kernels refuses any.
func RegisterKernels(name string, kernels []string) {
	registryMu.Lock()
	defer registryMu.Unlock()
	kernelNames[name] = append([]string(nil), kernels...)
}

// Backends returns the names of the registered backends, sorted, the
// ones registered by RegisterMissing included.
func Backends() []string {
	return backends(true)
}

// BuiltBackends returns the names of the backends built into this binary,
// sorted: Backends less those registered by RegisterMissing.
func BuiltBackends() []string {
	return backends(false)
}

func backends(withMissing bool) []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		if withMissing || !missing[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// kernelChoices describes every backend's kernels for an error message:
// "cpu: avx512, generic".
func kernelChoices() string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	var parts []string
	for _, b := range sortedKeys(kernelNames) {
		parts = append(parts, b+": "+strings.Join(kernelNames[b], ", "))
	}
	if len(parts) == 0 {
		return "no backend has kernels"
	}
	return strings.Join(parts, "; ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkKernel refuses opts.Kernel for backend name when the backend does
// not declare it (RegisterKernels), with an error wrapping
// ErrUnknownKernel that names the valid ones.
func checkKernel(name string, opts Options) error {
	if opts.Kernel == "" {
		return nil
	}
	registryMu.RLock()
	ks, has := kernelNames[name]
	registryMu.RUnlock()
	if !has {
		return fmt.Errorf("%w %q: backend %s has no kernels (--kernel applies to %s)", ErrUnknownKernel, opts.Kernel, name, kernelChoices())
	}
	if !slices.Contains(ks, opts.Kernel) {
		return fmt.Errorf("%w %q for backend %s (valid: %s)", ErrUnknownKernel, opts.Kernel, name, strings.Join(ks, ", "))
	}
	return nil
}

// autoOrder lists the backends "auto" tries, best first.
var autoOrder = []string{"cuda", "cpu", "ref"}

// NewEvaluator opens the backend called name. The name "auto" opens the
// first backend of autoOrder (cuda, cpu, ref) that is registered and opens without error,
// so a binary built without CUDA, or with CUDA but no device, falls back
// to the CPU; with opts.Kernel set, "auto" tries only the backends that
// declare that kernel.
//
// A name that is not registered gives an error wrapping ErrUnknownBackend,
// a kernel that the backend does not declare one wrapping
// ErrUnknownKernel (both usage errors), and a kernel this processor cannot
// run one wrapping ErrKernelUnavailable. NewEvaluator never falls back
// from a kernel that was asked for.
func NewEvaluator(name string, opts Options) (Evaluator, error) {
	if opts.Workers < 0 {
		return nil, fmt.Errorf("%w: %d workers: must be 0 or more", ErrOptions, opts.Workers)
	}
	if name == "auto" || name == "" {
		var errs []error
		tried := false
		for _, n := range autoOrder {
			if opts.Kernel != "" && checkKernel(n, opts) != nil {
				continue
			}
			tried = true
			ev, err := NewEvaluator(n, opts)
			if err == nil {
				return ev, nil
			}
			if !errors.Is(err, ErrUnknownBackend) {
				errs = append(errs, err)
			}
		}
		if !tried {
			return nil, fmt.Errorf("%w %q (valid: %s)", ErrUnknownKernel, opts.Kernel, kernelChoices())
		}
		return nil, fmt.Errorf("no backend could be opened: %w", errors.Join(errs...))
	}
	registryMu.RLock()
	f, ok := registry[name]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("%w %q (have %v)", ErrUnknownBackend, name, Backends())
	}
	if err := checkKernel(name, opts); err != nil {
		return nil, err
	}
	return f(opts)
}

// IsUsageError reports whether err blames the command line rather than
// the machine: a UsageError, or from NewEvaluator an unknown backend, an
// unknown kernel or bad options (ErrOptions).
func IsUsageError(err error) bool {
	return isUsage(err) || errors.Is(err, ErrUnknownBackend) || errors.Is(err, ErrUnknownKernel) || errors.Is(err, ErrOptions)
}

// CheckBatch validates a batch before evaluation: the population's size,
// the length of dst and the config. Backends call it first.
func CheckBatch(pop Population, cfg Config, dst []Result) error {
	if pop.Len() == 0 && len(dst) == 0 {
		return nil
	}
	if err := pop.Size().Validate(); err != nil {
		return err
	}
	if len(pop.Words)%pop.Rows != 0 {
		return fmt.Errorf("%w: %d words is not a whole number of %d-row mazes", ErrSize, len(pop.Words), pop.Rows)
	}
	if len(dst) != pop.Len() {
		return fmt.Errorf("%w: dst has %d results for %d mazes", ErrSize, len(dst), pop.Len())
	}
	return cfg.Validate(pop.Cols)
}

// refEvaluator is the reference walk behind the Evaluator interface. It
// holds nothing, so Close has nothing to release.
type refEvaluator struct{}

func init() {
	Register("ref", func(Options) (Evaluator, error) { return refEvaluator{}, nil })
}

// Name returns "ref".
func (refEvaluator) Name() string { return "ref" }

// Close does nothing and returns nil.
func (refEvaluator) Close() error { return nil }

// Concurrent reports that Evaluate may be called from several goroutines
// at once (it holds no state).
func (refEvaluator) Concurrent() bool { return true }

// Evaluate walks every maze with Walk, one after another.
func (refEvaluator) Evaluate(pop Population, cfg Config, dst []Result) error {
	return EvaluateEach(pop, cfg, dst, Walk)
}

// EvaluateEach checks the batch and fills dst with walk's result for
// every maze of pop, one after another: the loop of the backends that
// walk one maze at a time.
func EvaluateEach(pop Population, cfg Config, dst []Result, walk func(Maze, Config) (Result, error)) error {
	if err := CheckBatch(pop, cfg, dst); err != nil {
		return err
	}
	for i := range dst {
		res, err := walk(pop.Maze(i), cfg)
		if err != nil {
			return fmt.Errorf("maze %d: %w", i, err)
		}
		dst[i] = res
	}
	return nil
}

// kmodBackends lists the backends that honour Config.K (modular
// counting): every backend built here does (cpu, tree and cuda hand k-mod
// walks to the reference walk for now), so ForConfig only ever replaces a
// backend registered from outside, such as a test's. A backend that stops
// honouring K drops its name here.
var kmodBackends = []string{"ref", "cpu", "tree", "cuda"}

// ForConfig returns ev when it can evaluate under cfg, and otherwise the
// reference backend: under cfg.K > 0 a backend missing from kmodBackends
// is replaced by "ref", so that "auto" never gives wrong results for a
// k-mod mouse. Closing the replacement closes ev.
func ForConfig(ev Evaluator, cfg Config) Evaluator {
	if cfg.K == 0 {
		return ev
	}
	for _, n := range kmodBackends {
		if ev.Name() == n {
			return ev
		}
	}
	return refInstead{ev}
}

// refInstead is the reference walk standing in for a backend that cannot
// evaluate a config; Close closes that backend.
type refInstead struct {
	replaced Evaluator
}

// Name returns "ref".
func (refInstead) Name() string { return "ref" }

// Evaluate walks every maze with Walk.
func (refInstead) Evaluate(pop Population, cfg Config, dst []Result) error {
	return refEvaluator{}.Evaluate(pop, cfg, dst)
}

// Close closes the replaced backend.
func (r refInstead) Close() error { return r.replaced.Close() }
