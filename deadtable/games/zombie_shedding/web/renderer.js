// The zombie shedding game on its own pieces: the seats around the table (teams, cards in hand,
// scores; an opponent is clicked to aim an effect at), the draw pile, the card to match, the card
// just drawn, the corporations to name, a hand the Thief looks at, and your hand. Every legal action
// is built from ctx.actions (kind and fields) and reached from a piece or one labelled control:
// each such button carries data-actions (a JSON list of the action texts it can lead to).
// Card names, effects, corporations and kinds are shown in the reader's language
// (catalogue context "zombie-shedding:card"); no card id is ever shown.
import { el } from "/static/js/api.js";
import { cardText, nt, t } from "/static/js/i18n.js";
import { longPress, seatName, unplayable } from "/static/js/renderers/common.js";
export { panels } from "./panels.js"; // each player's panel (the table's js/panels.js)

const GAME = "zombie-shedding";
const ct = (text) => cardText(GAME, text);
const CORPS = ["Star", "Umbrella", "Shield", "Flask"];

export const piecesOnly = true;

// Every card seen at this table, by slug (hand, card to match, card drawn): a card named by an
// action (take, a combo) is shown with its printed face even when the view names it only.
const seen = new Map();
// The hands this page has seen end, by table: the view keeps only the last one.
const handsSeen = new Map();

function slugify(name) {
  return String(name).toLowerCase().replace(/'/g, "").split(/\s+/).filter(Boolean).join("-");
}

function remember(card) {
  if (card && card.slug) seen.set(card.slug, card);
  return card;
}

function cardOf(slug) {
  return seen.get(slug) || { name: slug.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" "), slug, unknown: true };
}

function tableKey() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
}

function rankWord(kind) {
  return kind === "event" ? t("event") : ct(kind);
}

// A printed card: title, rank and points, corporation, effect texts.
function face(card, big = false) {
  const corp = card.corporation;
  return [
    el("span", { class: "zs-title" }, ct(card.name)),
    card.unknown ? null : el("span", { class: "zs-meta" },
      card.event ? el("span", { class: "zs-rank" }, t("event"))
        : [el("span", { class: "zs-rank" }, rankWord(card.kind)), " · ", el("b", { class: "zs-pts" }, nt("{n} point", "{n} points", card.points, { n: card.points }))]),
    corp ? el("span", { class: `zs-corp zs-c-${corp}` }, ct(corp)) : null,
    (card.effects || []).length ? el("span", { class: `zs-fx${big ? "" : " zs-fx-small"}` }, card.effects.map((e) => el("span", {}, ct(e)))) : null,
  ];
}

// An effect that hits a player: one whole sentence per effect, as the terminal says it (text.py).
function targetText(effect, count, who) {
  switch (effect) {
    case "next_draws": return nt("{seat} chooses an opponent to draw {n} card", "{seat} chooses an opponent to draw {n} cards", count, { seat: who });
    case "next_skips": return t("{seat} chooses an opponent to miss a turn", { seat: who });
    case "swap": return t("{seat} chooses an opponent for the Thief (take one, give one back)", { seat: who });
    case "give": return t("{seat} chooses an opponent to give a card to (the Schemer)", { seat: who });
    default: return who;
  }
}

// The protection cards of the card set that answer the effect (the view's "answers"), "A, B or C".
function eitherCards(names) {
  const words = (names || []).map((n) => ct(n));
  return words.length < 2 ? words.join("") : t("{some} or {last}", { some: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

function respondText(effect, count, words) {
  switch (effect) {
    case "next_draws": return nt("{actor} makes {victim} draw {n} card: {seat} may answer with {cards}", "{actor} makes {victim} draw {n} cards: {seat} may answer with {cards}", count, words);
    case "next_skips": return t("{actor} makes {victim} miss a turn: {seat} may answer with {cards}", words);
    case "swap": return t("{actor} plays the Thief on {victim}: {seat} may answer with {cards}", words);
    case "give": return t("{actor} gives {victim} a card (the Schemer): {seat} may answer with {cards}", words);
    default: return words.seat;
  }
}

function pendingText(ctx, p) {
  if (!p) return "";
  const who = seatName(ctx, p.seat);
  const seat = (s) => (s === null || s === undefined ? "—" : seatName(ctx, s));
  switch (p.kind) {
    case "drawn":
      return p.card ? t("{seat} drew {card}: play it if it fits, or keep it", { seat: who, card: ct(p.card.name) })
        : t("{seat} drew a card: play it if it fits, or keep it", { seat: who });
    case "name": return t("{seat} names the corporation to match", { seat: who });
    case "target": return targetText(p.effect, p.count || 1, who);
    case "respond": return respondText(p.effect, p.count || 1, { victim: seat(p.victim), actor: seat(p.actor), seat: who, cards: eitherCards(p.answers) });
    case "take": return t("{seat} takes a card from {victim}'s hand", { seat: who, victim: seat(p.victim) });
    case "give": return t("{seat} gives a card to {victim}", { seat: who, victim: seat(p.victim) });
    default: return who;
  }
}

function modeWords(view) {
  switch (view.mode) {
    case "duel": return t("Duel to {target}", { target: view.target });
    case "alliances": return t("Alliances {layout} to {target}", { layout: view.layout, target: view.target });
    case "marathon": return t("Marathon to {target}", { target: view.target });
    case "blitz": return t("Blitz: first out wins");
    case "outsider": return t("Outsider: the last one loses");
    case "overlord": return t("Zombie Overlord: first past {target}", { target: view.target });
    default: return String(view.mode);
  }
}

function teamName(team) {
  return t("Team {team}", { team: String.fromCharCode(65 + team) });
}

// The details popover: a card's face, larger, with why it may not be used when asked.
let popover = null;

let hovering = false;
let hovered = null; // the piece whose card the hover preview shows

function hidePreview() {
  if (hovering && popover) popover.classList.add("zs-hidden");
  hovering = false;
}

function showDetails(card, reason = null, hover = false) {
  if (!popover || !popover.isConnected) return;
  hovering = hover;
  popover.classList.toggle("zs-float", hover);
  popover.replaceChildren(...[
    el("div", { class: `zs-card zs-big${card.corporation ? ` zs-c-${card.corporation}` : " zs-event"}` }, face(card, true)),
    reason ? el("p", { class: "zs-why" }, reason) : null,
    el("button", { class: "zs-close", type: "button", dataset: { escape: "" }, onclick: () => popover.classList.add("zs-hidden") }, t("close"))].filter(Boolean));
  popover.classList.remove("zs-hidden");
}

// The small menu of a piece with several actions: each in words.
let menu = null;

function openMenu(title, items, ctx) {
  menu.replaceChildren(el("span", { class: "zs-menu-title" }, title),
    ...items.map(([label, text]) => el("button", { class: "zs-control", type: "button", dataset: { action: text }, onclick: () => { menu.classList.add("zs-hidden"); ctx.act(text); } }, label)),
    el("button", { class: "zs-control zs-cancel", type: "button", dataset: { escape: "" }, onclick: () => menu.classList.add("zs-hidden") }, t("Cancel")));
  menu.classList.remove("zs-hidden");
}

// A piece: a button that does its one action, opens the menu of several, or (none) is unplayable
// (aria-disabled: reached by the keyboard, its clicks stopped by js/whynot.js) and says why on
// hover, tap, Enter or Space (the server's reason for `probe`).
function piece(ctx, { id, cls, body, items, title, probe = null, card = null }) {
  const texts = items.map(([, text]) => text);
  const node = el("button", { class: `${cls}${texts.length ? " zs-playable" : ""}`, type: "button",
    // Its name: what it is, then what it does (data-doing: css/access.css).
    dataset: { piece: id, actions: JSON.stringify(texts), ...(texts.length ? { doing: items.map(([label]) => label).join("; ") } : {}) } }, body);
  if (card) {
    node.addEventListener("mouseenter", (e) => {
      if (e.pointerType === "touch" || !matchMedia("(hover: hover)").matches) return;
      hovered = node;
      showDetails(card, node.title || null, true);
    });
    node.addEventListener("mouseleave", () => { if (hovered === node) hovered = null; hidePreview(); });
  }
  if (texts.length) {
    node.addEventListener("click", () => {
      if (items.length === 1) ctx.act(items[0][1]);
      else openMenu(title, items, ctx);
    });
    if (card) longPress(node, () => showDetails(card)); // a phone: the card large, no move
    return node;
  }
  // One question per piece: a tap or click while the hover's question is on its way waits for the
  // same answer (else the larger view opened without its reason).
  let asked = null;
  const ask = () => {
    if (!probe || !ctx.why || ctx.seat === null || ctx.seat === undefined) return Promise.resolve(null);
    if (!asked) asked = ctx.why(probe).then((r) => { if (r) node.title = r; return r || null; });
    return asked;
  };
  node.addEventListener("mouseenter", () => {
    ask().then((r) => { if (r && card && hovering && hovered === node) showDetails(card, r, true); });
  });
  node.addEventListener("pointerup", (e) => {
    if (e.pointerType === "mouse" && !card) return;
    ask().then((r) => (card ? showDetails(card, r) : null));
  });
  return unplayable(node, () => ask().then((r) => { if (card) showDetails(card, r); return r; }));
}

function cardPiece(ctx, card, id, items, probe, extra = "") {
  return piece(ctx, {
    id, cls: `zs-card${card.corporation ? ` zs-c-${card.corporation}` : " zs-event"}${extra}`,
    body: face(card), items, title: ct(card.name), probe, card,
  });
}

function control(ctx, label, text, extra = "") {
  return el("button", { class: `zs-control zs-primary${extra}`, type: "button", dataset: { actions: JSON.stringify([text]), piece: `control-${text}` }, onclick: () => ctx.act(text) }, label);
}

// What each card of the hand may do now: play alone, with a combo card, after a first card, give.
function handItems(actions, slug) {
  const items = [];
  for (const a of actions) {
    if (a.kind === "play" && a.card === slug) items.push([a.combo ? t("Play with {card}", { card: ct(cardOf(a.combo).name) }) : t("Play"), a.text]);
    else if (a.kind === "play" && a.combo === slug) items.push([t("Play after {card}", { card: ct(cardOf(a.card).name) }), a.text]);
    else if (a.kind === "give" && a.card === slug) items.push([t("Give"), a.text]);
  }
  // "Play" alone first, so a lone choice reads as itself.
  return items.sort((x, y) => (x[0] === t("Play") ? -1 : 0) - (y[0] === t("Play") ? -1 : 0));
}

function recordHand(view) {
  const lh = view.last_hand;
  if (!lh || lh.hand === undefined) return;
  const key = tableKey();
  if (!handsSeen.has(key)) handsSeen.set(key, new Map());
  const hands = handsSeen.get(key);
  if (!hands.has(lh.hand)) hands.set(lh.hand, { ...lh, scores: [...(view.scores || [])] });
}

function seatTiles(view, ctx, actions) {
  const teams = view.teams;
  const pend = view.pending || {};
  return el("div", { class: "zs-seats" }, Array.from({ length: view.players }, (_, s) => {
    const items = actions.filter((a) => a.kind === "target" && a.seat === s).map((a) => [t("Choose this opponent"), a.text]);
    const tags = [];
    if (view.dealer === s) tags.push(t("dealer"));
    if (view.skips && view.skips[s]) tags.push(t("misses a turn"));
    if ((view.out || []).includes(s)) tags.push(t("out"));
    if (pend.victim === s) tags.push(t("hit"));
    const score = view.seat_scores ? view.seat_scores[s] : view.scores ? view.scores[s] : null;
    // What this seat knows to be in that hand (after a rebuild, a Thief's look, a gift).
    const known = s === ctx.seat ? null : (view.known || []).find((k) => k.seat === s);
    const body = [
      el("span", { class: "zs-seat-name" }, seatName(ctx, s)),
      teams ? el("span", { class: `zs-team zs-team-${teams[s]}` }, teamName(teams[s])) : null,
      el("span", { class: "zs-seat-cards" }, nt("{n} card", "{n} cards", view.hand_sizes ? view.hand_sizes[s] : 0)),
      view.target ? el("span", { class: "zs-seat-score" }, t("score {n}", { n: score })) : null,
      tags.length ? el("span", { class: "zs-tags" }, tags.join(" · ")) : null,
      items.length ? el("span", { class: "zs-hint" }, t("Choose this opponent")) : null,
      known ? el("span", { class: "zs-known" }, t("known to you: {cards}", { cards: cardNames(known.cards) })) : null,
    ];
    return piece(ctx, {
      id: `seat-${s}`, items, title: seatName(ctx, s), probe: null,
      cls: `zs-seat${teams ? ` zs-team-${teams[s]}` : ""}${view.current_player === s ? " zs-to-act" : ""}${ctx.seat === s ? " zs-me" : ""}${(view.out || []).includes(s) ? " zs-out" : ""}`,
      body,
    });
  }));
}

function cardNames(names) {
  return names.map((n) => cardOf(slugify(n)).name).join(", ");
}

// After a rebuild with several hidden hands: the cards this seat knows to be among them.
function amongLine(view, ctx) {
  const among = view.known_among;
  if (!among) return null;
  const seats = among.seats.map((s) => seatName(ctx, s)).join(", ");
  return el("p", { class: "zs-known zs-among" }, t("Among the hands of {seats}, known to you: {cards}", { seats, cards: cardNames(among.cards) }));
}

// A hand finished with the Screamer: the points it takes off the finisher's penalty score (RULINGS
// ZS-2), or, where points are won, adds (ZS-7), with their sign.
function screamer(view, bonus) {
  return ` (${t("Screamer: {n}", { n: `${view.penalty ? "−" : "+"}${bonus}` })})`;
}

function lastHandLine(view, ctx) {
  const lh = view.last_hand;
  if (!lh || lh.hand === undefined || view.over) return null;
  return el("p", { class: "zs-last dim" }, t("Hand {n} went to {seat}", { n: lh.hand, seat: seatName(ctx, lh.finisher) }),
    lh.finish_bonus ? screamer(view, lh.finish_bonus) : "");
}

export function render(container, view, ctx) {
  recordHand(view);
  const actions = ctx.interactive ? (ctx.actions || []) : [];
  (view.hand || []).forEach(remember);
  if (view.to_match) remember(view.to_match.card);
  const pend = view.pending;
  if (pend && pend.card) remember(pend.card);

  menu = el("div", { class: "zs-menu zs-hidden", role: "menu" });
  popover = el("div", { class: "zs-popover zs-hidden", role: "dialog" });

  // The prompt and the labelled controls (a choice no piece can express).
  const controls = [];
  for (const a of actions) {
    if (a.kind === "keep") controls.push(control(ctx, t("Keep the drawn card"), a.text));
    else if (a.kind === "decline") controls.push(control(ctx, t("No protection: let it happen"), a.text));
  }
  let prompt = pendingText(ctx, pend);
  if (!prompt && ctx.interactive) prompt = t("Your turn: play a card that matches the card to match");
  if (!prompt && !view.over) prompt = t("{who} to play", { who: seatName(ctx, view.current_player) });

  // The middle of the table: draw pile, card to match (and the corporation named), card drawn.
  const match = view.to_match;
  const topCard = match ? el("div", { class: `zs-card zs-top zs-c-${match.card.corporation || "none"}`, dataset: { piece: `card-${match.card.slug}` } }, face(match.card, true),
    match.named ? el("span", { class: `zs-named zs-c-${match.corporation}` }, t("corporation named: {corporation}", { corporation: ct(match.corporation) })) : null) : el("div", { class: "zs-card zs-top zs-empty" }, "—");
  topCard.addEventListener("click", () => match && showDetails(match.card));
  const pile = el("div", { class: "zs-pile", dataset: { piece: "deck" } }, el("span", { class: "zs-pile-n" }, String(view.deck_size)), el("span", {}, t("draw pile")));
  const discard = el("div", { class: "zs-discard dim" }, t("discard pile"), " ", el("b", {}, String(view.discard_size)));
  const middle = [pile, el("div", { class: "zs-match" }, el("span", { class: "zs-label" }, t("To match")), topCard, discard)];
  if (pend && pend.kind === "drawn" && pend.card && pend.seat === ctx.seat) {
    const drawn = pend.card;
    const items = actions.filter((a) => a.kind === "play" && a.card === drawn.slug).map((a) => [a.combo ? t("Play with {card}", { card: ct(cardOf(a.combo).name) }) : t("Play"), a.text]);
    middle.push(el("div", { class: "zs-match" }, el("span", { class: "zs-label" }, t("Just drawn")),
      cardPiece(ctx, drawn, `drawn-${drawn.slug}`, items, `play ${drawn.slug}`, " zs-drawn")));
  }

  // Naming a corporation: the four corporations as pieces.
  const names = actions.filter((a) => a.kind === "name");
  const corpRow = names.length ? el("div", { class: "zs-area" }, el("h3", {}, t("Name the corporation to match")),
    el("div", { class: "zs-row" }, names.map((a) => {
      const corp = CORPS.find((c) => c.toLowerCase() === a.corporation) || a.corporation;
      return piece(ctx, { id: `corp-${a.corporation}`, cls: `zs-corp-piece zs-c-${corp}`, body: ct(corp), items: [[ct(corp), a.text]], title: ct(corp) });
    }))) : null;

  // The Thief: the hand you look at, its cards to take.
  const takes = actions.filter((a) => a.kind === "take");
  let takeRow = null;
  if (takes.length) {
    const victim = pend && pend.victim !== null && pend.victim !== undefined ? pend.victim : null;
    const known = (view.known || []).find((k) => k.seat === victim);
    const slugs = known ? known.cards.map(slugify) : [];
    for (const a of takes) if (!slugs.includes(a.card)) slugs.push(a.card);
    const counts = new Map();
    takeRow = el("div", { class: "zs-area" }, el("h3", {}, t("{seat}'s hand: take a card", { seat: seatName(ctx, victim) })),
      el("div", { class: "zs-row" }, slugs.map((slug) => {
        const n = (counts.get(slug) || 0) + 1;
        counts.set(slug, n);
        const items = n === 1 ? takes.filter((a) => a.card === slug).map((a) => [t("Take"), a.text]) : [];
        return cardPiece(ctx, cardOf(slug), `p${victim}-card-${slug}${n > 1 ? `-${n}` : ""}`, items, `take ${slug}`);
      })));
  }

  // Your hand: a piece per card (copies apart), each with what it may do now.
  let handArea = null;
  if (view.hand) {
    const counts = new Map();
    const hand = view.hand.map((card) => {
      const n = (counts.get(card.slug) || 0) + 1;
      counts.set(card.slug, n);
      const items = handItems(actions, card.slug);
      return cardPiece(ctx, card, `card-${card.slug}${n > 1 ? `-${n}` : ""}`, items, `play ${card.slug}`, card.fits ? " zs-fits" : "");
    });
    // Unmarked: a card drawn shifts the whole hand; the table's summary (js/summary.js) tells the news.
    handArea = el("div", { class: "zs-area zs-hand", dataset: { zone: "zs-hand", marks: "off" } }, el("h3", {}, t("Your hand"), " ", el("span", { class: "dim" }, nt("{n} card", "{n} cards", view.hand.length))), el("div", { class: "zs-row" }, hand));
  }

  // Any action no piece above shows (should not happen): a labelled control still reaches it.
  const reached = new Set();
  const info = el("div", { class: "zs-info" },
    el("span", { class: "zs-mode" }, modeWords(view)),
    el("span", {}, t("hand {n}", { n: view.hand_number })),
    el("span", {}, view.direction === "clockwise" ? t("clockwise ↻") : t("counter-clockwise ↺")));

  const board = el("div", { class: "zs-board" },
    info,
    seatTiles(view, ctx, actions),
    amongLine(view, ctx),
    el("div", { class: `zs-prompt${ctx.interactive ? " zs-yours" : ""}` }, el("span", {}, prompt), controls.length ? el("span", { class: "zs-controls" }, controls) : null),
    menu,
    el("div", { class: "zs-middle" }, middle),
    corpRow, takeRow, handArea, lastHandLine(view, ctx), popover);
  for (const b of board.querySelectorAll("[data-actions]")) for (const x of JSON.parse(b.dataset.actions)) reached.add(x);
  const rest = actions.filter((a) => !reached.has(a.text));
  if (rest.length) board.insertBefore(el("div", { class: "zs-controls" }, rest.map((a) => control(ctx, t("Do: {what}", { what: a.kind }), a.text))), menu);
  container.replaceChildren(board);
}

// Why the game ended and its score breakdown: each hand this page saw (winner and points left in
// hands), the totals, the winner(s) or winning team.
export function ending(view, outcome, ctx) {
  recordHand(view);
  const n = view.players;
  const teams = view.teams;
  const winners = (outcome && outcome.winners) || [];
  const who = (s) => (teams ? `${seatName(ctx, s)} (${teamName(teams[s])})` : seatName(ctx, s));
  const winnerText = teams ? [...new Set(winners.map((s) => teams[s]))].map(teamName).join(", ") : winners.map((s) => seatName(ctx, s)).join(", ");
  const lh = view.last_hand || {};
  let why;
  switch (view.mode) {
    case "blitz": why = t("Blitz: {seat} went out first and wins", { seat: seatName(ctx, (lh.out || [])[0]) }); break;
    case "outsider": {
      const last = Array.from({ length: n }, (_, s) => s).filter((s) => !(lh.out || []).includes(s));
      why = t("Outsider: {seat} was the last one left and loses", { seat: last.map((s) => seatName(ctx, s)).join(", ") });
      break;
    }
    case "overlord": why = t("Zombie Overlord: a score passed {target}; the highest score wins", { target: view.target }); break;
    default: why = t("A score reached {target}: the game ends and the lowest score wins", { target: view.target });
  }
  const hands = [...((handsSeen.get(tableKey()) || new Map()).values())].sort((a, b) => a.hand - b.hand);
  const counted = Boolean(view.target);
  const short = (s) => `P${s + 1}`;
  const table = counted && hands.length ? el("div", { class: "zs-recap-wrap" }, el("table", { class: "zs-recap" },
    el("tr", {}, el("th", {}, t("Hand")), el("th", {}, t("went out first")), Array.from({ length: n }, (_, s) => el("th", { title: seatName(ctx, s) }, short(s)))),
    hands.map((h) => el("tr", {}, el("td", {}, String(h.hand)), el("td", { title: seatName(ctx, h.finisher) }, short(h.finisher), h.finish_bonus ? screamer(view, h.finish_bonus) : ""),
      Array.from({ length: n }, (_, s) => el("td", {}, String((h.points || [])[s] ?? ""))))))) : null;
  const totals = counted ? el("table", { class: "zs-recap" },
    el("tr", {}, el("th", {}, teams ? t("Team") : t("Seat")), el("th", {}, t("score"))),
    (teams ? [...new Set(teams)].map((tm) => [teamName(tm) + ": " + teams.map((x, s) => (x === tm ? seatName(ctx, s) : null)).filter(Boolean).join(", "), view.scores[tm], winners.some((s) => teams[s] === tm)])
      : Array.from({ length: n }, (_, s) => [who(s), view.scores[s], winners.includes(s)]))
      .map(([name, score, won]) => el("tr", { class: won ? "zs-won" : "" }, el("td", {}, name, won ? " ★" : ""), el("td", {}, String(score))))) : null;
  return el("div", { class: "zs-ending" },
    el("p", { class: "zs-why-end" }, why),
    el("p", {}, el("b", {}, t("Winner: {who}", { who: winnerText || "—" }))),
    counted ? el("p", { class: "dim" }, t("Points are the zombie points left in hands when a hand ends.")) : null,
    table, counted && !hands.length && lh.hand !== undefined ? el("p", {}, t("Hand {n} went to {seat}", { n: lh.hand, seat: seatName(ctx, lh.finisher) })) : null,
    totals);
}
