// What happened since your last move, beside the board: the table's log entries (the game's
// narration in the reader's language, and the table's notes) that came after the state your own
// last move made, so a person coming back to their turn reads the others' moves in words rather
// than hunting for highlighted pieces (the renderers leave your own hand unmarked for this).
// A spectator sees nothing here.
//
// It follows the board as drawn (table.js's `deadtable:drawn`, which comes with the log drawn up
// to the same state), and copies the newest entries of the log's list: the whole log sent again
// (a language switch, an Undo) redraws the same summary in its new words.
import { el } from "./api.js";
import { keyboardScroll } from "./panels.js";
import { onLanguageChange, t } from "./i18n.js";

let since = 0; // how many of the log's entries there were when your last move was seen made
let wasYourTurn = false;
let lastIndex = null;
let seat = null;

function box() {
  let node = document.getElementById("since");
  if (!node) {
    const aside = document.querySelector(".layout aside");
    if (!aside) return null;
    node = el("section", { id: "since", class: "panel since-box hidden", "aria-labelledby": "since-title" });
    aside.prepend(node);
  }
  return node;
}

const logEntries = () => [...document.querySelectorAll("#log > li")];

function draw(fresh) {
  const node = box();
  if (!node) return;
  const all = logEntries();
  if (since > all.length) since = all.length; // moves taken back
  const entries = all.slice(since);
  node.classList.toggle("hidden", seat === null);
  node.classList.toggle("fresh", Boolean(fresh && entries.length));
  node.replaceChildren(
    el("h2", { id: "since-title" }, t("Since your last move")),
    entries.length ? el("ol", {}, entries.map((e) => el("li", { class: e.className }, e.textContent))) : el("p", { class: "dim" }, t("Nothing yet.")));
  const list = node.querySelector("ol");
  if (list) keyboardScroll(list);
  document.body.dataset.since = String(entries.length);
}

function drawn({ msg, newest }) {
  seat = msg.seat;
  const moved = lastIndex !== null && msg.index > lastIndex;
  // Your move made (the state after one you were to make): the summary starts again after it.
  if (seat !== null && moved && wasYourTurn) since = logEntries().length;
  const yours = Boolean(msg.your_turn && !msg.over && newest);
  const fresh = seat !== null && yours && !wasYourTurn;
  wasYourTurn = Boolean(msg.your_turn && !msg.over);
  lastIndex = msg.index;
  draw(fresh);
}

window.addEventListener("deadtable:drawn", (event) => drawn(event.detail));
const drawnBefore = window.deadtable && window.deadtable.lastDrawn ? window.deadtable.lastDrawn() : null;
if (drawnBefore) drawn(drawnBefore);
onLanguageChange(() => draw(false));
