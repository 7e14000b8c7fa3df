// cuda_cpu.h: what kernels/walk.cu (with breed.cu) and kernels/sweep.cu need of CUDA C++,
// in plain C++, so that the mock driver (mockcuda.cc) compiles the kernel
// sources themselves and runs them on the CPU, one OS thread per CUDA
// thread.
//
// - threadIdx, blockIdx, blockDim, gridDim are thread-local, set by the
//   mock's launch before it calls the kernel on each thread;
// - the block's dynamic shared memory: walk.cu declares it as
//   `extern __shared__ unsigned char smem[];`, and the macro smem below
//   turns that line into the declaration of a function returning the
//   calling thread's block buffer (a pointer to an array of unknown bound),
//   so that every later use of smem is that buffer;
// - atomicAdd (32 and 64 bits) is a relaxed atomic add, __brevll a bit reversal,
//   __umul64hi the high word of a 128-bit product, __ffsll the builtin, min the
//   integer minimum; __ballot_sync and __shfl_sync meet the warp's 32
//   threads at a barrier (mock_warp), __ffs and __popc are the builtins;
//   __device__, __global__, __forceinline__ and
//   __launch_bounds__ vanish.
//
// Nothing here is compiled by nvcc: walk.cu is unchanged for the device.
#ifndef MOUSEMAZE_CUDA_CPU_H
#define MOUSEMAZE_CUDA_CPU_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <condition_variable>
#include <mutex>

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

// mock_warp is one warp of a launch: its lanes (OS threads) meet in it
// for the warp-wide operations. Each exchange is a barrier: every lane
// writes its value into the buffer of the current generation, the last to
// arrive starts the next generation, and every lane then reads the whole
// buffer. Two buffers alternate, so that a lane already in the next
// exchange never overwrites values another lane has yet to read.
struct mock_warp {
	std::mutex mu;
	std::condition_variable cv;
	unsigned lanes = 32; // threads in this warp
	unsigned arrived = 0;
	unsigned long long gen = 0;
	unsigned vals[2][32];
};

extern thread_local mock_warp *mock_warp_of;

// mock_exchange gives every lane of the calling thread's warp the values
// all lanes passed. A full-warp operation in a partial warp is undefined
// on a GPU: the mock stops there.
static inline void mock_exchange(unsigned mask, unsigned v, unsigned *all) {
	mock_warp *w = mock_warp_of;
	if (mask != 0xFFFFFFFFu || w->lanes != 32) {
		fprintf(stderr, "mockcuda: warp operation with mask %#x in a warp of %u threads\n", mask, w->lanes);
		abort();
	}
	unsigned lane = threadIdx.x & 31;
	std::unique_lock<std::mutex> lock(w->mu);
	unsigned long long g = w->gen;
	unsigned *buf = w->vals[g & 1];
	buf[lane] = v;
	if (++w->arrived == w->lanes) {
		w->arrived = 0;
		w->gen++;
		w->cv.notify_all();
	} else {
		w->cv.wait(lock, [&] { return w->gen != g; });
	}
	memcpy(all, buf, 32 * sizeof(unsigned));
}

static inline unsigned __ballot_sync(unsigned mask, int pred) {
	unsigned all[32];
	mock_exchange(mask, pred != 0, all);
	unsigned r = 0;
	for (unsigned l = 0; l < 32; l++) {
		r |= all[l] << l;
	}
	return r;
}

static inline unsigned __shfl_sync(unsigned mask, unsigned v, int src) {
	unsigned all[32];
	mock_exchange(mask, v, all);
	return all[src & 31];
}

static inline int __ffs(unsigned x) { return __builtin_ffs((int)x); }

static inline int __popc(unsigned x) { return __builtin_popcount(x); }

static inline unsigned int atomicAdd(unsigned int *p, unsigned int v) {
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) {
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

static inline unsigned long long __brevll(unsigned long long x) {
	unsigned long long r = 0;
	for (int i = 0; i < 64; i++) {
		r = r << 1 | (x >> i & 1);
	}
	return r;
}

static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
	return (unsigned long long)((unsigned __int128)a * b >> 64);
}

static inline int __ffsll(long long x) { return __builtin_ffsll(x); }

template <typename T>
static inline T min(T a, T b) {
	return b < a ? b : a;
}

template <typename T>
static inline T max(T a, T b) {
	return a < b ? b : a;
}

#endif
