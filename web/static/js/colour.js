import { fitCanvas, fitWidth } from "./canvas.js";

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

// LOW is where visited cells start on the scale: the darkest purples are
// left out so that a cell visited once never looks like a wall.
const LOW = 0.15;

// heatScale maps a visit count of 1 or more to [LOW, 1] on a log scale, so
// that cells visited a few times and cells visited thousands of times both
// show. Cells never visited are drawn white, not from the scale.
export function heatScale(v, max) {
  if (v <= 1 || max <= 1) return LOW;
  return LOW + (1 - LOW) * Math.log(v) / Math.log(max);
}

// drawLegend draws a white swatch for 0 visits and the scale from 1 to max
// on canvas.
export function drawLegend(canvas, max) {
  const W = fitWidth(canvas, 300), H = 36;
  const ctx = fitCanvas(canvas, W, H);
  const barH = 14, sw = 18, x0 = sw + 10, w = W - x0 - 14;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, sw, barH);
  ctx.strokeStyle = "#999";
  ctx.strokeRect(0.5, 0.5, sw - 1, barH - 1);
  ctx.fillStyle = "#222";
  ctx.font = "12px system-ui, sans-serif";
  ctx.textBaseline = "top";
  ctx.fillText("0", 5, barH + 5);
  if (max < 1) {
    ctx.fillText("visits per cell", x0, 1);
    return;
  }
  for (let x = 0; x < w; x++) {
    ctx.fillStyle = viridis(LOW + (1 - LOW) * x / (w - 1));
    ctx.fillRect(x0 + x, 0, 1, barH);
  }
  ctx.fillStyle = "#222";
  const pos = (v) => x0 + (max <= 1 ? 0 : Math.log(v) / Math.log(max)) * (w - 1);
  const ticks = [];
  for (let d = 1; d <= max; d *= 10) for (const m of [1, 2, 5]) if (m * d < max) ticks.push(m * d);
  ticks.push(max);
  let lastRight = -Infinity;
  const label = (v, force) => {
    const x = pos(v);
    const text = v.toLocaleString("en");
    const tw = ctx.measureText(text).width;
    const lx = Math.min(W - tw, Math.max(x0 - 2, x - tw / 2));
    if (!force && (lx < lastRight + 6 || lx + tw > maxLeft - 6)) return;
    ctx.fillRect(Math.round(x), barH, 1, 4);
    ctx.fillText(text, lx, barH + 5);
    lastRight = lx + tw;
  };
  // The maximum is always labelled; the others where they fit.
  const maxText = max.toLocaleString("en");
  const maxLeft = Math.min(W - ctx.measureText(maxText).width, pos(max) - ctx.measureText(maxText).width / 2);
  for (const v of ticks.slice(0, -1)) label(v, false);
  lastRight = -Infinity;
  label(max, true);
}
