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

// A long press (half a second, a finger or a pen held still) calls `show` (a piece's larger view);
// the tap that ends it is then no move. A phone has no hover: this is how a playable card is seen
// large before it is played. The browser's own long-press menu (contextmenu) does the same.
const HOLD = 500; // ms
const STILL = 10; // px a finger may slide and still hold

export function longPress(node, show) {
  let timer = null;
  let start = null;
  let shown = false;
  const stop = () => { clearTimeout(timer); timer = null; };
  node.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse") return;
    shown = false;
    start = { x: e.clientX, y: e.clientY };
    stop();
    timer = setTimeout(() => { timer = null; shown = true; show(); }, HOLD);
  });
  node.addEventListener("pointermove", (e) => {
    if (timer && start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > STILL) stop();
  });
  node.addEventListener("pointerup", stop);
  node.addEventListener("pointercancel", stop);
  node.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    if (!shown) { stop(); shown = true; show(); }
  });
  // The click that ends a long press only showed the card (captured before the piece's own click).
  node.addEventListener("click", (e) => {
    if (!shown) return;
    shown = false;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);
  return node;
}
