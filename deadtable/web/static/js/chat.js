// The table's chat, in the log's column: the seats write, everyone reads. A line is put
// in the page as text (el() makes text nodes), never as markup. The server checks the length and
// the pace and answers a refusal ("chat-..." errors) in the reader's language; this shows it here.
//
// Muting a seat is the reader's own choice, kept in this browser per table (localStorage
// "deadtable.mute.<table id>": the muted seats' numbers); their lines are hidden, not dropped, so
// unmuting shows them again.
//
// The table shell (table.js) owns the WebSocket: it hands every message it receives to
// `deadtable:message` listeners, and `window.deadtable.send` sends one.
import { el, seatLabel, onTableMessage } from "./api.js";
import { language, onLanguageChange, t } from "./i18n.js";

const MAX_CHAT = 300; // characters (deadtable/server/chat.py, MAX_CHAT)
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const muteKey = `deadtable.mute.${tableId}`;

const lines = new Map(); // id -> line, every line received
let seats = [];
let mySeat = null;
let panel = null;

function loadMuted() {
  try {
    const saved = JSON.parse(localStorage.getItem(muteKey) || "[]");
    return new Set(Array.isArray(saved) ? saved.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

const muted = loadMuted();

function saveMuted() {
  try { localStorage.setItem(muteKey, JSON.stringify([...muted])); } catch { /* private mode: for this visit only */ }
}

const $ = (id) => document.getElementById(id);

function build() {
  const aside = document.querySelector("main aside");
  if (!aside) return null;
  const input = el("input", { id: "chat-input", type: "text", maxlength: String(MAX_CHAT), autocomplete: "off" });
  const form = el("form", { id: "chat-form", class: "chat-form" }, input, el("button", { id: "chat-send", type: "submit" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (window.deadtable && window.deadtable.send({ type: "chat", text })) {
      input.value = "";
      note("");
    }
  });
  const box = el("section", { class: "panel chat-panel", id: "chat-panel" },
    el("h2", { id: "chat-title" }),
    el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" }),
    form,
    el("p", { id: "chat-note", class: "dim", role: "status" }),
    el("details", { id: "chat-mute", class: "chat-mute" }, el("summary", { id: "chat-mute-title" }), el("div", { id: "chat-mute-seats" })));
  aside.append(box);
  return box;
}

function note(text, cls = "dim") {
  const box = $("chat-note");
  if (!box) return;
  box.textContent = text;
  box.className = cls;
}

function drawLabels() {
  $("chat-title").textContent = t("Chat");
  $("chat-input").placeholder = t("Say something to the table…");
  $("chat-input").setAttribute("aria-label", t("Chat message"));
  $("chat-send").textContent = t("Send");
  $("chat-mute-title").textContent = t("Mute a seat");
  const spectator = mySeat === null;
  $("chat-form").classList.toggle("hidden", spectator);
  if (spectator) note(t("You are watching: the seats write here, you read."));
  const others = seats.filter((s) => s.kind === "human" && s.seat !== mySeat);
  $("chat-mute").classList.toggle("hidden", !others.length);
  $("chat-mute-seats").replaceChildren(...others.map((s) => {
    const box = el("input", { type: "checkbox", dataset: { muteSeat: String(s.seat) } });
    box.checked = muted.has(s.seat);
    box.addEventListener("change", () => {
      if (box.checked) muted.add(s.seat); else muted.delete(s.seat);
      saveMuted();
      drawLines();
    });
    return el("label", { class: "chat-mute-seat" }, box, ` ${seatLabel(seats, s.seat)}`);
  }));
}

// When a line was said, in the reader's clock and language (the server's `at`: ISO 8601, UTC).
function stamp(at) {
  const when = at ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(at) ? at : `${at}Z`) : null;
  if (!when || Number.isNaN(when.getTime())) return null;
  const time = new Intl.DateTimeFormat(language(), { hour: "2-digit", minute: "2-digit" }).format(when);
  const full = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(when);
  return el("time", { class: "chat-at", datetime: when.toISOString(), title: full }, `${time} `);
}

function drawLines() {
  const list = $("chat-lines");
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const sorted = [...lines.values()].sort((a, b) => a.id - b.id);
  list.replaceChildren(...sorted.map((line) => el("li", {
    class: `chat-line${muted.has(line.seat) ? " hidden" : ""}${line.seat === mySeat ? " mine" : ""}`,
    dataset: { seat: String(line.seat), id: String(line.id) },
  }, stamp(line.at), el("span", { class: `chat-who p${line.seat % 4}` }, `${seatLabel(seats, line.seat)}: `), el("span", { class: "chat-text" }, line.text))));
  const hidden = sorted.filter((line) => muted.has(line.seat)).length;
  list.dataset.hidden = String(hidden);
  if (atEnd) list.scrollTop = list.scrollHeight;
}

function receive(msg) {
  if (msg.type === "state") {
    const first = !panel;
    if (first) panel = build();
    if (!panel) return;
    const changed = first || mySeat !== msg.seat || seats.length !== msg.seats.length || seats.some((s, i) => s.name !== msg.seats[i].name);
    seats = msg.seats;
    mySeat = msg.seat;
    if (changed) { drawLabels(); drawLines(); }
  } else if (msg.type === "chat") {
    for (const line of msg.lines || []) lines.set(line.id, line);
    if (panel) drawLines();
  } else if (msg.type === "error" && String(msg.code).startsWith("chat-")) {
    note(msg.message, "error"); // the server's sentence, in the reader's language
  }
}

onTableMessage(receive);
onLanguageChange(() => { if (panel) { drawLabels(); drawLines(); } });
