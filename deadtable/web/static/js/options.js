// A table's options in words: "Round limit: 12", "Hired Hands: 7 drawn at random", never the
// option's name and raw value (`rounds = 12`), which stay the record's and the API's. The server
// says each option in the reader's language (`label`, `value_text`, `default_text`: the game's own
// labels, deadtable/core/options.py); this module only lays them out.
//
// The rules panel (table.js) and the lobby use `optionWords`; on the replay page this module shows
// the finished table's options itself, above the board.
import { api, el } from "./api.js";
import { onLanguageChange, startI18n, t } from "./i18n.js";

export const optionWords = (o) => `${o.label}: ${o.value_text}`;

// The options that differ from the game's defaults, in words, joined for a line of the lobby.
export const changedWords = (options) => (options || []).map(optionWords).join(" · ");

async function showOnReplay() {
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  let data;
  try {
    data = await api(`/api/tables/${encodeURIComponent(tableId)}/rules`);
  } catch {
    return;
  }
  let box = document.getElementById("table-options");
  if (!box) {
    box = el("details", { id: "table-options", class: "panel table-options" });
    const main = document.querySelector("main");
    if (!main) return;
    main.prepend(box);
  }
  const options = data.options || [];
  box.replaceChildren(el("summary", {}, t("Options at this table")),
    options.length
      ? el("ul", {}, options.map((o) => el("li", { class: o.changed ? "changed" : "", dataset: { option: o.name } },
        optionWords(o), o.changed ? "" : ` (${t("default")})`)))
      : el("p", { class: "dim" }, t("This game has no options.")));
  document.body.dataset.options = data.lang;
}

if (location.pathname.startsWith("/replay/")) {
  startI18n().then(() => {
    showOnReplay();
    onLanguageChange(() => showOnReplay());
  });
}
