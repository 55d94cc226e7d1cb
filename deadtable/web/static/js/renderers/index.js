// The renderer of a table's game, found through the game (below); a game without one gets the
// generic renderer, so every installed game is playable at once.
//
// A renderer exports render(container, view, ctx) where ctx is
// { seat, index, legal: [action text], actions: [{text, kind, ...fields}], act(text),
//   why(text) -> Promise<reason|null>, seats, interactive, tableLog: true }.
// `index` is the state's move number (lower than the last one drawn after an Undo; absent on a
// replay page).
// `actions` are the legal actions in structured form (the server sends `Action.describe()`: the
// kind, and the card, slot, seat... it names): pieces are built from them, never from the text.
// `legal` and `actions` are empty unless `interactive` (your turn, the newest state, connected).
//
// Optionally:
// - `piecesOnly = true`: every legal action is drawn as a piece or a labelled control, so the
//   table does not show its raw list of action texts (kept only for the generic renderer);
// - `ending(view, outcome, ctx) -> Element`: the game's own score breakdown and why it ended,
//   shown in the table's ending banner instead of the plain score sheet;
// - `ownNote = true`: ending() says all the outcome's note says, which the banner then leaves out.
// - `panels(view, ctx) -> { progress, seats }`: each player's panel at the table (js/panels.js).
// Pieces carry `data-piece="<stable id>"` (a card keeps its id as it moves: identity.js): the table
// animates them from their old place to the new one, fades new ones in, and marks `.last-move` the
// ones the others' moves changed: new, changed, or in another zone (the nearest `[data-zone]`
// around them; without zones, at another place on the board). (A renderer marking no pieces has
// its `[data-pos]` places compared instead; pieces inside `[data-marks="off"]` are never marked.)
// Controls carry `data-control`, not `data-piece`.
// A game's renderer and styles live in its own package (`web/renderer.js`, `web/renderer.css`) and
// are found through the game: its description (/api/games) names them (`renderer`, `style`: URLs
// the server serves from the package, /games/<id>/renderer.js, or null). There is no table of
// games here: a game without a renderer is drawn by generic.js, so every installed game is playable.
import { api } from "../api.js";
import * as generic from "./generic.js";

const loaded = new Map(); // game id -> Promise of its renderer module
let described = null; // Promise of the games' descriptions, by id

function descriptions() {
  if (!described) {
    described = api("/api/games")
      .then((games) => new Map(games.map((g) => [g.id, g])))
      .catch(() => new Map());
  }
  return described;
}

// The description of game `gameId` ({renderer, style, ...}), or null when the server has none.
export async function gameDescription(gameId) {
  return (await descriptions()).get(gameId) || null;
}

// Each game's own styles (its package's web/renderer.css, named `style` in its description), for
// every page that draws its board (the table, the replay), loaded once with the first board. The
// board is drawn at once and reads unstyled until they arrive: body's data-game-style says
// "loaded" (or "failed") when they have, or at once for a game without styles of its own, so what
// reads the page (tests) can wait for the board as it is shown.
let styleAsked = false;
export async function gameStyle(gameId) {
  if (styleAsked) return;
  styleAsked = true;
  const done = (how) => () => { document.body.dataset.gameStyle = how; };
  const game = await gameDescription(gameId);
  if (!game || !game.style) { done("loaded")(); return; }
  const link = document.createElement("link");
  link.id = "game-style";
  link.rel = "stylesheet";
  link.href = game.style;
  link.addEventListener("load", done("loaded"));
  link.addEventListener("error", done("failed"));
  document.head.append(link);
}

// The renderer module of game `gameId`, loaded once: the one its description names, else generic.js
// (also when the game's own module fails to load, said on the console).
export function loadRenderer(gameId) {
  if (!loaded.has(gameId)) {
    loaded.set(gameId, gameDescription(gameId).then(async (g) => {
      if (!g || !g.renderer) return generic;
      try {
        return await import(g.renderer);
      } catch (err) {
        console.warn("renderer", gameId, err);
        return generic;
      }
    }));
  }
  return loaded.get(gameId);
}
