// What the renderers share: a titled area, a seat's name, the view's recent narration (replays).
import { el } from "../api.js";
import { t } from "../i18n.js";

export function area(title, ...children) {
  return el("div", { class: "area" }, el("h3", {}, title), ...children);
}

export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "—";
  const s = ctx && ctx.seats && ctx.seats[seat];
  return `P${seat + 1}${s && s.name ? ` ${s.name}` : ""}${ctx && ctx.seat === seat ? ` ${t("(you)")}` : ""}`;
}

// The view's recent narration, for the replay viewer; a live table shows its own log instead (the
// whole game's, from the server: ctx.tableLog), so it is not shown twice.
export function gameLog(lines, ctx, n = 8) {
  if (!lines || !lines.length || (ctx && ctx.tableLog)) return null;
  return area(t("Recent play"), el("ol", { class: "dim" }, lines.slice(-n).map((l) => el("li", {}, String(l)))));
}


// A piece that cannot be played now: `aria-disabled`, never `disabled`, so that the keyboard
// reaches it and a screen reader reads it as unavailable (js/whynot.js says why on Enter or Space,
// and stops every click on it). `whyNot`, if given, asks why and shows it as a tap does: a function
// returning a promise of the reason in words (or null).
export function unplayable(node, whyNot = null) {
  node.setAttribute("aria-disabled", "true");
  if (whyNot) node.whyNot = whyNot;
  return node;
}
