"""Messages rendered late in the reader's language; choosing the language; the shipped rulebooks."""

from __future__ import annotations

import re

import pytest

import deadtable
from deadtable.core import IllegalAction, OptionError, RecordError
from deadtable.core.parts import files
from deadtable.i18n import (
    Message,
    _,
    current_language,
    from_environment,
    negotiate,
    ngettext,
    nmsg,
    normalize,
    translator,
    use_language,
)
from deadtable.i18n.extract import PACKAGE, Found, missing
from deadtable.i18n.rules import known_games, rules_text, ruling, rulings
from tests.docs.markdown import named_paths, resolves


def test_an_error_keeps_english_str_and_renders_in_each_language() -> None:
    err = IllegalAction("{where} has no zoo card left to capture (CZ-3)", where="c3")
    assert str(err) == "c3 has no zoo card left to capture (CZ-3)"
    assert err.args == ("c3 has no zoo card left to capture (CZ-3)",)
    assert err.render("es") == "c3 no tiene ninguna carta de zoo que capturar (CZ-3)"
    assert err.render("ru") == "на c3 не осталось карт зоопарка, которые можно захватить (CZ-3)"
    assert err.render("fr") == str(err)  # a language we do not speak falls back to English


def test_plain_string_errors_still_work() -> None:
    err = OptionError("something {odd} happened")  # no parameters: shown as written
    assert str(err) == "something {odd} happened" == err.render("ru")
    assert isinstance(err, ValueError)


def test_nested_messages_and_errors_render_in_the_same_language() -> None:
    inner = IllegalAction("the game is over")
    outer = RecordError(
        "action {number} ({text!r}) cannot be replayed: {reason}", number=3, text="x", reason=inner
    )
    assert str(outer) == "action 3 ('x') cannot be replayed: the game is over"
    assert outer.render("es") == "la acción 3 ('x') no se puede reproducir: la partida ha terminado"


def test_json_round_trip_for_clients() -> None:
    m = Message("Winner: {winners}", winners="P2")
    data = m.to_json()
    assert data == {"msg": "Winner: {winners}", "params": {"winners": "P2"}}
    assert Message.from_json(data).render("ru") == "Победитель: P2"
    p = nmsg("{n} point", "{n} points", 5)
    assert Message.from_json(p.to_json()).render("ru") == "5 очков"
    nested = Message("Not allowed: {reason}", reason=Message("there is no such position"))
    assert Message.from_json(nested.to_json()).render("es") == "No está permitido: esa posición no existe"


def test_russian_and_spanish_plurals() -> None:
    ru = translator("ru")
    forms = [ru.n_("{n} point", "{n} points", n) for n in (1, 2, 5, 11, 21, 22)]
    assert forms == ["1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка"]
    assert [translator("es").n_("{n} point", "{n} points", n) for n in (1, 2)] == ["1 punto", "2 puntos"]


def test_a_broken_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    tr = translator("es")
    monkeypatch.setattr(tr, "gettext", lambda msgid: "roto {nada}")
    assert tr._("Winner: {winners}", winners="P1") == "Winner: P1"
    assert Message("Winner: {winners}", winners="P1").render("es") == "Winner: P1"


def test_current_language_and_module_shortcuts() -> None:
    assert current_language() == "en"
    with use_language("ru_RU.UTF-8") as code:
        assert code == "ru" and _("Game over") == "Конец игры"
        assert ngettext("{n} point", "{n} points", 3) == "3 очка"
        assert IllegalAction("the game is over").render() == "игра окончена"
    assert current_language() == "en" and _("Game over") == "Game over"


def test_choosing_a_language() -> None:
    assert normalize("es-MX") == "es" and normalize("POSIX") is None and normalize(None) is None
    assert negotiate("fr-FR,fr;q=0.9,ru;q=0.8,es;q=0.7") == "ru"
    assert negotiate("es;q=0.2, ru;q=0.5") == "ru"
    assert negotiate("ru;q=0, es") == "es"
    assert negotiate("de-DE", default="es") == "es"
    assert from_environment({"DEADTABLE_LANG": "ru", "LANG": "es_ES.UTF-8"}) == "ru"
    assert from_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert from_environment({"LANGUAGE": "fr:ru", "LANG": "es_ES.UTF-8"}) == "ru"
    assert from_environment({"LANG": "C.UTF-8"}) is None


def test_missing_reports_an_absent_or_untranslated_id() -> None:
    fake = Found("a message nobody translated {x}", PACKAGE / "core" / "game.py", 1)
    for lang in ("en", "es", "ru"):
        assert missing([fake], lang) == [fake]
    known = Found("Game over", PACKAGE / "cli" / "play.py", 1)
    assert all(missing([known], lang) == [] for lang in ("en", "es", "ru"))


def test_rulebooks_for_every_game_in_every_language() -> None:
    assert set(known_games()) >= {"carson-zoo", "overlords", "zombie-overlord", "zombie-shedding"}
    originals = {"carson-zoo": "es", "zombie-overlord": "es", "zombie-shedding": "ru", "overlords": "en"}
    for game, original in originals.items():
        for lang in ("en", "es", "ru"):
            text = rules_text(game, lang)
            assert text is not None and len(text.markdown) > 1000
            if lang == original or lang == "en" or (game == "carson-zoo"):
                assert text.lang == lang and text.note is None, (game, lang)
            else:
                assert text.lang == "en" and text.note is not None, (game, lang)
    assert "Apocalipsis en el Zoo de Carson City" in rules_text("carson-zoo", "es").markdown  # type: ignore[union-attr]
    assert "мутант" in rules_text("carson-zoo", "ru").markdown  # type: ignore[union-attr]
    assert rules_text("chess", "en") is None


def test_rulings_by_game_translated_where_available() -> None:
    cz = rulings("carson-zoo", "ru")
    assert [r.id for r in cz] == [f"CZ-{i}" for i in range(1, 8)] + ["ALL-1", "ALL-2"]
    assert all(r.lang == "ru" for r in cz)
    zo = rulings("zombie-overlord", "es")
    assert [r.id for r in zo][:2] == ["ZO-1", "ZO-2"] and all(r.lang == "es" for r in zo)
    assert "Trap" in zo[0].text and "Survivor" in zo[0].text  # printed terms stay English (ZO rulebook)
    assert {r.id[:2] for r in rulings("overlords")} == {"OV", "AL"}
    found = ruling("ZO-10")
    assert found is not None and "round limit" in found.text


def test_shipped_rule_texts_are_the_files_in_the_package() -> None:
    """What `deadtable rules` shows is the rulebook file shipped in the game's package (texts/), unaltered."""
    for game in RULING_GAMES:
        text = rules_text(game, "en")
        assert text is not None, game
        shipped = files(deadtable.game(game), "texts", "rules.en.md").read_text(encoding="utf-8")
        # The file's first line may be a comment saying where it was copied from; it is not shown.
        shown = re.sub(r"\A<!--.*?-->\s*", "", shipped, flags=re.DOTALL)
        assert text.markdown.strip() == shown.strip(), game


def test_describe_in_a_language_for_the_lobby() -> None:
    import deadtable

    game = deadtable.game("carson-zoo")
    assert game.describe()["name"] == "Carson City Zoo Apocalypse"
    es = game.describe("es")
    assert es["id"] == "carson-zoo" and es["name"] == "Apocalipsis en el Zoo de Carson City"
    assert es["summary"].startswith("Coloca y mueve")


def test_an_outcome_note_can_be_a_message() -> None:
    from deadtable.core import Outcome

    out = Outcome.from_scores([3, 1], note=Message("Game over"))
    data = out.to_json()
    assert data["note"] == "Game over" and data["note_i18n"] == {"msg": "Game over", "params": {}}
    assert Message.from_json(data["note_i18n"]).render("ru") == "Конец игры"  # type: ignore[arg-type]
    assert "note_i18n" not in Outcome.from_scores([1, 2], note="plain").to_json()


def test_every_ruling_is_translated_and_the_english_copy_is_current() -> None:
    english = {r.id for game in RULING_GAMES for r in rulings(game, "en")}
    assert len(english) == 38
    for lang in ("es", "ru"):
        assert all(r.lang == lang for game in RULING_GAMES for r in rulings(game, lang)), lang


def test_every_ruling_cited_in_the_code_is_in_the_rulings_text() -> None:
    """A comment or test citing `RULINGS ZO-6` points at a ruling the shipped text has."""
    root = PACKAGE.parent
    known = {r.id for game in RULING_GAMES for r in rulings(game, "en")}
    cited: dict[str, str] = {}
    for folder in ("deadtable", "tests", "benchmarks"):
        for source in (root / folder).rglob("*.py"):
            for found in re.findall(r"RULINGS ((?:[A-Z]{2,3})-\d+)", source.read_text(encoding="utf-8")):
                cited.setdefault(found, str(source.relative_to(root)))
    assert len(cited) > 20  # the citations were found at all
    unknown = {ruling_id: where for ruling_id, where in cited.items() if ruling_id not in known}
    assert not unknown, unknown


def test_every_path_the_design_names_exists() -> None:
    """docs/DESIGN.md names folders and files (`deadtable/games/`, `pyproject.toml`, a game's
    `data/`, the layers of its tree): each is in the repository."""
    design = (PACKAGE.parent / "docs" / "DESIGN.md").read_text(encoding="utf-8")
    named = named_paths(design)
    layers = re.findall(r"^  (\w+)/ ", design, flags=re.MULTILINE)
    assert {"pyproject.toml", "deadtable/games/"} <= set(named) and {"core", "games", "web"} <= set(layers)
    missing_paths = [path for path in named if not resolves(path)]
    missing_layers = [layer for layer in layers if not (PACKAGE / layer).is_dir()]
    assert not missing_paths and not missing_layers, (missing_paths, missing_layers)
    assert "rules/" not in named  # the rulebooks ship as deadtable/i18n/rules/, not a rules/ folder


RULING_GAMES = ("carson-zoo", "overlords", "zombie-overlord", "zombie-shedding")
