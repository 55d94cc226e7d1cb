"""Scoring of armies (section IX, RULINGS OV-3 and OV-4): a score sheet per army, by type.

Every rule is a named effect from the card data (see data/cards.toml). Minotaur places are decided
across all armies at once, the dummy's included (OV-3), so the sheet is computed for all armies.

>>> from deadtable.games.overlords.cards import load
>>> c = load()
>>> z, m = c.kind("zombie"), c.kind("minotaur")
>>> [s["Total"] for s in score_sheets(c, [[z] * 7, [m, m], [m, m], [m]])]
[24, 20, 20, 8]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deadtable.i18n import N_, Message

from .cards import CardSet

TOTAL = "Total"


def counts_of(cards: CardSet, army: Sequence[int]) -> list[int]:
    out = [0] * cards.kinds
    for k in army:
        out[k] += 1
    return out


def rule_points(rule: dict, n: int) -> int:
    """Points of `n` cards of a kind under its own rule (not `majority`, not the straight bonus)."""
    name = rule["rule"]
    if n <= 0:
        return 0
    if name == "table":
        pts = rule["points"]
        return int(pts[min(n, len(pts)) - 1])
    if name == "sets":
        size = rule["size"]
        return (n // size) * rule["set_points"] + (n % size) * rule["single_points"]
    if name == "alone":
        return int(rule["alone_points"]) if n == 1 else n * rule["each_points"]
    if name == "straight":
        return n * rule["value"]
    if name == "flat":
        return n * rule["points"]
    return 0


def majority_shares(places: Sequence[int], holdings: Sequence[int]) -> list[int]:
    """Points per army for a majority type: every army holding at least one competes (OV-3).

    Tied armies share the points of the places they occupy, split evenly, rounded down.

    >>> majority_shares((24, 16, 8), [5, 5, 3, 0])
    [20, 20, 8, 0]
    >>> majority_shares((24, 16, 8), [5, 3, 3, 2])
    [24, 12, 12, 0]
    """
    out = [0] * len(holdings)
    order = sorted((n for n in holdings if n > 0), reverse=True)
    for i, n in enumerate(holdings):
        if n <= 0:
            continue
        first = order.index(n)
        tied = order.count(n)
        pts = sum(places[j] for j in range(first, first + tied) if j < len(places))
        out[i] = pts // tied
    return out


def majority_share(places: Sequence[int], holdings: Sequence[int], army: int) -> int:
    """`majority_shares(places, holdings)[army]`, worked out for that army alone (the heuristic
    asks it for one army at a time): the armies ahead of it and tied with it place it (OV-3).

    >>> [majority_share((24, 16, 8), [5, 3, 3, 2], a) for a in range(4)]
    [24, 12, 12, 0]
    """
    n = holdings[army]
    if n <= 0:
        return 0
    ahead = tied = 0  # armies holding more than `army`, and as many (`army` too): one pass, no generator
    for m in holdings:
        if m > n:
            ahead += 1
        elif m == n:
            tied += 1
    return sum(places[ahead : ahead + tied]) // tied


def majority_gain(places: Sequence[int], holdings: Sequence[int], army: int, extra: int = 0) -> int:
    """What one more card adds to `army`'s `majority_share`, every army holding `extra` more than
    `holdings` says: the heuristic asks it for each pick, so one pass over the armies, no list made.
    Adding the same `extra` to every army keeps who is ahead and who is tied; it only decides whether
    `army` holds any at all.

    >>> majority_gain((24, 16, 8), [0, 3, 3], 0), majority_gain((24, 16, 8), [0, 3, 3], 0, 2)
    (8, 0)
    >>> majority_gain((24, 16, 8), [3, 3, 2], 0), majority_gain((24, 16, 8), [2, 3, 3, 1], 0)
    (4, 8)
    """
    n = holdings[army]
    up = n + 1
    above = at_up = at_n = 0  # armies holding more than n + 1, exactly n + 1, exactly n (`army` too)
    for m in holdings:
        if m > up:
            above += 1
        elif m == up:
            at_up += 1
        elif m == n:
            at_n += 1
    after = sum(places[above : above + at_up + 1]) // (at_up + 1) if up + extra > 0 else 0
    ahead = above + at_up
    before = sum(places[ahead : ahead + at_n]) // at_n if n + extra > 0 else 0
    return after - before


def score_sheets(cards: CardSet, armies: Sequence[Sequence[int]]) -> list[dict[str, int]]:
    """For each army: points per score-sheet row (Monster types, Hired Hands) and the total."""
    counts = [counts_of(cards, a) for a in armies]
    sheets: list[dict[str, int]] = [dict.fromkeys(cards.sheet_rows, 0) for _ in armies]
    straights: dict[str, list[int]] = {}
    for k in range(cards.kinds):
        rule = cards.scoring[k]
        row = cards.types[k]
        if rule["rule"] == "majority":
            shares = majority_shares(rule["places"], [c[k] for c in counts])
            for sheet, pts in zip(sheets, shares, strict=True):
                sheet[row] += pts
            continue
        if rule["rule"] == "straight":
            straights.setdefault(row, []).append(k)
        for sheet, c in zip(sheets, counts, strict=True):
            sheet[row] += rule_points(rule, c[k])
    for row, kinds in straights.items():
        bonus = cards.scoring[kinds[0]]["bonus"]
        for sheet, c in zip(sheets, counts, strict=True):
            sheet[row] += bonus * min(c[k] for k in kinds)  # OV-4: one bonus per complete set
    for sheet in sheets:
        sheet[TOTAL] = sum(sheet.values())
    return sheets


class Tally:
    """The scoring rules of a card set compiled once into tables (a search scores armies often).

    `plain`: points by count for every kind with a per-kind rule (None for majority kinds);
    `straights`: (kinds, bonus) per straight type (OV-4); `majority`: (kind, places) per majority
    type (OV-3).
    """

    def __init__(self, cards: CardSet) -> None:
        self.kinds = cards.kinds
        self.plain: list[tuple[int, ...] | None] = [None] * cards.kinds  # points by count, per kind
        self.majority: list[tuple[int, tuple[int, ...]]] = []
        self.rules = cards.scoring
        groups: dict[str, list[int]] = {}
        for k in range(cards.kinds):
            rule = cards.scoring[k]
            if rule["rule"] == "majority":
                self.majority.append((k, tuple(rule["places"])))
                continue
            if rule["rule"] == "straight":
                groups.setdefault(cards.types[k], []).append(k)
            self.plain[k] = tuple(rule_points(rule, n) for n in range(cards.counts[k] + 1))
        self.straights = [(tuple(ks), int(cards.scoring[ks[0]]["bonus"])) for ks in groups.values()]

    def totals(self, armies: Sequence[Sequence[int]]) -> list[int]:
        """The Total row of `score_sheets`, without building the sheets."""
        counts: list[list[int]] = []  # each army's count of every kind (a list, not a Counter: cheap)
        for army in armies:
            c = [0] * self.kinds
            for k in army:
                c[k] += 1
            counts.append(c)
        return self.totals_of(counts)

    def totals_of(self, counts: Sequence[Sequence[int]]) -> list[int]:
        """`totals` of armies given by their counts of every kind (`counts[army][kind]`)."""
        plain = self.plain
        out = []
        for c in counts:
            total = 0
            for k, x in enumerate(c):
                if not x:
                    continue
                pts = plain[k]
                if pts is not None:
                    total += pts[x] if x < len(pts) else rule_points(self.rules[k], x)
            for kinds, bonus in self.straights:
                total += bonus * min([c[k] for k in kinds])
            out.append(total)
        for k, places in self.majority:
            held = [c[k] for c in counts]
            if any(held):
                for i, share in enumerate(majority_shares(places, held)):
                    out[i] += share
        return out

    def part_of(self, counts: Sequence[Sequence[int]], kinds: Sequence[int]) -> list[int]:
        """The points of `totals_of` that kinds `kinds` score: their own rules, their majority
        places, and the straight bonus of every straight type one of them is in. Where only these
        kinds' counts change, each army's total changes by as much as this part does (a Sorcerer
        moves a few top cards: the heuristic scores those kinds, not the whole sheet)."""
        plain = self.plain
        bonuses = [(ks, bonus) for ks, bonus in self.straights if any(k in ks for k in kinds)]
        out = []
        for c in counts:
            total = 0
            for k in kinds:
                x = c[k]
                pts = plain[k]
                if x and pts is not None:
                    total += pts[x] if x < len(pts) else rule_points(self.rules[k], x)
            for ks, bonus in bonuses:
                total += bonus * min([c[k] for k in ks])
            out.append(total)
        for k, places in self.majority:
            if k in kinds:
                held = [c[k] for c in counts]
                if any(held):
                    for i, share in enumerate(majority_shares(places, held)):
                        out[i] += share
        return out


_TALLIES: dict[int, tuple[CardSet, Tally]] = {}


def tally(cards: CardSet) -> Tally:
    """The compiled rules of `cards`, built on first use (card sets are cached and never change)."""
    hit = _TALLIES.get(id(cards))
    if hit is None or hit[0] is not cards:
        hit = _TALLIES[id(cards)] = (cards, Tally(cards))
    return hit[1]


def totals(cards: CardSet, armies: Sequence[Sequence[int]]) -> list[int]:
    """Each army's total points, the same as the sheets' Total row (fast: no sheet is built).

    >>> from deadtable.games.overlords.cards import load
    >>> c = load()
    >>> z, m = c.kind("zombie"), c.kind("minotaur")
    >>> totals(c, [[z] * 7, [m, m], [m, m], [m]])
    [24, 20, 20, 8]
    """
    return tally(cards).totals(armies)


def table(cards: CardSet, armies: Sequence[Sequence[int]], columns: list[str]) -> dict[str, Any]:
    """The score sheet as a table: one column per army, one row per type, Hired Hands, Total."""
    sheets = score_sheets(cards, armies)
    rows = [*cards.sheet_rows, TOTAL]
    return {"columns": columns, "rows": [[r, *(sheet[r] for sheet in sheets)] for r in rows]}


# The score sheet as one message: the rows of card types are the same in every language (Monster
# names and "Hired Hands" stay English); the header, the dummy's column and "Total" are translated
# and padded where they are read.
SHEET = N_("Score sheet\n{columns}\n{rows}\n{total:<{width}}{totals}")
SHEET_WITH_DUMMY = N_("Score sheet\n{columns}  {dummy}\n{rows}\n{total:<{width}}{totals}")
COLUMN = 7


def sheet_message(sheet: dict[str, Any], teams: bool, dummy: bool) -> Message:
    """A score-sheet table (from `table`) as a message, with team totals (XIII) and the dummy (OV-6).

    >>> from deadtable.games.overlords.cards import load
    >>> c = load()
    >>> m = sheet_message(table(c, [[c.kind("hydra")], []], ["P1", "P2"]), False, False)
    >>> print(m.render("es").splitlines()[-1])
    Total                 3      0
    """
    rows = sheet["rows"]
    width = max(16, *(len(str(r[0])) + 2 for r in rows))
    seats = [c for c in sheet["columns"] if not dummy or c != sheet["columns"][-1]]
    body = [f"{row[0]:<{width}}" + "".join(f"{v:>{COLUMN}}" for v in row[1:]) for row in rows[:-1]]
    params: dict[str, Any] = {
        "columns": " " * width + "".join(f"{c:>{COLUMN}}" for c in seats),
        "rows": "\n".join(body),
        "total": Message("Total"),
        "width": width,
        "totals": "".join(f"{v:>{COLUMN}}" for v in rows[-1][1:]),
    }
    out = Message(SHEET_WITH_DUMMY, dummy=Message("Dummy"), **params) if dummy else Message(SHEET, **params)
    total = rows[-1][1:]
    if teams:
        return Message(
            "{sheet}\nTeam P1+P3: {first}   Team P2+P4: {second}",
            sheet=out,
            first=total[0] + total[2],
            second=total[1] + total[3],
        )
    if dummy:
        return Message(
            "{sheet}\nThe dummy's army counts for Minotaur places but cannot win (OV-6).", sheet=out
        )
    return out
