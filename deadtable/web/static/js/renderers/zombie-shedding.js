// The zombie shedding game: the card to match, direction, hand sizes and scores, your hand with
// the cards that fit highlighted (click to play), and any response you owe.
import { el } from "../api.js";
import { area, cardButton, gameLog, kv, pendingBox, raw, seatName } from "./common.js";

function describe(card) {
  return [`${card.corporation || "event"} · ${card.kind} · ${card.points} pts`, ...(card.effects || [])];
}

function pendingText(ctx, p) {
  if (!p) return "";
  const parts = [`${seatName(ctx, p.seat)} must answer: ${p.kind}`];
  if (p.effect) parts.push(`(${p.effect}${p.count ? ` ${p.count}` : ""}${p.actor !== undefined ? ` by P${p.actor + 1}` : ""})`);
  if (p.card) parts.push(`card: ${typeof p.card === "string" ? p.card : p.card.name}`);
  return parts.join(" ");
}

export function render(container, view, ctx) {
  const choices = el("div", { class: "choices" });
  const match = view.to_match || {};
  const top = match.card
    ? el("div", { class: `card big corp-${match.corporation}` }, el("span", { class: "title" }, match.card.name),
      describe(match.card).map((s) => el("span", { class: "sub" }, s)),
      match.named ? el("span", { class: "sub" }, `corporation named: ${match.corporation}`) : null)
    : el("span", { class: "dim" }, "—");

  const seats = el("table", { class: "seatsinfo" },
    el("tr", {}, el("th", {}, "Seat"), el("th", {}, "cards"), el("th", {}, "score"), el("th", {}, "")),
    Array.from({ length: view.players }, (_, s) => el("tr", { class: s === view.seat ? "me" : "" },
      el("td", {}, seatName(ctx, s), view.current_player === s ? " ◀" : "", view.dealer === s ? " (dealer)" : ""),
      el("td", {}, String(view.hand_sizes ? view.hand_sizes[s] : "")),
      el("td", {}, String(view.scores ? view.scores[s] : "")),
      el("td", { class: "dim" }, view.skips && view.skips[s] ? "misses a turn" : "", (view.out || []).includes(s) ? " out" : ""))));

  const hand = view.hand ? area("Your hand", el("div", { class: "cards" }, view.hand.map((card) =>
    cardButton(ctx, { title: card.name, sub: describe(card), cls: `corp-${card.corporation}`, key: card.slug, verbs: ["play", "give", "take"], probe: `play ${card.slug}`, choices }))), choices) : null;

  container.replaceChildren(el("div", {},
    kv([["mode", view.mode_text || view.mode], ["hand", view.hand_number], ["direction", view.direction === "clockwise" ? "clockwise ↻" : "counter-clockwise ↺"],
      ["deck", view.deck_size], ["discard pile", view.discard_size], ["target", view.target]]),
    pendingBox(pendingText(ctx, view.pending)),
    area("To match", top),
    seats, hand, gameLog(view.log), raw(view)));
}
