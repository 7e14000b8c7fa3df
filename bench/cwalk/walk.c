/* A naive single-threaded C walker of mouse mazes in the text format
   (order DRLU, entry and exit in column 0), for the side-by-side timing of
   `mousemaze eval` in docs/commands.md; not part of the Go build (this
   directory has no Go files).

   Each maze is laid in a grid padded with a ring of walls, a wall's count
   being too large to be least; the exit is the padding cell below the
   bottom-left cell, counting 0 visits. An infeasible maze (entry or exit
   walled, or no open path, found by a flood fill) is 0 turns. The walk
   compares the four neighbours in the order down, right, left, up, with
   branches. It prints the mazes, the total turns and the walk's CPU time
   (the reading of the file left out).

   build: gcc -O2 -o walk walk.c      (or -O3 -march=native)
   usage: ./walk FILE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXS 64
#define WALL 0x3fffffff

typedef struct { int rows, cols; long at; } maze_t; /* rows at rows[at...] */

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static long walk(int R, int C, const uint64_t *rows) {
  static int cnt[(MAXS + 2) * (MAXS + 2)], q[(MAXS + 2) * (MAXS + 2)];
  static unsigned char seen[(MAXS + 2) * (MAXS + 2)];
  int W = C + 2, entry = W + 1, exitc = R * W + 1, exitcell = (R + 1) * W + 1;
  for (int i = 0; i < (R + 2) * W; i++) cnt[i] = WALL, seen[i] = 0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      cnt[(r + 1) * W + c + 1] = rows[r] >> c & 1 ? WALL : 0;
  if (cnt[entry] == WALL || cnt[exitc] == WALL) return 0;
  int h = 0, t = 0;
  q[t++] = entry, seen[entry] = 1;
  while (h < t) {
    int p = q[h++], nb[4] = {p + W, p + 1, p - 1, p - W};
    for (int k = 0; k < 4; k++)
      if (cnt[nb[k]] != WALL && !seen[nb[k]]) seen[nb[k]] = 1, q[t++] = nb[k];
  }
  if (!seen[exitc]) return 0;
  cnt[exitcell] = 0;
  int pos = entry;
  long turns = 1;
  cnt[pos] = 1;
  for (;;) {
    int d = pos + W, r = pos + 1, l = pos - 1, u = pos - W;
    int best = d, bc = cnt[d];
    if (cnt[r] < bc) best = r, bc = cnt[r];
    if (cnt[l] < bc) best = l, bc = cnt[l];
    if (cnt[u] < bc) best = u, bc = cnt[u];
    turns++;
    if (best == exitcell) return turns;
    cnt[best]++, pos = best;
  }
}

int main(int argc, char **argv) {
  FILE *f = argc == 2 ? fopen(argv[1], "r") : NULL;
  if (!f) { fprintf(stderr, "usage: walk FILE\n"); return 2; }
  long nm = 0, cm = 1 << 16, nr = 0, cr = 1 << 20;
  maze_t *ms = malloc(cm * sizeof *ms);
  uint64_t *rows = malloc(cr * sizeof *rows);
  char line[256];
  int in = 0;
  while (fgets(line, sizeof line, f)) {
    int len = strlen(line);
    while (len && strchr(" \t\r\n", line[len - 1])) line[--len] = 0;
    if (!len) { in = 0; continue; }
    if (line[0] == ';') continue;
    if (len > MAXS) { fprintf(stderr, "row too wide\n"); return 1; }
    if (!in) {
      if (nm == cm) ms = realloc(ms, (cm *= 2) * sizeof *ms);
      ms[nm++] = (maze_t){0, len, nr};
      in = 1;
    }
    if (nr == cr) rows = realloc(rows, (cr *= 2) * sizeof *rows);
    uint64_t row = 0;
    for (int c = 0; c < len; c++) row |= (uint64_t)(line[c] != '.') << c;
    rows[nr++] = row;
    ms[nm - 1].rows++;
  }
  double t0 = cpu_seconds();
  long total = 0;
  for (long i = 0; i < nm; i++) total += walk(ms[i].rows, ms[i].cols, rows + ms[i].at);
  double t1 = cpu_seconds();
  printf("%ld mazes, %ld turns, walk %.3f CPU-s, %.3g steps per CPU-second\n", nm, total, t1 - t0, total / (t1 - t0));
  return 0;
}
