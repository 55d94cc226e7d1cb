// "Why not?" by keyboard, for every game's renderer at once. A piece that cannot be played now is
// `aria-disabled` (renderers/common.js's `unplayable`), never `disabled`: a disabled button cannot
// take the focus and a screen reader passes over it, so a player who cannot see or point would
// never learn why a card is refused. Such a piece is reached by Tab and the arrow keys like any
// other and is read as unavailable; Enter or Space on it says why, in words: the server's reason,
// through the renderer's `whyNot` (which also opens the larger card as a tap does), shown under the
// board in the toast and so read once through the table's polite live region (announce.js hears
// the toast). A click on it, by any means, is never a move: it stops here, before a renderer's
// handler could read it as one.
import { t } from "./i18n.js";

const UNPLAYABLE = "#board [aria-disabled='true'], [role='menu'] [aria-disabled='true']";

function tell(node) {
  const asked = typeof node.whyNot === "function" ? node.whyNot() : null;
  Promise.resolve(asked).catch(() => null).then((reason) => {
    const words = reason || t("You cannot play this now.");
    if (reason) node.title = reason;
    node.dataset.whyNot = words; // what was said (tests read it)
    if (window.deadtable && window.deadtable.toast) window.deadtable.toast(words);
  });
}

document.addEventListener("click", (event) => {
  const node = event.target instanceof Element ? event.target.closest(UNPLAYABLE) : null;
  if (!node) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  // Enter and Space on a button click it with no pointer (detail 0); a pointer's tap is the
  // renderer's own (it opens the larger card with the reason).
  if (event.detail === 0) tell(node);
}, true);
