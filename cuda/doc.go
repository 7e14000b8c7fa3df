// Package cuda is the GPU backend of mousemaze. It registers itself as the
// "cuda" backend. Built without the cuda build tag, as the default build
// is, the backend reports ErrNoCUDA when opened, so "auto" falls back to
// the CPU and "--backend cuda" says clearly what is missing.
package cuda

import "errors"

// ErrNoCUDA is returned when the binary was built without the cuda tag.
var ErrNoCUDA = errors.New("cuda: this binary was built without CUDA (build it with `make cuda`, which needs the cuda build tag and cgo)")

// ErrNoDevice is returned when the binary has CUDA but finds no GPU.
var ErrNoDevice = errors.New("cuda: no CUDA device found")
