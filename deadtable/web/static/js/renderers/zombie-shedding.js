// The zombie shedding game: the card to match, direction, hand sizes and scores, your hand with
// the cards that fit highlighted (click to play), and any response you owe. Card names, effects,
// corporations and kinds are shown in the reader's language (catalogue context "zombie-shedding:card").
import { el } from "../api.js";
import { cardText, t } from "../i18n.js";
import { area, cardButton, gameLog, kv, pendingBox, raw, seatName } from "./common.js";

const GAME = "zombie-shedding";
const ct = (text) => cardText(GAME, text);

function describe(card) {
  return [`${card.corporation ? ct(card.corporation) : t("event")} · ${ct(card.kind)} · ${t("{n} pts", { n: card.points })}`, ...(card.effects || []).map(ct)];
}

function pendingText(ctx, p) {
  if (!p) return "";
  const parts = [t("{who} must answer: {kind}", { who: seatName(ctx, p.seat), kind: p.kind })];
  if (p.effect) parts.push(`(${p.effect}${p.count ? ` ${p.count}` : ""}${p.actor !== undefined ? ` ${t("by {who}", { who: `P${p.actor + 1}` })}` : ""})`);
  if (p.card) parts.push(t("card: {card}", { card: ct(typeof p.card === "string" ? p.card : p.card.name) }));
  return parts.join(" ");
}

export function render(container, view, ctx) {
  const choices = el("div", { class: "choices" });
  const match = view.to_match || {};
  const top = match.card
    ? el("div", { class: `card big corp-${match.corporation}` }, el("span", { class: "title" }, ct(match.card.name)),
      describe(match.card).map((s) => el("span", { class: "sub" }, s)),
      match.named ? el("span", { class: "sub" }, t("corporation named: {corporation}", { corporation: ct(match.corporation) })) : null)
    : el("span", { class: "dim" }, "—");

  const seats = el("table", { class: "seatsinfo" },
    el("tr", {}, el("th", {}, t("Seat")), el("th", {}, t("cards")), el("th", {}, t("score")), el("th", {}, "")),
    Array.from({ length: view.players }, (_, s) => el("tr", { class: s === view.seat ? "me" : "" },
      el("td", {}, seatName(ctx, s), view.current_player === s ? " ◀" : "", view.dealer === s ? ` ${t("(dealer)")}` : ""),
      el("td", {}, String(view.hand_sizes ? view.hand_sizes[s] : "")),
      el("td", {}, String(view.scores ? view.scores[s] : "")),
      el("td", { class: "dim" }, view.skips && view.skips[s] ? t("misses a turn") : "", (view.out || []).includes(s) ? ` ${t("out")}` : ""))));

  const hand = view.hand ? area(t("Your hand"), el("div", { class: "cards" }, view.hand.map((card) =>
    cardButton(ctx, { title: ct(card.name), sub: describe(card), cls: `corp-${card.corporation}`, key: card.slug, verbs: ["play", "give", "take"], probe: `play ${card.slug}`, choices }))), choices) : null;

  container.replaceChildren(el("div", {},
    kv([[t("mode"), view.mode_text || view.mode], [t("hand"), view.hand_number], [t("direction"), view.direction === "clockwise" ? t("clockwise ↻") : t("counter-clockwise ↺")],
      [t("deck"), view.deck_size], [t("discard pile"), view.discard_size], [t("target"), view.target]]),
    pendingBox(pendingText(ctx, view.pending)),
    area(t("To match"), top),
    seats, hand, gameLog(view.log), raw(view)));
}
