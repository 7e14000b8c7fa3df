// fitCanvas sizes canvas to w×h CSS pixels at the device's pixel ratio,
// so that drawings stay sharp on high-density screens (the backing store
// is resized only when that size changed), and returns its 2D context,
// scaled to CSS pixels and cleared.
export function fitCanvas(canvas, w, h) {
  const dpr = window.devicePixelRatio || 1;
  const pw = Math.round(w * dpr), ph = Math.round(h * dpr);
  if (canvas.width !== pw || canvas.height !== ph) {
    canvas.width = pw;
    canvas.height = ph;
    canvas.style.width = w + "px";
    canvas.style.height = h + "px";
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  return ctx;
}
