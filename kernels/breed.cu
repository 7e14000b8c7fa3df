// breed.cu: the breeding kernel of mousemaze, included by walk.cu (so that
// walk.ptx holds it beside the walk kernels and shares their flood fill).
//
// It breeds one generation's children of a grid GA on the device, exactly
// as dispatch's GridProblem.Breed breeds them on the host for mazes with
// fixed ends: the same random streams, the same draws in the same order,
// the same children. The host keeps what is cheap and sequential (picking
// the parents, the engine's streams, the binomial table); the kernel does
// per child what costs (crossover, mutation, feasibility, redraws and
// repair), one child per thread, and writes the children where a walk
// kernel can walk them without a copy. The cuda tests hold its children
// to GridProblem.Breed's under the mock driver, child for child.
//
// # The draws of one child (GridProblem.Breed, dispatch/grid_breed.go)
//
// Child g of the launch is child i = g mod chunk of chunk c = g / chunk,
// whose host stream gave seeds[c]; its generator is wyrand (breedRand),
// seeded by splitmix64's finaliser of seeds[c] + (i+1)*golden (childRand).
// From it: the first parent, then (with crossover) the second; then up to
// maxRedraws candidates, each
//   - the crossover of the parents (one random word for every 64 cells in
//     row-major order; a cell comes from the first parent where its bit is
//     1) or a copy of the first parent,
//   - with the entry and exit cells opened,
//   - mutated by a binomial number of distinct cell flips (one uniform
//     looked up in the host's table, then one bounded draw a flip, a cell
//     drawn twice drawn again),
//   - with one flip more when it equals a parent,
// until one is feasible; the last infeasible one is repaired towards the
// first parent (GridProblem.repair: cells that differ are set back to the
// parent's in a random order until the child is feasible).
//
// # Limits
//
// Fixed ends only, at most BREED_MAX_CELLS cells (the repair's list of
// differing cells lives in the thread's local memory): the host breeds
// every other grid itself (kernels.BreedJob.Check).

#define BREED_MAX_CELLS 1024
#define BREED_GUIDE 128

// Binomial modes (kernels.Binom*): no flips, every move flipped (both
// without a draw), or a draw from the table.
#define BINOM_NONE 0
#define BINOM_ALL 1
#define BINOM_TABLE 2

// BreedParams is the breeding kernel's only argument, passed by value. Its
// layout is mirrored by kernels.BreedParams in breed.go (112 bytes).
struct BreedParams {
    const u64 *parents;   //   0: nparents*rows wall masks
    const u64 *seeds;     //   8: the seed of each chunk of children
    const double *cdf;    //  16: the binomial table, cdf[k] = P(X <= k)
    const u16 *guide;     //  24: BREED_GUIDE starts of the table's search
    const u16 *cell_of;   //  32: the cell of each move, row<<6 | column
    u64 *children;        //  40: n*rows wall masks, written
    u8 *rejected;         //  48: n counts of rejected candidates, written
    u32 n;                //  56: children
    u32 nparents;         //  60
    u32 chunk;            //  64: children per seed
    u32 moves;            //  68: entries of cell_of
    u32 cdf_len;          //  72: entries of cdf
    int rows;             //  76
    int cols;             //  80
    int entry;            //  84
    int exit;             //  88
    int cross;            //  92: 1 = crossover
    int max_redraws;      //  96
    int binom;            // 100: BINOM_NONE, BINOM_ALL or BINOM_TABLE
    u64 *hashes;          // 104: n hash_child values, written
};

// Rand is breedRand: wyrand, a 64-bit counter stepped by an odd constant
// and mixed by one 128-bit multiply.
struct Rand {
    u64 s;

    __device__ __forceinline__ u64 next() {
        s += 0xa0761d6478bd642full;
        u64 x = s ^ 0xe7037ed1a0b428dbull;
        return __umul64hi(s, x) ^ (s * x);
    }

    // below returns a uniform integer in [0, n), n > 0 (Lemire's method,
    // as breedRand.below).
    __device__ __forceinline__ u64 below(u64 n) {
        u64 r = next();
        u64 hi = __umul64hi(r, n), lo = r * n;
        if (lo < n) {
            const u64 floor = (0 - n) % n;
            while (lo < floor) {
                r = next();
                hi = __umul64hi(r, n);
                lo = r * n;
            }
        }
        return hi;
    }

    // uniform returns a uniform double in [0, 1), a multiple of 2^-53.
    __device__ __forceinline__ double uniform() { return (double)(next() >> 11) * (1.0 / 9007199254740992.0); }
};

// child_rand is childRand: the stream of child i of the chunk seeded seed.
__device__ __forceinline__ u64 child_rand(u64 seed, u64 i) {
    u64 z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ z >> 27) * 0x94d049bb133111ebull;
    return z ^ z >> 31;
}

// binom_draw is binomialTable.draw for the host's table.
__device__ int binom_draw(const BreedParams &p, Rand &r) {
    if (p.binom == BINOM_NONE) {
        return 0;
    }
    if (p.binom == BINOM_ALL) {
        return (int)p.moves;
    }
    const double u = r.uniform();
    int k = p.guide[(int)(u * BREED_GUIDE)];
    const int last = (int)p.cdf_len - 1;
    while (k < last && u >= p.cdf[k]) {
        k++;
    }
    return k;
}

// flip_cells is breeding.flipCells: it flips k distinct cells of c, each
// a bounded draw of a move looked up in cell_of, a cell drawn twice drawn
// again, with at most 20k+100 draws.
__device__ void flip_cells(const BreedParams &p, Rand &r, u64 *c, u64 *flip, int k) {
    const int rows = p.rows;
    for (int got = 0, tries = 0; got < k && tries < 20 * k + 100; tries++) {
        const u16 cell = p.cell_of[r.below(p.moves)];
        const int row = cell >> 6;
        const u64 bit = 1ull << (cell & 63);
        if ((flip[row] & bit) != 0) {
            continue;
        }
        flip[row] |= bit;
        got++;
    }
    for (int row = 0; row < rows; row++) {
        c[row] ^= flip[row];
        flip[row] = 0;
    }
}

// equal reports whether the walls a and b of rows rows are the same.
__device__ __forceinline__ bool equal(const u64 *a, const u64 *b, int rows) {
    for (int row = 0; row < rows; row++) {
        if (a[row] != b[row]) {
            return false;
        }
    }
    return true;
}

// candidate draws the next candidate child into c (GridProblem.candidate
// with fixed ends).
__device__ void candidate(const BreedParams &p, Rand &r, const u64 *a, const u64 *b, u64 *c, u64 *flip, u64 rowMask) {
    const int rows = p.rows, cols = p.cols;
    if (p.cross) {
        // crossRows: one random word a 64 cells, and a word of zeros
        // after them that only ever fills bits the row mask clears.
        u64 words[BREED_MAX_CELLS / 64 + 1];
        const int nw = (rows * cols + 63) / 64;
        for (int i = 0; i < nw; i++) {
            words[i] = r.next();
        }
        words[nw] = 0;
        for (int row = 0, pos = 0; row < rows; row++, pos += cols) {
            const int i = pos >> 6, off = pos & 63;
            u64 m = words[i] >> off;
            if (off != 0) {
                m |= words[i + 1] << (64 - off);
            }
            m &= rowMask;
            c[row] = (a[row] & m) | (b[row] & ~m);
        }
    } else {
        for (int row = 0; row < rows; row++) {
            c[row] = a[row];
        }
    }
    c[0] &= ~(1ull << p.entry);
    c[rows - 1] &= ~(1ull << p.exit);
    flip_cells(p, r, c, flip, binom_draw(p, r));
    if (equal(c, a, rows) || equal(c, b, rows)) {
        flip_cells(p, r, c, flip, 1);
    }
}

// repair is GridProblem.repair: the cells where the infeasible child c
// differs from its parent a are set back to a's, in an order drawn from r
// (one bounded draw a cell, from the cells left, in row-major order with
// the last moved into the place of the one drawn), until c is feasible.
__device__ void repair(const BreedParams &p, Rand &r, u64 *c, const u64 *a, u64 *reach) {
    const int rows = p.rows;
    u16 diff[BREED_MAX_CELLS];
    int nd = 0;
    for (int row = 0; row < rows; row++) {
        for (u64 x = c[row] ^ a[row]; x != 0; x &= x - 1) {
            diff[nd++] = (u16)(row << 6 | (__ffsll((long long)x) - 1));
        }
    }
    bool ok = feasible_walls(c, reach, rows, p.cols, p.entry, p.exit);
    while (!ok && nd > 0) {
        const int i = (int)r.below((u64)nd);
        const u16 cell = diff[i];
        diff[i] = diff[--nd];
        const int row = cell >> 6;
        const u64 bit = 1ull << (cell & 63);
        if ((a[row] & bit) != 0) { // walled: still infeasible
            c[row] |= bit;
            continue;
        }
        c[row] &= ~bit;
        ok = feasible_walls(c, reach, rows, p.cols, p.entry, p.exit);
    }
}

// hash_child is kernels.ChildHash: FNV-1a on the words, each step's
// product folded, then the ends.
__device__ __forceinline__ u64 hash_child(const u64 *c, int rows, int entry, int exit) {
    u64 h = 14695981039346656037ull;
    for (int row = 0; row <= rows; row++) {
        h ^= row < rows ? c[row] : ((u64)(unsigned)entry << 32 | (u64)(unsigned)exit);
        h *= 1099511628211ull;
        h ^= h >> 29;
    }
    return h;
}

// breed writes child g of the launch to children[g*rows...], the number
// of its candidates rejected to rejected[g] and its hash to hashes[g], for
// every g < n, in a grid-stride loop over the threads.
extern "C" __global__ void __launch_bounds__(256) breed(const BreedParams p) {
    const int rows = p.rows;
    const u64 rowMask = p.cols >= 64 ? ~0ull : (1ull << p.cols) - 1;
    u64 c[MAX_ROWS], flip[MAX_ROWS], reach[MAX_ROWS];
    for (int row = 0; row < rows; row++) {
        flip[row] = 0;
    }
    const u32 stride = gridDim.x * blockDim.x;
    for (u32 g = blockIdx.x * blockDim.x + threadIdx.x; g < p.n; g += stride) {
        Rand r = {child_rand(p.seeds[g / p.chunk], g % p.chunk)};
        const u64 *a = p.parents + r.below(p.nparents) * rows;
        const u64 *b = a;
        if (p.cross) {
            b = p.parents + r.below(p.nparents) * rows;
        }
        int rejected = 0;
        for (;;) {
            candidate(p, r, a, b, c, flip, rowMask);
            if (feasible_walls(c, reach, rows, p.cols, p.entry, p.exit)) {
                break;
            }
            if (++rejected >= p.max_redraws) {
                repair(p, r, c, a, reach);
                break;
            }
        }
        u64 *out = p.children + (u64)g * rows;
        for (int row = 0; row < rows; row++) {
            out[row] = c[row];
        }
        p.rejected[g] = (u8)rejected;
        p.hashes[g] = hash_child(c, rows, p.entry, p.exit);
    }
}

// GatherParams is the gather kernel's only argument, passed by value. Its
// layout is mirrored by kernels.GatherParams in breed.go (32 bytes).
struct GatherParams {
    const u64 *src;       //  0: children, rows words each
    const u32 *idx;       //  8: n indices into src
    u64 *dst;             // 16: n*rows words, written
    u32 n;                // 24
    int rows;             // 28
};

// gather copies children idx[0..n-1] of src to dst, one after another:
// one word a thread, in a grid-stride loop, so that the host reads any
// children the device keeps with one copy.
extern "C" __global__ void __launch_bounds__(256) gather(const GatherParams p) {
    const u64 words = (u64)p.n * p.rows;
    const u64 stride = (u64)gridDim.x * blockDim.x;
    for (u64 t = (u64)blockIdx.x * blockDim.x + threadIdx.x; t < words; t += stride) {
        const u64 k = t / p.rows;
        p.dst[t] = p.src[(u64)p.idx[k] * p.rows + (t - k * p.rows)];
    }
}
