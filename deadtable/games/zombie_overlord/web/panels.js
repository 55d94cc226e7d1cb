// Zombie Overlord's player panels (the table's js/panels.js draws them): each Zombie Lord's life,
// the cards in hand, deck and discard, and the Traps in their base; for the whole game, the round of
// the limit (RULINGS ZO-10), the phase and the decks left. Counts only for what the seat cannot see.
import { t } from "/static/js/i18n.js";

/** The phase in the table's words (the renderer's phase line says it too). */
export function phaseWord(phase) {
  switch (phase) {
    case "choose": return t("choosing");
    case "purchase": return t("purchase");
    case "action": return t("action");
    case "attack": return t("attack");
    default: return phase;
  }
}

export function panels(view) {
  const seats = {};
  for (let s = 0; s < view.players; s++) {
    const alive = !view.alive || view.alive[s];
    seats[s] = [
      { id: "life", label: t("Life"), value: alive ? String(view.life[s]) : t("out") },
      { id: "hand", label: t("In hand"), value: String(view.hands[s].count) },
      { id: "deck", label: t("Deck"), value: String(view.deck_sizes[s]) },
      { id: "discard", label: t("Discard"), value: String(view.discards[s].length) },
      { id: "traps", label: t("Traps"), value: String(view.bases[s].length) },
    ];
  }
  const limit = view.round_limit;
  return {
    progress: [
      { id: "round", text: limit ? t("Round {round} of {rounds}", { round: view.round, rounds: limit }) : t("Round {n}", { n: view.round }) },
      ...(view.over ? [] : [{ id: "phase", text: t("Phase: {phase}", { phase: phaseWord(view.phase) }) }]),
      { id: "survivors", text: t("Survivor deck: {n}", { n: view.survivor_deck }) },
      { id: "traps", text: t("Trap deck: {n}", { n: view.trap_deck }) },
    ],
    seats,
  };
}
