// Your turn at the open table: this seat joins "Your tables" (mytables.js), and an
// opt-in browser notification says when it becomes your turn while the page is out of sight.
// The browser is asked for permission only when the box is ticked (never on its own). The tab's
// title ("(Your turn) …") is table.js's. Like chat.js, it reads the `deadtable:message` events.
import { el, onTableMessage } from "./api.js";
import { onLanguageChange, t } from "./i18n.js";
import { remember } from "./mytables.js";

const WANT = "deadtable.notify"; // "1" when this browser asked for the notification
const params = new URLSearchParams(location.hash.slice(1));
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");
const creator = params.get("creator");
const table = decodeURIComponent(location.pathname.split("/").pop() || "");

let remembered = false;
let wasMine = null;
let box = null;

const supported = () => "Notification" in window;
const wanted = () => { try { return localStorage.getItem(WANT) === "1"; } catch { return false; } };
function want(value) { try { localStorage.setItem(WANT, value ? "1" : "0"); } catch { /* not kept */ } }

function drawBox() {
  if (seat === null || !token || !supported()) return;
  const header = document.querySelector("header.top");
  if (!header) return;
  if (!box) {
    box = el("label", { class: "notify-turn", id: "notify-turn-label" });
    header.insertBefore(box, document.getElementById("rules-button"));
  }
  const input = el("input", { type: "checkbox", id: "notify-turn", checked: wanted() && Notification.permission === "granted" });
  const note = Notification.permission === "denied" ? el("span", { class: "dim" }, ` (${t("blocked by this browser")})`) : null;
  input.addEventListener("change", async () => {
    if (!input.checked) { want(false); return; }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    want(answer === "granted");
    drawBox();
  });
  box.replaceChildren(...[input, el("span", { "data-i18n": "Tell me when it is my turn" }, t("Tell me when it is my turn")), note].filter(Boolean));
}

function tell(msg) {
  if (!wanted() || !supported() || Notification.permission !== "granted" || document.visibilityState === "visible") return;
  try {
    new Notification(t("Your turn"), { body: t("It is your turn at {game}.", { game: msg.game_name }), tag: `deadtable-${table}` });
  } catch { /* some browsers only notify from a service worker */ }
}

function receive(msg) {
  if (msg.type !== "state" || msg.seat === null || msg.seat === undefined) return;
  if (!remembered && token) {
    remembered = true;
    drawBox(); // (the page's language is loaded by now)
    remember({ table: msg.table, seat: msg.seat, token, game: msg.game, creator });
  }
  const mine = Boolean(msg.your_turn && !msg.over);
  if (mine && wasMine === false) tell(msg);
  wasMine = mine;
}

onTableMessage(receive);
onLanguageChange(drawBox);
drawBox();
