"""The coach of a guided first game: what a seat is deciding, the move the bot suggests and why, the
rule behind each kind of move the first time it happens, and the scoring at the end.

A game that teaches itself brings a lesson in its package (`deadtable.core.parts`):

- `data/lesson.toml`: the table the lesson is played at (`players`, `seed`, `options`, chosen so
  that the first game meets the game's main rules) and its `rules`, each explained the first time
  it is met: when one of its action `kinds` is among the seat's moves, or one of its `log` lines
  (a narration message id, as the seat's log holds it) enters the seat's log.
- `texts/lesson.<lang>.toml`: the words, one file per language with the same keys: `intro`,
  `scoring`, and the tables `deciding` (what a choice of each action kind means), `why` (why the
  bot's move of that kind is good) and `rules` (one text per rule's key). A key missing in a
  language is said in English.

The coach reads the seat's view and its legal actions only (a `SeatInfo`, deadtable.core.agent),
never a state: what it says cannot tell a hidden card. Its suggestion is the table's hint
(deadtable.agents.hint): the strongest bot's move from the seat's own information, in words.
A game without a lesson plays everywhere as before; the coach has nothing to say of it.

>>> import deadtable
>>> found = lesson(deadtable.game("zombie-shedding"))
>>> found is not None and found.players >= 2 and bool(found.rules)
True
>>> lesson_texts(deadtable.game("zombie-shedding"), "es")["intro"] != lesson_texts(
...     deadtable.game("zombie-shedding"), "en")["intro"]
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from deadtable.core import Action, Game, SeatInfo
from deadtable.core.parts import files
from deadtable.core.state import LOG_I18N
from deadtable.i18n import DEFAULT, N_, Message

from .hint import hint_bot, suggest, suggested, table_of, words

SETUP: Final = ("data", "lesson.toml")
SECTIONS: Final = ("deciding", "why", "rules")  # the tables of a lesson's texts
WHY_FALLBACK: Final = N_("From what you can see, the bot rates this move above the others.")


@dataclass(frozen=True)
class Rule:
    """A rule the coach explains the first time one of its action `kinds` or `log` lines is met."""

    key: str
    kinds: tuple[str, ...] = ()
    log: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """The table a game's guided first game is played at, and the rules it explains."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    rules: tuple[Rule, ...] = ()


@cache  # a package's files do not change while it runs: read once, not at every coach answer
def lesson(the_game: Game) -> Lesson | None:
    """The game's lesson (`data/lesson.toml` in its package), or None: it has none."""
    source = files(the_game, *SETUP)
    if not source.is_file():
        return None
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    rules = tuple(
        Rule(str(r["key"]), tuple(r.get("kinds", ())), tuple(r.get("log", ()))) for r in data.get("rules", ())
    )
    return Lesson(the_game.id, int(data["players"]), int(data["seed"]), dict(data.get("options", {})), rules)


@cache
def texts_in(the_game: Game, lang: str) -> dict[str, str]:
    """The lesson's texts in `lang` alone, flattened (`intro`, `deciding.play`, ...); {} if none
    (read once: callers copy, never change it)."""
    source = files(the_game, "texts", f"lesson.{lang}.toml")
    if not source.is_file():
        return {}
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update({f"{key}.{inner}": str(text) for inner, text in value.items()})
        else:
            out[key] = str(value)
    return out


def lesson_texts(the_game: Game, lang: str) -> dict[str, str]:
    """The lesson's texts in `lang`, a key missing there said in English."""
    return {**texts_in(the_game, DEFAULT), **texts_in(the_game, lang)}


def rules_met(found: Lesson, view: dict[str, Any], kinds: list[str]) -> list[str]:
    """The keys of the lesson's rules met in the seat's log (`view`) or among its moves' `kinds`,
    in the order they were met, each once."""
    by_line = {line: rule.key for rule in found.rules for line in rule.log}
    out: list[str] = []
    for message in view.get(LOG_I18N) or []:
        key = by_line.get(str(message.get("msg")))
        if key is not None and key not in out:
            out.append(key)
    for rule in found.rules:
        if rule.key not in out and any(kind in rule.kinds for kind in kinds):
            out.append(rule.key)
    return out


def kinds_of(actions: list[Action]) -> list[str]:
    """The kinds of `actions` (their structured form's `kind`), each once, in their order."""
    out: list[str] = []
    for action in actions:
        kind = str(action.describe().get("kind", ""))
        if kind not in out:
            out.append(kind)
    return out


def coach(the_game: Game, view: dict[str, Any], legal: list[Action], over: bool, lang: str) -> dict[str, Any]:
    """What the coach says to the seat whose `view` this is, its `legal` actions (none when it is not
    the seat's turn) before it decides: no suggestion yet (`suggestion`, which runs a bot).

    `rules` are those met in the seat's log as the view holds it (its newest lines) or among its
    moves: the page remembers the ones it has explained (js/coach.js)."""
    found = lesson(the_game)
    if found is None:
        return {"lesson": False}
    texts = lesson_texts(the_game, lang)
    kinds = kinds_of(legal)
    return {
        "lesson": True,
        "intro": texts.get("intro", ""),
        "deciding": [{"kind": k, "text": texts[f"deciding.{k}"]} for k in kinds if f"deciding.{k}" in texts],
        "rules": [
            {"key": key, "text": texts.get(f"rules.{key}", "")} for key in rules_met(found, view, kinds)
        ],
        # Every rule's words (the lesson's, public): the page lists the rules met at earlier moves.
        "texts": {rule.key: texts.get(f"rules.{rule.key}", "") for rule in found.rules},
        "scoring": texts.get("scoring", "") if over else None,
    }


def suggestion(the_game: Game, info: SeatInfo, move: int, lang: str) -> dict[str, Any]:
    """The move the table's hint bot suggests from `info` alone, in words, and why (worker thread)."""
    action = suggest(info, the_game, move)
    said = "; ".join(line.render(lang) for line in words(info, the_game, action, move))
    bot = hint_bot(the_game, *table_of(info))
    kind = str(action.describe().get("kind", ""))
    why = lesson_texts(the_game, lang).get(f"why.{kind}") or Message(WHY_FALLBACK).render(lang)
    return {
        "action": str(action),
        "kind": kind,
        "text": suggested(bot, said or str(action)).render(lang),
        "why": why,
    }
