"""Two people at one table in Chromium, one on a desktop and one on a 390x844 phone: they
chat (markup stays text, a refusal is shown, a muted seat's lines hide and stay hidden after a
reload), play to the end, and "Play again" takes each of them to their own seat at the next table."""

from __future__ import annotations

import time
from typing import Any

import httpx

from .conftest import open_page, shot

MARKUP = "<b>bold?</b> <img src=x>"

# One move for the page's seat when it is to act (through the table's own socket): the moves are
# not what this test is about, so the pieces are left alone.
MOVE = """() => {
  const s = window.deadtable.newest();
  if (!s || s.over || !s.your_turn || !window.deadtable.connected()) return false;
  window.deadtable.send({ type: "act", action: s.legal[0], index: s.index });
  return true;
}"""


def _two_people(server: str) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    response = httpx.post(server + "/api/tables", json={"game": "carson-zoo", "seed": 4, "seats": seats})
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


def _say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def _play_to_the_end(pages: list[Any]) -> None:
    deadline = time.monotonic() + 90
    while not all(p.evaluate("() => window.deadtable.newest().over") for p in pages):
        assert time.monotonic() < deadline, "the game did not end"
        for p in pages:
            index = p.evaluate("() => window.deadtable.newest().index")
            if p.evaluate(MOVE):
                p.wait_for_function(f"() => window.deadtable.newest().index > {index}")


def test_two_people_chat_and_play_again_one_on_a_phone(server, browser):
    t = _two_people(server)
    desk_ctx, desk, desk_errors = open_page(browser, 1280, 800)
    phone_ctx, phone, phone_errors = open_page(browser, 390, 844)
    try:
        desk.goto(server + t["seats"][0]["link"])
        phone.goto(server + t["seats"][1]["link"])
        for p in (desk, phone):
            p.wait_for_selector("#chat-panel #chat-input")
        # Markup is shown as the text it is, to both.
        _say(desk, MARKUP)
        for p in (desk, phone):
            p.wait_for_selector("#chat-lines li.chat-line")
            assert p.inner_text("#chat-lines li .chat-text") == MARKUP
            assert p.locator("#chat-lines b, #chat-lines img").count() == 0
        _say(phone, "good luck!")
        desk.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 2")
        line = desk.inner_text("#chat-lines li:last-child")
        # The line starts with the time it was said (a <time> element), then who said what.
        assert desk.locator("#chat-lines li:last-child time.chat-at").count() == 1
        assert line.endswith(" P2 Bo: good luck!") and line != " P2 Bo: good luck!"
        # Too long for the server: refused in words, nothing sent to the other.
        phone.evaluate("() => window.deadtable.send({ type: 'chat', text: 'z'.repeat(301) })")
        phone.wait_for_function("() => document.getElementById('chat-note').className === 'error'")
        assert "300" in phone.inner_text("#chat-note")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shot(phone, "chat-phone")
        # The phone mutes Ann: her lines hide, and stay hidden after a reload.
        phone.click("#chat-mute summary")
        phone.check("#chat-mute input[data-mute-seat='0']")
        assert phone.locator("#chat-lines li[data-seat='0']").is_hidden()
        phone.reload()
        phone.wait_for_selector("#chat-lines li[data-seat='1']")
        assert phone.locator("#chat-lines li[data-seat='0']").count() == 1
        assert phone.locator("#chat-lines li[data-seat='0']").is_hidden()
        _play_to_the_end([desk, phone])
        for p in (desk, phone):
            p.wait_for_function("document.body.dataset.over === 'yes'")
            p.wait_for_selector("#rematch-button")
        assert phone.locator("#rematch-button").is_visible()
        shot(phone, "rematch-ending-phone")
        # The phone clicks "Play again" and lands on its own seat of the next table; the desktop is
        # offered its own seat there.
        phone.click("#rematch-button")
        phone.wait_for_function(f"() => !location.pathname.endsWith({t['id']!r})")
        new_id = phone.evaluate("() => location.pathname.split('/').pop()")
        phone.wait_for_function("() => window.deadtable.newest() && window.deadtable.newest().index === 0")
        assert phone.evaluate("() => window.deadtable.newest().seat") == 1
        link = desk.wait_for_selector("#rematch-link")
        assert link.get_attribute("href") == f"/t/{new_id}#seat=0&token={t['seats'][0]['token']}"
        desk.click("#rematch-link")
        desk.wait_for_function(f"() => (window.deadtable.newest() || {{}}).table === {new_id!r}")
        assert desk.evaluate("() => window.deadtable.newest().seat") == 0
        assert desk.locator("#chat-lines li").count() == 0  # a new table, a new chat
        shot(phone, "rematch-phone")
        assert not desk_errors and not phone_errors, desk_errors + phone_errors
    finally:
        desk_ctx.close()
        phone_ctx.close()
