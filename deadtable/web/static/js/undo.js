// "Undo": a seat takes back its own last move while the game allows it. The game decides
// (deadtable/core/undo.py: the seat's own moves of this turn, until one draws or shows a card, leaves
// a choice to chance or to another seat); each state message tells the seat `can_undo`, how many
// moves it may take back now, and the button is enabled only then. Ctrl+Z (Cmd+Z) does the same
// outside text fields. The server answers with every seat's state again (the log says who took back
// a move, never which), or with an error whose code starts with "undo-", shown beside the button.
//
// Like chat.js and rematch.js, it reads the messages table.js hands to `deadtable:message` listeners.
import { el, onTableMessage } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";

let last = null;
let sent = false;
let problem = "";

function bar() {
  let node = document.getElementById("undo-bar");
  if (!node) {
    const board = document.getElementById("board-panel");
    if (!board) return null;
    node = el("div", { id: "undo-bar", class: "undo-bar" });
    board.after(node);
  }
  return node;
}

function allowed() {
  return Boolean(last && last.seat !== null && !last.over && last.can_undo > 0 && !sent);
}

function draw() {
  const node = bar();
  if (!node) return;
  if (!last || last.seat === null || last.over) { node.replaceChildren(); return; }
  const button = el("button", {
    id: "undo-button",
    type: "button",
    disabled: !allowed(),
    title: t("Take back your last move (Ctrl+Z): your own moves of this turn, while they showed nothing new"),
  }, t("Undo"));
  button.addEventListener("click", undo);
  node.replaceChildren(button);
  if (problem) node.append(el("span", { class: "undo-note error", role: "status" }, problem));
}

function undo() {
  if (!allowed()) return;
  if (window.deadtable && window.deadtable.send({ type: "undo", index: last.index })) {
    sent = true;
    problem = "";
    draw();
  }
}

function receive(msg) {
  if (msg.type === "state") {
    if (!last || msg.index !== last.index) problem = "";
    last = msg;
    sent = false;
    draw();
  } else if (msg.type === "error" && String(msg.code).startsWith("undo-")) {
    sent = false;
    problem = msg.message;
    draw();
  }
}

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== "z") return;
  if (typing(event.target) || !allowed()) return;
  event.preventDefault();
  undo();
});
onTableMessage(receive);
onLanguageChange(draw);
