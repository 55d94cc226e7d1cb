// Supply Run's board in the browser: the crate turned up, your hand as buttons, every seat's
// crates and the rounds played. Drawn from the seat's view and the structured legal actions
// (`ctx.actions`, each {kind: "bid", card}), never from action texts. The server serves it from this
// package at /games/supply-run/renderer.js; it imports nothing, so it reads alone.

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// Every run card is drawn as a button (or a dim card), so the table needs no list of action texts.
export const piecesOnly = true;

export function render(container, view, ctx) {
  const bids = new Map((ctx.actions || []).filter((a) => a.kind === "bid").map((a) => [a.card, a]));
  const crate = view.crate === null
    ? el("p", { class: "sr-crate" }, "—")
    : el("p", { class: "sr-crate", dataset: { piece: `crate-${view.crate}` } }, `Round ${view.round}: crate ${view.crate}`);
  const seats = el("ul", { class: "sr-seats" }, view.scores.map((score, seat) =>
    el("li", { dataset: { zone: `seat-${seat}` } },
      `P${seat + 1}: ${score} · ${view.hand_sizes[seat]} cards`,
      view.bid_down[seat] ? " · ▮" : "",
      view.current_player === seat ? " ◀" : "")));
  const hand = view.hand === null ? null : el("div", { class: "sr-hand", dataset: { zone: "hand" } },
    view.hand.map((card) => bids.has(card)
      ? el("button", { type: "button", class: "sr-run", dataset: { piece: `run-${card}`, actions: `bid ${card}` }, onclick: () => ctx.act(`bid ${card}`) }, String(card))
      : el("span", { class: "chip", dataset: { piece: `run-${card}` } }, String(card))),
    view.bid === null ? null : el("span", { class: "chip dim", dataset: { piece: `run-${view.bid}` } }, `▮ ${view.bid}`));
  const rounds = el("ol", { class: "sr-rounds" }, view.rounds.map((r) =>
    el("li", {}, `${r.crate}: ${r.bids.map((b, seat) => `P${seat + 1} ${b}`).join(", ")} → P${r.taker + 1}`)));
  container.replaceChildren(el("div", { class: "sr" }, crate, `${view.drop} left`, seats, hand, rounds));
}
