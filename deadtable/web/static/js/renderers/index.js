// One renderer per game, looked up by game id; any other game gets the generic renderer, so every
// registered game is playable at once. A renderer exports render(container, view, ctx) where ctx is
// { seat, legal: [action text], actions: [{text, kind, ...fields}], act(text),
//   why(text) -> Promise<reason|null>, seats, interactive }.
// `actions` are the legal actions in structured form (the server sends `Action.describe()`: the
// kind, and the card, slot, seat... it names): pieces are built from them, never from the text.
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
