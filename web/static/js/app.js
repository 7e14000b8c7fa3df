// The page: the editor, the walk and its playback, the gallery and the
// search jobs, wired together.
import { Maze, allOrders, encodeState, decodeState, History, MIN_SIDE, MAX_SIDE } from "./maze.js";
import { Board } from "./board.js";
import { Player } from "./player.js";
import { drawLegend } from "./colour.js";
import { initJobs } from "./jobs.js";
import { initGames } from "./games.js";
import { api, notifier } from "./api.js";

const $ = (id) => document.getElementById(id);

const state = { maze: new Maze(13, 13), entry: 0, exit: 0, order: "DRLU", k: 0 };
// summary is the walk's result in words, shown once the animation reaches
// its end (not while the mouse is still walking).
let summary = "";
const history = new History();
let player = null;
let result = null;
let view = null;
let legendMax = -1;

// Each panel shows its own messages.
const message = notifier("editor-msg");
const walkMessage = notifier("walk-msg");
const galleryMessage = notifier("gallery-msg");

const board = new Board($("board"), {
  begin: () => history.push(encodeState(state)),
  changed: () => { invalidate(); board.draw(); },
  end: () => updateUndo(),
  ends: (which, c) => {
    history.push(encodeState(state));
    state[which] = c;
    syncInputs();
    invalidate();
    updateUndo();
  },
  hover: showTip,
});

// load replaces the editor's maze and rules; the old state goes on the
// undo stack unless push is false.
function load(st, push = true) {
  if (push) history.push(encodeState(state));
  Object.assign(state, st);
  state.entry = Math.min(state.entry, state.maze.cols - 1);
  state.exit = Math.min(state.exit, state.maze.cols - 1);
  syncInputs();
  invalidate(); // drops the old walk's overlay before the new maze is drawn
  board.set(state);
  updateUndo();
}

function syncInputs() {
  $("rows").value = state.maze.rows;
  $("cols").value = state.maze.cols;
  $("edges").checked = state.maze.edges;
  $("entry").value = state.entry;
  $("exit").value = state.exit;
  $("entry").max = $("exit").max = state.maze.cols - 1;
  $("order").value = state.order;
  $("k").value = state.k;
}

function updateUndo() {
  $("undo").disabled = !history.undo.length;
  $("redo").disabled = !history.redo.length;
}

// invalidate drops the walk: the maze or its rules changed.
function invalidate() {
  player?.pause();
  player = null;
  result = null;
  view = null;
  board.setOverlay({});
  $("turns").textContent = "0";
  $("total").textContent = "–";
  $("walk-info").textContent = "";
  $("walk-info").className = "";
  summary = "";
  for (const id of ["play", "step", "end", "scrub"]) $(id).disabled = true;
  $("scrub").value = 0;
  drawLegendFor(0);
  showJobRules();
}

// rulesText describes a walk's rules in words, as the jobs panel shows
// them: the editor's for the next job, and each job's own.
export function rulesText({ order, entry, exit, k }) {
  return `order ${order}, entry ${entry}, exit ${exit}, k ${k || 0}${k ? " (k-mod mouse)" : ""}`;
}

// showJobRules shows, beside the job form, the editor's rules that the
// next job will use; a k other than 0 stands out (issue 37: a gallery
// k-mod maze sets it, and the next evolve used it unseen).
function showJobRules() {
  const el = $("job-uses-rules");
  el.textContent = rulesText(state);
  el.className = state.k ? "warn" : "";
}

function drawLegendFor(max) {
  if (max === legendMax) return;
  legendMax = max;
  drawLegend($("legend"), max);
}

function frame(v) {
  view = v;
  if (summary && v.pos >= v.n) $("walk-info").textContent = summary;
  $("turns").textContent = v.turn.toLocaleString("en");
  $("turns").dataset.value = v.turn;
  $("total").textContent = v.total.toLocaleString("en");
  $("scrub").max = v.n;
  $("scrub").value = v.pos;
  $("play").textContent = v.playing ? "Pause" : "Play";
  board.setOverlay({ counts: v.counts, max: v.max, mouse: v.mouse });
  drawLegendFor(v.max);
}

async function release() {
  walkMessage("");
  invalidate();
  const body = {
    maze: state.maze.toText(state.entry, state.exit), edges: state.maze.edges,
    order: state.order, entry: state.entry, exit: state.exit, k: state.k, backend: $("backend").value,
  };
  $("release").disabled = true;
  try {
    result = await api("POST", "/api/eval", body);
  } catch (e) {
    walkMessage(e.message);
    return;
  } finally {
    $("release").disabled = false;
  }
  const info = $("walk-info");
  if (!result.feasible) {
    const walled = (r, c) => !state.maze.edges && state.maze.wall(r, c);
    let why = "the hatched cells are cut off from the entry, the exit's cell among them";
    if (walled(0, state.entry)) why = "the entry cell is a wall";
    else if (walled(state.maze.rows - 1, state.exit)) why = "the exit cell is a wall";
    info.textContent = `Infeasible: the mouse cannot reach the exit; ${why}.`;
    info.className = "bad";
    $("total").textContent = "0";
    board.setOverlay({ reachable: result.reachable });
    return;
  }
  const parts = [`${result.turns.toLocaleString("en")} turns (${result.visits.toLocaleString("en")} visits) with the ${result.backend} backend`];
  if (result.escaped) parts.push("he escapes");
  if (result.trapped) parts.push(`trapped for ever: the state after turn ${result.cycle_start} recurs every ${result.cycle_len} turns`);
  if (result.mousetrap_turn) parts.push(`mousetrap from turn ${result.mousetrap_turn}`);
  if (result.capped) parts.push(`stopped at the cap of ${result.cap.toLocaleString("en")} turns`);
  if (result.path_truncated) parts.push(`the animation covers the first ${result.path_moves.toLocaleString("en")} moves; jump to the end for the totals`);
  if (result.edges && result.k) parts.push("a k-mod walk on an edge board is shown as its final heat map");
  summary = parts.join("; ") + ".";
  info.textContent = "";
  player = new Player(result, frame);
  player.speed = speed();
  for (const id of ["play", "step", "end", "scrub"]) $(id).disabled = false;
  if (player.n > 0) player.play();
  else player.end();
}

// loadBackends offers only the backends built into the server's binary
// (cuda only in a build with it), and auto.
async function loadBackends() {
  let have;
  try {
    have = (await api("GET", "/api/backends")).backends;
  } catch (e) {
    walkMessage(`backends: ${e.message}`);
    return;
  }
  const sel = $("backend");
  const chosen = sel.value;
  sel.replaceChildren(...["auto", ...have].map((name) => new Option(name, name)));
  sel.value = have.includes(chosen) ? chosen : "auto";
  sel.dataset.loaded = "1";
}

// speed reads the speed slider (a power of ten, in moves per second).
function speed() {
  const s = Math.round(10 ** Number($("speed").value));
  $("speed-out").textContent = `${s.toLocaleString("en")}/s`;
  return s;
}

function showTip(r, c, ev) {
  const tip = $("tip");
  if (r < 0 || !state.maze || r >= state.maze.rows) { tip.hidden = true; return; }
  const i = r * state.maze.cols + c;
  let text = `row ${r}, column ${c}: `;
  if (!state.maze.edges && state.maze.walls[i]) text += "wall";
  else if (view) text += `${view.counts[i].toLocaleString("en")} visits`;
  else text += "open";
  tip.textContent = text;
  tip.hidden = false;
  const cs = Number($("board").dataset.cell), ox = Number($("board").dataset.ox), oy = Number($("board").dataset.oy);
  // Right of the cell, or left of it where the board's edge is near: the
  // tip must not widen the page.
  let left = ox + (c + 1) * cs + 4;
  if (left + tip.offsetWidth > $("board").clientWidth) left = Math.max(0, ox + c * cs - tip.offsetWidth - 4);
  tip.style.left = `${left}px`;
  tip.style.top = `${oy + r * cs}px`;
}

function clampSide(v) {
  const n = Math.round(Number(v));
  if (!Number.isFinite(n) || n < MIN_SIDE || n > MAX_SIDE) throw new Error(`sides run ${MIN_SIDE}..${MAX_SIDE}, not ${v}`);
  return n;
}

function newBoard() {
  try {
    const rows = clampSide($("rows").value), cols = clampSide($("cols").value);
    message("");
    load({ maze: new Maze(rows, cols, $("edges").checked) });
  } catch (e) {
    message(e.message);
  }
}

async function openText(text, name) {
  try {
    const res = await api("POST", "/api/parse", { text });
    const p = res.mazes[0];
    load({ maze: Maze.fromParsed(p) });
    message(res.mazes.length > 1 ? `${name}: opened the first of ${res.mazes.length} mazes.` : "", true);
  } catch (e) {
    message(`${name}: ${e.message}`);
  }
}

function save() {
  const text = state.maze.toText(state.entry, state.exit);
  const head = `; ${state.maze.rows}x${state.maze.cols}${state.maze.edges ? " Mouse Maze 2 board" : ""}, order ${state.order}, entry ${state.entry}, exit ${state.exit}${state.k ? `, k=${state.k}` : ""}\n`;
  const url = URL.createObjectURL(new Blob([head + text], { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `maze-${state.maze.rows}x${state.maze.cols}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function share() {
  const code = encodeState(state);
  window.history.replaceState(null, "", `#m=${code}`);
  const input = $("share-url");
  input.value = location.href;
  input.hidden = false;
  input.select();
  navigator.clipboard?.writeText(location.href).then(() => message("Link copied.", true), () => {});
}

function loadFromHash() {
  const m = location.hash.match(/^#m=([A-Za-z0-9_-]+)$/);
  if (!m) return false;
  try {
    load(decodeState(m[1]), false);
    return true;
  } catch (e) {
    message(e.message);
    return false;
  }
}

async function loadGallery() {
  let entries;
  try {
    entries = await api("GET", "/api/gallery");
  } catch (e) {
    galleryMessage(`gallery: ${e.message}`);
    return;
  }
  const ul = $("gallery-list");
  // A maze in two files (the thesis's 6×6 and 7×7 are the project's
  // records too) is offered once, its title naming both.
  const seen = new Map();
  const unique = [];
  for (const e of entries) {
    const key = `${e.edges}/${e.k || 0}/${e.maze}`;
    const first = seen.get(key);
    if (first) { first.also.push(`${e.title} (${e.source})`); continue; }
    e.also = [];
    seen.set(key, e);
    unique.push(e);
  }
  for (const e of unique) {
    const about = [`${e.title} (${e.source})`, ...e.also].join("; also ");
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.id = e.id;
    const what = e.edges ? "Mouse Maze 2 " : e.k ? `k=${e.k} ` : "";
    b.textContent = `${what}${e.rows}×${e.cols}: ${e.turns.toLocaleString("en")} turns${e.trapped ? " (trapped)" : ""}`;
    b.title = about;
    b.addEventListener("click", async () => {
      try {
        const res = await api("POST", "/api/parse", { text: e.maze, edges: e.edges });
        load({ maze: Maze.fromParsed(res.mazes[0]), entry: 0, exit: 0, order: "DRLU", k: e.k || 0 });
        message("");
        // In the gallery's own line: release() clears only the walk's.
        galleryMessage(`${about}${e.k ? `: the editor's k is now ${e.k}` : ""}`, true);
        await release();
      } catch (err) {
        galleryMessage(err.message);
      }
    });
    li.append(b);
    ul.append(li);
  }
}

function init() {
  const sel = $("order");
  for (const o of allOrders()) sel.append(new Option(o, o));
  $("new").addEventListener("click", newBoard);
  $("edges").addEventListener("change", newBoard);
  const rule = (id, f) => $(id).addEventListener("change", () => {
    try {
      const v = f($(id).value);
      history.push(encodeState(state));
      state[id] = v;
      message("");
      invalidate();
      board.draw();
      updateUndo();
    } catch (e) {
      message(e.message);
      syncInputs();
    }
  });
  const column = (name) => (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n >= state.maze.cols) throw new Error(`${name} column ${v} outside 0..${state.maze.cols - 1}`);
    return n;
  };
  rule("entry", column("entry"));
  rule("exit", column("exit"));
  rule("order", (v) => v);
  rule("k", (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 1 << 30) throw new Error(`k ${v}: must be 0..${1 << 30}`);
    return n;
  });
  const undo = (back) => {
    const code = back ? history.back(encodeState(state)) : history.forward(encodeState(state));
    if (code) load(decodeState(code), false);
  };
  $("undo").addEventListener("click", () => undo(true));
  $("redo").addEventListener("click", () => undo(false));
  document.addEventListener("keydown", (ev) => {
    if (!(ev.ctrlKey || ev.metaKey) || ev.target.tagName === "INPUT") return;
    if (ev.key === "z" && !ev.shiftKey) { undo(true); ev.preventDefault(); }
    if (ev.key === "y" || (ev.key === "Z" && ev.shiftKey)) { undo(false); ev.preventDefault(); }
  });
  $("open").addEventListener("click", () => $("file").click());
  $("file").addEventListener("change", async () => {
    const f = $("file").files[0];
    if (f) await openText(await f.text(), f.name);
    $("file").value = "";
  });
  const drop = $("drop");
  drop.addEventListener("dragover", (ev) => { ev.preventDefault(); drop.classList.add("dragover"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("dragover"));
  drop.addEventListener("drop", async (ev) => {
    ev.preventDefault();
    drop.classList.remove("dragover");
    const f = ev.dataTransfer.files[0];
    if (f) await openText(await f.text(), f.name);
  });
  $("save").addEventListener("click", save);
  $("share").addEventListener("click", share);
  window.addEventListener("hashchange", loadFromHash);

  $("release").addEventListener("click", release);
  $("play").addEventListener("click", () => { if (!player) return; if (player.playing) { player.pause(); player.emit(); } else player.play(); });
  $("step").addEventListener("click", () => player?.step());
  $("end").addEventListener("click", () => player?.end());
  $("scrub").addEventListener("input", () => { if (player) { player.pause(); player.seek(Number($("scrub").value)); } });
  $("speed").addEventListener("input", () => { if (player) player.speed = speed(); });
  speed();

  if (!loadFromHash()) load(state, false);
  loadGallery();
  loadBackends();
  initJobs({
    rules: () => ({ order: state.order, entry: state.entry, exit: state.exit, k: state.k, backend: $("backend").value }),
    open: (st) => load(st),
    message: notifier("job-msg"),
    rulesText,
  });
  initGames({ message: notifier("game-msg") });
  // The board and the legend fit their panels: redrawn when the window's
  // width changes (a phone turned, a window resized).
  let lastWidth = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth === lastWidth) return;
    lastWidth = window.innerWidth;
    board.draw();
    legendMax = -1;
    drawLegendFor(view ? view.max : 0);
  });
}

init();
