// Open seats in the lobby: a table's creator may leave a person's seat open (the seat's kind "open
// seat" in the form), and the lobby's list of open tables offers each such seat to anyone: "take
// P2" asks the server for the seat (POST /api/tables/{id}/seats/{seat}/take, server/open_seats.py),
// keeps its link in "Your tables" and goes to it. Someone quicker gets a clear refusal, said here.
import { api, el } from "./api.js";
import { t } from "./i18n.js";
import { remember, seatLink } from "./mytables.js";

async function take(row, seat, button) {
  button.disabled = true;
  try {
    const got = await api(`/api/tables/${encodeURIComponent(row.id)}/seats/${seat}/take`, { method: "POST", body: { name: "" } });
    const entry = { table: row.id, seat, token: got.token, game: row.game };
    remember(entry);
    location.assign(seatLink(entry));
  } catch (err) {
    button.replaceWith(el("span", { class: "error", role: "alert" }, err.message));
  }
}

// A button per open seat of a lobby row (none for a finished table).
export function openSeatButtons(row) {
  if (!row.joinable) return [];
  return row.seats.filter((s) => s.open).map((s) => {
    const button = el("button", { type: "button", class: "primary take-seat", dataset: { seat: String(s.seat) } },
      t("take seat P{seat}", { seat: s.seat + 1 }));
    button.addEventListener("click", () => take(row, s.seat, button));
    return button;
  });
}
