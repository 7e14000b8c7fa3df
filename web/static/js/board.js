// The board: draws a maze on a canvas with the entry and exit markers, the
// heat map, the mouse and the cut-off region, and turns pointer and
// keyboard input into edits.
import { fitCanvas } from "./canvas.js";
import { viridis, heatScale } from "./colour.js";

const WALL = "#2b2b2b";
const OPEN = "#ffffff";
const GRID = "#d9d9d9";

export class Board {
  // hooks: begin() before an edit stroke, changed() after each change,
  // ends(which, col) when a marker moves, hover(r, c) (r = -1: none).
  constructor(canvas, hooks, { maxPx = 620, interactive = true } = {}) {
    this.canvas = canvas;
    this.hooks = hooks || {};
    this.maxPx = maxPx;
    this.st = null;
    this.overlay = {};
    this.cursor = { r: 0, c: 0 };
    this.paint = null;
    if (interactive) this.listen();
  }

  set(st) {
    this.st = st;
    this.cursor.r = Math.min(this.cursor.r, st.maze.rows - 1);
    this.cursor.c = Math.min(this.cursor.c, st.maze.cols - 1);
    this.draw();
  }

  // setOverlay sets what is drawn over the maze: counts (per cell), max,
  // mouse {r, c}, reachable (rows of '0'/'1').
  setOverlay(o) {
    this.overlay = o || {};
    this.draw();
  }

  // room is the width the board may take: maxPx, or less where its panel
  // is narrower (a phone), so that the page never scrolls sideways.
  room() {
    const sec = this.canvas.closest("section");
    if (!sec || !sec.clientWidth) return this.maxPx;
    const cs = getComputedStyle(sec);
    const w = sec.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    return Math.max(60, Math.min(this.maxPx, Math.floor(w)));
  }

  layout() {
    const m = this.st.maze;
    const px = this.room();
    const cs = Math.max(3, Math.min(64, Math.floor(Math.min((px - 6) / m.cols, this.maxPx / (m.rows + 2)))));
    const ox = 3, oy = cs;
    return { cs, ox, oy, w: m.cols * cs + 2 * ox, h: (m.rows + 2) * cs };
  }

  draw() {
    if (!this.st) return;
    const m = this.st.maze;
    const L = this.layout();
    const { cs, ox, oy } = L;
    const cv = this.canvas;
    const ctx = fitCanvas(cv, L.w, L.h);
    cv.dataset.cell = cs;
    cv.dataset.ox = ox;
    cv.dataset.oy = oy;
    const { counts, max, mouse, reachable } = this.overlay;
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        const i = r * m.cols + c;
        let fill = OPEN;
        if (!m.edges && m.walls[i]) fill = WALL;
        else if (counts && counts[i] > 0) fill = viridis(heatScale(counts[i], max));
        ctx.fillStyle = fill;
        ctx.fillRect(ox + c * cs, oy + r * cs, cs, cs);
        if (reachable && reachable[r][c] === "0" && !(!m.edges && m.walls[i])) {
          hatch(ctx, ox + c * cs, oy + r * cs, cs);
        }
      }
    }
    // Grid lines.
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 1; r < m.rows; r++) { ctx.moveTo(ox, oy + r * cs + 0.5); ctx.lineTo(ox + m.cols * cs, oy + r * cs + 0.5); }
    for (let c = 1; c < m.cols; c++) { ctx.moveTo(ox + c * cs + 0.5, oy); ctx.lineTo(ox + c * cs + 0.5, oy + m.rows * cs); }
    ctx.stroke();
    // Edge walls and the frame, with gaps at the ends.
    const thick = Math.max(2, Math.round(cs / 7));
    ctx.strokeStyle = WALL;
    ctx.lineWidth = thick;
    ctx.lineCap = "square";
    ctx.beginPath();
    if (m.edges) {
      for (let r = 0; r < m.rows; r++) {
        for (let c = 0; c < m.cols; c++) {
          const i = r * m.cols + c;
          if (c < m.cols - 1 && m.right[i]) { ctx.moveTo(ox + (c + 1) * cs, oy + r * cs); ctx.lineTo(ox + (c + 1) * cs, oy + (r + 1) * cs); }
          if (r < m.rows - 1 && m.down[i]) { ctx.moveTo(ox + c * cs, oy + (r + 1) * cs); ctx.lineTo(ox + (c + 1) * cs, oy + (r + 1) * cs); }
        }
      }
    }
    const top = oy, bottom = oy + m.rows * cs;
    const seg = (x0, y0, x1, y1) => { ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); };
    seg(ox, top, ox + this.st.entry * cs, top);
    seg(ox + (this.st.entry + 1) * cs, top, ox + m.cols * cs, top);
    seg(ox, bottom, ox + this.st.exit * cs, bottom);
    seg(ox + (this.st.exit + 1) * cs, bottom, ox + m.cols * cs, bottom);
    seg(ox, top, ox, bottom);
    seg(ox + m.cols * cs, top, ox + m.cols * cs, bottom);
    ctx.stroke();
    // Markers: the entry above the top row, the exit below the bottom row.
    arrow(ctx, ox + (this.st.entry + 0.5) * cs, oy - cs * 0.85, cs, "#1b9e3e");
    arrow(ctx, ox + (this.st.exit + 0.5) * cs, bottom + cs * 0.15, cs, "#c0392b");
    if (mouse) drawMouse(ctx, ox + (mouse.c + 0.5) * cs, oy + (mouse.r + 0.5) * cs, cs);
    if (document.activeElement === cv) {
      ctx.strokeStyle = "#e67e22";
      ctx.lineWidth = 2;
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(ox + this.cursor.c * cs + 2, oy + this.cursor.r * cs + 2, cs - 4, cs - 4);
      ctx.setLineDash([]);
    }
  }

  // hit maps a pointer position to a cell, a marker row or nothing.
  hit(ev) {
    const m = this.st.maze;
    const { cs, ox, oy } = this.layout();
    const rect = this.canvas.getBoundingClientRect();
    const x = ev.clientX - rect.left - ox, y = ev.clientY - rect.top - oy;
    const c = Math.floor(x / cs), r = Math.floor(y / cs);
    if (c < 0 || c >= m.cols) return null;
    if (r === -1) return { marker: "entry", c };
    if (r === m.rows) return { marker: "exit", c };
    if (r < 0 || r > m.rows) return null;
    return { r, c, fx: x / cs - c, fy: y / cs - r };
  }

  // edgeAt names the edge nearest a point inside a cell, or null.
  edgeAt(h) {
    const m = this.st.maze;
    const i = h.r * m.cols + h.c;
    const cands = [
      [1 - h.fx, h.c < m.cols - 1 ? ["right", i] : null],
      [h.fx, h.c > 0 ? ["right", i - 1] : null],
      [1 - h.fy, h.r < m.rows - 1 ? ["down", i] : null],
      [h.fy, h.r > 0 ? ["down", i - m.cols] : null],
    ].filter((e) => e[1]).sort((a, b) => a[0] - b[0]);
    if (!cands.length || cands[0][0] > 0.35) return null;
    return cands[0][1];
  }

  apply(h, value) {
    const m = this.st.maze;
    if (m.edges) {
      const e = this.edgeAt(h);
      if (!e) return value;
      const arr = m[e[0]];
      if (value === null) value = arr[e[1]] ? 0 : 1;
      if (arr[e[1]] !== value) { arr[e[1]] = value; this.hooks.changed?.(); }
      return value;
    }
    const i = h.r * m.cols + h.c;
    if (value === null) value = m.walls[i] ? 0 : 1;
    if (m.walls[i] !== value) { m.walls[i] = value; this.hooks.changed?.(); }
    return value;
  }

  listen() {
    const cv = this.canvas;
    cv.addEventListener("pointerdown", (ev) => {
      if (!this.st || ev.button !== 0) return;
      const h = this.hit(ev);
      if (!h) return;
      ev.preventDefault();
      cv.focus();
      if (h.marker) { this.hooks.ends?.(h.marker, h.c); return; }
      this.cursor = { r: h.r, c: h.c };
      this.hooks.begin?.();
      this.paint = this.apply(h, null);
      cv.setPointerCapture?.(ev.pointerId);
    });
    cv.addEventListener("pointermove", (ev) => {
      if (!this.st) return;
      const h = this.hit(ev);
      if (this.paint !== null && h && !h.marker) this.apply(h, this.paint);
      this.hooks.hover?.(h && !h.marker ? h.r : -1, h ? h.c : -1, ev);
    });
    const end = () => { if (this.paint !== null) { this.paint = null; this.hooks.end?.(); } };
    cv.addEventListener("pointerup", end);
    cv.addEventListener("pointercancel", end);
    cv.addEventListener("pointerleave", () => this.hooks.hover?.(-1, -1));
    cv.addEventListener("focus", () => this.draw());
    cv.addEventListener("blur", () => { this.draw(); this.hooks.hover?.(-1, -1); });
    cv.addEventListener("keydown", (ev) => this.key(ev));
    // A space typed on the board must not scroll the page (keydown is
    // prevented above; this covers a keypress that arrives on its own).
    cv.addEventListener("keypress", (ev) => { if (ev.key === " ") ev.preventDefault(); });
  }

  // key: arrows move the cursor; space or Enter toggles the wall (on an
  // edge board: r toggles the right wall, d the wall below); e and x put
  // the entry and the exit in the cursor's column.
  key(ev) {
    if (!this.st || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const m = this.st.maze;
    const cur = this.cursor;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      cur.r = Math.min(m.rows - 1, Math.max(0, cur.r + moves[ev.key][0]));
      cur.c = Math.min(m.cols - 1, Math.max(0, cur.c + moves[ev.key][1]));
    } else if ((ev.key === " " || ev.key === "Enter") && !m.edges) {
      this.hooks.begin?.();
      this.apply({ r: cur.r, c: cur.c }, null);
      this.hooks.end?.();
    } else if ((ev.key === "r" || ev.key === "d") && m.edges) {
      const h = ev.key === "r" ? { r: cur.r, c: cur.c, fx: 1, fy: 0.5 } : { r: cur.r, c: cur.c, fx: 0.5, fy: 1 };
      this.hooks.begin?.();
      this.apply(h, null);
      this.hooks.end?.();
    } else if (ev.key === "e") {
      this.hooks.ends?.("entry", cur.c);
    } else if (ev.key === "x") {
      this.hooks.ends?.("exit", cur.c);
    } else {
      return;
    }
    ev.preventDefault();
    this.draw();
    this.hooks.hover?.(cur.r, cur.c);
  }
}

function hatch(ctx, x, y, s) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, s, s);
  ctx.clip();
  ctx.fillStyle = "rgba(214, 48, 49, 0.18)";
  ctx.fillRect(x, y, s, s);
  ctx.strokeStyle = "rgba(214, 48, 49, 0.7)";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (let d = -s; d < s; d += Math.max(4, s / 4)) { ctx.moveTo(x + d, y + s); ctx.lineTo(x + d + s, y); }
  ctx.stroke();
  ctx.restore();
}

function arrow(ctx, cx, y, cs, colour) {
  const w = cs * 0.32, h = cs * 0.6;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(cx - w, y);
  ctx.lineTo(cx + w, y);
  ctx.lineTo(cx, y + h);
  ctx.closePath();
  ctx.fill();
}

function drawMouse(ctx, x, y, cs) {
  const r = cs * 0.3;
  ctx.fillStyle = "#f4a6b8";
  ctx.beginPath(); ctx.arc(x - r * 0.7, y - r * 0.7, r * 0.45, 0, 2 * Math.PI); ctx.fill();
  ctx.beginPath(); ctx.arc(x + r * 0.7, y - r * 0.7, r * 0.45, 0, 2 * Math.PI); ctx.fill();
  ctx.fillStyle = "#8a8a8a";
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = 1.5;
  ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
  ctx.fillStyle = "#111";
  ctx.beginPath(); ctx.arc(x - r * 0.35, y - r * 0.1, Math.max(1, r * 0.14), 0, 2 * Math.PI); ctx.fill();
  ctx.beginPath(); ctx.arc(x + r * 0.35, y - r * 0.1, Math.max(1, r * 0.14), 0, 2 * Math.PI); ctx.fill();
}

// drawMini draws a maze in text form (grid or edge format, as the server
// sends a job's best maze) on a small canvas; it returns false when the
// text is not a maze.
export function drawMini(canvas, text, { entry = 0, exit = 0, px = 260 } = {}) {
  const lines = text.split("\n").filter((l) => l && !l.startsWith(";"));
  if (!lines.length) return false;
  const edges = lines[0].startsWith("+");
  const rows = edges ? (lines.length - 1) / 2 : lines.length;
  const cols = edges ? (lines[0].length - 1) / 2 : lines[0].length;
  const cs = Math.max(3, Math.floor(px / Math.max(rows, cols)));
  const ctx = fitCanvas(canvas, cols * cs + 4, rows * cs + 4);
  ctx.fillStyle = OPEN;
  ctx.fillRect(0, 0, cols * cs + 4, rows * cs + 4);
  ctx.fillStyle = WALL;
  ctx.strokeStyle = WALL;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!edges) {
        if (lines[r][c] === "X" || lines[r][c] === "#") ctx.fillRect(2 + c * cs, 2 + r * cs, cs, cs);
        continue;
      }
      const cellLine = lines[2 * r + 1];
      if (c < cols - 1 && cellLine[2 * c + 2] === "|") { ctx.moveTo(2 + (c + 1) * cs, 2 + r * cs); ctx.lineTo(2 + (c + 1) * cs, 2 + (r + 1) * cs); }
      if (r < rows - 1 && lines[2 * r + 2][2 * c + 1] === "-") { ctx.moveTo(2 + c * cs, 2 + (r + 1) * cs); ctx.lineTo(2 + (c + 1) * cs, 2 + (r + 1) * cs); }
    }
  }
  ctx.stroke();
  ctx.strokeRect(1, 1, cols * cs + 2, rows * cs + 2);
  ctx.fillStyle = "#1b9e3e";
  ctx.fillRect(2 + entry * cs, 0, cs, 2);
  ctx.fillStyle = "#c0392b";
  ctx.fillRect(2 + exit * cs, rows * cs + 2, cs, 2);
  return true;
}
