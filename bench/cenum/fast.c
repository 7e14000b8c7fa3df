/* fast.c: the fastest C enumerator of the sweep's tree we could write, for
   the side-by-side timing in docs/sweep.md; not part of the Go build (this
   directory has no Go files). enum.c is the plainer one.

   It searches the tree of `mousemaze sweep` (order DRLU): the mouse walks
   a partly decided maze and the search branches, open first, then wall,
   only where his next move depends on an undecided cell; a leaf stands
   for every setting of the cells he never examined. A wall that leaves no
   open-or-undecided path from the entry cell to the exit cell cuts its
   branch.

   - Iterative depth-first search with no allocation: one saved level per
     pending wall branch (the padded grid of 8-bit visit counts, 64 bytes
     up to 6x6, 128 up to 7x7, and a header of a few words). A branch
     copies the grid one level up and walks the open branch there;
     backtracking is one step down, where the wall goes in place.
   - The wall branch is tested at the branch itself, so a pruned wall
     saves nothing (the open branch is walked in place), and a kept wall
     needs no test when its turn comes (the level holds the path found).
   - The test: a remembered set of open-or-undecided cells that holds an
     entry-exit path (a wall off it cuts nothing; the set depends only on
     the decisions from the root); else a table of the 3x3 ring around
     the cell, indexed by PEXT of the ring's open-or-undecided cells (one
     256-bit table per cell: if the cell's open-or-undecided neighbours
     are joined through the ring the path goes around it); else a flood
     from the exit over the grid as one 64-bit word, and, when it reaches
     the entry, a breadth-first search for a shortest path to remember.
   - The exit cell: with down first the mouse leaves as soon as he steps
     on it, and its wall always cuts, so meeting it undecided ends the
     walk at once (a leaf two turns on).
   - A wall branch, when its turn comes, goes on with the scan of the
     directions where its branch stopped it.
   - The scan's branches stay branches (#pragma below): GCC's conditional
     moves made this program 15% slower (0.73 s against 0.63 s on 6x6).
   - Cut wall branches are counted by their unknown cells (cut[u]: 2^u
     mazes each) and added up in 128 bits once, after the sweep, as the Go
     engine does; no difference within the runs' spread, but 1.4% fewer
     instructions on 6x6 (6.90 against 6.99 billion, cachegrind, built
     with -march=x86-64-v3).

   It prints what `mousemaze sweep` prints, line for line (the optimum,
   optimal classes and mazes, leaves, mazes and infeasible mazes, and the
   histogram; with "free" every pair's line and the best pair's figures),
   and must agree with it exactly: compare with

     mousemaze sweep --size RxC --workers 1 --quiet [--entry E --exit X | --free-ends]

   (bench/cenum/compare.sh does, for 4x4, 5x5, 6x6, 4x9 and 5x5 free ends).

   build: gcc -O3 -march=native -o fast bench/cenum/fast.c
          (-march=native, or at least -mbmi2, for PEXT; without BMI2 a
          portable loop stands in)
   usage: ./fast R C [ENTRY EXIT | free]   (R*C <= 64, (R+2)*(C+2) <= 128,
          walks below 507 turns: every size up to 7x7) */
#pragma GCC optimize("no-if-conversion", "no-if-conversion2")
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
static inline uint64_t pext(uint64_t x, uint64_t m) { return _pext_u64(x, m); }
#else
static inline uint64_t pext(uint64_t x, uint64_t m) {
  uint64_t r = 0;
  for (uint64_t bb = 1; m; bb <<= 1, m &= m - 1)
    if (x & m & -m) r |= bb;
  return r;
}
#endif
/* pdep: the bits of x, lowest first, put on the set bits of m (setup only) */
static uint64_t pdep(uint64_t x, uint64_t m) {
  uint64_t r = 0;
  for (; m; x >>= 1, m &= m - 1)
    if (x & 1) r |= m & -m;
  return r;
}

typedef unsigned __int128 u128;
enum { WALL = 255, CAP = 2 * (WALL - 2) }; /* visits stay below WALL while turns < CAP */

static int R, C, W;
static int entryIdx, exitIdx, exitB, off[4];
static uint64_t bitOf[128], nbr8[128], ringTab[128][4];
static uint64_t entryBit, exitBit, notCol0, notColLast;

/* one pair's tally */
static u128 hist[CAP + 3], infeasible;
static uint64_t cut[64]; /* cut wall branches by the unknown cells after the wall: 2^u mazes each */
static uint64_t histLeaves[CAP + 3], leaves;
static int best;

static inline uint64_t step(uint64_t x, uint64_t o) {
  return (x | (x << 1 & notCol0) | (x >> 1 & notColLast) | x << C | x >> C) & o;
}

/* findPath: breadth first from the exit over o; on reaching the entry it
   stores one shortest path in *path. */
static int findPath(uint64_t o, uint64_t *path) {
  uint64_t layer[66], seen = exitBit;
  int k = 0;
  if (!(o & entryBit) || !(o & exitBit)) return 0;
  layer[0] = seen;
  while (!(seen & entryBit)) {
    uint64_t nx = step(seen, o);
    if (nx == seen) return 0;
    layer[++k] = nx & ~seen;
    seen = nx;
  }
  uint64_t cur = entryBit, p = cur;
  for (int j = k - 1; j >= 0; j--) {
    uint64_t cand = step(cur, o) & layer[j];
    cur = cand & -cand;
    p |= cur;
  }
  *path = p;
  return 1;
}

/* wallOK: may the undecided cell c (padded) of free become a wall? On yes
   *wp is a set holding a path without c. */
static inline int wallOK(uint64_t free, uint64_t path, int c, uint64_t *wp) {
  uint64_t b = bitOf[c];
  if (!(path & b)) { *wp = path; return 1; }
  if (c == entryIdx || c == exitIdx) return 0;
  uint64_t p = pext(free, nbr8[c]);
  if (ringTab[c][p >> 6] >> (p & 63) & 1) { *wp = (path | (nbr8[c] & free)) & ~b; return 1; }
  /* a flood from the exit: walls here usually cut every path */
  uint64_t o = free & ~b, x = exitBit & o;
  while (!(x & entryBit)) {
    uint64_t nx = step(x, o);
    if (nx == x) return 0;
    x = nx;
  }
  return findPath(o, wp);
}

/* a level's header: the state at its pending wall branch, but the grid */
typedef struct {
  uint64_t free;  /* bit r*C+c: cell (r, c) open or undecided */
  uint64_t wpath; /* a set holding an entry-exit path once pending is a wall */
  int32_t pos, turns, unknown, pending;
  int32_t tmin, kmin, dir; /* the scan at pending: fewest visits so far (cell, visits), pending's direction */
} hdr;

/* run sweeps the pair set up by setup; nk (64 or 128) is the size of the
   padded grid, a constant in each copy (run64, run128). */
static inline __attribute__((always_inline)) void run(const int nk) {
  static uint8_t keys[66][128] __attribute__((aligned(64)));
  static hdr hs[66];
  uint8_t *key = keys[0];
  const int o0 = off[0], o1 = off[1], o2 = off[2], o3 = off[3];
  uint64_t path, free;
  int d = 0, unknown, dir = 0;
  memset(key, WALL, 128);
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) key[(r + 1) * W + c + 1] = 0;
  key[exitB] = 0;
  unknown = R * C;
  free = R * C == 64 ? ~0ULL : (1ULL << (R * C)) - 1;
  findPath(free, &path);
  /* pos: the mouse; t, k: the fewest visits so far and its cell; tz, dir:
     the first undecided cell (or the exit) the scan meets, its direction */
  int pos = 0, turns, t, k, m;
  int tz = entryIdx;
  t = entryIdx;
  turns = 0;
  k = WALL;
  goto branch; /* the root: the first decision is the entry cell */
  for (;;) {
    for (;;) {
      /* the directions in order: the first with 0 visits (undecided, or
         the exit) decides the move at once, else the fewest visits */
      t = pos + o0;
      k = key[t];
      if (k == 0) { tz = t; dir = 0; goto zero; }
    s1:
      m = pos + o1;
      if (key[m] == 0) { tz = m; dir = 1; goto zero; }
      if (key[m] < k) { t = m; k = key[m]; }
    s2:
      m = pos + o2;
      if (key[m] == 0) { tz = m; dir = 2; goto zero; }
      if (key[m] < k) { t = m; k = key[m]; }
    s3:
      m = pos + o3;
      if (key[m] == 0) { tz = m; dir = 3; goto zero; }
      if (key[m] < k) { t = m; k = key[m]; }
    mv:
      if (turns >= CAP) { fprintf(stderr, "a walk passed %d turns\n", CAP); exit(1); }
      key[t] = k + 1;
      turns++;
      pos = t;
    }
  zero:
    if (tz == exitIdx) { /* the exit cell: walled it cuts, open he leaves */
      cut[unknown - 1]++;
      turns += 2;
      hist[turns] += (u128)1 << (unknown - 1);
      goto leafed;
    }
    if (tz == exitB) {
      turns++;
      hist[turns] += (u128)1 << unknown;
    leafed:
      histLeaves[turns]++;
      leaves++;
      if (turns > best) best = turns;
      /* back to the last pending wall, known to keep a path */
      if (d == 0) return;
      d--;
      key = keys[d];
      hdr *h = &hs[d];
      int c = h->pending;
      key[c] = WALL;
      free = h->free & ~bitOf[c];
      unknown = h->unknown - 1;
      path = h->wpath;
      pos = h->pos;
      turns = h->turns;
      t = h->tmin; k = h->kmin; /* the scan goes on after the new wall */
      switch (h->dir) {
      case 0: t = c; k = WALL; goto s1;
      case 1: goto s2;
      case 2: goto s3;
      default: goto mv;
      }
    }
  branch: {
    uint64_t wp;
    int c = tz;
    if (wallOK(free, path, c, &wp)) { /* the wall waits here, the open branch goes up */
      hdr *h = &hs[d];
      h->free = free; h->wpath = wp; h->pos = pos; h->turns = turns; h->unknown = unknown; h->pending = c;
      h->dir = dir; h->tmin = t; h->kmin = k;
      memcpy(keys[d + 1], key, nk);
      d++;
      key = keys[d];
    } else { /* the wall cuts: the open branch in place */
      cut[unknown - 1]++;
    }
    key[c] = 1;
    unknown--;
    turns++;
    pos = c;
  }
  }
}

static void setup(int en, int ex) {
  W = C + 2;
  entryIdx = W + en + 1;
  exitIdx = R * W + ex + 1;
  exitB = (R + 1) * W + ex + 1;
  off[0] = W, off[1] = 1, off[2] = -1, off[3] = -W; /* D R L U */
  notCol0 = notColLast = 0;
  memset(bitOf, 0, sizeof bitOf);
  memset(nbr8, 0, sizeof nbr8);
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) {
      int i = (r + 1) * W + c + 1;
      bitOf[i] = 1ULL << (r * C + c);
      if (c) notCol0 |= bitOf[i];
      if (c < C - 1) notColLast |= bitOf[i];
    }
  entryBit = bitOf[entryIdx];
  exitBit = bitOf[exitIdx];
  /* ringTab[i][p]: the 3x3 block whose open-or-undecided cells PEXT gives
     as p joins i's open-or-undecided neighbours through the ring. */
  static const int cyc[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}};
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) {
      int i = (r + 1) * W + c + 1;
      int bitpos[8], nb = 0; /* ring position -> grid bit, -1 off the grid */
      for (int j = 0; j < 8; j++) {
        int rr = r + cyc[j][0], cc = c + cyc[j][1];
        bitpos[j] = rr >= 0 && rr < R && cc >= 0 && cc < C ? rr * C + cc : -1;
        if (bitpos[j] >= 0) nbr8[i] |= 1ULL << bitpos[j], nb++;
      }
      memset(ringTab[i], 0, sizeof ringTab[i]);
      for (int p = 0; p < 1 << nb; p++) {
        uint64_t fr = pdep(p, nbr8[i]);
        int on[8], comp[8], lab = 0, first = -1, ok = 1;
        for (int j = 0; j < 8; j++) on[j] = bitpos[j] >= 0 && (fr >> bitpos[j] & 1), comp[j] = -1;
        for (int j = 0; j < 8; j++) {
          if (!on[j] || comp[j] >= 0) continue;
          lab++;
          for (int q = j; on[q % 8] && comp[q % 8] < 0; q++) comp[q % 8] = lab;
          for (int q = j + 7; on[q % 8] && comp[q % 8] < 0; q--) comp[q % 8] = lab;
        }
        for (int j = 1; j < 8; j += 2)
          if (on[j]) {
            if (first < 0) first = comp[j];
            else if (comp[j] != first) ok = 0;
          }
        if (ok) ringTab[i][p >> 6] |= 1ULL << (p & 63);
      }
    }
}

static __attribute__((noinline)) void run64(void) { run(64); }
static __attribute__((noinline)) void run128(void) { run(128); }
static void sweep(int en, int ex) {
  setup(en, ex);
  memset(hist, 0, sizeof hist);
  memset(histLeaves, 0, sizeof histLeaves);
  infeasible = 0, leaves = 0, best = 0;
  memset(cut, 0, sizeof cut);
  if ((R + 2) * (C + 2) <= 64) run64();
  else run128();
  for (int u = 0; u < 64; u++) infeasible += (u128)cut[u] << u;
}

static const char *u128s(u128 v) {
  static char buf[4][48];
  static int k;
  char *b = buf[k++ & 3], *p = b + 47;
  *p = 0;
  do *--p = '0' + (int)(v % 10), v /= 10; while (v);
  return p;
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4 && argc != 5) {
    fprintf(stderr, "usage: fast R C [ENTRY EXIT | free]\n");
    return 2;
  }
  R = atoi(argv[1]), C = atoi(argv[2]);
  if (R < 1 || C < 1 || R * C > 64 || (R + 2) * (C + 2) > 128) {
    fprintf(stderr, "fast: %dx%d too large\n", R, C);
    return 2;
  }
  int freeEnds = argc == 4 && !strcmp(argv[3], "free");
  int en = argc == 5 ? atoi(argv[3]) : 0, ex = argc == 5 ? atoi(argv[4]) : 0;
  /* with free ends, the best pair's figures (ties to the first pair) */
  u128 bHist[CAP + 3], bInf = 0;
  uint64_t bHL[CAP + 3], bLeaves = 0;
  int bBest = -1;
  char lines[64 * 64][96];
  int nl = 0;
  for (int e = 0; e < C; e++)
    for (int x = 0; x < C; x++) {
      if (!freeEnds && (e != en || x != ex)) continue;
      sweep(e, x);
      if (freeEnds)
        snprintf(lines[nl++], sizeof lines[0], "pair entry %d exit %d: %d turns, %llu optimal classes, %llu leaves", e, x,
                 best, (unsigned long long)histLeaves[best], (unsigned long long)leaves);
      if (best > bBest) {
        bBest = best, bInf = infeasible, bLeaves = leaves;
        memcpy(bHist, hist, sizeof hist);
        memcpy(bHL, histLeaves, sizeof histLeaves);
      }
    }
  u128 mazes = bInf;
  for (int t = 0; t <= CAP + 2; t++) mazes += bHist[t];
  printf("optimum: %d turns (%d visits)\n", bBest, bBest > 2 ? bBest - 2 : 0);
  printf("optimal classes: %llu (%s mazes)\n", (unsigned long long)bHL[bBest], u128s(bHist[bBest]));
  printf("leaves: %llu, mazes: %s (infeasible %s)\n", (unsigned long long)bLeaves, u128s(mazes), u128s(bInf));
  for (int i = 0; i < nl; i++) puts(lines[i]);
  puts("histogram (turns: classes, mazes):");
  for (int t = 0; t <= CAP + 2; t++)
    if (bHL[t]) printf("%6d: %llu, %s\n", t, (unsigned long long)bHL[t], u128s(bHist[t]));
  return 0;
}
