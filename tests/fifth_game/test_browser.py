"""Supply Run at a table in Chromium: the page draws it and a person plays it to the end by clicking.

Skipped without Playwright, Chromium or the server extra (tests/web/conftest.py says which).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deadtable.core import Game

from ..web.conftest import WHY, chromium, new_table, open_page, serve

pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")

# The seat's next move, whichever renderer draws the board: a piece of the game's own renderer
# (data-actions), else a button of the table's raw list of actions (the generic renderer's).
PLAYABLE = "#board button[data-actions]:not([disabled]), #actions button.action"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium as tests/web runs it, closed with this module: its event loop would fail the
    asyncio tests that run after it in this process."""
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def server(installed: Game, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from deadtable.server import create_app

    db = tmp_path_factory.mktemp("fifth-web") / "tables.sqlite3"
    yield from serve(create_app(f"sqlite:///{db}"))


def _table_page(server: str, browser: Any) -> tuple[Any, Any, list[str]]:
    table = new_table(server, "supply-run", seed=9, players=3, opponent="heuristic")
    context, page, errors = open_page(browser, 1280, 800)
    page.goto(server + table["seats"][0]["link"])
    page.wait_for_function(
        "() => document.body.dataset.turn === 'yes' || document.body.dataset.over === 'yes'"
    )
    return context, page, errors


def test_a_person_plays_it_to_the_end_in_the_browser(server: str, browser: Any, tmp_path: Path) -> None:
    context, page, errors = _table_page(server, browser)
    try:
        assert "Supply Run" in page.locator("#game-name").inner_text()
        assert page.locator("#board").inner_text().strip(), "the board is empty"
        moves = 0
        while page.evaluate("document.body.dataset.over") != "yes":
            before = int(page.evaluate("document.body.dataset.index"))
            page.locator(PLAYABLE).first.click()
            moves += 1
            page.wait_for_function(
                f"() => Number(document.body.dataset.index) > {before}"
                " && (document.body.dataset.turn === 'yes' || document.body.dataset.over === 'yes')"
            )
        assert moves == 6
        assert errors == []
    finally:
        context.close()


def test_the_table_draws_it_with_the_renderer_and_styles_of_its_package(server: str, browser: Any) -> None:
    context, page, errors = _table_page(server, browser)
    try:
        page.wait_for_selector("#board .sr-run")  # web/renderer.js: the hand as run cards
        assert page.locator("#actions button.action").count() == 0  # piecesOnly: no raw list
        page.wait_for_function("document.body.dataset.gameStyle !== undefined")
        assert page.evaluate("document.body.dataset.gameStyle") == "loaded"  # web/renderer.css
        assert errors == []
    finally:
        context.close()


def test_the_browser_shows_twin_games_alike(
    installed: Game, server: str, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser's leak suite (tests/web/test_twin_tables.py) with a hidden run card of P2."""
    from ..surfaces.twins import hidden_moves
    from ..web import test_twin_tables as browser_twins

    variant = next(v for v in installed.variants() if v.name == "2p")
    twin = hidden_moves(installed, variant, 7, browser_twins.MOVES, most=1)[0]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        browser_twins.test_twin_tables_read_the_same_in_the_browser(server, page, monkeypatch, twin)
    finally:
        context.close()
