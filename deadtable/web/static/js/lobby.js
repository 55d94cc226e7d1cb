// The lobby: create a table (game, players, options, seats) and go to your seat; list the tables
// that can be watched (unfinished, with a move in the last day) and the finished ones.
import { api, el } from "./api.js";
import { clockSpec, setupClockChoice } from "./clock.js";
import { onLanguageChange, startI18n, t } from "./i18n.js";
import { fitChoices } from "./combinations.js";
import { gamesWithLessons, lessonButton } from "./learn.js";
import { remember } from "./mytables.js";
import { openSeatButtons } from "./openseats.js";
import { changedWords } from "./options.js";
import { startYourTables } from "./yourtables.js";

const $ = (id) => document.getElementById(id);
let games = [];

function currentGame() {
  return games.find((g) => g.id === $("game").value) || games[0];
}

function bots(game) {
  // `bots` ({name, description}) where the server gives it, else the bare agent names.
  return game.bots || game.agents.map((name) => ({ name, description: "" }));
}

// A card file: read in the browser, uploaded (POST /api/cardsets), its id kept as the option.
function cardsInput(option, id, help) {
  const file = el("input", { id, type: "file", accept: ".toml,text/plain", "aria-describedby": `${id}-help ${id}-status` });
  const status = el("span", { id: `${id}-status`, class: "upload-status", role: "status" });
  const error = el("p", { id: `${id}-error`, class: "error upload-error", role: "alert" });
  const clear = el("button", { type: "button", class: "hidden clear" }, t("use the built-in cards"));
  const value = el("input", { type: "hidden", value: "", dataset: { option: option.name, kind: "text" } });
  const reset = () => {
    value.value = "";
    file.value = "";
    status.textContent = "";
    clear.classList.add("hidden");
  };
  clear.addEventListener("click", () => { reset(); error.textContent = ""; });
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    error.textContent = "";
    value.value = "";
    status.textContent = "";
    if (!chosen) return;
    status.textContent = t("uploading {name}…", { name: chosen.name });
    $("create-button").disabled = true;
    try {
      const text = await chosen.text();
      const kept = await api("/api/cardsets", { method: "POST", body: { game: currentGame().id, name: chosen.name, text } });
      value.value = kept.id;
      status.textContent = t("{name} is ready", { name: chosen.name });
      clear.classList.remove("hidden");
    } catch (err) {
      reset();
      error.textContent = t("The card file cannot be used: {reason}", { reason: err.message });
    } finally {
      $("create-button").disabled = false;
    }
  });
  return el("div", { class: "option option-cards" },
    el("label", { for: id, class: "name" }, option.label || option.name),
    el("div", { class: "control" }, file, status, clear), value, help, error);
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  const kind = option.kind || (typeof option.default === "boolean" ? "boolean" : typeof option.default === "number" ? "number" : "text");
  const house = option.house_rule ? ` (${t("house rule {id}", { id: option.house_rule })})` : "";
  const help = el("small", { id: `${id}-help`, class: "help" }, `${option.help || ""}${house}`);
  if (kind === "cards") return cardsInput(option, id, help);
  const common = { id, name: option.name, "aria-describedby": `${id}-help`, dataset: { option: option.name, kind } };
  let input;
  if (option.choices) {
    input = el("select", common,
      option.choices.map((c) => el("option", { value: String(c), selected: c === option.default }, (option.value_labels || {})[String(c)] || String(c))));
  } else if (kind === "boolean") {
    input = el("input", { ...common, type: "checkbox", checked: option.default });
  } else if (kind === "number") {
    input = el("input", { ...common, type: "number", step: "1", inputmode: "numeric", value: String(option.default),
      min: option.minimum ?? null, max: option.maximum ?? null });
  } else {
    input = el("input", { ...common, type: "text", value: option.default ?? "" });
  }
  if (kind === "boolean") {
    return el("div", { class: "option option-boolean" },
      el("label", { for: id, class: "check" }, input, el("span", { class: "name" }, option.label || option.name)), help);
  }
  return el("div", { class: "option" }, el("label", { for: id, class: "name" }, option.label || option.name),
    el("div", { class: "control" }, input), help);
}

function drawOptions() {
  const game = currentGame();
  $("game-summary").textContent = game.summary || "";
  const [least, most] = game.players;
  const before = Number($("players").value) || least;
  const n = Math.min(Math.max(before, least), most);
  const counts = [];
  for (let k = least; k <= most; k++) counts.push(el("option", { value: String(k), selected: k === n }, String(k)));
  $("players").replaceChildren(...counts);
  $("players").value = String(n);
  $("options").replaceChildren(...(game.options.length ? game.options.map(optionInput) : [el("p", { class: "dim" }, t("This game has no options."))]));
  drawSeats();
  fitChoices(game, n);
}

function drawSeats() {
  const game = currentGame();
  const [least, most] = game.players;
  const n = Math.min(Math.max(Number($("players").value) || least, least), most);
  const choices = bots(game);
  const fallback = choices.some((b) => b.name === "greedy") ? "greedy" : choices[0].name;
  const old = [...document.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".kind").value, agent: row.querySelector(".agent").value,
    name: row.querySelector(".name").value,
  }));
  const rows = [];
  const syncs = [];
  for (let seat = 0; seat < n; seat++) {
    const prev = old[seat] || { kind: seat === 0 ? "human" : "bot", agent: fallback, name: "" };
    if (!choices.some((b) => b.name === prev.agent)) prev.agent = fallback;
    const kind = el("select", { class: "kind", "aria-label": t("seat {n} kind", { n: seat + 1 }) },
      el("option", { value: "human", selected: prev.kind === "human" }, t("person")),
      el("option", { value: "bot", selected: prev.kind === "bot" }, t("bot")),
      el("option", { value: "open", selected: prev.kind === "open" }, t("open seat")));
    const agent = el("select", { class: "agent", "aria-label": t("seat {n} bot", { n: seat + 1 }) },
      choices.map((b) => el("option", { value: b.name, selected: b.name === prev.agent }, b.name)));
    const about = el("small", { class: "help bot-about" });
    const name = el("input", { class: "name", placeholder: t("name (optional)"), "aria-label": t("seat {n} name", { n: seat + 1 }), maxlength: "40", value: prev.name });
    const sync = () => {
      const isBot = kind.value === "bot";
      agent.classList.toggle("invisible", !isBot);
      agent.disabled = !isBot;
      const chosen = choices.find((b) => b.name === agent.value);
      about.textContent = isBot && chosen ? chosen.description : kind.value === "human" && seat === firstHuman() ? t("your seat")
        : kind.value === "open" ? t("anyone may take it from the lobby; a bot plays it meanwhile") : "";
    };
    kind.addEventListener("change", () => { for (const s of seatSyncs) s(); });
    agent.addEventListener("change", sync);
    syncs.push(sync);
    rows.push(el("div", { class: "seat-row", dataset: { seat: String(seat) } },
      el("strong", { class: `p${seat % 4} seat-name` }, `P${seat + 1}`), kind, agent, name, about));
  }
  $("seats").replaceChildren(...rows);
  seatSyncs = syncs;
  for (const s of syncs) s();
}
let seatSyncs = [];

function firstHuman() {
  return [...document.querySelectorAll(".seat-row .kind")].findIndex((k) => k.value === "human");
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

function copyButton(url) {
  const button = el("button", { type: "button", class: "copy" }, t("copy"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = t("copied");
    } catch {
      button.textContent = t("select the link and copy it");
    }
  });
  return button;
}

// After creating: straight to your seat (the first person's seat), or to the table as a spectator
// when every seat is a bot; with other people seated, first a box with their links to copy.
function afterCreate(table) {
  const people = table.seats.filter((s) => s.link);
  if (!people.length) {
    location.assign(table.spectate);
    return;
  }
  // Your seat joins "Your tables" (with the creator token, which can issue any seat's link anew).
  remember({ table: table.id, seat: people[0].seat, token: people[0].token, game: currentGame().id, creator: table.creator });
  const mine = new URL(`${people[0].link}&creator=${encodeURIComponent(table.creator)}`, location.href).href;
  if (people.length === 1) {
    location.assign(mine);
    return;
  }
  const items = table.seats.map((s) => {
    if (!s.link) return el("li", {}, `P${s.seat + 1}: ${s.kind === "open" ? t("open seat") : t("bot ({agent})", { agent: s.agent })}`);
    const url = new URL(s.link, location.href).href;
    const who = s.seat === people[0].seat ? ` ${t("(you)")}` : "";
    return el("li", {}, el("span", { class: "who" }, `P${s.seat + 1}${who}: `),
      el("a", { href: url, class: "seat-link", dataset: { seat: String(s.seat) } }, url), " ", copyButton(url));
  });
  const spectate = new URL(table.spectate, location.href).href;
  items.push(el("li", {}, el("span", { class: "who" }, `${t("Spectators:")} `), el("a", { href: spectate }, spectate), " ", copyButton(spectate)));
  $("links").replaceChildren(...items);
  $("go-to-seat").href = mine;
  $("created").showModal();
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".kind").value;
    return { kind, agent: kind === "bot" ? row.querySelector(".agent").value : null, name: kind === "open" ? "" : row.querySelector(".name").value };
  });
  $("create-button").disabled = true;
  try {
    const table = await api("/api/tables", {
      method: "POST",
      body: {
        game: currentGame().id, players: seats.length, options: readOptions(), seats,
        ...clockSpec(), // move_time (seconds) and turn_based (clock.js)
        hints: $("hints").checked, // the seat to act may ask the bot (hint.js)
      },
    });
    afterCreate(table);
  } catch (err) {
    $("create-error").textContent = err.message;
  } finally {
    $("create-button").disabled = false;
  }
}

function tableRow(row, finished) {
  const seats = row.seats.map((s) => `${s.kind === "bot" ? `${t("bot")}:` : s.open ? `${t("open seat")}:` : s.present ? "●" : "○"} ${s.name || `P${s.seat + 1}`}`).join(", ");
  const links = finished
    ? [el("a", { class: "button", href: `/replay/${row.id}` }, t("replay"))]
    : [el("a", { class: "button", href: `/t/${row.id}` }, t("watch")),
      ...openSeatButtons(row)];
  const result = finished && row.outcome ? t("winner: {winners}", { winners: row.outcome.winners.map((w) => `P${w + 1}`).join(", ") }) : t("move {n}", { n: row.index });
  return el("tr", {}, el("td", { class: "game" }, row.game_name, row.options && row.options.length ? el("small", { class: "table-options dim" }, changedWords(row.options)) : null),
    el("td", { class: "dim id" }, row.id),
    el("td", { class: "seat-list" }, seats), el("td", {}, result), el("td", { class: "links" }, links));
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

// "Learn to play": a button per game that brings a lesson (learn.js); the panel hides without any.
async function drawLessons() {
  let found = [];
  try { found = await gamesWithLessons(); } catch (err) { console.warn(err); }
  $("learn-panel").classList.toggle("hidden", !found.length);
  $("lessons").replaceChildren(...found.map((l) => lessonButton(l.game, l.name, $("learn-error"))));
}

async function start() {
  await startI18n();
  await loadGames();
  onLanguageChange(async () => { await loadGames(); drawOptions(); refresh(); drawLessons(); });
  $("game").addEventListener("change", drawOptions);
  $("players").addEventListener("change", () => { drawSeats(); fitChoices(currentGame(), Number($("players").value)); });
  $("options").addEventListener("change", () => fitChoices(currentGame(), Number($("players").value)));
  $("create-form").addEventListener("submit", create);
  setupClockChoice();
  startYourTables();
  drawOptions();
  drawLessons();
  refresh();
  setInterval(refresh, 5000);
}

start();
