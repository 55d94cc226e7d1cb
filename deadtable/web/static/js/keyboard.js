// The table by keyboard alone, for every game's renderer at once (renderers draw <button>s, so Tab,
// Shift-Tab, Enter and Space already reach and press every piece; this module adds the rest):
// - the arrow keys move between the board's pieces by where they are on the screen (the nearest
//   in that direction), so a hand or a grid is walked as it is seen;
// - Escape closes what is open on top: a piece's menu, a larger view, the rules panel (the newest
//   visible `[data-escape]` control is pressed; `data-escape="<id>"` names what gets the focus then);
// - a menu opened from the keyboard takes the focus (its first choice);
// - the focus stays put across a new state: a renderer draws the board anew, and the piece that
//   had the focus (the same `data-piece`, `data-control` or position) gets it back, or the nearest
//   piece to where it was.
const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])";
const EDITING = "input, select, textarea, [contenteditable='true']";
const MENUS = "[role='menu'], [role='dialog']";

const board = () => document.getElementById("board");
const visible = (node) => Boolean(node && node.isConnected && node.getClientRects().length) && getComputedStyle(node).visibility !== "hidden";

// What names a focused element across redraws (most stable first).
function keyOf(node) {
  const d = node.dataset || {};
  if (d.piece) return `[data-piece="${CSS.escape(d.piece)}"]`;
  if (d.control) return `[data-control="${CSS.escape(d.control)}"]`;
  if (d.pos) return `[data-pos="${CSS.escape(d.pos)}"]`;
  if (d.action) return `[data-action="${CSS.escape(d.action)}"]`;
  return null;
}

// The pieces the arrow keys and the focus keeper choose among: the board's, and an open menu's
// (a renderer may put its menu outside the board).
function candidates() {
  const out = [...board().querySelectorAll(FOCUSABLE)];
  for (const menu of document.querySelectorAll(MENUS)) if (!board().contains(menu) && visible(menu)) out.push(...menu.querySelectorAll(FOCUSABLE));
  return out.filter(visible);
}

const centre = (rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

function nearest(from, nodes, direction = null) {
  let best = null;
  let bestScore = Infinity;
  for (const node of nodes) {
    const c = centre(node.getBoundingClientRect());
    const dx = c.x - from.x;
    const dy = c.y - from.y;
    let score;
    if (direction === "ArrowRight") score = dx > 1 ? dx + 3 * Math.abs(dy) : Infinity;
    else if (direction === "ArrowLeft") score = dx < -1 ? -dx + 3 * Math.abs(dy) : Infinity;
    else if (direction === "ArrowDown") score = dy > 1 ? dy + 3 * Math.abs(dx) : Infinity;
    else if (direction === "ArrowUp") score = dy < -1 ? -dy + 3 * Math.abs(dx) : Infinity;
    else score = Math.hypot(dx, dy);
    if (score < bestScore) { best = node; bestScore = score; }
  }
  return best;
}

// -- the focus kept across redraws ------------------------------------------------------------

let held = null; // { node, key, at: {x, y} } the board's piece that has the focus
let opener = null; // { key, at } the piece whose menu has the focus: it gets the focus back after

document.addEventListener("focusin", (event) => {
  const node = event.target;
  const inBoard = board() && (board().contains(node) || node.closest(MENUS));
  const inMenu = Boolean(node.closest("[role='menu']"));
  if (!inMenu) opener = null;
  held = !inBoard ? null : inMenu && opener ? { node, ...opener } : { node, key: keyOf(node), at: centre(node.getBoundingClientRect()) };
});

// A board without a piece to take the focus (no longer your turn: every piece disabled) holds it
// itself, and gives it back to the same piece (or the nearest) once there are pieces again.
function restore() {
  if (!held || held.node.isConnected && visible(held.node) && !held.node.disabled) return;
  const active = document.activeElement;
  const parked = active === board();
  if (!parked && active && active !== document.body && active.isConnected && active !== held.node) return; // focus went elsewhere on purpose
  const nodes = candidates();
  let next = null;
  if (held.key) {
    const same = board().querySelector(held.key) || document.querySelector(held.key);
    const button = same && (same.matches(FOCUSABLE) ? same : same.closest(FOCUSABLE));
    if (button && visible(button) && nodes.includes(button)) next = button;
  }
  next = next || nearest(held.at, nodes);
  if (next) next.focus({ preventScroll: true });
  else if (!parked) {
    const wanted = held;
    board().focus({ preventScroll: true });
    held = wanted; // focusin cleared nothing (the board is no piece): kept for the next redraw
  }
}

function watch() {
  const node = board();
  if (!node) return;
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1"); // the skip link's target
  // Redraws replace the board's children (and a renderer's menu lives beside it): after each, the
  // focus goes back to its piece.
  new MutationObserver(() => queueMicrotask(restore)).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "disabled", "hidden"] });
}

// -- keys ---------------------------------------------------------------------------------------

function escape() {
  const open = [...document.querySelectorAll("[data-escape]")].filter(visible);
  if (!open.length) return false;
  const control = open[open.length - 1];
  control.click();
  // A panel closed (the rules) gives the focus back to what opened it (data-escape names its id).
  const back = control.dataset.escape && document.getElementById(control.dataset.escape);
  if (back && (!document.activeElement || document.activeElement === document.body || !visible(document.activeElement))) back.focus();
  return true;
}

// After Enter or Space on a piece: a menu it opened takes the focus.
function intoMenu() {
  setTimeout(() => {
    const menu = [...document.querySelectorAll("[role='menu']")].find(visible);
    if (!menu || menu.contains(document.activeElement)) return;
    const first = menu.querySelector(FOCUSABLE);
    if (!first) return;
    const from = held;
    opener = from && from.key ? { key: from.key, at: from.at } : null;
    first.focus();
  }, 0);
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (event.key === "Escape") {
    if (escape()) event.preventDefault();
    return;
  }
  if (!(target instanceof Element) || target.matches(EDITING)) return;
  const inBoard = board() && (board().contains(target) || target.closest(MENUS));
  if (!inBoard) return;
  if (event.key === "Enter" || event.key === " ") { intoMenu(); return; }
  if (!event.key.startsWith("Arrow")) return;
  const next = nearest(centre(target.getBoundingClientRect()), candidates().filter((n) => n !== target), event.key);
  if (next) {
    event.preventDefault();
    next.focus();
  }
});

watch();
