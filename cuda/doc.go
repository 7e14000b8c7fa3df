// Package cuda is the GPU backend of mousemaze. It registers itself as the
// "cuda" backend. Built without the cuda build tag, as the default build
// is, the backend reports ErrNoCUDA when opened, so "auto" falls back to
// the CPU and "--backend cuda" says clearly what is missing.
//
// # The tagged build
//
// Built with the cuda tag and cgo (`make cuda`), the backend loads the PTX
// embedded by package kernels with gorgonia.org/cu on the first device, or
// on Options.Device, and walks batches there: one mouse per persistent
// thread, the lanes of a warp refilled from an atomic counter as their
// mice leave, with 16-bit visit counts
// in shared memory (32-bit counts, then mousemaze.Walk, for walks whose
// counts overflow). Batches are split into chunks that alternate between
// two streams, with pinned host buffers, so one chunk's copies overlap the
// other's kernel; device and pinned buffers are kept and grown between
// batches. Every driver call runs on one goroutine locked to one OS thread.
//
// On a machine without a GPU or driver the tagged binary still starts: New
// returns an error wrapping ErrNoDevice with the driver's reason, "auto"
// falls back to the CPU, and the tests skip. The binary does need
// libcuda.so.1 to be installed to start at all.
package cuda

import (
	"errors"
	"time"
)

// ErrNoCUDA is returned when the binary was built without the cuda tag.
var ErrNoCUDA = errors.New("cuda: this binary was built without CUDA (build it with `make cuda`, which needs the cuda build tag and cgo)")

// ErrNoDevice is returned when the binary has CUDA but finds no GPU.
var ErrNoDevice = errors.New("cuda: no CUDA device found")

// ErrClosed is returned by Evaluate after Close.
var ErrClosed = errors.New("cuda: the evaluator is closed")

// Stats counts what the cuda backend did since it was opened: kernel
// launches by kernel name, mazes launched, bytes copied each way, and the
// kernels' own time, measured on the device with CUDA events around every
// launch. (Evaluator.Stats in the tagged build.)
type Stats struct {
	Launches   map[string]int
	Mazes      int64
	ToDevice   int64
	FromDevice int64
	Kernel     time.Duration
}
