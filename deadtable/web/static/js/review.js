// The post-game review: at the end of a game (the ending banner of a table, or the replay
// page of a finished one) a "Review" button asks the server for a seat's review
// (GET /api/tables/{id}/review/{seat}) and shows, per decision of that seat, the move played as the
// seat was told it, the estimated winning chance after it and after the best move found, the loss
// and a flag, with an SVG line chart of the estimate over the game. A seat reviews its own game (its
// token goes along); a spectator may review any seat, as the review opens only once the game is
// over and uses only what that seat knew (server/review_cache.py).
//
// Like rematch.js, it reads the messages table.js hands to `deadtable:message` listeners.
import { api, el, onTableMessage } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const params = new URLSearchParams(location.hash.slice(1));
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");
const onReplay = location.pathname.startsWith("/replay/");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

let seats = null; // the table's seats, once the game is over
let shown = null; // { seat, data } of the review on screen
let waiting = null; // the seat whose review is being made
let problem = "";

const pct = (x) => `${Math.round(x * 100)}%`;

function box() {
  let node = document.getElementById("review");
  if (!node) {
    const host = (!onReplay && document.getElementById("result")) || document.querySelector("main");
    if (!host) return null;
    node = el("section", { id: "review", class: "review" });
    host.append(node);
  }
  return node;
}

async function ask(which) {
  waiting = which;
  problem = "";
  draw();
  const own = which === seat && token ? `?token=${encodeURIComponent(token)}` : "";
  try {
    shown = { seat: which, data: await api(`/api/tables/${encodeURIComponent(tableId)}/review/${which}${own}`) };
  } catch (err) {
    problem = err.message;
  }
  waiting = null;
  draw();
}

function buttons() {
  const mine = seat !== null && !onReplay ? [seat] : seats.map((_, i) => i);
  return mine.map((s) => el("button", {
    type: "button", class: "review-button", dataset: { seat: String(s) }, disabled: waiting !== null,
    onclick: () => ask(s),
  }, mine.length === 1 && s === seat ? t("Review") : t("Review P{seat}", { seat: s + 1 })));
}

function chart(decisions) {
  const w = 320;
  const h = 120;
  const pad = 12;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "review-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("Winning chance after each move played"));
  const x = (i) => pad + (decisions.length > 1 ? (i * (w - 2 * pad)) / (decisions.length - 1) : (w - 2 * pad) / 2);
  const y = (p) => h - pad - p * (h - 2 * pad);
  const line = (y0, cls) => {
    const l = document.createElementNS(SVG, "line");
    Object.entries({ x1: pad, x2: w - pad, y1: y0, y2: y0, class: cls }).forEach(([k, v]) => l.setAttribute(k, v));
    svg.append(l);
  };
  line(y(0.5), "review-mid");
  line(y(0), "review-axis");
  const path = document.createElementNS(SVG, "polyline");
  path.setAttribute("points", decisions.map((d, i) => `${x(i).toFixed(1)},${y(d.played_chance).toFixed(1)}`).join(" "));
  path.setAttribute("class", "review-line");
  svg.append(path);
  decisions.forEach((d, i) => {
    if (!d.flag) return;
    const dot = document.createElementNS(SVG, "circle");
    Object.entries({ cx: x(i), cy: y(d.played_chance), r: 3.5, class: `review-dot ${d.flag}` }).forEach(([k, v]) => dot.setAttribute(k, v));
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${t("move {n}", { n: d.move })}: ${d.flag_text}`;
    dot.append(title);
    svg.append(dot);
  });
  return svg;
}

function reviewTable(data) {
  const head = el("tr", {}, ...[t("Move"), t("Played"), t("Chance"), t("Best found"), t("Chance"), t("Loss"), ""].map((h) => el("th", {}, h)));
  const rows = data.decisions.map((d) => el("tr", { class: d.flag ? `flag-${d.flag}` : "" },
    el("td", {}, String(d.move)),
    el("td", {}, d.told || "—"),
    el("td", {}, pct(d.played_chance)),
    el("td", {}, d.best === d.played ? "=" : d.best_told || "—"),
    el("td", {}, pct(d.best_chance)),
    el("td", {}, d.loss >= 0.005 ? pct(d.loss) : ""),
    el("td", { class: "review-flag" }, d.flag_text)));
  // The table is wider than a phone and scrolls sideways: the keyboard reaches it too.
  return el("div", { class: "review-scroll", tabindex: "0" }, el("table", { class: "list review-table" }, el("tbody", {}, head, ...rows)));
}

function draw() {
  if (!seats) return;
  const node = box();
  if (!node) return;
  const parts = [el("h3", {}, t("Review")), el("p", { class: "review-buttons" }, ...buttons())];
  if (waiting !== null) parts.push(el("p", { class: "dim", id: "review-wait" }, t("The bot is reviewing the game (up to a minute)…")));
  if (problem) parts.push(el("p", { class: "error" }, problem));
  if (shown) {
    const { data } = shown;
    const counts = { blunder: 0, mistake: 0, inaccuracy: 0 };
    data.decisions.forEach((d) => { if (d.flag) counts[d.flag] += 1; });
    parts.push(
      el("p", { id: "review-summary" }, t("P{seat} · blunders: {blunders} · mistakes: {mistakes} · inaccuracies: {inaccuracies} · decisions reviewed: {n}", {
        seat: shown.seat + 1, blunders: counts.blunder, mistakes: counts.mistake, inaccuracies: counts.inaccuracy, n: data.decisions.length,
      })),
      data.decisions.length ? chart(data.decisions) : el("p", { class: "dim" }, t("This seat had no decision with more than one move.")),
      el("p", { class: "dim" }, t("Winning chance: the share of sampled games the seat wins when every seat plays on like the bot, from what the seat knew then (never the hidden cards).")),
      data.calibrated ? el("p", { class: "dim", id: "review-calibrated" }, t("The chances are calibrated: corrected by a map fitted on thousands of bot games, so that they agree with how often such positions were won.")) : "",
      reviewTable(data),
    );
  }
  node.replaceChildren(...parts);
}

onTableMessage((msg) => {
  if (msg.type !== "state" || !msg.over || seats) return;
  seats = msg.seats;
  draw();
});

if (onReplay) {
  api(`/api/tables/${encodeURIComponent(tableId)}`).then((summary) => {
    if (summary.status === "over") { seats = summary.seats; draw(); }
  }).catch(() => {});
}

onLanguageChange(() => { if (shown) ask(shown.seat); else draw(); });
