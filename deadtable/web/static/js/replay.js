// The replay viewer: step back and forth over a finished game's record (spectator's view).
import { api, scoreSheet, seatLabel } from "./api.js";
import { onLanguageChange, startI18n, t } from "./i18n.js";
import { rendererFor } from "./renderers/index.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
let step = 0;
let steps = 0;
const cache = new Map();

async function fetchStep(n) {
  if (!cache.has(n)) cache.set(n, api(`/api/tables/${encodeURIComponent(tableId)}/replay/${n}`));
  return cache.get(n);
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
  $("last-action").textContent = step ? `${seatLabel(data.seats, data.seat ?? 0)}: ${data.action}` : t("The deal, before any move.");
  rendererFor(data.game).render($("board"), data.view, { seat: null, legal: [], seats: data.seats, interactive: false });
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
