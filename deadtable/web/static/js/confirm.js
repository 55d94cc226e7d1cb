// Confirm a move that commits more than one click suggests. The server lists, with the legal
// actions of the seat to act, those its game asks about (`confirm`: deadtable.core.game's
// Game.asks_first, declared by each game in its own package, none by default): Overlords' recruit
// and exchange, a hidden pick final at once; a Zombie Overlord Trap's ability, which one tap on the
// Trap in the hub reaches (the renderer enters the Action Phase first, and leaves it after). An
// ordinary move goes at once, even one that cannot be taken back: a box at every move is a box
// people click through. With the setting on (the default, remembered in this browser), such a move
// waits in a box above the board until it is confirmed ("Make the move", Enter) or dropped
// ("Cancel", Escape). A new state (the clock ran out, the table moved) drops the box.
//
// table.js asks `guard(text, state)` before sending any move (window.deadtable.setGuard): true sends
// it in the same click, a promise waits for the answer.
import { el, onTableMessage } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";

const STORE = "deadtable.confirm"; // "on" / "off"; without a choice, on
let open = null; // { resolve, index, box }

export function confirming() {
  try { return localStorage.getItem(STORE) !== "off"; } catch { return true; }
}

function setConfirming(on) {
  try { localStorage.setItem(STORE, on ? "on" : "off"); } catch { /* private mode: for this page only */ }
  document.body.dataset.confirm = on ? "on" : "off";
}

function close(answer) {
  if (!open) return;
  const { resolve, box } = open;
  open = null;
  box.remove();
  document.body.dataset.confirming = "no";
  resolve(answer);
}

// The piece the move was clicked on, in the words it shows (its label, or its first line: a card's
// name), so the box says what is about to happen; null when no piece names it.
function pieceWords(text) {
  for (const node of document.querySelectorAll("#board [data-actions]")) {
    const d = node.dataset.actions || "";
    let acts = [];
    try { acts = d.startsWith("[") ? JSON.parse(d) : d.split("\n"); } catch { acts = []; }
    if (!acts.includes(text)) continue;
    const label = (node.getAttribute("aria-label") || node.innerText || "").split("\n").map((s) => s.trim()).find(Boolean);
    if (label && label !== text && label.length <= 60) return label;
  }
  return null;
}

function ask(state, text) {
  close(false);
  return new Promise((resolve) => {
    const what = pieceWords(text);
    const yes = el("button", { type: "button", class: "primary", id: "confirm-yes", onclick: () => close(true) }, t("Make the move"));
    const no = el("button", { type: "button", id: "confirm-no", onclick: () => close(false) }, t("Cancel"));
    const box = el("div", { id: "confirm-box", class: "confirm-box", role: "alertdialog", "aria-labelledby": "confirm-what" },
      el("span", { id: "confirm-what", class: "confirm-what" }, what ? t("{what}: this move cannot be taken back. Make it?", { what }) : t("This move cannot be taken back. Make it?")), yes, no);
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); close(false); }
    });
    const board = document.getElementById("board-panel");
    if (board) board.before(box); else document.body.prepend(box);
    open = { resolve, index: state.index, box };
    document.body.dataset.confirming = "yes";
    yes.focus({ preventScroll: true });
  });
}

function guard(text, state) {
  if (!confirming() || !Array.isArray(state.confirm) || !state.confirm.includes(text)) return true;
  return ask(state, text);
}

// The table's settings row under the board (this setting, and the turn sound of sound.js).
export function settingsRow() {
  let row = document.getElementById("table-settings");
  if (!row) {
    const board = document.getElementById("board-panel");
    if (!board) return null;
    row = el("div", { id: "table-settings", class: "table-settings" });
    (document.getElementById("toast") || board).after(row);
  }
  return row;
}

function drawSetting() {
  let label = document.getElementById("confirm-setting");
  const host = settingsRow();
  if (!host) return;
  if (!label) {
    const input = el("input", { type: "checkbox", id: "confirm-moves" });
    input.addEventListener("change", () => setConfirming(input.checked));
    label = el("label", { id: "confirm-setting", class: "confirm-setting" }, input, el("span", {}));
    host.prepend(label);
  }
  label.querySelector("input").checked = confirming();
  label.querySelector("span").textContent = t("Ask before a move that commits more than one click shows");
  document.body.dataset.confirm = confirming() ? "on" : "off";
}

onTableMessage((msg) => {
  if (msg.type !== "state") return;
  if (open && msg.index !== open.index) close(false);
  if (!document.getElementById("confirm-setting") && msg.seat !== null) drawSetting();
});
onLanguageChange(() => { if (document.getElementById("confirm-setting")) drawSetting(); if (open) close(false); });

if (window.deadtable && window.deadtable.setGuard) window.deadtable.setGuard(guard);
