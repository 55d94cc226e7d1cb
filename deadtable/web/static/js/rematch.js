// "Play again": at the end, a seat's click makes the next table (same seats, options and
// clock, a new seed; the server makes it once however many click). The state then carries
// `rematch`, the new table's id, and this page leads each reader to their place there: a seat's link
// keeps its secret (the new table knows the same one for the same seat), a spectator watches.
// Whoever clicked goes there at once; the others get a link in the ending banner.
//
// Like chat.js, it reads the messages table.js hands to `deadtable:message` listeners.
import { el, onTableMessage } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";

const params = new URLSearchParams(location.hash.slice(1));
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");

let last = null;
let clicked = false;
let problem = "";

function nextLink(id) {
  const path = `/t/${encodeURIComponent(id)}`;
  return seat === null || !token ? path : `${path}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

function box() {
  let node = document.getElementById("rematch");
  if (!node) {
    const result = document.getElementById("result");
    if (!result) return null;
    node = el("p", { id: "rematch", class: "rematch" });
    result.append(node);
  }
  return node;
}

function draw() {
  const node = box();
  if (!node || !last || !last.over) return;
  if (last.rematch) {
    const href = nextLink(last.rematch);
    if (clicked) { location.assign(href); return; }
    node.replaceChildren(el("a", { id: "rematch-link", class: "button primary", href }, seat === null ? t("Watch the next game") : t("The next game is ready: go to your seat")));
    return;
  }
  if (seat === null) { node.replaceChildren(); return; }
  const button = el("button", { id: "rematch-button", type: "button", class: "primary", disabled: clicked }, clicked ? t("Setting up the next game…") : t("Play again"));
  button.addEventListener("click", () => {
    if (clicked) return;
    if (window.deadtable && window.deadtable.send({ type: "rematch" })) { clicked = true; problem = ""; draw(); }
  });
  node.replaceChildren(button, el("span", { class: "dim rematch-help" }, problem || t("Same seats and options, a new deal.")));
}

function receive(msg) {
  if (msg.type === "state") {
    last = msg;
    draw();
  } else if (msg.type === "error" && String(msg.code).startsWith("rematch-")) {
    clicked = false;
    problem = msg.message;
    draw();
  }
}

onTableMessage(receive);
onLanguageChange(draw);
