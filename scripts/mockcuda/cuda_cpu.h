// cuda_cpu.h: what kernels/walk.cu needs of CUDA C++, in plain C++, so that
// the mock driver (mockcuda.cc) compiles the kernel source itself and runs
// it on the CPU, one OS thread per CUDA thread.
//
// - threadIdx, blockIdx, blockDim, gridDim are thread-local, set by the
//   mock's launch before it calls the kernel on each thread;
// - the block's dynamic shared memory: walk.cu declares it as
//   `extern __shared__ unsigned char smem[];`, and the macro smem below
//   turns that line into the declaration of a function returning the
//   calling thread's block buffer (a pointer to an array of unknown bound),
//   so that every later use of smem is that buffer;
// - atomicAdd is a relaxed atomic add, __brevll a bit reversal, min the
//   integer minimum; __device__, __global__, __forceinline__ and
//   __launch_bounds__ vanish.
//
// Nothing here is compiled by nvcc: walk.cu is unchanged for the device.
#ifndef MOUSEMAZE_CUDA_CPU_H
#define MOUSEMAZE_CUDA_CPU_H

#include <stdint.h>

#define __device__
#define __global__
#define __host__
#define __shared__
#define __forceinline__ inline
#define __launch_bounds__(...)

struct dim3 {
	unsigned int x, y, z;
};

extern thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;

// mock_smem returns the calling thread's block's dynamic shared memory.
unsigned char (*mock_smem())[];
#define smem (*mock_smem())

static inline unsigned int atomicAdd(unsigned int *p, unsigned int v) {
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

static inline unsigned long long __brevll(unsigned long long x) {
	unsigned long long r = 0;
	for (int i = 0; i < 64; i++) {
		r = r << 1 | (x >> i & 1);
	}
	return r;
}

template <typename T>
static inline T min(T a, T b) {
	return b < a ? b : a;
}

template <typename T>
static inline T max(T a, T b) {
	return a < b ? b : a;
}

#endif
