"""Zombie Overlord at the online table, played by its pieces: whole games against bots, every variant,
at a desktop and a phone size, clicking only the board's pieces and labelled controls (never the
page's raw list of action texts).

At every state where the seat is to act, every legal action (the page's `state().actions`) must be
reachable from a visible, enabled piece or control: each carries `data-actions`, the action texts it
can lead to, and their union must cover the legal list. No console error, no sideways scrolling on the
phone, every target at least 44 px; screenshots of the start, the middle and the end of each game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import open_page, playable_on_the_first_screen, press, shot, sizes_taking_turns

VARIANTS = {
    "2p": (2, {}),
    "3p": (3, {}),
    "4p": (4, {}),
    "2p-misfits": (2, {"misfits": True}),
}
# The game's stylesheet has arrived (table.js sets it): sizes measured before it are the unstyled ones.
STYLED = "document.body.dataset.gameStyle === 'loaded'"
VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
ROUNDS = 8  # the round limit (ZO-10) keeps whole games short, long enough to reach Traps

# Everything the test reads off the page in one call: the legal actions, what the visible, enabled
# pieces and controls carry, whether a menu is open, sideways scrolling, and targets under 44 px.
SNAPSHOT = """() => {
  const st = window.deadtable.state();
  const board = document.getElementById("board");
  const visible = (n) => n.offsetParent !== null && !(n.disabled || n.ariaDisabled);
  const holders = [...board.querySelectorAll("[data-actions]")].filter(visible);
  const past = (n) => n.getBoundingClientRect().right > window.innerWidth + 0.5;
  const reach = new Set();
  const small = [];
  for (const n of holders) {
    for (const a of JSON.parse(n.dataset.actions)) reach.add(a);
    const r = n.getBoundingClientRect();
    const what = n.dataset.piece || n.dataset.control;
    if (r.width < 44 || r.height < 44) small.push(`${what} ${r.width}x${r.height}`);
  }
  return {
    index: st.index, over: st.over, turn: document.body.dataset.turn === "yes",
    busy: board.dataset.zoBusy === "yes", legal: (st.actions || []).map((a) => a.text),
    reach: [...reach], small, fallback: board.querySelectorAll(".zo-fallback").length,
    menu: !!document.querySelector(".zo-menu"),
    sideways: document.documentElement.scrollWidth > window.innerWidth,
    wide: [...document.querySelectorAll("#board *, .zo-menu, .zo-details")].filter(past)
      .slice(0, 5).map((n) => `${n.tagName}.${n.className}`),
    outside: [...document.querySelectorAll("body *")].filter((n) => !n.closest("#board") && past(n))
      .slice(0, 5).map((n) => `${n.tagName}#${n.id}`),
    round: st.view.round,
  };
}"""

# The visible, enabled holders of `action`: [css index, kind] for the test to click one.
HOLDERS = """(action) => {
  const board = document.getElementById("board");
  const out = [];
  [...board.querySelectorAll("[data-actions]")].forEach((n, i) => {
    if (n.offsetParent === null || (n.disabled || n.ariaDisabled)) return;
    const kind = n.dataset.control ? "control" : "piece";
    const acts = JSON.parse(n.dataset.actions);
    if (acts.includes(action)) out.push([i, kind, acts.length]);
  });
  return out;
}"""


# The card texts have arrived: every piece shows its printed title.
TITLED = """() => {
  const titles = [...document.querySelectorAll("#board .zo-piece .title")];
  return titles.length > 0 && titles.every((n) => n.textContent !== "card");
}"""


def _create(server: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    import httpx

    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
    r = httpx.post(
        server + "/api/tables",
        json={
            "game": "zombie-overlord",
            "players": players,
            "seed": seed,
            "seats": seats,
            "options": {"rounds": ROUNDS, **options},
        },
    )
    r.raise_for_status()
    created: dict[str, Any] = r.json()
    return created


def _wait_new(page: Any, before: int) -> None:
    page.wait_for_function(
        """([before]) => {
          const st = window.deadtable.state();
          if (!st) return false;
          if (st.over) return true;
          const busy = document.getElementById("board").dataset.zoBusy === "yes";
          return st.index !== before && !busy && (document.body.dataset.turn === "yes" || st.over);
        }""",
        arg=[before],
        timeout=20_000,
    )


MENU_SHOTS: set[str] = set()


def _click_action(page: Any, action: str, rng: random.Random, name: str) -> None:
    """Click a piece or control that carries `action`; through the menu or a chosen attacker if needed."""
    holders = page.evaluate(HOLDERS, action)
    assert holders, f"nothing on the board carries {action!r}"
    if page.locator("#board .zo-selected").count():  # an attacker is chosen already: its targets
        holders = [h for h in holders if h[2] == 1] or holders
    index, _kind, several = rng.choice(holders)  # a control, a piece, or one leading through a phase
    press(page, "#board [data-actions]", index)
    if several == 1:
        return  # it acted (or leads on by itself)
    menu = page.locator(f'.zo-menu [data-action="{action}"]')
    if menu.count():  # a piece of several moves: its menu
        if name not in MENU_SHOTS:
            MENU_SHOTS.add(name)
            page.screenshot(path=str(shot(page, f"{name}-menu")))  # full page, then the viewport
        press(page, f'.zo-menu [data-action="{action}"]')
        return
    # An attacker in hand with several targets: chosen now; then one of its targets.
    assert page.locator("#board .zo-selected").count(), f"clicking a holder of {action!r} did nothing"
    targets = [h for h in page.evaluate(HOLDERS, action) if h[1] == "piece" and h[2] == 1]
    assert targets, f"no target carries {action!r}"
    press(page, "#board [data-actions]", rng.choice(targets)[0])


def _no_sideways(snap: dict[str, Any]) -> None:
    """Nothing reaches past the phone's width: neither the board nor the page around it."""
    assert not snap["wide"], f"the board scrolls sideways on the phone: {snap['wide']}"
    assert not snap["sideways"], f"the page scrolls sideways on the phone: {snap['outside']}"


# How much the test's player likes each move (by its first word): buying, placing and using Traps
# first, so that whole short games still reach Traps' abilities, their decisions and luring.
WEIGHTS = {"buy": 6, "place": 6, "use": 6, "repair": 4, "play": 4, "attack": 3, "banish": 3}


def _choose(legal: list[str], rng: random.Random) -> str:
    """A random legal move, weighted: progress first, phases entered sometimes, ends least."""
    weights = []
    for a in legal:
        word = a.split(" ")[0]
        if a.startswith("end"):
            weights.append(0.6)
        elif a in ("purchase", "action", "attack", "skip"):
            weights.append(1.5)
        else:
            weights.append(WEIGHTS.get(word, 3))
    return rng.choices(legal, weights)[0]


# Every variant at one size, the sizes taking turns; the most crowded board at both.
@pytest.mark.parametrize(("variant", "viewport"), sizes_taking_turns(VARIANTS, {"3p"}))
def test_a_whole_game_by_its_pieces(server, browser, variant, viewport):
    players, options = VARIANTS[variant]
    width, height = VIEWPORTS[viewport]
    created = _create(server, players, options, seed=11 + players)
    context, page, errors = open_page(browser, width, height)
    rng = random.Random(f"{variant}-{viewport}")
    name = f"zombie-overlord-{variant}-{viewport}"
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function("window.deadtable && window.deadtable.state() !== null")
        page.wait_for_function(STYLED)  # sizes are measured on the styled board
        _wait_new(page, -1)
        page.wait_for_function(TITLED)
        shot(page, f"{name}-start")
        middle = False
        moves = 0
        while True:
            snap = page.evaluate(SNAPSHOT)
            if viewport == "phone":
                _no_sideways(snap)
            if snap["over"]:
                break
            if snap["menu"]:
                page.locator(".zo-menu .zo-cancel").click()
            if not snap["turn"] or snap["busy"]:
                _wait_new(page, snap["index"])
                continue
            missing = set(snap["legal"]) - set(snap["reach"])
            assert not missing, f"legal actions no piece or control leads to: {sorted(missing)}"
            assert snap["fallback"] == 0, "an action fell back to a generic control"
            assert not snap["small"], f"targets under 44 px: {snap['small']}"
            if viewport == "phone":
                playable_on_the_first_screen(page, f"{name}-{moves}")
            if not middle and snap["round"] >= ROUNDS // 2:  # halfway: Traps out, Minions lured
                shot(page, f"{name}-middle")
                middle = True
            _click_action(page, _choose(snap["legal"], rng), rng, name)
            moves += 1
            assert moves < 600, "the game does not end"
            _wait_new(page, snap["index"])
        page.wait_for_function("!!document.querySelector('.zo-ending')")
        ending = page.locator(".zo-ending").first.inner_text()
        assert "Score:" in ending and "Why it ended" in ending
        assert page.inner_text("#result-note") == ""  # why it ended is said once, by the sheet
        if viewport == "phone":
            _no_sideways(page.evaluate(SNAPSHOT))
        shot(page, f"{name}-end")
        assert errors == [], errors
    finally:
        context.close()


ENDING = """async () => {
  const zo = await import("/games/zombie-overlord/renderer.js");
  const view = { ...window.deadtable.state().view, players: 3, alive: [true, false, false], life: [12, -3, 0],
    round: 7, round_limit: 60, over: true, note: "P1 is the last Zombie Lord standing.", winners: [0] };
  const outcome = { scores: [12, -2, -1], ranks: [1, 3, 2], winners: [0] };
  const node = zo.ending(view, outcome, { seats: null, seat: 0 });
  const rows = node.querySelectorAll("tr").length;
  const inBoard = zo.ending(view, outcome, { seats: null, seat: 0 }, true).textContent;
  return { element: node instanceof Element, text: node.textContent, rows, inBoard, ownNote: zo.ownNote };
}"""


def test_the_ending_tells_eliminations_winner_reason_and_score(server, page):
    # Whole games at the round limit rarely eliminate anyone: the ending of a game that ended by
    # eliminations, drawn by the renderer's ending() from such a view and outcome.
    created = _create(server, 3, {}, seed=5)
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_function("window.deadtable && window.deadtable.state() !== null")
    got = page.evaluate(ENDING)
    assert got["element"] and got["rows"] == 4
    text = got["text"]
    assert "P1 ★" in text and "winner" in text
    assert "eliminated (#1 out, round 7)" in text and "eliminated (#2 out, round 7)" in text  # P2 fell first
    assert "one Zombie Lord is left standing" in text
    # Why it ended is said once, in words of the ending: not the game's note beside it (ownNote, so
    # the banner's #result-note is left empty), neither in the banner nor in the board's own copy.
    assert got["ownNote"] is True
    for shown in (text, got["inBoard"]):
        assert "P1 is the last Zombie Lord standing." not in shown
        assert shown.count("one Zombie Lord is left standing") == 1
    assert "Score: a living Zombie Lord scores their life points" in text
    assert page.errors == []


def test_a_larger_view_on_hover_and_on_tap_of_a_disabled_piece(server, browser):
    created = _create(server, 2, {}, seed=21)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TITLED)
        survivor = page.locator("#board .zo-survivor").first
        name = survivor.locator(".title").inner_text()
        survivor.hover()  # the mouse resting on a piece: a larger view beside the board
        page.wait_for_function("!!document.querySelector('.zo-details.zo-peek:not(.hidden)')")
        assert name in page.locator(".zo-details").inner_text()
        page.mouse.move(0, 0)
        page.wait_for_function("document.querySelector('.zo-details').classList.contains('hidden')")
        box = survivor.bounding_box()  # a disabled piece tapped: the same view, with a close button
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("!!document.querySelector('.zo-details:not(.hidden):not(.zo-peek)')")
        assert "null" not in page.locator(".zo-details").inner_text()
        shot(page, "zombie-overlord-details")
        page.locator(".zo-details .zo-control").click()
        page.wait_for_function("document.querySelector('.zo-details').classList.contains('hidden')")
        assert errors == []
    finally:
        context.close()


MARKS = """() => ({
  marked: [...document.querySelectorAll("#board .last-move")].map((n) => n.dataset.piece),
  pieces: document.querySelectorAll("#board [data-piece]").length,
  index: window.deadtable.state().index,
})"""


def test_only_what_the_others_moves_touched_is_marked(server, browser):
    # Cards keep their data-piece from state to state (identity.js) and a piece moved only when its
    # zone changed: after a bot's whole turn a few pieces are marked, not the board (all of them were,
    # when a card's id was its rank among equal cards and a box above the board pushed every piece);
    # a click that makes several moves of yours (a Trap bought: the phase, Supply, the buy) marks none
    # (it marked the hand, when the renderer's next move was sent while the board was drawn).
    created = _create(server, 2, {}, seed=7)
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TITLED)
        seen = []
        own = []  # after moves of yours only
        for _ in range(4):
            page.wait_for_function(
                "document.body.dataset.turn === 'yes' || document.body.dataset.over === 'yes'"
            )
            if page.evaluate("document.body.dataset.over") == "yes":
                break
            marks = page.evaluate(MARKS)
            if marks["index"] > 0:
                seen.append(marks)
            row = page.locator("#board .zo-row:not([disabled],[aria-disabled=true])")
            if row.count():  # a Trap bought in one click (enter the phase, pay, buy): all your own
                row.first.click()
                page.wait_for_function(
                    "([i]) => window.deadtable.state().index > i + 1 && document.body.dataset.turn === 'yes'"
                    " && document.getElementById('board').dataset.zoBusy !== 'yes'",
                    arg=[marks["index"]],
                )
                own.append(page.evaluate(MARKS))
                marks = own[-1]
            page.locator('#board [data-control="end turn"], #board [data-control^="end "]').first.click()
            page.wait_for_function("([i]) => window.deadtable.state().index > i", arg=[marks["index"]])
        assert len(seen) >= 2, seen
        for marks in seen:
            assert len(marks["marked"]) * 3 <= marks["pieces"], marks
        assert any(marks["marked"] for marks in seen), "a bot's turn marked nothing"
        assert own, "no Trap was bought in one click"
        assert all(not marks["marked"] for marks in own), own  # your own moves are never marked
        assert errors == [], errors
    finally:
        context.close()


IDENTITIES = """async () => {
  const { Identities } = await import("/static/js/renderers/identity.js");
  const ids = new Identities("card:");
  const first = ids.assign([["hand:fuel-01", "fuel-01"], ["row:0", "ammo-02"], ["row:1", "ammo-02"]]);
  const again = ids.assign([["hand:fuel-01", "fuel-01"], ["row:0", "ammo-02"], ["row:1", "ammo-02"]]);
  const placed = ids.assign([["base:0:0", "fuel-01"], ["row:0", "ammo-02"], ["row:1", "food-03"]]);
  return {
    first: Object.fromEntries(first), again: Object.fromEntries(again), placed: Object.fromEntries(placed),
  };
}"""


def test_a_card_keeps_its_identity_as_it_moves(server, page):
    created = _create(server, 2, {}, seed=5)
    page.goto(server + created["seats"][0]["link"])
    page.wait_for_function("window.deadtable && window.deadtable.state() !== null")
    got = page.evaluate(IDENTITIES)
    first, again, placed = got["first"], got["again"], got["placed"]
    assert len(set(first.values())) == 3  # two equal cards in the row are two pieces
    assert again == first  # drawn again: nothing changes
    assert placed["base:0:0"] == first["hand:fuel-01"]  # from the hand to the base: the same piece
    assert placed["row:0"] == first["row:0"]
    assert placed["row:1"] not in first.values()  # a new card in slot 2
