"""The rulebooks `deadtable rules` shows carry the rules, not the web page they were copied from.

Page furniture is what this keeps out: download links, "Версия 3.3.3 (А4 • pdf • 0,8Мб) / СКАЧАТЬ",
"Las imágenes de esta página...", image captions and "Ver el juego Descargar el reglamento".
"""

from __future__ import annotations

import re

import pytest

from deadtable.i18n import LANGUAGES
from deadtable.i18n.rules import known_games, rules_text

# Page furniture: what a web page or a printed page adds around the rules, in any language.
FURNITURE = {
    "a download link": r"\bdownload\b|\bdescargar\b|скачать",
    "a file format or size": r"\bpdf\b|\d+(,\d+)?\s?(мб|mb|kb|кб)\b",
    "a page version": r"^версия \d|^version \d|^versión \d",
    "the page's images": r"imágenes de esta página|images on this page|изображения на этой странице",
    "a picture reference": (
        r"como se ve en la imagen|as shown (above|below)|как показано на (рисунке|картинке)"
    ),
    "an image caption": (
        r"^(## )?(anatomía de una carta|anatomy of a)|— mesa de \d jugadores|^ejemplo de [^\n]* — \*\*"
    ),
    "a shop link": r"ver el juego|disponible en reserva|pre-?order|\bbuy now\b|купить",
    "a printed page reference": r"\bsee page \d|\bpage \d+ of the rulebook|ver (la )?página \d|см\. стр",
    "an empty table of contents": r"^## (table of contents|índice|содержание)\s*$",
    "the page's tab title": r"^## (rules|reglas|правила)\s*$",
    "the page's closing title": r"\A.*\n## (cómo jugar a|how to play) [^\n]*\s*\Z",
    # Not page furniture but the developers' own notes, which a player has no use for either.
    "a developers' note": r"\btest case\b|\bthe engine must\b",
}


def _shipped() -> list[tuple[str, str]]:
    out = []
    for game in known_games():
        for lang in LANGUAGES:
            text = rules_text(game, lang)
            if text is not None and text.lang == lang:
                out.append((game, lang))
    return out


def test_every_game_ships_a_rulebook_in_some_language() -> None:
    shipped = _shipped()
    assert {g for g, _ in shipped} == set(known_games())
    assert ("zombie-shedding", "ru") in shipped and ("zombie-overlord", "es") in shipped


@pytest.mark.parametrize(("game", "lang"), _shipped())
def test_a_shipped_rulebook_carries_no_page_furniture(game: str, lang: str) -> None:
    text = rules_text(game, lang)
    assert text is not None
    found = []
    for what, pattern in FURNITURE.items():
        for match in re.finditer(pattern, text.markdown, flags=re.IGNORECASE | re.MULTILINE):
            line = text.markdown[: match.start()].count("\n") + 1
            found.append(f"{game}.{lang}.md:{line}: {what}: {match.group(0)[-80:]!r}")
    assert not found, "\n".join(found)


def test_the_cleaning_kept_the_rules() -> None:
    """The worked examples and the rule sections stay once their captions are gone."""
    es = rules_text("zombie-overlord", "es")
    ru = rules_text("zombie-shedding", "ru")
    assert es is not None and ru is not None
    assert es.markdown.count("**Ejemplo.**") == 4
    assert "El jugador 1 quiere un Trap que cuesta 5 puntos" in es.markdown
    assert "Las Barricades no protegen a los demás Traps del jugador." in es.markdown
    assert "## СОСТАВ КОЛОДЫ" in ru.markdown and "## ЗАВЕРШЕНИЕ ПАРТИИ ИГРЫ" in ru.markdown


@pytest.mark.parametrize(("game", "lang"), [(g, lang) for g, lang in _shipped() if lang != "en"])
def test_a_translated_rulebook_carries_no_stray_apostrophe(game: str, lang: str) -> None:
    """Spanish and Russian quote with «» and need no apostrophe: one is a mark copied from the source
    ("un mutante' (denotado ...)")."""
    text = rules_text(game, lang)
    assert text is not None
    body = re.sub(r"<!--.*?-->", "", text.markdown, flags=re.DOTALL)
    stray = [line for line in body.splitlines() if "'" in line]
    assert not stray, "\n".join(stray)


@pytest.mark.parametrize(
    "furniture",
    [
        "Версия 3.3.3 (А4 • pdf • 0,8Мб)",
        "## СКАЧАТЬ",
        "## ПРАВИЛА\n\n## СОСТАВ КОЛОДЫ",
        "Las imágenes de esta página son las del reglamento impreso.",
        "## Ver el juego Descargar el reglamento",
        "Anatomía de una carta de Action, con la zona de texto de la habilidad",
        "Ejemplo de compra: dos cartas de Scavenger — **Ejemplo.** El jugador 1 quiere un Trap.",
    ],
)
def test_the_patterns_catch_what_the_issue_found(furniture: str) -> None:
    assert any(re.search(p, furniture, flags=re.IGNORECASE | re.MULTILINE) for p in FURNITURE.values())
