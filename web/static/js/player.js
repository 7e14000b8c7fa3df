// The player replays a walk from the server's compact path: two bits a
// move (0 down, 1 right, 2 left, 3 up), four to a byte from the low bits
// up. It keeps the visit counts of the turn shown, and at the end shows
// the server's exact heat map and totals, also when the path was cut.

const DR = [1, 0, 0, -1];
const DC = [0, 1, -1, 0];

export function decodePath(b64, moves) {
  const s = atob(b64 || "");
  const out = new Uint8Array(moves);
  for (let i = 0; i < moves; i++) out[i] = (s.charCodeAt(i >> 2) >> (2 * (i & 3))) & 3;
  return out;
}

export class Player {
  // res is a POST /api/eval answer; onFrame(view) is called on every
  // change with {turn, total, counts, max, mouse, atEnd}.
  constructor(res, onFrame) {
    this.res = res;
    this.onFrame = onFrame;
    this.moves = decodePath(res.path, res.path_moves);
    this.n = this.moves.length;
    this.k = res.k || 0;
    this.speed = 20;
    this.playing = false;
    this.raf = 0;
    this.final = new Uint32Array(res.rows * res.cols);
    (res.heat || []).forEach((row, r) => row.forEach((v, c) => { this.final[r * res.cols + c] = v; }));
    this.finalMax = this.final.reduce((a, b) => Math.max(a, b), 0);
    this.seek(0);
  }

  // seek shows the state after i moves (0 ≤ i ≤ n), replaying from the
  // start when going back.
  seek(i) {
    i = Math.max(0, Math.min(this.n, Math.floor(i)));
    const { rows, cols } = this.res;
    if (this.pos === undefined || i < this.pos || this.atEnd) {
      this.counts = new Uint32Array(rows * cols);
      this.r = 0;
      this.c = this.res.entry;
      this.counts[this.c] = 1;
      this.max = 1;
      this.pos = 0;
      this.atEnd = false;
    }
    while (this.pos < i) {
      const d = this.moves[this.pos++];
      this.r += DR[d];
      this.c += DC[d];
      if (this.r >= 0 && this.r < rows) {
        const idx = this.r * cols + this.c;
        let v = this.counts[idx] + 1;
        if (this.k > 0) v %= this.k;
        this.counts[idx] = v;
        if (v > this.max) this.max = v;
      }
    }
    this.emit();
  }

  // end shows the final heat map and totals.
  end() {
    this.pause();
    this.atEnd = true;
    this.pos = this.n;
    this.emit();
  }

  step() { this.pause(); if (this.pos < this.n) this.seek(this.pos + 1); else this.end(); }

  play() {
    if (this.playing) return;
    if (this.atEnd || this.pos >= this.n) this.seek(0);
    this.playing = true;
    let last = performance.now(), carry = 0;
    const tick = (now) => {
      if (!this.playing) return;
      carry += ((now - last) / 1000) * this.speed;
      last = now;
      const steps = Math.floor(carry);
      carry -= steps;
      if (steps > 0) this.seek(this.pos + steps);
      if (this.pos >= this.n) { this.end(); return; }
      this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
    this.emit();
  }

  pause() {
    this.playing = false;
    cancelAnimationFrame(this.raf);
  }

  emit() {
    const { rows, res } = { rows: this.res.rows, res: this.res };
    const total = res.turns;
    if (this.atEnd) {
      const mouse = res.escaped ? { r: rows, c: res.exit } : null;
      this.onFrame({ turn: total, total, counts: this.final, max: this.finalMax, mouse, atEnd: true, pos: this.n, n: this.n, playing: false });
      return;
    }
    this.onFrame({ turn: this.pos + 1, total, counts: this.counts, max: this.max, mouse: { r: this.r, c: this.c }, atEnd: false, pos: this.pos, n: this.n, playing: this.playing });
  }
}
