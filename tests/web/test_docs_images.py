"""The pictures of docs/players.md: each game's table, with its players' panels and the summary of
what happened since your last move, at a desktop's 1280x800 and a phone's 390x844, a few moves into
a game against bots.

They are saved under test-artifacts/ on every run; with DEADTABLE_DOCS_IMAGES=1 in the environment
they are written to docs/images/ instead, which is how the pictures the documentation shows are
made again after the table changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, TURN_STYLED, new_table, open_page
from .test_browser import _click_a_move, _index, _wait_turn_or_over

pytestmark = pytest.mark.browser

DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = {"carson-zoo": 2, "overlords": 3, "zombie-overlord": 2, "zombie-shedding": 4}
MOVES = 3


def _folder() -> Path:
    folder = DOCS_IMAGES if os.environ.get("DEADTABLE_DOCS_IMAGES") == "1" else ARTIFACTS / "docs-images"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_table_is_pictured_with_its_panels(server, browser, game, size):
    width, height = SIZES[size]
    context, page, errors = open_page(browser, width, height)
    try:
        table = new_table(server, game, seed=21, players=GAMES[game], opponent="greedy")
        page.goto(server + table["seats"][0]["link"])
        for _ in range(MOVES):
            if not _wait_turn_or_over(page):
                break
            before = _index(page)
            _click_a_move(page, game)
            page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
        page.wait_for_function(TURN_STYLED)
        assert page.locator("#seats .seat .facts").count() == GAMES[game]
        assert page.locator("#progress").is_visible()
        page.mouse.move(0, 0)  # no card details open in the picture
        path = _folder() / f"table-{game}-{size}.png"
        page.screenshot(path=str(path))
        assert path.stat().st_size > 10_000
        assert errors == []
    finally:
        context.close()


# A replay of a whole game of the game's heuristic bots, each at a short table (Zombie Overlord with
# its round limit, RULINGS ZO-10), shown at its end with the final scores above the board.
REPLAYS = {
    "carson-zoo": (2, {}),
    "overlords": (3, {}),
    "zombie-overlord": (2, {"rounds": 4}),
    "zombie-shedding": (3, {"mode": "blitz"}),
}


@pytest.mark.parametrize("game", list(REPLAYS))
def test_each_games_replay_is_pictured(server, browser, game):
    import httpx

    players, options = REPLAYS[game]
    seats = [{"kind": "bot", "agent": "heuristic"}] * players
    body = {"game": game, "players": players, "seed": 21, "seats": seats, "options": options}
    response = httpx.post(server + "/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = response.json()
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(f"{server}/t/{table['id']}")  # a table of bots plays while it is watched
        page.wait_for_function("() => document.body.dataset.over === 'yes'", timeout=120_000)
        page.goto(f"{server}/replay/{table['id']}")
        page.wait_for_function("() => document.body.dataset.gameStyle === 'loaded'")
        page.click("#last")
        page.wait_for_selector("#result:not(.hidden)")
        assert page.inner_text("#step").strip()
        path = _folder() / f"replay-{game}-desktop.png"
        page.screenshot(path=str(path))
        assert path.stat().st_size > 10_000
        assert errors == []
    finally:
        context.close()
