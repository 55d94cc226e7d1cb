"""What the server knows without a table: the games, their rules, the languages and catalogues.

GET  /api/games          every game's description (options, players, bots): each option with a
                         translated `label`, its `kind` (boolean, number, text or cards: a card file
                         to upload with POST /api/cardsets), `choices` where fixed, `minimum` and
                         `maximum`; `agents` the bot names, `bots` the same with a description;
                         `renderer` and `style` the URLs of the game's own board and styles
                         (routes/game_web.py), null where it ships none; `combinations` the
                         player counts and choices the game accepts together (combinations.py)
GET  /api/rules/{game}   a game's rulebook and house rulings
GET  /api/lang           the language chosen for this browser, and those spoken
GET  /i18n/{lang}.json   a language's message catalogue, for the browser client
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from deadtable.agents import agent_names
from deadtable.core import DeadtableError
from deadtable.core import game as find_game
from deadtable.core import games as all_games
from deadtable.i18n import LANGUAGES, N_, Message, catalogue_json, normalize, render, translator
from deadtable.i18n.rules import readings, rules_text, ruling, rulings

from ..combinations import combinations
from ..deps import LANG_COOKIE, fail, language_of
from .game_web import web_parts

router = APIRouter()

# What each bot does, in a few words.
BOT_DESCRIPTIONS: dict[str, str] = {
    "random": N_("plays any legal move"),
    "greedy": N_("takes the best immediate gain"),
    "heuristic": N_("plays the game's own strategy"),
    "ismcts": N_("searches ahead: the strongest, and slower"),
}
CARDS_OPTION = "cards"


def game_name(game_id: str, lang: str = "en") -> str:
    try:
        return render(find_game(game_id).name, lang)
    except DeadtableError:
        return game_id


def describe(g: Any, lang: str) -> dict[str, Any]:
    """`game.describe(lang)` where the game takes a language (every `Game` does), else English."""
    try:
        out: dict[str, Any] = g.describe(lang)
    except TypeError:
        out = g.describe()
    return out


def rules_json(game_id: str, lang: str) -> dict[str, Any]:
    """A game's rulebook (Markdown) in `lang` where shipped, its house rulings and house readings."""
    text = rules_text(game_id, lang)
    return {
        "game": game_id,
        "lang": lang,
        "rules_lang": text.lang if text else None,
        "markdown": text.markdown if text else None,
        "note": text.note.render(lang) if text and text.note else None,
        "missing": None if text else Message("There is no rulebook for this game.").render(lang),
        "rulings": [{"id": r.id, "text": r.text, "lang": r.lang} for r in rulings(game_id, lang)],
        # RULINGS ZO-14: the game's house readings, in the same shape as "rulings" (the Rules panel
        # lists `rulings` only; showing these needs table.js to list `readings` the same way).
        "readings": [{"id": r.id, "text": r.text, "lang": r.lang} for r in readings(game_id, lang)],
    }


def card_texts_json(g: Any, options: dict[str, Any], lang: str) -> dict[str, dict[str, Any]]:
    """`g.card_texts(options)` with each title and text translated (context "<game id>:card");
    any other key a game gives (a card face's numbers and codes) is passed on as it is."""
    texts = g.card_texts(options) or {}
    tr = translator(lang)
    context = str(g.id) + ":card"  # the game's own card texts, in its catalogue (no message id here)

    def local(s: str) -> str:
        return tr.pgettext(context, s) if s else s

    return {k: {**v, "title": local(v["title"]), "text": local(v["text"])} for k, v in texts.items()}


def options_in_force(g: Any, options: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """Every option of the table: its value, the default, whether it differs, and its house ruling;
    `label`, `value_text` and `default_text` say the option and its values in words (the game's
    labels, `Option.label_text` / `value_text`), which is all a page shows of it."""
    out = []
    for o in g.chosen_options:
        value = options.get(o.name, o.default)
        entry: dict[str, Any] = {
            "name": o.name,
            "value": value,
            "default": o.default,
            "changed": value != o.default,
            "help": render(o.help, lang) if o.help else "",
            "label": o.label_text(lang),
            "value_text": o.value_text(value, lang),
            "default_text": o.value_text(o.default, lang),
            "house_rule": o.house_rule,
            "ruling": None,
        }
        if o.house_rule:
            found = ruling(o.house_rule, lang)
            entry["ruling"] = {"id": found.id, "text": found.text, "lang": found.lang} if found else None
        out.append(entry)
    return out


@router.get("/i18n/{name}")
async def catalogue(name: str, request: Request) -> JSONResponse:
    lang, _, ext = name.partition(".")
    code = normalize(lang)
    if ext != "json" or code is None or code != lang.lower():
        spoken = ", ".join(sorted(LANGUAGES))
        message = Message(
            "no catalogue {name!r}: there are /i18n/<lang>.json for {spoken}", name=name, spoken=spoken
        )
        raise fail(404, message, language_of(request))
    return JSONResponse(catalogue_json(code), headers={"cache-control": "no-cache"})


@router.get("/api/lang")
async def chosen_language(request: Request) -> dict[str, Any]:
    return {"lang": language_of(request), "languages": LANGUAGES, "cookie": LANG_COOKIE}


@router.get("/api/rules/{game_id}")
async def game_rules(game_id: str, request: Request) -> dict[str, Any]:
    lang = language_of(request)
    the_game = find_game(game_id[:64])  # UnknownGame -> 400
    out = rules_json(the_game.id, lang)
    out["game_name"] = render(the_game.name, lang)
    out["options"] = options_in_force(the_game, {}, lang)
    return out


def option_kind(o: Any) -> str:
    """How the lobby asks for an option: boolean, number, cards (a file to upload) or text."""
    if o.name == CARDS_OPTION:
        return "cards"
    if isinstance(o.default, bool):
        return "boolean"
    if isinstance(o.default, int | float):
        return "number"
    return "text"


def described(bot: str, lang: str) -> str:
    return render(BOT_DESCRIPTIONS[bot], lang) if bot in BOT_DESCRIPTIONS else ""


def bots_json(g: Any, lang: str) -> list[dict[str, str]]:
    """Each bot of the game by name, with what it does in `lang` ("" for one not described)."""
    return [{"name": name, "description": described(name, lang)} for name in agent_names(g)]


@router.get("/api/games")
async def list_games(request: Request) -> list[dict[str, Any]]:
    lang = language_of(request)
    out = []
    for g in all_games():
        d = describe(g, lang)
        declared = {o.name: o for o in g.options}
        for entry in d.get("options", []):
            o = declared.get(entry["name"])
            if o is None:
                continue
            entry["label"] = o.label_text(lang)
            entry["kind"] = option_kind(o)
            entry["choices"] = list(o.choices) if o.choices else None
            entry["minimum"] = o.minimum
            entry["maximum"] = o.maximum
        # What the lobby may offer together: found once per game (a game may read its card files).
        d["combinations"] = await asyncio.to_thread(combinations, g.id)
        d["agents"] = agent_names(g)  # the names, as before
        d["bots"] = bots_json(g, lang)
        d.update(web_parts(g))
        out.append(d)
    return out
