// A lost seat link: the table's creator (whose link carries `creator=`) sees the seats
// and can issue a NEW link for a person's seat. Seat secrets are kept hashed, so an old link cannot
// be shown again: the new one replaces it, and whoever held the old link is shut out (creator.py).
// Like chat.js, it reads the `deadtable:message` events.
import { api, el, seatLabel, onTableMessage } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";
import { remember } from "./mytables.js";

const params = new URLSearchParams(location.hash.slice(1));
const creator = params.get("creator");
const mySeat = params.has("seat") ? Number(params.get("seat")) : null;
const table = decodeURIComponent(location.pathname.split("/").pop() || "");

let last = null;
let checked = null; // whether the server took the creator token (asked once)
const issued = new Map(); // seat -> the new link issued on this page
let problem = "";

function panel() {
  let node = document.getElementById("seat-links");
  if (!node) {
    const aside = document.querySelector("aside");
    if (!aside) return null;
    node = el("details", { class: "panel seat-links", id: "seat-links" });
    aside.append(node);
  }
  return node;
}

async function issue(seat) {
  if (!confirm(t("A new link for {who}: whoever holds the old one can no longer play it. Go on?", { who: seatLabel(last.seats, seat) }))) return;
  try {
    const made = await api(`/api/tables/${encodeURIComponent(table)}/seats/${seat}/link`, { method: "POST", body: { creator } });
    problem = "";
    issued.set(seat, new URL(made.link, location.href).href);
    if (seat === mySeat) { // your own seat: this page's link changed too
      remember({ table, seat, token: made.token, creator });
      location.replace(`${made.link}&creator=${encodeURIComponent(creator)}`);
      location.reload();
      return;
    }
  } catch (err) {
    problem = err.message;
  }
  draw();
}

function copyButton(url) {
  const button = el("button", { type: "button", class: "copy" }, t("copy"));
  button.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); button.textContent = t("copied"); } catch { button.textContent = t("select the link and copy it"); }
  });
  return button;
}

function draw() {
  if (!creator || !last || checked !== true) return;
  const node = panel();
  if (!node) return;
  const open = node.open;
  const rows = last.seats.filter((s) => s.kind === "human").map((s) => {
    const link = issued.get(s.seat);
    const button = el("button", { type: "button", class: "new-link", dataset: { seat: String(s.seat) } }, t("New link"));
    button.addEventListener("click", () => issue(s.seat));
    return el("li", { dataset: { seat: String(s.seat) } }, el("strong", {}, seatLabel(last.seats, s.seat)), " ", button,
      link ? el("span", { class: "issued" }, " ", el("a", { href: link, class: "seat-link" }, link), " ", copyButton(link)) : null);
  });
  node.replaceChildren(...[
    el("summary", {}, el("h2", {}, t("Seat links"))),
    el("p", { class: "dim" }, t("You made this table: you can give a seat a new link if its player lost theirs. The old link then stops working.")),
    el("ul", { class: "seat-link-list" }, rows),
    problem ? el("p", { class: "error", role: "alert" }, problem) : null].filter(Boolean));
  node.open = open;
}

async function receive(msg) {
  if (msg.type !== "state" || !creator) return;
  last = msg;
  if (checked === null) {
    checked = false;
    try {
      await api(`/api/tables/${encodeURIComponent(table)}/creator`, { method: "POST", body: { creator } });
      checked = true;
    } catch { /* not the creator's token: no panel */ }
  }
  draw();
}

onTableMessage(receive);
onLanguageChange(draw);
