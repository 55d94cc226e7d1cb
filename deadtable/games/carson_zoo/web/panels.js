// Carson City Zoo Apocalypse's player panels (the table's js/panels.js draws them): each seat's
// score, the characters in hand and the cards captured; for the whole game, the turn, the zoo cards
// still on the grid and the mutants found. Everything here is on the table for all to see (view).
import { nt, t } from "/static/js/i18n.js";

export function panels(view) {
  const seats = {};
  for (let s = 0; s < view.players; s++) {
    seats[s] = [
      { id: "score", label: t("Score"), value: String(view.scores[s]) },
      { id: "hand", label: t("In hand"), value: String(view.hands[s].length) },
      { id: "captures", label: t("Captured"), value: String(view.captured[s].length) },
    ];
  }
  const left = view.board.reduce((n, cell) => n + (cell.height || 0), 0);
  return {
    progress: [
      { id: "turn", text: t("Turn {n}", { n: view.turn }) },
      { id: "left", text: nt("{n} zoo card left on the grid", "{n} zoo cards left on the grid", left) },
      { id: "mutants", text: nt("{n} mutant found", "{n} mutants found", view.mutants_found.length) },
    ],
    seats,
  };
}
