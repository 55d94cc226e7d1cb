// Zombie Overlord: life points, each base's Traps (active or not), the Purchase Row, the Wasteland
// with who leads each lure type, your hand; every card you may use now is a button.
import { el } from "../api.js";
import { area, cardButton, gameLog, kv, pendingBox, raw, seatName } from "./common.js";

function trapCard(t) {
  const state = t.active ? "active" : "inactive";
  const bits = [`${t.type} · ${state}`, `defense ${Array.isArray(t.defense) ? t.defense.join("/") : t.defense}`];
  if (t.damage) bits.push(`damage ${t.damage}`);
  if (t.lock) bits.push(`lock: ${t.lock}`);
  if (t.barricade) bits.push("barricade");
  if (t.used) bits.push("used this turn");
  if (t.attached && t.attached.length) bits.push(`attached: ${t.attached.join(", ")}`);
  return el("div", { class: `card lure-${t.type}${t.active ? "" : " dim"}` }, el("span", { class: "title" }, t.trap), bits.map((b) => el("span", { class: "sub" }, b)));
}

export function render(container, view, ctx) {
  const choices = el("div", { class: "choices" });
  const types = view.lure_types || [];
  const leader = (typeIdx) => {
    const pts = (view.lure_points || []).map((row) => row[typeIdx] || 0);
    const best = Math.max(0, ...pts);
    const who = pts.map((p, s) => (p === best && best > 0 ? s : -1)).filter((s) => s >= 0);
    return who.length === 1 ? who[0] : null;
  };

  const seats = el("table", { class: "seatsinfo" },
    el("tr", {}, el("th", {}, "Zombie Lord"), el("th", {}, "life"), el("th", {}, "hand"), el("th", {}, "deck"), el("th", {}, "discard"),
      types.map((t, i) => el("th", { class: `lure-${t}` }, t, leader(i) !== null ? ` (P${leader(i) + 1} leads)` : ""))),
    Array.from({ length: view.players }, (_, s) => el("tr", { class: s === view.seat ? "me" : "" },
      el("td", {}, seatName(ctx, s), view.current_player === s ? " ◀" : "", view.alive && !view.alive[s] ? " ✝" : ""),
      el("td", {}, String(view.life ? view.life[s] : "")),
      el("td", {}, String(view.hands && view.hands[s] ? view.hands[s].count : "")),
      el("td", {}, String(view.deck_sizes ? view.deck_sizes[s] : "")),
      el("td", { title: (view.discards && view.discards[s] || []).join(", ") }, String(view.discards ? view.discards[s].length : "")),
      types.map((_, i) => el("td", {}, String(view.lure_points && view.lure_points[s] ? view.lure_points[s][i] : 0))))));

  const bases = area("Bases", el("div", {}, Array.from({ length: view.players }, (_, s) =>
    el("div", { class: "area" }, el("strong", { class: `p${s % 4}` }, seatName(ctx, s)), " ",
      el("div", { class: "cards" }, (view.bases[s] || []).length ? view.bases[s].map(trapCard) : el("span", { class: "dim" }, "no Traps"))))));

  const row = area("Purchase Row", el("div", { class: "cards" }, (view.purchase_row || []).map((name, i) =>
    cardButton(ctx, { title: name, sub: [`slot ${i + 1}`], cls: `lure-${String(name).split("-")[0]}`, key: `trap ${i + 1}`, probe: `buy trap ${i + 1}`, choices }))));

  const waste = area("Wasteland", el("div", { class: "cards" }, (view.wasteland || []).map((w) =>
    cardButton(ctx, {
      title: w.name, sub: [`lures: ${(w.lure || []).join(", ")}`, `attack ${w.attack}`, w.leader !== null && w.leader !== undefined ? `led by P${w.leader + 1}` : "nobody leads"],
      key: w.name, verbs: ["lure"], probe: `lure ${w.name}`, choices,
    }))));

  const hand = view.hand ? area("Your hand", el("div", { class: "cards" }, view.hand.map((name) =>
    cardButton(ctx, { title: name, key: name, verbs: ["play", "banish"], probe: `play ${name}`, choices }))), choices) : null;

  const decks = kv([["round", `${view.round} of ${view.round_limit}`], ["turn", seatName(ctx, view.turn_player)], ["phase", view.phase],
    ["purchase points", view.purchase_points], ["attack bonus", view.attack_bonus], ["Trap deck", view.trap_deck],
    ["Survivor deck", view.survivor_deck], ["Action deck", view.action_deck], ["Scavengers", view.scavengers],
    ["banished", (view.banished || []).length]]);

  container.replaceChildren(el("div", {},
    decks,
    pendingBox(view.pending ? `${seatName(ctx, view.pending.seat)}: ${view.pending.text}` : ""),
    view.over ? pendingBox(view.note || "The game is over.") : null,
    seats, hand, row, waste, bases, gameLog(view.log), raw(view)));
}
