"""The guided first games in Chromium: for every game that brings a lesson, the lobby's "Learn to
play" button makes the table in one click, and the person plays the whole game by clicking the
pieces the coach outlines, at a desktop's 1280x800 and a phone's 390x844 with reduced motion. The
coach says what is being decided and why the suggested move (in words, never the action's text), tells
rules as they are met, stays beside the board (below it on a phone, under the first screen's pieces)
and explains the scoring at the end.

The first screen of each lesson and its ending are pictured for docs/learn.md (docs/images/ with
DEADTABLE_DOCS_IMAGES=1, as test_docs_images.py does; test-artifacts/ otherwise)."""

from __future__ import annotations

import time

import pytest

import deadtable
from deadtable.agents.coach import lesson, lesson_texts

from .conftest import open_page, press
from .test_docs_images import SIZES, _folder

pytestmark = pytest.mark.browser

LESSONS = [g.id for g in deadtable.games() if lesson(g) is not None]
# The coach has answered for the newest state: its suggestion (your turn), or the ending's scoring.
COACHED = """() => {
  const s = window.deadtable && window.deadtable.newest();
  const body = document.body.dataset;
  if (!s || body.coached !== String(s.index)) return false;
  if (body.catching !== 'no' || body.moving === 'yes') return false;
  if (s.over) return true;
  return Boolean(document.querySelector('#coach-suggestion') && document.querySelector('.coached'));
}"""
NO_MOTION = """() => [...document.querySelectorAll('#coach .coach-rule.new')]
  .every((n) => getComputedStyle(n).animationName === 'none')"""
# What the page shows at a decision, read in one call: the newest state, the rules the coach
# told, its suggestion (the action, its words and kind) and what is being decided; the first
# outlined piece is remembered as the one clicked.
SEEN = """() => {
  const suggestion = document.querySelector('#coach-suggestion');
  window.lessonClicked = document.querySelector('.coached');
  return {
    state: window.deadtable.newest(),
    rules: [...document.querySelectorAll('#coach [data-rule]')].map((n) => n.dataset.rule),
    action: suggestion && suggestion.dataset.action,
    kind: suggestion && suggestion.dataset.kind,
    text: suggestion ? suggestion.innerText : '',
    deciding: document.querySelectorAll('#coach .coach-deciding').length,
  };
}"""
MOVES_MOST = 400  # clicks; a lesson is a short game
GAME_SECONDS = 120


YOURS_AND_COACHED = f"""() => {{
  const s = window.deadtable && window.deadtable.newest();
  return Boolean(s) && (s.over || s.your_turn) && ({COACHED})();
}}"""


def _wait_for_coach(page) -> None:
    """Until the coach has spoken at the newest state that is yours or the ending."""
    page.wait_for_function(YOURS_AND_COACHED, timeout=60_000)


@pytest.mark.parametrize("game", LESSONS)
def test_a_guided_game_is_played_to_its_end_by_the_coachs_pieces(server, browser, game):
    """On a desktop, then on a phone: the second learner meets the same decisions (the lesson's
    seed is fixed and both follow the coach), and the coach answers from the suggestions it kept."""
    from deadtable.server.lessons import SUGGESTIONS

    for size in SIZES:
        found = SUGGESTIONS.found
        _play_the_lesson(server, browser, game, size)
        if size != next(iter(SIZES)):
            assert SUGGESTIONS.found > found, "the second learner's coach thought every move again"


def _play_the_lesson(server, browser, game: str, size: str) -> None:
    width, height = SIZES[size]
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(server + "/")
        page.wait_for_selector(f"#lessons [data-lesson='{game}']")
        page.click(f"#lessons [data-lesson='{game}']")
        page.wait_for_url("**/t/*#seat=0&token=*&lesson=1")
        _wait_for_coach(page)
        coach = page.locator("#coach")
        assert coach.locator(".coach-intro").inner_text().strip()
        # Beside the board on a desktop; below it on a phone, under the pieces you play.
        board = page.locator("#board").bounding_box()
        box = coach.bounding_box()
        assert board is not None and box is not None
        if size == "desktop":
            assert box["x"] >= board["x"] + board["width"] - 1
        else:
            assert box["y"] >= board["y"] + board["height"] - 1
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        # The suggested pieces are on the first screen (the coach never pushes them off), and a new
        # rule appears without motion when the reader asks for less (prefers-reduced-motion).
        first = page.locator(".coached").first.bounding_box()
        assert first is not None and first["y"] < height, (size, first)
        assert page.evaluate(NO_MOTION)
        page.screenshot(path=str(_folder() / f"learn-{game}-{size}.png"))
        said: set[str] = set()
        met: set[str] = set()
        started = time.monotonic()
        for _ in range(MOVES_MOST):
            seen = page.evaluate(SEEN)
            state = seen["state"]
            met.update(seen["rules"])
            if state["over"]:
                break
            assert time.monotonic() - started < GAME_SECONDS, "the guided game took too long"
            action = seen["action"]
            assert action in state["legal"]
            assert f"“{action}”" not in seen["text"]  # the move in words, not its action text
            assert seen["deciding"] >= 1
            said.add(seen["kind"] or "")
            press(page, ".coached")
            # A piece that plays the move is answered by the next state; one that only selects
            # (a card, then its target) is redrawn with the next piece outlined.
            page.wait_for_function(
                f"""() => window.deadtable.newest().index !== {state["index"]}
                    || (document.body.dataset.moving !== 'yes'
                        && !document.querySelector('.coached')?.isSameNode(window.lessonClicked))""",
                timeout=30_000,
            )
            _wait_for_coach(page)
        else:
            pytest.fail("the guided game did not end")
        assert page.locator("#coach .coach-scoring").inner_text().strip()
        assert page.locator("#result").is_visible()
        assert len(met) >= 3, met  # rules were explained along the way
        assert said, said
        if size == "desktop":  # the coach's words on the scoring, beside the ending
            page.screenshot(path=str(_folder() / f"learn-{game}-{size}-end.png"))
        assert errors == [], errors
    finally:
        context.close()


@pytest.mark.parametrize(
    "lang,title,rule", [("es", "Entrenador", "Una regla nueva"), ("ru", "Тренер", "Новое правило")]
)
def test_the_coach_speaks_the_pages_language(server, browser, lang, title, rule):
    """The lobby's button, the coach and the lesson's own words in Spanish and Russian."""
    context, page, errors = open_page(browser, 390, 844)
    try:
        page.goto(server + "/")
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.click("#lessons [data-lesson='zombie-shedding']")
        page.wait_for_url("**/t/*#seat=0&token=*&lesson=1")
        _wait_for_coach(page)
        intro = lesson_texts(deadtable.game("zombie-shedding"), lang)["intro"]
        assert page.inner_text("#coach-title") == title
        assert page.inner_text("#coach .coach-intro") == intro
        assert rule in page.inner_text("#coach")
        suggestion = page.inner_text("#coach-suggestion")
        assert not any(word in suggestion for word in ("would play", "Why:"))  # nothing left in English
        assert errors == [], errors
    finally:
        context.close()


def test_a_tables_rules_panel_starts_its_games_lesson(server, browser):
    """From any table of a game with a lesson, the rules panel's button opens a new guided game;
    the lobby's "Your tables" opens it again with its coach."""
    from .conftest import new_table

    table = new_table(server, "carson-zoo", seed=3)
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + table["seats"][0]["link"])
        page.click("#rules-button")
        button = page.locator("#rules-learn button")
        button.wait_for()
        assert button.inner_text() == "Learn to play Carson City Zoo Apocalypse"
        assert page.locator("#coach").count() == 0  # an ordinary table has no coach
        button.click()
        page.wait_for_url("**/t/*#seat=0&token=*&lesson=1")
        assert table["id"] not in page.url
        _wait_for_coach(page)
        assert page.locator("#coach-suggestion").is_visible()
        # Back in the lobby, "Your tables" leads to the guided seat again, its coach with it.
        guided = page.url.split("/t/")[1].split("#")[0]
        page.goto(server + "/")
        link = page.locator(f"#your-tables tr[data-table='{guided}'] a.button").first
        link.wait_for()
        assert "lesson=1" in (link.get_attribute("href") or "")
        link.click()
        page.wait_for_url(f"**/t/{guided}#seat=0&token=*&lesson=1")
        _wait_for_coach(page)
        assert page.locator("#coach-suggestion").is_visible()
        assert errors == [], errors
    finally:
        context.close()
