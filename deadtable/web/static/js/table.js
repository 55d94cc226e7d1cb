// A table, live: the seat's view over a WebSocket, the board drawn by the game's renderer, the log,
// the ending. The seat and its secret come from the link's #seat=N&token=... part, which never
// reaches the server's logs; after a dropped connection the page reconnects and says hello again,
// which restores the seat (and so after the server's {"type": "restarting"}, which it shows).
//
// What the shell does around any renderer: states arriving in quick succession (bots moving) are
// shown one by one with a short pause, always ending on the newest (only the newest can be acted
// on); pieces (`[data-piece]`) glide from their old place to the new one (FLIP) and new ones fade in;
// what the others' moves changed stays marked `.last-move` until you act; a bot to act is shown
// thinking; the board is covered while the connection is down, and a move sent just before the drop
// is checked after reconnecting; the move clock warns before time runs out; the ending banner.
import { api, el, scoreSheet, seatLabel } from "./api.js";
import { timeLeft } from "./clock.js";
import { language, nt, onLanguageChange, startI18n, t } from "./i18n.js";
import { gameDescription, gameStyle, loadRenderer } from "./renderers/index.js";
import { optionWords } from "./options.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");

const PAUSE = 400; // ms between two moves shown one after the other
const GLIDE = 250; // ms a piece takes to move
const MAX_BEHIND = 6; // more states waiting than this: the oldest are skipped (their log kept)

let ws = null;
let last = null; // the newest state received: the one acted on
let shown = null; // the state on screen (while catching up, an older one)
let shownAt = 0;
let online = false;
let everOnline = false;
let retry = 0;
let closedForGood = false;
let pending = null; // { index, text, at }: a move sent, not yet seen played
let ownIndex = null; // the index your last move was sent at: the state after it is not marked
let reconnected = false; // the socket came back: the next state tells whether a move sent was made
let restarting = false; // the server said it is restarting: the page says so until it is back
const RESTARTING = "The server is restarting; the table reconnects by itself in a moment.";
let drawing = false;
let toastTimer = null;
const queue = [];
let playing = false;
let frameAsked = false; // a draw of the states waiting is asked for the next frame
let renderer = null; // the game's renderer module (renderers/index.js), loaded before its first state is drawn
const marked = new Set(); // pieces the others' moves changed, since you last acted
const whyWaiters = new Map();
let guard = null; // asked before a move is sent (confirm.js), or null
let lastDrawn = null; // what the last draw() drew: { msg, renderer, ctx, newest }

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// What tests and people see is the shown state: `state()` and body's data-index/turn/over are the
// board's (while catching up, an older state than the newest received, which is `newest()`).
window.deadtable = {
  state: () => shown,
  shown: () => shown,
  newest: () => last,
  connected: () => Boolean(ws && ws.readyState === WebSocket.OPEN),
  dropForTest: () => { if (ws) ws.close(); },
  send: (msg) => send(msg), // for chat.js, rematch.js and undo.js, which read `deadtable:message` events
  // confirm.js: `guard(text, state) -> true | Promise<boolean>` is asked before a move is sent.
  setGuard: (fn) => { guard = fn; },
  // whynot.js: a piece's reason, shown under the board (and read out: announce.js hears #toast).
  toast: (text) => toast(text),
  lastDrawn: () => lastDrawn,
  // The messages handed out so far (the newest state, and the others in order, at most BACKLOG):
  // a module that starts listening late (its script still loading when the first messages came)
  // reads them first (`onTableMessage` in api.js), so it never misses the state it must draw.
  backlog: () => backlog.slice(),
};
const BACKLOG = 500;
const backlog = [];

function handOut(msg) {
  if (msg.type === "state") {
    const old = backlog.findIndex((m) => m.type === "state");
    if (old >= 0) backlog.splice(old, 1);
  }
  backlog.push(msg);
  if (backlog.length > BACKLOG) backlog.splice(backlog.findIndex((m) => m.type !== "state"), 1);
  window.dispatchEvent(new CustomEvent("deadtable:message", { detail: msg }));
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
  return false;
}

function say(text, cls = "dim") {
  $("message").textContent = text;
  $("message").className = cls;
}

// The move on its way, if any; the page says so (body[data-moving]) until the next state arrives.
function setPending(p) {
  pending = p;
  document.body.dataset.moving = p ? "yes" : "no";
}

function act(text) {
  if (!last || !online || shown !== last) return;
  // A second click while the first is on its way is the same wish (a double click), not a new move;
  // after a few seconds without an answer, a click sends again.
  if (pending && pending.index === last.index && Date.now() - pending.at < 5000) return;
  // The guard answers true at once for a move to send now (sent in this very click, as without a
  // guard), or a promise when it asks first.
  const answer = guard ? guard(text, last) : true;
  if (answer === true) { actNow(text); return; }
  const at = last.index;
  Promise.resolve(answer).then((ok) => { if (ok && last && last.index === at && shown === last && online) actNow(text); });
}

function actNow(text) {
  marked.clear();
  for (const node of $("board").querySelectorAll(".last-move")) node.classList.remove("last-move");
  setPending({ index: last.index, text, at: Date.now() });
  ownIndex = last.index;
  say(t("Move sent…"));
  sendMove(text, last.index);
}

// A move the server refused for coming too fast (a renderer may turn one click into several moves,
// and the server takes 20 messages a second: server/live_limits.py) is sent again a moment later,
// while it is still the move waiting: nothing clicked is lost.
function sendMove(text, index) {
  if (pending && pending.index === index && pending.text === text) send({ type: "act", action: text, index });
}

function why(text) {
  return new Promise((resolve) => {
    whyWaiters.set(text, resolve);
    send({ type: "why", action: text });
    setTimeout(() => { if (whyWaiters.get(text) === resolve) { whyWaiters.delete(text); resolve(null); } }, 3000);
  });
}

// A short message just under the board, where the player is looking (the message line may be
// below the fold on a phone): a move refused, or lost with the connection.
function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.classList.remove("hidden");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.add("hidden"), 4000);
}

// -- seats, teams, status --------------------------------------------------------------------

// The team of each seat, from the view's `teams`: [[0, 2], [1, 3]] (members) or [0, 1, 0, 1].
function teamOf(view, n) {
  const teams = view && view.teams;
  if (!Array.isArray(teams) || !teams.length) return null;
  const out = new Array(n).fill(null);
  if (Array.isArray(teams[0])) teams.forEach((members, team) => members.forEach((s) => { out[s] = team; }));
  else teams.forEach((team, s) => { out[s] = team; });
  return out.some((x) => x !== null) ? out : null;
}

const teamName = (team) => t("Team {team}", { team: String.fromCharCode(65 + team) });

// The program choosing for the seat to act (a bot, or a stand-in for a person away), or null.
function thinker(msg) {
  if (msg.over || msg.to_act === null || msg.to_act === undefined) return null;
  const s = msg.seats[msg.to_act];
  if (!s) return null;
  if (s.kind === "bot") return t("{who} ({agent}) is thinking…", { who: seatLabel(msg.seats, s.seat), agent: s.agent || t("bot") });
  if (s.away) return t("{who} (a bot stands in) is thinking…", { who: seatLabel(msg.seats, s.seat) });
  return null;
}

const dots = () => el("span", { class: "thinking", "aria-hidden": "true" }, el("i"), el("i"), el("i"));

function drawSeats(msg) {
  const teams = teamOf(msg.view, msg.seats.length);
  $("seats").replaceChildren(...msg.seats.map((s) => {
    const tags = [];
    if (s.kind === "bot") tags.push(t("bot: {agent}", { agent: s.agent }));
    else if (s.away) tags.push(t("away: a bot plays"));
    else if (!s.present) tags.push(t("not here"));
    const acting = msg.to_act === s.seat && !msg.over;
    const team = teams ? teams[s.seat] : null;
    return el("div", { class: `seat p${s.seat % 4}${acting ? " to-act" : ""}${msg.seat === s.seat ? " you" : ""}${team !== null ? ` team team-${team % 4}` : ""}`, dataset: { seat: String(s.seat), team: team === null ? undefined : String(team) } },
      team !== null ? el("span", { class: `team-label team-${team % 4}` }, teamName(team)) : null,
      seatLabel(msg.seats, s.seat), msg.seat === s.seat ? ` ${t("(you)")}` : "",
      tags.length ? el("span", { class: "tag" }, tags.join(" · ")) : null,
      acting && thinker(msg) ? el("span", { class: "tag thinking-tag" }, t("thinking"), dots()) : null,
      acting ? el("span", { class: "seat-clock clock", dataset: { clock: "seat" } }) : null);
  }));
}

function drawStatus(msg, interactive) {
  const status = $("status");
  status.className = "";
  const thinking = thinker(msg);
  if (!online && everOnline && !closedForGood) { status.textContent = restarting ? t(RESTARTING) : t("Reconnecting…"); status.className = "offline-status"; }
  else if (msg.over) status.textContent = t("Game over");
  else if (interactive) { status.textContent = t("Your turn"); status.className = "turn"; }
  else if (thinking) status.replaceChildren(thinking, dots());
  else status.textContent = t("{who} to act", { who: seatLabel(msg.seats, msg.to_act) });
  $("away-banner").classList.toggle("hidden", !msg.away || msg.over);
}

// The raw list of legal actions: only for a renderer that does not draw every one as a piece.
function drawActions(msg, renderer, interactive) {
  const raw = !renderer.piecesOnly;
  $("actions-title").classList.toggle("hidden", !raw);
  const box = $("actions");
  box.classList.toggle("hidden", !raw);
  if (!raw) { box.replaceChildren(); return; }
  if (!msg.legal.length || !interactive) {
    box.replaceChildren(el("span", { class: "dim" }, msg.over ? t("The game is over.") : msg.seat === null ? t("You are watching.") : t("Not your turn.")));
    return;
  }
  box.replaceChildren(...msg.legal.map((text) => el("button", { class: "action", dataset: { action: text }, onclick: () => act(text) }, text)));
}

// The table's log: the game's narration since the first move and the table's notes, sent in parts
// (log_from = the first entry's position; 0: the whole log again, as after a language switch).
// The states of a burst are told together: the log is measured once (a measure after an append
// makes the browser lay out the page again), not once a state.
function drawLog(...msgs) {
  const log = $("log");
  const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  let whole = false;
  for (const msg of msgs) {
    if (msg.log_from === 0) { log.replaceChildren(); whole = true; }
    for (const entry of msg.log || []) log.append(el("li", { class: entry.kind }, entry.text));
  }
  if (atEnd || whole) log.scrollTop = log.scrollHeight;
}

// -- the ending -------------------------------------------------------------------------------

function endingTitle(msg) {
  const winners = msg.outcome.winners || [];
  const teams = teamOf(msg.view, msg.seats.length);
  if (teams && winners.length) {
    const won = [...new Set(winners.map((s) => teams[s]).filter((x) => x !== null))];
    const mine = msg.seat !== null ? teams[msg.seat] : null;
    if (mine !== null && won.includes(mine)) return t("Your team wins: {team}", { team: teamName(mine) });
    if (won.length === 1) return t("{team} wins", { team: teamName(won[0]) });
  }
  if (msg.seat !== null && winners.includes(msg.seat)) return winners.length > 1 ? t("You win, with {others}", { others: winners.filter((s) => s !== msg.seat).map((s) => seatLabel(msg.seats, s)).join(", ") }) : t("You win");
  if (!winners.length) return t("Nobody wins");
  return nt("Winner: {who}", "Winners: {who}", winners.length, { who: winners.map((s) => seatLabel(msg.seats, s)).join(", ") });
}

function drawResult(msg, renderer, ctx) {
  const box = $("result");
  const wasHidden = box.classList.contains("hidden");
  box.classList.toggle("hidden", !msg.over);
  if (!msg.over) return;
  $("result-title").textContent = endingTitle(msg);
  // A renderer whose ending() says why the game ended and gives the score sheet itself (ownNote)
  // has the outcome's note left out: for Overlords that note is the sheet as one line of text.
  $("result-note").textContent = renderer.ownNote && typeof renderer.ending === "function" ? "" : msg.outcome.note || "";
  let own = null;
  if (typeof renderer.ending === "function") {
    try { own = renderer.ending(msg.view, msg.outcome, ctx); } catch (err) { console.warn("ending", err); own = null; }
  }
  $("result-game").replaceChildren(...(own ? [own] : []));
  const sheet = $("scoresheet");
  sheet.classList.toggle("hidden", Boolean(own));
  scoreSheet(sheet.tBodies[0] || sheet.appendChild(document.createElement("tbody")), msg.seats, msg.outcome);
  $("replay-link").href = `/replay/${encodeURIComponent(tableId)}`;
  $("record-link").href = `/tables/${encodeURIComponent(tableId)}/record`;
  if (wasHidden && box.getBoundingClientRect().top < 0) box.scrollIntoView({ block: "start" });
}

// -- pieces: where they were, gliding, what the others' moves changed --------------------------

// Every piece on the board by its id, with where it is (relative to the board), its zone (the
// nearest `[data-zone]` around it: a hand, a base, a row) and what it shows. A renderer that marks no
// pieces still gets its places (`[data-pos]`) compared.
function pieces(board) {
  let nodes = board.querySelectorAll("[data-piece]");
  let attr = "piece";
  if (!nodes.length) { nodes = board.querySelectorAll("[data-pos]"); attr = "pos"; }
  const origin = board.getBoundingClientRect();
  const out = new Map();
  for (const node of nodes) {
    const r = node.getBoundingClientRect();
    const zone = node.parentElement && node.parentElement.closest("[data-zone]");
    out.set(node.dataset[attr], { node, x: r.left - origin.left, y: r.top - origin.top, zone: zone ? zone.dataset.zone : null, look: node.textContent, moves: attr === "piece" });
  }
  return out;
}

function glide(before, after) {
  if (reducedMotion() || !before.size) return;
  for (const [id, now] of after) {
    if (!now.moves) continue;
    const was = before.get(id);
    if (!was) { now.node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: GLIDE, easing: "ease-out" }); continue; }
    const dx = was.x - now.x;
    const dy = was.y - now.y;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    now.node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: GLIDE, easing: "ease-in-out" });
  }
}

// The pieces that appeared, moved or changed from one state to the next. A piece in a zone moved
// when its zone changed (not when a box above it grew and pushed it down); without zones, when its
// place on the board did.
function changed(before, after) {
  const out = [];
  for (const [id, now] of after) {
    const was = before.get(id);
    const moved = was && (was.zone !== null || now.zone !== null
      ? was.zone !== now.zone
      : Math.abs(was.x - now.x) > 2 || Math.abs(was.y - now.y) > 2);
    if (!was || moved || was.look !== now.look) out.push(id);
  }
  return out;
}

// A renderer may leave a zone unmarked (`data-marks="off"`): Overlords' hand, which the passing
// renews every turn, is no news.
function mark(after) {
  for (const [id, now] of after) now.node.classList.toggle("last-move", marked.has(id) && !now.node.closest("[data-marks='off']"));
}

// A renderer redrawing itself (a piece selected) keeps the marks.
new MutationObserver(() => { if (!drawing && marked.size) mark(pieces($("board"))); }).observe($("board"), { childList: true });

// -- drawing a state --------------------------------------------------------------------------

function draw(msg, newest = msg === last) {
  const prev = shown;
  shown = msg;
  const interactive = Boolean(newest && online && msg.your_turn && !msg.over && !msg.away);
  document.title = `${msg.your_turn && !msg.over ? `${t("(Your turn)")} ` : ""}deadtable · ${msg.game_name}`;
  $("game-name").textContent = msg.game_name;
  $("who").textContent = msg.seat === null ? t("watching") : t("you are {who}", { who: seatLabel(msg.seats, msg.seat) });
  drawSeats(msg);
  drawStatus(msg, interactive);
  gameStyle(msg.game);
  const board = $("board");
  const before = pieces(board);
  // Is this the state your own move made? Decided before drawing: a renderer may send your next
  // move while it draws (a click that leads through several moves), which moves `ownIndex` on.
  const sentFrom = ownIndex;
  const own = sentFrom !== null && msg.index === sentFrom + 1;
  const ctx = { seat: msg.seat, index: msg.index, legal: interactive ? msg.legal : [], actions: interactive ? msg.actions || [] : [], act, why, seats: msg.seats, interactive, tableLog: true };
  drawing = true;
  try { renderer.render(board, msg.view, ctx); } finally { drawing = false; }
  const after = pieces(board);
  const moved = prev && msg.index !== prev.index;
  if (moved) {
    if (own && ownIndex === sentFrom) ownIndex = null;
    if (!own) for (const id of changed(before, after)) marked.add(id);
    for (const id of marked) if (!after.has(id)) marked.delete(id);
    glide(before, after);
    shownAt = performance.now();
  }
  mark(after);
  drawActions(msg, renderer, interactive);
  drawResult(msg, renderer, ctx);
  // panels.js draws beside the board from the same state and renderer (`lastDrawn()` for a module
  // that starts after the first states were drawn).
  lastDrawn = { msg, renderer, ctx, newest };
  window.dispatchEvent(new CustomEvent("deadtable:drawn", { detail: lastDrawn }));
  $("board-panel").classList.toggle("is-offline", !online);
  $("offline").classList.toggle("hidden", online || !everOnline || closedForGood);
  document.body.dataset.index = String(msg.index);
  document.body.dataset.turn = interactive ? "yes" : "no";
  document.body.dataset.over = msg.over ? "yes" : "no";
  document.body.dataset.online = online ? "yes" : "no";
  document.body.dataset.catching = newest ? "no" : "yes";
  tick();
}

// States are shown in order, one move at a time with a short pause, ending on the newest.
async function play() {
  if (playing) return;
  playing = true;
  try {
    if (!renderer && queue.length) renderer = await loadRenderer(queue[0].game);
    while (queue.length) {
      // Without motion, states drawn one after the other are never seen apart: the newest is
      // drawn, the log of those before it kept.
      const skipped = [];
      while (queue.length > (reducedMotion() ? 1 : MAX_BEHIND)) {
        const msg = queue.shift();
        skipped.push(msg);
        // The state your own move made is drawn even so (without a pause), with the log up to it:
        // what the others' moves change (and the summary of what they did) is told from it, so
        // your own move is never marked as theirs.
        if (ownIndex !== null && msg.index === ownIndex + 1) {
          drawLog(...skipped.splice(0));
          draw(msg, false);
        }
      }
      if (skipped.length) drawLog(...skipped);
      const msg = queue[0];
      const wait = shownAt + PAUSE - performance.now();
      if (shown && msg.index !== shown.index && wait > 0 && !reducedMotion()) { await sleep(wait); continue; }
      queue.shift();
      drawLog(msg);
      draw(msg, queue.length === 0);
    }
  } finally {
    playing = false;
  }
}

function receive(msg) {
  if (pending && msg.index > pending.index) {
    say(everOnline && reconnected ? t("Your move was made.") : "", "ok");
    setPending(null);
  } else if (pending && reconnected) {
    say(t("Your last move was not made: make it again."), "error");
    toast(t("Your last move was not made: make it again."));
    setPending(null);
  }
  reconnected = false;
  last = msg;
  queue.push(msg);
  if (!shown || !reducedMotion()) play();
  else if (!frameAsked) {
    // Without motion, the states of one burst (the bots' moves after yours) are drawn once, when
    // the next frame is painted; a hidden page paints none, and draws a moment later.
    frameAsked = true;
    const run = () => { frameAsked = false; play(); };
    if (document.hidden) setTimeout(run, 50);
    else requestAnimationFrame(run);
  }
}

function tick() {
  const clock = $("clock");
  const msg = last;
  const seatClock = document.querySelector("[data-clock='seat']");
  if (!msg || !msg.deadline || msg.over) {
    clock.textContent = "";
    clock.classList.remove("warn");
    if (seatClock) seatClock.textContent = "";
    return;
  }
  const left = Math.max(0, Math.round(msg.deadline - Date.now() / 1000));
  const warn = left <= 10 || left <= 0.25 * (msg.move_time || 0);
  const who = seatLabel(msg.seats, msg.to_act);
  const text = left >= 120 ? t("{left} left", { left: timeLeft(left) }) // hours or days: turn-based (clock.js)
    : warn ? nt("{n} second left", "{n} seconds left", left) : nt("{n} second", "{n} seconds", left);
  clock.textContent = `⏱ ${who}: ${text}`;
  clock.classList.toggle("warn", warn);
  if (seatClock) { seatClock.textContent = `⏱ ${left >= 120 ? timeLeft(left) : left}`; seatClock.classList.toggle("warn", warn); }
}

function setOnline(value) {
  online = value;
  if (value) everOnline = true;
  if (shown) draw(shown, shown === last && !queue.length);
  else $("status").textContent = value ? "" : t("Reconnecting…");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  $("conn").textContent = everOnline ? "" : t("connecting…");
  ws.onopen = () => {
    retry = 0;
    $("conn").textContent = "";
    reconnected = everOnline;
    send(seat === null ? { type: "hello", lang: language() } : { type: "hello", seat, token, lang: language() });
  };
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    handOut(msg);
    if (msg.type === "state") {
      if (!online) { online = true; everOnline = true; }
      if (restarting) { restarting = false; say(""); }
      receive(msg);
    } else if (msg.type === "restarting") { // the server stops for a restart; its close follows
      restarting = true;
      retry = 0;
      say(t(RESTARTING), "dim");
    } else if (msg.type === "why") {
      const waiter = whyWaiters.get(msg.action);
      if (waiter) { whyWaiters.delete(msg.action); waiter(msg.legal ? null : msg.reason); }
    } else if (msg.type === "error" && msg.code === "slow-down" && pending) {
      const { text, index } = pending; // too fast: the same move again, a moment later
      setTimeout(() => { if (pending && pending.index === index && pending.text === text) sendMove(text, index); }, 1000);
    } else if (msg.type === "error" && !/^(chat|rematch|undo|hints?|coach)-/.test(msg.code)) { // chat.js, rematch.js, undo.js, hint.js, coach.js
      setPending(null);
      say(msg.message, "error"); // the server's sentence; never the action's text
      toast(msg.message);
      if (["no-table", "no-seat", "bad-token", "no-token", "bot-seat", "bad-seat", "closed"].includes(msg.code)) closedForGood = true;
    }
  };
  ws.onclose = () => {
    const was = online;
    online = false;
    if (closedForGood) { $("conn").textContent = t("disconnected"); if (shown) draw(shown); return; }
    retry = Math.min(retry + 1, 6);
    if (was || !everOnline) setOnline(false);
    setTimeout(connect, 250 * 2 ** retry);
  };
}

// The rules panel: the game's rulebook in the reader's language, with this table's options (those
// that differ from the defaults first) and the house rulings in force.
let rules = null;
const i18nReady = startI18n();

function markdown(text) {
  // A small Markdown subset (headings, lists, paragraphs, **bold**), always through text nodes.
  const out = [];
  let list = null;
  let para = [];
  const inline = (line) => line.split(/(\*\*[^*]+\*\*)/).map((part) => (part.startsWith("**") && part.endsWith("**") && part.length > 4 ? el("strong", {}, part.slice(2, -2)) : part.replace(/[*_`]/g, "")));
  const flush = () => { if (para.length) out.push(el("p", {}, inline(para.join(" ")))); para = []; };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (heading) { flush(); list = null; out.push(el(`h${Math.min(heading[1].length + 1, 4)}`, {}, inline(heading[2]))); }
    else if (item) { flush(); if (!list) { list = el("ul"); out.push(list); } list.append(el("li", {}, inline(item[1]))); }
    else if (!line.trim()) { flush(); list = null; }
    else if (list && /^\s+/.test(raw)) list.lastChild.append(" ", ...inline(line.trim()));
    else { list = null; para.push(line.trim()); }
  }
  flush();
  return out;
}

function drawRules(data) {
  const options = data.options || [];
  const changed = options.filter((o) => o.changed);
  const house = options.filter((o) => o.house_rule);
  const inForce = el("div", { class: "in-force" },
    el("h3", {}, t("Options at this table")),
    options.length ? el("ul", {}, [...changed, ...options.filter((o) => !o.changed)].map((o) =>
      el("li", { class: o.changed ? "changed" : "", dataset: { option: o.name } },
        optionWords(o),
        o.changed ? ` (${t("default: {value}", { value: o.default_text })})` : ` (${t("default")})`,
        o.help ? el("span", { class: "dim" }, ` — ${o.help}`) : null))) : el("p", { class: "dim" }, t("This game has no options.")),
    house.length ? el("h3", {}, t("House rulings in force")) : null,
    house.length ? el("ul", { class: "house" }, house.map((o) => el("li", { dataset: { ruling: o.house_rule } },
      el("strong", {}, o.house_rule), " ",
      `(${optionWords(o)})`, " ",
      o.ruling ? o.ruling.text : ""))) : null);
  $("rules-in-force").replaceChildren(inForce);
  $("rules-note").textContent = data.note || data.missing || "";
  $("rules-text").replaceChildren(...(data.markdown ? markdown(data.markdown) : []));
  $("rulings-list").replaceChildren(...[...(data.rulings || []), ...(data.readings || [])].map((r) => el("li", {}, el("strong", {}, r.id), " ", r.text)));
  document.body.dataset.rules = data.lang;
}

async function loadRules() {
  try {
    await i18nReady; // asked before the catalogue came, the rules still come in the reader's language
    rules = await api(`/api/tables/${encodeURIComponent(tableId)}/rules`);
    drawRules(rules);
  } catch (err) {
    $("rules-note").textContent = err.message;
  }
}

$("rules-button").addEventListener("click", () => {
  const panel = $("rules-panel");
  panel.classList.toggle("hidden");
  if (!panel.classList.contains("hidden") && (!rules || rules.lang !== language())) loadRules();
});
$("rules-close").addEventListener("click", () => $("rules-panel").classList.add("hidden"));
$("back-button").addEventListener("click", () => send({ type: "back" }));

onLanguageChange((code) => {
  send({ type: "lang", lang: code }); // the server sends the whole state again, log included
  $("message").textContent = "";
  if (shown) draw(shown, shown === last && !queue.length);
  if (!$("rules-panel").classList.contains("hidden")) loadRules();
});

// On a phone the log folds below the board; opened, it shows the newest entries.
if (window.matchMedia("(max-width: 700px)").matches) $("log-panel").open = false;
$("log-panel").addEventListener("toggle", () => { if ($("log-panel").open) $("log").scrollTop = $("log").scrollHeight; });

i18nReady.then(() => {
  setInterval(tick, 500);
  connect();
});
