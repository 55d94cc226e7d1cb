"""Messages with a number say it in each language's plural forms (Russian: 1 секунда, 2 секунды, 5 секунд).

Two checks over the catalogues: every plural message takes a different Russian form for 1, 2 and 5
(and 21 takes the form of 1) unless listed in SAME_FORMS with the reason; and every message whose
English counts something with a number placeholder (`{n} games`, `{seconds} seconds`) is a plural
message, or is listed in NOT_COUNTED with the reason its translations need no plural forms.
"""

from __future__ import annotations

import re

import pytest

from deadtable.i18n import Message, N_plural, Plural, translator
from deadtable.i18n.extract import PACKAGE, extract, load_catalogue

# Plural messages whose Russian forms may repeat, and why.
SAME_FORMS: dict[str, str] = {
    "Did you mean {possibility}?": "Click's: a list of suggestions after a colon, any number",
    "Got unexpected extra argument ({args})": "Click's: the number is not shown, only one or several",
    "Takes {nargs} values but 1 was given.": "Click's: the counts stand after colons",
    "{value!r} is not {choice}.": "Click's: the choices after a colon, one or several",
    "{n} process": "the prepositional plural (в 2 процессах, в 5 процессах) is one form",
    "{n} damage": "урон is a mass noun: 2 урона, 5 урона, as game texts write it",
    "(done: {phases})": "the number is not shown: one phase done, or several",
    "{card} ({n} pt)": "an abbreviation (оч.) serves every number",
    "your base holds fewer than {n} Trap: place it without 'over'; replacing is only for a full base "
    "(ZO-11)": ("after «меньше» the genitive plural serves 2 and 5 alike (меньше 2 карт, меньше 5 карт)"),
}

# Messages with a number placeholder before a word that are not plural messages, and why.
NOT_COUNTED: dict[str, str] = {
    "give one bot name, or one for each of the {n} bot seats": "n is 2 or more: several bot seats",
    "Cards whose holders' win rate changed most (held {n} times or more)": "n is a fixed threshold, 30",
    "Each card's holders against the win rate of every seat: a two-sided test per card, then Holm's "
    "correction over the cards of one kind, so that all the flags of a table together are wrong with a "
    "chance of {alpha} at most. Red: wins more often than the rest; blue: less often. Cards held fewer "
    "than {n} times are not tested.": "n is a fixed threshold, 30",
    "{n} games, {players} players, agents: {agents}. Source: {source}. Made {when}. A shared win is "
    "split between the tied seats; intervals are 95% Wilson score intervals.": (
        "the translations name each count after a colon (Partidas: {n}; Игр: {n})"
    ),
    "a round robin of {players}-player games needs at least {n} agents": "n is 2 or more players",
    "{n} games in {seconds}s ({speed} games/s)": (
        "the count after a colon (partidas: {n}, Игр: {n}), the seconds abbreviated"
    ),
    "{games} games is not a multiple of {n} agents, so the agents do not sit at every seat equally often": (
        "the translations name the counts in brackets (el número de agentes ({n}))"
    ),
    "Report of {n} games written to {path} ({size} KiB)": "the count after a colon (partidas: {n}, игр: {n})",
    "{game}: ratings after {n} games (openskill Plackett-Luce)": (
        "the count after a colon (partidas jugadas: {n})"
    ),
    "seat {n} kind": "a seat's number, not a count",
    "seat {n} bot": "a seat's number, not a count",
    "seat {n} name": "a seat's number, not a count",
    "Hand {n} went to {seat}": "a hand's number, not a count",
    "{n} captured, worth {points}": "the count after a colon (capturadas: {n}, захвачено: {n})",
    "{n} of {total}": "a fraction: no noun counted",
    "{n} pts": "an abbreviation (pts, оч.) serves every number",
    "Banish: {n} attack": "attack is a value, not things counted (ataque {n}, атака {n})",
    "{n} left": "the count after a colon (restantes: {n}, осталось: {n})",
    "Why it ended: the round limit ({n} rounds, ZO-10) was reached; the living Zombie Lord with the most "
    "life wins.": ("the translations give the limit alone in brackets (límite de rondas ({n}, ZO-10))"),
    "{path}: not enough Supply or Minion cards for {n} players": "n is 2 or more players",
    "+{n} life": "a card's bonus: what grows, not things counted (+2 vida, +2 жизни)",
    "+{n} attack": "a card's bonus: what grows, not things counted",
    "+{n} purchase": "a card's bonus: what grows, not things counted",
    "+{n} Defense": "a card's bonus: Defense stays English",
}

# A number placeholder right before a word: "{n} games", "{seconds} seconds", "{window}s".
COUNTED = re.compile(r"\{(n|count|seconds|minutes|hours|days|window)(?::[^}]*)?\}\s?[^\W\d_]")
NUMBERS = (1, 2, 5, 21)


def _plural_messages(lang: str) -> list[tuple[str, str]]:
    catalogue = load_catalogue(lang)
    return [(m.id[0], m.id[1]) for m in catalogue if m.id and not isinstance(m.id, str)]


def test_every_russian_plural_message_has_a_form_for_1_2_and_5() -> None:
    ru = translator("ru")
    same = []
    checked = 0
    for singular, plural in _plural_messages("ru"):
        one, two, five, twenty_one = (ru.ngettext(singular, plural, n) for n in NUMBERS)
        assert twenty_one == one, (singular, "21 takes the form of 1")
        if len({one, two, five}) < 3 and singular not in SAME_FORMS:
            same.append(f"{singular!r}: {[one, two, five]}")
        checked += 1
    assert checked > 30
    assert not same, "these plural messages repeat a Russian form:\n" + "\n".join(same)
    known = {s for s, _p in _plural_messages("ru")}
    assert set(SAME_FORMS) <= known, set(SAME_FORMS) - known  # no stale entry


def test_every_message_that_counts_something_is_a_plural_message() -> None:
    found, _problems = extract([PACKAGE])
    single = {f.key for f in found if isinstance(f.key, str) and f.context is None}
    web = load_catalogue("en")  # the browser's texts are in the catalogue, listed by deadtable.web.messages
    single |= {m.id for m in web if m.id and isinstance(m.id, str) and not m.context}
    counting = sorted(i for i in single if COUNTED.search(i) and i not in NOT_COUNTED)
    assert not counting, (
        "make these plural messages (nmsg, ngettext, N_plural) or list them in NOT_COUNTED with the "
        "reason:\n" + "\n".join(counting)
    )
    assert set(NOT_COUNTED) <= single, set(NOT_COUNTED) - single  # no stale entry


@pytest.mark.parametrize(
    ("seconds", "ru", "es"),
    [
        (1, "через 1 секунду", "dentro de 1 segundo"),
        (2, "через 2 секунды", "dentro de 2 segundos"),
        (5, "через 5 секунд", "dentro de 5 segundos"),
        (21, "через 21 секунду", "dentro de 21 segundos"),
    ],
)
def test_the_wait_before_trying_again_is_counted(seconds: int, ru: str, es: str) -> None:
    from deadtable.server.routes.cardsets import TOO_MANY_UPLOADS
    from deadtable.server.routes.review import TOO_MANY_REVIEWS
    from deadtable.server.routes.tables import TOO_MANY_TABLES
    from deadtable.server.routes.yours import TOO_MANY_STATUS

    for limit in (TOO_MANY_UPLOADS, TOO_MANY_REVIEWS, TOO_MANY_TABLES, TOO_MANY_STATUS):
        message = limit.message(seconds, most=5, window=60, seconds=seconds)
        assert message.render("ru").endswith(ru), message.render("ru")
        assert message.render("es").endswith(es), message.render("es")
        assert str(message).endswith(f"{seconds} second" + ("" if seconds == 1 else "s"))
        assert "за 60 с" in message.render("ru")


def test_a_plural_id_kept_in_a_constant_is_extracted_and_survives_json() -> None:
    found, _problems = extract([PACKAGE / "server" / "hints.py"])
    keys = {f.key for f in found}
    assert (
        "one hint every {seconds} second: wait a moment",
        "one hint every {seconds} seconds: wait a moment",
    ) in keys
    wait = N_plural("wait {seconds} second", "wait {seconds} seconds")
    assert isinstance(wait, Plural) and wait.singular == "wait {seconds} second"
    message = wait.message(5, seconds=5)
    back = Message.from_json(message.to_json())
    assert back == message and str(back) == "wait 5 seconds"
