// Your turn in view: when a decision of yours is drawn and none of the pieces that play it is on the
// screen (a tall board on a phone: Overlords' armies to look through sit below a hand of nine cards),
// the page brings the first of them into view, once per decision. A piece already on the screen
// leaves the page where the reader put it; the reader's wish for less motion is kept. The board is
// measured once the game's stylesheet has settled (body[data-game-style]): unstyled, every board is
// taller than it will be.
const PLAYABLE = '#board [data-actions]:not([disabled]):not([aria-disabled="true"])';
let placed = null; // the index of the last decision brought into view (or found in view)
let waiting = null; // the newest decision drawn before the stylesheet settled

function onScreen(node) {
  const r = node.getBoundingClientRect();
  const bar = document.querySelector(".undo-bar:not(:empty)");
  const bottom = window.innerHeight - (bar ? bar.getBoundingClientRect().height : 0);
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.top + Math.min(r.height, 44) <= bottom;
}

function place(msg) {
  if (!msg.your_turn || msg.over || placed === msg.index) return;
  const pieces = [...document.querySelectorAll(PLAYABLE)].filter((n) => n.getClientRects().length);
  if (!pieces.length) return; // drawn without pieces yet: the next drawing of this state decides
  placed = msg.index;
  if (pieces.some(onScreen)) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  pieces[0].scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
}

window.addEventListener("deadtable:drawn", (event) => {
  const { msg, newest } = event.detail;
  if (!newest || !msg) return;
  if (document.body.dataset.gameStyle) place(msg);
  else waiting = msg;
});

new MutationObserver(() => {
  if (waiting && document.body.dataset.gameStyle) {
    const msg = waiting;
    waiting = null;
    place(msg);
  }
}).observe(document.body, { attributes: true, attributeFilter: ["data-game-style"] });
