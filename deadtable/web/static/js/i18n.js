// The page in the reader's language: messages come from the server's catalogue (/i18n/<lang>.json,
// made by deadtable.i18n.catalogue_json from the same .po files as the terminal's), written in the
// code as their English message ids: t("Your turn"), t("house rule {id}", {id}), nt("{n} card", "{n} cards", n).
// A message with a context (msgctxt: a game's card names and texts, "<game-id>:card") is looked up in
// the catalogue's `contexts`: t(text, null, "zombie-shedding:card"), or cardText("zombie-shedding", text).
//
// Which language: the reader's own choice, remembered in this browser (localStorage "deadtable.lang",
// and the cookie "deadtable_lang", which the server also reads, so its errors, the log and the rules
// come in the same language); without a choice, the server's pick from the browser's
// Accept-Language (GET /api/lang). The switch in each page's header changes it at once.

const STORE = "deadtable.lang";
const COOKIE = "deadtable_lang";
const LANGUAGES = { en: "English", es: "Español", ru: "Русский" };

let lang = "en";
let messages = {};
let contexts = {};
let pluralIndex = (n) => (n === 1 ? 0 : 1);
const listeners = [];

export function language() {
  return lang;
}

function saved() {
  let code = null;
  try { code = localStorage.getItem(STORE); } catch { code = null; }
  if (!code) {
    const m = document.cookie.match(/(?:^|;\s*)deadtable_lang=([a-z]+)/);
    code = m ? m[1] : null;
  }
  return code && LANGUAGES[code] ? code : null;
}

function remember(code) {
  try { localStorage.setItem(STORE, code); } catch { /* private mode: the cookie still works */ }
  document.cookie = `${COOKIE}=${code}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

// The operators of a gettext plural rule, loosest first; each gives a number, as in C.
const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]];
const OPERATORS = {
  "||": (a, b) => Number(Boolean(a || b)), "&&": (a, b) => Number(Boolean(a && b)),
  "==": (a, b) => Number(a === b), "!=": (a, b) => Number(a !== b),
  "<": (a, b) => Number(a < b), "<=": (a, b) => Number(a <= b),
  ">": (a, b) => Number(a > b), ">=": (a, b) => Number(a >= b),
  "+": (a, b) => a + b, "-": (a, b) => a - b,
  "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
};

// The catalogue header's plural rule (a C expression over n) as a function, read by a small
// parser: the Content-Security-Policy forbids making code from text.
function pluralFunction(header) {
  const fallback = (n) => (n === 1 ? 0 : 1);
  const m = /plural=([^;]+)/.exec(header || "");
  if (!m) return fallback;
  const tokens = m[1].match(/\d+|n|[<>!=]=|&&|\|\||\S/g) || [];
  let i = 0;
  const take = (token) => {
    if (tokens[i] !== token) throw new Error(`plural rule: ${token} expected`);
    i += 1;
  };
  const atom = () => {
    const token = tokens[i++];
    if (token === "n") return (n) => n;
    if (/^\d+$/.test(token || "")) { const v = Number(token); return () => v; }
    if (token === "!") { const e = atom(); return (n) => Number(!e(n)); }
    if (token === "(") { const e = ternary(); take(")"); return e; }
    throw new Error(`plural rule: unexpected ${token}`);
  };
  const binary = (level) => {
    if (level === LEVELS.length) return atom();
    let left = binary(level + 1);
    while (LEVELS[level].includes(tokens[i])) {
      const op = OPERATORS[tokens[i++]];
      const [l, r] = [left, binary(level + 1)];
      left = (n) => op(l(n), r(n));
    }
    return left;
  };
  const ternary = () => {
    const test = binary(0);
    if (tokens[i] !== "?") return test;
    i += 1;
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  try {
    const rule = ternary();
    if (i !== tokens.length) return fallback;
    return (n) => Number(rule(n));
  } catch {
    return fallback;
  }
}

async function load(code) {
  const response = await fetch(`/i18n/${code}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${code}`);
  const data = await response.json();
  lang = data.lang;
  messages = data.messages || {};
  contexts = data.contexts || {};
  pluralIndex = pluralFunction(data.plural_forms);
  document.documentElement.lang = lang;
}

function fill(template, params) {
  if (!params) return template;
  return template.replace(/\{(\w+)(!r)?\}/g, (whole, name, repr) => {
    if (!(name in params)) return whole;
    const v = params[name];
    return repr ? `'${v}'` : String(v);
  });
}

// The translation of `msgid` with {name} placeholders filled in from `params`; with a `context`,
// the translation of `msgid` in that message context (English when the catalogue has none).
export function t(msgid, params = null, context = null) {
  const table = context ? contexts[context] || {} : messages;
  const found = table[msgid];
  return fill(typeof found === "string" ? found : msgid, params);
}

// A card's printed name or ability text of game `gameId` ("overlords", "zombie-shedding", ...):
// the catalogue decides, so names printed in English stay English.
export function cardText(gameId, text) {
  if (text === null || text === undefined) return text;
  const found = (contexts[`${gameId}:card`] || {})[text];
  return typeof found === "string" ? found : String(text);
}

// The plural form for `n` ({n} is filled in too).
export function nt(singular, plural, n, params = {}) {
  const forms = messages[singular];
  const template = Array.isArray(forms) ? forms[Math.min(pluralIndex(n), forms.length - 1)] : n === 1 ? singular : plural;
  return fill(template, { n, ...params });
}

// Every element with data-i18n (text), data-i18n-title or data-i18n-placeholder, in the language.
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
}

// Call `fn(lang)` after every switch of language (the page redraws what it drew itself).
export function onLanguageChange(fn) {
  listeners.push(fn);
}

export async function setLanguage(code) {
  if (!LANGUAGES[code]) return;
  remember(code);
  await load(code);
  translatePage();
  const select = document.getElementById("lang");
  if (select) select.value = lang;
  for (const fn of listeners) fn(lang);
}

// The language switch: a <select id="lang"> put into the page's header. On a phone's table, whose
// header keeps to one row, it shows the language's code ("ES"), each option still named in full.
const NARROW = "(max-width: 700px)";
function languageSwitch() {
  const select = document.createElement("select");
  select.id = "lang";
  select.setAttribute("aria-label", "language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.setAttribute("aria-label", name);
    option.selected = code === lang;
    select.append(option);
  }
  const narrow = window.matchMedia(NARROW);
  const fit = () => {
    const short = narrow.matches && !!document.querySelector("header.table-top");
    for (const option of select.options) option.textContent = short ? option.value.toUpperCase() : LANGUAGES[option.value];
  };
  fit();
  narrow.addEventListener("change", fit);
  select.addEventListener("change", () => setLanguage(select.value));
  return select;
}

// Before a page draws anything: choose the language, load its catalogue, translate the static
// text and put the switch in the header.
export async function startI18n() {
  let code = saved();
  if (!code) {
    try {
      const response = await fetch("/api/lang");
      code = (await response.json()).lang;
    } catch {
      code = "en";
    }
  }
  try {
    await load(code);
  } catch {
    await load("en");
  }
  translatePage();
  const header = document.querySelector("header.top");
  if (header && !document.getElementById("lang")) {
    const box = document.createElement("span");
    box.className = "lang-switch";
    box.append(languageSwitch());
    header.append(box);
  }
  return lang;
}
