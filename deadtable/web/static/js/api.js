// Small helpers every page shares: building elements, calling the API, seat names, score sheets.
import { language, t } from "./i18n.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A call to the server, answered in the page's language (errors included).
export async function api(path, options = {}) {
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${sep}lang=${language()}`, {
    headers: { "content-type": "application/json" },
    ...options,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    let detail = data && data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    throw new Error(detail || `${response.status} ${response.statusText}`);
  }
  return data;
}

export function seatLabel(seats, seat) {
  const s = seats && seats[seat];
  const name = s && s.name ? ` ${s.name}` : "";
  return `P${seat + 1}${name}`;
}

export function scoreSheet(tbody, seats, outcome) {
  tbody.replaceChildren(
    el("tr", {}, el("th", {}, t("Seat")), el("th", {}, t("Score")), el("th", {}, t("Rank"))),
    ...outcome.scores.map((score, seat) =>
      el("tr", {},
        el("td", { class: outcome.winners.includes(seat) ? `win p${seat % 4}` : `p${seat % 4}` },
          seatLabel(seats, seat), outcome.winners.includes(seat) ? " ★" : ""),
        el("td", { class: outcome.winners.includes(seat) ? "win" : "" }, String(score)),
        el("td", {}, String(outcome.ranks[seat])))),
  );
}

// Every message of the table's connection, to `receive`: first those table.js handed out before
// this call (a module script may start after the first messages arrived), then each new one.
export function onTableMessage(receive) {
  window.addEventListener("deadtable:message", (event) => receive(event.detail));
  const past = window.deadtable && window.deadtable.backlog ? window.deadtable.backlog() : [];
  for (const msg of past) receive(msg);
}
