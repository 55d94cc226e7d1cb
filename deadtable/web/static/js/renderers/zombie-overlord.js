// Zombie Overlord: life points, each base's Traps (active or not), the Purchase Row, the Wasteland
// with who leads each lure type, your hand; every card you may use now is a button.
import { api, el } from "../api.js";
import { language, t } from "../i18n.js";
import { area, cardButton, gameLog, kv, pendingBox, raw, seatName } from "./common.js";

// Card titles and ability texts, by the ids the view uses ("food-08", "paintballer", "supply"), from
// GET /api/tables/{id}/cards in the page's language; fetched once per table and language. Until they
// arrive (or if they cannot), the ids are shown as they are.
const cardTexts = new Map();
let lastDraw = null;

function tableId() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
}

function texts() {
  const key = `${tableId()}|${language()}`;
  if (!cardTexts.has(key)) {
    cardTexts.set(key, null);
    api(`/api/tables/${encodeURIComponent(tableId())}/cards`)
      .then((data) => {
        cardTexts.set(key, data || {});
        if (lastDraw && `${tableId()}|${language()}` === key) render(...lastDraw);
      })
      .catch(() => cardTexts.set(key, {}));
  }
  return cardTexts.get(key) || {};
}

function cardTitle(id) {
  const c = texts()[id];
  return (c && c.title) || id;
}

function cardInfo(id) {
  const c = texts()[id];
  return (c && c.text) || "";
}

// The view's codes in words, the same words as the terminal's (deadtable/games/zombie_overlord/text.py):
// lure types as printed on the cards (Ammo, Fuel, Food, Medicine: kept in English by the rulebooks,
// as the catalogues keep them), the phase word as in "phase: purchase". Unknown codes show as sent.
function lureWord(type) {
  switch (type) {
    case "ammo": return t("Ammo");
    case "fuel": return t("Fuel");
    case "food": return t("Food");
    case "medicine": return t("Medicine");
    default: return String(type);
  }
}

function phaseWord(phase) {
  switch (phase) {
    case "choose": return t("choosing");
    case "purchase": return t("purchase");
    case "action": return t("action");
    case "attack": return t("attack");
    default: return phase;
  }
}

function trapCard(tr) {
  const trap = tr;
  const state = trap.active ? t("active") : t("inactive");
  const bits = [`${lureWord(trap.type)} · ${state}`, t("defense {value}", { value: Array.isArray(trap.defense) ? trap.defense.join("/") : trap.defense })];
  if (trap.damage) bits.push(t("damage {value}", { value: trap.damage }));
  if (trap.lock === "malfunction") bits.push(t("(Malfunction: repair by discarding a random card)"));
  else if (trap.lock) bits.push(t("(Power Down by {seat})", { seat: String(trap.lock).toUpperCase() }));
  if (trap.barricade) bits.push(t("barricade"));
  if (trap.used) bits.push(t("used this turn"));
  if (trap.attached && trap.attached.length) bits.push(t("attached: {cards}", { cards: trap.attached.map(cardTitle).join(", ") }));
  return el("div", { class: `card lure-${trap.type}${trap.active ? "" : " dim"}` }, el("span", { class: "title", title: cardInfo(trap.trap) || null }, cardTitle(trap.trap)), bits.map((b) => el("span", { class: "sub" }, b)), cardInfo(trap.trap) ? el("span", { class: "sub card-text" }, cardInfo(trap.trap)) : null);
}

export function render(container, view, ctx) {
  lastDraw = [container, view, ctx];
  const choices = el("div", { class: "choices" });
  const types = view.lure_types || [];
  const leader = (typeIdx) => {
    const pts = (view.lure_points || []).map((row) => row[typeIdx] || 0);
    const best = Math.max(0, ...pts);
    const who = pts.map((p, s) => (p === best && best > 0 ? s : -1)).filter((s) => s >= 0);
    return who.length === 1 ? who[0] : null;
  };

  const seats = el("table", { class: "seatsinfo" },
    el("tr", {}, el("th", {}, t("Zombie Lord")), el("th", {}, t("life")), el("th", {}, t("hand")), el("th", {}, t("deck")), el("th", {}, t("discard")),
      types.map((type, i) => el("th", { class: `lure-${type}` }, lureWord(type), leader(i) !== null ? ` (${t("{who} leads", { who: `P${leader(i) + 1}` })})` : ""))),
    Array.from({ length: view.players }, (_, s) => el("tr", { class: s === view.seat ? "me" : "" },
      el("td", {}, seatName(ctx, s), view.current_player === s ? " ◀" : "", view.alive && !view.alive[s] ? " ✝" : ""),
      el("td", {}, String(view.life ? view.life[s] : "")),
      el("td", {}, String(view.hands && view.hands[s] ? view.hands[s].count : "")),
      el("td", {}, String(view.deck_sizes ? view.deck_sizes[s] : "")),
      el("td", { title: (view.discards && view.discards[s] || []).map(cardTitle).join(", ") }, String(view.discards ? view.discards[s].length : "")),
      types.map((_, i) => el("td", {}, String(view.lure_points && view.lure_points[s] ? view.lure_points[s][i] : 0))))));

  const bases = area(t("Bases"), el("div", {}, Array.from({ length: view.players }, (_, s) =>
    el("div", { class: "area" }, el("strong", { class: `p${s % 4}` }, seatName(ctx, s)), " ",
      el("div", { class: "cards" }, (view.bases[s] || []).length ? view.bases[s].map(trapCard) : el("span", { class: "dim" }, t("no Traps")))))));

  const row = area(t("Purchase Row"), el("div", { class: "cards" }, (view.purchase_row || []).map((name, i) =>
    cardButton(ctx, { title: cardTitle(name), sub: [t("slot {n}", { n: i + 1 }), cardInfo(name)], cls: `lure-${String(name).split("-")[0]}`, key: `trap ${i + 1}`, probe: `buy trap ${i + 1}`, choices }))));

  const waste = area(t("Wasteland"), el("div", { class: "cards" }, (view.wasteland || []).map((w) =>
    cardButton(ctx, {
      title: cardTitle(w.name), sub: [t("lures: {types}", { types: (w.lure || []).map(lureWord).join(", ") }), t("attack {value}", { value: w.attack }), w.leader !== null && w.leader !== undefined ? t("led by {who}", { who: `P${w.leader + 1}` }) : t("nobody leads"), cardInfo(w.name)],
      key: w.name, verbs: ["lure"], probe: `lure ${w.name}`, choices,
    }))));

  const hand = view.hand ? area(t("Your hand"), el("div", { class: "cards" }, view.hand.map((name) =>
    cardButton(ctx, { title: cardTitle(name), sub: [cardInfo(name)], key: name, verbs: ["play", "banish"], probe: `play ${name}`, choices }))), choices) : null;

  const decks = kv([[t("round"), t("{n} of {total}", { n: view.round, total: view.round_limit })], [t("turn"), seatName(ctx, view.turn_player)], [t("phase"), view.over ? null : phaseWord(view.phase)],
    [t("purchase points"), view.purchase_points], [t("attack bonus"), view.attack_bonus], [t("Trap deck"), view.trap_deck],
    [t("Survivor deck"), view.survivor_deck], [t("Action deck"), view.action_deck], [t("Scavengers"), view.scavengers],
    [t("banished"), (view.banished || []).length]]);

  container.replaceChildren(el("div", {},
    decks,
    pendingBox(view.pending ? `${seatName(ctx, view.pending.seat)}: ${view.pending.text}` : ""),
    view.over ? pendingBox(view.note || t("The game is over.")) : null,
    seats, hand, row, waste, bases, gameLog(view.log, ctx), raw(view)));
}
