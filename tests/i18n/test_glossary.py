"""The glossaries hold: every catalogue, ruling and reading says each term one way.

Each language's glossary (deadtable/i18n/glossary.<lang>.toml) names, per term, the word to use,
the stems an inflected translation holds and the words to avoid. Every .po file is read on its
own (not merged), so a term drifting in one area's file is caught even when another file wins.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from deadtable.core import games
from deadtable.i18n.catalog import DOMAIN, po_files
from deadtable.i18n.glossary import Term, glossary
from deadtable.i18n.rules import readings, rulings

GAMES = [g.id for g in games()]
LANGS = ("es", "ru")


def _game_of(file_name: str) -> str | None:
    """The game a .po file belongs to ("zombie_shedding.po" -> "zombie-shedding"); None if shared."""
    game = file_name.removesuffix(".po").replace("_", "-")
    return game if game in GAMES else None


def _applies(term: Term, game: str | None) -> bool:
    """A game's term is checked in that game's catalogue and in the shared ones, not in another game's."""
    return game is None or term.game in ("all", game)


def _messages(lang: str) -> Iterator[tuple[str, Message]]:
    for path in po_files(lang):
        with path.open("rb") as fp:
            for message in read_po(fp, locale=lang, domain=DOMAIN):
                if message.id and message.string:
                    yield path.name, message


def _ids_and_strings(message: Message) -> tuple[list[str], list[str]]:
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    return ids, strings


def test_the_glossary_doctests_example_and_every_term_is_well_formed() -> None:
    for lang in LANGS:
        terms = glossary(lang)
        assert len(terms) >= 12, lang
        for t in terms:
            assert t.en or t.ids, (lang, t.use)
            assert t.forms, (lang, t.use)
            assert t.source in ("rulebook", "ours"), (lang, t.use)
            assert not any(t.avoided(f) for f in t.forms), (lang, t.use, "a form is also avoided")
    assert glossary("en") == ()


def test_a_term_is_found_by_its_stem_and_an_avoided_word_is_reported() -> None:
    dummy = next(t for t in glossary("ru") if t.use in ("болван", "jugador fantasma"))
    assert dummy.covers("Recruit for the dummy") and not dummy.covers("Recruit")
    assert dummy.holds("армия болвана") and not dummy.holds("армия фантома")
    assert dummy.avoided("Выбор фантома") == "фантом"
    trap = next(t for t in glossary("ru") if t.en == "Trap")
    assert trap.avoided("Trap 2 неактивна: сначала почините") is not None
    assert trap.avoided("Trap 2 неактивен: сначала почините его") is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_says_each_glossary_term_the_glossary_way(lang: str) -> None:
    terms = glossary(lang)
    wrong = []
    for name, message in _messages(lang):
        ids, strings = _ids_and_strings(message)
        for term in terms:
            if not _applies(term, _game_of(name)) or not any(term.covers(i, message.context) for i in ids):
                continue
            for text in strings:
                if text and not term.holds(text):
                    wrong.append(f"{name}: {ids[0]!r} -> {text!r}: say {term.use!r}")
    assert not wrong, f"{len(wrong)} translations miss the glossary's word:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_uses_a_word_the_glossary_avoids(lang: str) -> None:
    terms = [t for t in glossary(lang) if t.avoid]
    wrong = []
    for name, message in _messages(lang):
        ids, strings = _ids_and_strings(message)
        for term in terms:
            if not _applies(term, _game_of(name)) or not any(term.covers(i, message.context) for i in ids):
                continue
            for text in strings:
                found = term.avoided(text)
                if found:
                    wrong.append(f"{name}: {ids[0]!r} -> {text!r}: {found!r}, say {term.use!r}")
    assert not wrong, f"{len(wrong)} translations use an avoided word:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulings_and_readings_follow_the_glossary(lang: str) -> None:
    """A translated ruling whose English holds a term says it the glossary's way, and never avoids it."""
    terms = glossary(lang)
    wrong = []
    checked = 0
    for game in GAMES:
        english = {r.id: r.text for r in rulings(game, "en") + readings(game, "en")}
        for entry in rulings(game, lang) + readings(game, lang):
            if entry.lang != lang:
                continue
            checked += 1
            for term in terms:
                if term.game not in ("all", "all" if entry.id.startswith("ALL-") else game):
                    continue
                if term.ids or not term.covers(english[entry.id], entry=entry.id):
                    continue  # a term known by message ids only, or not in this ruling
                if not term.holds(entry.text):
                    wrong.append(f"{entry.id}: say {term.use!r}: {entry.text}")
                found = term.avoided(entry.text)
                if found:
                    wrong.append(f"{entry.id}: {found!r}, say {term.use!r}: {entry.text}")
    assert checked > 20, lang
    assert not wrong, "\n".join(sorted(set(wrong)))


def test_the_glossary_catches_a_drifting_translation() -> None:
    """The check itself: the words the issue found would fail it."""
    ru = {t.use: t for t in glossary("ru")}
    es = {t.use: t for t in glossary("es")}
    assert ru["болван"].avoided("Армия фантома учитывается") == "фантом"
    assert ru["совпадение"].covers("To match") and not ru["совпадение"].holds("Нужно побить")
    assert ru["вербовать"].avoided("последний нанятый: {cards}") == "нанят"
    assert ru["заманить"].avoided("заманивайте Survivor из Wasteland") is not None
    assert ru["заманить"].avoided("заманивайте карты Survivor из Wasteland") is None
    assert es["jugador fantasma"].avoided("el muñeco lo juega") == "muñeco"
    assert es["Zoo de Carson City"].avoided("Carson City Zoo no admite") is not None
    assert es["rival"].avoided("P1 debe elegir un rival") is not None
    assert not re.search(r"\d", "".join(t.use for t in glossary("es")))


def test_the_glossary_keeps_the_terms_once_said_two_ways() -> None:
    """Each term a catalogue, a ruling or a reading once said two ways: the other way now fails."""
    ru = {t.label: t for t in glossary("ru")}
    es = {t.label: t for t in glossary("es")}
    assert ru["teammate, partner"].avoided("каждого его партнёра") == "партнёр"
    assert ru["teammate, partner"].avoided("вас или товарища по команде") == "товарищ"
    hired = ru["Hired Hand (masculine)"]
    assert hired.avoided("Hired Hand, которой не на что действовать") is not None
    assert hired.avoided("Активированная Hired Hand кладётся под стопку") is not None
    assert hired.avoided("Hired Hand, которому не на что действовать") is None
    pile = ru["Discard Pile (Zombie Overlord's, kept English)"]
    assert pile.covers("hand {hand}{shown} deck {deck} discard {discard}")
    assert pile.avoided("рука 5 колода 10 сброс 3") is not None
    assert ru["options (of a game, of a table)"].avoided("Настройки этого стола") == "настройк"
    assert ru["house ruling"].avoided("Действующие домашние правила") is not None
    assert ru["house ruling"].avoided("Домашние уточнения правил") is None
    assert ru["round limit"].avoided("достигнут предел раундов") == "предел"
    assert ru["cost, price (of a card)"].avoided("стоимость 3") == "стоимост"
    assert ru["points, abbreviated"].avoided("на 7 очк.") == "очк."
    assert ru["seat"].covers("Seats rotate") and not ru["seat"].covers("P{seat} moves")
    assert es["seat"].avoided("los puestos van de p1 a p3") is not None
    assert es["house ruling"].avoided("Reglas de la casa en vigor") is not None
    assert es["the Screamer's finish (ending a hand with it)"].covers(
        "finish effect: P{seat}, {bonus} points"
    )
    assert es["the Screamer's finish (ending a hand with it)"].avoided("final: -15 puntos") is not None
    assert (
        ru["the Screamer's finish (ending a hand with it)"].avoided("Выход с Крикуном в режиме") is not None
    )
    assert es["cost, price (of a card)"].avoided("precio 3") == "precio"
    assert es["teammate"].holds("los compañeros se sientan enfrente")
    assert es["options (of a game)"].avoided("Ajustes de la mesa") is not None
    assert es["Defense (a Trap's value)"].avoided("defensa 4") is not None
    assert (
        es["position (a place on the Carson City Zoo grid; a game's state)"].avoided("una casilla")
        == "casilla"
    )
    assert es["command (of the command line)"].avoided("el mismo comando") == "comando"
    assert es["Monster (an Overlords card that is not a Hired Hand)"].avoided("ningún Monster") is not None


@pytest.mark.parametrize("lang", LANGS)
def test_a_message_in_several_files_reads_the_same_in_each(lang: str) -> None:
    """The files are merged at run time, the later winning: two translations of one message (the
    terminal's and the browser's copy) would show one word on one screen and another elsewhere."""
    seen: dict[tuple[str | None, str], dict[str, tuple[str, ...]]] = {}
    for name, message in _messages(lang):
        ids, strings = _ids_and_strings(message)
        seen.setdefault((message.context, ids[0]), {})[name] = tuple(strings)
    shared = {key: files for key, files in seen.items() if len(files) > 1}
    assert len(shared) > 10, lang  # the web's copies of the games' texts
    differ = [f"{key[1]!r}: {files}" for key, files in shared.items() if len(set(files.values())) > 1]
    assert not differ, "\n".join(differ)
