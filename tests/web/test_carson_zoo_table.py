"""Carson City Zoo in Chromium: whole games (2, 3 and 4 players, desktop and phone) by the board's pieces.

Every legal action must be reachable from a visible, enabled piece or control of the board: each one
carries `data-actions`, the action texts it can lead to, and their union must cover the seat's legal
actions at every turn. The game is played by clicking those pieces only (a hand character or one of
ours on the grid, then a highlighted position; or a position, then a choice in its menu), never the
page's raw list of action texts.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import TURN_STYLED, new_table, open_page, shot, sizes_taking_turns

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
VARIANTS = {"2p": 2, "3p": 3, "4p": 4}
MAX_MOVES = 120
RENDERER = "/games/carson-zoo/renderer.js"

# The legal actions that no visible, enabled piece of the board leads to.
UNREACHABLE = """() => {
  const s = window.deadtable.state();
  const got = new Set();
  for (const n of document.querySelectorAll("#board [data-actions]")) {
    if (n.disabled || n.ariaDisabled || n.classList.contains("blocked")) continue;
    if (!n.getClientRects().length) continue;
    for (const a of n.dataset.actions.split("\\n")) if (a) got.add(a);
  }
  return (s.actions || []).map((a) => a.text).filter((text) => !got.has(text));
}"""

# Enabled buttons of the board smaller than a finger (44 px) on either side.
SMALL_TARGETS = """() => [...document.querySelectorAll("#board button")]
  .filter((b) => !(b.disabled || b.ariaDisabled) && b.getClientRects().length)
  .map((b) => [b.textContent, b.getBoundingClientRect()])
  .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
  .map(([text, r]) => `${text}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""

# The renderer's ending (the same module instance as the page's), shown in the result panel when
# the page around the board does not show it itself yet.
ENDING = """async (url) => {
  const m = await import(url);
  const s = window.deadtable.state();
  let node = document.querySelector(".zoo-ending");
  if (!node) {
    node = m.ending(s.view, s.outcome, { seat: s.seat, seats: s.seats });
    document.getElementById("result").append(node);
  }
  return node.textContent;
}"""
# The ending's table once the zoo cards, characters and mutants are told apart.
ENDING_TABLE = """() => ({ seats: document.querySelectorAll(".zoo-ending thead th").length - 1,
  rows: [...document.querySelectorAll(".zoo-ending tbody th")].map((th) => th.textContent) })"""


def _index(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.index"))


def _wait_turn_or_over(page: Any) -> bool:
    page.wait_for_function(TURN_STYLED)
    return page.evaluate("document.body.dataset.over") != "yes"


# What reaches past the right edge of the screen, inside the board and around it.
OVERFLOW = """() => {
  const inner = window.innerWidth;
  const out = { width: document.documentElement.scrollWidth, inner, board: [], page: [] };
  for (const n of document.querySelectorAll("body *")) {
    const r = n.getBoundingClientRect();
    if (r.right <= inner + 0.5 || !n.getClientRects().length) continue;
    const name = `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}${n.className ? "." + n.className : ""}`;
    (n.closest("#board") ? out.board : out.page).push(`${name}: ${Math.round(r.right)}`);
  }
  return out;
}"""


def _no_sideways_scroll(page: Any, outside: set[str]) -> None:
    """Nothing of the board reaches past the screen; what does around it is gathered in `outside`."""
    o = page.evaluate(OVERFLOW)
    assert o["board"] == [], f"the board is wider than the screen: {o['board']}"
    if o["width"] > o["inner"]:
        outside.update(o["page"] or [f"document: {o['width']} > {o['inner']}"])


def _play_one(page: Any, rng: random.Random, *, by_menu: bool = False) -> None:
    """One action by the pieces: a piece, then (if it asks) a highlighted position or a menu choice.

    `by_menu`: a position several characters could be placed on, then one of its menu's choices.
    """
    before = _index(page)
    pieces = page.locator(
        "#board .cell[data-actions]:not([data-actions='']):not([disabled],[aria-disabled=true]), "
        "#board .hand button.char:not([disabled],[aria-disabled=true])"
    )
    if by_menu:
        pieces = page.locator("#board .cell.open:not(.mine):not([disabled],[aria-disabled=true])")
    n = pieces.count()
    assert n, "no piece to play"
    pieces.nth(rng.randrange(n)).click()
    for _ in range(3):
        if _index(page) > before:
            return
        choices = page.locator("#board .zoo-menu button.choice[data-actions]")
        targets = page.locator("#board .cell.target")
        if by_menu:
            assert choices.count() > 1, "a position several characters can go to opens a menu"
            labels = choices.all_inner_texts()
            assert all(label.startswith(("Place your", "Move your")) for label in labels), labels
        if choices.count():
            choices.nth(rng.randrange(choices.count())).click()
        elif targets.count():
            targets.nth(rng.randrange(targets.count())).click()
        else:
            page.wait_for_timeout(50)
            continue
        break
    page.wait_for_function(f"Number(document.body.dataset.index) > {before}")


# Every variant at one size, the sizes taking turns; the most crowded board at both.
@pytest.mark.parametrize(("variant", "viewport"), sizes_taking_turns(VARIANTS, {"4p"}))
def test_a_whole_game_by_the_board_pieces(server: str, browser: Any, variant: str, viewport: str) -> None:
    width, height = VIEWPORTS[viewport]
    context, page, errors = open_page(browser, width, height)
    players = VARIANTS[variant]
    table = new_table(server, "carson-zoo", seed=40 + players, players=players, opponent="random")
    page.goto(server + table["seats"][0]["link"])
    page.wait_for_function("document.body.dataset.index !== undefined")
    page.wait_for_selector("#board .zoo-grid")
    name = f"carson-zoo-{variant}-{viewport}"
    shot(page, f"{name}-start")
    rng = random.Random(players * 7 + len(viewport))
    # A position, pointed at (or tapped), is shown large in the details box, even one not playable now.
    page.locator("#board .cell").first.hover()
    page.wait_for_function("document.querySelector('.zoo-details .big-cell') !== null")
    moves = 0
    outside: set[str] = set()
    refused = False
    while _wait_turn_or_over(page):
        assert page.evaluate(UNREACHABLE) == []
        if viewport == "phone":
            _no_sideways_scroll(page, outside)
            assert page.evaluate(SMALL_TARGETS) == []
        chars = page.locator("#board .hand button.char:not([disabled],[aria-disabled=true])")
        taken = page.locator("#board .cell:has(.piece):not(.mine)")
        if not refused and chars.count() and taken.count():
            # A character, then a position it may not go to: the board says why not (CZ-3).
            chars.first.click()
            taken.first.click()
            page.wait_for_function("document.getElementById('hint').textContent.includes('Not allowed')")
            chars.first.click()  # put it back
            refused = True
        if moves == 3:
            shot(page, f"{name}-middle")
            blocked = page.locator("#board .cell[aria-disabled=true]")
            if blocked.count():  # a position not playable now still shows itself large
                pos = blocked.first.get_attribute("data-pos")
                blocked.first.hover()
                page.wait_for_function(
                    "(pos) => document.querySelector('.zoo-details .name')?.textContent === pos", arg=pos
                )
        _play_one(page, rng, by_menu=moves == 0)
        moves += 1
        assert moves < MAX_MOVES
    assert refused
    page.wait_for_selector("#result:not(.hidden)")
    text = page.evaluate(ENDING, RENDERER)
    assert "CZ-7" in text and "no legal action" in text
    page.wait_for_selector(".zoo-ending [data-split='yes']")
    table = page.evaluate(ENDING_TABLE)
    assert table["seats"] == players
    kinds = ["Zoo cards captured", "Characters captured", "Mutants captured", "Characters kept", "Score"]
    assert table["rows"] == kinds
    if viewport == "phone":
        _no_sideways_scroll(page, outside)
    shot(page, f"{name}-end")
    assert errors == []
    context.close()
    assert not outside, f"the page scrolls sideways at 390 px: {sorted(outside)}"
