// What the card-game renderers share: cards as buttons wired to the legal actions that name them,
// the reason a card may not be used now (on hover, and on a tap: ctx.toast shows it under the
// board), sections.
import { el } from "../api.js";
import { t } from "../i18n.js";

export function norm(text) {
  return String(text).toLowerCase().replace(/\s+/g, " ").trim();
}

// Legal actions that end with `key` or name it as a whole word group ("play supply run", "take x").
export function actionsFor(legal, key, verbs = null) {
  const k = norm(key);
  return (legal || []).filter((a) => {
    const words = norm(a);
    if (verbs && !verbs.some((v) => words.startsWith(`${v} `))) return false;
    return words.endsWith(` ${k}`) || words.includes(` ${k} `);
  });
}

// A card drawn as a button: one action -> click acts; several -> a small menu of them; none ->
// locked (aria-disabled), and hovering or tapping it asks the server why `probe` is not allowed.
export function cardButton(ctx, { title, sub = [], cls = "", key, verbs = null, probe = null, choices }) {
  const acts = key && ctx && ctx.interactive ? actionsFor(ctx.legal, key, verbs) : [];
  const canAsk = Boolean(probe && ctx && ctx.why && ctx.seat !== null && ctx.seat !== undefined);
  const node = el("button", { class: `card ${cls}${acts.length ? " playable" : ""}`, disabled: !acts.length && !canAsk, "aria-disabled": acts.length ? null : "true", dataset: { key: key || "" } },
    el("span", { class: "title" }, title), sub.filter(Boolean).map((s) => el("span", { class: "sub" }, s)));
  if (acts.length) {
    node.title = acts.join(" · ");
    node.addEventListener("click", () => {
      if (acts.length === 1) ctx.act(acts[0]);
      else choices.replaceChildren(el("span", { class: "dim" }, `${title}: `), acts.map((a) => el("button", { class: "action", onclick: () => ctx.act(a) }, a)));
    });
  } else if (canAsk) {
    let reason = null;
    const ask = () => (reason !== null ? Promise.resolve(reason) : ctx.why(probe).then((r) => { reason = r || ""; if (reason) node.title = reason; return reason; }));
    node.addEventListener("mouseenter", () => { ask(); });
    node.addEventListener("click", () => { ask().then((r) => { if (r && ctx.toast) ctx.toast(r); }); });
  }
  return node;
}

export function area(title, ...children) {
  return el("div", { class: "area" }, el("h3", {}, title), ...children);
}

export function kv(pairs) {
  return el("div", { class: "kv" }, pairs.filter(([, v]) => v !== undefined && v !== null && v !== "").map(([k, v]) => el("span", {}, `${k} `, el("b", {}, String(v)))));
}

export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "—";
  const s = ctx && ctx.seats && ctx.seats[seat];
  return `P${seat + 1}${s && s.name ? ` ${s.name}` : ""}${ctx && ctx.seat === seat ? ` ${t("(you)")}` : ""}`;
}

export function pendingBox(text) {
  return text ? el("div", { class: "pending" }, text) : null;
}

// The view's recent narration, for the replay viewer; a live table shows its own log instead (the
// whole game's, from the server: ctx.tableLog), so it is not shown twice.
export function gameLog(lines, ctx, n = 8) {
  if (!lines || !lines.length || (ctx && ctx.tableLog)) return null;
  return area(t("Recent play"), el("ol", { class: "dim" }, lines.slice(-n).map((l) => el("li", {}, String(l)))));
}

