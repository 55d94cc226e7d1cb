// A table, live: the seat's view over a WebSocket, legal actions to click, the log, the score sheet.
// The seat and its secret come from the link's #seat=N&token=... part, which never reaches the
// server's logs; after a dropped connection the page reconnects and says hello again, which
// restores the seat.
import { el, scoreSheet, seatLabel } from "./api.js";
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
  $("message").textContent = `sent: ${text}`;
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
    if (s.kind === "bot") tags.push(`bot: ${s.agent}`);
    else if (s.away) tags.push("away: a bot plays");
    else if (!s.present) tags.push("not here");
    return el("div", { class: `seat p${s.seat % 4}${msg.to_act === s.seat ? " to-act" : ""}${msg.seat === s.seat ? " you" : ""}`, dataset: { seat: String(s.seat) } },
      seatLabel(msg.seats, s.seat), msg.seat === s.seat ? " (you)" : "",
      tags.length ? el("span", { class: "tag" }, tags.join(" · ")) : null);
  }));
}

function drawActions(msg) {
  const box = $("actions");
  if (!msg.legal.length) {
    box.replaceChildren(el("span", { class: "dim" }, msg.over ? "The game is over." : msg.seat === null ? "You are watching." : "Not your turn."));
    return;
  }
  box.replaceChildren(...msg.legal.map((text) => el("button", { class: "action", dataset: { action: text }, onclick: () => act(text) }, text)));
}

function drawStatus(msg) {
  const status = $("status");
  status.className = "";
  if (msg.over) status.textContent = "Game over";
  else if (msg.your_turn && !msg.away) { status.textContent = "Your turn"; status.className = "turn"; }
  else status.textContent = `${seatLabel(msg.seats, msg.to_act)} to act`;
  $("away-banner").classList.toggle("hidden", !msg.away || msg.over);
}

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

function draw(msg) {
  last = msg;
  document.title = `deadtable · ${msg.game_name}`;
  $("game-name").textContent = msg.game_name;
  $("who").textContent = msg.seat === null ? "watching" : `you are ${seatLabel(msg.seats, msg.seat)}`;
  drawSeats(msg);
  drawStatus(msg);
  const interactive = msg.your_turn && !msg.over;
  rendererFor(msg.game).render($("board"), msg.view, { seat: msg.seat, legal: msg.legal, act, why, seats: msg.seats, interactive });
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
  clock.textContent = `⏱ ${left}s`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  $("conn").textContent = "connecting…";
  ws.onopen = () => {
    retry = 0;
    $("conn").textContent = "";
    send(seat === null ? { type: "hello" } : { type: "hello", seat, token });
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
    if (closedForGood) { $("conn").textContent = "disconnected"; return; }
    retry = Math.min(retry + 1, 6);
    $("conn").textContent = "connection lost, reconnecting…";
    setTimeout(connect, 250 * 2 ** retry);
  };
}

$("back-button").addEventListener("click", () => send({ type: "back" }));
setInterval(tick, 500);
connect();
