// The generic renderer: any game's view, drawn from its JSON as labelled sections, chips and tables.
import { el } from "../api.js";
import { t } from "../i18n.js";

const SKIP = new Set(["game", "seat"]);

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

function scalar(v) {
  if (v === null || v === undefined) return el("span", { class: "dim" }, "—");
  if (typeof v === "boolean") return el("span", {}, v ? t("yes") : t("no"));
  return el("span", {}, String(v));
}

function title(key) {
  return String(key).replace(/_/g, " ");
}

export function value(v, depth = 0) {
  if (isScalar(v)) return scalar(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", { class: "dim" }, t("none"));
    if (v.every(isScalar)) return el("span", {}, v.map((x) => el("span", { class: "chip" }, x === null ? "?" : String(x))));
    if (v.every((x) => x && typeof x === "object" && !Array.isArray(x))) {
      const keys = [...new Set(v.flatMap((x) => Object.keys(x)))];
      if (keys.length <= 8 && keys.every((k) => v.every((x) => isScalar(x[k]) || x[k] === undefined))) {
        return el("table", {},
          el("tr", {}, el("th", {}, "#"), keys.map((k) => el("th", {}, title(k)))),
          v.map((x, i) => el("tr", {}, el("td", { class: "dim" }, String(i)), keys.map((k) => el("td", {}, scalar(x[k]))))));
      }
    }
    return el("ol", { start: "0" }, v.map((x) => el("li", {}, value(x, depth + 1))));
  }
  if (depth > 6) return el("code", {}, JSON.stringify(v));
  return el("dl", {}, Object.entries(v).map(([k, x]) => [el("dt", {}, title(k)), el("dd", {}, value(x, depth + 1))]));
}

export function render(container, view, ctx) {
  const entries = Object.entries(view).filter(([k]) => !SKIP.has(k));
  container.replaceChildren(
    el("div", { class: "gv" },
      ctx && ctx.seat !== null && ctx.seat !== undefined ? el("p", {}, t("You are {who}.", { who: `P${ctx.seat + 1}` })) : el("p", { class: "dim" }, t("Spectator view.")),
      el("dl", {}, entries.map(([k, x]) => [el("dt", {}, title(k)), el("dd", {}, value(x))]))),
  );
}
