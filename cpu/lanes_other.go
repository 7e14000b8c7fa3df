//go:build !amd64 || noasm || purego

package cpu

// archKernels is empty where no assembly kernel is built.
var archKernels []kernel
