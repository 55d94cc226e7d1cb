"""The shedding game's board in Chromium: whole games against bots, played by clicking pieces only.

Every variant is played to its end by seat 0 (random bots at the others), clicking only the board's
pieces and labelled controls (each carries `data-actions`, the action texts it leads to; a piece
with several opens a small menu whose items carry `data-action`), never the page's raw action list.
At every turn the union of `data-actions` over the visible, enabled buttons of the board must cover
`window.deadtable.state().actions`, each at least 44 px; no console error may occur; on the phone
(390x844) neither the board nor the page (`document.documentElement.scrollWidth`) reaches past the
right edge, at every turn and with the ending shown (a box that scrolls on its own, the ending's
hands table, may be wider). The browser prefers reduced motion: the shell shows the bots' moves
without its pauses between states and without gliding pieces (a piece caught mid-glide is not where
it lands), which keeps each game to a few seconds. Every variant is played at both viewports (the
game has no option to shorten it: random bots finish a hand fast enough). Screenshots in
test-artifacts/: zombie-shedding-<variant>-<viewport>-{start,middle,end}.png (the end one with the
ending banner).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import TURN_STYLED, playable_on_the_first_screen, press, shot, sizes_taking_turns

VARIANTS = [
    "duel",
    "alliances-2v2",
    "alliances-2v2v2",
    "alliances-2v2v2v2",
    "alliances-3v3",
    "alliances-4v4",
    "marathon-3p",
    "marathon-5p",
    "blitz-4p",
    "blitz-7p",
    "outsider-3p",
    "outsider-8p",
    "overlord-4p",
    "overlord-6p",
]
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# Every variant at one size, the sizes taking turns down the list so that each mode meets both;
# the Duel and the most crowded tables (4v4, eight players) at both.
BOTH = {"duel", "alliances-4v4", "outsider-8p"}
CASES = sizes_taking_turns(VARIANTS, BOTH)

# The union of data-actions over the visible, enabled buttons of the board.
REACHABLE = """() => {
  const out = new Set();
  for (const b of document.querySelectorAll('#board button[data-actions]')) {
    if ((b.disabled || b.ariaDisabled) || !b.offsetParent) continue;
    for (const a of JSON.parse(b.dataset.actions)) out.add(a);
  }
  return [...out];
}"""

# Marks the first visible, enabled board button leading to `text` (data-zs-go) and says how many
# actions it leads to.
MARK = """(text) => {
  for (const b of document.querySelectorAll('[data-zs-go]')) b.removeAttribute('data-zs-go');
  for (const b of document.querySelectorAll('#board button[data-actions]')) {
    if ((b.disabled || b.ariaDisabled) || !b.offsetParent) continue;
    const acts = JSON.parse(b.dataset.actions);
    if (acts.includes(text)) { b.setAttribute('data-zs-go', '1'); return acts.length; }
  }
  return 0;
}"""

# The board's elements that reach past the viewport's right edge (none on a phone), and whether the
# whole page scrolls sideways (an element inside a box of its own that scrolls, such as the hands
# table of the ending, may reach past the edge: it does not scroll the page).
WIDE = """() => {
  const clipped = (e) => { for (let p = e.parentElement; p; p = p.parentElement)
    if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX))
      return p.getBoundingClientRect().right <= innerWidth + 1;
    return false; };
  const wide = [...document.querySelectorAll('#board, #board *, #result, #result *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !clipped(e))
    .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).slice(0, 12);
  const page = document.documentElement.scrollWidth;
  if (page > innerWidth) wide.push(`the page is ${page} px wide`);
  return wide;
}"""
TURN = TURN_STYLED

# The visible, enabled buttons of the board (pieces, controls, menu items) under a finger's 44 px.
SMALL = """() => [...document.querySelectorAll('#board button')]
  .filter((b) => !(b.disabled || b.ariaDisabled) && b.offsetParent)
  .map((b) => [b.dataset.piece || b.textContent.trim().slice(0, 20), b.getBoundingClientRect()])
  .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
  .map(([what, r]) => `${what}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""

ENDING = """async () => {
  const m = await import('/games/zombie-shedding/renderer.js');
  const s = window.deadtable.state();
  const node = m.ending(s.view, s.outcome, { seat: s.seat, seats: s.seats });
  node.id = 'zs-test-ending';
  document.getElementById('board').prepend(node);
  return node.textContent;
}"""


def _variant(name: str) -> tuple[int, dict[str, str]]:
    from deadtable.games.zombie_shedding.game import GAME

    for v in GAME.variants():
        if v.name == name:
            return v.players, dict(v.options)
    raise KeyError(name)


def _table(server: str, variant: str, seed: int) -> dict[str, Any]:
    import httpx

    players, options = _variant(variant)
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    body = {"game": "zombie-shedding", "players": players, "seed": seed, "seats": seats, "options": options}
    response = httpx.post(server + "/api/tables", json=body)
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


@pytest.mark.parametrize(("variant", "viewport"), CASES)
def test_a_whole_game_by_its_pieces(server: str, browser: Any, variant: str, viewport: str) -> None:
    # Reduced motion: the shell shows the bots' moves without pausing, the pieces without gliding.
    context = browser.new_context(viewport=VIEWPORTS[viewport], reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        table = _table(server, variant, seed=7)
        page.goto(server + table["seats"][0]["link"])
        page.wait_for_function("document.body.dataset.index !== undefined")
        name = f"zombie-shedding-{variant}-{viewport}"
        shot(page, f"{name}-start")
        rng = random.Random(variant)
        moves = 0
        while True:
            page.wait_for_function(TURN)
            if page.evaluate("document.body.dataset.over") == "yes":
                break
            state = page.evaluate("window.deadtable.state()")
            legal = [a["text"] for a in state["actions"]]
            missing = set(legal) - set(page.evaluate(REACHABLE))
            assert not missing, f"move {moves}: no piece leads to {sorted(missing)}"
            if viewport == "phone":
                wide = page.evaluate(WIDE)
                assert not wide, f"move {moves}: the board is wider than the phone: {wide}"
                playable_on_the_first_screen(page, f"{name}-{moves}")
            small = page.evaluate(SMALL)
            assert not small, f"move {moves}: targets under 44 px: {small}"
            text = rng.choice(legal)
            many = page.evaluate(MARK, text)
            assert many, text
            press(page, "[data-zs-go]")
            if many > 1:
                press(page, f"#board .zs-menu button[data-action='{text}']")
            page.wait_for_function(f"Number(document.body.dataset.index) > {state['index']}")
            moves += 1
            if moves == 6:
                shot(page, f"{name}-middle")
            assert moves < 2000
        page.evaluate(ENDING)
        if viewport == "phone":
            wide = page.evaluate(WIDE)
            assert not wide, f"the page scrolls sideways at the end: {wide}"
        page.evaluate("document.getElementById('zs-test-ending').remove()")  # the banner shows it
        shot(page, f"{name}-end")
        assert not errors, errors
    finally:
        context.close()
