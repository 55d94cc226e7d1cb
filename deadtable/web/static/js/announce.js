// What a screen reader hears at the table, once each, through one polite live region (#announce,
// off screen): the other seats' moves (the log's new lines, already in the reader's language),
// "Your turn" when it comes, a move refused or lost (what the toast under the board shows: the
// server's sentence), the connection lost ("Reconnecting…") and the ending (its title). The page's
// other texts are not live regions, so nothing is said twice.
//
// Your own moves are not read back: the log lines told after a state where you were to act are
// yours (a log entry's `i` is the number of moves played when it was told). A whole log sent again
// (log_from 0: the first state, a language switch) is history, not news.
import { el, onTableMessage } from "./api.js";
import { t } from "./i18n.js";

const KEEP = 200; // announcements kept in the region (older ones are dropped: they were said)

let region = null;
let yourTurn = false;
let over = false;
const mine = new Set(); // log positions (moves played) that your own moves reached

function regionNode() {
  if (region && region.isConnected) return region;
  region = el("div", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-relevant": "additions", role: "log" });
  document.body.append(region);
  return region;
}

export function announce(text) {
  const words = String(text || "").trim();
  if (!words) return;
  const box = regionNode();
  box.append(el("p", {}, words));
  while (box.childElementCount > KEEP) box.firstElementChild.remove();
}

function receive(msg) {
  if (msg.type !== "state") return;
  if (msg.log_from !== 0) {
    for (const entry of msg.log || []) if (entry.kind === "note" || !mine.has(entry.i)) announce(entry.text);
  }
  if (msg.your_turn && !msg.over) mine.add(msg.index + 1);
  const turn = Boolean(msg.your_turn && !msg.over && !msg.away);
  if (turn && !yourTurn) announce(t("Your turn"));
  yourTurn = turn;
  if (msg.over && !over) {
    over = true;
    // The ending banner's title, once table.js has drawn it (it says who won, in words).
    const title = document.getElementById("result-title");
    const say = () => announce(`${t("Game over")}. ${title && !document.getElementById("result").classList.contains("hidden") ? title.textContent : ""}`);
    if (document.body.dataset.over === "yes") say();
    else {
      const watch = new MutationObserver(() => { if (document.body.dataset.over === "yes") { watch.disconnect(); say(); } });
      watch.observe(document.body, { attributes: true, attributeFilter: ["data-over"] });
    }
  }
}

regionNode();
onTableMessage(receive);
const toast = document.getElementById("toast");
if (toast) new MutationObserver(() => announce(toast.textContent)).observe(toast, { childList: true, characterData: true, subtree: true });
// The connection lost: said once when the board is covered (table.js shows #offline).
const offline = document.getElementById("offline");
if (offline) {
  let covered = !offline.classList.contains("hidden");
  new MutationObserver(() => {
    const now = !offline.classList.contains("hidden");
    if (now && !covered) announce(t("Reconnecting…"));
    covered = now;
  }).observe(offline, { attributes: true, attributeFilter: ["class"] });
}
