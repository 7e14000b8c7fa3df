/* A small C enumerator of every R x C mouse maze (order DRLU), for the
   side-by-side timing in docs/sweep.md; not part of the Go build (this
   directory has no Go files).

   It searches the same lazy tree as `mousemaze sweep`: the mouse walks a
   partly decided maze and the search branches (open first, then wall)
   only where his next move depends on an undecided cell; a leaf stands
   for every setting of the cells never examined. State is copied per
   open branch; a wall is kept only if the entry and exit cells stay
   joined by open-or-undecided cells (a test on the 3x3 block around the
   wall, then a flood fill on a 64-bit word). It prints the optimum turns
   and the leaves.

   build: gcc -O2 -o enum enum.c
   usage: ./enum R C [ENTRY EXIT]      (R*C <= 64, (R+2)*(C+2) <= 128) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
typedef struct { uint8_t key[128]; uint64_t free; int unknown, turns, pos; } st_t;
static int R, C, W, EN, EX, entryIdx, exitIdx, exitB, off[4];
static uint64_t bitOf[128], entryBit, exitBit, notCol0, notColLast, all;
static unsigned char ringJoined[512];
static uint64_t leaves, hist[4096]; static int best;
static int idx(int r, int c) { return (r + 1) * W + c + 1; }
static uint64_t step(uint64_t x, uint64_t o) { return (x | (x << 1 & notCol0) | (x >> 1 & notColLast) | x << C | x >> C) & o; }
static int reach(uint64_t o) {
  if (!(o & entryBit) || !(o & exitBit)) return 0;
  uint64_t s = exitBit;
  for (;;) { uint64_t n = step(s, o); if (n & entryBit) return 1; if (n == s) return 0; s = n; }
}
static int wallOK(st_t *s, int c) { /* s has c already walled */
  if (c == entryIdx || c == exitIdx) return 0;
  int w = W, ring = 0, k = 0;
  int ds[9] = {-w - 1, -w, -w + 1, -1, 0, 1, w - 1, w, w + 1};
  for (k = 0; k < 9; k++) if (k != 4 && s->key[c + ds[k]] != 255) ring |= 1 << k;
  if (ringJoined[ring]) return 1;
  return reach(s->free);
}
static void rec(st_t *s) {
  for (;;) {
    int pos = s->pos, c;
    if (pos == 0) c = entryIdx;
    else for (;;) {
      int t = pos + off[0], k = s->key[t], m;
      if (k == 0) goto z;
      m = pos + off[1]; if (s->key[m] == 0) { t = m; goto z; } else if (s->key[m] < k) { t = m; k = s->key[m]; }
      m = pos + off[2]; if (s->key[m] == 0) { t = m; goto z; } else if (s->key[m] < k) { t = m; k = s->key[m]; }
      m = pos + off[3]; if (s->key[m] == 0) { t = m; goto z; } else if (s->key[m] < k) { t = m; k = s->key[m]; }
      s->key[t] = k + 1; s->turns++; pos = t; continue;
    z:
      if (t == exitB) { s->turns++; leaves++; hist[s->turns]++; if (s->turns > best) best = s->turns; return; }
      s->pos = pos; c = t; break;
    }
    st_t ch = *s;
    ch.key[c] = 1; ch.unknown--; ch.turns++; ch.pos = c;
    rec(&ch);
    s->key[c] = 255; s->unknown--; s->free &= ~bitOf[c];
    if (!wallOK(s, c)) return;
  }
}
int main(int argc, char **argv) {
  R = atoi(argv[1]); C = atoi(argv[2]); EN = argc > 4 ? atoi(argv[3]) : 0; EX = argc > 4 ? atoi(argv[4]) : 0;
  W = C + 2;
  /* ringJoined[p]: block p (bit 3i+j, 4 = the centre) joins the centre's
     open-or-undecided neighbours through the ring around it */
  for (int p = 0; p < 512; p++) {
    int on[9]; for (int k = 0; k < 9; k++) on[k] = (p >> k & 1) && k != 4;
    int cyc[8] = {0, 1, 2, 5, 8, 7, 6, 3}, comp[8], nc = 0, first = -1;
    /* label the runs of on cells around the ring */
    for (int i = 0; i < 8; i++) comp[i] = -1;
    int start = -1; for (int i = 0; i < 8; i++) if (!on[cyc[i]]) { start = i; break; }
    if (start < 0) { ringJoined[p] = 1; continue; }
    for (int j = 1; j <= 8; j++) { int i = (start + j) % 8; if (on[cyc[i]]) { if (!on[cyc[(i + 7) % 8]]) nc++; comp[i] = nc; } }
    /* edge cells 1,3,5,7 -> cycle positions 1,7,3,5 */
    int ok = 1; int ep[4] = {1, 7, 3, 5};
    for (int e = 0; e < 4; e++) { int i = ep[e]; if (on[cyc[i]]) { if (first < 0) first = comp[i]; else if (comp[i] != first) ok = 0; } }
    ringJoined[p] = ok;
  }
  entryIdx = idx(0, EN); exitIdx = idx(R - 1, EX); exitB = idx(R, EX);
  int o4[4] = {W, 1, -1, -W}; memcpy(off, o4, sizeof off);
  st_t s; memset(&s, 255, sizeof s.key);
  for (int r = 0; r < R; r++) for (int c = 0; c < C; c++) { s.key[idx(r, c)] = 0; bitOf[idx(r, c)] = 1ULL << (r * C + c); }
  s.key[exitB] = 0;
  all = R * C == 64 ? ~0ULL : (1ULL << (R * C)) - 1;
  for (int r = 0; r < R; r++) for (int c = 0; c < C; c++) { if (c) notCol0 |= 1ULL << (r * C + c); if (c < C - 1) notColLast |= 1ULL << (r * C + c); }
  entryBit = bitOf[entryIdx]; exitBit = bitOf[exitIdx];
  s.free = all; s.unknown = R * C; s.turns = 0; s.pos = 0;
  rec(&s);
  printf("%d %llu\n", best, (unsigned long long)leaves);
  return 0;
}
