// "Learn to play": one click makes a guided first game of a game (POST /api/lessons/{game}: you and
// the game's bots, the lesson's seed and options) and opens your seat with the coach (coach.js).
// The lobby lists a button per game that brings a lesson; a table's rules panel has one for its game.
import { api, el } from "./api.js";
import { t } from "./i18n.js";
import { remember } from "./mytables.js";

// [{game, name, players}]: the games that bring a lesson, named in the page's language.
export function gamesWithLessons() {
  return api("/api/lessons");
}

export async function startLesson(game, problem) {
  try {
    const made = await api(`/api/lessons/${encodeURIComponent(game)}`, { method: "POST" });
    const mine = made.seats[0];
    remember({ table: made.id, seat: mine.seat, token: mine.token, game, creator: made.creator, lesson: true });
    location.assign(made.link);
  } catch (err) {
    if (problem) problem.textContent = err.message;
  }
}

// A button that starts `game`'s lesson; a refusal is written in `problem`.
export function lessonButton(game, label, problem) {
  const button = el("button", { type: "button", class: "learn", dataset: { lesson: game } }, label);
  button.addEventListener("click", async () => {
    button.disabled = true;
    await startLesson(game, problem);
    button.disabled = false;
  });
  return button;
}
