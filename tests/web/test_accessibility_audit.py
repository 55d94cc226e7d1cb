"""axe-core's WCAG 2.0/2.1 A and AA audit of every page a person sees: the lobby, each game's table
at the seat's first decision (desktop 1280x800 and phone 390x844), the table's rules panel, the
replay of a finished game and its post-game review. Every violation is listed with the nodes at
fault; the test fails on any. Skips, saying why, when axe-core (axe-playwright-python) is absent."""

from __future__ import annotations

from typing import Any

import pytest

from .axe_audit import WHY_NO_AXE, give_axe, violations
from .conftest import TURN_STYLED, new_table, shot
from .test_review_page import _play_to_the_end

pytestmark = pytest.mark.skipif(WHY_NO_AXE is not None, reason=WHY_NO_AXE or "")

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = ["carson-zoo", "overlords", "zombie-overlord", "zombie-shedding"]


def _audited(browser: Any, width: int, height: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    give_axe(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_lobby_passes_axe(server: str, browser: Any, viewport: str) -> None:
    context, page, errors = _audited(browser, *VIEWPORTS[viewport])
    try:
        page.goto(server + "/")
        page.wait_for_function("() => document.querySelectorAll('#game option').length > 0")
        page.wait_for_function("() => document.querySelectorAll('#seats select, #seats input').length > 0")
        found = violations(page, f"lobby {viewport}")
        assert not found, "\n".join(found)
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("game", GAMES)
def test_a_table_at_its_first_decision_passes_axe(
    server: str, browser: Any, game: str, viewport: str
) -> None:
    created = new_table(server, game, seed=5)
    context, page, errors = _audited(browser, *VIEWPORTS[viewport])
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        found = violations(page, f"{game} {viewport}")
        if found:
            shot(page, f"axe-{game}-{viewport}")
        # The rules panel, opened over the same table.
        page.click("#rules-button")
        page.wait_for_function("() => document.querySelectorAll('#rules-text h2, #rules-text p').length > 0")
        found += violations(page, f"{game} {viewport} rules")
        assert not found, "\n".join(found)
        assert not errors, errors
    finally:
        context.close()


def test_the_replay_and_the_review_pass_axe(server: str, browser: Any) -> None:
    created = new_table(server, "carson-zoo", seed=11)
    context, page, errors = _audited(browser, 1280, 800)
    try:
        page.goto(server + created["seats"][0]["link"])
        _play_to_the_end(page)
        page.wait_for_selector("#result #review .review-button")
        found = violations(page, "the ending")
        page.goto(f"{server}/replay/{created['id']}")
        page.wait_for_selector("#review .review-button[data-seat='0']")
        found += violations(page, "replay")
        page.click("#review .review-button[data-seat='0']")
        page.wait_for_selector("#review-summary", timeout=240_000)
        found += violations(page, "review")
        assert not found, "\n".join(found)
        assert not errors, errors
    finally:
        context.close()


# Whether the page scrolls sideways, and the board's enabled pieces that cannot be seen whole.
SIDEWAYS = "() => document.documentElement.scrollWidth > window.innerWidth + 1"
CONTRAST_MORE = "() => window.matchMedia('(prefers-contrast: more)').matches"
CUT = """() => [...document.querySelectorAll('#board button:enabled')]
  .filter((b) => b.getClientRects().length)
  .map((b) => [b.dataset.piece || b.textContent, b.getBoundingClientRect()])
  .filter(([, r]) => r.left < -1 || r.right > window.innerWidth + 1)
  .map(([what, r]) => `${what}: ${Math.round(r.left)} to ${Math.round(r.right)}`)"""


@pytest.mark.parametrize("game", GAMES)
def test_more_contrast_at_200_percent_zoom_keeps_the_table_usable(
    server: str, browser: Any, game: str
) -> None:
    # 200% zoom of a 1280x800 window: 640x400 CSS pixels, each two device pixels wide.
    zoomed = {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2}
    context = browser.new_context(**zoomed, reduced_motion="reduce", contrast="more")
    give_axe(context)
    page = context.new_page()
    try:
        created = new_table(server, game, seed=5)
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        assert page.evaluate(CONTRAST_MORE)
        assert not page.evaluate(SIDEWAYS), "the table scrolls sideways at 200% zoom"
        # Every enabled piece can be brought into view and is not cut off sideways.
        cut = page.evaluate(CUT)
        assert not cut, f"pieces cut off at 200% zoom: {cut[:5]}"
        found = violations(page, f"{game} 200% zoom, more contrast")
        if found:
            shot(page, f"axe-{game}-zoom-contrast")
        assert not found, "\n".join(found)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_guided_game_with_its_coach_passes_axe(server: str, browser: Any, viewport: str) -> None:
    """A lesson table (routes/lessons.py) with the coach beside or below the board, and the rules
    panel's "Learn to play" button."""
    context, page, errors = _audited(browser, *VIEWPORTS[viewport])
    try:
        page.goto(server + "/")
        page.click("#lessons [data-lesson='zombie-shedding']")
        page.wait_for_url("**/t/*#seat=0&token=*&lesson=1")
        page.wait_for_function(TURN_STYLED)
        page.wait_for_selector("#coach-suggestion")
        found = violations(page, f"lesson {viewport}")
        page.click("#rules-button")
        page.wait_for_selector("#rules-learn button")
        found += violations(page, f"lesson {viewport} rules")
        assert not found, "\n".join(found)
        assert not errors, errors
    finally:
        context.close()
