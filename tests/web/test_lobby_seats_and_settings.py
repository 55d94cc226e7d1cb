"""An open seat taken from the lobby, chat lines with their time, and the turn's sound, in
Chromium: a table made in the lobby with its second seat left open lists that seat; another person
takes it from the lobby and lands on it; their chat lines show when they were said; the turn's
sound is off until turned on, and then signals the turn."""

from __future__ import annotations

import re

from .conftest import open_page

MOVE = """() => {
  const s = window.deadtable.newest();
  if (!s || s.over || !s.your_turn || !window.deadtable.connected()) return false;
  window.deadtable.send({ type: "act", action: s.legal[0], index: s.index });
  return true;
}"""


def test_an_open_seat_is_taken_from_the_lobby(server, browser):
    first_context, first, errors = open_page(browser, 1280, 800)
    second_context, second, more_errors = open_page(browser, 390, 844)
    try:
        first.goto(server + "/")
        first.wait_for_selector("#seats .seat-row")
        first.select_option("#game", "carson-zoo")
        first.select_option("#players", "2")
        first.locator(".seat-row[data-seat='1'] .kind").select_option("open")
        assert "lobby" in first.inner_text(".seat-row[data-seat='1'] .bot-about")
        first.click("#create-button")
        first.wait_for_url("**/t/*#seat=0&token=*")
        own_link = first.url
        table = own_link.split("/t/")[1].split("#")[0]
        first.wait_for_function("document.body.dataset.index !== undefined")

        second.goto(server + "/")
        take = second.locator(f"#open-tables tr:has-text('{table}') button.take-seat")
        take.wait_for()
        assert take.inner_text() == "take seat P2"
        take.click()
        second.wait_for_url(f"**/t/{table}#seat=1&token=*")
        second.wait_for_function("document.body.dataset.index !== undefined")
        assert "P2" in second.inner_text("#who")
        # Taken: the lobby no longer offers it.
        first.goto(server + "/")
        first.wait_for_selector(f"#open-tables tr:has-text('{table}')")
        assert first.locator(f"#open-tables tr:has-text('{table}') button.take-seat").count() == 0

        # The chat says when each line was said.
        second.fill("#chat-input", "hello")
        second.click("#chat-send")
        stamp = second.locator("#chat-lines li time.chat-at").first
        stamp.wait_for()
        assert re.fullmatch(r"\d{1,2}:\d{2}( [AP]M)?", stamp.inner_text().strip())
        assert stamp.get_attribute("datetime")

        # The turn's sound: off until turned on; then each turn that comes is signalled.
        assert not second.is_checked("#turn-sound")
        second.check("#turn-sound")
        assert second.evaluate("localStorage.getItem('deadtable.sound')") == "on"
        first.goto(own_link)
        first.wait_for_function("document.body.dataset.index !== undefined")
        for _ in range(2):
            first.wait_for_function(MOVE)
            second.wait_for_function("Number(document.body.dataset.turnSignal || 0) > 0")
            if second.evaluate(MOVE):
                break
        assert int(second.evaluate("document.body.dataset.turnSignal")) >= 1
        assert errors == [] and more_errors == []
    finally:
        first_context.close()
        second_context.close()
