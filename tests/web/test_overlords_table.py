"""Overlords in headless Chromium: whole games against bots, played by clicking the board's pieces.

For every variant (2 players with the dummy, 3, 3 with chosen Hired Hands, 4, 4 in teams) and two
viewports (1280x800 and a 390x844 phone), seat 0 plays a whole game by clicking pieces (cards,
armies, hands) and the board's labelled controls only, never the page's raw list of action texts.
At every turn each legal action (`window.deadtable.state().actions`) must be reachable from a
visible, enabled piece or control: each carries `data-actions`, the texts it leads to, and the
union must cover the legal list. A piece with several actions opens a menu, whose items are
labelled in words. No console error, no sideways scroll on the phone, targets at least 44 px;
screenshots of the start, the middle and the end in test-artifacts/overlords-<variant>-<viewport>-*.
Overlords is a fixed number of rounds (3 at 2-3 players, 2 at 4), so every game is whole.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from .conftest import TURN_STYLED, open_page, playable_on_the_first_screen, press, shot, sizes_taking_turns

CHOSEN = "black knight,red knight,blue knight,thief,sorcerer,medusa,lich king"
VARIANTS: dict[str, tuple[int, dict[str, Any]]] = {
    "2p-dummy": (2, {}),
    "3p": (3, {}),
    "3p-chosen-hands": (3, {"hired_hands": CHOSEN}),
    "4p": (4, {}),
    "4p-teams": (4, {"teams": True}),
}
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
MAX_MOVES = 200
# The Hired Hands' decisions: a screenshot of the board the first time each comes up (desktop).
ABILITIES = {"look-at-army", "put-on-top", "take-from-pile", "steal", "pass-tops", "force", "swap-hands"}

# The texts the visible, enabled pieces and controls lead to, and the ones that are too small.
REACHABLE = """() => {
  const out = new Set();
  const small = [];
  for (const node of document.querySelectorAll('#board [data-actions]')) {
    if (node.disabled || node.ariaDisabled) continue;
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(node).visibility === 'hidden') continue;
    const acts = JSON.parse(node.dataset.actions);
    const tiny = r.width < 44 || r.height < 44;
    const what = node.dataset.piece || node.dataset.control;
    if (acts.length && tiny) small.push(`${what} ${r.width}x${r.height}`);
    for (const a of acts) out.add(a);
  }
  return {reachable: [...out], small};
}"""

# The board's pieces a click may take, and the first of them carrying `wanted`: [its index among
# them, its actions], or null.
PLAYABLE = "#board [data-actions]:not([disabled],[aria-disabled=true])"
HOLDER = f"""(wanted) => {{
  const pieces = [...document.querySelectorAll('{PLAYABLE}')];
  for (const [i, node] of pieces.entries()) {{
    const acts = JSON.parse(node.dataset.actions || '[]');
    if (acts.includes(wanted)) return [i, acts];
  }}
  return null;
}}"""

# The elements that stick out on the right (outermost first), to say what scrolls sideways.
# (The page around the board, header included, is another file's; only the board's are failures.)
WIDE = """() => [...document.querySelectorAll('body *')]
  .filter((n) => n.getBoundingClientRect().right > innerWidth + 1)
  .map((n) => ({board: !!n.closest('#board, .ovl-menu, .ovl-pop'),
    what: `${n.tagName}#${n.id}.${n.className} ${Math.round(n.getBoundingClientRect().right)}`}))"""


def _no_sideways_scroll(page: Any) -> None:
    if page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"):
        return
    wide = page.evaluate(WIDE)
    mine = [w["what"] for w in wide if w["board"]]
    assert not mine, f"the board scrolls sideways on the phone: {mine}"
    outside = [w["what"] for w in wide][:4]
    raise AssertionError(f"the page around the board scrolls sideways on the phone: {outside}")


ENDING = """async () => {
  const mod = await import('/games/overlords/renderer.js');
  const s = window.deadtable.state();
  const node = mod.ending(s.view, s.outcome, {seat: s.seat, seats: s.seats});
  if (!document.querySelector('.ovl-ending')) document.getElementById('board').append(node);
  const sheet = document.querySelector('.ovl-ending table');
  return {
    columns: sheet.querySelectorAll('thead th').length,
    rows: sheet.querySelectorAll('tbody tr').length,
    text: document.querySelector('.ovl-ending').innerText,
  };
}"""


def _create(server: str, players: int, options: dict[str, Any], seed: int) -> str:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    body = {"game": "overlords", "players": players, "seed": seed, "seats": seats, "options": options}
    response = httpx.post(server + "/api/tables", json=body)
    response.raise_for_status()
    created = response.json()
    link: str = next(s["link"] for s in created["seats"] if s["seat"] == 0)
    return link


def _wait_turn_or_over(page: Any) -> bool:
    page.wait_for_function(TURN_STYLED)
    return page.evaluate("() => document.body.dataset.over") != "yes"


# Every variant at one size, the sizes taking turns; the most crowded board at both.
@pytest.mark.parametrize(("variant", "viewport"), sizes_taking_turns(VARIANTS, {"4p-teams"}))
def test_a_whole_overlords_game_by_clicking_pieces(
    server: str, browser: Any, variant: str, viewport: str
) -> None:
    players, options = VARIANTS[variant]
    width, height = VIEWPORTS[viewport]
    context, page, errors = open_page(browser, width, height)
    rng = random.Random(f"{variant}-{viewport}")
    link = _create(server, players, options, seed=7 + len(variant))
    page.goto(server + link)
    page.wait_for_selector(".ovl-board")
    moves = 0
    kinds: set[str] = set()
    shown: set[str] = set()
    menus = 0
    try:
        while _wait_turn_or_over(page):
            state = page.evaluate("() => window.deadtable.state()")
            legal = state["legal"]
            kinds |= {a["kind"] for a in state["actions"]}
            found = page.evaluate(REACHABLE)
            missing = sorted(set(legal) - set(found["reachable"]))
            assert not missing, f"move {moves}: no piece leads to {missing}"
            assert not found["small"], f"targets under 44 px: {found['small']}"
            if viewport == "phone":
                _no_sideways_scroll(page)
                playable_on_the_first_screen(page, f"overlords-{variant}-{moves}")
            text = page.inner_text("#board")
            assert "[object" not in text and "undefined" not in text
            page.mouse.move(0, 0)  # no card details open in the screenshots
            if moves == 0:
                shot(page, f"overlords-{variant}-{viewport}-start")
            elif moves == 14:
                shot(page, f"overlords-{variant}-{viewport}-middle")
            # Click a piece or control: one of the legal actions, chosen at random.
            # (Hired Hands whenever one may be activated, so that their abilities are played too.)
            activate = [a["text"] for a in state["actions"] if a["kind"] == "activate"]
            wanted = rng.choice(activate or legal)
            ability = {a["kind"] for a in state["actions"]} & ABILITIES - shown
            if ability and viewport == "desktop":
                shown |= ability
                shot(page, f"overlords-{variant}-{viewport}-{sorted(ability)[0]}")
            before = state["index"]
            found = page.evaluate(HOLDER, wanted)
            assert found is not None, f"no piece carries {wanted!r}"
            index, acts = found
            press(page, PLAYABLE, index)
            if len(acts) > 1:  # a menu of the piece's actions, in words
                page.wait_for_selector(".ovl-menu")
                menu = page.inner_text(".ovl-menu")
                assert "[object" not in menu and wanted not in menu.splitlines()
                if not menus:
                    menus += 1
                    shot(page, f"overlords-{variant}-{viewport}-menu")
                press(page, f".ovl-menu button[data-actions='{json.dumps([wanted])}']")
            page.wait_for_function(f"() => window.deadtable.state().index > {before}")
            moves += 1
            assert moves < MAX_MOVES
        page.wait_for_selector(".ovl-board")
        assert "picking" not in page.inner_text("#board")
        ending = page.evaluate(ENDING)
        assert ending["columns"] == 1 + players + (1 if players == 2 else 0)
        assert ending["rows"] >= 3 and ("Winner" in ending["text"])
        page.wait_for_selector("#result:not(.hidden)")
        assert page.inner_text("#result-note") == ""  # the sheet is the table, not a line of text too
        if viewport == "phone":
            _no_sideways_scroll(page)
        page.mouse.move(0, 0)
        shot(page, f"overlords-{variant}-{viewport}-end")
    finally:
        context.close()
    assert moves > 10
    assert {"recruit"} <= kinds
    print(variant, viewport, moves, "moves; kinds:", sorted(kinds))
    assert not errors, errors


@pytest.mark.parametrize("locale", ["es-ES", "ru-RU"])
def test_the_board_speaks_the_readers_language_and_a_disabled_card_shows_its_details(
    server: str, browser: Any, locale: str
) -> None:
    """In Spanish and Russian the prompt, the controls and the menus are translated (no English
    prompt left); tapping a card that may not be played opens its details with the printed text."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale=locale, has_touch=True, reduced_motion="reduce"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + _create(server, 2, {}, seed=3))
        page.wait_for_selector(".ovl-prompt.yours")
        prompt = page.inner_text(".ovl-prompt")
        assert prompt and "Choose" not in prompt and "card" not in prompt
        assert "Your hand" not in page.inner_text("#board")
        # Recruit a card: the dummy's pick comes next, and the card picked is in hand, disabled.
        page.locator(".ovl-card.playable").first.click()
        page.wait_for_selector(".ovl-card.picked")
        slot = page.locator(".ovl-slot:has(.ovl-card.picked)").first
        slot.tap()
        page.wait_for_selector(".ovl-pop")
        details = page.inner_text(".ovl-pop")
        assert len(details.splitlines()) >= 2  # the title and the printed text
        shot(page, f"overlords-{locale}-phone-details")
    finally:
        context.close()
    assert not errors, errors


def test_the_card_recruited_keeps_its_piece_from_hand_to_army_and_texts_show_at_once(
    server: str, browser: Any
) -> None:
    """The card picked keeps its data-piece when it goes from your hand to the top of your army (the
    table glides it there); the board is drawn again when the card texts arrive, so every card in
    hand shows its printed text without waiting for another move."""
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + _create(server, 3, {}, seed=4))
        assert _wait_turn_or_over(page)
        page.wait_for_function("document.body.dataset.cardTexts === 'loaded'")
        hand = page.locator(".ovl-mine .ovl-card")
        assert hand.count() > 0
        assert hand.count() == page.locator(".ovl-mine .ovl-card .ovl-text").count()
        picked = page.locator(".ovl-mine .ovl-card.playable").first
        piece = picked.get_attribute("data-piece")
        title = picked.locator(".ovl-title").inner_text()
        picked.click()  # the bots pick at once: the cards are revealed
        page.wait_for_function(
            "([piece]) => !!document.querySelector(`.ovl-army.mine .ovl-top[data-piece='${piece}']`)",
            arg=[piece],
        )
        assert page.locator(".ovl-army.mine .ovl-top .ovl-title").inner_text() == title
        assert page.locator(".ovl-army .last-move, .ovl-army.last-move").count() > 0  # the others' picks
        assert page.locator(".ovl-mine .last-move").count() == 0  # the hand passed on is no news
        assert errors == [], errors
    finally:
        context.close()
