// Overlords: each army's top card and size, your hand (recruit by clicking), what you know of the
// other hands, who has already made their hidden pick, the Hired Hands and any decision on top.
// Card names and the texts of your cards (view.card_texts) come in the reader's language (catalogue
// context "overlords:card"; names printed in English stay English); action texts stay English.
import { el } from "../api.js";
import { cardText, nt, t } from "../i18n.js";
import { area, cardButton, gameLog, kv, pendingBox, raw, seatName } from "./common.js";

const ct = (text) => cardText("overlords", text);
const cts = (names) => names.map(ct).join(", ");

function owner(ctx, name, i) {
  if (name === "Dummy") return t("Dummy");
  return seatName(ctx, i);
}

// The view's phase code in the terminal's words (deadtable/games/overlords/text.py PHASE_NAMES);
// the decision on top ("activate", "ability") is said with the same words.
function phaseWord(phase) {
  switch (phase) {
    case "exchange": return t("teammates exchanging cards");
    case "activate": return t("activating Hired Hands");
    case "ability": return t("a Hired Hand at work");
    case "recruit": return t("recruiting");
    case "over": return t("the game is over");
    default: return phase;
  }
}

function decisionBox(ctx, d) {
  if (!d) return null;
  const what = `${phaseWord(d.kind)}${d.card ? ` (${ct(d.card)})` : ""}`;
  const lines = [t("{who} decides: {decision}", { who: seatName(ctx, d.seat), decision: what })];
  if (d.cards && d.cards.length) {
    lines.push(d.army === "Dummy"
      ? t("Red Knight: the dummy's army, bottom to top: {cards}", { cards: cts(d.cards) })
      : t("Red Knight: {army}'s army, bottom to top: {cards}", { army: d.army, cards: cts(d.cards) }));
  }
  return pendingBox(lines.join(" · "));
}

export function render(container, view, ctx) {
  const choices = el("div", { class: "choices" });
  const armies = area(t("Armies"), el("div", { class: "cards" }, (view.armies || []).map((a, i) => el("div", { class: "card big" },
    el("span", { class: "title" }, `${owner(ctx, a.owner, i)}`),
    el("span", { class: "sub" }, t("top: {card}", { card: a.top ? ct(a.top) : "—" })),
    el("span", { class: "sub" }, nt("{n} card", "{n} cards", a.size)),
    a.cards ? el("span", { class: "sub" }, Object.entries(a.cards).map(([k, n]) => `${ct(k)}×${n}`).join(", ")) : null,
    view.last_recruited && view.last_recruited[i] && view.last_recruited[i].length ? el("span", { class: "sub" }, t("last recruited: {cards}", { cards: cts(view.last_recruited[i]) })) : null,
    view.committed && i < view.committed.length ? el("span", { class: "sub" }, view.committed[i] ? t("has picked") : t("picking…")) : null,
    view.aside && view.aside[i] && view.aside[i].length ? el("span", { class: "sub" }, t("aside: {cards}", { cards: cts(view.aside[i]) })) : null))));

  const texts = view.card_texts || {};
  const hands = (view.hands || []).map((h, i) => {
    if (h.cards) {
      return area(t("{who}: your hand ({n})", { who: owner(ctx, h.owner, i), n: h.size }), el("div", { class: "cards" }, h.cards.map((name) =>
        cardButton(ctx, { title: ct(name), sub: texts[name] ? [ct(texts[name])] : [], key: name, verbs: ["recruit", "put", "take", "activate"], probe: `recruit ${name.toLowerCase()}`, choices }))), choices);
    }
    return area(nt("{who}: {n} card in hand", "{who}: {n} cards in hand", h.size, { who: owner(ctx, h.owner, i) }),
      h.known && h.known.length ? el("div", { class: "dim" }, t("known to you: {cards}", { cards: cts(h.known) })) : el("div", { class: "dim" }, t("nothing known")));
  });

  const decision = decisionBox(ctx, view.decision);
  const pending = view.pending && view.pending.length ? pendingBox(t("Your pick, hidden until everyone has picked: {cards}", { cards: cts(view.pending) })) : null;

  container.replaceChildren(el("div", {},
    kv([[t("round"), t("{n} of {total}", { n: view.round, total: view.rounds })], [t("turn"), view.turn], [t("phase"), phaseWord(view.phase)], [t("Overlord"), seatName(ctx, view.overlord)],
      [t("draw pile"), view.draw_pile], [t("Hired Hands out"), cts(view.hired_hands_out || []) || t("none")],
      view.dummy ? [t("dummy played by"), seatName(ctx, view.dummy_controller)] : ["", null]]),
    decision, pending, armies, hands, gameLog(view.log, ctx), raw(view)));
}
