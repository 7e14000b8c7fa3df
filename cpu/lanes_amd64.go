//go:build amd64 && !noasm && !purego

package cpu

// archKernels lists the assembly kernels for amd64, fastest first.
var archKernels []kernel
