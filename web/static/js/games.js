// The maze games of the seed paper's §6: the blind maze (alone or against a
// computer opponent), an interpreted maze and the two-player race. The
// server keeps the game and referees; the page shows only what the player
// may see: his view (in words and as a corridor drawing) and the board's
// size, and at the end the maze and his path.
import { api } from "./api.js";

const $ = (id) => document.getElementById(id);

let game = null; // the last state the server sent
let poll = null;

// drawPerspective draws the player's-eye view as a first-person corridor:
// one frame per cell, side walls as shaded trapezoids, side openings as the
// flat far walls of the side passages, the wall ahead as a face, an
// opponent in sight as a figure.
export function drawPerspective(canvas, v) {
  const ctx = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  ctx.fillStyle = "#111";
  ctx.fillRect(0, 0, w, h);
  if (!v) return;
  // frame k: the near edge of cell k; it shrinks with the distance.
  const frame = (k) => {
    const f = 1 / (1 + 0.7 * k);
    const hw = (w / 2) * f, hh = (h / 2) * f;
    return { l: w / 2 - hw, r: w / 2 + hw, t: h / 2 - hh, b: h / 2 + hh };
  };
  const rings = v.depth + 1;
  ctx.strokeStyle = "#ddd";
  ctx.lineWidth = 1.5;
  const poly = (pts, fill) => {
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.stroke();
  };
  for (let k = 0; k < rings; k++) {
    const a = frame(k), b = frame(k + 1);
    const shade = `hsl(30, 12%, ${Math.max(14, 55 - 8 * k)}%)`;
    const face = `hsl(30, 10%, ${Math.max(10, 42 - 8 * k)}%)`;
    if (v.left[k]) poly([[a.l, b.t], [b.l, b.t], [b.l, b.b], [a.l, b.b]], face);
    else poly([[a.l, a.t], [b.l, b.t], [b.l, b.b], [a.l, a.b]], shade);
    if (v.right[k]) poly([[b.r, b.t], [a.r, b.t], [a.r, b.b], [b.r, b.b]], face);
    else poly([[a.r, a.t], [b.r, b.t], [b.r, b.b], [a.r, a.b]], shade);
  }
  const end = frame(rings);
  if (!v.beyond) poly([[end.l, end.t], [end.r, end.t], [end.r, end.b], [end.l, end.b]], `hsl(30, 14%, ${Math.max(18, 60 - 8 * rings)}%)`);
  if (v.figure > 0) {
    const f = frame(v.figure + 0.5);
    const s = (f.b - f.t) / 3;
    ctx.fillStyle = "#e67e22";
    ctx.beginPath();
    ctx.arc(w / 2, f.b - 2.4 * s, s / 3, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillRect(w / 2 - s / 3, f.b - 2 * s, (2 * s) / 3, 2 * s);
  }
  canvas.dataset.depth = v.depth;
  canvas.dataset.left = v.left.map(Number).join("");
  canvas.dataset.right = v.right.map(Number).join("");
  canvas.dataset.figure = v.figure;
}

// drawReveal draws the maze revealed at the end: walls where no move
// leaves a cell, the path's cells shaded, the start green, the goal red.
function drawReveal(canvas, st) {
  const rv = st.reveal;
  const ctx = canvas.getContext("2d");
  const cs = Math.max(6, Math.floor(Math.min(300 / st.cols, 300 / st.rows)));
  canvas.width = st.cols * cs + 2;
  canvas.height = st.rows * cs + 2;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const cell = (i, colour) => {
    ctx.fillStyle = colour;
    ctx.fillRect(1 + (i % st.cols) * cs, 1 + Math.floor(i / st.cols) * cs, cs, cs);
  };
  for (const i of rv.path) cell(i, "#9cc3f0");
  cell(rv.start, "#3cb450");
  cell(rv.goal, "#d23232");
  ctx.strokeStyle = "#222";
  ctx.lineWidth = 2;
  ctx.beginPath();
  rv.doors.forEach((d, i) => {
    const x = 1 + (i % st.cols) * cs, y = 1 + Math.floor(i / st.cols) * cs;
    if (!(d & 1)) { ctx.moveTo(x, y); ctx.lineTo(x + cs, y); }
    if (!(d & 2)) { ctx.moveTo(x + cs, y); ctx.lineTo(x + cs, y + cs); }
    if (!(d & 4)) { ctx.moveTo(x, y + cs); ctx.lineTo(x + cs, y + cs); }
    if (!(d & 8)) { ctx.moveTo(x, y); ctx.lineTo(x, y + cs); }
  });
  ctx.stroke();
  canvas.dataset.path = rv.path.length;
  canvas.hidden = false;
}

function show(st) {
  game = st;
  $("game-id").textContent = st.id;
  $("game-panel").hidden = false;
  $("game-perimeter").textContent = `${st.rows} × ${st.cols} cells`;
  $("game-moves").textContent = st.moves;
  $("game-reply").textContent = st.over && st.reply === st.message ? "" : st.reply || "";
  const blind = st.kind !== "interpret";
  $("game-blind").hidden = !blind;
  $("game-interp").hidden = blind;
  if (blind) {
    $("game-view").textContent = st.view || "";
    drawPerspective($("game-persp"), st.perspective);
  } else {
    $("game-situation").textContent = st.situation ? st.situation.split("\n")[0] : "";
    const list = $("game-options");
    list.replaceChildren();
    (st.options || []).forEach((text, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `${i + 1}. ${text}`;
      b.dataset.option = i + 1;
      b.disabled = st.over;
      b.addEventListener("click", () => send({ option: i + 1 }));
      li.append(b);
      list.append(li);
    });
  }
  let status = st.over ? (st.message || st.outcome) : "";
  if (!st.over && st.waiting) status = `Waiting for the second player: give them the game id ${st.id}.`;
  $("game-status").textContent = status;
  $("game-status").dataset.outcome = st.outcome || "";
  document.querySelectorAll("#game-blind button[data-cmd]").forEach((b) => { b.disabled = st.over; });
  if (st.over && st.reveal) drawReveal($("game-reveal"), st);
  else $("game-reveal").hidden = true;
  // The interpreted game's closing explanation: the maze it was, the path.
  const explain = st.over && st.reveal && st.reveal.text ? st.reveal.text : "";
  $("game-explain").textContent = explain;
  $("game-explain").hidden = !explain;
  if (st.over || st.kind !== "duo") stopPolling();
}

function stopPolling() {
  if (poll) clearInterval(poll);
  poll = null;
}

function startPolling() {
  stopPolling();
  poll = setInterval(async () => {
    if (!game) return;
    try {
      show(await api("GET", `/api/games/${game.id}?player=${game.player}`));
    } catch (e) {
      stopPolling();
      $("game-status").textContent = e.message;
    }
  }, 1000);
}

async function send(body, message) {
  if (!game || game.over) return;
  try {
    show(await api("POST", `/api/games/${game.id}/command`, { player: game.player, ...body }));
  } catch (e) {
    $("game-reply").textContent = e.message;
    if (message && !/wait/.test(e.message)) message(e.message);
  }
}

// initGames wires the games section; message shows errors.
export function initGames({ message }) {
  const kind = $("game-kind");
  const sync = () => {
    $("game-opponent").disabled = $("game-walker").disabled = kind.value !== "blind";
    $("game-theme").disabled = kind.value !== "interpret";
  };
  kind.addEventListener("change", sync);
  sync();
  $("game-start").addEventListener("click", async () => {
    stopPolling();
    $("game-reveal").hidden = true; // the last game's maze goes with it
    $("game-explain").hidden = true;
    const body = {
      kind: kind.value,
      size: $("game-size").value,
      seed: Number($("game-seed").value),
      braid: Number($("game-braid").value),
    };
    if (kind.value === "blind" && $("game-opponent").value) {
      body.opponent = $("game-opponent").value;
      body.opponent_walker = $("game-walker").value;
    }
    if (kind.value === "interpret") body.theme = $("game-theme").value;
    try {
      // Leave the last game (a race the other player wins), or end it,
      // so that it holds none of this client's game slots.
      if (game && (game.kind !== "duo" || !game.over)) await api("DELETE", `/api/games/${game.id}?player=${game.player}`).catch(() => {});
      show(await api("POST", "/api/games", body));
      message("");
      if (game.kind === "duo") startPolling();
      if (game.kind !== "interpret") $("game-persp").focus();
    } catch (e) {
      message(e.message);
    }
  });
  $("game-join").addEventListener("click", async () => {
    stopPolling();
    try {
      show(await api("POST", `/api/games/${$("game-join-id").value.trim()}/join`));
      message("");
      startPolling();
      $("game-persp").focus();
    } catch (e) {
      message(e.message);
    }
  });
  document.querySelectorAll("#game-blind button[data-cmd]").forEach((b) => {
    b.addEventListener("click", () => send({ command: b.dataset.cmd }, message));
  });
  const keys = { ArrowUp: "f", ArrowLeft: "l", ArrowRight: "r", ArrowDown: "a", n: "n", e: "e", s: "s", w: "w" };
  $("game-persp").addEventListener("keydown", (ev) => {
    const cmd = keys[ev.key];
    if (!cmd) return;
    ev.preventDefault();
    send({ command: cmd }, message);
  });
  window.addEventListener("pagehide", () => {
    if (game && game.kind === "duo" && !game.over) {
      navigator.sendBeacon?.(`/api/games/${game.id}/leave?player=${game.player}`);
    }
  });
}
