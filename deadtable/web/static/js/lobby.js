// The lobby: create a table (game, players, options, seats), list open and finished tables.
import { api, el } from "./api.js";
import { onLanguageChange, startI18n, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];

function currentGame() {
  return games.find((g) => g.id === $("game").value) || games[0];
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.choices) {
    input = el("select", { id, name: option.name },
      option.choices.map((c) => el("option", { value: String(c), selected: c === option.default }, String(c))));
  } else if (typeof option.default === "boolean") {
    input = el("input", { id, name: option.name, type: "checkbox", checked: option.default });
  } else if (typeof option.default === "number") {
    input = el("input", { id, name: option.name, type: "number", value: String(option.default) });
  } else {
    input = el("input", { id, name: option.name, type: "text", value: option.default ?? "" });
  }
  input.dataset.option = option.name;
  input.dataset.kind = typeof option.default;
  const house = option.house_rule ? el("span", { class: "dim" }, ` (${t("house rule {id}", { id: option.house_rule })})`) : null;
  return el("div", {}, el("label", { title: option.help }, `${option.name}`, input), el("span", { class: "dim" }, option.help), house);
}

function drawOptions() {
  const game = currentGame();
  $("game-summary").textContent = game.summary || "";
  const players = $("players");
  players.min = game.players[0];
  players.max = game.players[1];
  const n = Math.min(Math.max(Number(players.value) || game.players[0], game.players[0]), game.players[1]);
  players.value = n;
  $("options").replaceChildren(...game.options.map(optionInput));
  drawSeats();
}

function drawSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const old = [...document.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".kind").value, agent: row.querySelector(".agent").value,
    name: row.querySelector(".name").value,
  }));
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    const prev = old[seat] || { kind: seat === 0 ? "human" : "bot", agent: game.agents.includes("greedy") ? "greedy" : game.agents[0], name: "" };
    const kind = el("select", { class: "kind", "aria-label": t("seat {n} kind", { n: seat + 1 }) },
      el("option", { value: "human", selected: prev.kind === "human" }, t("person")),
      el("option", { value: "bot", selected: prev.kind === "bot" }, t("bot")));
    const agent = el("select", { class: "agent", "aria-label": t("seat {n} bot", { n: seat + 1 }) },
      game.agents.map((a) => el("option", { value: a, selected: a === prev.agent }, a)));
    const name = el("input", { class: "name", placeholder: t("name (optional)"), maxlength: "40", value: prev.name });
    const sync = () => { agent.disabled = kind.value !== "bot"; };
    kind.addEventListener("change", sync);
    sync();
    rows.push(el("div", { class: "seat-row", dataset: { seat: String(seat) } },
      el("strong", { class: `p${seat % 4}` }, `P${seat + 1}`), kind, agent, name));
  }
  $("seats").replaceChildren(...rows);
}

function readOptions() {
  const out = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "boolean") out[input.dataset.option] = input.checked;
    else if (kind === "number") out[input.dataset.option] = Number(input.value);
    else out[input.dataset.option] = input.value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".kind").value;
    return { kind, agent: kind === "bot" ? row.querySelector(".agent").value : null, name: row.querySelector(".name").value };
  });
  try {
    const table = await api("/api/tables", {
      method: "POST",
      body: {
        game: currentGame().id, players: Number($("players").value), options: readOptions(), seats,
        move_time: Number($("move-time").value) || 0,
      },
    });
    const items = table.seats.map((s) => {
      if (!s.link) return el("li", {}, `P${s.seat + 1}: ${t("bot ({agent})", { agent: s.agent })}`);
      const url = new URL(s.link, location.href).href;
      return el("li", {}, `P${s.seat + 1}: `, el("a", { href: url, class: "seat-link", dataset: { seat: String(s.seat) } }, url), " ",
        el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, t("copy")));
    });
    items.push(el("li", {}, `${t("Spectators:")} `, el("a", { href: table.spectate }, new URL(table.spectate, location.href).href)));
    $("links").replaceChildren(...items);
    $("created").classList.remove("hidden");
    refresh();
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

function tableRow(row, finished) {
  const seats = row.seats.map((s) => `${s.kind === "bot" ? `${t("bot")}:` : s.present ? "●" : "○"} ${s.name || `P${s.seat + 1}`}`).join(", ");
  const link = finished ? el("a", { href: `/replay/${row.id}` }, t("replay")) : el("a", { href: `/t/${row.id}` }, t("watch"));
  const result = finished && row.outcome ? t("winner: {winners}", { winners: row.outcome.winners.map((w) => `P${w + 1}`).join(", ") }) : t("move {n}", { n: row.index });
  return el("tr", {}, el("td", {}, row.game_name), el("td", { class: "dim" }, row.id), el("td", {}, seats), el("td", {}, result), el("td", {}, link));
}

async function refresh() {
  try {
    const [open, done] = await Promise.all([api("/api/tables?status=playing"), api("/api/tables?status=over&limit=20")]);
    $("open-tables").tBodies[0].replaceChildren(...(open.length ? open.map((row) => tableRow(row, false)) : [el("tr", {}, el("td", { class: "dim" }, t("no open tables yet")))]));
    $("done-tables").tBodies[0].replaceChildren(...(done.length ? done.map((row) => tableRow(row, true)) : [el("tr", {}, el("td", { class: "dim" }, t("none yet")))]));
  } catch (err) {
    console.warn(err);
  }
}

async function loadGames() {
  const chosen = $("game").value;
  games = await api("/api/games");
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id, selected: g.id === chosen }, g.name)));
}

async function start() {
  await startI18n();
  await loadGames();
  onLanguageChange(async () => { await loadGames(); drawOptions(); refresh(); });
  $("game").addEventListener("change", drawOptions);
  $("players").addEventListener("change", drawSeats);
  $("create-form").addEventListener("submit", create);
  drawOptions();
  refresh();
  setInterval(refresh, 5000);
}

start();
