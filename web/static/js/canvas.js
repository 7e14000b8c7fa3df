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

// fitWidth returns the width a canvas may take: want, or less where its
// panel (the section it is in) is narrower, so that no picture spills out
// of its panel or makes the page scroll sideways (issue 37).
export function fitWidth(canvas, want, min = 120) {
  const sec = canvas.closest("section");
  if (!sec || !sec.clientWidth) return want;
  const cs = getComputedStyle(sec);
  const w = sec.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 2; // its border
  return Math.max(min, Math.min(want, Math.floor(w)));
}
