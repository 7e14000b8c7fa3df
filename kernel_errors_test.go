package mousemaze

import (
	"errors"
	"strings"
	"testing"
)

// TestKernelChoice wants NewEvaluator to refuse every kernel it cannot
// honour, never falling back: a kernel no backend declares and any
// kernel on a backend without kernels are usage errors naming the valid
// ones; a declared kernel the processor cannot run is not.
func TestKernelChoice(t *testing.T) {
	Register("test-kernels", func(o Options) (Evaluator, error) {
		if o.Kernel == "slow" {
			return nil, errors.New("test-kernels: " + ErrKernelUnavailable.Error())
		}
		return refEvaluator{}, nil
	})
	RegisterKernels("test-kernels", []string{"fast", "slow"})
	cases := []struct {
		backend, kernel string
		workers         int
		is              error
		usage           bool
		msg             string
	}{
		{"test-kernels", "nope", 0, ErrUnknownKernel, true, `unknown kernel "nope" for backend test-kernels (valid: fast, slow)`},
		{"ref", "fast", 0, ErrUnknownKernel, true, `backend ref has no kernels (--kernel applies to `},
		{"auto", "nope", 0, ErrUnknownKernel, true, `test-kernels: fast, slow`},
		{"nosuch", "", 0, ErrUnknownBackend, true, `unknown backend "nosuch"`},
		{"ref", "", -1, ErrOptions, true, `-1 workers: must be 0 or more`},
		{"test-kernels", "slow", 0, nil, false, `kernel unavailable`},
	}
	for _, c := range cases {
		ev, err := NewEvaluator(c.backend, Options{Kernel: c.kernel, Workers: c.workers})
		if err == nil {
			ev.Close()
			t.Errorf("%s --kernel %q: opened, want an error", c.backend, c.kernel)
			continue
		}
		if c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("%s --kernel %q: %v, want %v", c.backend, c.kernel, err, c.is)
		}
		if IsUsageError(err) != c.usage || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s --kernel %q: %v (usage %v), want usage %v and %q", c.backend, c.kernel, err, IsUsageError(err), c.usage, c.msg)
		}
	}
	ev, err := NewEvaluator("test-kernels", Options{Kernel: "fast"})
	if err != nil {
		t.Fatalf("declared kernel: %v", err)
	}
	ev.Close()
}

// TestRegisterMissing wants a backend registered as missing to be known
// (Backends, NewEvaluator's reason) but not listed as built.
func TestRegisterMissing(t *testing.T) {
	why := errors.New("test-missing: built without it")
	RegisterMissing("test-missing", why)
	if _, err := NewEvaluator("test-missing", Options{}); !errors.Is(err, why) || IsUsageError(err) {
		t.Errorf("NewEvaluator(test-missing) = %v, want %v, not a usage error", err, why)
	}
	in := func(names []string) bool {
		for _, n := range names {
			if n == "test-missing" {
				return true
			}
		}
		return false
	}
	if !in(Backends()) || in(BuiltBackends()) {
		t.Errorf("Backends %v, BuiltBackends %v: want test-missing in the first only", Backends(), BuiltBackends())
	}
}
