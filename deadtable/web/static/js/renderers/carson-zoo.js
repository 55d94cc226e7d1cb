// Carson City Zoo Apocalypse: the 5x5 grid (stack heights, top values, characters, mutants), each
// seat's hand and score. Click a character in your hand, then a highlighted position, to place it;
// click one of your characters on the grid, then a highlighted neighbour, to move it.
import { el, seatLabel } from "../api.js";
import { nt, t } from "../i18n.js";

const COLS = "abcde";
let selected = null; // { kind: "hand", value } | { kind: "piece", pos }
let lastKey = "";

function parse(text) {
  const words = text.split(" ");
  if (words[0] === "place") return { kind: "place", value: Number(words[1]), pos: words[2], text };
  if (words[0] === "move") return { kind: "move", src: words[1], dst: words[2], text };
  return null;
}

function targetsFor(legal, sel) {
  const out = new Map();
  if (!sel) return out;
  for (const text of legal) {
    const a = parse(text);
    if (!a) continue;
    if (sel.kind === "hand" && a.kind === "place" && a.value === sel.value) out.set(a.pos, text);
    if (sel.kind === "piece" && a.kind === "move" && a.src === sel.pos) out.set(a.dst, text);
  }
  return out;
}

function piece(p) {
  if (!p) return null;
  const label = p.mutant ? `M${p.value}` : String(p.value);
  return el("div", { class: `piece bg-p${p.owner % 4}${p.mutant ? " mutant" : ""}`, title: p.mutant ? t("mutant (was {who}'s {value})", { who: `P${p.owner + 1}`, value: p.value }) : t("{who}'s {value}", { who: `P${p.owner + 1}`, value: p.value }) }, label);
}

export function render(container, view, ctx) {
  const legal = (ctx && ctx.interactive && ctx.legal) || [];
  const seat = ctx ? ctx.seat : null;
  const key = `${view.turn}/${legal.length}`;
  if (key !== lastKey) { selected = null; lastKey = key; }
  const targets = targetsFor(legal, selected);
  const movable = new Set(legal.map(parse).filter((a) => a && a.kind === "move").map((a) => a.src));
  const placeable = new Set(legal.map(parse).filter((a) => a && a.kind === "place").map((a) => a.value));
  const hint = el("div", { id: "hint", class: "dim" });
  const redraw = () => render(container, view, ctx);

  const grid = el("div", { class: "zoo-grid", role: "grid", "aria-label": t("zoo") });
  for (let row = 4; row >= 0; row--) {
    grid.append(el("div", { class: "axis" }, String(row + 1)));
    for (let col = 0; col < 5; col++) {
      const cell = view.board[row * 5 + col];
      const pos = cell.pos;
      const classes = ["cell"];
      if (!cell.height && !cell.piece) classes.push("empty");
      if (targets.has(pos)) classes.push("target");
      if (selected && selected.kind === "piece" && selected.pos === pos) classes.push("selected");
      if (movable.has(pos)) classes.push("mine");
      const node = el("div", { class: classes.join(" "), dataset: { pos }, title: pos },
        el("span", { class: "name" }, pos),
        cell.height ? el("span", { class: "top" }, String(cell.top)) : null,
        el("span", { class: "height", title: nt("{n} zoo card", "{n} zoo cards", cell.height) }, Array.from({ length: cell.height }, () => el("i"))),
        piece(cell.piece));
      node.addEventListener("click", () => {
        if (targets.has(pos)) { const text = targets.get(pos); selected = null; ctx.act(text); return; }
        if (movable.has(pos)) { selected = selected && selected.pos === pos ? null : { kind: "piece", pos }; redraw(); return; }
        if (selected && ctx.why) {
          const text = selected.kind === "hand" ? `place ${selected.value} ${pos}` : `move ${selected.pos} ${pos}`;
          ctx.why(text).then((reason) => { hint.textContent = reason ? t("Not allowed: {reason}", { reason }) : ""; hint.className = "error"; });
        }
      });
      if (selected && !targets.has(pos) && ctx && ctx.why) {
        node.addEventListener("mouseenter", () => {
          const text = selected.kind === "hand" ? `place ${selected.value} ${pos}` : `move ${selected.pos} ${pos}`;
          ctx.why(text).then((reason) => { if (reason) { node.title = reason; hint.textContent = `${text}: ${reason}`; hint.className = "dim"; } });
        });
      }
      grid.append(node);
    }
  }
  grid.append(el("div"));
  for (const c of COLS) grid.append(el("div", { class: "axis col" }, c));

  const side = el("div", { class: "zoo-side" });
  for (let s = 0; s < view.players; s++) {
    const mine = s === seat;
    const hand = el("div", { class: "hand" }, view.hands[s].map((v) => {
      const can = mine && placeable.has(v);
      return el("button", {
        class: `char bg-p${s % 4}${selected && selected.kind === "hand" && selected.value === v && mine ? " selected" : ""}`,
        disabled: !can, dataset: { value: String(v) }, title: can ? t("place your {value}", { value: v }) : t("character {value}", { value: v }),
        onclick: () => { selected = selected && selected.kind === "hand" && selected.value === v ? null : { kind: "hand", value: v }; redraw(); },
      }, String(v));
    }));
    side.append(
      el("div", {}, el("strong", { class: `p${s % 4}` }, seatLabel(ctx && ctx.seats, s)), mine ? ` ${t("(you)")}` : "",
        view.current_player === s ? ` ◀ ${t("to act")}` : "",
        el("div", { class: "dim" }, `${nt("{n} point", "{n} points", view.scores[s])} · ${t("captured {n}: {cards}", { n: view.captured[s].length, cards: view.captured[s].join(" ") || "—" })}`)),
      hand);
  }
  if (view.mutants_found.length) side.append(el("p", {}, t("Mutants found among values: {values}", { values: view.mutants_found.join(", ") })));
  side.append(el("p", { class: "dim" }, t("Top value in large type; one bar per zoo card left in the stack. M = mutant.")));
  if (legal.length) side.append(el("p", {}, selected ? t("Now click a highlighted position.") : t("Click a character in your hand, or one of yours on the grid.")));
  side.append(hint);
  container.replaceChildren(el("div", { class: "zoo" }, grid, side));
}
