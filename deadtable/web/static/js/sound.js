// A sound and a short vibration when it becomes your turn: off unless the person turns it on
// (remembered in this browser, localStorage "deadtable.sound"). The sound is a short tone made by
// the page (Web Audio: no file to fetch); the vibration where the device has one. Neither plays
// for a spectator, nor at the first state (coming to the table is no news).
//
// Like chat.js, it reads the `deadtable:message` events table.js hands out.
import { el, onTableMessage } from "./api.js";
import { settingsRow } from "./confirm.js";
import { onLanguageChange, t } from "./i18n.js";

const STORE = "deadtable.sound";
let wasYourTurn = null;
let audio = null;

const wanted = () => { try { return localStorage.getItem(STORE) === "on"; } catch { return false; } };

function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch { /* no audio here */ }
  if (navigator.vibrate) navigator.vibrate(150);
  document.body.dataset.turnSignal = String(Number(document.body.dataset.turnSignal || 0) + 1);
}

function drawSetting() {
  const row = settingsRow();
  if (!row) return;
  let label = document.getElementById("sound-setting");
  if (!label) {
    const input = el("input", { type: "checkbox", id: "turn-sound" });
    input.addEventListener("change", () => {
      try { localStorage.setItem(STORE, input.checked ? "on" : "off"); } catch { /* for this page only */ }
      if (input.checked && !audio) { try { audio = new AudioContext(); } catch { audio = null; } } // a click may start sound
    });
    label = el("label", { id: "sound-setting" }, input, el("span", {}));
    row.append(label);
  }
  label.querySelector("input").checked = wanted();
  label.querySelector("span").textContent = t("Sound and vibration when it is your turn");
}

onTableMessage((msg) => {
  if (msg.type !== "state" || msg.seat === null) return;
  if (!document.getElementById("sound-setting")) drawSetting();
  const mine = Boolean(msg.your_turn && !msg.over);
  if (mine && wasYourTurn === false && wanted()) beep();
  wasYourTurn = mine;
});
onLanguageChange(() => { if (document.getElementById("sound-setting")) drawSetting(); });
