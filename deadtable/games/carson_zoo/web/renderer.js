// Carson City Zoo Apocalypse: the 5x5 grid (stacks of zoo cards with their top value and how many are
// left, characters, mutants), each seat's hand and captures. Every legal action is one of the board's
// pieces (ctx.actions, built from their kind and fields, never their text):
//   place {value, pos}: a character in your hand, then a highlighted position (or a position, then
//                       "Place your N here" in its menu when several characters could go there);
//   move {src, dst}:    one of your characters on the grid, then a highlighted neighbour.
// Every piece carries data-actions (the action texts it can lead to) and data-piece (a stable id: a
// character is "char-<seat>-<value>" in hand and on the grid, a position is "pos-<name>").
import { api, el, seatLabel } from "/static/js/api.js";
import { nt, t } from "/static/js/i18n.js";
import { unplayable } from "/static/js/renderers/common.js";
export { panels } from "./panels.js"; // each player's panel (the table's js/panels.js)

export const piecesOnly = true;
// ending() says why the game ended and how it is scored: the banner leaves the outcome's note out.
export const ownNote = true;

const COLS = "abcde";
const SIZE = 5;
const posName = (i) => `${COLS[i % SIZE]}${Math.floor(i / SIZE) + 1}`;

let selected = null; // { kind: "hand", value } | { kind: "piece", pos } (pos: grid index)
let menuPos = null; // the position whose menu of actions is open
let detailPos = null; // the position shown large in the details box
let lastKey = "";

// The legal actions by what they act on.
function index(actions) {
  const places = new Map(); // value -> Map(pos -> action)
  const moves = new Map(); // src -> Map(dst -> action)
  const into = new Map(); // pos -> [actions that end on pos]
  const add = (map, key) => { if (!map.has(key)) map.set(key, new Map()); return map.get(key); };
  for (const a of actions) {
    if (a.kind === "place") { add(places, a.value).set(a.pos, a); (into.get(a.pos) || into.set(a.pos, []).get(a.pos)).push(a); }
    if (a.kind === "move") { add(moves, a.src).set(a.dst, a); (into.get(a.dst) || into.set(a.dst, []).get(a.dst)).push(a); }
  }
  return { places, moves, into };
}

function pieceAt(view, pos) {
  return view.board[pos].piece;
}

function label(view, a) {
  if (a.kind === "place") return t("Place your {value} here", { value: a.value });
  const p = pieceAt(view, a.src);
  return t("Move your {value} here from {src}", { value: p ? p.value : "?", src: posName(a.src) });
}

function pieceTitle(ctx, p) {
  const who = seatLabel(ctx && ctx.seats, p.owner);
  return p.mutant ? t("mutant (was {who}'s {value})", { who, value: p.value }) : t("{who}'s {value}", { who, value: p.value });
}

function pieceNode(ctx, p) {
  return el("span", { class: `piece bg-p${p.owner % 4}${p.mutant ? " mutant" : ""}`, title: pieceTitle(ctx, p) },
    p.mutant ? el("span", { class: "mark", "aria-hidden": "true" }, "☣") : null,
    el("span", { class: "value" }, String(p.value)));
}

function cellTitle(view, ctx, pos) {
  const cell = view.board[pos];
  const parts = [posName(pos)];
  if (cell.height) parts.push(t("top card {value}", { value: cell.top }), nt("{n} zoo card", "{n} zoo cards", cell.height));
  else parts.push(t("no zoo card left"));
  if (cell.piece) parts.push(pieceTitle(ctx, cell.piece));
  return parts.join(" · ");
}

function details(view, ctx) {
  const box = el("div", { class: "zoo-details", "aria-live": "polite" });
  if (detailPos === null) {
    box.append(el("span", { class: "dim" }, t("Point at or tap a position to see it here.")));
    return box;
  }
  const cell = view.board[detailPos];
  box.append(
    el("div", { class: "big-cell" }, el("span", { class: "name" }, posName(detailPos)),
      cell.height ? el("span", { class: "top" }, String(cell.top)) : el("span", { class: "top none" }, "—"),
      cell.piece ? pieceNode(ctx, cell.piece) : null),
    el("div", {},
      el("div", {}, cell.height ? t("Top zoo card: {value}", { value: cell.top }) : t("no zoo card left")),
      cell.height ? el("div", { class: "dim" }, nt("{n} zoo card", "{n} zoo cards", cell.height)) : null,
      cell.piece ? el("div", {}, pieceTitle(ctx, cell.piece)) : null));
  return box;
}

export function render(container, view, ctx) {
  const interactive = !!(ctx && ctx.interactive);
  const actions = interactive ? (ctx.actions || []) : [];
  const seat = ctx ? ctx.seat : null;
  const key = `${view.turn}/${actions.length}/${interactive}`;
  if (key !== lastKey) { selected = null; menuPos = null; lastKey = key; }
  const { places, moves, into } = index(actions);
  if (selected && selected.kind === "hand" && !places.has(selected.value)) selected = null;
  if (selected && selected.kind === "piece" && !moves.has(selected.pos)) selected = null;
  const targets = !selected ? new Map() : selected.kind === "hand" ? places.get(selected.value) : moves.get(selected.pos);
  const redraw = () => render(container, view, ctx);
  const hint = el("div", { id: "hint", class: "dim", "aria-live": "polite" });
  const act = (a) => { selected = null; menuPos = null; ctx.act(a.text); };
  const probe = (pos) => {
    if (selected && selected.kind === "hand") return `place ${selected.value} ${posName(pos)}`;
    if (selected && selected.kind === "piece") return `move ${posName(selected.pos)} ${posName(pos)}`;
    const hand = seat !== null && seat !== undefined && view.hands[seat];
    return hand && hand.length ? `place ${hand[0]} ${posName(pos)}` : null;
  };
  const explain = (pos, node, loud) => {
    const text = probe(pos);
    if (!text || !ctx || !ctx.why || seat === null || seat === undefined || view.over) return Promise.resolve(null);
    return ctx.why(text).then((reason) => {
      if (!reason) return null;
      node.title = reason;
      if (loud) { hint.textContent = t("Not allowed: {reason}", { reason }); hint.className = "error"; }
      return reason;
    });
  };

  // A grid of rows (role row, laid out by the grid around them: display: contents), each a row
  // header and five cells holding a position's button; the column letters are the last row.
  const grid = el("div", { class: "zoo-grid", role: "grid", "aria-label": t("zoo") });
  for (let row = SIZE - 1; row >= 0; row--) {
    const line = el("div", { class: "zoo-row", role: "row" }, el("div", { class: "axis", role: "rowheader" }, String(row + 1)));
    grid.append(line);
    for (let col = 0; col < SIZE; col++) {
      const pos = row * SIZE + col;
      const cell = view.board[pos];
      const target = targets && targets.get(pos);
      const ownMove = moves.has(pos);
      const entering = into.get(pos) || [];
      const leads = selected ? (target ? [target] : []) : [...entering, ...(ownMove ? moves.get(pos).values() : [])];
      const usable = leads.length > 0 || ownMove;
      const classes = ["cell"];
      if (!cell.height && !cell.piece) classes.push("empty");
      if (target) classes.push("target");
      if (selected && selected.kind === "piece" && selected.pos === pos) classes.push("selected");
      if (ownMove) classes.push("mine");
      if (!selected && entering.length) classes.push("open");
      if (menuPos === pos) classes.push("menu-open");
      // While a character is chosen every position answers a tap: a refused one says why (it is
      // "blocked", leads to no action, and stays enabled so the tap reaches it).
      if (!usable && selected) classes.push("blocked");
      // Its name says what it is, then what pressing it does.
      const doing = target ? [label(view, target)] : selected && selected.kind === "piece" && selected.pos === pos ? [t("Cancel")]
        : ownMove ? [t("Choose")] : selected ? [] : entering.map((a) => label(view, a));
      const node = el("button", {
        type: "button", class: classes.join(" "), title: cellTitle(view, ctx, pos),
        dataset: { pos: posName(pos), piece: `pos-${posName(pos)}`, actions: leads.map((a) => a.text).join("\n"), ...(doing.length ? { doing: doing.join("; ") } : {}) },
      },
      // Read aloud: the position in words (it starts with the name shown), then what pressing it
      // does (data-doing, css/access.css); the figures drawn are for the eyes.
      el("span", { class: "sr-only" }, cellTitle(view, ctx, pos)),
      el("span", { class: "name", "aria-hidden": "true" }, posName(pos)),
      cell.height ? el("span", { class: "zoo-stack", "aria-hidden": "true", dataset: { piece: `zoo-${posName(pos)}` } },
        el("span", { class: "top" }, String(cell.top)),
        el("span", { class: "height" }, Array.from({ length: cell.height }, () => el("i")), el("span", { class: "count" }, `×${cell.height}`))) : null,
      cell.piece ? el("span", { class: "holder", "aria-hidden": "true", dataset: { piece: `char-${cell.piece.owner}-${cell.piece.value}` } }, pieceNode(ctx, cell.piece)) : null);
      const show = () => { if (detailPos !== pos) { detailPos = pos; const old = container.querySelector(".zoo-details"); if (old) old.replaceWith(details(view, ctx)); } };
      node.addEventListener("pointerenter", show);
      node.addEventListener("focus", show);
      if (!usable) node.addEventListener("mouseenter", () => { if (!node.dataset.asked) { node.dataset.asked = "1"; explain(pos, node, false); } });
      node.addEventListener("click", () => {
        detailPos = pos;
        if (target) { act(target); return; }
        if (selected && selected.kind === "piece" && selected.pos === pos) { selected = null; redraw(); return; }
        if (ownMove && !selected) { selected = { kind: "piece", pos }; menuPos = null; redraw(); return; }
        if (ownMove) { selected = { kind: "piece", pos }; redraw(); return; }
        if (selected) { explain(pos, node, true); return; }
        if (entering.length === 1) { act(entering[0]); return; }
        if (entering.length > 1) { menuPos = menuPos === pos ? null : pos; redraw(); }
      });
      if (!usable && !selected) unplayable(node, () => explain(pos, node, false)); // js/whynot.js tells it
      line.append(el("div", { class: "zoo-gridcell", role: "gridcell" }, node));
    }
  }
  grid.append(el("div", { class: "zoo-row", role: "row" }, el("div", { class: "axis corner", role: "gridcell" }), // a box: it takes the corner
    [...COLS].map((c) => el("div", { class: "axis col", role: "columnheader" }, c))));

  // The menu of a position several actions can reach: each in words.
  let menu = null;
  if (menuPos !== null && into.has(menuPos)) {
    const choices = into.get(menuPos);
    menu = el("div", { class: "zoo-menu", role: "menu", "aria-label": posName(menuPos) },
      el("span", { class: "menu-title" }, `${posName(menuPos)}:`),
      choices.map((a) => el("button", { type: "button", class: "choice", role: "menuitem", dataset: { actions: a.text }, onclick: () => act(a) }, label(view, a))),
      el("button", { type: "button", class: "choice cancel", dataset: { escape: "" }, onclick: () => { menuPos = null; redraw(); } }, t("Close this menu")));
  }

  const side = el("div", { class: "zoo-side" });
  for (let s = 0; s < view.players; s++) {
    const mine = s === seat;
    const pile = view.captured[s];
    const hand = el("div", { class: "hand" }, view.hands[s].map((v) => {
      const to = mine ? places.get(v) : null;
      const isSel = mine && selected && selected.kind === "hand" && selected.value === v;
      return el("button", {
        type: "button", class: `char bg-p${s % 4}${isSel ? " selected" : ""}`, "aria-disabled": to ? null : "true",
        title: to ? t("place your {value}", { value: v }) : t("character {value}", { value: v }),
        "aria-pressed": mine && to ? String(!!isSel) : null,
        "aria-label": `${v}: ${to ? t("place your {value}", { value: v }) : t("{who}'s {value}", { who: seatLabel(ctx && ctx.seats, s), value: v })}`,
        dataset: { value: String(v), piece: `char-${s}-${v}`, actions: to ? [...to.values()].map((a) => a.text).join("\n") : "" },
        onclick: () => { selected = isSel ? null : { kind: "hand", value: v }; menuPos = null; redraw(); },
      }, String(v));
    }));
    side.append(el("div", { class: `zoo-seat${view.current_player === s ? " to-act" : ""}`, dataset: { seat: String(s) } },
      el("div", {}, el("strong", { class: `p${s % 4}` }, seatLabel(ctx && ctx.seats, s)), mine ? ` ${t("(you)")}` : "",
        view.current_player === s ? ` ◀ ${t("to act")}` : ""),
      el("div", { class: "dim" }, nt("{n} point", "{n} points", view.scores[s]), " · ",
        t("{n} captured, worth {points}", { n: pile.length, points: pile.reduce((x, y) => x + y, 0) })),
      view.hands[s].length ? hand : el("div", { class: "dim" }, t("no character in hand"))));
  }
  if (view.mutants_found.length) side.append(el("p", {}, t("Mutants found among values: {values}", { values: view.mutants_found.join(", ") })));
  side.append(el("p", { class: "dim" }, t("Each position: its top zoo card in large type and how many cards are left (×2, ×1). ☣ = a mutant.")));
  side.append(el("p", { class: "dim" }, t("Characters by shape: P1 round, P2 square, P3 arch, P4 leaf.")));
  if (interactive && actions.length) {
    side.append(el("p", { class: "zoo-prompt" }, selected ? t("Now tap a highlighted position.") : t("Tap a character in your hand, one of yours on the grid, or a position.")));
  }
  side.append(hint, details(view, ctx));
  // The seats and hands come first (Tab reaches your hand, then the grid: a move starts from a
  // character), shown beside or below the grid all the same (renderer.css: order).
  container.replaceChildren(el("div", { class: "zoo" }, side, el("div", { class: "zoo-board" }, grid, menu)));
}

// What each seat captured, told apart (zoo card, character, mutant): the finished game's replay
// steps compared two by two (a zoo card taken shows in "zoo_cards_taken"; otherwise the piece that
// stood on the destination was captured, a mutant or a character). Kept per table.
const splits = new Map();

function split(views) {
  const kinds = views[0].captured.map(() => []);
  for (let k = 1; k < views.length; k++) {
    const prev = views[k - 1];
    const cur = views[k];
    const zoo = cur.zoo_cards_taken.length > prev.zoo_cards_taken.length;
    let lost = null;
    cur.board.forEach((cell, i) => {
      const before = prev.board[i].piece;
      const now = cell.piece;
      if (before && now && (before.owner !== now.owner || before.value !== now.value || before.mutant !== now.mutant)) lost = before;
    });
    cur.captured.forEach((pile, s) => {
      for (const value of pile.slice(prev.captured[s].length)) kinds[s].push({ kind: zoo ? "zoo" : lost && lost.mutant ? "mutant" : "character", value });
    });
  }
  return kinds;
}

async function capturesOf(tableId, steps) {
  if (!splits.has(tableId)) {
    const url = (n) => `/api/tables/${encodeURIComponent(tableId)}/replay/${n}`;
    splits.set(tableId, Promise.all(Array.from({ length: steps + 1 }, (_, n) => api(url(n)).then((d) => d.view))).then(split));
  }
  return splits.get(tableId);
}

// One row a kind of capture, one column a seat (narrow enough for a phone): points, and how many cards.
function scoresTable(view, ctx, outcome, kinds) {
  const sum = (xs) => xs.reduce((x, y) => x + y, 0);
  const cellOf = (values) => el("td", {}, el("strong", {}, String(sum(values))), el("span", { class: "count" }, nt("{n} card", "{n} cards", values.length)));
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const win = (s) => !!(outcome && outcome.winners && outcome.winners.includes(s));
  const kept = seats.map((s) => {
    const out = [...view.hands[s]];
    for (const cell of view.board) if (cell.piece && cell.piece.owner === s && !cell.piece.mutant) out.push(cell.piece.value);
    return out;
  });
  const by = (s, k) => kinds[s].filter((c) => c.kind === k).map((c) => c.value);
  const lines = kinds
    ? [[t("Zoo cards captured"), (s) => by(s, "zoo")], [t("Characters captured"), (s) => by(s, "character")], [t("Mutants captured"), (s) => by(s, "mutant")]]
    : [[t("Cards captured"), (s) => view.captured[s]]];
  lines.push([t("Characters kept"), (s) => kept[s]]);
  return el("div", { class: "zoo-table-wrap", dataset: { split: kinds ? "yes" : "no" } }, el("table", { class: "zoo-scores" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), seats.map((s) => el("th", { class: `p${s % 4}${win(s) ? " win" : ""}`, scope: "col" }, seatLabel(ctx && ctx.seats, s), win(s) ? " ★" : "")))),
    el("tbody", {},
      lines.map(([name, values]) => el("tr", {}, el("th", { scope: "row" }, name), seats.map((s) => cellOf(values(s))))),
      el("tr", { class: "total" }, el("th", { scope: "row" }, t("Score")), seats.map((s) => el("td", { class: win(s) ? "win" : "" }, el("strong", {}, String(view.scores[s]))))))));
}

// The ending banner: why the game ended (CZ-7) and what each player captured, in points (the totals
// at once, then zoo cards, characters and mutants apart once the replay's steps are read).
export function ending(view, outcome, ctx) {
  const stuck = (view.first_player + view.turn) % view.players;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  const table = scoresTable(view, ctx, outcome, null);
  const box = el("div", { class: "zoo-ending" },
    el("p", {}, t("{who} had no legal action left (no character to place and no move), so the game ended (CZ-7).", { who: seatLabel(ctx && ctx.seats, stuck) })),
    table,
    el("p", { class: "dim" }, t("Score: every captured card's value plus the characters still in hand or on the grid (not those that turned into mutants).")));
  if (tableId && view.over) {
    capturesOf(tableId, view.turn).then((kinds) => table.replaceWith(scoresTable(view, ctx, outcome, kinds)), () => { splits.delete(tableId); });
  }
  return box;
}
