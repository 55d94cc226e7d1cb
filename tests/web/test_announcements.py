"""What a screen reader hears at the table: the polite live region (#announce) read over a whole
Carson City Zoo game against a random bot, in Spanish and in Russian. Every announcement is in
words of the reader's language: "your turn" once each time the turn comes, each of the bot's moves
once (a line of the table's log), a refused move once (the server's sentence), the connection lost
once, the ending once; never the seat's own moves read back, an action's code or a card's id."""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

import pytest

from deadtable.i18n.catalog import translator

from .conftest import TURN_STYLED, new_table, shot

ANNOUNCED = "() => [...document.querySelectorAll('#announce p')].map((p) => p.textContent)"
SAID_STARTING = (
    "(words) => [...document.querySelectorAll('#announce p')].some((p) => p.textContent.startsWith(words))"
)
LOG = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)"
# One legal move, sent as a click would (the keyboard's own test plays whole games by keys).
MOVE = """() => {
  const s = window.deadtable.newest();
  if (!s || s.over || !s.your_turn || window.deadtable.state() !== s) return null;
  if (document.body.dataset.moving === "yes") return null;
  const action = s.legal[s.legal.length - 1];
  window.deadtable.send({ type: "act", action, index: s.index });
  return [action, s.index];
}"""
CODE = re.compile(r"^(place|move) |\b[a-z]+(?:-[a-z]+)*-\d{2}\b|\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_the_live_region_says_each_thing_once_in_words(server: str, browser: Any, lang: str) -> None:
    words = translator(lang)
    your_turn = words.gettext("Your turn")
    reconnecting = words.gettext("Reconnecting…")
    dropped = False
    game_over = words.gettext("Game over")
    created = new_table(server, "carson-zoo", seed=21)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_cookies([{"name": "deadtable_lang", "value": lang, "url": server}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        assert page.get_attribute("#announce", "aria-live") == "polite"
        # A move the rules refuse (no character of the seat stands on a1 yet): the server's sentence, once.
        page.evaluate("() => window.deadtable.send({ type: 'act', action: 'move a1 a2', index: 0 })")
        page.wait_for_function("() => !document.getElementById('toast').classList.contains('hidden')")
        refusal = page.inner_text("#toast")
        mine: list[str] = []
        deadline = time.monotonic() + 120
        while not page.evaluate("() => window.deadtable.newest().over"):
            assert time.monotonic() < deadline, "the game did not end"
            if len(mine) == 2 and not dropped:
                dropped = True  # the connection lost once: said once, and the page comes back
                page.evaluate("() => window.deadtable.dropForTest()")
                page.wait_for_function("() => document.body.dataset.online === 'no'")
                page.wait_for_function("() => document.body.dataset.online === 'yes'")
            sent = page.evaluate(MOVE)
            if sent:
                action, index = sent
                mine.append(action)
                page.wait_for_function("(n) => window.deadtable.newest().index > n", arg=index)
            time.sleep(0.05)
        page.wait_for_function(
            SAID_STARTING,
            arg=game_over,
        )
        said = page.evaluate(ANNOUNCED)
        log = page.evaluate(LOG)
        shot(page, f"announcements-{lang}")
    finally:
        context.close()
    assert not errors, errors
    assert said.count(refusal) == 1, (refusal, said)
    assert said.count(reconnecting) == 1, said
    # The turn is announced once each time it comes: as often as the seat moved (Carson City Zoo's
    # turns are one move each), and never twice without something else between.
    assert said.count(your_turn) == len(mine), (len(mine), said)
    assert all(not (a == b == your_turn) for a, b in itertools.pairwise(said))
    endings = [s for s in said if s.startswith(game_over)]
    assert len(endings) == 1 and len(endings[0]) > len(game_over) + 2, endings  # who won, in words
    # Everything else is a line of the log (the bot's moves), each said once, and not every line is
    # (the seat's own moves are not read back).
    moves = [s for s in said if s not in (your_turn, refusal, reconnecting) and not s.startswith(game_over)]
    assert moves, said
    for line in moves:
        assert line in log, f"announced but not in the log: {line!r}"
        assert said.count(line) <= log.count(line), f"said more often than told: {line!r}"
    assert len(moves) < len([line for line in log if line.strip()]), "the seat's own moves were read back"
    # In words of the reader's language: no action's code, no card id.
    for line in said:
        assert not CODE.search(line), f"a code in an announcement: {line!r}"
        assert all(line != action and action not in line for action in mine), line


# The board's playable pieces (neither disabled nor aria-disabled): each one's face (the text a
# screen reader is given), and what it says it would do (data-doing; a Carson City Zoo character's
# aria-label; a control's text is its move), marked for the names' check.
PIECES = """() => [...document.querySelectorAll("#board button[data-piece]")]
  .filter((b) => !b.disabled && b.ariaDisabled !== "true").slice(0, 12)
  .map((b, i) => {
  b.setAttribute("data-name-check", String(i));
  const label = b.getAttribute("aria-label");
  const control = b.matches("[data-control], .zs-control"); // its words are the move itself
  const read = b.cloneNode(true); // the text a screen reader is given (not the figures hidden from it)
  for (const hidden of read.querySelectorAll("[aria-hidden='true']")) hidden.remove();
  return { i, face: read.textContent.trim(), doing: b.dataset.doing || null, label, control };
})"""


def _name(cdp: Any, root: int, i: int) -> str:
    """The accessible name Chromium gives the piece marked `i` (what a screen reader reads)."""
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": f'[data-name-check="{i}"]'})["nodeId"]
    tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
    return str(tree["nodes"][0].get("name", {}).get("value", ""))


@pytest.mark.parametrize("game", ["carson-zoo", "overlords", "zombie-overlord", "zombie-shedding"])
def test_each_piece_is_named_by_what_it_is_and_what_it_would_do(server: str, browser: Any, game: str) -> None:
    created = new_table(server, game, seed=5)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_cookies([{"name": "deadtable_lang", "value": "es", "url": server}])
    page = context.new_page()
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        pieces = page.evaluate(PIECES)
        assert pieces, "no enabled piece at the first decision"
        cdp = context.new_cdp_session(page)
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        for piece in pieces:
            name = " ".join(_name(cdp, root, piece["i"]).split())
            if piece["label"]:  # a Carson City Zoo character in hand: its value, then what it does
                assert name == piece["label"] and ": " in name, (name, piece)
            elif piece["control"]:
                assert name == " ".join(piece["face"].split()), (name, piece)
            else:
                assert piece["doing"], f"a piece that does not say what it would do: {piece}"
                face = " ".join(piece["face"].split())
                assert name.replace(" ", "").startswith(face.replace(" ", "")[:20]), (name, face)
                assert name.endswith(piece["doing"]), (name, piece["doing"])
            assert not CODE.search(name), f"a code in a piece's name: {name!r}"
    finally:
        context.close()
