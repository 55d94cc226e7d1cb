"""End to end in headless Chromium: the lobby, a whole game by clicking, two players, the replay."""

from __future__ import annotations

import httpx
import pytest

import deadtable

from .conftest import shot

MAX_CLICKS = 400


def _wait_turn_or_over(page) -> bool:
    """True when it is our turn, False when the game is over."""
    page.wait_for_function("document.body.dataset.turn === 'yes' || document.body.dataset.over === 'yes'")
    return page.evaluate("document.body.dataset.over") != "yes"


def _index(page) -> int:
    return int(page.evaluate("document.body.dataset.index"))


def _click_zoo_move(page) -> None:
    """One Carson City Zoo move through the board: a character from hand (or on the grid), then a target."""
    chars = page.locator(".hand button.char:not([disabled],[aria-disabled=true])")
    if chars.count():
        chars.first.click()
    else:
        page.locator(".cell.mine").first.click()
    page.locator(".cell.target").first.click()


# Clicks a piece or control of the board that leads to exactly one legal action (every renderer draws its
# moves as pieces carrying data-actions: a JSON list, or the zoo's texts one a line); controls first.
ONE_MOVE = """() => {
  const acts = (n) => {
    const d = n.dataset.actions || '';
    return d.startsWith('[') ? JSON.parse(d) : d.split('\\n').filter(Boolean);
  };
  const playable = '#board button[data-actions]:not([disabled],[aria-disabled=true])';
  const nodes = [...document.querySelectorAll(playable)]
    .filter((n) => acts(n).length === 1 && n.getBoundingClientRect().width > 0);
  const pick = nodes.find((n) => /control/.test(n.className)) || nodes[0];
  if (!pick) return false;
  pick.click();
  return true;
}"""


def _click_a_move(page, game_id: str) -> None:
    """One move of any game through its board's pieces (the raw action list is hidden for them)."""
    if game_id == "carson-zoo":
        _click_zoo_move(page)
        return
    if page.evaluate(ONE_MOVE):
        return
    # Every piece leads to several moves (the shedding game's card that may carry a combo): the
    # first one opens its menu, whose items each lead to one.
    several = page.locator("#board button[data-actions]:not([disabled],[aria-disabled=true])").first
    assert several.count(), "no piece leads to a move"
    several.click()
    page.locator("#board button[data-action]").first.click()


def test_lobby_to_a_whole_carson_zoo_game_against_a_bot_by_clicking(server, page):
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "carson-zoo")
    page.locator(".seat-row[data-seat='1'] .agent").select_option("greedy")
    page.click("#create-button")  # "Create and play": one person's seat, so straight to it
    page.wait_for_url("**/t/*#seat=0&token=*")
    clicks = 0
    refused_shown = False
    while _wait_turn_or_over(page):
        before = _index(page)
        blocked = ".cell:has(.piece):not(.mine)"  # a piece there: no character may be placed on it
        if not refused_shown and page.locator(blocked).count():
            # Pick a character, then a position it may not go to: the page says why not.
            chars = page.locator(".hand button.char:not([disabled],[aria-disabled=true])")
            if chars.count():
                chars.first.click()
                page.locator(blocked).first.click()
                page.wait_for_function("document.getElementById('hint').textContent.includes('Not allowed')")
                refused_shown = True
                chars.first.click()  # unselect
        _click_zoo_move(page)
        page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
        clicks += 1
        assert clicks < MAX_CLICKS
    assert refused_shown
    page.wait_for_selector("#result:not(.hidden)")
    assert page.inner_text("#status") == "Game over"
    rows = page.locator("#scoresheet tr")
    assert rows.count() == 3  # header + two seats
    assert page.locator("#log li").count() >= clicks
    shot(page, "carson-zoo")
    # The replay viewer steps back and forth over the record.
    page.click("#replay-link")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '2'")
    page.click("#prev")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#last")
    page.wait_for_selector("#result:not(.hidden)")
    assert "move" in page.inner_text("#step")
    shot(page, "carson-zoo-replay")
    assert page.errors == []


def test_two_browsers_play_each_other_and_a_reload_keeps_the_seat(server, browser):
    t = httpx.post(
        server + "/api/tables",
        json={
            "game": "carson-zoo",
            "seed": 5,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
        },
    ).json()
    pages = []
    for s in t["seats"]:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
        pg = context.new_page()
        pg.goto(server + s["link"])
        pages.append(pg)
    for pg in pages:
        pg.wait_for_function("document.body.dataset.index !== undefined")
    moves = 0
    while True:
        over = [pg.evaluate("document.body.dataset.over") == "yes" for pg in pages]
        if all(over):
            break
        mover = next((pg for pg in pages if pg.evaluate("document.body.dataset.turn") == "yes"), None)
        if mover is None:
            pages[0].wait_for_timeout(20)
            continue
        before = _index(mover)
        if moves == 3:
            mover.reload()  # a dropped page comes back to the same seat
            _wait_turn_or_over(mover)
            assert "you are P" in mover.inner_text("#who")
        _click_zoo_move(mover)
        for pg in pages:
            pg.wait_for_function(f"Number(document.body.dataset.index) > {before}")
        moves += 1
        assert moves < MAX_CLICKS
    texts = [pg.inner_text("#scoresheet") for pg in pages]
    assert texts[0] == texts[1] and "Ann" in texts[0] and "Bo" in texts[0]
    shot(pages[0], "carson-zoo-two-players")
    for pg in pages:
        pg.context.close()


@pytest.mark.parametrize("game_id", [g.id for g in deadtable.games()])
def test_every_game_shows_its_table_and_plays_by_buttons(server, page, game_id):
    game = deadtable.game(game_id)
    players = game.min_players
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    t = httpx.post(server + "/api/tables", json={"game": game_id, "seed": 3, "seats": seats}).json()
    page.goto(server + t["seats"][0]["link"])
    for _ in range(12):
        if not _wait_turn_or_over(page):
            break
        before = _index(page)
        _click_a_move(page, game_id)
        page.wait_for_function(f"Number(document.body.dataset.index) > {before}")
    assert page.locator("#board").inner_text().strip()
    shot(page, game_id)
    assert page.errors == []
