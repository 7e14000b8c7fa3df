// The search panel: starts evolve and sweep jobs, follows their
// Server-Sent Events, draws the best turns as a line chart and the best
// maze as it improves, and stops them.
import { api } from "./api.js";
import { drawMini } from "./board.js";
import { fitCanvas, fitWidth } from "./canvas.js";
import { Maze } from "./maze.js";

const $ = (id) => document.getElementById(id);

// The search parameters of the form's fold, with the methods each applies
// to (as dispatch.SpecOptions checks them; polish applies to every one).
const breeders = ["ea", "ga", "memetic", "pipeline"];
const params = [
  { id: "job-pop", name: "pop", number: true },
  { id: "job-mutation", name: "mutation", number: true, algos: breeders },
  { id: "job-kick", name: "kick", number: true, algos: ["ils"] },
  { id: "job-local", name: "local", algos: ["ils", "memetic", "hill"] },
  { id: "job-polish", name: "polish", number: true },
];

// certificate describes a job's local-optimum certificate.
function certificate(st) {
  const r = st.local_optimum_radius;
  const evals = st.polish_evals ? ` (${st.polish_evals.toLocaleString("en")} polish evaluations)` : "";
  if (r) return `no maze within Hamming distance ${r} scores higher${evals}`;
  if (st.polishing) return `polishing${evals}`;
  return "–";
}

export function initJobs({ rules, open, message, rulesText }) {
  let job = null; // the last status
  let es = null;
  let points = [];
  let events = 0;
  let shownMaze = "";

  const fmt = (n) => Math.round(n).toLocaleString("en");
  // compact writes axis labels: 950, 12k, 1.5M.
  const compact = (n) => n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : fmt(n);

  function update(st) {
    job = st;
    events++;
    $("job-events").textContent = events;
    if (st.points) points = points.concat(st.points);
    $("job-state").textContent = st.state + (st.error ? ` (${st.error})` : "") +
      (st.kind === "sweep" && st.state === "running" ? ` ${Math.round((st.fraction || 0) * 100)}%` : "");
    $("job-evals-done").textContent = st.kind === "sweep" ? (st.state === "done" ? `${fmt(st.evals)} leaves` : "–") :
      `${fmt(st.evals)}${st.budget ? ` of ${fmt(st.budget)}` : ""}`;
    $("job-evals-done").dataset.value = st.evals;
    // A sweep reports its time, and its leaves per second once done: no
    // "Per second 0.0 s".
    const sweep = st.kind === "sweep";
    $("job-rate-label").textContent = sweep ? "Time" : "Per second";
    $("job-rate").textContent = !sweep ? `${fmt(st.evals_per_s)} evals/s` :
      `${st.seconds.toFixed(1)} s${st.state === "done" && st.seconds > 0 ? `, ${fmt(st.evals / st.seconds)} leaves/s` : ""}`;
    // The rules the job used, as the server reports them.
    $("job-rules").textContent = `${st.rows}×${st.cols}${st.edges ? " edges" : ""}, ${rulesText(st)}`;
    $("job-rules").className = st.k ? "warn" : "";
    $("job-best").textContent = st.best_turns ? fmt(st.best_turns) : "–";
    $("job-cert").textContent = certificate(st);
    $("job-cert").dataset.radius = st.local_optimum_radius || 0;
    if (st.best_maze && st.best_maze !== shownMaze) {
      shownMaze = st.best_maze;
      const c = $("job-maze");
      if (drawMini(c, st.best_maze, { entry: st.entry, exit: st.exit, px: 166 })) {
        c.dataset.turns = st.best_turns;
        c.hidden = false; // no empty box before the first result
      }
    }
    // A sweep has no chart of best turns against evaluations.
    $("job-chart").hidden = sweep && !points.length;
    drawChart();
    const running = st.state === "running";
    $("job-stop").disabled = !running;
    $("job-start").disabled = running;
    $("job-open").disabled = !st.best_maze;
    if (!running && es) {
      es.close();
      es = null;
      if (st.state === "failed") message(`job ${st.id}: ${st.error}`);
    }
  }

  function drawChart() {
    const cv = $("job-chart");
    const W = fitWidth(cv, 340), H = 170;
    const ctx = fitCanvas(cv, W, H);
    const L = 52, R = 8, T = 10, B = 26;
    const xmax = Math.max(1, job?.budget || 0, ...points.map((p) => p[0]));
    const ymax = Math.max(1, ...points.map((p) => p[1])) * 1.08;
    ctx.strokeStyle = "#999";
    ctx.lineWidth = 1;
    ctx.strokeRect(L + 0.5, T + 0.5, W - L - R, H - T - B);
    ctx.fillStyle = "#444";
    ctx.font = "11px system-ui, sans-serif";
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    if (points.length) {
      for (const f of [0, 0.5, 1]) ctx.fillText(compact(ymax * f), L - 4, H - B - f * (H - T - B));
    }
    ctx.textBaseline = "top";
    for (const f of points.length ? [0, 1] : []) {
      ctx.textAlign = f === 0 ? "left" : f === 1 ? "right" : "center";
      ctx.fillText(compact(xmax * f), L + f * (W - L - R), H - B + 4);
    }
    ctx.textAlign = "center";
    ctx.save();
    ctx.translate(10, (H - B + T) / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.fillText("best turns", 0, -6);
    ctx.restore();
    ctx.save();
    ctx.fillText("evaluations", L + (W - L - R) / 2, H - B + 4);
    ctx.restore();
    if (!points.length) return;
    const x = (v) => L + (v / xmax) * (W - L - R);
    const y = (v) => H - B - (v / ymax) * (H - T - B);
    ctx.strokeStyle = "#2d6cdf";
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x(points[0][0]), y(points[0][1]));
    for (let i = 1; i < points.length; i++) {
      ctx.lineTo(x(points[i][0]), y(points[i - 1][1]));
      ctx.lineTo(x(points[i][0]), y(points[i][1]));
    }
    ctx.stroke();
  }

  // applies reports whether a search parameter goes with the form's job.
  const applies = (p) => $("job-kind").value === "evolve" && (!p.algos || p.algos.includes($("job-algo").value));
  function enableParams() {
    for (const p of params) $(p.id).disabled = !applies(p);
  }

  $("job-kind").addEventListener("change", () => {
    const sweep = $("job-kind").value === "sweep";
    $("job-algo").disabled = $("job-evals").disabled = $("job-seed").disabled = sweep;
    if (sweep && $("job-size").value === "13x13") $("job-size").value = "5x5";
    enableParams();
  });
  $("job-algo").addEventListener("change", enableParams);
  enableParams();

  $("job-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    message("");
    const r = rules();
    const kind = $("job-kind").value;
    const edges = $("job-edges").checked;
    const body = { kind, size: $("job-size").value.trim(), edges, order: r.order, entry: r.entry, exit: r.exit, k: r.k };
    if ($("job-free").checked) { body.free_ends = true; body.entry = body.exit = 0; }
    if (kind === "evolve") {
      body.evals = Number($("job-evals").value);
      body.seed = Number($("job-seed").value);
      body.algo = $("job-algo").value;
      if (!edges) body.backend = r.backend;
      for (const p of params) {
        const v = $(p.id).value.trim();
        if (v !== "" && applies(p)) body[p.name] = p.number ? Number(v) : v;
      }
    }
    // Off until the server answers: a second click must not start a
    // second job.
    const start = $("job-start");
    if (start.disabled) return;
    start.disabled = true;
    let st;
    try {
      st = await api("POST", "/api/jobs", body);
    } catch (e) {
      start.disabled = false;
      message(e.message);
      return;
    }
    points = [];
    events = 0;
    shownMaze = "";
    const c = $("job-maze");
    c.getContext("2d").clearRect(0, 0, c.width, c.height);
    delete c.dataset.turns;
    es?.close();
    es = new EventSource(`/api/jobs/${st.id}/events`);
    for (const name of ["progress", "done", "interrupted", "failed"]) {
      es.addEventListener(name, (e) => update(JSON.parse(e.data)));
    }
    es.onerror = () => {
      if (es && es.readyState === EventSource.CLOSED) { message("lost the connection to the job's events"); es = null; }
    };
    update({ ...st, points: null });
    events = 0;
    $("job-events").textContent = 0;
  });

  $("job-stop").addEventListener("click", async () => {
    if (!job) return;
    try {
      update(await api("DELETE", `/api/jobs/${job.id}`));
    } catch (e) {
      message(e.message);
    }
  });

  $("job-open").addEventListener("click", async () => {
    if (!job?.best_maze) return;
    try {
      const res = await api("POST", "/api/parse", { text: job.best_maze, edges: job.edges });
      open({ maze: Maze.fromParsed(res.mazes[0]), entry: job.entry, exit: job.exit, order: job.order, k: job.k || 0 });
      message(`Opened the best maze of job ${job.id}: ${job.best_turns.toLocaleString("en")} turns.`, true);
    } catch (e) {
      message(e.message);
    }
  });
  window.addEventListener("resize", drawChart);
  drawChart();
}
