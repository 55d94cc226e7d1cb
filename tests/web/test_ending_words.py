"""Words of the shedding game's board and endings, in Chromium: a card's points are "1 point",
"2 points" (never "1 pts"); a Duel's ending shows each hand's points left in hand and the
Screamer's finish with its sign ("Screamer: −15" where it takes 15 off a penalty score); Carson City
Zoo's ending says why the game ended once (its renderer says it, so the banner leaves the outcome's
note out)."""

from __future__ import annotations

from typing import Any

from .conftest import new_table, open_page

FACES = """async () => {
  const m = await import('/games/zombie-shedding/renderer.js');
  const s = window.deadtable.state();
  const box = document.createElement('div');
  m.render(box, s.view, { seat: s.seat, seats: s.seats, legal: [], actions: [], interactive: false });
  return [...box.querySelectorAll('.zs-pts')].map((n) => n.textContent);
}"""

# A Duel's first hand finished with the Screamer (RULINGS ZS-2: 15 off the finisher's penalty score).
SCREAMER = """async () => {
  const m = await import('/games/zombie-shedding/renderer.js');
  const s = window.deadtable.state();
  const view = { ...s.view, over: true, scores: [0, 10],
    last_hand: { hand: 1, out: [0], points: [0, 10], finisher: 0, finish_bonus: 15 } };
  return m.ending(view, { winners: [0] }, { seat: s.seat, seats: s.seats }).textContent;
}"""


# The same ending's recap: the row of its one hand, cell by cell.
HAND_ROW = """async () => {
  const m = await import('/games/zombie-shedding/renderer.js');
  const s = window.deadtable.state();
  const view = { ...s.view, over: true, scores: [0, 10],
    last_hand: { hand: 1, out: [0], points: [0, 10], finisher: 0, finish_bonus: 15 } };
  const box = m.ending(view, { winners: [0] }, { seat: s.seat, seats: s.seats });
  const rows = box.querySelectorAll('.zs-recap tr');
  return [...rows[1].querySelectorAll('td')].map((td) => td.textContent);
}"""


def test_shedding_points_and_the_screamers_sign(server: str, browser: Any) -> None:
    t = new_table(server, "zombie-shedding", seed=3)
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + t["seats"][0]["link"])
        page.wait_for_function("() => window.deadtable.state() !== null")
        points = page.evaluate(FACES)
        assert points and all(p.endswith(("point", "points")) for p in points), points
        assert not any(p == "1 points" or "pts" in p for p in points), points
        said = page.evaluate(SCREAMER)
        assert "Screamer: −15" in said and "Screamer: 15" not in said
        # The hand's row: who went out first (with the Screamer's sign), then each seat's points
        # left in hand; the line above says what the points are.
        assert page.evaluate(HAND_ROW) == ["1", "P1 (Screamer: −15)", "0", "10"]
        assert "Points are the zombie points left in hands when a hand ends." in said
        assert not errors, errors
    finally:
        context.close()


def test_carson_zoo_ending_says_its_reason_once(server: str, browser: Any) -> None:
    t = new_table(server, "carson-zoo", seed=3)
    context, page, errors = open_page(browser, 1280, 800)
    try:
        page.goto(server + t["seats"][0]["link"])
        page.wait_for_function("() => window.deadtable.state() !== null")
        own = page.evaluate("async () => (await import('/games/carson-zoo/renderer.js')).ownNote")
        assert own is True  # table.js then leaves the outcome's note (the same reason) out
        assert not errors, errors
    finally:
        context.close()
