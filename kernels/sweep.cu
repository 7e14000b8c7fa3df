// sweep.cu: the exhaustive-sweep kernel of mousemaze (sweep --backend cuda).
//
// sweep_emulate.go in this directory is a plain-Go, statement-for-statement
// mirror of this file; change both together. The CPU tests hold the mirror
// to the reference engine of dispatch/sweep task by task, and the mock
// driver (make test-cuda-mock) runs this file itself, compiled as C++,
// against whole CPU sweeps.
//
// Generate sweep.ptx with `make ptx` (nvcc -ptx -arch=compute_80).
//
// # Design
//
// One task per thread. A task is a node of the sweep's lazy decision tree,
// given by its decisions from the root (dispatch/sweep's prefix: bits and
// length); the thread replays them from the root, then searches the
// subtree below depth first exactly as dispatch/sweep's reference engine
// (engine.go) does: the mouse walks until his next move depends on an
// undecided cell; the cell is first open (the mouse steps onto it), then a
// wall, the wall branch cut when no open-or-unknown path joins the entry
// and exit cells any more (counted as 2^unknown infeasible mazes); a walk
// that reaches the exit is a leaf standing for 2^unknown mazes. The
// threads are persistent and take task indices from a global atomic
// counter (SweepParams.next), so a long task holds one thread, not a warp
// of finished ones.
//
// A thread's state is the reference engine's, narrowed, in local memory
// (about 1.2 KB): 8-bit keys over the padded grid (0 for undecided cells
// and the exit, visits for open cells, SW_WALL for walls and the border),
// the 64-bit word of open-or-unknown cells, the walk's undo trail (one byte
// per move: the cells stepped on) and one small frame per open decision on
// the current path (cell, mouse position, turns, trail length, branch).
// An undo trail is smaller than a copy of the grid per level (64 levels of
// up to 198 bytes) and undoes only what the subtree walked.
//
// # Cap
//
// Keys are 8 bits: a walk stops before a move onto a cell that already
// has keyLimit visits (0xFE: one more would read as SW_WALL), and before a
// move once it has capTurns turns (1020, so that the trail and the
// histogram, SW_TRAIL and SW_HIST entries, hold every walk: 8x8 walks
// reach 647 turns and more, far beyond dispatch/sweep's cruder 8-bit cap
// of 506 turns, while a single cell's visits stay far below 254). The
// task is then unfinished: best[i] = SW_UNFINISHED, and the
// thread runs the task once more with every histogram addition negated,
// up to the same walk (the search is deterministic), so that the task adds
// nothing; its leaves, steps and infeasible mazes are counted per thread
// and never added. The host runs unfinished tasks on the CPU.
//
// # Tally
//
// tally (u64 words, zeroed by the host): histLo[SW_HIST], histHi[SW_HIST],
// histLeaves[SW_HIST] (mazes as 128-bit counts, lo then hi, and leaves, by
// turns), then infeasible lo, hi, leaves, steps. A 128-bit addition adds
// the low word with atomicAdd, detects the carry from the old value it
// returns, and adds the carry with the high word. best[i] is the most
// turns of task i's leaves (0: none).

typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

#define SW_HIST 1024
#define SW_TRAIL 1024
#define SW_PAD 256
#define SW_FRAMES 65
#define SW_WALL 0xFFu
#define SW_UNFINISHED 0xFFFFFFFFu
#define SW_INF (3 * SW_HIST)

// SweepParams is the kernel's only argument, passed by value. Its layout
// is mirrored by kernels.SweepParams in sweep.go (144 bytes).
struct SweepParams {
    const u64 *tasks; //   0: n tasks, two words each: decision bits, length
    u64 *tally;       //   8: the tally (above), zeroed
    u32 *best;        //  16: n words: the task's most turns, or SW_UNFINISHED
    u32 *next;        //  24: the atomic task counter, zeroed
    u32 n;            //  32: tasks
    int rows;         //  36
    int cols;         //  40
    int entry;        //  44: entry column
    int exit;         //  48: exit column
    int capTurns;     //  52: no move once a walk has this many turns
    int off[4];       //  56: padded-index offset of each direction, in order
    u32 ring[16];     //  72: ringJoined as 512 bits
    u32 keyLimit;     // 136: no move onto a cell with this many visits
    u32 pad;          // 140
};

// SweepThread is one thread's state.
struct SweepThread {
    u8 key[SW_PAD];
    u8 trail[SW_TRAIL];
    u8 fcell[SW_FRAMES];
    u8 fwall[SW_FRAMES];
    short fpos[SW_FRAMES];
    u16 fturns[SW_FRAMES];
    u16 ftrail[SW_FRAMES];
    u64 free;
    u64 entryBit, exitBit, notCol0, notColLast;
    int width, entryIdx, exitIdx, exitBorder;
    int unknown, pos, turns, ntrail, nf;
    u64 steps, leaves, infLo, infHi;
    u32 best;
    int neg;
};

// sw_add128 adds the 128-bit (hi, lo) to the counter at plo, phi.
__device__ __forceinline__ void sw_add128(u64 *plo, u64 *phi, u64 lo, u64 hi) {
    u64 old = atomicAdd(plo, lo);
    if (old + lo < old) {
        hi++;
    }
    if (hi != 0) {
        atomicAdd(phi, hi);
    }
}

// sw_pow2 returns 2^k as (hi, lo).
__device__ __forceinline__ void sw_pow2(int k, u64 *lo, u64 *hi) {
    *lo = k < 64 ? 1ull << k : 0;
    *hi = k < 64 ? 0 : 1ull << (k - 64);
}

// sw_bit returns the bit of padded cell c in the word of cells.
__device__ __forceinline__ u64 sw_bit(const SweepParams &p, const SweepThread &s, int c) {
    int r = c / s.width - 1, col = c % s.width - 1;
    return 1ull << (r * p.cols + col);
}

// sw_reset puts the thread at the root: every cell unknown, the mouse
// outside.
__device__ void sw_reset(const SweepParams &p, SweepThread &s) {
    int n = (p.rows + 2) * s.width;
    for (int i = 0; i < n; i++) {
        s.key[i] = SW_WALL;
    }
    for (int r = 0; r < p.rows; r++) {
        for (int c = 0; c < p.cols; c++) {
            s.key[(r + 1) * s.width + c + 1] = 0;
        }
    }
    s.key[s.exitBorder] = 0;
    s.unknown = p.rows * p.cols;
    s.free = ~0ull >> (64 - s.unknown);
    s.pos = -1;
    s.turns = 0;
    s.ntrail = 0;
    s.nf = 0;
}

// sw_advance walks the mouse until his next move depends on an unknown
// cell, which it returns, or until he steps onto the exit (-1). It returns
// -2, before the move, when the walk has capTurns turns.
__device__ int sw_advance(const SweepParams &p, SweepThread &s) {
    int pos = s.pos;
    if (pos < 0) {
        return s.entryIdx;
    }
    int turns = s.turns, n = s.ntrail;
    for (;;) {
        int best = 0;
        u32 bv = SW_WALL;
        for (int i = 0; i < 4; i++) {
            int m = pos + p.off[i];
            u32 v = s.key[m];
            if (v == 0) {
                s.steps += u64(n - s.ntrail);
                s.pos = pos;
                s.ntrail = n;
                if (m != s.exitBorder) {
                    s.turns = turns;
                    return m;
                }
                s.steps++;
                s.turns = turns + 1;
                return -1;
            }
            if (v < bv) {
                best = m;
                bv = v;
            }
        }
        if (turns >= p.capTurns || bv >= p.keyLimit) {
            return -2;
        }
        pos = best;
        s.key[pos]++;
        turns++;
        s.trail[n] = u8(pos);
        n++;
    }
}

// sw_move moves the mouse onto the open cell c.
__device__ __forceinline__ void sw_move(SweepThread &s, int c) {
    s.pos = c;
    s.key[c]++;
    s.turns++;
    s.trail[s.ntrail] = u8(c);
    s.ntrail++;
}

// sw_push records a branch on cell c and takes its open branch.
__device__ void sw_push(SweepThread &s, int c) {
    int f = s.nf;
    s.fcell[f] = u8(c);
    s.fwall[f] = 0;
    s.fpos[f] = short(s.pos);
    s.fturns[f] = u16(s.turns);
    s.ftrail[f] = u16(s.ntrail);
    s.nf++;
    s.unknown--;
    sw_move(s, c);
}

// sw_rewind undoes the walk back to the state saved in frame f.
__device__ void sw_rewind(SweepThread &s, int f) {
    for (int j = s.ftrail[f]; j < s.ntrail; j++) {
        s.key[s.trail[j]]--;
    }
    s.ntrail = s.ftrail[f];
    s.pos = s.fpos[f];
    s.turns = s.fturns[f];
}

// sw_unset makes the decided cell c unknown again.
__device__ void sw_unset(const SweepParams &p, SweepThread &s, int c) {
    s.key[c] = 0;
    s.free |= sw_bit(p, s, c);
    s.unknown++;
}

// sw_reachable reports whether the open-or-unknown cells join the entry
// cell and the exit cell: a flood from the entry, one step at a time.
__device__ bool sw_reachable(const SweepParams &p, const SweepThread &s) {
    u64 open = s.free;
    if ((open & s.entryBit) == 0 || (open & s.exitBit) == 0) {
        return false;
    }
    u64 x = s.entryBit;
    int sh = p.cols < 64 ? p.cols : 0; // one row of 64 cells: no row above or below
    for (;;) {
        u64 vert = sh == 0 ? 0 : (x << sh | x >> sh);
        u64 nx = (x | (x << 1 & s.notCol0) | (x >> 1 & s.notColLast) | vert) & open;
        if ((nx & s.exitBit) != 0) {
            return true;
        }
        if (nx == x) {
            return false;
        }
        x = nx;
    }
}

// sw_wall_keeps_path makes the undecided cell c a wall and reports whether
// an open-or-unknown path still joins the entry cell and the exit cell: at
// once when c's open-or-unknown neighbours are joined through the ring of
// eight cells around it, by a flood otherwise.
__device__ bool sw_wall_keeps_path(const SweepParams &p, SweepThread &s, int c) {
    u64 b = sw_bit(p, s, c);
    s.key[c] = SW_WALL;
    s.free &= ~b;
    if (c == s.entryIdx || c == s.exitIdx) {
        return false;
    }
    int r = c / s.width - 1, col = c % s.width - 1;
    u32 ring = 0;
    for (int dr = -1; dr <= 1; dr++) {
        for (int dc = -1; dc <= 1; dc++) {
            int rr = r + dr, cc = col + dc;
            if (rr >= 0 && rr < p.rows && cc >= 0 && cc < p.cols && (s.free >> (rr * p.cols + cc) & 1) != 0) {
                ring |= 1u << (3 * (dr + 1) + dc + 1);
            }
        }
    }
    if ((p.ring[ring >> 5] >> (ring & 31) & 1) != 0) {
        return true;
    }
    return sw_reachable(p, s);
}

// sw_infeasible counts 2^unknown infeasible mazes.
__device__ __forceinline__ void sw_infeasible(SweepThread &s) {
    u64 lo, hi;
    sw_pow2(s.unknown, &lo, &hi);
    u64 old = s.infLo;
    s.infLo += lo;
    s.infHi += hi + (s.infLo < old ? 1 : 0);
}

// sw_leaf counts the walk that just ended: 2^unknown mazes with turns
// turns, negated when the thread takes back an unfinished task.
__device__ void sw_leaf(const SweepParams &p, SweepThread &s) {
    u64 lo, hi;
    sw_pow2(s.unknown, &lo, &hi);
    u64 one = 1;
    if (s.neg) {
        lo = ~lo + 1;
        hi = ~hi + (lo == 0 ? 1 : 0);
        one = ~0ull;
    }
    int t = s.turns;
    sw_add128(&p.tally[t], &p.tally[SW_HIST + t], lo, hi);
    atomicAdd(&p.tally[2 * SW_HIST + t], one);
    s.leaves++;
    if (u32(t) > s.best) {
        s.best = u32(t);
    }
}

// sw_backtrack moves to the next unexplored branch above base: the wall
// branch of the deepest frame whose open branch is done and whose wall
// keeps the exit reachable; pruned wall branches count as infeasible. It
// returns false when no branch is left above base.
__device__ bool sw_backtrack(const SweepParams &p, SweepThread &s, int base) {
    while (s.nf > base) {
        int f = s.nf - 1;
        sw_rewind(s, f);
        if (!s.fwall[f]) {
            s.fwall[f] = 1;
            if (sw_wall_keeps_path(p, s, s.fcell[f])) {
                return true;
            }
            sw_infeasible(s);
            continue;
        }
        sw_unset(p, s, s.fcell[f]);
        s.nf--;
    }
    return false;
}

// sw_enter replays the task's decisions from the root. It returns 1 at
// the task's node, 0 when the node is a pruned wall branch (its mazes
// counted as infeasible), -2 when a replayed walk reached the cap.
__device__ int sw_enter(const SweepParams &p, SweepThread &s, u64 bits, int len) {
    sw_reset(p, s);
    for (int i = 0; i < len; i++) {
        int c = sw_advance(p, s);
        if (c < 0) {
            return -2; // the cap, or a task past a leaf: the CPU decides
        }
        sw_push(s, c);
        if ((bits >> i & 1) != 0) {
            int f = s.nf - 1;
            sw_rewind(s, f);
            s.fwall[f] = 1;
            if (!sw_wall_keeps_path(p, s, c)) {
                if (i != len - 1) {
                    return -2; // a task past a pruned branch: the CPU decides
                }
                sw_infeasible(s);
                return 0;
            }
        }
    }
    return 1;
}

// sw_run_task searches the subtree below the task. It returns false when a
// walk reached the cap.
__device__ bool sw_run_task(const SweepParams &p, SweepThread &s, u64 bits, int len) {
    s.steps = 0;
    s.leaves = 0;
    s.infLo = 0;
    s.infHi = 0;
    s.best = 0;
    int ok = sw_enter(p, s, bits, len);
    s.steps = 0; // the replay is not the task's work
    if (ok < 0) {
        return false;
    }
    if (ok == 0) {
        return true;
    }
    int base = s.nf;
    for (;;) {
        int c = sw_advance(p, s);
        if (c >= 0) {
            sw_push(s, c);
            s.steps++;
            if (c == s.exitIdx || c == s.entryIdx) {
                // A walled entry or exit cell leaves no feasible
                // completion: count the wall branch now and skip it.
                s.fwall[s.nf - 1] = 1;
                sw_infeasible(s);
            }
            continue;
        }
        if (c == -2) {
            return false;
        }
        sw_leaf(p, s);
        if (!sw_backtrack(p, s, base)) {
            return true;
        }
    }
}

// sw_init sets the thread's constants for the grid.
__device__ void sw_init(const SweepParams &p, SweepThread &s) {
    s.width = p.cols + 2;
    s.entryIdx = s.width + p.entry + 1;
    s.exitIdx = p.rows * s.width + p.exit + 1;
    s.exitBorder = (p.rows + 1) * s.width + p.exit + 1;
    s.entryBit = 1ull << p.entry;
    s.exitBit = 1ull << ((p.rows - 1) * p.cols + p.exit);
    s.notCol0 = 0;
    s.notColLast = 0;
    u64 row = p.cols >= 64 ? ~0ull : (1ull << p.cols) - 1;
    for (int r = 0; r < p.rows; r++) {
        s.notCol0 |= (row & ~1ull) << (r * p.cols);
        s.notColLast |= (row >> 1) << (r * p.cols);
    }
}

// sweep8 runs tasks, one per thread at a time, until none is left.
extern "C" __global__ void __launch_bounds__(128) sweep8(const SweepParams p) {
    SweepThread s;
    sw_init(p, s);
    for (;;) {
        u32 i = atomicAdd(p.next, 1u);
        if (i >= p.n) {
            return;
        }
        u64 bits = p.tasks[2 * i];
        int len = int(p.tasks[2 * i + 1]);
        s.neg = 0;
        if (sw_run_task(p, s, bits, len)) {
            atomicAdd(&p.tally[SW_INF + 2], s.leaves);
            atomicAdd(&p.tally[SW_INF + 3], s.steps);
            sw_add128(&p.tally[SW_INF], &p.tally[SW_INF + 1], s.infLo, s.infHi);
            p.best[i] = s.best;
            continue;
        }
        p.best[i] = SW_UNFINISHED;
        s.neg = 1;
        sw_run_task(p, s, bits, len);
    }
}
