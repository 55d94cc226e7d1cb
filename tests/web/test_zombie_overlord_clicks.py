"""How many clicks a person's Zombie Overlord turn takes at the table, and how many of them are
bookkeeping (a phase entered or ended, the turn ended: the labelled controls) rather than a card.

The player here plays as a person would, by the pieces: buys the dearest Trap it can afford by
clicking it in the Purchase Row, places each Trap in hand by clicking it, plays Action cards, attacks
with up to two Minions by clicking each and then an opponent, answers what a card asks, and ends the
turn (from inside the Attack Phase, when Minions are kept back).
`pytest tests/web/test_zombie_overlord_clicks.py -s` prints the figures.
"""

from __future__ import annotations

from typing import Any

from .conftest import open_page
from .test_zombie_overlord_table import TITLED, _create

TURNS = 8
ATTACKS = 2  # attackers a turn at most: the player keeps the others back, and ends the turn mid-phase
# Upper bounds on the averages per turn over TURNS turns (measured: run this file with -s). Bookkeeping is
# the one "End turn" a turn: phases are entered and left by the pieces clicked (a Trap in the Purchase
# Row, a Minion in hand), and "End turn" inside a phase ends the phase too (it took two clicks).
MAX_CLICKS = 6.0
MAX_BOOKKEEPING = 1.0

# What a person would click next, clicked here (in one go with choosing it: the board may be drawn
# again at any time): "piece", "control" (bookkeeping), or null when there is nothing to click.
NEXT = """([mayAttack]) => {
  const board = document.getElementById("board");
  const ok = (n) => n.offsetParent !== null && !(n.disabled || n.ariaDisabled) && n.dataset.actions !== "[]";
  const at = (n) => { n.click(); return n; };
  const menu = document.querySelector(".zo-menu [data-action]");
  if (menu) { menu.click(); return "piece"; }
  const view = window.deadtable.state().view;
  const first = (sel) => [...board.querySelectorAll(sel)].filter(ok);
  const pick = (list) => (list.length ? list[0] : null);
  const lives = first(".zo-life:not(.zo-mine)");
  if (board.querySelector(".zo-selected") && lives.length) return (at(lives[0]), "piece");
  if (view.pending) {
    const p = pick(first(".zo-piece"));
    if (p) return (at(p), "piece");
  }
  const cost = (n) => Number((n.querySelector(".zo-cost") || {}).textContent || 0);
  const row = first(".zo-row").sort((a, b) => cost(b) - cost(a));
  const traps = first(".zo-hand[class*='lure-']");
  const hand = first(".zo-hand");
  const attackers = hand.filter((n) => n.querySelector(".zo-attack"));
  const actions = hand.filter((n) => !n.querySelector(".zo-attack") && !n.className.includes("lure-")
    && !/Supply|Scavenger/.test(n.querySelector(".title").textContent));
  for (const p of [row[0], traps[0], actions[0]]) if (p) return (at(p), "piece");
  if (mayAttack && attackers.length) return (at(attackers[0]), "piece:attack");
  const end = pick(first('[data-control="end turn"]')) || pick(first('[data-control^="end "]'));
  if (end) return (at(end), "control:" + end.dataset.control);
  const any = pick(first("[data-control]"));
  return any ? (at(any), "control:" + any.dataset.control) : null;
}"""


STATE = """() => {
  const st = window.deadtable.state();
  return { over: st.over, index: st.index, round: st.view.round };
}"""


def test_a_person_s_turn_takes_few_clicks_and_little_bookkeeping(server: str, browser: Any) -> None:
    created = _create(server, 2, {"rounds": TURNS + 2}, seed=31)
    context, page, errors = open_page(browser, 1280, 800)
    clicks = {"piece": 0, "control": 0}
    try:
        page.goto(server + created["seats"][0]["link"])
        page.wait_for_function(TITLED)
        rounds: set[int] = set()
        last: tuple[int, str] | None = None
        moves = 0
        attacks: list[int] = []  # the round of each attacker clicked
        idle = 0  # looks in a row that found nothing to click
        trail: list[tuple[int, int, str]] = []  # (move index, round, what was clicked), for failures
        for _ in range(900):
            page.wait_for_function(
                "document.body.dataset.over === 'yes' || (document.body.dataset.turn === 'yes'"
                " && document.body.dataset.moving !== 'yes'"
                " && document.getElementById('board').dataset.zoBusy !== 'yes')"
            )
            state = page.evaluate(STATE)
            if last is not None:  # your moves since the last click (a click may make several)
                moves += 1 if last[1] == "control:end turn" else state["index"] - last[0]
                last = None
            if state["over"]:
                break
            rounds.add(state["round"])  # one turn of yours a round: the turns you clicked in
            if len(rounds) > TURNS:
                break
            kind = page.evaluate(NEXT, [attacks.count(state["round"]) < ATTACKS])
            if not kind:  # the board may be between a message and its drawing (seen on a loaded
                idle += 1  # machine): look again, as a person would, for up to 3 seconds
                assert idle < 30, "nothing to click on your turn"
                page.wait_for_timeout(100)
                continue
            idle = 0
            clicks[kind.split(":")[0]] += 1
            trail.append((state["index"], state["round"], kind))
            last = (state["index"], kind)
            if kind == "piece:attack":
                attacks.append(state["round"])
            page.wait_for_function(
                "([i]) => window.deadtable.state().index !== i || !!document.querySelector('.zo-menu')"
                " || !!document.querySelector('#board .zo-selected')",
                arg=[state["index"]],
                timeout=15_000,
            )  # (a click that did nothing times out here, naming `kind` in the traceback)
        assert len(rounds) > TURNS, f"only {len(rounds)} turns played"
        per_turn = (clicks["piece"] + clicks["control"]) / TURNS
        bookkeeping = clicks["control"] / TURNS
        print(
            f"\nZombie Overlord, {TURNS} turns: {moves / TURNS:.1f} moves a turn made with"
            f" {per_turn:.1f} clicks, {bookkeeping:.1f} of them bookkeeping"
        )
        assert per_turn <= MAX_CLICKS, (clicks, trail)
        assert bookkeeping <= MAX_BOOKKEEPING, (clicks, trail)
        assert errors == [], errors
    finally:
        context.close()
