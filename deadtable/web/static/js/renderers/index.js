// One renderer per game, looked up by game id; any other game gets the generic renderer, so every
// registered game is playable at once. A renderer exports render(container, view, ctx) where ctx is
// { seat, legal: [action text], act(text), why(text) -> Promise<reason|null>, seats, interactive }.
import * as carsonZoo from "./carson-zoo.js";
import * as generic from "./generic.js";

const RENDERERS = {
  "carson-zoo": carsonZoo,
};

export function rendererFor(gameId) {
  return RENDERERS[gameId] || generic;
}
