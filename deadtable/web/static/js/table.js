// A table, live: the seat's view over a WebSocket, legal actions to click, the log, the score sheet.
// The seat and its secret come from the link's #seat=N&token=... part, which never reaches the
// server's logs; after a dropped connection the page reconnects and says hello again, which
// restores the seat.
import { api, el, scoreSheet, seatLabel } from "./api.js";
import { language, nt, onLanguageChange, startI18n, t } from "./i18n.js";
import { rendererFor } from "./renderers/index.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.hash.slice(1));
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");

let ws = null;
let last = null;
let retry = 0;
let closedForGood = false;
const whyWaiters = new Map();
window.deadtable = { state: () => last, connected: () => ws && ws.readyState === WebSocket.OPEN };

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(text) {
  if (!last) return;
  $("message").textContent = t("sent: {action}", { action: text });
  $("message").className = "dim";
  send({ type: "act", action: text, index: last.index });
}

function why(text) {
  return new Promise((resolve) => {
    whyWaiters.set(text, resolve);
    send({ type: "why", action: text });
    setTimeout(() => { if (whyWaiters.get(text) === resolve) { whyWaiters.delete(text); resolve(null); } }, 3000);
  });
}

function drawSeats(msg) {
  $("seats").replaceChildren(...msg.seats.map((s) => {
    const tags = [];
    if (s.kind === "bot") tags.push(t("bot: {agent}", { agent: s.agent }));
    else if (s.away) tags.push(t("away: a bot plays"));
    else if (!s.present) tags.push(t("not here"));
    return el("div", { class: `seat p${s.seat % 4}${msg.to_act === s.seat ? " to-act" : ""}${msg.seat === s.seat ? " you" : ""}`, dataset: { seat: String(s.seat) } },
      seatLabel(msg.seats, s.seat), msg.seat === s.seat ? ` ${t("(you)")}` : "",
      tags.length ? el("span", { class: "tag" }, tags.join(" · ")) : null);
  }));
}

function drawActions(msg) {
  const box = $("actions");
  if (!msg.legal.length) {
    box.replaceChildren(el("span", { class: "dim" }, msg.over ? t("The game is over.") : msg.seat === null ? t("You are watching.") : t("Not your turn.")));
    return;
  }
  box.replaceChildren(...msg.legal.map((text) => el("button", { class: "action", dataset: { action: text }, onclick: () => act(text) }, text)));
}

function drawStatus(msg) {
  const status = $("status");
  status.className = "";
  if (msg.over) status.textContent = t("Game over");
  else if (msg.your_turn && !msg.away) { status.textContent = t("Your turn"); status.className = "turn"; }
  else status.textContent = t("{who} to act", { who: seatLabel(msg.seats, msg.to_act) });
  $("away-banner").classList.toggle("hidden", !msg.away || msg.over);
}

// The table's log: the game's narration since the first move and the table's notes, sent in parts
// (log_from = the first entry's position; 0: the whole log again, as after a language switch).
function drawLog(msg) {
  const log = $("log");
  if (msg.log_from === 0) log.replaceChildren();
  for (const entry of msg.log) log.append(el("li", { class: entry.kind }, entry.text));
  log.scrollTop = log.scrollHeight;
}

function drawResult(msg) {
  $("result").classList.toggle("hidden", !msg.over);
  if (!msg.over) return;
  scoreSheet($("scoresheet").tBodies[0] || $("scoresheet").appendChild(document.createElement("tbody")), msg.seats, msg.outcome);
  $("result-note").textContent = msg.outcome.note || "";
  $("replay-link").href = `/replay/${tableId}`;
  $("record-link").href = `/tables/${tableId}/record`;
}

// Each game's own styles (static/css/<game id>.css), loaded once with its first state.
function gameStyle(gameId) {
  if (document.getElementById("game-style")) return;
  document.head.append(el("link", { id: "game-style", rel: "stylesheet", href: `/static/css/${encodeURIComponent(gameId)}.css` }));
}

function draw(msg) {
  last = msg;
  document.title = `deadtable · ${msg.game_name}`;
  $("game-name").textContent = msg.game_name;
  $("who").textContent = msg.seat === null ? t("watching") : t("you are {who}", { who: seatLabel(msg.seats, msg.seat) });
  drawSeats(msg);
  drawStatus(msg);
  const interactive = msg.your_turn && !msg.over;
  gameStyle(msg.game);
  rendererFor(msg.game).render($("board"), msg.view, { seat: msg.seat, legal: msg.legal, actions: msg.actions || [], act, why, seats: msg.seats, interactive, tableLog: true });
  drawActions(msg);
  drawLog(msg);
  drawResult(msg);
  document.body.dataset.index = String(msg.index);
  document.body.dataset.turn = interactive ? "yes" : "no";
  document.body.dataset.over = msg.over ? "yes" : "no";
}

function tick() {
  const clock = $("clock");
  if (!last || !last.deadline || last.over) { clock.textContent = ""; return; }
  const left = Math.max(0, Math.round(last.deadline - Date.now() / 1000));
  clock.textContent = `⏱ ${nt("{n} second", "{n} seconds", left)}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  $("conn").textContent = t("connecting…");
  ws.onopen = () => {
    retry = 0;
    $("conn").textContent = "";
    send(seat === null ? { type: "hello", lang: language() } : { type: "hello", seat, token, lang: language() });
  };
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "state") {
      draw(msg);
    } else if (msg.type === "why") {
      const waiter = whyWaiters.get(msg.action);
      if (waiter) { whyWaiters.delete(msg.action); waiter(msg.legal ? null : msg.reason); }
    } else if (msg.type === "error") {
      $("message").textContent = msg.action ? `${msg.action}: ${msg.message}` : msg.message;
      $("message").className = "error";
      if (["no-table", "no-seat", "bad-token", "no-token", "bot-seat", "bad-seat"].includes(msg.code)) closedForGood = true;
    }
  };
  ws.onclose = () => {
    if (closedForGood) { $("conn").textContent = t("disconnected"); return; }
    retry = Math.min(retry + 1, 6);
    $("conn").textContent = t("connection lost, reconnecting…");
    setTimeout(connect, 250 * 2 ** retry);
  };
}

// The rules panel: the game's rulebook in the reader's language, with this table's options (those
// that differ from the defaults first) and the house rulings in force.
let rules = null;

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

function optionValue(v) {
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  return v === "" || v === null || v === undefined ? "—" : String(v);
}

function drawRules(data) {
  const options = data.options || [];
  const changed = options.filter((o) => o.changed);
  const house = options.filter((o) => o.house_rule);
  const inForce = el("div", { class: "in-force" },
    el("h3", {}, t("Options at this table")),
    options.length ? el("ul", {}, [...changed, ...options.filter((o) => !o.changed)].map((o) =>
      el("li", { class: o.changed ? "changed" : "", dataset: { option: o.name } },
        `${o.name} = ${optionValue(o.value)}`,
        o.changed ? ` (${t("default: {value}", { value: optionValue(o.default) })})` : ` (${t("default")})`,
        o.help ? el("span", { class: "dim" }, ` — ${o.help}`) : null))) : el("p", { class: "dim" }, t("This game has no options.")),
    house.length ? el("h3", {}, t("House rulings in force")) : null,
    house.length ? el("ul", { class: "house" }, house.map((o) => el("li", { dataset: { ruling: o.house_rule } },
      el("strong", {}, o.house_rule), " ",
      t("({option} = {value})", { option: o.name, value: optionValue(o.value) }), " ",
      o.ruling ? o.ruling.text : ""))) : null);
  $("rules-in-force").replaceChildren(inForce);
  $("rules-note").textContent = data.note || data.missing || "";
  $("rules-text").replaceChildren(...(data.markdown ? markdown(data.markdown) : []));
  $("rulings-list").replaceChildren(...(data.rulings || []).map((r) => el("li", {}, el("strong", {}, r.id), " ", r.text)));
  document.body.dataset.rules = data.lang;
}

async function loadRules() {
  try {
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
  if (last) draw(last);
  if (!$("rules-panel").classList.contains("hidden")) loadRules();
});

startI18n().then(() => {
  setInterval(tick, 500);
  connect();
});
