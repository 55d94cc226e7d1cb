// Overlords' player panels (the table's js/panels.js draws them): each seat's army and hand sizes,
// whether it has picked this turn, the Overlord, and the scores once the game is over; for the
// whole game, the round of how many, the turn and the draw pile. Sizes only: another seat's cards
// are in the view only as far as this seat has seen them, and a panel shows none of them.
import { t } from "/static/js/i18n.js";

export function panels(view) {
  const seats = {};
  const choosing = !view.over && (view.phase === "recruit" || view.phase === "exchange") && view.committed;
  for (let s = 0; s < view.players; s++) {
    const army = view.armies[s];
    const hand = view.hands[s];
    const list = [];
    if (view.scores) list.push({ id: "score", label: t("Score"), value: String(view.scores[s]) });
    list.push({ id: "army", label: t("Army"), value: String(army ? army.size : 0) });
    list.push({ id: "hand", label: t("In hand"), value: String(hand ? hand.size : 0) });
    if (choosing) list.push({ id: "picked", label: t("This turn"), value: view.committed[s] ? t("has picked") : t("picking…") });
    if (view.overlord === s) list.push({ id: "overlord", label: t("Overlord"), value: "★" });
    seats[s] = list;
  }
  return {
    progress: [
      { id: "round", text: t("Round {round} of {rounds}", { round: view.round, rounds: view.rounds }) },
      { id: "turn", text: t("Turn {n}", { n: view.turn }) },
      { id: "draw-pile", text: t("Draw pile: {n}", { n: view.draw_pile }) },
    ],
    seats,
  };
}
