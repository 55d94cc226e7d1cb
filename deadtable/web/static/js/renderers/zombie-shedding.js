// The zombie shedding game: the card to match, direction, hand sizes and scores, your hand with
// the cards that fit highlighted (click to play), and any response you owe. Card names, effects,
// corporations and kinds are shown in the reader's language (catalogue context "zombie-shedding:card").
import { el } from "../api.js";
import { cardText, nt, t } from "../i18n.js";
import { area, cardButton, gameLog, kv, pendingBox, raw, seatName } from "./common.js";

const GAME = "zombie-shedding";
const ct = (text) => cardText(GAME, text);

function describe(card) {
  return [`${card.corporation ? ct(card.corporation) : t("event")} · ${ct(card.kind)} · ${t("{n} pts", { n: card.points })}`, ...(card.effects || []).map(ct)];
}

// An effect that hits a player, in words (view "pending"/"effect"), as the terminal says it
// (deadtable/games/zombie_shedding/text.py EFFECT_WORDS).
function effectWords(effect, count) {
  switch (effect) {
    case "next_draws": return nt("drawing {n} card", "drawing {n} cards", count);
    case "next_skips": return t("missing a turn");
    case "swap": return t("the Thief (look, take one, give one)");
    case "give": return t("a gift of a card (the Schemer)");
    default: return String(effect);
  }
}

// What the seat to act must decide, in the terminal's words (text.py _pending_text).
function pendingText(ctx, p) {
  if (!p) return "";
  const who = seatName(ctx, p.seat);
  const seat = (s) => (s === null || s === undefined ? "—" : seatName(ctx, s));
  switch (p.kind) {
    case "drawn":
      return p.card
        ? t("{seat} drew {card}: play it if it fits, or keep it", { seat: who, card: ct(typeof p.card === "string" ? p.card : p.card.name) })
        : t("{seat} drew a card: play it if it fits, or keep it", { seat: who });
    case "name":
      return t("{seat} names the corporation to match", { seat: who });
    case "target":
      return t("{seat} chooses an opponent for {what}", { seat: who, what: effectWords(p.effect, 1) });
    case "respond":
      return t("{victim} is hit by {what} from {actor}: {seat} may answer with Hide or Boomerang",
        { victim: seat(p.victim), what: effectWords(p.effect, p.count || 1), actor: seat(p.actor), seat: who });
    case "take":
      return t("{seat} takes a card from {victim}'s hand", { seat: who, victim: seat(p.victim) });
    case "give":
      return t("{seat} gives a card to {victim}", { seat: who, victim: seat(p.victim) });
    default:
      return who;
  }
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
    seats, hand, gameLog(view.log, ctx), raw(view)));
}
