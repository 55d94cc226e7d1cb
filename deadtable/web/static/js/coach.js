// The coach of a guided first game ("Learn to play"): a panel beside the board (below it on a
// phone) that says, before each of your decisions, what you are deciding and what the choices mean;
// the move the bot suggests, in words, and why, with its pieces outlined; the rule behind each kind
// of move the first time it happens, yours or another seat's; and the scoring at the end. It speaks
// on a page opened with `lesson=1` in its link (routes/lessons.py) and asks the server at each state
// it shows ({"type": "coach", "index": n}); the answer is made from this seat's own view and legal
// actions only (server/lessons.py). You may play any legal move: the coach follows.
//
// Like hint.js, it reads the messages table.js hands to `deadtable:message` listeners.
import { el, onTableMessage } from "./api.js";
import { markPieces } from "./hint.js";
import { language, onLanguageChange, t } from "./i18n.js";
import { gamesWithLessons, lessonButton } from "./learn.js";

const COACHED = "coached";
const params = new URLSearchParams(location.hash.slice(1));
const on = params.get("lesson") === "1" && params.has("seat");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const seen = new Set(JSON.parse(sessionStorage.getItem(`deadtable.coach.${tableId}`) || "[]")); // rules explained
let last = null; // the newest state
let said = null; // the coach's answer for the newest state
let asked = ""; // `${index}:${lang}` last asked
let fresh = []; // the rules first met at the newest answer
let retry = null;
let introDone = false; // the intro is shown until your first move after a suggestion

function panel() {
  let node = document.getElementById("coach");
  if (!node) {
    const aside = document.querySelector(".layout > aside");
    if (!aside) return null;
    node = el("section", { id: "coach", class: "panel coach", "aria-labelledby": "coach-title" });
    aside.prepend(node);
  }
  return node;
}

function ask() {
  if (!on || !last) return;
  const key = `${last.index}:${language()}`;
  if (key === asked) return;
  if (window.deadtable && window.deadtable.send({ type: "coach", index: last.index })) asked = key;
}

function remember(rules) {
  fresh = rules.filter((r) => !seen.has(r.key));
  for (const r of fresh) seen.add(r.key);
  try { sessionStorage.setItem(`deadtable.coach.${tableId}`, JSON.stringify([...seen])); } catch { /* private mode */ }
}

function rule(r, cls) {
  return el("article", { class: `coach-rule ${cls}`, dataset: { rule: r.key } }, r.text);
}

function draw() {
  const node = panel();
  if (!node) return;
  const head = el("h2", { id: "coach-title" }, t("Coach"));
  if (!said || !last || said.index !== last.index) {
    node.replaceChildren(head, el("p", { class: "dim" }, t("The coach is reading the table…")));
    return;
  }
  const parts = [head];
  const yours = Boolean(said.suggestion);
  if (!introDone) {
    parts.push(el("p", { class: "coach-intro" }, said.intro));
  }
  if (fresh.length) {
    parts.push(el("h3", {}, fresh.length === 1 ? t("A new rule") : t("New rules")), ...fresh.map((r) => rule(r, "new")));
  }
  if (said.scoring) {
    parts.push(el("h3", {}, t("How the game is scored")), el("p", { class: "coach-scoring" }, said.scoring));
  } else if (yours) {
    parts.push(el("h3", {}, t("Your decision")), ...said.deciding.map((d) => el("p", { class: "coach-deciding", dataset: { kind: d.kind } }, d.text)));
    const s = said.suggestion;
    parts.push(el("div", { class: "coach-suggestion", id: "coach-suggestion", role: "status", dataset: { action: s.action, kind: s.kind } },
      el("p", { class: "coach-move" }, s.text),
      el("p", { class: "coach-why" }, el("strong", {}, t("Why:")), " ", s.why),
      el("p", { class: "dim" }, t("Its pieces are outlined. You may play any move: the coach follows."))));
  } else {
    parts.push(el("p", { class: "dim coach-wait" }, t("The others are playing: the log tells their moves, and a new rule is explained here when it first happens.")));
  }
  const older = [...seen].filter((key) => !fresh.some((f) => f.key === key) && said.texts[key]).map((key) => ({ key, text: said.texts[key] }));
  if (older.length) {
    parts.push(el("details", { class: "coach-met" }, el("summary", {}, t("Rules met so far ({n})", { n: older.length })), ...older.map((r) => rule(r, "met"))));
  }
  node.replaceChildren(...parts);
  document.body.dataset.coached = String(said.index);
}

function mark() {
  const board = document.getElementById("board");
  const action = on && said && said.suggestion && last && said.index === last.index ? said.suggestion.action : null;
  if (board) markPieces(board, action, COACHED);
  for (const node of document.querySelectorAll(`#actions .${COACHED}`)) node.classList.remove(COACHED);
  if (action) for (const node of document.querySelectorAll("#actions [data-action]")) if (node.dataset.action === action) node.classList.add(COACHED);
}

function receive(msg) {
  if (msg.type === "state") {
    if (!last || msg.index !== last.index) {
      if (said && said.suggestion) introDone = true;
      said = null;
      fresh = [];
    }
    last = msg;
  } else if (msg.type === "coach") {
    if (last && msg.index === last.index) {
      said = msg;
      remember(msg.rules || []);
      draw();
      mark();
    }
  } else if (msg.type === "error" && msg.code === "coach-too-soon" && !said) {
    asked = ""; // asked too fast: again in a moment
    clearTimeout(retry);
    retry = setTimeout(ask, 600);
  }
}

if (on) {
  document.body.classList.add("lesson");
  onTableMessage(receive);
  // Asked once the state is drawn: the newest state on screen (not one shown while catching up).
  window.addEventListener("deadtable:drawn", (event) => {
    if (event.detail.newest) { ask(); if (!said) draw(); else mark(); }
  });
  onLanguageChange(() => { asked = ""; said = null; fresh = []; draw(); });
  const board = document.getElementById("board");
  if (board) new MutationObserver(mark).observe(board, { childList: true, subtree: true });
}

// Every table's rules panel offers its game's lesson, when the game brings one (learn.js).
let learnFor = "";
let tableGame = "";
async function learnLink(game) {
  const box = document.getElementById("rules-learn");
  if (!box || !game) return;
  learnFor = `${game}:${language()}`;
  let found = [];
  try { found = await gamesWithLessons(); } catch { found = []; }
  const mine = found.find((l) => l.game === game);
  const problem = el("span", { class: "error", role: "alert" });
  box.replaceChildren(...(mine ? [lessonButton(game, on ? t("Start the guided game again") : t("Learn to play {game}", { game: mine.name }), problem), " ", problem] : []));
}
onTableMessage((msg) => {
  if (msg.type !== "state") return;
  tableGame = msg.game;
  if (`${msg.game}:${language()}` !== learnFor) learnLink(msg.game);
});
onLanguageChange(() => learnLink(tableGame));
