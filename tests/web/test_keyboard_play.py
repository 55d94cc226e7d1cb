"""Whole games by keyboard alone: seat 0 plays each game's shortest variant against random bots with
`page.keyboard` only, never a click. Each move is a seeded choice among the legal actions; the test
then walks the focus with Tab or Shift-Tab to a piece that leads to it (its `data-actions` or a
menu choice's `data-action`) and presses Enter (or Space, every third move), again through a menu or
a chosen piece until the move is made. The skip link takes the focus to the board first.

Also: the arrow keys move between the board's pieces by where they are, Escape closes a piece's
menu, the focus ring shows, and the focus stays on its piece (or the nearest) across new states.
"""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from .conftest import TURN_STYLED, open_page, shot

# game id -> (players, options): each game's shortest table.
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "carson-zoo": (2, {}),
    "overlords": (2, {}),
    "zombie-overlord": (2, {"rounds": 2}),
    "zombie-shedding": (2, {}),
}
MAX_MOVES = 250
MAX_PRESSES = 400  # Tab presses to reach one piece

# Marks the visible, enabled elements that lead to `action` (data-kb-target) and says which one has
# the focus: "here" (the focused one leads there), "ahead" (Tab), "behind" (Shift-Tab), "none".
# A piece leading to that move alone is preferred (a chosen attacker or character, a menu choice),
# then one not pressed already (pressing a chosen piece again puts it back).
AIM = """(action) => {
  const actionsOf = (n) => {
    if (n.dataset.action !== undefined) return [n.dataset.action];
    const raw = n.dataset.actions || "";
    return raw.startsWith("[") ? JSON.parse(raw) : raw.split("\\n").filter(Boolean);
  };
  const shown = (n) => !(n.disabled || n.ariaDisabled) && n.getClientRects().length
    && getComputedStyle(n).visibility !== "hidden"
    && !n.closest(".hidden, .zs-hidden, #actions");
  for (const n of document.querySelectorAll("[data-kb-target]")) n.removeAttribute("data-kb-target");
  const all = [...document.querySelectorAll("[data-actions], [data-action]")]
    .filter(shown).filter((n) => actionsOf(n).includes(action));
  if (!all.length) return "none";
  const pressed = (n) => n.matches(".selected, .zo-selected, [aria-pressed='true']");
  const single = all.filter((n) => actionsOf(n).length === 1 && !pressed(n));
  const fresh = all.filter((n) => !pressed(n));
  const chosen = single.length ? single : fresh.length ? fresh : all;
  for (const n of chosen) n.setAttribute("data-kb-target", "");
  const active = document.activeElement;
  if (active && active.hasAttribute("data-kb-target")) return "here";
  if (!active || active === document.body) return "ahead";
  return chosen[0].compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING ? "ahead" : "behind";
}"""

# What the board offers, for a failure's message.
OFFERED = """() => [window.deadtable.newest().index, [...document.querySelectorAll('[data-actions]')]
  .map((n) => [n.dataset.piece || n.dataset.control, n.disabled || n.ariaDisabled ? "off" : "on",
    n.dataset.actions])]"""

# The newest state is on the board, styled, and either over or the seat's turn with nothing on its way.
READY = """() => {
  const s = window.deadtable.newest();
  const body = document.body.dataset;
  if (!s || body.gameStyle !== "loaded" || window.deadtable.state() !== s) return false;
  return s.over || (s.your_turn && body.turn === "yes" && body.moving !== "yes" && body.catching === "no"
    && document.getElementById("board").dataset.zoBusy !== "yes");
}"""
MADE = "(before) => window.deadtable.newest().index > before || document.body.dataset.moving === 'yes'"

COLUMN_A = """() => {
  const letter = document.querySelector(".zoo-grid .axis.col").getBoundingClientRect();
  const cell = document.querySelector('.zoo-grid [data-pos="a1"]').getBoundingClientRect();
  return Math.abs(letter.left + letter.width / 2 - (cell.left + cell.width / 2));
}"""

FOCUS_RING = """() => { const a = document.activeElement; const s = getComputedStyle(a);
  return { width: parseFloat(s.outlineWidth), style: s.outlineStyle, tag: a.tagName }; }"""


def _create(server: str, game: str, seed: int) -> dict[str, Any]:
    players, options = GAMES[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    body = {"game": game, "players": players, "seed": seed, "seats": seats, "options": options}
    response = httpx.post(server + "/api/tables", json=body)
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


def _made(page: Any, before: int) -> bool:
    return bool(page.evaluate(MADE, before))


def _reach(page: Any, action: str, before: int) -> bool:
    """Tab or Shift-Tab until the focus is on a piece leading to `action` (True), or the move is made."""
    for _ in range(MAX_PRESSES):
        where = page.evaluate(AIM, action)
        if where == "here":
            return True
        if _made(page, before):
            return False
        assert where != "none", f"no piece leads to {action!r} now: " + str(page.evaluate(OFFERED))
        page.keyboard.press("Tab" if where == "ahead" else "Shift+Tab")
    raise AssertionError(f"{MAX_PRESSES} presses of Tab did not reach a piece leading to {action!r}")


# Where the element marked data-kb="<mark>" is from the focus: "here", "ahead" (Tab), "behind".
TOWARDS = """(mark) => {
  const target = document.querySelector(`[data-kb="${mark}"]`);
  const active = document.activeElement;
  if (active === target) return "here";
  if (!active || active === document.body) return "ahead";
  return target.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING ? "ahead" : "behind";
}"""


def _tab_to(page: Any, mark: str) -> None:
    """Tab or Shift-Tab to the element marked data-kb=`mark`."""
    for _ in range(MAX_PRESSES):
        where = page.evaluate(TOWARDS, mark)
        if where == "here":
            return
        page.keyboard.press("Tab" if where == "ahead" else "Shift+Tab")
    raise AssertionError(f"Tab did not reach the element marked {mark!r}")


def _index(page: Any) -> int:
    return int(page.evaluate("() => window.deadtable.newest().index"))


def _play(page: Any, action: str, key: str) -> None:
    """Reach a piece leading to `action` and press `key`, through menus and choices until it is made."""
    before = _index(page)
    for _ in range(6):
        if not _reach(page, action, before):
            return
        focused = page.evaluate_handle("() => document.activeElement")
        page.keyboard.press(key)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not _made(page, before):
            time.sleep(0.05)
            moved_on = page.evaluate("(was) => document.activeElement !== was", focused)
            if moved_on:
                break  # a menu took the focus, or a piece was chosen and drawn anew: the next step
        if _made(page, before):
            return
    raise AssertionError(f"the keyboard could not make {action!r}")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_keyboard_alone(server: str, browser: Any, game: str) -> None:
    created = _create(server, game, seed=3)
    context, page, errors = open_page(browser, 1280, 800)
    rng = random.Random(game)
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.keyboard.press("Tab")  # the skip link comes first
        assert page.evaluate("() => document.activeElement.classList.contains('skip-link')")
        page.keyboard.press("Enter")
        assert page.evaluate("() => document.activeElement.id") == "board"
        moves = 0
        while True:
            page.wait_for_function(READY, timeout=30_000)
            state = page.evaluate("() => window.deadtable.newest()")
            if state["over"]:
                break
            assert moves < MAX_MOVES, f"{game} did not end in {MAX_MOVES} moves"
            action = rng.choice(state["legal"])
            if moves == 0:
                _reach(page, action, _index(page))
                ring = page.evaluate(FOCUS_RING)
                assert ring["style"] != "none" and ring["width"] >= 2, f"no focus ring: {ring}"
            _play(page, action, " " if moves % 3 == 2 else "Enter")
            moves += 1
        shot(page, f"keyboard-{game}-end")
        assert moves > 0
        assert page.evaluate("() => document.body.dataset.over") == "yes"
        assert not errors, errors
    finally:
        context.close()


def test_arrows_escape_and_the_focus_kept_on_carson_zoo(server: str, browser: Any) -> None:
    created = _create(server, "carson-zoo", seed=8)
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TURN_STYLED)
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        # The grid's rows and cells (for screen readers) keep its layout: column "a" stands over a1.
        offset = page.evaluate(COLUMN_A)
        assert offset < 2, f"the column letters stand {offset} px off their positions"
        first = page.evaluate("() => document.activeElement.dataset.piece || ''")
        assert first.startswith("char-0-"), f"the board's first piece is a character in hand, not {first!r}"
        # The hand's characters, then the grid's positions, with Tab.
        for _ in range(MAX_PRESSES):
            if page.evaluate("() => !!document.activeElement.dataset.pos"):
                break
            page.keyboard.press("Tab")
        top = page.evaluate("() => document.activeElement.dataset.pos")
        assert top.endswith("5"), f"the grid starts with its top row, not {top}"
        # Arrow keys: right moves along the row, down to the row below, left comes back.
        where = "() => document.activeElement.dataset.pos"
        start = page.evaluate(where)
        page.keyboard.press("ArrowRight")
        right = page.evaluate(where)
        assert right and right[0] == chr(ord(start[0]) + 1) and right[1] == start[1], (start, right)
        page.keyboard.press("ArrowDown")
        down = page.evaluate(where)
        assert down == right[0] + str(int(right[1]) - 1), (right, down)
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(where) == start[0] + down[1]
        # A hand character, chosen with Enter, keeps the focus across the redraw it causes.
        mine = "document.querySelector('.hand .char:enabled:not([aria-disabled=true])')"
        page.evaluate(f"() => {mine}.setAttribute('data-kb', 'char')")
        _tab_to(page, "char")
        piece = page.evaluate("() => document.activeElement.dataset.piece")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('.hand button.char.selected') !== null")
        assert page.evaluate("() => document.activeElement.dataset.piece") == piece
        assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
        # Escape puts nothing in the way; Enter again puts the character back.
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('.hand button.char.selected') === null")
        assert page.evaluate("() => document.activeElement.dataset.piece") == piece
        # A position several characters can enter opens a menu: the focus goes into it, Escape closes it.
        opened = page.evaluate("""() => {
          const cell = [...document.querySelectorAll('#board button.cell')]
            .find((b) => !(b.disabled || b.ariaDisabled)
              && b.dataset.actions.split('\\n').length > 1 && !b.classList.contains('mine'));
          if (!cell) return null;
          cell.setAttribute('data-kb', 'cell');
          return cell.dataset.pos; }""")
        assert opened, "no position with a menu at the first decision"
        _tab_to(page, "cell")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement.closest('.zoo-menu') !== null")
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.querySelector('.zoo-menu') === null")
        assert page.evaluate("() => document.activeElement.dataset.pos") == opened
        # The rules panel: opened with Enter, left with Escape, the focus back on its button.
        page.evaluate("() => document.getElementById('rules-button').setAttribute('data-kb', 'rules')")
        _tab_to(page, "rules")
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.getElementById('rules-panel').classList.contains('hidden')")
        for _ in range(MAX_PRESSES):
            if page.evaluate("() => document.activeElement.closest('#rules-panel') !== null"):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Escape")
        assert page.evaluate("() => document.getElementById('rules-panel').classList.contains('hidden')")
        assert page.evaluate("() => document.activeElement.id") == "rules-button"
        assert not errors, errors
    finally:
        context.close()
