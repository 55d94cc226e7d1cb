"""The "Review" button at the end of a browser game, on a desktop and on a 390x844 phone:
a short Carson City Zoo game against a random bot is played to the end, the seat asks for its review,
and the page shows the table of its decisions and the SVG chart, within the screen's width; the
replay page of the finished table offers a review of each seat."""

from __future__ import annotations

import time
from typing import Any

from .conftest import new_table, open_page, shot
from .test_chat_rematch import MOVE


def _play_to_the_end(page: Any) -> None:
    deadline = time.monotonic() + 120
    page.wait_for_function("() => window.deadtable.newest() !== null")
    while not page.evaluate("() => window.deadtable.newest().over"):
        assert time.monotonic() < deadline, "the game did not end"
        index = page.evaluate("() => window.deadtable.newest().index")
        if page.evaluate(MOVE):
            page.wait_for_function(f"() => window.deadtable.newest().index > {index}")
        else:
            time.sleep(0.1)


def test_review_button_at_the_end_shows_the_table_and_the_chart(server: str, browser: Any) -> None:
    t = new_table(server, "carson-zoo", seed=11)
    link = server + t["seats"][0]["link"]
    for width, height in ((1280, 800), (390, 844)):
        context, page, errors = open_page(browser, width, height)
        try:
            page.goto(link)
            _play_to_the_end(page)
            page.wait_for_selector("#result #review .review-button")
            page.click("#review .review-button")
            page.wait_for_selector("#review-summary", timeout=240_000)
            rows = page.locator("#review .review-table tr").count()
            decisions = page.evaluate(
                "() => document.querySelectorAll('#review .review-table tr').length - 1"
            )
            assert rows >= 2 and decisions >= 1
            assert page.locator("#review svg.review-chart polyline").count() == 1
            points = page.get_attribute("#review svg.review-chart polyline", "points") or ""
            assert len(points.split()) == decisions  # one point per reviewed decision
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            # Carson City Zoo ships a map for 2 players: the page says its chances are calibrated.
            assert "calibrated" in page.inner_text("#review-calibrated")
            page.locator("#review").scroll_into_view_if_needed()
            shot(page, f"review-{width}x{height}")
            assert not errors, errors
        finally:
            context.close()
    # The replay page of the finished table: a button per seat; P1's review is the one kept.
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(f"{server}/replay/{t['id']}")
        page.wait_for_selector("#review .review-button[data-seat='1']")
        assert page.locator("#review .review-button").count() == 2
        page.click("#review .review-button[data-seat='0']")
        page.wait_for_selector("#review-summary")
        assert page.locator("#review svg.review-chart polyline").count() == 1
        assert not errors, errors
    finally:
        context.close()
