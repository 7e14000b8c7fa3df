// The editor's model: a grid maze (walls on cells) or a Mouse Maze 2
// board (walls on edges), the rules it is walked under, the text format
// and the share code. No walking happens here: the server walks.

export const MIN_SIDE = 1;
export const MAX_SIDE = 64;
export const DIRS = "DRLU";

export class Maze {
  constructor(rows, cols, edges = false) {
    this.rows = rows;
    this.cols = cols;
    this.edges = edges;
    // walls[i] for cell i = r*cols+c; right[i] the wall right of cell i;
    // down[i] the wall below it (edge boards only).
    this.walls = new Uint8Array(rows * cols);
    this.right = new Uint8Array(rows * cols);
    this.down = new Uint8Array(rows * cols);
  }

  clone() {
    const m = new Maze(this.rows, this.cols, this.edges);
    m.walls.set(this.walls);
    m.right.set(this.right);
    m.down.set(this.down);
    return m;
  }

  wall(r, c) { return this.walls[r * this.cols + c] === 1; }

  // toText writes the project's text format: "." and "X" rows, or the edge
  // format with the frame's gaps above entry and below exit.
  toText(entry = 0, exit = 0) {
    if (!this.edges) {
      let s = "";
      for (let r = 0; r < this.rows; r++) {
        for (let c = 0; c < this.cols; c++) s += this.wall(r, c) ? "X" : ".";
        s += "\n";
      }
      return s;
    }
    const border = (gap) => {
      let s = "+";
      for (let c = 0; c < this.cols; c++) s += (c === gap ? " " : "-") + "+";
      return s + "\n";
    };
    let s = border(entry);
    for (let r = 0; r < this.rows; r++) {
      s += "|";
      for (let c = 0; c < this.cols; c++) {
        const i = r * this.cols + c;
        s += "." + (c === this.cols - 1 || this.right[i] ? "|" : " ");
      }
      s += "\n";
      if (r === this.rows - 1) break;
      s += "+";
      for (let c = 0; c < this.cols; c++) s += (this.down[r * this.cols + c] ? "-" : " ") + "+";
      s += "\n";
    }
    return s + border(exit);
  }

  // fromParsed builds a maze from one maze of a POST /api/parse answer.
  static fromParsed(p) {
    const m = new Maze(p.rows, p.cols, p.edges);
    for (let r = 0; r < p.rows; r++) {
      for (let c = 0; c < p.cols; c++) {
        const i = r * p.cols + c;
        if (p.edges) {
          m.right[i] = p.right[r][c] === "1" ? 1 : 0;
          m.down[i] = p.down[r][c] === "1" ? 1 : 0;
        } else {
          m.walls[i] = p.walls[r][c] === "X" ? 1 : 0;
        }
      }
    }
    return m;
  }
}

// Every preference order, DRLU first.
export function allOrders() {
  const out = [];
  const rec = (prefix, rest) => {
    if (!rest.length) { out.push(prefix); return; }
    for (let i = 0; i < rest.length; i++) rec(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
  };
  rec("", DIRS);
  return out;
}

// The share code: a version byte, flags (bit 0: edges), rows, cols, entry,
// exit, the order (2 bits a direction, D=0 R=1 L=2 U=3, first in the low
// bits), k as 4 bytes big-endian, then the walls one bit each, row-major
// (an edge board: every cell's right bit, then every cell's down bit),
// the whole base64url-encoded without padding.
export function encodeState(st) {
  const m = st.maze;
  const n = m.rows * m.cols * (m.edges ? 2 : 1);
  const bytes = new Uint8Array(11 + Math.ceil(n / 8));
  let order = 0;
  for (let i = 0; i < 4; i++) order |= DIRS.indexOf(st.order[i]) << (2 * i);
  bytes.set([1, m.edges ? 1 : 0, m.rows, m.cols, st.entry, st.exit, order,
    (st.k >>> 24) & 255, (st.k >>> 16) & 255, (st.k >>> 8) & 255, st.k & 255]);
  const bits = m.edges ? [...m.right, ...m.down] : m.walls;
  for (let i = 0; i < n; i++) if (bits[i]) bytes[11 + (i >> 3)] |= 1 << (i & 7);
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// decodeState reads a share code; it throws an Error naming the problem.
export function decodeState(code) {
  let s;
  try {
    s = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new Error("the link's maze code is not base64url");
  }
  const bytes = Uint8Array.from(s, (ch) => ch.charCodeAt(0));
  if (bytes.length < 11 || bytes[0] !== 1) throw new Error("the link's maze code is not version 1");
  const [, flags, rows, cols, entry, exit, ob] = bytes;
  if (rows < MIN_SIDE || rows > MAX_SIDE || cols < MIN_SIDE || cols > MAX_SIDE) throw new Error(`the link's maze is ${rows}x${cols}; sides run 1..64`);
  const edges = (flags & 1) === 1;
  const n = rows * cols * (edges ? 2 : 1);
  if (bytes.length !== 11 + Math.ceil(n / 8)) throw new Error("the link's maze code has the wrong length");
  let order = "";
  for (let i = 0; i < 4; i++) order += DIRS[(ob >> (2 * i)) & 3];
  const k = ((bytes[7] << 24) | (bytes[8] << 16) | (bytes[9] << 8) | bytes[10]) >>> 0;
  const m = new Maze(rows, cols, edges);
  for (let i = 0; i < n; i++) {
    const bit = (bytes[11 + (i >> 3)] >> (i & 7)) & 1;
    if (!edges) m.walls[i] = bit;
    else if (i < rows * cols) m.right[i] = bit;
    else m.down[i - rows * cols] = bit;
  }
  return { maze: m, entry, exit, order, k };
}

// History keeps undo and redo stacks of share codes.
export class History {
  constructor(limit = 500) { this.undo = []; this.redo = []; this.limit = limit; }
  push(code) {
    if (this.undo[this.undo.length - 1] === code) return;
    this.undo.push(code);
    if (this.undo.length > this.limit) this.undo.shift();
    this.redo = [];
  }
  back(current) {
    if (!this.undo.length) return null;
    this.redo.push(current);
    return this.undo.pop();
  }
  forward(current) {
    if (!this.redo.length) return null;
    this.undo.push(current);
    return this.redo.pop();
  }
}
