// Overlords as its own pieces: every army (owner, team, top card, size, pick made or not), the hands
// (yours as cards; the others' as hands you may target), the draw pile, the Hired Hands set aside,
// the Red Knight's look through an army, and one labelled control for each choice no piece can
// express (no activation, no exchange, keep the hands, pass the tops one way or the other).
// Pieces are built from ctx.actions (kind and fields, never the texts); each piece or control
// carries data-actions (the action texts it leads to, JSON) and data-piece (a stable id). A piece
// with several actions opens a small menu of them in words. Card names and texts come in the
// reader's language (catalogue context "overlords:card"; names printed in English stay English).
import { el } from "/static/js/api.js";
import { cardText, nt, t } from "/static/js/i18n.js";
import { gameLog, longPress, unplayable } from "/static/js/renderers/common.js";
import { Identities } from "/static/js/renderers/identity.js";
export { panels } from "./panels.js"; // each player's panel (the table's js/panels.js)

export const piecesOnly = true;
export const ownNote = true; // ending() is the score sheet, the winners and why it ended (index.js)

const ct = (text) => cardText("overlords", text);
const slug = (name) => String(name).toLowerCase().replace(/\s+/g, " ").trim();

// Card texts (title -> printed text) seen so far at this table: the view sends those of the cards
// in your hand and aside; GET /api/tables/{id}/cards sends every card's when the game offers them.
const texts = new Map();
let textsAsked = false;

function learnTexts(view) {
  for (const [name, text] of Object.entries(view.card_texts || {})) texts.set(slug(name), text);
  if (textsAsked || typeof location === "undefined" || !/^\/t(ables)?\//.test(location.pathname)) return;
  textsAsked = true;
  const id = location.pathname.split("/").filter(Boolean).pop();
  fetch(`/api/tables/${id}/cards`).then((r) => (r.ok ? r.json() : {})).then((data) => {
    let learnt = false;
    for (const entry of Object.values(data || {})) {
      if (entry && entry.title && entry.text && !texts.has(slug(entry.title))) { texts.set(slug(entry.title), entry.text); learnt = true; }
    }
    // The board was drawn before they came: drawn again, so every card shows its text.
    if (learnt && lastDraw) render(...lastDraw);
    document.body.dataset.cardTexts = "loaded";
  }).catch(() => { document.body.dataset.cardTexts = "failed"; });
}

let lastDraw = null; // [container, view, ctx] of the last render: drawn again when the card texts arrive

// Seats in actions are "p1".."p4" and "dummy"; in the view, army indexes (the dummy's last).
function armyIndex(view, name) {
  if (name === "dummy") return view.players;
  return Number(String(name).slice(1)) - 1;
}

function who(ctx, view, z) {
  if (z >= view.players) return t("The dummy");
  const s = ctx && ctx.seats && ctx.seats[z];
  const base = `P${z + 1}${s && s.name ? ` ${s.name}` : ""}`;
  return ctx && ctx.seat === z ? `${base} ${t("(you)")}` : base;
}

function teamOf(view, z) {
  if (!view.teams) return null;
  return view.teams.findIndex((team) => team.includes(z));
}

// "Team A": the name the seats' chips give it (table.js), with its members (P1+P3).
function teamLabel(view, z) {
  const i = teamOf(view, z);
  if (i === null || i < 0) return null;
  return `${t("Team {team}", { team: String.fromCharCode(65 + i) })} (${view.teams[i].map((s) => `P${s + 1}`).join("+")})`;
}

// --- the details popover and the menu --------------------------------------------------------

let popover = null;
let popoverOf = null; // { id, name, reason }: the piece whose details are open (kept over a redraw)
let menu = null;

function closeFloating() {
  if (popover) { popover.remove(); popover = null; }
  popoverOf = null;
  if (menu) { menu.remove(); menu = null; }
}

function place(node, anchor) {
  document.body.append(node);
  const r = anchor.getBoundingClientRect();
  const w = node.offsetWidth;
  const h = node.offsetHeight;
  const left = Math.max(4, Math.min(window.innerWidth - w - 4, r.left + r.width / 2 - w / 2));
  let top = r.bottom + 6;
  if (top + h > window.innerHeight - 4) top = Math.max(4, r.top - h - 6);
  node.style.left = `${Math.round(left)}px`;
  node.style.top = `${Math.round(top)}px`;
}

function showDetails(anchor, name, reason = null) {
  closeFloating();
  const text = texts.get(slug(name));
  popover = el("div", { class: "ovl-pop", role: "tooltip" },
    el("div", { class: "ovl-pop-title" }, ct(name)),
    text ? el("div", { class: "ovl-pop-text" }, ct(text)) : null,
    reason ? el("div", { class: "ovl-pop-why" }, reason) : null);
  const button = anchor.querySelector("[data-piece]");
  popoverOf = button ? { id: button.dataset.piece, name, reason } : null;
  place(popover, anchor);
}

// A card's details open when the board is redrawn (another seat moved): shown again by the same
// piece if it is still there (its reason only while it is still unusable).
function reopenDetails(container, open) {
  if (!open) return;
  const button = [...container.querySelectorAll(".ovl-slot > [data-piece]")].find((n) => n.dataset.piece === open.id);
  if (button) showDetails(button.parentElement, open.name, button.getAttribute("aria-disabled") === "true" ? open.reason : null);
}

function openMenu(anchor, title, entries, ctx) {
  closeFloating();
  menu = el("div", { class: "ovl-menu", role: "menu" },
    el("div", { class: "ovl-menu-title" }, title),
    entries.map(([label, action]) => el("button", {
      type: "button", class: "ovl-menu-item", role: "menuitem", dataset: { actions: JSON.stringify([action.text]) },
      onclick: (e) => { e.stopPropagation(); closeFloating(); ctx.act(action.text); },
    }, label)),
    el("button", { type: "button", class: "ovl-menu-item ovl-cancel", dataset: { escape: "" }, onclick: (e) => { e.stopPropagation(); closeFloating(); } }, t("Cancel")));
  place(menu, anchor);
}

if (typeof document !== "undefined" && !window.__ovlFloating) {
  window.__ovlFloating = true;
  document.addEventListener("click", (e) => {
    if (menu && menu.contains(e.target)) return;
    if (e.target.closest && e.target.closest(".ovl-slot")) return;
    closeFloating();
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeFloating(); });
}

// --- pieces -----------------------------------------------------------------------------------

// What an action is called in a piece's menu.
function label(view, ctx, a) {
  switch (a.kind) {
    case "recruit": return t("Recruit");
    case "recruit-for-dummy": return t("Recruit for the dummy");
    case "exchange": return t("Offer to your teammate");
    case "activate": return t("Activate");
    case "put-on-top": return t("Put on top");
    case "take-from-pile": return t("Take this card");
    case "look-at-army": return t("Look through this army");
    case "steal": return t("Steal the top card");
    case "force": return t("Make {who} recruit {card}", { who: who(ctx, view, armyIndex(view, a.target)), card: ct(nameOf(view, a.card)) });
    case "swap-hands": return t("Swap the hands of {first} and {second}", { first: who(ctx, view, armyIndex(view, a.first)), second: who(ctx, view, armyIndex(view, a.second)) });
    case "pass-tops": return a.clockwise ? t("Pass the top cards clockwise") : t("Pass the top cards counter-clockwise");
    case "no-activation": return t("Activate no Hired Hand");
    case "no-exchange": return t("Keep my cards (no exchange)");
    case "no-swap": return t("Keep the hands as they are");
    default: return a.kind;
  }
}

// The printed name of a card slug (the view names cards by title; actions by lowercase slug).
const titles = new Map();
function nameOf(view, s) {
  return titles.get(slug(s)) || s;
}

function learnTitles(view) {
  const add = (n) => { if (n) titles.set(slug(n), n); };
  for (const h of view.hands || []) for (const n of [...(h.cards || []), ...(h.known || [])]) add(n);
  for (const a of view.armies || []) { add(a.top); for (const n of Object.keys(a.cards || {})) add(n); }
  for (const list of [view.aside || [], view.last_recruited || []]) for (const l of list) for (const n of l || []) add(n);
  for (const n of [...(view.known_draw_pile || []), ...(view.hired_hands_out || []), ...(view.pending || [])]) add(n);
  if (view.decision) { add(view.decision.card); for (const n of view.decision.cards || []) add(n); }
  for (const n of Object.keys(view.card_texts || {})) add(n);
}

// A button piece: acts at once with one action, opens a menu with several, unplayable with none
// (aria-disabled, js/whynot.js: a tap, hover, Enter or Space then shows the card's details and asks
// the server why, with `probe`).
function piece(ctx, view, { id, cls = "", acts = [], children, name = null, probe = null, menuTitle = "" }) {
  const usable = ctx.interactive ? acts : [];
  const node = el("button", {
    type: "button", class: `ovl-piece ${cls}${usable.length ? " playable" : ""}`,
    dataset: { piece: id, actions: JSON.stringify(usable.map((a) => a.text)) },
  }, children);
  if (usable.length) {
    node.title = usable.map((a) => label(view, ctx, a)).join(" · ");
    node.dataset.doing = node.title; // its name: what it is, then what it does (css/access.css)
    node.addEventListener("click", (e) => {
      e.stopPropagation();
      if (usable.length === 1) { closeFloating(); ctx.act(usable[0].text); } else openMenu(node, menuTitle, usable.map((a) => [label(view, ctx, a), a]), ctx);
    });
  }
  if (!name && usable.length) return node;
  // The slot around the button takes hover and taps (an unplayable button lets them through).
  const slot = el("div", { class: "ovl-slot" }, node);
  let reason = null;
  let asked = null;
  const details = () => {
    if (name) showDetails(slot, name, reason);
    if (!usable.length && probe && !asked && ctx.why && ctx.seat !== null && ctx.seat !== undefined) {
      asked = ctx.why(probe).then((r) => {
        if (!r) return null;
        reason = r;
        node.title = r;
        if (!name || !popover) return r;
        if (slot.isConnected) showDetails(slot, name, r);
        else if (popoverOf && popoverOf.id === id) reopenDetails(document, { id, name, reason: r }); // redrawn meanwhile
        return r;
      });
    }
    return asked || Promise.resolve(reason);
  };
  if (!usable.length) unplayable(node, details);
  else longPress(node, details); // a phone, which has no hover: the card large, no move
  slot.addEventListener("mouseenter", details);
  slot.addEventListener("mouseleave", () => { if (popover) { popover.remove(); popover = null; popoverOf = null; } });
  if (!usable.length) slot.addEventListener("click", details);
  return slot;
}

function face(name, { small = false, extra = null } = {}) {
  const text = texts.get(slug(name));
  return [
    el("span", { class: "ovl-title" }, ct(name)),
    !small && text ? el("span", { class: "ovl-text" }, ct(text)) : null,
    extra,
  ];
}

function cardKindClass(name) {
  return `ovl-c-${slug(name).replace(/[^a-z0-9]+/g, "-")}`;
}

// A labelled control for a choice no piece expresses.
function control(ctx, view, a, id) {
  return el("button", {
    type: "button", class: `ovl-control${a.kind.startsWith("no-") ? " ovl-decline" : ""}`,
    dataset: { control: id, actions: JSON.stringify([a.text]) },
    onclick: () => { closeFloating(); ctx.act(a.text); },
  }, label(view, ctx, a));
}

// --- the board ----------------------------------------------------------------------------------

function phaseWord(phase) {
  switch (phase) {
    case "exchange": return t("teammates exchanging cards");
    case "activate": return t("activating Hired Hands");
    case "ability": return t("a Hired Hand at work");
    case "recruit": return t("recruiting");
    case "over": return t("the game is over");
    default: return phase;
  }
}

// What the seat is asked to do now, in words.
function prompt(view, ctx, kinds) {
  if (view.over) return t("The game is over.");
  if (!ctx.interactive) {
    const d = view.decision;
    if (d) return t("{who} decides: {decision}", { who: who(ctx, view, d.seat), decision: d.card ? `${phaseWord(d.kind)} (${ct(d.card)})` : phaseWord(d.kind) });
    return t("Waiting for the others ({phase}).", { phase: phaseWord(view.phase) });
  }
  if (kinds.has("recruit-for-dummy") && !kinds.has("recruit")) return t("Choose the card the dummy recruits.");
  if (kinds.has("recruit-for-dummy")) return t("Choose a card to recruit, and one for the dummy.");
  if (kinds.has("recruit")) return t("Choose a card from your hand to recruit.");
  if (kinds.has("exchange")) return t("Choose a card to offer your teammate, or keep your cards.");
  if (kinds.has("activate")) return t("Activate one of your Hired Hands, or none.");
  if (kinds.has("look-at-army")) return t("Red Knight: choose an army to look through.");
  if (kinds.has("put-on-top")) return t("Red Knight: choose the card to put on top of the army.");
  if (kinds.has("take-from-pile")) return t("Blue Knight: take a card from the draw pile.");
  if (kinds.has("steal")) return t("Thief: choose the army whose top card you take.");
  if (kinds.has("pass-tops")) return t("Sorcerer: pass every army's top card.");
  if (kinds.has("force")) return t("Medusa: choose the card an opponent must recruit.");
  if (kinds.has("swap-hands")) return t("Lich King: choose two hands to swap, or keep them.");
  return "";
}

function armyTile(view, ctx, a, z, acts, ids) {
  const mine = z === ctx.seat;
  const over = view.over;
  const committed = !over && view.committed && z < view.committed.length && (view.phase === "recruit" || view.phase === "exchange")
    ? el("span", { class: `ovl-status${view.committed[z] ? " done" : ""}` }, view.committed[z] ? t("has picked") : t("picking…")) : null;
  const aside = view.aside && view.aside[z] && view.aside[z].length && z !== ctx.seat
    ? el("span", { class: "ovl-sub" }, t("aside: {cards}", { cards: view.aside[z].map(ct).join(", ") })) : null;
  const last = view.last_recruited && view.last_recruited[z] && view.last_recruited[z].length
    ? el("span", { class: "ovl-sub" }, t("last recruited: {cards}", { cards: view.last_recruited[z].map(ct).join(", ") })) : null;
  const team = teamLabel(view, z);
  const contents = a.cards && (mine || over)
    ? el("span", { class: "ovl-contents" }, Object.entries(a.cards).map(([k, n]) => el("span", { class: `ovl-chip ${cardKindClass(k)}` }, `${ct(k)} ×${n}`))) : null;
  const head = el("span", { class: "ovl-army-head" },
    el("span", { class: "ovl-owner" }, who(ctx, view, z)),
    team ? el("span", { class: `ovl-team ovl-team-${teamOf(view, z)}` }, team) : null,
    z === view.overlord ? el("span", { class: "ovl-overlord" }, t("Overlord")) : null,
    view.dummy && z === view.players && view.dummy_controller !== null && view.dummy_controller !== undefined
      ? el("span", { class: "ovl-sub" }, t("played by {who}", { who: who(ctx, view, view.dummy_controller) })) : null);
  const top = el("span", { class: `ovl-top ${a.top ? cardKindClass(a.top) : "empty"}`, dataset: { piece: a.top ? ids.get(`army:${z}`) : undefined } },
    el("span", { class: "ovl-label" }, t("top card")), el("span", { class: "ovl-title" }, a.top ? ct(a.top) : "—"));
  return piece(ctx, view, {
    id: `army-${z}`, cls: `ovl-army p${z % 4}${mine ? " mine" : ""}`, acts, name: a.top || null,
    menuTitle: who(ctx, view, z),
    children: [head, top, el("span", { class: "ovl-sub" }, nt("{n} card", "{n} cards", a.size)), committed, last, aside, contents],
  });
}

// Your hand: one piece per card (copies told apart by their place among equal cards).
// The copies already picked this turn (view.pending) carry a mark and no action.
function handCards(view, ctx, cards, bySlug, prefix, kinds, ids) {
  const seen = {};
  const picked = {};
  for (const n of view.pending || []) picked[slug(n)] = (picked[slug(n)] || 0) + 1;
  const probeOf = (s) => {
    if (view.phase === "exchange") return `exchange ${s}`;
    if (kinds.has("recruit-for-dummy") && !kinds.has("recruit")) return `recruit ${s} for dummy`;
    return view.phase === "recruit" ? `recruit ${s}` : null;
  };
  return cards.map((name) => {
    const s = slug(name);
    seen[s] = (seen[s] || 0) + 1;
    const isPicked = seen[s] <= (picked[s] || 0);
    const acts = isPicked ? [] : bySlug.get(s) || [];
    return piece(ctx, view, {
      id: ids.get(`${prefix}:${s}:${seen[s]}`), cls: `ovl-card ${cardKindClass(name)}${isPicked ? " picked" : ""}`, acts, name,
      probe: isPicked ? null : probeOf(s), menuTitle: ct(name),
      children: face(name, { extra: isPicked ? el("span", { class: "ovl-badge" }, t("your pick")) : null }),
    });
  });
}

// Each card's data-piece, followed from state to state (identity.js): the card you picked keeps
// its id from your hand to the top of your army, so the table glides it there.
const identities = new Identities("card:");

function cardIds(view, ctx) {
  const places = [];
  const copies = (prefix, names) => {
    const seen = {};
    for (const name of names) { const s = slug(name); seen[s] = (seen[s] || 0) + 1; places.push([`${prefix}:${s}:${seen[s]}`, s]); }
  };
  (view.hands || []).forEach((h, z) => { if (h.cards) copies(`hand:${z}`, h.cards); });
  (view.aside || []).forEach((names, z) => copies(`aside:${z}`, names || []));
  (view.armies || []).forEach((a, z) => { if (a.top) places.push([`army:${z}`, slug(a.top)]); });
  // A pick is the first copy of its card in your hand (handCards); revealed, it tops your army.
  const moved = [];
  const me = ctx ? ctx.seat : null;
  for (const z of [me, view.players]) {
    const a = z === null || z === undefined ? null : (view.armies || [])[z];
    if (a && a.top && me !== null && me !== undefined) moved.push([`hand:${me}:${slug(a.top)}:1`, `army:${z}`]);
  }
  return identities.assign(places, moved);
}

function group(map, key, a) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(a);
}

export function render(container, view, ctx) {
  lastDraw = [container, view, ctx];
  const open = popover ? popoverOf : null;
  closeFloating();
  learnTexts(view);
  learnTitles(view);
  const ids = cardIds(view, ctx);
  const actions = ctx.interactive ? ctx.actions || [] : [];
  const kinds = new Set(actions.map((a) => a.kind));
  const used = new Set();
  const take = (a) => { used.add(a.text); return a; };

  // Actions by the piece that carries them.
  const handActs = new Map(); // card slug -> recruit / recruit-for-dummy / exchange
  const asideActs = new Map(); // card slug -> activate
  const armyActs = new Map(); // army index -> look-at-army / steal / swap-hands
  const forceActs = new Map(); // army index -> force
  const pileActs = new Map(); // card slug -> take-from-pile
  const topActs = new Map(); // card slug -> put-on-top
  const controls = [];
  for (const a of actions) {
    if (["recruit", "recruit-for-dummy", "exchange"].includes(a.kind)) group(handActs, slug(a.card), a);
    else if (a.kind === "activate") group(asideActs, slug(a.card), a);
    else if (a.kind === "look-at-army" || a.kind === "steal") group(armyActs, armyIndex(view, a.target), a);
    else if (a.kind === "swap-hands") continue; // on the hands
    else if (a.kind === "force") group(forceActs, armyIndex(view, a.target), a);
    else if (a.kind === "take-from-pile") group(pileActs, slug(a.card), a);
    else if (a.kind === "put-on-top") group(topActs, slug(a.card), a);
    else controls.push(a);
  }

  const top = el("div", { class: "ovl-top-line" },
    el("span", {}, t("round"), " ", el("b", {}, t("{n} of {total}", { n: view.round, total: view.rounds }))),
    el("span", {}, t("turn"), " ", el("b", {}, String(view.turn))),
    el("span", {}, t("phase"), " ", el("b", {}, phaseWord(view.phase))),
    el("span", {}, t("Overlord"), " ", el("b", {}, who(ctx, view, view.overlord))));

  const say = prompt(view, ctx, kinds);
  // XIII: the seat that plays the dummy this turn took the top card of the dummy's hand into its
  // own, so it holds one card more than the rules' hand size; said beside the prompt while it picks.
  const playsDummy = ctx.interactive && view.dummy && view.dummy_controller === ctx.seat && (kinds.has("recruit") || kinds.has("recruit-for-dummy"));
  const dummyNote = playsDummy ? el("span", { class: "ovl-dummy-note" }, t("You play the dummy this turn: the top card of its hand joined yours, which is why you hold one card more; recruit one card for your army and one for the dummy.")) : null;
  const promptBox = say ? el("div", { class: `ovl-prompt${ctx.interactive ? " yours" : ""}` }, say, dummyNote) : null;

  // The Red Knight's look through an army: its cards, bottom to top, to choose the new top from.
  let redKnight = null;
  const d = view.decision;
  if (d && d.cards && d.cards.length) {
    const z = d.army === "Dummy" ? view.players : Number(String(d.army).slice(1)) - 1;
    const seen = {};
    redKnight = el("div", { class: "ovl-area ovl-look" },
      el("h3", {}, t("Red Knight: {army}'s army, bottom to top", { army: who(ctx, view, z) })),
      el("div", { class: "ovl-cards" }, d.cards.map((name, i) => {
        const s = slug(name);
        seen[s] = (seen[s] || 0) + 1;
        const acts = (topActs.get(s) || []).map(take);
        return piece(ctx, view, { id: `look-${z}-${i}`, cls: `ovl-card small ${cardKindClass(name)}`, acts, name, menuTitle: ct(name), children: face(name, { small: true }) });
      })));
  }

  // The Blue Knight: the draw pile's cards to take from (each kind once).
  let pile = null;
  if (pileActs.size) {
    pile = el("div", { class: "ovl-area ovl-pile-open" },
      el("h3", {}, t("The draw pile")),
      el("div", { class: "ovl-cards" }, [...pileActs.entries()].map(([s, acts]) => {
        const name = nameOf(view, s);
        return piece(ctx, view, { id: `pile-${s}`, cls: `ovl-card ${cardKindClass(name)}`, acts: acts.map(take), name, menuTitle: ct(name), children: face(name) });
      })));
  }

  const armies = el("div", { class: "ovl-area", dataset: { zone: "armies" } }, el("h3", {}, t("Armies")),
    el("div", { class: "ovl-armies" }, (view.armies || []).map((a, z) => armyTile(view, ctx, a, z, (armyActs.get(z) || []).map(take), ids))));

  // The hands: yours as cards, the others' as hands (targets of the Lich King and Medusa).
  const hands = (view.hands || []).map((h, z) => {
    const swaps = actions.filter((a) => a.kind === "swap-hands" && (armyIndex(view, a.first) === z || armyIndex(view, a.second) === z)).map(take);
    const forces = (forceActs.get(z) || []).map(take);
    if (h.cards) {
      const cards = handCards(view, ctx, h.cards, new Map([...handActs.entries()].map(([k, v]) => [k, v.map(take)])), `hand:${z}`, kinds, ids);
      const aside = (view.aside && view.aside[z]) || [];
      const seen = {};
      const asideCards = aside.map((name) => {
        const s = slug(name);
        seen[s] = (seen[s] || 0) + 1;
        return piece(ctx, view, { id: ids.get(`aside:${z}:${s}:${seen[s]}`), cls: `ovl-card hired ${cardKindClass(name)}`, acts: (asideActs.get(s) || []).map(take), name, probe: `activate ${s}`, menuTitle: ct(name), children: face(name) });
      });
      if (view.over && !h.cards.length) return null;
      // The hand is passed on every turn: a new hand is not marked as the others' last move.
      return el("div", { class: "ovl-area ovl-mine", dataset: { zone: `hand:${z}`, marks: "off" } },
        el("div", { class: "ovl-hand-head" },
          el("h3", {}, t("Your hand ({n})", { n: h.size })),
          swaps.length ? piece(ctx, view, { id: `hand-${z}`, cls: "ovl-hand-target", acts: swaps, menuTitle: t("Your hand ({n})", { n: h.size }), children: t("Swap this hand") }) : null),
        el("div", { class: "ovl-cards" }, cards),
        asideCards.length ? el("h3", {}, t("Your Hired Hands set aside")) : null,
        asideCards.length ? el("div", { class: "ovl-cards" }, asideCards) : null);
    }
    if (view.over) return null;
    const known = h.known || [];
    const forceCards = forces.map((a) => {
      const name = nameOf(view, a.card);
      return piece(ctx, view, { id: `force-${z}-${slug(a.card)}`, cls: `ovl-card small ${cardKindClass(name)}`, acts: [a], name, menuTitle: ct(name), children: face(name, { small: true }) });
    });
    return el("div", { class: "ovl-other", dataset: { zone: `hand:${z}` } },
      piece(ctx, view, {
        id: `hand-${z}`, cls: `ovl-hand p${z % 4}`, acts: swaps, menuTitle: who(ctx, view, z),
        children: [
          el("span", { class: "ovl-owner" }, who(ctx, view, z)),
          el("span", { class: "ovl-sub" }, nt("{n} card in hand", "{n} cards in hand", h.size)),
          known.length ? el("span", { class: "ovl-sub" }, t("known to you: {cards}", { cards: known.map(ct).join(", ") })) : null,
        ],
      }),
      forceCards.length ? el("div", { class: "ovl-cards" }, forceCards) : null);
  });

  // Picks made this turn, still hidden from the others.
  const picks = [];
  if (view.pending && view.pending.length) picks.push(t("Your pick, hidden until everyone has picked: {cards}", { cards: view.pending.map(ct).join(", ") }));
  if (view.pending_dummy) picks.push(t("The dummy's pick, hidden until everyone has picked: {card}", { card: ct(view.pending_dummy) }));

  // Controls for what no piece says; then any action no piece took (none expected), as controls too.
  const rest = actions.filter((a) => !used.has(a.text) && !controls.includes(a));
  const ctl = [...controls, ...rest];
  const controlBox = ctl.length ? el("div", { class: "ovl-controls" }, ctl.map((a, i) => control(ctx, view, a, `control-${a.kind}-${i}`))) : null;

  const info = el("div", { class: "ovl-info dim" },
    el("span", {}, t("draw pile"), " ", el("b", {}, String(view.draw_pile))),
    view.hired_hands_out && view.hired_hands_out.length ? el("span", {}, t("Hired Hands out"), " ", el("b", {}, view.hired_hands_out.map(ct).join(", "))) : null);

  container.replaceChildren(el("div", { class: "ovl-board" },
    top, promptBox, picks.map((p) => el("div", { class: "ovl-pick" }, p)), controlBox, redKnight, pile,
    hands.filter((h, z) => view.hands[z].cards), armies, el("div", { class: "ovl-others" }, hands.filter((h, z) => h && !view.hands[z].cards)),
    info, gameLog(view.log, ctx)));
  reopenDetails(container, open);
}

// --- the ending -----------------------------------------------------------------------------------

// The score sheet per Monster type (rows) by army (columns, the dummy's last), the winners, and
// why the game ended.
export function ending(view, outcome, ctx) {
  const sheet = view.score_sheet;
  const winners = (view.winners || (outcome && outcome.winners) || []);
  const nameOfCol = (i) => who(ctx, view, i);
  const box = el("div", { class: "ovl-ending" });
  if (sheet) {
    const rows = sheet.rows || [];
    box.append(el("table", { class: "ovl-sheet" },
      el("thead", {}, el("tr", {}, el("th", {}, t("Score sheet")), sheet.columns.map((c, i) => el("th", { class: `${winners.includes(i) ? "win " : ""}p${i % 4}`, title: nameOfCol(i) }, i >= view.players ? t("Dummy") : `P${i + 1}`, view.teams && teamOf(view, i) >= 0 ? el("span", { class: "ovl-team-small" }, view.teams[teamOf(view, i)].map((x) => `P${x + 1}`).join("+")) : null)))),
      el("tbody", {}, rows.map((r, ri) => el("tr", { class: ri === rows.length - 1 ? "total" : "" },
        el("th", {}, ri === rows.length - 1 ? t("Total") : ct(r[0])),
        r.slice(1).map((v, i) => el("td", { class: winners.includes(i) && ri === rows.length - 1 ? "win" : "" }, String(v))))))));
    if (view.teams) {
      const total = rows[rows.length - 1].slice(1);
      box.append(el("p", {}, view.teams.map((team) => t("{team}: {points}", { team: teamLabel(view, team[0]), points: team.reduce((sum, s) => sum + (total[s] || 0), 0) })).join(" · ")));
    }
  }
  const names = winners.map((s) => who(ctx, view, s)).join(", ");
  box.append(el("p", { class: "ovl-winners" }, winners.length > 1 ? t("Winners: {who}", { who: names }) : t("Winner: {who}", { who: names })));
  box.append(el("p", { class: "dim" }, nt("The game ended after the last round ({n} round).", "The game ended after the last round ({n} rounds).", view.rounds)));
  if (view.dummy) box.append(el("p", { class: "dim" }, t("The dummy's army counts for Minotaur places but cannot win.")));
  return box;
}
