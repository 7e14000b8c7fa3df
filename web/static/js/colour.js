// The viridis colour scale (perceptually uniform, readable in grey and by
// most colour-blind readers), sampled at 9 stops and interpolated.
const STOPS = [
  [68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
  [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37],
];

// viridis returns the colour at t in [0, 1] as "rgb(...)".
export function viridis(t) {
  t = Math.min(1, Math.max(0, t));
  const x = t * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = STOPS[i], b = STOPS[i + 1];
  const ch = (k) => Math.round(a[k] + (b[k] - a[k]) * f);
  return `rgb(${ch(0)},${ch(1)},${ch(2)})`;
}

// heatScale maps a visit count to [0, 1] on a log scale, so that cells
// visited a few times and cells visited thousands of times both show.
export function heatScale(v, max) {
  if (v <= 0 || max <= 0) return 0;
  return Math.log1p(v) / Math.log1p(max);
}

// drawLegend draws the scale from 0 to max on canvas.
export function drawLegend(canvas, max) {
  const ctx = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  ctx.clearRect(0, 0, w, h);
  const barH = 14;
  for (let x = 0; x < w; x++) {
    ctx.fillStyle = viridis(x / (w - 1));
    ctx.fillRect(x, 0, 1, barH);
  }
  ctx.fillStyle = "#222";
  ctx.font = "12px system-ui, sans-serif";
  ctx.textBaseline = "top";
  const ticks = [0, 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000].filter((v) => v <= max);
  if (max > 0 && ticks[ticks.length - 1] !== max) ticks.push(max);
  let lastRight = -Infinity;
  for (const v of ticks) {
    const x = Math.round(heatScale(v, max) * (w - 1));
    const label = v.toLocaleString("en");
    const tw = ctx.measureText(label).width;
    let lx = Math.min(w - tw, Math.max(0, x - tw / 2));
    if (lx < lastRight + 4) continue;
    ctx.fillRect(x, barH, 1, 4);
    ctx.fillText(label, lx, barH + 5);
    lastRight = lx + tw;
  }
}
