// A table's clock: real-time (seconds per move) or turn-based (hours or days
// per move; the server keeps the deadline and plays a stand-in move once it passes, even with
// nobody at the table). The lobby's create form reads its choice here; the lobby and the table
// write the time left with `timeLeft`.
import { nt, onLanguageChange, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const HOUR = 3600;
const DAY = 24 * HOUR;
// Per choice: the seconds in one unit of the number field, its range and first value, its label.
const KINDS = {
  "real-time": { unit: 1, min: 0, max: 86400, value: 0, label: () => t("Move time (s)"),
    help: () => t("Seconds each person has for a move; 0 = no clock. When a person's time runs out, a bot plays that one move for them and they keep their seat.") },
  hours: { unit: HOUR, min: 1, max: 720, value: 24, label: () => t("Move time (hours)"), help: () => turnHelp() },
  days: { unit: DAY, min: 1, max: 30, value: 3, label: () => t("Move time (days)"), help: () => turnHelp() },
};
const turnHelp = () => t("Turn-based: nobody needs to stay at the table. When a person's time runs out, a bot plays that one move for them and they keep their seat.");

function kind() {
  const select = $("clock-kind");
  return KINDS[select && select.value] ? select.value : "real-time";
}

function draw(reset) {
  const chosen = KINDS[kind()];
  const input = $("move-time");
  input.min = String(chosen.min);
  input.max = String(chosen.max);
  if (reset) input.value = String(chosen.value);
  $("move-time-name").textContent = chosen.label();
  $("move-time-help").textContent = chosen.help();
}

// Wire the choice to the number field (its range, label and help follow the choice).
export function setupClockChoice() {
  $("clock-kind").addEventListener("change", () => draw(true));
  onLanguageChange(() => draw(false));
  draw(false);
}

// What the create request says about the clock: {move_time (seconds), turn_based}.
export function clockSpec() {
  const chosen = KINDS[kind()];
  const n = Number($("move-time").value) || 0;
  return { move_time: Math.round(n * chosen.unit), turn_based: kind() !== "real-time" };
}

// "2 days 3 hours", "5 hours 12 minutes", "4 minutes", "12 seconds": the two largest units.
export function timeLeft(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s >= DAY) return `${nt("{n} day", "{n} days", Math.floor(s / DAY))} ${nt("{n} hour", "{n} hours", Math.floor((s % DAY) / HOUR))}`;
  if (s >= HOUR) return `${nt("{n} hour", "{n} hours", Math.floor(s / HOUR))} ${nt("{n} minute", "{n} minutes", Math.floor((s % HOUR) / 60))}`;
  if (s >= 120) return nt("{n} minute", "{n} minutes", Math.floor(s / 60));
  return nt("{n} second", "{n} seconds", s);
}
