// Zombie Overlord: every Zombie Lord's life and base of Traps, the Purchase Row, the Action deck and
// the Scavengers, the Wasteland, your hand and Discard Pile: each a piece (a <button>) built from the
// seat's legal actions in structured form (ctx.actions: kind and fields, never their text), and the
// choices no piece can express (phases, end turn, skip) as labelled controls.
//
// A piece with one action acts when clicked; with several it opens a small labelled menu. A piece whose
// action lies in another phase leads there: clicking a Purchase Row card in the hub enters the Purchase
// Phase, plays Supply until the Trap is affordable and buys it (one click, several actions, each only
// when it is the one thing the click can mean). Attacking: click a Minion (or Survivor, or Scavenger)
// in your hand, then an opponent's life or one of their Traps; or click the target and pick the attacker.
// Every piece and control carries data-actions: the legal action texts it can lead to now.
import { api, el } from "/static/js/api.js";
import { language, t } from "/static/js/i18n.js";
import { Identities } from "/static/js/renderers/identity.js";
import { longPress, unplayable } from "/static/js/renderers/common.js";
export { panels } from "./panels.js"; // each player's panel (the table's js/panels.js)
import { phaseWord } from "./panels.js";

export const piecesOnly = true;

// ---- card texts: GET /api/tables/{id}/cards (titles, texts and the printed faces' numbers) --------
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
        document.body.dataset.cardTexts = "loaded"; // the board shows every card's title now
      })
      .catch(() => { cardTexts.set(key, {}); document.body.dataset.cardTexts = "failed"; });
  }
  return cardTexts.get(key) || {};
}

function info(id) {
  return texts()[id] || {};
}

// A card's title as printed; never its id (until the texts arrive, a neutral word for its category).
function title(id) {
  const c = info(id);
  if (c.title) return c.title;
  return t("card");
}

function lureWord(type) {
  switch (type) {
    case "ammo": return t("Ammo");
    case "fuel": return t("Fuel");
    case "food": return t("Food");
    case "medicine": return t("Medicine");
    default: return String(type);
  }
}


function keywordWord(k) {
  switch (k) {
    case "once_per_turn": return t("Once Per Turn");
    case "combo": return t("Combo");
    case "when_placed": return t("When Placed");
    default: return null;
  }
}

function who(ctx, seat) {
  const s = ctx && ctx.seats && ctx.seats[seat];
  return `P${seat + 1}${s && s.name ? ` ${s.name}` : ""}`;
}

// ---- the labels of actions (in words, for menus and controls) --------------------------------------
const END_OF = { purchase: "end purchasing", action: "end actions", attack: "end attack" };

function stepLabel(word) {
  switch (word) {
    case "purchase": return t("Purchase Phase");
    case "action": return t("Action Phase");
    case "attack": return t("Attack Phase");
    case "end turn": return t("End turn");
    case "end purchasing": return t("Done purchasing");
    case "end actions": return t("Done with actions");
    case "end attack": return t("Done attacking");
    case "skip": return t("Skip");
    default: return t("Continue");
  }
}

function label(a, view, ctx) {
  switch (a.kind) {
    case "step": return stepLabel(a.word);
    case "play":
      if (a.card === "supply" || a.card === "scavenger") return t("Play for purchase points");
      return t("Play {card}", { card: title(a.card) });
    case "buy":
      if (a.what === "trap") return t("Buy {card}", { card: title((view.purchase_row || [])[a.slot - 1]) });
      if (a.what === "action") return t("Buy the top Action card");
      return t("Buy a Scavenger");
    case "place":
      if (!a.over) return t("Place in your base");
      return t("Place over slot {n} ({card})", { n: a.over, card: title(trapAt(view, view.seat, a.over)) });
    case "use": return a.keyword === "combo" ? t("Use its Combo") : t("Use its Once Per Turn ability");
    case "repair": return t("Repair (discard a random card)");
    case "attack":
      if (a.card === "scavenger") return t("Banish a Scavenger to attack");
      return t("Attack with {card}", { card: title(a.card) });
    case "pick":
      switch (a.verb) {
        case "choose": return t("Choose {who}", { who: who(ctx, a.seat) });
        case "discard": return t("Discard {card}", { card: title(a.card) });
        case "destroy": return t("Destroy this Trap");
        case "deactivate": return t("Deactivate this Trap");
        case "reinforce": return t("Reinforce this Trap");
        case "banish": return a.zone === "discard" ? t("Banish {card} from your Discard Pile", { card: title(a.card) }) : t("Banish {card} from your hand", { card: title(a.card) });
        case "lure": return t("Lure {card}", { card: title(a.card) });
        case "take": return t("Take {card} into your hand", { card: title(a.card) });
        default: return t("Choose");
      }
    default: return t("Choose");
  }
}

function trapAt(view, seat, slot) {
  const base = (view.bases || [])[seat] || [];
  const sl = base[slot - 1];
  return sl ? sl.trap : null;
}

// ---- module state: an attacker chosen, a click that leads through several actions ----------------
let selected = null; // the attacker chosen in the Attack Phase (a card id, or "scavenger")
let intent = null; // { phase, want(a), pay, select, hops, label }
let actedOn = null; // the legal list we last acted on by ourselves (never twice on one state)
let seenIndex = null; // the newest move index drawn (ctx.index)
let cameBackTo = null; // the index a seat went back to by taking moves back: nothing is played from it by itself
let eliminations = new Map(); // table id -> { seat: round seen eliminated }
export const ownNote = true; // ending() says why the game ended: the banner leaves the note out (index.js)

let endingShown = false; // the page shows ending() itself: no copy on the board
const identities = new Identities("card:"); // each card's data-piece, kept as it moves (identity.js)

// ---- the details popover: a larger view on hover, long press, or tap of an unplayable piece ----------
let detailsBox = null;

function details() {
  if (!detailsBox || !document.body.contains(detailsBox)) {
    detailsBox = el("div", { class: "zo-details hidden", role: "dialog" });
    document.body.append(detailsBox);
  }
  return detailsBox;
}

// `peek`: shown while the mouse rests on a piece (no close button, lets clicks through).
function showDetails(face, reason, peek = false) {
  const box = details();
  box.replaceChildren(...[
    el("div", { class: "zo-details-face" }, ...face().flat(Infinity)),
    reason ? el("p", { class: "zo-why" }, reason) : null,
    peek ? null : el("button", { class: "zo-control", dataset: { escape: "" }, onclick: hideDetails }, t("Close")),
  ].filter(Boolean));
  box.classList.toggle("zo-peek", peek);
  box.classList.remove("hidden");
}

let peekTimer = null;

function peekOn(node, face, reason) {
  if (!window.matchMedia || !window.matchMedia("(hover: hover)").matches) return;
  node.addEventListener("mouseenter", () => {
    clearTimeout(peekTimer);
    peekTimer = setTimeout(() => { if (!detailsBox || detailsBox.classList.contains("hidden") || detailsBox.classList.contains("zo-peek")) showDetails(face, reason(), true); }, 450);
  });
  node.addEventListener("mouseleave", () => {
    clearTimeout(peekTimer);
    if (detailsBox && detailsBox.classList.contains("zo-peek")) hideDetails();
  });
}

function hideDetails() {
  if (detailsBox) detailsBox.classList.add("hidden");
}

// ---- the menu: a piece with several actions -------------------------------------------------------
let menuBox = null;

function closeMenu() {
  if (menuBox) menuBox.remove();
  menuBox = null;
}

function openMenu(heading, acts, view, ctx) {
  closeMenu();
  hideDetails();
  menuBox = el("div", { class: "zo-menu", role: "menu" },
    el("div", { class: "zo-menu-title" }, heading),
    acts.map((a) => el("button", { class: "zo-control", role: "menuitem", dataset: { action: a.text }, onclick: () => { closeMenu(); go(a, ctx); } }, label(a, view, ctx))),
    el("button", { class: "zo-control zo-cancel", dataset: { escape: "" }, onclick: closeMenu }, t("Cancel")));
  document.body.append(menuBox);
}

function go(a, ctx) {
  selected = null;
  intent = null;
  hideDetails();
  ctx.act(a.text);
}

// ---- faces --------------------------------------------------------------------------------------
function defenseBadges(red, white) {
  return el("span", { class: "zo-defense", title: t("Defense: {red} deactivates it (red), {white} destroys it (white)", { red, white }) },
    el("span", { class: "zo-red" }, String(red)), el("span", { class: "zo-white" }, String(white)));
}

// What the printed card carries, as spans (the .title and .sub lines of a card button).
// `known`: what the view itself says of the card (used until, or if, the card texts do not arrive).
function faceOf(id, extra = [], known = {}) {
  const c = { ...known, ...info(id) };
  const lines = [];
  const top = [];
  if (c.category === "trap") {
    top.push(el("span", { class: "zo-cost", title: t("cost {n}", { n: c.cost }) }, String(c.cost)));
    if (c.defense) top.push(defenseBadges(c.defense.red, c.defense.white));
    lines.push(el("span", { class: `sub zo-lure lure-${(c.lure || [])[0]}` }, t("{type} · lure points: {n}", { type: lureWord((c.lure || [])[0]), n: c.lure_points || 1 })));
    const kws = (c.abilities || []).map(keywordWord).filter(Boolean);
    if (kws.length) lines.push(el("span", { class: "sub zo-kw" }, kws.join(" · ")));
  } else if (c.category === "survivor" || c.category === "minion") {
    top.push(el("span", { class: "zo-attack", title: t("attack {value}", { value: c.attack }) }, `⚔ ${c.attack}`));
    if (c.lure && c.lure.length) lines.push(el("span", { class: "sub" }, t("lures: {types}", { types: c.lure.map(lureWord).join(", ") })));
  } else if (c.category === "scavenger") {
    top.push(el("span", { class: "zo-cost", title: t("cost {n}", { n: c.cost }) }, String(c.cost)));
    lines.push(el("span", { class: "sub" }, t("Purchase points: {n}", { n: c.points })));
    lines.push(el("span", { class: "sub" }, t("Banish: {n} attack", { n: c.banish_attack })));
  } else if (c.category === "action") {
    top.push(el("span", { class: "zo-cost", title: t("cost {n}", { n: c.cost }) }, String(c.cost)));
  } else if (id === "supply") {
    lines.push(el("span", { class: "sub" }, t("Purchase points: {n}", { n: 1 })));
  }
  return [
    el("span", { class: "zo-top" }, el("span", { class: "title" }, title(id)), top),
    extra,
    lines,
    c.text ? el("span", { class: "sub zo-text" }, c.text) : null,
  ];
}

function slotFace(sl) {
  const state = [];
  if (sl.lock === "malfunction") state.push(el("span", { class: "sub zo-state zo-bad" }, t("(Malfunction: repair by discarding a random card)")));
  else if (sl.lock) state.push(el("span", { class: "sub zo-state zo-bad" }, t("(Power Down by {seat})", { seat: String(sl.lock).toUpperCase() })));
  if (sl.used) state.push(el("span", { class: "sub zo-state" }, t("used this turn")));
  if (sl.damage) state.push(el("span", { class: "sub zo-state zo-bad" }, t("damage {value}", { value: sl.damage })));
  if (sl.barricade) state.push(el("span", { class: "sub zo-state" }, t("barricade")));
  if (sl.attached && sl.attached.length) state.push(el("span", { class: "sub" }, t("attached: {cards}", { cards: sl.attached.map(title).join(", ") })));
  const c = info(sl.trap);
  const kws = (c.abilities || []).map(keywordWord).filter(Boolean);
  return [
    el("span", { class: "zo-top" }, el("span", { class: "title" }, title(sl.trap)), defenseBadges(sl.defense[1], sl.defense[0])),
    el("span", { class: `sub zo-lure lure-${sl.type}` }, `${lureWord(sl.type)} · `, el("span", { class: sl.active ? "zo-good" : "zo-bad" }, sl.active ? t("active") : t("inactive"))),
    state,
    kws.length ? el("span", { class: "sub zo-kw" }, kws.join(" · ")) : null,
    c.text ? el("span", { class: "sub zo-text" }, c.text) : null,
  ];
}

// ---- pieces ---------------------------------------------------------------------------------------
// A piece: a button with its face; `acts` the legal actions it does now; `lead` a path through other
// actions (another phase first); `onClick` a custom click (choosing an attacker).
function piece(ctx, view, { id, face, cls = "", acts = [], lead = null, onClick = null, heading = "", probe = null }) {
  const texts = acts.length ? acts.map((a) => a.text) : lead ? [lead.first.text] : [];
  const enabled = texts.length > 0;
  const node = el("button", {
    class: `card zo-piece ${cls}${enabled ? " playable" : ""}`,
    dataset: { piece: id, actions: JSON.stringify(texts) },
  }, ...face().flat(Infinity));
  if (enabled) {
    node.title = acts.length ? acts.map((a) => label(a, view, ctx)).join(" · ") : lead.label;
    node.dataset.doing = node.title; // its name: what it is, then what it does (css/access.css)
    node.addEventListener("click", () => {
      if (onClick) onClick();
      else if (acts.length === 1) go(acts[0], ctx);
      else if (acts.length > 1) openMenu(heading, acts, view, ctx);
      else startIntent(lead, view, ctx);
    });
  } else {
    let reason = null;
    let asked = false;
    const ask = () => {
      if (asked || !probe || !ctx.why || ctx.seat === null || ctx.seat === undefined || !ctx.interactive) return Promise.resolve(reason);
      asked = true;
      return ctx.why(probe).then((r) => { reason = r; if (r) node.title = r; return r; });
    };
    // Unplayable (aria-disabled, js/whynot.js): a tap opens the larger view with the reason (the
    // board's pointerup), and so does Enter or Space, which also says the reason aloud.
    node.addEventListener("mouseenter", () => { ask(); });
    node.dataset.probe = probe || "";
    node.zoOpen = () => ask().then((r) => { showDetails(face, r); return r; });
    unplayable(node, node.zoOpen);
  }
  longPress(node, () => showDetails(face, null)); // a phone: the card large, no move
  peekOn(node, face, () => (enabled ? node.title : node.title || null));
  return node;
}

// A tap on an unplayable piece (its click stops in js/whynot.js): one listener on the board opens
// its larger view.
function watchDisabled(container) {
  if (container.dataset.zoWatch) return;
  container.dataset.zoWatch = "1";
  container.addEventListener("pointerup", (e) => {
    const hit = document.elementsFromPoint(e.clientX, e.clientY).find((n) => n.matches && n.matches("button.zo-piece[aria-disabled='true']"));
    if (hit && hit.zoOpen) hit.zoOpen();
  });
}

// ---- leading through phases ----------------------------------------------------------------------
// How to get from here into `phase`: its own step in the hub, or this phase's end first.
function firstStep(view, ctx, phase) {
  const acts = ctx.interactive ? ctx.actions || [] : [];
  const enter = acts.find((a) => a.kind === "step" && a.word === phase);
  if (enter) return enter;
  if (view.pending || view.phase === phase || view.phase === "choose") return null;
  if ((view.idle || []).includes(phase)) return null;
  return acts.find((a) => a.kind === "step" && a.word === END_OF[view.phase]) || null;
}

function lead(view, ctx, phase, want, extra = {}) {
  const first = firstStep(view, ctx, phase);
  if (!first) return null;
  return { first, phase, want, label: first.word === phase ? stepLabel(phase) : stepLabel(first.word), ...extra };
}

function startIntent(ld, view, ctx) {
  intent = { ...ld, hops: 2 };
  actedOn = ctx.legal;
  closeMenu();
  ctx.act(ld.first.text);
}

// A state at an earlier index than the newest drawn: moves were taken back (undo.js).
function noteTakeBack(ctx) {
  if (typeof ctx.index !== "number") return;
  if (seenIndex !== null && ctx.index < seenIndex) { cameBackTo = ctx.index; intent = null; }
  seenIndex = ctx.index;
}

// Called on every state: carries a click's intent on when what it meant is unambiguous.
function carryIntent(view, ctx) {
  if (!intent) return null;
  if (!ctx.interactive || view.pending) { intent = null; return null; }
  if (actedOn === ctx.legal) return null; // the same state drawn again
  const acts = ctx.actions || [];
  if (view.phase === intent.phase) {
    const hits = acts.filter(intent.want);
    if (hits.length === 1) { const a = hits[0]; intent = null; return a; }
    if (hits.length > 1) { const heading = intent.heading || ""; intent = null; openMenu(heading, hits, view, ctx); return null; }
    if (intent.pay) {
      const pay = acts.find((a) => a.kind === "play" && a.card === "supply") || acts.find((a) => a.kind === "play" && a.card === "scavenger");
      if (pay) return pay;
    }
    if (intent.select) selected = intent.select;
    intent = null;
    return null;
  }
  if (intent.hops-- <= 0) { intent = null; return null; }
  const next = firstStep(view, ctx, intent.phase);
  if (!next) intent = null;
  return next;
}

// A phase with nothing left to do in it but leaving is left at once (bookkeeping, not a choice);
// never at the move a seat came back to with Undo: leaving it again would undo the Undo.
function autoLeave(view, ctx) {
  const acts = ctx.interactive ? ctx.actions || [] : [];
  if (view.pending || acts.length !== 1 || actedOn === ctx.legal || ctx.index === cameBackTo) return null;
  const a = acts[0];
  return a.kind === "step" && Object.values(END_OF).includes(a.word) ? a : null;
}

// ---- the board ------------------------------------------------------------------------------------
function counts(list) {
  const m = new Map();
  for (const x of list || []) m.set(x, (m.get(x) || 0) + 1);
  return m;
}

export function render(container, view, ctx) {
  lastDraw = [container, view, ctx];
  texts();
  closeMenu();
  if (detailsBox && detailsBox.classList.contains("zo-peek")) hideDetails();
  const acts = ctx.interactive ? ctx.actions || [] : [];
  if (!ctx.interactive) { selected = null; intent = null; }
  noteTakeBack(ctx);
  const next = carryIntent(view, ctx) || autoLeave(view, ctx);
  const me = view.seat;
  noteEliminations(view);
  const used = new Set(); // the texts some piece or control carries
  const take = (list) => { list.forEach((a) => used.add(a.text)); return list; };
  const of = (pred) => acts.filter(pred);
  const hand = view.hand || [];
  const handCounts = counts(hand);
  const myDiscard = me !== null && me !== undefined && view.discards ? view.discards[me] : [];
  // Every card's place on the board, and its identity followed from the last state (identity.js).
  const places = [];
  (view.bases || []).forEach((base, s) => (base || []).forEach((sl, i) => places.push([`base:${s}:${i}`, sl.trap])));
  for (const name of handCounts.keys()) places.push([`hand:${name}`, name]);
  (view.purchase_row || []).forEach((name, i) => { if (name) places.push([`row:${i}`, name]); });
  (view.wasteland || []).forEach((w, i) => places.push([`waste:${i}`, w.name]));
  for (const name of counts(myDiscard).keys()) places.push([`discard:${name}`, name]);
  const ids = identities.assign(places);
  const pid = (place) => ids.get(place);
  const cat = (id) => info(id).category || (id === "supply" ? "supply" : "");
  const attackers = new Set(of((a) => a.kind === "attack").map((a) => a.card));
  if (selected && !attackers.has(selected)) selected = null;
  const purse = (view.purchase_points || 0) + (handCounts.get("supply") || 0) + 2 * (handCounts.get("scavenger") || 0);

  // Controls: what no piece expresses (phases, end turn, skip).
  const controls = of((a) => a.kind === "step").map((a) => {
    used.add(a.text);
    return el("button", { class: `zo-control${a.word === "end turn" ? " zo-end" : ""}`, dataset: { actions: JSON.stringify([a.text]), control: a.word }, onclick: () => go(a, ctx) }, stepLabel(a.word));
  });
  // Inside a phase, "End turn" too: it ends the phase and then the turn (one click, not two).
  const endPhase = view.pending ? null : of((a) => a.kind === "step" && a.word === END_OF[view.phase])[0];
  if (endPhase) {
    const ending = { first: endPhase, phase: "choose", want: (a) => a.kind === "step" && a.word === "end turn", label: stepLabel("end turn") };
    controls.push(el("button", { class: "zo-control zo-end", dataset: { actions: JSON.stringify([endPhase.text]), control: "end turn" }, onclick: () => startIntent(ending, view, ctx) }, stepLabel("end turn")));
  }
  if (selected) controls.unshift(el("button", { class: "zo-control zo-cancel", dataset: { actions: "[]" }, onclick: () => { selected = null; render(...lastDraw); } }, t("Cancel")));

  // The Zombie Lords: life (a target and a choice), lure points, the base of Traps.
  const players = Array.from({ length: view.players }, (_, s) => {
    const mine = s === me;
    const alive = !view.alive || view.alive[s];
    const lifeActs = mine ? [] : take(of((a) => (a.kind === "attack" && a.seat === s && !a.slot && (!selected || a.card === selected)) || (a.kind === "pick" && a.verb === "choose" && a.seat === s)));
    const lifeLead = mine || lifeActs.length || !alive ? null : lead(view, ctx, "attack", (a) => a.kind === "attack" && a.seat === s && !a.slot, { heading: t("Attack {who}", { who: who(ctx, s) }) });
    const life = piece(ctx, view, {
      id: `life:${s}`, cls: `zo-life p${s % 4}${mine ? " zo-mine" : ""}`, acts: lifeActs, lead: attackers.size ? null : lifeLead,
      heading: t("Attack {who}", { who: who(ctx, s) }), probe: mine ? null : `attack p${s + 1} with minion`,
      face: () => [
        el("span", { class: "zo-top" }, el("span", { class: "title" }, who(ctx, s), mine ? ` ${t("(you)")}` : ""), view.turn_player === s ? el("span", { class: "zo-turn" }, "◀") : null),
        el("span", { class: "zo-lifepoints" }, alive ? `♥ ${view.life[s]}` : t("eliminated")),
        el("span", { class: "sub" }, `${t("hand")} ${view.hands ? view.hands[s].count : 0} · ${t("deck")} ${view.deck_sizes ? view.deck_sizes[s] : 0} · ${t("discard")} ${view.discards ? view.discards[s].length : 0}`),
      ],
    });
    const base = ((view.bases || [])[s] || []).map((sl, i) => {
      const slot = i + 1;
      let sacts;
      let sl_lead = null;
      if (mine) {
        sacts = take(of((a) => (a.kind === "use" && a.slot === slot) || (a.kind === "repair" && a.slot === slot) || (a.kind === "pick" && a.verb === "reinforce" && a.slot === slot)));
        if (!sacts.length && sl.active && !sl.used && (info(sl.trap).abilities || []).some((k) => k === "once_per_turn" || k === "combo")) {
          sl_lead = lead(view, ctx, "action", (a) => a.kind === "use" && a.slot === slot, { heading: title(sl.trap) });
        }
      } else {
        sacts = take(of((a) => (a.kind === "attack" && a.seat === s && a.slot === slot && (!selected || a.card === selected)) || (a.kind === "pick" && a.seat === s && a.slot === slot)));
        if (!sacts.length && !attackers.size) sl_lead = lead(view, ctx, "attack", (a) => a.kind === "attack" && a.seat === s && a.slot === slot, { heading: title(sl.trap) });
      }
      return piece(ctx, view, { id: pid(`base:${s}:${i}`), cls: `zo-trap lure-${sl.type}${sl.active ? "" : " zo-off"}`, acts: sacts, lead: sl_lead, heading: title(sl.trap), probe: mine ? `use trap ${slot} once per turn` : `attack p${s + 1} trap ${slot} with minion`, face: () => slotFace(sl) });
    });
    return el("div", { class: `zo-player p${s % 4}${mine ? " zo-mine" : ""}${alive ? "" : " zo-dead"}${view.current_player === s ? " zo-to-act" : ""}`, dataset: { seat: String(s) } },
      life, el("div", { class: "zo-base", dataset: { zone: `base:${s}` } }, base.length ? base : el("span", { class: "dim zo-empty" }, t("no Traps"))));
  });

  // Lure points by type: who leads a type lures the Survivors of that type at the end of a turn.
  const types = view.lure_types || [];
  const leaders = types.map((_, i) => {
    const pts = (view.lure_points || []).map((row) => row[i] || 0);
    const best = Math.max(0, ...pts);
    const top = pts.map((p, q) => (p === best && best > 0 ? q : -1)).filter((q) => q >= 0);
    return top.length === 1 ? top[0] : null;
  });
  const lureTable = el("table", { class: "seatsinfo zo-luretable" },
    el("tr", {}, el("th", {}, t("Zombie Lord")), types.map((type) => el("th", { class: `zo-lp lure-${type}` }, lureWord(type)))),
    Array.from({ length: view.players }, (_, s) => el("tr", { class: s === me ? "zo-mine" : "" },
      el("td", { class: `p${s % 4}` }, who(ctx, s)),
      types.map((_, i) => el("td", { class: leaders[i] === s ? "zo-lead" : "", title: leaders[i] === s ? t("{who} leads", { who: who(ctx, s) }) : null },
        String(((view.lure_points || [])[s] || [])[i] || 0), leaders[i] === s ? " ★" : "")))));

  // What to ask the server about a hand card that cannot be used now: its own kind of move.
  const rival = Array.from({ length: view.players }, (_, q) => q).find((q) => q !== me && (!view.alive || view.alive[q]));
  const probeFor = (name) => {
    const c = cat(name);
    if (c === "trap") return `place ${name}`;
    if ((c === "minion" || c === "survivor") && rival !== undefined) return `attack p${rival + 1} with ${name}`;
    return `play ${name}`;
  };

  // Your hand, a piece per kind of card (×n).
  const handPieces = [...handCounts.entries()].map(([name, n]) => {
    const direct = of((a) => (a.kind === "play" && a.card === name) || (a.kind === "place" && a.card === name)
      || (a.kind === "pick" && (a.verb === "discard" || (a.verb === "banish" && a.zone === "hand")) && a.card === name));
    const atk = of((a) => a.kind === "attack" && a.card === name);
    take(direct); take(atk);
    const all = [...direct, ...atk];
    let onClick = null;
    if (atk.length && !direct.length) {
      const targets = new Set(atk.map((a) => `${a.seat}:${a.slot}`));
      if (targets.size > 1) onClick = () => { selected = selected === name ? null : name; render(...lastDraw); };
    }
    let ld = null;
    if (!all.length) {
      const c = cat(name);
      if (c === "action") ld = lead(view, ctx, "action", (a) => a.kind === "play" && a.card === name);
      else if (c === "trap") ld = lead(view, ctx, "action", (a) => a.kind === "place" && a.card === name, { heading: title(name) });
      else if (c === "minion" || c === "survivor") ld = lead(view, ctx, "attack", () => false, { select: name });
      else if (c === "supply") ld = lead(view, ctx, "purchase", (a) => a.kind === "play" && a.card === name);
    }
    return piece(ctx, view, {
      id: pid(`hand:${name}`), cls: `zo-hand${selected === name ? " zo-selected" : ""}${cat(name) === "trap" ? ` lure-${(info(name).lure || [])[0]}` : ""}`,
      acts: all, lead: ld, onClick, heading: title(name), probe: probeFor(name),
      face: () => faceOf(name, n > 1 ? [el("span", { class: "zo-count" }, `×${n}`)] : []),
    });
  });

  // The Purchase Row, the Action deck, the Scavengers.
  const row = (view.purchase_row || []).map((name, i) => {
    const slot = i + 1;
    if (!name) return el("span", { class: "card zo-gap dim", dataset: { piece: `row:${slot}` } }, t("slot {n}", { n: slot }));
    const bacts = take(of((a) => a.kind === "buy" && a.what === "trap" && a.slot === slot));
    const cost = info(name).cost;
    const ld = bacts.length || (cost !== undefined && cost > purse) ? null : lead(view, ctx, "purchase", (a) => a.kind === "buy" && a.what === "trap" && a.slot === slot, { pay: true });
    return piece(ctx, view, { id: pid(`row:${i}`), cls: `zo-row lure-${(info(name).lure || [])[0]}`, acts: bacts, lead: ld, probe: `buy trap ${slot}`, face: () => faceOf(name) });
  });
  const pile = (what, id, count, heading) => {
    const bacts = take(of((a) => a.kind === "buy" && a.what === what));
    const ld = bacts.length || !count || purse < 2 ? null : lead(view, ctx, "purchase", (a) => a.kind === "buy" && a.what === what, { pay: true });
    return piece(ctx, view, { id: `pile:${what}`, cls: "zo-pile", acts: bacts, lead: ld, probe: `buy ${what}`, face: () => [
      el("span", { class: "zo-top" }, el("span", { class: "title" }, heading), el("span", { class: "zo-cost", title: t("cost {n}", { n: 2 }) }, "2")),
      el("span", { class: "sub" }, t("{n} left", { n: count })),
      what === "scavenger" ? faceOf("scavenger").slice(2) : null,
    ] });
  };
  const shop = [...row, pile("action", "action", view.action_deck, t("Action deck")), pile("scavenger", "scavenger", view.scavengers, t("Scavengers"))];

  // The Wasteland: Survivors, what lures them and who leads.
  const waste = (view.wasteland || []).map((w, i) => {
    const lacts = take(of((a) => a.kind === "pick" && a.verb === "lure" && a.card === w.name));
    return piece(ctx, view, { id: pid(`waste:${i}`), cls: "zo-survivor", acts: lacts, face: () => faceOf(w.name, [
      el("span", { class: "sub" }, w.leader !== null && w.leader !== undefined ? t("led by {who}", { who: who(ctx, w.leader) }) : t("nobody leads")),
    ], { category: "survivor", lure: w.lure, attack: w.attack }) });
  });

  // Your Discard Pile: its cards are chosen by some abilities (banish from it, take one back).
  const discardPieces = [...counts(myDiscard).entries()].map(([name, n]) => {
    const dacts = take(of((a) => a.kind === "pick" && a.card === name && (a.verb === "take" || (a.verb === "banish" && a.zone === "discard"))));
    return piece(ctx, view, { id: pid(`discard:${name}`), cls: "zo-discard", acts: dacts, face: () => faceOf(name, n > 1 ? [el("span", { class: "zo-count" }, `×${n}`)] : []) });
  });
  const needsDiscard = discardPieces.some((p) => p.getAttribute("aria-disabled") !== "true");

  // Anything no piece carried (never expected): one labelled control each, so it stays reachable.
  const rest = acts.filter((a) => !used.has(a.text)).map((a) => el("button", { class: "zo-control zo-fallback", dataset: { actions: JSON.stringify([a.text]) }, onclick: () => go(a, ctx) }, label(a, view, ctx)));

  const status = el("div", { class: "kv zo-status" },
    el("span", {}, `${t("round")} `, el("b", {}, t("{n} of {total}", { n: view.round_limit ? Math.min(view.round, view.round_limit) : view.round, total: view.round_limit || "∞" }))),
    el("span", {}, `${t("turn")} `, el("b", {}, who(ctx, view.turn_player))),
    view.over ? null : el("span", {}, `${t("phase")} `, el("b", {}, phaseWord(view.phase))),
    view.purchase_points ? el("span", {}, `${t("purchase points")} `, el("b", {}, String(view.purchase_points))) : null,
    view.attack_bonus ? el("span", {}, `${t("attack bonus")} `, el("b", {}, `+${view.attack_bonus}`)) : null,
    el("span", { class: "dim" }, `${t("Trap deck")} ${view.trap_deck} · ${t("Survivor deck")} ${view.survivor_deck} · ${t("banished")} ${(view.banished || []).length}`));

  const hint = selected ? t("Attacking with {card}: choose an opponent's life or one of their Traps.", { card: title(selected) }) : null;
  const pending = view.pending ? el("div", { class: "pending" }, `${who(ctx, view.pending.seat)}: ${view.pending.text}`) : null;

  // Each area is a zone: a piece that stays in its zone has not moved, whatever the layout did.
  // Your hand is left unmarked: a new turn's hand is all new, and the table's summary of what
  // happened since your last move (js/summary.js) tells the news instead.
  const section = (heading, cls, ...kids) => el("section", { class: `zo-area ${cls}`, dataset: { zone: cls, ...(cls === "zo-handarea" ? { marks: "off" } : {}) } }, el("h3", {}, heading), ...kids);
  const board = el("div", { class: "zo-board" },
    status,
    pending,
    hint ? el("div", { class: "pending zo-hint" }, hint) : null,
    controls.length || rest.length ? el("div", { class: "zo-controls" }, controls, rest) : null,
    view.hand ? section(t("Your hand"), "zo-handarea", el("div", { class: "zo-cards" }, handPieces.length ? handPieces : el("span", { class: "dim" }, t("no cards")))) : null,
    section(t("Zombie Lords"), "zo-players", el("div", { class: "zo-playergrid" }, players), lureTable),
    section(t("Purchase Row"), "zo-shop", el("div", { class: "zo-cards" }, shop)),
    section(t("Wasteland"), "zo-waste", el("div", { class: "zo-cards" }, waste)),
    discardPieces.length ? el("details", { class: "zo-area zo-discards", open: needsDiscard, dataset: { zone: "zo-discards" } }, el("summary", {}, `${t("Your Discard Pile")} (${myDiscard.length})`), el("div", { class: "zo-cards" }, discardPieces)) : null,
    view.over && !endingShown ? el("div", { class: "zo-ending-inboard" }, ending(view, pageOutcome(), ctx, true)) : null);
  container.replaceChildren(board);
  watchDisabled(container);

  container.dataset.zoBusy = next ? "yes" : "no";
  if (next) {
    actedOn = ctx.legal;
    ctx.act(next.text);
  }
}

// The outcome the page was sent with this state (for the board's own copy of the ending).
function pageOutcome() {
  const st = window.deadtable && window.deadtable.state ? window.deadtable.state() : null;
  return st && st.outcome ? st.outcome : null;
}

// ---- the ending -----------------------------------------------------------------------------------
function noteEliminations(view) {
  const key = tableId();
  if (!eliminations.has(key)) eliminations.set(key, {});
  const seen = eliminations.get(key);
  (view.alive || []).forEach((alive, s) => { if (!alive && !(s in seen)) seen[s] = view.round; });
}

// The game's own score sheet: life and fate of each Zombie Lord, the winner, why the game ended, and
// what the score means (the living score their life; the eliminated by when they fell).
export function ending(view, outcome, ctx, inBoard = false) {
  if (!inBoard) {
    endingShown = true;
    document.querySelectorAll(".zo-ending-inboard").forEach((n) => n.remove());
  }
  noteEliminations(view);
  const seen = eliminations.get(tableId()) || {};
  const n = view.players;
  const winners = (outcome && outcome.winners) || view.winners || [];
  const alive = view.alive || [];
  const fallen = alive.filter((a) => !a).length;
  // The eliminated rank by how long they lasted: the score -1 is the last one out, -2 the one before.
  const scores = outcome && outcome.scores ? outcome.scores : Array.from({ length: n }, (_, s) => (alive[s] ? view.life[s] : null));
  const order = (s) => (alive[s] || scores[s] === null || scores[s] === undefined ? null : fallen + 1 + Number(scores[s]));
  const rows = Array.from({ length: n }, (_, s) => {
    const won = winners.includes(s);
    let fate;
    if (alive[s]) fate = won ? t("winner") : t("survived");
    else if (seen[s] !== undefined && order(s) !== null) fate = t("eliminated (#{nth} out, round {round})", { nth: order(s), round: seen[s] });
    else if (order(s) !== null) fate = t("eliminated (#{nth} out)", { nth: order(s) });
    else if (seen[s] !== undefined) fate = t("eliminated (round {round})", { round: seen[s] });
    else fate = t("eliminated");
    const score = scores[s] === null || scores[s] === undefined ? "" : String(scores[s]);
    return el("tr", { class: won ? "zo-won" : "" },
      el("td", { class: `p${s % 4}` }, who(ctx, s), won ? " ★" : ""),
      el("td", {}, String(view.life[s])),
      el("td", {}, fate),
      el("td", {}, score));
  });
  const living = alive.filter(Boolean).length;
  const why = living <= 1
    ? t("Why it ended: one Zombie Lord is left standing; the others were eliminated.")
    : t("Why it ended: the round limit ({n} rounds, ZO-10) was reached; the living Zombie Lord with the most life wins.", { n: view.round_limit });
  // Why it ended is said once: here, not in the game's note as well (ownNote: the banner leaves
  // the note out, and the board's own copy does too).
  return el("div", { class: "zo-ending" },
    inBoard ? el("h3", {}, t("Zombie Overlord: the end")) : null,
    el("p", {}, why),
    el("table", { class: "zo-endtable" },
      el("tr", {}, el("th", {}, t("Zombie Lord")), el("th", {}, t("life")), el("th", {}, t("fate")), el("th", {}, t("Score"))),
      rows),
    el("p", { class: "dim zo-explain" }, t("Score: a living Zombie Lord scores their life points; an eliminated one scores by when they fell (-1 for the last one eliminated, -2 for the one before, and so on), so every survivor ranks above every eliminated player.")));
}
