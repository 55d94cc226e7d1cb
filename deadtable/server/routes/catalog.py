"""What the server knows without a table: the games, their rules, the languages and catalogues.

GET  /api/games          every game's description (options, players, bots)
GET  /api/rules/{game}   a game's rulebook and house rulings
GET  /api/lang           the language chosen for this browser, and those spoken
GET  /i18n/{lang}.json   a language's message catalogue, for the browser client
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from deadtable.agents import agent_names
from deadtable.core import DeadtableError
from deadtable.core import game as find_game
from deadtable.core import games as all_games
from deadtable.i18n import LANGUAGES, Message, catalogue_json, normalize, render, translator
from deadtable.i18n.rules import rules_text, ruling, rulings

from ..deps import LANG_COOKIE, fail, language_of

router = APIRouter()


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
    """A game's rulebook (Markdown) in `lang` where shipped, and its house rulings."""
    text = rules_text(game_id, lang)
    return {
        "game": game_id,
        "lang": lang,
        "rules_lang": text.lang if text else None,
        "markdown": text.markdown if text else None,
        "note": text.note.render(lang) if text and text.note else None,
        "missing": None if text else Message("There is no rulebook for this game.").render(lang),
        "rulings": [{"id": r.id, "text": r.text, "lang": r.lang} for r in rulings(game_id, lang)],
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
    """Every option of the table: its value, the default, whether it differs, and its house ruling."""
    out = []
    for o in g.options:
        value = options.get(o.name, o.default)
        entry: dict[str, Any] = {
            "name": o.name,
            "value": value,
            "default": o.default,
            "changed": value != o.default,
            "help": render(o.help, lang) if o.help else "",
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


@router.get("/api/games")
async def list_games(request: Request) -> list[dict[str, Any]]:
    lang = language_of(request)
    out = []
    for g in all_games():
        d = describe(g, lang)
        d["agents"] = agent_names(g)
        out.append(d)
    return out
