// A panel per player, kept current: in each seat's box, what decides the game (score or life, cards
// in hand, deck and discard, captures...), who is to act, and above the seats a line for the whole
// game's progress (the round of how many, what is left). The facts come from the game: its
// renderer's `panels(view, ctx)` (a game's `web/panels.js`, which renderer.js re-exports), read
// only from the seat's view, so a panel never shows what the seat cannot see. It returns
//   { progress: [{ id, text }], seats: { <seat>: [{ id, label, value, title? }] } }
// and this module draws it; a game without one gets the facts every view names the same way
// (`scores`, `life`, `hand_sizes`).
//
// table.js says when it has drawn a state (`deadtable:drawn`); the seats' boxes are drawn anew then,
// so the facts are put in again each time (and once at the start, for a state drawn before).
import { el } from "./api.js";
import { t } from "./i18n.js";

function generic(view) {
  const seats = {};
  const add = (s, fact) => { (seats[s] = seats[s] || []).push(fact); };
  const each = (list, fn) => { if (Array.isArray(list)) list.forEach((v, s) => { if (typeof v === "number") fn(s, v); }); };
  each(view.scores, (s, v) => add(s, { id: "score", label: t("Score"), value: String(v) }));
  each(view.life, (s, v) => add(s, { id: "life", label: t("Life"), value: String(v) }));
  each(view.hand_sizes, (s, v) => add(s, { id: "hand", label: t("Hand"), value: String(v) }));
  return { progress: [], seats };
}

function facts(renderer, view, ctx) {
  if (renderer && typeof renderer.panels === "function") {
    try { return renderer.panels(view, ctx) || generic(view); } catch (err) { console.warn("panels", err); }
  }
  return generic(view || {});
}

function draw({ msg, renderer, ctx }) {
  const seatsBox = document.getElementById("seats");
  if (!seatsBox || !msg.view) return;
  const got = facts(renderer, msg.view, ctx);
  for (const box of seatsBox.querySelectorAll(".seat[data-seat]")) {
    const seat = Number(box.dataset.seat);
    const list = (got.seats && got.seats[seat]) || [];
    const acting = msg.to_act === seat && !msg.over;
    box.classList.add("player-panel");
    box.append(el("dl", { class: "facts", dataset: { panel: String(seat) } },
      acting ? el("div", { class: "fact fact-turn", dataset: { fact: "turn" } }, el("dt", {}, t("Turn")), el("dd", {}, t("to act"))) : null,
      list.map((f) => el("div", { class: `fact fact-${f.id}`, dataset: { fact: f.id }, title: f.title || null },
        el("dt", {}, f.label), el("dd", {}, f.value)))));
  }
  let line = document.getElementById("progress");
  if (!line) {
    line = el("p", { id: "progress", class: "progress" });
    seatsBox.before(line);
  }
  const progress = got.progress || [];
  line.classList.toggle("hidden", !progress.length);
  line.replaceChildren(...progress.map((p, i) => el("span", { class: "progress-item", dataset: { progress: p.id } }, i ? ` · ${p.text}` : p.text)));
  // A row of panels wider than a phone scrolls sideways: then the keyboard reaches it too.
  keyboardScroll(seatsBox);
}

/** A region that scrolls takes the focus (tabindex 0), so that arrow keys scroll it (WCAG 2.1.1). */
export function keyboardScroll(node) {
  const scrolls = node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
  if (scrolls) node.setAttribute("tabindex", "0");
  else if (node.getAttribute("tabindex") === "0") node.removeAttribute("tabindex");
}

window.addEventListener("deadtable:drawn", (event) => draw(event.detail));
// This module may start after table.js drew its first states: the seats on screen get their facts.
const drawnBefore = window.deadtable && window.deadtable.lastDrawn ? window.deadtable.lastDrawn() : null;
if (drawnBefore) draw(drawnBefore);
