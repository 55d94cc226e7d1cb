"""What a person reads is words, never codes: over a whole game of each game (each in one of the
three languages), no action text, option code (`rounds =`, `catch_up`) or card id reaches the text
of the rules panel, the hints, the ending banner or the review.

The page's seat plays every move it is to make (the first legal one, through its own socket: the
moves are not what this is about), asks for a hint now and then at this casual table, and reads
each place when it shows something."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from .conftest import open_page

OPTION_CODES = ("rounds =", "catch_up", "hired_hands", "misfits =", "card_list", " = ")
CASES = [
    ("carson-zoo", "ru", {}),
    ("zombie-overlord", "es", {"rounds": 4}),
    ("overlords", "en", {}),
    ("zombie-shedding", "ru", {}),
]
MOVE = """() => {
  const s = window.deadtable.newest();
  if (!s || s.over || !s.your_turn || !window.deadtable.connected()) return false;
  window.deadtable.send({ type: "act", action: s.legal[0], index: s.index });
  return true;
}"""
LEGAL = "() => { const s = window.deadtable.newest(); return s && s.your_turn ? s.legal : []; }"


def _codes(texts: set[str], cards: dict[str, Any]) -> set[str]:
    """The action texts and card ids a page must never show: those that cannot be a word of a
    sentence (a number or a hyphen in them, or several words in lower case: "place 3 a1",
    "buy trap 3", "recruit undead warrior 2", "food-08", "lab-rat")."""
    out = {a for a in texts if re.search(r"\d|-", a) or (" " in a and a == a.lower())}
    out |= {c for c in cards if "-" in c or re.search(r"\d", c)}
    return out


@pytest.mark.parametrize(("game", "lang", "options"), CASES, ids=[f"{g}-{lang}" for g, lang, _ in CASES])
def test_a_whole_game_shows_words_not_codes(server, browser, game, lang, options):
    context, page, errors = open_page(browser, 1280, 800)
    context.add_init_script(f"localStorage.setItem('deadtable.lang', '{lang}')")
    try:
        created = httpx.post(
            server + "/api/tables",
            json={
                "game": game,
                "players": 2,
                "seed": 12,
                "hints": True,
                "options": options,
                "seats": [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}],
            },
        ).json()
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("document.body.dataset.index !== undefined")
        page.click("#rules-button")
        page.wait_for_function(f"document.body.dataset.rules === '{lang}'")
        shown: dict[str, str] = {"rules": page.inner_text("#rules-in-force")}
        page.click("#rules-close")
        legal: set[str] = set()
        hints: list[str] = []
        deadline = time.monotonic() + 240
        turns = 0
        asked = 0.0
        while page.evaluate("document.body.dataset.over") != "yes":
            assert time.monotonic() < deadline, "the game did not end in time"
            now = page.evaluate(LEGAL)
            if not now:
                page.wait_for_timeout(50)
                continue
            legal.update(now)
            # A hint now and then (a connection may ask one every 3 seconds: server/hints.py).
            if time.monotonic() > asked + 3.5 and page.locator("#hint-button:not([disabled])").count():
                asked = time.monotonic()
                page.click("#hint-button")
                page.wait_for_selector("#hint-text, #hint-bar .hint-note")
                if page.locator("#hint-text").count():
                    hints.append(page.inner_text("#hint-text"))
            before = int(page.evaluate("document.body.dataset.index"))
            if page.evaluate(MOVE):
                turns += 1
                page.wait_for_function(
                    f"Number(document.body.dataset.index) > {before} || document.body.dataset.over === 'yes'"
                )
        page.wait_for_selector("#result:not(.hidden)")
        shown["ending"] = page.inner_text("#result")
        shown["hints"] = "\n".join(hints)
        if game == "carson-zoo":  # the review, for the shortest game (a bot reviews every decision)
            page.click(".review-button")
            page.wait_for_selector("#review table", timeout=120_000)
            shown["review"] = page.inner_text("#review")
        assert hints, "no hint was asked"
        record = httpx.get(server + f"/tables/{created['id']}/record").json()
        cards = httpx.get(server + f"/api/tables/{created['id']}/cards").json()
        forbidden = _codes(legal | set(record["actions"]), cards)
        assert forbidden, "nothing to look for"
        for where, text in shown.items():
            found = sorted(c for c in forbidden if c in text)
            assert not found, f"{where} shows codes: {found[:5]}"
            assert not [c for c in OPTION_CODES if c in text], f"{where} shows an option code"
        assert errors == []
    finally:
        context.close()
