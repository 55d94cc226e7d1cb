// The zombie shedding game's player panels (the table's js/panels.js draws them): each seat's cards
// in hand, its score (penalty points, or points won), the dealer, and whether it is out of this hand
// or misses a turn, and who an effect hits now (on a phone the board's own seat tiles give way to
// these); for the whole game, the mode and its target, the hand, the deck and the discard pile.
import { t } from "/static/js/i18n.js";

export function panels(view) {
  const seats = {};
  const pending = view.pending || {};
  for (let s = 0; s < view.players; s++) {
    const score = view.seat_scores ? view.seat_scores[s] : view.scores ? view.scores[s] : null;
    const list = [{ id: "hand", label: t("In hand"), value: String(view.hand_sizes ? view.hand_sizes[s] : 0) }];
    if (view.target && score !== null) list.push({ id: "score", label: view.penalty ? t("Penalty points") : t("Score"), value: String(score) });
    if (view.dealer === s) list.push({ id: "dealer", label: t("This hand"), value: t("dealer") });
    if ((view.out || []).includes(s)) list.push({ id: "out", label: t("This hand"), value: t("out") });
    if (view.skips && view.skips[s]) list.push({ id: "skips", label: t("Next turn"), value: t("misses a turn") });
    if (pending.victim === s) list.push({ id: "hit", label: t("This turn"), value: t("hit") });
    seats[s] = list;
  }
  return {
    progress: [
      { id: "mode", text: view.mode_text },
      { id: "hand", text: t("hand {n}", { n: view.hand_number }) },
      { id: "deck", text: t("Deck: {n}", { n: view.deck_size }) },
      { id: "discard", text: t("Discard: {n}", { n: view.discard_size }) },
    ],
    seats,
  };
}
