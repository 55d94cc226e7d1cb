// One renderer per game, looked up by game id; any other game gets the generic renderer, so every
// registered game is playable at once.
//
// A renderer exports render(container, view, ctx) where ctx is
// { seat, legal: [action text], actions: [{text, kind, ...fields}], act(text),
//   why(text) -> Promise<reason|null>, seats, interactive, tableLog: true }.
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
// Pieces carry `data-piece="<stable id>"` (a card keeps its id as it moves: identity.js): the table
// animates them from their old place to the new one, fades new ones in, and marks `.last-move` the
// ones the others' moves changed: new, changed, or in another zone (the nearest `[data-zone]`
// around them; without zones, at another place on the board). (A renderer marking no pieces has
// its `[data-pos]` places compared instead; pieces inside `[data-marks="off"]` are never marked.)
// Controls carry `data-control`, not `data-piece`.
// A game's styles live in static/css/<game id>.css (loaded by table.js).
import * as carsonZoo from "./carson-zoo.js";
import * as generic from "./generic.js";
import * as overlords from "./overlords.js";
import * as zombieOverlord from "./zombie-overlord.js";
import * as zombieShedding from "./zombie-shedding.js";

const RENDERERS = {
  "carson-zoo": carsonZoo,
  overlords,
  "zombie-overlord": zombieOverlord,
  "zombie-shedding": zombieShedding,
};

export function rendererFor(gameId) {
  return RENDERERS[gameId] || generic;
}
