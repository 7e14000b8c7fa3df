//go:build !amd64 || noasm || purego

package cpu

// archKernels is empty where no assembly kernel is built.
var archKernels []kernel

// slowGathers reports false: without gather kernels pick needs no rule.
func slowGathers() bool { return false }
