// "Your tables" in the lobby: the seats this browser took (mytables.js), first on the
// page: whose turn it is (yours highlighted), the time left, finished games with their replay.
// Only the table ids go to the server (POST /api/tables/status); the links stay here.
import { api, el, seatLabel } from "./api.js";
import { timeLeft } from "./clock.js";
import { onLanguageChange, t } from "./i18n.js";
import { forget, myTables, seatLink } from "./mytables.js";

const $ = (id) => document.getElementById(id);
let known = new Map(); // table id -> its status, as last answered

function turnText(entry, status) {
  if (!status || !status.found) return el("span", { class: "dim" }, t("not found on this server"));
  if (status.over) {
    const winners = status.outcome ? status.outcome.winners.map((w) => seatLabel(status.seats, w)).join(", ") : "";
    return el("span", { class: "dim" }, t("finished"), winners ? ` · ${t("winner: {winners}", { winners })}` : "");
  }
  if (status.to_act === entry.seat) return el("strong", { class: "your-turn-text" }, t("Your turn"));
  if (status.to_act === null || status.to_act === undefined) return el("span", { class: "dim" }, "");
  return el("span", {}, t("{who} to play", { who: seatLabel(status.seats, status.to_act) }));
}

function leftText(status) {
  if (!status || !status.found || status.over || !status.deadline) return "";
  return t("{left} left", { left: timeLeft(status.deadline - Date.now() / 1000) });
}

function row(entry) {
  const status = known.get(entry.table);
  const over = status && status.found && status.over;
  const mine = status && status.found && !over && status.to_act === entry.seat;
  const name = (status && status.found && status.game_name) || entry.game || "";
  const go = over
    ? el("a", { class: "button", href: `/replay/${encodeURIComponent(entry.table)}` }, t("replay"))
    : el("a", { class: `button${mine ? " primary" : ""}`, href: seatLink(entry) }, t("go to my seat"));
  const drop = el("button", { type: "button", class: "forget", title: t("Forget this table in this browser") }, "✕");
  drop.addEventListener("click", () => { forget(entry.table, entry.seat); draw(); });
  return el("tr", { class: mine ? "your-turn" : "", dataset: { table: entry.table, seat: String(entry.seat) } },
    el("td", { class: "game" }, name), el("td", {}, `P${entry.seat + 1}`),
    el("td", { class: "turn" }, turnText(entry, status)), el("td", { class: "left" }, leftText(status)),
    el("td", { class: "links" }, go, " ", drop));
}

// Your turn first, then the others' turns, then the finished games; newest first within each.
function rank(entry) {
  const status = known.get(entry.table);
  if (!status || !status.found) return 3;
  if (status.over) return 2;
  return status.to_act === entry.seat ? 0 : 1;
}

function draw() {
  const list = myTables();
  $("your-tables-panel").classList.toggle("hidden", !list.length);
  const sorted = list.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i).map((x) => x.e);
  $("your-tables").tBodies[0].replaceChildren(...sorted.map(row));
}

async function refresh() {
  const list = myTables();
  if (list.length) {
    try {
      const ids = [...new Set(list.map((e) => e.table))];
      const answer = await api("/api/tables/status", { method: "POST", body: { ids } });
      known = new Map(answer.tables.map((s) => [s.id, s]));
    } catch (err) {
      console.warn(err);
    }
  }
  draw();
}

// Called by lobby.js once the page's language is loaded.
export function startYourTables() {
  onLanguageChange(refresh);
  refresh();
  setInterval(refresh, 15000);
  setInterval(draw, 30000); // the time left goes down between two answers
}
