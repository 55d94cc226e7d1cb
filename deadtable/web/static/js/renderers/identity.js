// Stable identities for cards that move between places (a hand, a base slot, a row slot, an army).
//
// Copies of a card are interchangeable and views name cards, not copies, so a renderer cannot read a
// card's identity off the view. It can follow it: each render lists its places and the card in each;
// a card still in the place it held keeps its id, a card found in a new place takes the id that a
// card of the same name left behind (it moved from there), and anything else gets a new id. The
// table's shell then glides a piece from its old place to its new one (data-piece) and marks only
// what changed: a card bought from the Purchase Row and placed in a base keeps its data-piece.
//
// For example, with ids = new Identities("card:"):
//   ids.assign([["hand:fuel-01", "fuel-01"], ["row:1", "ammo-02"]])  -> card:fuel-01#1, card:ammo-02#2
//   ids.assign([["base:0:0", "fuel-01"], ["row:1", "ammo-02"]])      -> card:fuel-01#1 (it moved), card:ammo-02#2
export class Identities {
  constructor(prefix) {
    this.prefix = prefix;
    this.prev = new Map(); // place -> { name, id }
    this.made = 0;
  }

  // `places`: [place, card name] pairs, each place once. `moved`: [from, to] places the renderer
  // knows a card went between (its pick went to its army), taken first when the names agree.
  // Returns Map place -> id.
  assign(places, moved = []) {
    const out = new Map();
    const taken = new Set();
    const names = new Map(places);
    for (const [from, to] of moved) {
      const here = this.prev.get(to);
      if (here && here.name === names.get(to)) continue; // nothing new there: it did not move
      const was = this.prev.get(from);
      if (was && names.get(to) === was.name && !taken.has(was.id)) { out.set(to, was.id); taken.add(was.id); }
    }
    for (const [place, name] of places) {
      const was = this.prev.get(place);
      if (!out.has(place) && was && was.name === name && !taken.has(was.id)) { out.set(place, was.id); taken.add(was.id); }
    }
    const left = new Map(); // name -> ids its cards left behind (the place gone or holding another card)
    for (const [, was] of this.prev) {
      if (taken.has(was.id)) continue;
      if (!left.has(was.name)) left.set(was.name, []);
      left.get(was.name).push(was.id);
    }
    for (const [place, name] of places) {
      if (out.has(place)) continue;
      const ids = left.get(name);
      this.made += 1;
      out.set(place, ids && ids.length ? ids.shift() : `${this.prefix}${name}#${this.made}`);
    }
    this.prev = new Map(places.map(([place, name]) => [place, { name, id: out.get(place) }]));
    return out;
  }
}
