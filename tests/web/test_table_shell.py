"""The table around the board, in headless Chromium: a whole Carson City Zoo game against bots on a
desktop and on a phone; no sideways scrolling, no console errors, no raw action list, the bots' last
move marked, the connection dropped and back, the ending banner in view at the end."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import new_table, shot
from .test_browser import MAX_CLICKS, _click_zoo_move, _index, _wait_turn_or_over

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


def _open(
    browser: Any, server: str, size: tuple[int, int], game: str = "carson-zoo", players: int = 4
) -> tuple[Any, list[str]]:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=size[0] < 500)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    t = new_table(server, game, seed=11, players=players, opponent="greedy")
    page.goto(server + t["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.index !== undefined")
    return page, errors


def _no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("where", list(VIEWPORTS))
def test_a_zoo_game_against_bots_in_the_table_shell(server, browser, where):
    page, errors = _open(browser, server, VIEWPORTS[where])
    _wait_turn_or_over(page)
    shot(page, f"shell-{where}-start")
    _no_sideways_scroll(page)
    # The renderer draws every move on the board: no raw list of action texts.
    assert page.locator("#actions").is_hidden() and page.locator("#actions-title").is_hidden()
    assert page.locator("button.action").count() == 0
    clicks = 0
    marked = False
    dropped = False
    while _wait_turn_or_over(page):
        # Three greedy bots moved before this turn (after the first): what they changed is marked.
        if clicks:
            marked = marked or page.locator("#board .last-move").count() > 0
        if clicks == 2 and not dropped:
            dropped = True
            page.evaluate("window.deadtable.dropForTest()")
            page.wait_for_function("document.body.dataset.online === 'no'")
            assert page.inner_text("#status") == "Reconnecting…"
            assert page.locator("#offline").is_visible()
            assert page.evaluate("getComputedStyle(document.getElementById('board')).pointerEvents") == "none"
            shot(page, f"shell-{where}-offline")
            page.wait_for_function("document.body.dataset.online === 'yes'")
            _wait_turn_or_over(page)
            assert page.locator("#offline").is_hidden()
            assert page.inner_text("#status") == "Your turn"
        before = _index(page)
        _click_zoo_move(page)
        assert page.inner_text("#message") in ("Move sent…", "")
        page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
        assert page.locator("#board .last-move").count() == 0 or page.evaluate(
            "document.body.dataset.index"
        ) != str(before + 1)  # your own move is not marked
        if clicks == 3:
            shot(page, f"shell-{where}-middle")
        clicks += 1
        assert clicks < MAX_CLICKS
    assert marked, "no bot move was marked .last-move"
    # The ending: a banner at the top of the board area, in view, with the winners and the links.
    page.wait_for_selector("#result:not(.hidden)")
    banner = page.locator("#result")
    box = banner.bounding_box()
    assert box is not None and 0 <= box["y"] < VIEWPORTS[where][1]
    # the renderer's own ending in place of the plain score sheet
    assert page.locator("#result-game .zoo-ending").is_visible() and page.locator("#scoresheet").is_hidden()
    assert "sent:" not in page.inner_text("#message")
    title = page.inner_text("#result-title")
    assert title.startswith(("You win", "Winner", "Nobody"))
    assert page.locator("#replay-link").is_visible() and page.locator("#record-link").is_visible()
    assert page.inner_text("#status") == "Game over"
    _no_sideways_scroll(page)
    if where == "phone":
        # the log folds below the board; open, it scrolls back to the start, the newest at the bottom
        log = page.locator("#log-panel")
        board = "document.getElementById('board').getBoundingClientRect().bottom"
        assert log.evaluate(f"n => n.getBoundingClientRect().top > {board}")
        if not log.evaluate("n => n.open"):
            page.locator("#log-panel > summary").tap()
        assert page.locator("#log li").last.is_visible()
        at_end = "n.scrollHeight > n.clientHeight && n.scrollTop + n.clientHeight > n.scrollHeight - 3"
        scrolled = f"(n => {at_end})"
        page.wait_for_function(f"{scrolled}(document.getElementById('log'))")
        small = page.evaluate(
            """() => [...document.querySelectorAll('button, a, select, summary')]
                 .filter(n => n.offsetParent !== null && !n.closest('#board'))
                 .filter(n => n.getBoundingClientRect().height < 44)
                 .map(n => n.outerHTML.slice(0, 80))"""
        )
        assert small == []
    shot(page, f"shell-{where}-end")
    assert errors == []
    page.context.close()


def test_a_bot_to_act_is_shown_thinking_and_moves_are_played_one_by_one(server, browser):
    page, errors = _open(browser, server, VIEWPORTS["desktop"])
    _wait_turn_or_over(page)
    page.evaluate(
        """() => {
             window.__seen = [];
             new MutationObserver(() => window.__seen.push(document.body.dataset.index))
               .observe(document.body, { attributes: true, attributeFilter: ['data-index'] });
           }"""
    )
    page.evaluate(
        """() => {
             window.__glides = new Set();
             setInterval(() => {
               for (const a of document.getAnimations()) {
                 const node = a.effect && a.effect.target;
                 if (node && node.dataset.piece) window.__glides.add(node.dataset.piece);
               }
             }, 10);
           }"""
    )
    before = _index(page)
    _click_zoo_move(page)
    # each bot's move is shown for a moment: the bot to act is said to be thinking, on its chip too
    page.wait_for_function("document.getElementById('status').textContent.includes('(greedy) is thinking…')")
    assert page.locator("#seats .seat.to-act .thinking-tag .thinking").count() == 1
    page.wait_for_function(f"Number(document.body.dataset.index) > {before + 1}")
    assert page.evaluate("window.__glides.size") > 0  # the pieces placed or moved were animated
    seen = page.evaluate("window.__seen")
    # each bot's move was on screen on its own (unless the server folded some states together)
    assert len(set(seen)) >= 2
    _wait_turn_or_over(page)
    assert errors == []
    page.context.close()


def test_a_tap_on_a_card_that_may_not_be_used_says_why_under_the_board(server, browser):
    # The shedding renderer's own way: a card that may not be played now is an unplayable piece (no
    # data-actions); a tap asks the server why and opens the card's details with the reason.
    page, errors = _open(browser, server, VIEWPORTS["phone"], game="zombie-shedding", players=2)
    _wait_turn_or_over(page)
    locked = page.locator("#board .zs-hand button.zs-card[aria-disabled=true]")
    locked.first.wait_for()
    locked.first.tap(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    why = page.locator("#board .zs-popover:not(.zs-hidden) .zs-why")
    why.wait_for()
    assert why.inner_text().strip()
    assert why.is_visible()
    _no_sideways_scroll(page)
    shot(page, "shell-phone-toast")
    assert errors == []
    page.context.close()


def _create(server: str, body: dict) -> dict:
    import httpx

    response = httpx.post(server + "/api/tables", json=body)
    response.raise_for_status()
    created: dict = response.json()
    return created


def test_team_games_show_each_seat_s_team_on_its_chip(server, browser):
    t = _create(
        server,
        {
            "game": "overlords",
            "players": 4,
            "seed": 4,
            "options": {"teams": True},
            "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 3,
        },
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server + t["seats"][0]["link"])
    page.wait_for_selector("#seats .seat .team-label")
    labels = page.locator("#seats .seat .team-label").all_inner_texts()
    assert labels == ["Team A", "Team B", "Team A", "Team B"]
    shot(page, "shell-teams")
    context.close()


def test_the_clock_warns_then_a_bot_plays_that_one_move_and_the_seat_stays(server, browser):
    t = _create(
        server,
        {
            "game": "carson-zoo",
            "seed": 7,
            "move_time": 12,
            "standby": "random",
            "seats": [{"kind": "human"}, {"kind": "human"}],
        },
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    first = t["seats"][0]["link"]
    page.goto(server + first)
    # The clock follows the newest state as it comes; state() is the one drawn, a moment later.
    page.wait_for_function(
        "document.getElementById('clock').textContent.includes('second') && window.deadtable.state() !== null"
    )
    slow = page.evaluate("window.deadtable.state().to_act")
    if slow != 0:  # watch from the seat to act
        page.goto(server + t["seats"][slow]["link"])
        page.wait_for_function("document.getElementById('clock').textContent.includes('second')")
    page.wait_for_selector("#clock.warn", timeout=15_000)
    assert "left" in page.inner_text("#clock")
    shot(page, "shell-clock-warning")
    page.wait_for_function("Number(document.body.dataset.index) === 1", timeout=20_000)
    page.wait_for_function(
        "[...document.querySelectorAll('#log li.note')].some(n => n.textContent.includes('ran out of time'))"
    )
    assert page.locator("#away-banner").is_hidden()  # the seat is still the person's
    assert errors == []
    context.close()


def test_with_reduced_motion_nothing_animates(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    t = new_table(server, "carson-zoo", seed=12, players=4, opponent="greedy")
    page.goto(server + t["seats"][0]["link"])
    page.evaluate(
        """() => {
             window.__animated = 0;
             setInterval(() => { window.__animated += document.getAnimations().length; }, 20);
           }"""
    )
    for _ in range(2):
        _wait_turn_or_over(page)
        before = _index(page)
        _click_zoo_move(page)
        page.wait_for_function(f"Number(document.body.dataset.index) > {before + 1}")
    assert page.evaluate("window.__animated") == 0
    context.close()


def test_a_move_sent_just_before_the_connection_drops_is_checked_after_it_comes_back(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    t = new_table(server, "carson-zoo", seed=13, players=2, opponent="greedy")
    page.goto(server + t["seats"][0]["link"])
    _wait_turn_or_over(page)
    before = _index(page)
    page.locator(".hand button.char:not([disabled],[aria-disabled=true])").first.click()
    page.evaluate("() => { document.querySelector('.cell.target').click(); window.deadtable.dropForTest(); }")
    page.wait_for_function("document.body.dataset.online === 'no'")
    page.wait_for_function("document.body.dataset.online === 'yes'")
    page.wait_for_function("document.getElementById('message').textContent !== 'Move sent…'")
    assert page.inner_text("#message") == "Your move was made."
    assert _index(page) > before
    context.close()


def test_a_move_lost_with_the_connection_is_asked_for_again(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    t = new_table(server, "carson-zoo", seed=14, players=2, opponent="greedy")
    page.goto(server + t["seats"][0]["link"])
    _wait_turn_or_over(page)
    before = _index(page)
    page.locator(".hand button.char:not([disabled],[aria-disabled=true])").first.click()
    # the socket is closing when the move is clicked: it never reaches the server
    page.evaluate("() => { window.deadtable.dropForTest(); document.querySelector('.cell.target').click(); }")
    page.wait_for_function("document.body.dataset.online === 'yes' && document.body.dataset.turn === 'yes'")
    page.wait_for_function("document.getElementById('message').textContent !== 'Move sent…'")
    assert page.inner_text("#message") == "Your last move was not made: make it again."
    assert page.locator("#toast").is_visible(), "the lost move is said just under the board too"
    assert page.inner_text("#toast") == "Your last move was not made: make it again."
    assert _index(page) == before
    shot(page, "shell-move-lost")
    context.close()


def test_a_double_click_sends_one_move_and_no_error(server, browser):
    """A second click while the first move is on its way is the same wish: one move is sent, and
    the page says no "stale move" error (body[data-moving] is "yes" until the next state)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sent: list[str] = []

    def watch(ws) -> None:
        ws.on("framesent", lambda p: sent.append(p if isinstance(p, str) else ""))

    page.on("websocket", watch)
    t = new_table(server, "carson-zoo", seed=15, players=2, opponent="greedy")
    page.goto(server + t["seats"][0]["link"])
    _wait_turn_or_over(page)
    before = _index(page)
    page.locator(".hand button.char:not([disabled],[aria-disabled=true])").first.click()
    moving = page.evaluate(
        "() => { const c = document.querySelector('.cell.target'); c.click(); c.click();"
        " return document.body.dataset.moving; }"
    )
    assert moving == "yes"
    page.wait_for_function("document.body.dataset.moving === 'no'")
    _wait_turn_or_over(page)
    acts = [p for p in sent if '"act"' in p]
    assert len(acts) == 1, acts
    assert _index(page) > before
    assert page.get_attribute("#message", "class") != "error", page.inner_text("#message")
    context.close()
