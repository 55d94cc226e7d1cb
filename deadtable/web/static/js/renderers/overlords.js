// Overlords: each army's top card and size, your hand (recruit by clicking), what you know of the
// other hands, who has already made their hidden pick, the Hired Hands and any decision on top.
import { el } from "../api.js";
import { area, cardButton, gameLog, kv, pendingBox, raw, seatName } from "./common.js";

function owner(ctx, name, i) {
  if (name === "Dummy") return "Dummy";
  return seatName(ctx, i);
}

export function render(container, view, ctx) {
  const choices = el("div", { class: "choices" });
  const armies = area("Armies", el("div", { class: "cards" }, (view.armies || []).map((a, i) => el("div", { class: "card big" },
    el("span", { class: "title" }, `${owner(ctx, a.owner, i)}`),
    el("span", { class: "sub" }, `top: ${a.top || "—"}`),
    el("span", { class: "sub" }, `${a.size} card${a.size === 1 ? "" : "s"}`),
    a.cards ? el("span", { class: "sub" }, Object.entries(a.cards).map(([k, n]) => `${k}×${n}`).join(", ")) : null,
    view.last_recruited && view.last_recruited[i] && view.last_recruited[i].length ? el("span", { class: "sub" }, `last recruited: ${view.last_recruited[i].join(", ")}`) : null,
    view.committed && i < view.committed.length ? el("span", { class: "sub" }, view.committed[i] ? "has picked" : "picking…") : null,
    view.aside && view.aside[i] && view.aside[i].length ? el("span", { class: "sub" }, `aside: ${view.aside[i].join(", ")}`) : null))));

  const hands = (view.hands || []).map((h, i) => {
    if (h.cards) {
      return area(`${owner(ctx, h.owner, i)}: your hand (${h.size})`, el("div", { class: "cards" }, h.cards.map((name) =>
        cardButton(ctx, { title: name, key: name, verbs: ["recruit", "put", "take", "activate"], probe: `recruit ${name.toLowerCase()}`, choices }))), choices);
    }
    return area(`${owner(ctx, h.owner, i)}: ${h.size} card${h.size === 1 ? "" : "s"} in hand`,
      h.known && h.known.length ? el("div", { class: "dim" }, `known to you: ${h.known.join(", ")}`) : el("div", { class: "dim" }, "nothing known"));
  });

  const decision = view.decision ? pendingBox(`${seatName(ctx, view.decision.seat)} decides: ${view.decision.kind}${view.decision.card ? ` (${view.decision.card})` : ""}`) : null;
  const pending = view.pending && view.pending.length ? pendingBox(`Your pick, hidden until everyone has picked: ${view.pending.join(", ")}`) : null;

  container.replaceChildren(el("div", {},
    kv([["round", `${view.round} of ${view.rounds}`], ["turn", view.turn], ["phase", view.phase], ["Overlord", seatName(ctx, view.overlord)],
      ["draw pile", view.draw_pile], ["Hired Hands out", (view.hired_hands_out || []).join(", ") || "none"],
      view.dummy ? ["dummy played by", seatName(ctx, view.dummy_controller)] : ["", null]]),
    decision, pending, armies, hands, gameLog(view.log), raw(view)));
}
