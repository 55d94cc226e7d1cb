"""A language's messages may live in several .po files (one per game or area), merged at run time."""

from __future__ import annotations

from pathlib import Path

import pytest

from deadtable.i18n import catalog


def _po(path: Path, pairs: dict[str, str]) -> Path:
    body = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for msgid, msgstr in pairs.items():
        body += [f'msgid "{msgid}"', f'msgstr "{msgstr}"', ""]
    path.write_text("\n".join(body), encoding="utf-8")
    return path


def test_files_are_merged_shared_file_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = _po(tmp_path / "deadtable.po", {"Game over": "Fin de la partida"})
    game = _po(tmp_path / "overlords.po", {"recruit {card}": "reclutar {card}"})
    monkeypatch.setattr(catalog, "po_files", lambda lang: [shared, game])
    catalog.read_catalogue.cache_clear()
    catalog.translator.cache_clear()
    try:
        t = catalog.translator("es")
        assert t.gettext("Game over") == "Fin de la partida"
        assert t._("recruit {card}", card="Hydra") == "reclutar Hydra"
        assert catalog.catalogue_json("es")["messages"]["recruit {card}"] == "reclutar {card}"
    finally:
        catalog.read_catalogue.cache_clear()
        catalog.translator.cache_clear()


def test_the_shared_file_comes_first() -> None:
    names = [f.name for f in catalog.po_files("es")]
    assert names and names[0] == "deadtable.po"


def test_an_empty_entry_never_hides_a_translation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = _po(tmp_path / "deadtable.po", {"round": "ronda"})
    later = _po(tmp_path / "zombie_shedding.po", {"round": ""})
    monkeypatch.setattr(catalog, "po_files", lambda lang: [shared, later])
    catalog.read_catalogue.cache_clear()
    catalog.translator.cache_clear()
    try:
        assert catalog.translator("es").gettext("round") == "ronda"
    finally:
        catalog.read_catalogue.cache_clear()
        catalog.translator.cache_clear()


def test_a_card_text_in_a_log_line_keeps_its_context_through_json() -> None:
    """The server rebuilds log lines from JSON: a card name inside stays in the card context."""
    from deadtable.i18n.message import Message

    card = Message.in_context("zombie-shedding:card", "Screamer")
    line = Message("{seat} plays {card}", seat="P1", card=card)
    again = Message.from_json(line.to_json())
    assert again == line
    assert again.params["card"].context == "zombie-shedding:card"
    assert card.render("ru") == "Крикун"
    assert Message.from_json(card.to_json()).render("ru") == "Крикун"
