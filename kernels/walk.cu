// walk.cu: the mousemaze walk kernels.
//
// emulate.go in this directory is a plain-Go, statement-for-statement
// mirror of this file: the same padded layout, the same narrow counters,
// the same key packing, the same per-thread loop and the same handling of
// caps, heat maps, infeasible mazes and counter overflow. Change both
// together; the CPU tests hold the mirror to mousemaze.Walk, so a device
// run that disagrees points at a translation error between the two files.
//
// Generate walk.ptx with `make ptx` (nvcc -ptx -arch=compute_80).
//
// # Design
//
// One mouse per thread. The threads are persistent and walk in rounds: in
// each, the lanes of a warp whose mouse has left take the next mazes
// together from a global atomic counter (Params.next; one atomicAdd per
// warp, indices handed out by ballot), then every lane with a mouse walks
// up to REFILL_STEPS steps. A lane so waits at most REFILL_STEPS steps for
// a new maze, never for the warp's longest walk, and walks of very
// different lengths keep the lanes busy until the batch runs out.
//
// A thread's visit counts live in a padded grid of H x W cells (kernels.
// NewLayout): cell (r, c) of the maze is padded cell (r+1, c+1). Row 0, the
// rows below the maze, column 0 and the columns right of it are a border
// of walls (column 0 is also the right-hand border of the row above), so
// the inner loop has no bounds checks. The exit is the border cell below
// the exit column: it holds 0 and is never incremented. Walls hold WALL,
// which is larger than any count an open cell reaches, so a wall's key is
// never the least.
//
// The grids of all the threads are interleaved, S lanes sharing the array:
// in shared memory (Params.shared != 0) the lanes are the threads of a
// block and S is blockDim.x, a multiple of 64; grids too large for shared
// memory use a global scratch array with the lanes of the whole grid (S =
// gridDim.x*blockDim.x). Each lane's grid is cut into units, and unit m of
// lane l is unit m*S + l:
// - untiled (32-bit counts, and every width in global scratch), a unit is
//   one count, cell after cell (W = cols+1, H = rows+2): cell j of lane l
//   is count j*S + l, and the mouse is a pointer that moves by constant
//   offsets;
// - tiled (8- and 16-bit counts in shared memory), a unit is a 32-bit word
//   holding a tile of one lane's cells: 1 x 2 cells of 16 bits, 2 x 2 of 8
//   bits (W and H whole tiles; H >= rows+3 with 2-row tiles). Every word of
//   lane l then lies in bank (m*S + l) mod 32 = l mod 32, so the 32 lanes of
//   a warp touch 32 different banks whatever cells they stand on: no bank
//   conflicts (16-bit counts interleaved count by count put two lanes in
//   one bank, 2-way conflicts). The mouse is a byte offset; a step within
//   a tile moves it by B (column) or 2 (row) bytes, out of a tile by a
//   word of every lane (a tile row), the offset's own bits telling which.
//
// The key of a move is count<<2 | rank, rank being the direction's place
// in the preference order; the least of the four keys is the move, with
// ties broken by rank, and is found branch-free with three min operations.
//
// # Counters and overflow
//
// walk8 counts in 8 bits (WALL8 = 0xFF), walk16 in 16 bits (WALL16 =
// 0xFFFF), walk32 in 32 bits (WALL32 = 2^30-1, so that the key still fits
// 32 bits). A walk stops as soon as a cell's count reaches LIMIT = WALL-1
// and the maze is marked OVERFLOW: no decision ever used a count at or
// above LIMIT, and the host walks the maze again from the start with the
// next wider counter (walk8 -> walk16 -> walk32 -> mousemaze.Walk; the
// host starts at walk8 where its model says it pays), so every result is
// exact.
//
// # Output
//
// out[i] = turns << 3 | OVERFLOW | ESCAPED | FEASIBLE (flags 4, 2, 1); an
// infeasible maze gives 0. When Params.heat is not null, heat[i*rows*cols +
// r*cols + c] receives the visit count of cell (r, c), 0 for walls and for
// infeasible mazes; an overflowed maze's heat is left to the host.

typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

#define FLAG_FEASIBLE 1ull
#define FLAG_ESCAPED 2ull
#define FLAG_OVERFLOW 4ull
#define TURN_SHIFT 3
#define MAX_ROWS 64
#define FULL_WARP 0xFFFFFFFFu
// REFILL_STEPS is how many steps a lane walks between two refills of its
// warp (kernels.RefillSteps).
#define REFILL_STEPS 32u

// Params is the kernels' only argument, passed by value. Its layout is
// mirrored by kernels.Params in kernels.go (104 bytes, 8-byte aligned).
struct Params {
    const u64 *walls;  //   0: n*rows wall masks, bit c = wall at column c
    u64 *out;          //   8: n result words
    u32 *heat;         //  16: n*rows*cols visit counts, or null
    u32 *next;         //  24: the batch's atomic maze counter, zeroed
    void *scratch;     //  32: global counts when shared == 0
    u64 limit;         //  40: the turn cap, or ~0 for none
    u32 n;             //  48: mazes in the batch
    int rows;          //  52
    int cols;          //  56
    int entry;         //  60
    int exit;          //  64
    u32 rank[4];       //  68: rank of each direction, by Dir (D, R, L, U)
    u32 dir[4];        //  84: the direction of each rank (the order)
    int shared;        // 100: 1 = counts in dynamic shared memory
};

// spread returns the open runs (maximal runs of set bits of open) that hold
// a bit of x, which must be a subset of open (as cpu.spread does).
__device__ __forceinline__ u64 spread(u64 x, u64 open) {
    if (x == 0) {
        return 0;
    }
    u64 up = ((open + x) ^ open | x) & open;
    u64 ro = __brevll(open);
    u64 rx = __brevll(x);
    u64 down = __brevll(((ro + rx) ^ ro | rx) & ro);
    return up | down;
}

// feasible_walls reports whether the rows x cols maze walls, entered at
// column entry of its first row and left at column exit of its last, is
// feasible, by a flood fill on whole rows that sweeps down and up until
// nothing changes (as cpu's lanes do); reach is scratch of rows words.
__device__ bool feasible_walls(const u64 *walls, u64 *reach, int rows, int cols, u32 entry, u32 exit) {
    if ((walls[0] >> entry & 1) != 0 || (walls[rows - 1] >> exit & 1) != 0) {
        return false;
    }
    const u64 mask = cols >= 64 ? ~0ull : (1ull << cols) - 1;
    for (int r = 0; r < rows; r++) {
        reach[r] = 0;
    }
    reach[0] = spread(1ull << entry, ~walls[0] & mask);
    const u64 goal = 1ull << exit;
    for (;;) {
        bool changed = false;
        for (int r = 1; r < rows; r++) {
            u64 open = ~walls[r] & mask;
            u64 x = reach[r] | spread(reach[r - 1] & open & ~reach[r], open);
            if (x != reach[r]) {
                reach[r] = x;
                changed = true;
            }
        }
        if ((reach[rows - 1] & goal) != 0) {
            return true;
        }
        for (int r = rows - 2; r >= 0; r--) {
            u64 open = ~walls[r] & mask;
            u64 x = reach[r] | spread(reach[r + 1] & open & ~reach[r], open);
            if (x != reach[r]) {
                reach[r] = x;
                changed = true;
            }
        }
        if (!changed) {
            return false;
        }
    }
}

// feasible is feasible_walls for a maze of the batch p describes.
__device__ bool feasible(const Params &p, const u64 *walls, u64 *reach) {
    return feasible_walls(walls, reach, p.rows, p.cols, p.entry, p.exit);
}

// pick returns o[r] without indexing an array, which would put it in local
// memory.
template <typename V>
__device__ __forceinline__ V pick(u32 r, V o0, V o1, V o2, V o3) {
    V a = (r & 1) ? o1 : o0;
    V b = (r & 1) ? o3 : o2;
    return (r & 2) ? b : a;
}

// Tile<T> is how many cells of one mouse share a 32-bit word: R rows by C
// columns (kernels.NewLayout). Every word belongs to one lane.
template <typename T>
struct Tile;
template <>
struct Tile<u8> {
    enum { R = 2, C = 2 };
};
template <>
struct Tile<u16> {
    enum { R = 1, C = 2 };
};
template <>
struct Tile<u32> {
    enum { R = 1, C = 1 };
};

// cell is the count at byte offset a of cnt.
template <typename T>
__device__ __forceinline__ T &cell(unsigned char *cnt, u32 a) {
    return *(T *)(cnt + a);
}

// Turns<narrow>::type is the turn counter of walk: u32 when narrow.
template <bool narrow>
struct Turns {
    typedef u64 type;
};
template <>
struct Turns<true> {
    typedef u32 type;
};

// walk is one thread of a walk kernel, with counts of type T. SHARED says
// at compile time where the counts live (it equals p.shared), so that the
// compiler addresses shared memory with shared-space loads (ld.shared,
// 32-bit addresses) rather than generic ones; both instantiations compute
// the same.
//
// Turns are counted in TURNS: 32 bits for counts narrower than 32 bits
// (a walk stops when a count reaches LIMIT, so it makes at most
// 1 + cells * LIMIT + 1 turns, under 2^29 for 16-bit counts on 64x64), so
// the cap is clamped to 2^32 - 1, which no such walk reaches; 64 bits for
// 32-bit counts.
template <typename T, u32 WALL, u32 LIMIT, bool SHARED>
__device__ void walk(const Params &p) {
    typedef typename Turns<sizeof(T) < 4>::type TURNS;
    const u32 B = sizeof(T);
    // Shared counts narrower than 32 bits are tiled (Tile<T>), so that a
    // lane's words all lie in one bank; global scratch has no banks and
    // keeps the plain interleaving (one count per lane in turn).
    const bool TILED = SHARED && B < 4;
    const u32 TR = TILED ? (u32)Tile<T>::R : 1;
    const u32 TC = TILED ? (u32)Tile<T>::C : 1;
    const u32 U = TILED ? 4 : B; // bytes of one lane's unit of interleaving
    extern __shared__ unsigned char smem[];
    unsigned char *cnt;
    u32 S;
    u32 lane;
    if (SHARED) {
        cnt = smem;
        S = blockDim.x;
        lane = threadIdx.x;
    } else {
        cnt = (unsigned char *)p.scratch;
        S = gridDim.x * blockDim.x;
        lane = blockIdx.x * blockDim.x + threadIdx.x;
    }
    const int rows = p.rows;
    const int cols = p.cols;
    // The padded grid: W columns, H rows, whole tiles (kernels.NewLayout).
    const u32 W = (u32)(cols + 1 + TC - 1) / TC * TC;
    const u32 H = (u32)(rows + 2 + TR - 1 + TR - 1) / TR * TR;
    const u32 units = H / TR * (W / TC);
    // Byte strides: one unit of every lane, a tile row.
    const u32 SU = U * S;
    const u32 rs = SU * (W / TC);
    // The corrections of a step right (hc) and down (vc) from the last
    // column (row) of a tile into the next tile; see the step below.
    const u32 hc = (SU - 2 * B) / B;
    const u32 vc = rs / 2 - 2;
    // The untiled step: the offsets down and right, and of each rank's
    // direction, in counts.
    const int o_d = (int)(W * S);
    const int o_r = (int)S;
    const int o0 = pick<int>(p.dir[0], o_d, o_r, -o_r, -o_d);
    const int o1 = pick<int>(p.dir[1], o_d, o_r, -o_r, -o_d);
    const int o2 = pick<int>(p.dir[2], o_d, o_r, -o_r, -o_d);
    const int o3 = pick<int>(p.dir[3], o_d, o_r, -o_r, -o_d);
    const u32 kD = p.rank[0];
    const u32 kR = p.rank[1];
    const u32 kL = p.rank[2];
    const u32 kU = p.rank[3];
    const u32 dirs = p.dir[0] | p.dir[1] << 2 | p.dir[2] << 4 | p.dir[3] << 6;
    const u32 base = U * lane;
#define ADDR(R, C) (((u32)(R) / TR * (W / TC) + (u32)(C) / TC) * SU + base + ((u32)(R) % TR * TC + (u32)(C) % TC) * B)
    const u32 entry = ADDR(1, p.entry + 1);
    const u32 exit = ADDR(rows + 1, p.exit + 1);
    u64 reach[MAX_ROWS];

    // The border: every cell a wall, but the exit.
    for (u32 m = 0; m < units; m++) {
        for (u32 s = 0; s < U; s += B) {
            cell<T>(cnt, m * SU + base + s) = (T)WALL;
        }
    }
    cell<T>(cnt, exit) = 0;

    // The lanes of a warp walk in rounds: in each, the lanes without a
    // mouse take the next mazes together (one atomicAdd for the warp, the
    // indices handed out by ballot and prefix count), then every lane with
    // a mouse walks up to REFILL_STEPS steps. A lane whose mouse leaves
    // thus waits at most REFILL_STEPS steps for a new maze, not for the
    // warp's longest walk. Results do not depend on which lane walks which
    // maze.
    const u32 wl = threadIdx.x & 31; // blockDim.x is a multiple of 32
    const u32 below = (1u << wl) - 1;
    const TURNS cap = p.limit > (TURNS)~(TURNS)0 ? (TURNS)~(TURNS)0 : (TURNS)p.limit;
    // The mouse: a byte offset into the counts when tiled, else a pointer
    // (which saves the address arithmetic of every access).
    u32 a = exit;
    T *const out = (T *)(cnt + exit);
    T *m = out;
    TURNS turns = 0;
    u64 flags = 0;
    u32 i = 0;
    bool live = false;
    bool exhausted = false;
    for (;;) {
        const u32 need = __ballot_sync(FULL_WARP, !live);
        if (need != 0 && !exhausted) {
            const int leader = __ffs(need) - 1;
            const u32 taken = (u32)__popc(need);
            u32 first = 0;
            if ((int)wl == leader) {
                first = atomicAdd(p.next, taken);
            }
            first = __shfl_sync(FULL_WARP, first, leader);
            exhausted = first >= p.n || p.n - first <= taken;
            if (!live) {
                i = first + (u32)__popc(need & below);
                if (i < p.n) {
                    const u64 *walls = p.walls + (size_t)i * rows;
                    if (!feasible(p, walls, reach)) {
                        p.out[i] = 0;
                        if (p.heat != 0) {
                            u32 *h = p.heat + (size_t)i * rows * cols;
                            for (int j = 0; j < rows * cols; j++) {
                                h[j] = 0;
                            }
                        }
                    } else {
                        // Load the maze and put the mouse on the entry cell.
                        for (int r = 0; r < rows; r++) {
                            u64 row = walls[r];
                            for (int c = 0; c < cols; c++) {
                                cell<T>(cnt, ADDR(r + 1, c + 1)) = (row >> c & 1) ? (T)WALL : (T)0;
                            }
                        }
                        a = entry;
                        m = (T *)(cnt + entry);
                        *m = 1;
                        turns = 1;
                        flags = FLAG_FEASIBLE;
                        live = true;
                    }
                }
            }
        }
        if (__ballot_sync(FULL_WARP, live) == 0) {
            if (exhausted) {
                break;
            }
            continue;
        }
        if (!live) {
            continue;
        }
        bool done = false;
#pragma unroll 1
        for (u32 step = 0; step < REFILL_STEPS; step++) {
            if (turns >= cap) {
                done = true;
                break;
            }
            // The neighbours. Untiled, a step moves a whole unit of every
            // lane (SU bytes) or a row of them (rs). Within a tile it
            // moves B bytes (a column) or 2 bytes (a row, 8-bit tiles);
            // out of the tile's last column (row) it moves to the lane's
            // next tile, a word on (a tile row on). The column bit of the
            // offset (a & B) says which; the left neighbour is always one
            // word of every lane before the right one, and the upper one a
            // tile row above the lower.
            T *here;
            if (!TILED) {
                u32 kd = (u32)m[o_d] << 2 | kD;
                u32 kr = (u32)m[o_r] << 2 | kR;
                u32 kl = (u32)m[-o_r] << 2 | kL;
                u32 ku = (u32)m[-o_d] << 2 | kU;
                u32 k = min(min(kd, kr), min(kl, ku));
                m += pick(k & 3, o0, o1, o2, o3);
                turns++;
                if (m == out) {
                    flags |= FLAG_ESCAPED;
                    done = true;
                    break;
                }
                here = m;
            } else {
                u32 aR = a + B + (a & B) * hc;
                u32 aL = aR - SU;
                u32 aD, aU;
                if (TR == 1) {
                    aD = a + rs;
                    aU = a - rs;
                } else {
                    aD = a + 2 + (a & 2) * vc;
                    aU = aD - rs;
                }
                u32 kd = (u32)cell<T>(cnt, aD) << 2 | kD;
                u32 kr = (u32)cell<T>(cnt, aR) << 2 | kR;
                u32 kl = (u32)cell<T>(cnt, aL) << 2 | kL;
                u32 ku = (u32)cell<T>(cnt, aU) << 2 | kU;
                u32 k = min(min(kd, kr), min(kl, ku));
                a = pick(dirs >> ((k & 3) << 1) & 3, aD, aR, aL, aU);
                turns++;
                if (a == exit) {
                    flags |= FLAG_ESCAPED;
                    done = true;
                    break;
                }
                here = &cell<T>(cnt, a);
            }
            u32 c = (u32)*here + 1;
            *here = (T)c;
            if (c == LIMIT) {
                flags |= FLAG_OVERFLOW;
                done = true;
                break;
            }
        }
        if (!done) {
            continue;
        }
        live = false;
        p.out[i] = (u64)turns << TURN_SHIFT | flags;
        if (p.heat != 0 && (flags & FLAG_OVERFLOW) == 0) {
            u32 *h = p.heat + (size_t)i * rows * cols;
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    u32 v = cell<T>(cnt, ADDR(r + 1, c + 1));
                    h[r * cols + c] = v == WALL ? 0 : v;
                }
            }
        }
    }
#undef ADDR
}

// layouts picks the instantiation of walk for the launch: global scratch
// or shared memory. p is the same for every thread, so the choice never
// diverges.
template <typename T, u32 WALL, u32 LIMIT>
__device__ __forceinline__ void layouts(const Params &p) {
    if (!p.shared) {
        walk<T, WALL, LIMIT, false>(p);
    } else {
        walk<T, WALL, LIMIT, true>(p);
    }
}

// walk8 walks mazes with 8-bit visit counts.
extern "C" __global__ void __launch_bounds__(256, 5) walk8(const Params p) {
    layouts<u8, 0xFFu, 0xFEu>(p);
}

// walk16 walks mazes with 16-bit visit counts.
extern "C" __global__ void __launch_bounds__(256, 5) walk16(const Params p) {
    layouts<u16, 0xFFFFu, 0xFFFEu>(p);
}

// walk32 walks mazes with 32-bit visit counts (keys stay within 32 bits).
extern "C" __global__ void __launch_bounds__(256, 5) walk32(const Params p) {
    layouts<u32, (1u << 30) - 1, (1u << 30) - 2>(p);
}

// The breeding kernel (breed.cu) shares this file's module, its types and
// its flood fill.
#include "breed.cu"
