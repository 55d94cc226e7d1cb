// Hints at casual tables. A table made with "Hints (casual table)" says so in every state
// message (`hints`): everyone reads "Hints are on at this table" under the board, and the seat to act
// gets a "Hint" button. It sends {"type": "hint", "index": n}; the server answers this connection
// alone with the move the game's bot would play from this seat's own view (server/hints.py): its
// text is shown under the board, and the pieces that lead to it (their data-actions list it) are
// marked `.hinted` until the table moves on. A refusal (code "hint-..." or "hints-off") is shown
// beside the button.
//
// Like undo.js, it reads the messages table.js hands to `deadtable:message` listeners.
import { el, onTableMessage } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";

const HINTED = "hinted";
let last = null; // the newest state
let hint = null; // the answer for the newest state's move, or null
let asked = false;
let problem = "";

function bar() {
  let node = document.getElementById("hint-bar");
  if (!node) {
    const board = document.getElementById("board-panel");
    if (!board) return null;
    node = el("div", { id: "hint-bar", class: "hint-bar" });
    board.after(node);
  }
  return node;
}

function mine() {
  return Boolean(last && last.hints && last.your_turn && !last.over);
}

function draw() {
  const node = bar();
  if (!node) return;
  if (!last || !last.hints) { node.replaceChildren(); return; }
  const parts = [el("span", { class: "hint-on dim" }, t("Hints are on at this table"))];
  if (mine()) {
    const button = el("button", {
      id: "hint-button",
      type: "button",
      disabled: asked,
      title: t("The move the bot would play, from what you can see (never the hidden cards)"),
    }, t("Hint"));
    button.addEventListener("click", ask);
    parts.push(button);
  }
  // The text says the move in the game's words; the action it names is kept beside it (data-action).
  if (hint) parts.push(el("span", { id: "hint-text", class: "hint-text", role: "status", dataset: { action: hint.action } }, hint.text));
  if (problem) parts.push(el("span", { class: "hint-note error", role: "status" }, problem));
  node.replaceChildren(...parts);
}

// A piece's data-actions: a JSON list of action texts, or the texts one a line (Carson City Zoo's).
function actionsOf(node) {
  const raw = node.dataset.actions || "";
  try {
    const texts = JSON.parse(raw);
    if (Array.isArray(texts)) return texts;
  } catch { /* one a line */ }
  return raw.split("\n").filter(Boolean);
}

// The pieces whose data-actions hold `action`, marked with the class `cls` (again after each redraw;
// the coach, coach.js, marks its suggestion the same way). A card whose first step enters a phase
// lists that step too: when a control (`data-control`, a phase or end-turn button) does the action,
// only the controls are marked; else the most specific pieces, those that lead to the fewest actions.
export function markPieces(board, action, cls) {
  for (const node of board.querySelectorAll(`.${cls}`)) node.classList.remove(cls);
  if (!action) return;
  const found = [];
  for (const node of board.querySelectorAll("[data-actions]")) {
    const texts = actionsOf(node);
    if (texts.includes(action)) found.push([texts.length, node]);
  }
  const controls = found.filter(([, node]) => node.dataset.control !== undefined);
  if (controls.length) { for (const [, node] of controls) node.classList.add(cls); return; }
  const fewest = Math.min(...found.map(([n]) => n));
  for (const [n, node] of found) if (n === fewest) node.classList.add(cls);
}

function mark() {
  const board = document.getElementById("board");
  if (!board) return;
  markPieces(board, hint && last && hint.index === last.index ? hint.action : null, HINTED);
}

function ask() {
  if (!mine() || asked) return;
  if (window.deadtable && window.deadtable.send({ type: "hint", index: last.index })) {
    asked = true;
    problem = "";
    draw();
  }
}

function receive(msg) {
  if (msg.type === "state") {
    if (!last || msg.index !== last.index) { hint = null; problem = ""; }
    last = msg;
    asked = false; // (a state sent again after a reconnect: the answer may be lost, ask again)
    draw();
  } else if (msg.type === "hint") {
    asked = false;
    if (last && msg.index === last.index) hint = msg;
    draw();
    mark();
  } else if (msg.type === "error" && /^hints?-/.test(String(msg.code))) {
    asked = false;
    problem = msg.message;
    draw();
  }
}

onTableMessage(receive);
onLanguageChange(draw);
const board = document.getElementById("board");
if (board) new MutationObserver(mark).observe(board, { childList: true, subtree: true });
