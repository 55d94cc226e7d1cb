"""RULINGS ZO-14: every game's house readings (ZO-H1, OV-H1, ZS-H1, CZ-H1, ...) are shipped in the
three languages, shown by `deadtable rules GAME` and in the rules JSON, and cited by options."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import deadtable
from deadtable.cli.main import cli
from deadtable.i18n import LANGUAGES
from deadtable.i18n.rules import readings, ruling, ruling_prefix, rulings

GAMES = [g.id for g in deadtable.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_readings_with_ids_of_its_own(game_id: str) -> None:
    found = readings(game_id)
    assert found, game_id
    ids = [r.id for r in found]
    prefix = ruling_prefix(game_id)
    assert ids == [f"{prefix}-H{i}" for i in range(1, len(ids) + 1)]  # numbered in order, none missing
    assert all(r.text and r.lang == "en" for r in found)


def test_each_game_ships_rulings_of_its_own_prefix_and_no_two_share_one() -> None:
    prefixes = {game_id: ruling_prefix(game_id) for game_id in GAMES}
    assert prefixes["zombie-overlord"] == "ZO" and prefixes["carson-zoo"] == "CZ"
    assert len(set(prefixes.values())) == len(GAMES)
    for game_id, prefix in prefixes.items():
        ids = [r.id for r in rulings(game_id)]
        assert ids[0] == f"{prefix}-1" and {i.split("-")[0] for i in ids} == {prefix, "ALL"}, game_id
        assert ruling(ids[0]) == rulings(game_id)[0]  # found by id alone, through the games


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
@pytest.mark.parametrize("game_id", GAMES)
def test_every_reading_is_translated(game_id: str, lang: str) -> None:
    english = readings(game_id)
    local = readings(game_id, lang)
    assert [r.id for r in local] == [r.id for r in english]
    untranslated = [r.id for r in local if r.lang != lang]
    assert not untranslated, f"{lang} lacks {untranslated}"
    for mine, theirs in zip(local, english, strict=True):  # the same rulings, options and ids cited
        cited = set(re.findall(r"\b[A-Z]{2}-H?\d+\b|`[^`]+`", theirs.text))
        assert cited <= set(re.findall(r"\b[A-Z]{2}-H?\d+\b|`[^`]+`", mine.text)), (mine.id, lang)


def test_a_reading_is_found_by_its_id() -> None:
    found = ruling("ZO-H1", "es")
    assert found is not None and found.lang == "es" and "Power Down" in found.text
    assert ruling("ZO-1") is not None and ruling("ZO-H99") is None


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game_id", GAMES)
def test_deadtable_rules_prints_the_readings(game_id: str, lang: str) -> None:
    out = CliRunner().invoke(cli, ["rules", game_id, "--lang", lang, "--no-pager"], catch_exceptions=False)
    text = " ".join(out.output.split())
    for r in readings(game_id, lang):
        assert r.id in text
        assert " ".join(r.text.split()[:3]).replace("`", "") in text, (r.id, lang)


def test_options_that_are_readings_cite_them() -> None:
    helps = {g.id: " ".join(o.help for o in g.options) for g in deadtable.games()}
    assert "ZS-H9" in helps["zombie-shedding"]
    assert "OV-H8" in helps["overlords"]
    cited = set(re.findall(r"\b[A-Z]{2}-H\d+\b", " ".join(helps.values())))
    for reading_id in cited:
        assert ruling(reading_id) is not None, reading_id


def test_the_rules_json_carries_the_readings_shaped_like_the_rulings() -> None:
    pytest.importorskip("fastapi")
    from deadtable.server.routes.catalog import rules_json

    data = rules_json("overlords", "ru")
    assert data["readings"] and set(data["readings"][0]) == set(data["rulings"][0]) == {"id", "text", "lang"}
    assert data["readings"][0]["id"] == "OV-H1" and data["readings"][0]["lang"] == "ru"
