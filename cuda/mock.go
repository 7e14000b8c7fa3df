//go:build cuda

package cuda

// Hooks into the mock driver of scripts/mockcuda, found by name at run
// time so that the binary links the same with the real driver, where they
// are absent.

/*
#cgo LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>

static int mm_mock_call(const char *sym, const char *arg) {
	void *f = dlsym(RTLD_DEFAULT, sym);
	if (f == NULL) {
		return -1;
	}
	if (arg != NULL) {
		return ((int (*)(const char *))f)(arg);
	}
	return ((int (*)(void))f)();
}
*/
import "C"

import "unsafe"

// mockCall calls the mock driver's int-valued hook sym (with arg when not
// empty), or returns -1 when the driver is not the mock.
func mockCall(sym, arg string) int {
	s := C.CString(sym)
	defer C.free(unsafe.Pointer(s))
	var a *C.char
	if arg != "" {
		a = C.CString(arg)
		defer C.free(unsafe.Pointer(a))
	}
	return int(C.mm_mock_call(s, a))
}

// mockLive returns the mock driver's count of live objects (contexts,
// modules, streams, events, allocations), or -1 with the real driver.
func mockLive() int { return mockCall("mockcuda_live", "") }

// mockLeaked returns how many objects the mock's cuCtxDestroy found still
// owned by the context, or -1 with the real driver.
func mockLeaked() int { return mockCall("mockcuda_leaked", "") }
