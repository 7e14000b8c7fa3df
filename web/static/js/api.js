// api calls the server's JSON API and throws an Error carrying the
// server's message when the answer is not 2xx.
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let r;
  try {
    r = await fetch(path, init);
  } catch (e) {
    throw new Error(`the server cannot be reached (${e.message})`);
  }
  let data;
  try {
    data = await r.json();
  } catch {
    data = { error: `${r.status} ${r.statusText}` };
  }
  if (!r.ok) throw new Error(data.error || `${r.status} ${r.statusText}`);
  return data;
}

// notifier returns a function that shows a message in the panel whose
// message line has the id: an error (red) or, with info set, a note;
// empty text hides it. Each panel shows its own errors, where the user
// looks, not in a banner at the top of the page (issue 37).
export function notifier(id) {
  return (text, info = false) => {
    const el = document.getElementById(id);
    el.textContent = text || "";
    el.hidden = !text;
    el.className = info ? "msg info" : "msg";
  };
}
