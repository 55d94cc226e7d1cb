// The replay viewer: step back and forth over a finished game's record (spectator's view).
import { api, scoreSheet, seatLabel } from "./api.js";
import { onLanguageChange, startI18n, t } from "./i18n.js";
import { gameStyle, loadRenderer } from "./renderers/index.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let step = 0;
let steps = 0;
const cache = new Map();

async function fetchStep(n) {
  if (!cache.has(n)) cache.set(n, api(`/api/tables/${encodeURIComponent(tableId)}/replay/${n}`));
  return cache.get(n);
}

// What the move did, in the game's own words: the narration lines this step added (never the
// action's raw text); the seat alone when the game narrates nothing.
async function narration(data) {
  const who = seatLabel(data.seats, data.seat ?? 0);
  const lines = (data.view && data.view.log) || [];
  if (!lines.length) return who;
  let from = 0;
  try {
    const prev = await fetchStep(data.step - 1);
    const pv = prev.view || {};
    from = (pv.log_start || 0) + ((pv.log && pv.log.length) || 0) - (data.view.log_start || 0);
  } catch { from = lines.length - 1; }
  const added = lines.slice(Math.max(0, Math.min(from, lines.length - 1)));
  return added.join(" · "); // the log's lines are sentences without a full stop: kept apart
}

async function show(n) {
  let data;
  try {
    data = await fetchStep(n);
  } catch (err) {
    $("last-action").textContent = err.message;
    $("last-action").className = "error";
    return;
  }
  step = data.step;
  steps = data.steps;
  $("game-name").textContent = data.game_name;
  $("slider").max = String(steps);
  $("slider").value = String(step);
  $("step").textContent = t("move {step} of {steps}", { step, steps });
  $("last-action").className = "";
  $("last-action").textContent = step ? await narration(data) : t("The deal, before any move.");
  gameStyle(data.game);
  (await loadRenderer(data.game)).render($("board"), data.view, { seat: null, legal: [], actions: [], seats: data.seats, interactive: false });
  $("result").classList.toggle("hidden", !data.over);
  if (data.over) scoreSheet($("scoresheet").tBodies[0] || $("scoresheet").appendChild(document.createElement("tbody")), data.seats, data.outcome);
  document.body.dataset.step = String(step);
  if (step + 1 <= steps) fetchStep(step + 1);
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(Math.max(0, step - 1)));
$("next").addEventListener("click", () => show(Math.min(steps, step + 1)));
$("last").addEventListener("click", () => show(steps));
$("slider").addEventListener("input", (e) => show(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") show(Math.max(0, step - 1));
  if (e.key === "ArrowRight") show(Math.min(steps, step + 1));
});
onLanguageChange(() => { cache.clear(); show(step); });
startI18n().then(() => show(0));
