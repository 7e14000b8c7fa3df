//go:build cuda

package cuda

// gorgonia.org/cu calls cuInit from its package init and exits the process
// when it fails, as it does on a machine without a GPU or without the
// NVIDIA kernel driver. That would kill the tagged binary before main, even
// for `--backend cpu`, and a test binary before it could skip. So this
// binary defines cuInit itself: a definition in the executable takes
// precedence over libcuda's, so cu's call lands here. It forwards to the
// driver's cuInit (found with dlsym(RTLD_NEXT)), records the result and
// reports success; New then turns a recorded failure into ErrNoDevice with
// the driver's reason, and no other driver call is ever made.

/*
#cgo LDFLAGS: -lcuda -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <cuda.h>

static CUresult mm_init_result = CUDA_SUCCESS;
static int mm_init_called = 0;

CUresult CUDAAPI cuInit(unsigned int flags) {
	CUresult (*real)(unsigned int) = (CUresult (*)(unsigned int))dlsym(RTLD_NEXT, "cuInit");
	mm_init_called = 1;
	if (real == NULL) {
		mm_init_result = CUDA_ERROR_NOT_INITIALIZED;
		return CUDA_SUCCESS;
	}
	mm_init_result = real(flags);
	return CUDA_SUCCESS;
}

static int mm_init_status(void) {
	if (!mm_init_called) {
		cuInit(0);
	}
	return (int)mm_init_result;
}

static const char *mm_error_name(int r) {
	const char *s = NULL;
	if (cuGetErrorName((CUresult)r, &s) != CUDA_SUCCESS || s == NULL) {
		return "CUDA_ERROR_UNKNOWN";
	}
	return s;
}

static const char *mm_error_string(int r) {
	const char *s = NULL;
	if (cuGetErrorString((CUresult)r, &s) != CUDA_SUCCESS || s == NULL) {
		return "unknown error";
	}
	return s;
}
*/
import "C"

import "fmt"

// initError returns the driver's cuInit failure, or nil when it succeeded.
func initError() error {
	r := C.mm_init_status()
	if r == 0 {
		return nil
	}
	return fmt.Errorf("cuInit: %w", driverError(int(r)))
}

// driverError describes a CUresult by the driver's name and text for it.
type driverError int

// Error returns the driver's name and text for the result code.
func (r driverError) Error() string {
	return fmt.Sprintf("%s (%d): %s", C.GoString(C.mm_error_name(C.int(r))), int(r), C.GoString(C.mm_error_string(C.int(r))))
}
