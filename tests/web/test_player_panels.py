"""The players' panels in Chromium: every seat's box holds what decides its game, read from the
seat's view, and a progress line for the whole game; both kept current as moves are made, at desktop
and phone sizes, for each game's shortest variant."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import TURN_STYLED, new_table, open_page
from .test_browser import _click_a_move, _index, _wait_turn_or_over

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# Each game's facts every seat's panel shows (js/panels.js, the game's web/panels.js).
FACTS = {
    "carson-zoo": ("score", "hand", "captures"),
    "overlords": ("army", "hand"),
    "zombie-overlord": ("life", "hand", "deck", "discard", "traps"),
    "zombie-shedding": ("hand", "score"),
}
PROGRESS = {
    "carson-zoo": "left",
    "overlords": "round",
    "zombie-overlord": "round",
    "zombie-shedding": "mode",
}
READ_PANELS = """() => [...document.querySelectorAll('#seats .seat[data-seat]')].map((box) => ({
  seat: Number(box.dataset.seat),
  facts: Object.fromEntries([...box.querySelectorAll('.fact')]
    .map((f) => [f.dataset.fact, f.querySelector('dd').innerText])),
}))"""


def _panels(page: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.evaluate(READ_PANELS)
    return out


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(FACTS))
def test_each_seat_has_a_panel_with_its_facts_kept_current(server, browser, game, size):
    width, height = SIZES[size]
    context, page, errors = open_page(browser, width, height)
    try:
        table = new_table(server, game, seed=5, players=2, opponent="greedy")
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        first = _panels(page)
        assert [p["seat"] for p in first] == [0, 1]
        for panel in first:
            missing = [f for f in FACTS[game] if f not in panel["facts"]]
            assert not missing, f"seat {panel['seat']} lacks {missing}"
            assert all(value.strip() for value in panel["facts"].values())
        # Whose turn: your panel says you are to act.
        assert first[0]["facts"].get("turn")
        progress = page.locator(f"#progress [data-progress='{PROGRESS[game]}']")
        assert progress.count() == 1 and progress.inner_text().strip()
        # A few moves later the panels still stand and follow the game.
        seen = {repr(first) + page.inner_text("#progress")}
        for _ in range(3):
            if not _wait_turn_or_over(page):
                break
            before = _index(page)
            _click_a_move(page, game)
            page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
            page.wait_for_function(TURN_STYLED)
            now = _panels(page)
            assert len(now) == 2 and all(FACTS[game][0] in p["facts"] for p in now)
            seen.add(repr(now) + page.inner_text("#progress"))
        assert len(seen) > 1, "neither the panels nor the progress changed over several moves"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert errors == []
    finally:
        context.close()


# The shedding game's panels from a view in which an effect hits seat 1 (the view's `pending`): on
# a phone the board's seat tiles give way to the panels, so the panels say it.
HIT = """async () => {
  const m = await import('/games/zombie-shedding/renderer.js');
  const pending = { kind: 'respond', seat: 1, actor: 0, victim: 1 };
  const view = { ...window.deadtable.state().view, pending };
  const got = m.panels(view);
  return [0, 1].map((s) => got.seats[s].filter((f) => f.id === 'hit').map((f) => [f.label, f.value]));
}"""


@pytest.mark.parametrize("lang,words", [("en", ["This turn", "hit"]), ("es", ["Este turno", "afectado"])])
def test_the_shedding_panels_say_who_an_effect_hits(server, browser, lang, words):
    context, page, errors = open_page(browser, 390, 844)
    context.add_init_script(f"localStorage.setItem('deadtable.lang', '{lang}')")
    try:
        table = new_table(server, "zombie-shedding", seed=5, players=2, opponent="greedy")
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        assert page.evaluate(HIT) == [[], [words]]
        assert errors == []
    finally:
        context.close()
