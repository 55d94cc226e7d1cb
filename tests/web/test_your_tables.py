"""A turn-based table in Chromium, on a desktop and on a 390x844 phone: made in the lobby
with a move time in hours, the tab title says "(Your turn)" exactly while it is your turn, and back
in the lobby "Your tables" lists it first with whose turn it is and the time left."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import shot

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
MOVE = """() => {
  const s = window.deadtable.newest();
  if (!s || s.over || !s.your_turn || !window.deadtable.connected()) return null;
  window.deadtable.send({ type: "act", action: s.legal[0], index: s.index });
  return s.index;
}"""  # the index of the move sent, or null
STATE = "() => window.deadtable && window.deadtable.newest() && window.deadtable.newest().index >= 0"


def _context(browser: Any, size: str) -> tuple[Any, Any, list[str]]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


TITLE_FOLLOWS_THE_TURN = (
    "() => document.title.startsWith('(Your turn)') === "
    "Boolean(window.deadtable.newest().your_turn && !window.deadtable.newest().over)"
)  # the tab title begins with "(Your turn)" when (and only when) it is the page's seat's turn


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_turn_based_table_shows_under_your_tables_and_in_the_tab_title(
    browser: Any, server: str, size: str
) -> None:
    mine, page, errors = _context(browser, size)
    friend, other, other_errors = _context(browser, size)
    try:
        page.goto(server + "/")
        page.wait_for_selector("#seats .seat-row")
        assert page.is_hidden("#your-tables-panel")  # a new browser took no seat yet
        page.select_option("#game", "carson-zoo")
        page.select_option("#clock-kind", "hours")
        assert page.inner_text("#move-time-name") == "Move time (hours)"
        page.fill("#move-time", "6")
        page.locator(".seat-row[data-seat='1'] .kind").select_option("human")
        page.click("#create-button")
        page.wait_for_selector("#created[open]")
        friend_link = page.get_attribute(".seat-link[data-seat='1']", "href")
        page.click("#go-to-seat")
        page.wait_for_url("**/t/*#seat=0&token=*&creator=*")
        page.wait_for_function(STATE)
        assert page.evaluate("() => window.deadtable.newest().move_time") == 6 * 3600
        page.wait_for_function("() => window.deadtable.newest().deadline !== null")
        # The title is set when the state is drawn, a frame after it arrives: waited for, a timeout fails.
        page.wait_for_function(TITLE_FOLLOWS_THE_TURN, timeout=5000)

        other.goto(friend_link)
        other.wait_for_function(STATE)
        # Two moves, one by each: the title turns "(Your turn)" on and off with the turn.
        titles = []
        for _ in range(2):
            for p in (page, other):
                index = p.evaluate(MOVE)
                if index is not None:
                    page.wait_for_function(f"() => window.deadtable.newest().index > {index}")
                    page.wait_for_function(TITLE_FOLLOWS_THE_TURN)
                    titles.append(page.title().startswith("(Your turn)"))
        assert True in titles and False in titles
        assert page.is_visible("#notify-turn")  # the opt-in, never asked without a click
        assert page.inner_text("#notify-turn-label").strip() == "Tell me when it is my turn"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "sideways scroll"
        shot(page, f"turn-based-table-{size}")

        to_act = page.evaluate("() => window.deadtable.newest().to_act")
        page.goto(server + "/")
        page.wait_for_selector("#your-tables tbody tr[data-seat='0'] .left:not(:empty)")
        row = page.locator("#your-tables tbody tr").first  # first on the page, above "New table"
        assert row.get_attribute("data-seat") == "0"
        assert page.evaluate(
            "() => document.getElementById('your-tables-panel').compareDocumentPosition("
            "document.getElementById('create')) === Node.DOCUMENT_POSITION_FOLLOWING"
        )
        turn = row.locator(".turn").inner_text()
        if to_act == 0:
            assert turn == "Your turn" and "your-turn" in (row.get_attribute("class") or "")
        else:
            assert turn == "P2 to play" and "your-turn" not in (row.get_attribute("class") or "")
        left = row.locator(".left").inner_text()
        assert left.endswith("left") and ("hours" in left or "minutes" in left), left
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "sideways scroll"
        shot(page, f"your-tables-{size}")
        assert not errors and not other_errors, errors + other_errors
    finally:
        mine.close()
        friend.close()


def test_the_creator_issues_a_new_seat_link_and_the_old_one_is_refused(browser: Any, server: str) -> None:
    """A lost seat link (creator.py): only the creator's page lists the seats' links; a new link
    opens the seat, and the page on the old one is shut out."""
    import httpx

    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    made = httpx.post(server + "/api/tables", json={"game": "carson-zoo", "seats": seats}).json()
    old_link = server + made["seats"][1]["link"]
    creator, page, errors = _context(browser, "desktop")
    holder, old, old_errors = _context(browser, "desktop")
    try:
        old.goto(old_link)
        old.wait_for_function(STATE)
        assert old.locator("#seat-links").count() == 0  # a seat's page without the creator token
        page.goto(f"{server}{made['seats'][0]['link']}&creator={made['creator']}")
        page.wait_for_selector("#seat-links")
        page.click("#seat-links summary")
        assert page.locator("#seat-links li").count() == 2
        assert "null" not in page.inner_text("#seat-links")
        page.once("dialog", lambda d: d.accept())  # "the old one can no longer play it. Go on?"
        page.click("#seat-links li[data-seat='1'] .new-link")
        new_link = page.get_attribute("#seat-links li[data-seat='1'] a.seat-link", "href")
        assert new_link and new_link != old_link and "#seat=1&token=" in new_link
        old.wait_for_function("() => !window.deadtable.connected()")
        old.reload()
        old.wait_for_selector("#conn:has-text('disconnected')")  # the old link is refused for good
        fresh = holder.new_page()
        fresh.goto(new_link)
        fresh.wait_for_function(STATE)
        assert fresh.evaluate("() => window.deadtable.newest().seat") == 1
        assert not errors, errors
        assert all("bad-token" in e or "403" in e or "WebSocket" in e for e in old_errors), old_errors
    finally:
        creator.close()
        holder.close()


# The browser's Notification, recorded: the permission starts undecided, asking it grants it.
FAKE_NOTIFICATION = """
window.__asked = 0; window.__notes = []; window.__hidden = false;
let permission = "default";
class FakeNotification {
  constructor(title, options) { window.__notes.push([title, options && options.body]); }
  static get permission() { return permission; }
  static requestPermission() {
    window.__asked += 1; permission = "granted"; return Promise.resolve(permission);
  }
}
window.Notification = FakeNotification;
Object.defineProperty(document, "visibilityState", { get: () => (window.__hidden ? "hidden" : "visible") });
"""


def test_the_turn_notification_is_asked_for_by_a_click_and_comes_while_the_page_is_hidden(
    browser: Any, server: str
) -> None:
    import httpx

    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"game": "carson-zoo", "seed": 8, "seats": seats, "turn_based": True, "move_time": 3600}
    made = httpx.post(server + "/api/tables", json=body).json()
    mine, page, errors = _context(browser, "desktop")
    friend, other, _other_errors = _context(browser, "desktop")
    try:
        page.add_init_script(FAKE_NOTIFICATION)
        page.goto(server + made["seats"][0]["link"])
        page.wait_for_function(STATE)
        other.goto(server + made["seats"][1]["link"])
        other.wait_for_function(STATE)
        page.wait_for_selector("#notify-turn")
        assert page.evaluate("window.__asked") == 0  # never asked without a click
        page.check("#notify-turn")
        page.wait_for_function("window.__asked === 1")
        assert page.is_checked("#notify-turn")
        page.evaluate("window.__hidden = true")
        for _ in range(6):  # until the friend's move gives the turn back
            index = page.evaluate(MOVE)
            if index is None:
                index = other.evaluate(MOVE)
                assert index is not None
                page.wait_for_function(f"() => window.deadtable.newest().index > {index}")
                if page.evaluate("() => window.deadtable.newest().your_turn"):
                    break
            else:
                page.wait_for_function(f"() => window.deadtable.newest().index > {index}")
        page.wait_for_function("window.__notes.length > 0")
        notes = page.evaluate("window.__notes")
        assert notes[0] == ["Your turn", "It is your turn at Carson City Zoo Apocalypse."]
        assert page.evaluate("window.__asked") == 1
        assert not errors, errors
    finally:
        mine.close()
        friend.close()
